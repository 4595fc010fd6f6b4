"""The English rules page of GAIA (docs/rules/gaia_tiki.md) against the engine's rulebook.

Every RuleRef id has its MyST target (``(rule-gt-city-needs)=``) right before the paragraph
that states it, under the heading of the rule's section; no target names an unknown id, and
every in-page link lands on a target.  The page names every reconstructed component file and
every Power of the deck.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gaia_lab.games.gaia_tiki.components import COMPONENT_FILES, load_components
from gaia_lab.games.gaia_tiki.rulebook import RULES

PAGE = Path(__file__).resolve().parent.parent / "docs" / "rules" / "gaia_tiki.md"
TARGET = re.compile(r"^\((rule-[A-Za-z0-9-]+)\)=$")
HEADING = re.compile(r"^(#+) (.+)$")


def anchor(rule_id: str) -> str:
    """The page target of a rule id: ``rule-`` and the id, every character that is not a
    letter or a digit replaced by ``-``."""
    return "rule-" + re.sub(r"[^A-Za-z0-9]", "-", rule_id)


def test_anchor_convention() -> None:
    assert anchor("gp.special.alone") == "rule-gp-special-alone"
    assert anchor("gt.hand.power_limit") == "rule-gt-hand-power-limit"


def lines() -> list[str]:
    return PAGE.read_text(encoding="utf-8").splitlines()


def targets() -> list[tuple[int, str]]:
    """(line number, target name) of every rule target of the page, in order."""
    out = []
    for number, line in enumerate(lines()):
        found = TARGET.match(line)
        if found:
            out.append((number, found.group(1)))
    return out


def test_the_anchors_are_distinct_for_distinct_ids() -> None:
    assert len({anchor(r) for r in RULES}) == len(RULES)


def test_every_rule_has_its_target() -> None:
    names = {name for _, name in targets()}
    missing = [r for r in RULES if anchor(r) not in names]
    assert not missing, f"rules without a target in {PAGE.name}: {missing}"


def test_no_target_names_an_unknown_rule() -> None:
    known = {anchor(r) for r in RULES}
    unknown = [name for _, name in targets() if name not in known]
    assert not unknown, f"targets of no rule id: {unknown}"


def test_each_target_appears_once() -> None:
    names = [name for _, name in targets()]
    doubles = sorted({n for n in names if names.count(n) > 1})
    assert not doubles


def test_each_target_is_followed_by_its_rule_paragraph() -> None:
    text = lines()
    by_anchor = {anchor(r): r for r in RULES}
    for number, name in targets():
        rule_id = by_anchor[name]
        paragraph = text[number + 1]
        assert paragraph.startswith(f"`{rule_id}` "), (name, paragraph)
        assert len(paragraph) > len(rule_id) + 20, (name, "the paragraph states nothing")


def test_each_rule_stands_under_the_heading_of_its_section() -> None:
    """The engine cites ``Section [id]``: the page's heading above a rule is that section."""
    heading = ""
    under: dict[str, str] = {}
    for line in lines():
        found = HEADING.match(line)
        if found:
            heading = found.group(2).strip()
            continue
        target = TARGET.match(line)
        if target:
            under[target.group(1)] = heading
    wrong = {r.id: (r.section, under.get(anchor(r.id))) for r in RULES.values()
             if under.get(anchor(r.id)) != r.section}
    assert not wrong, wrong


def test_the_sections_come_in_the_rulebook_order() -> None:
    order = [name for _, name in targets()]
    sections = list(RULES.sections())
    seen = [RULES[next(r for r in RULES if anchor(r) == name)].section for name in order]
    firsts = list(dict.fromkeys(seen))
    assert firsts == sections


def test_in_page_links_land_on_a_target() -> None:
    names = {name for _, name in targets()}
    links = re.findall(r"\]\(#([^)]+)\)", PAGE.read_text(encoding="utf-8"))
    assert links
    assert [link for link in links if link not in names] == []


@pytest.mark.parametrize("component", COMPONENT_FILES)
def test_the_page_says_what_each_component_file_reconstructs(component: str) -> None:
    text = PAGE.read_text(encoding="utf-8")
    row = next((line for line in text.splitlines() if line.startswith(f"| `{component}.json`")),
               None)
    assert row is not None, component
    assert "reconstructed" in load_components().provenance[component]


def test_the_page_names_every_power_and_counts_the_deck() -> None:
    components = load_components()
    text = PAGE.read_text(encoding="utf-8")
    for power in components.powers:
        assert f"*{power.name}*" in text, power.name
    cards = sum(p.copies for p in components.powers)
    kinds = len({p.effect for p in components.powers})
    assert (f"{cards} cards, {len(components.powers)} Powers of {kinds} kinds of effect"
            in " ".join(text.split()))
