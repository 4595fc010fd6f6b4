"""The English rules page of Black Rose Wars: Gaea Reborn (docs/rules/black_rose_wars.md).

Every RuleRef id of the game's rulebook has its MyST target (``(rule-brw-root-placement)=``)
right before the paragraph that states it, under the heading of its section, in the
rulebook's order; the page says what is modelled, and the notebooks link to it.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from gaia_lab.core.rulebook import rule_anchor
from gaia_lab.games.black_rose_wars.rulebook import RULES, is_reconstructed

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rules" / "black_rose_wars.md"
NOTEBOOKS = ROOT / "notebooks" / "black_rose_wars"

_spec = importlib.util.spec_from_file_location("rules_pages", ROOT / "docs" / "rules_pages.py")
assert _spec is not None and _spec.loader is not None
rules_pages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rules_pages)


def text() -> str:
    return PAGE.read_text(encoding="utf-8")


def test_every_rule_has_its_anchor_in_order() -> None:
    assert rules_pages.problems(text(), RULES) == []


def test_every_id_has_its_target_line() -> None:
    lines = text().splitlines()
    for rule in RULES.values():
        target = f"({rule_anchor(rule)})="
        assert target in lines, f"{rule.id} has no target"
        after = lines[lines.index(target) + 1]
        assert after.startswith(f"**`{rule.id}`**: "), (rule.id, after)


def test_the_page_says_what_is_modelled() -> None:
    page = text()
    assert "(what-is-modelled)=\n## What is modelled" in page
    modelled = page.split("## What is modelled", 1)[1]
    core = [r for r in RULES.values() if r.section == "Core game (modelled)"]
    assert core and all(is_reconstructed(r) and f"**`{r.id}`**" in modelled for r in core)
    # the Hunt drill's own modelled rules stay in the rulebook's Large Models section
    drill = [r for r in RULES.values() if is_reconstructed(r) and r not in core]
    assert all(f"**`{r.id}`**: (reconstructed)" in page for r in drill)
    assert "`black_rose_wars_hunt` game) is modelled" in page


def test_the_notebooks_link_to_the_page_and_their_anchors_exist() -> None:
    anchors = {rule_anchor(r) for r in RULES.values()} | {"what-is-modelled", ""}
    link = re.compile(r"\.\./\.\./docs/rules/black_rose_wars\.md(?:#([A-Za-z0-9-]+))?")
    sources = sorted(NOTEBOOKS.glob("*.py"))
    assert len(sources) == 10  # a first game, seven teaching notebooks, simulation, play
    for source in sources:
        found = link.findall(source.read_text(encoding="utf-8"))
        assert found, f"{source.name} does not link to the rules page"
        assert set(found) <= anchors, (source.name, set(found) - anchors)
