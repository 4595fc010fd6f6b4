"""The docs site: rules pages in step with the rulebooks, rule links, and the Sphinx build."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gaia_lab
from gaia_lab.core import registry
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.events import Event
from gaia_lab.core.rulebook import (
    RULES_URL,
    RuleRef,
    citation_html,
    game_of_rule,
    rule_anchor,
    rule_url,
)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES = DOCS / "rules"
TARGET = re.compile(r"^\((rule-[^)]*)\)=\s*$", re.M)

spec = importlib.util.spec_from_file_location("rules_pages", DOCS / "rules_pages.py")
assert spec is not None and spec.loader is not None
rules_pages = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rules_pages)

needs_sphinx = pytest.mark.skipif(importlib.util.find_spec("myst_nb") is None,
                                  reason="the docs extra (sphinx, myst-nb, furo) is not installed")


# the package's own games (tests register small games of their own, with no rules page)
OWN_GAMES = [name for name in registry.names()
             if type(registry.get_game(name)).__module__.startswith("gaia_lab.games.")]


# the games that are the home of some rule have a rules page (a drill game sharing its
# parent's rules has none of its own)
HOME_GAMES = [name for name in OWN_GAMES
              if any(game_of_rule(rule) == name for rule in registry.get_game(name).rulebook)]


def all_rules() -> list[tuple[str, RuleRef]]:
    return [(name, rule) for name in registry.names()
            for rule in registry.get_game(name).rulebook.values()]


def test_the_package_registers_its_games() -> None:
    assert {"animals_gathering", "shapers_of_gaia", "gaia_project"} <= set(OWN_GAMES)


def test_a_drill_game_shares_its_parent_page() -> None:
    assert "black_rose_wars_hunt" in OWN_GAMES and "black_rose_wars_hunt" not in HOME_GAMES
    assert rule_url("brw.hunt.drill", "black_rose_wars_hunt").startswith(
        f"{RULES_URL}black_rose_wars.html#")


@pytest.mark.parametrize("game", HOME_GAMES)
def test_every_rule_of_every_game_has_its_anchor_on_its_page(game: str) -> None:
    page = RULES / f"{game}.md"
    assert page.exists(), f"no rules page {page.relative_to(ROOT)}"
    assert rules_pages.problems(page.read_text(encoding="utf-8"),
                                registry.get_game(game).rulebook) == []


def test_no_anchor_names_an_unknown_rule() -> None:
    known = {rule_anchor(rule) for _, rule in all_rules()}
    seen: dict[str, Path] = {}
    for page in sorted(DOCS.rglob("*.md")):
        if "_build" in page.parts:
            continue
        for anchor in TARGET.findall(page.read_text(encoding="utf-8")):
            assert anchor in known, f"{page.relative_to(ROOT)}: {anchor} names no rule"
            assert anchor not in seen, f"{anchor} on {seen[anchor]} and {page}"
            seen[anchor] = page
    assert set(seen) == {rule_anchor(rule) for game, rule in all_rules() if game in OWN_GAMES}


def test_anchors_are_the_ids_with_non_alphanumerics_as_hyphens() -> None:
    assert rule_anchor("gp.special.alone") == "rule-gp-special-alone"
    assert rule_anchor("ag.roll.dice_count") == "rule-ag-roll-dice-count"
    anchors = [rule_anchor(rule_id) for rule_id in {rule.id for _, rule in all_rules()}]
    assert len(set(anchors)) == len(anchors)  # no two ids share an anchor
    # docutils writes a target's id lower-cased with runs of other characters as one "-":
    # the ids must already be in that form for the link to find the anchor
    assert all(re.fullmatch(r"rule(-[a-z0-9]+)+", a) for a in anchors)


def test_every_rule_url_names_its_page_and_anchor() -> None:
    for name, rule in all_rules():
        game = game_of_rule(rule)
        assert game in HOME_GAMES or name not in OWN_GAMES
        url = rule_url(rule)
        assert url == f"{RULES_URL}{game}.html#{rule_anchor(rule)}"
        assert rule_url(rule.id, base="https://example.org/r/") == (
            f"https://example.org/r/{game}.html#{rule_anchor(rule)}")
    with pytest.raises(GaiaLabError, match="no registered game states the rule 'x.y'"):
        rule_url("x.y")


def test_verdicts_and_events_link_their_rules_in_html() -> None:
    s = gaia_lab.Session("animals_gathering", players=3, seed=1)
    verdict = s.explain("take lion")
    assert verdict.rule is not None
    assert f'href="{rule_url(verdict.rule)}"' in verdict._repr_html_()
    cited = [e for e in s.events if e.rule is not None]
    assert cited
    for event in cited:
        assert event.rule is not None
        assert f'href="{rule_url(event.rule)}"' in event._repr_html_()
    assert event.rule._repr_html_().startswith(citation_html(event.rule))
    # a rule of no registered game is cited without a link, and text is escaped
    demo = Event("x", "a < b", RuleRef("demo.turn", "How to Play", "Take one action."))
    assert demo._repr_html_() == ('a &lt; b <small>[<span title="Take one action. '
                                  '(demo.turn)">How to Play</span>]</small>')


def test_the_checker_reports_a_page_out_of_step() -> None:
    book = registry.get_game("animals_gathering").rulebook
    text = (RULES / "animals_gathering.md").read_text(encoding="utf-8")
    first = next(iter(book.values()))
    missing = text.replace(rules_pages.entry(first), "")
    assert f"{first.id} has no anchor" in rules_pages.problems(missing, book)
    stray = text + "\n(rule-ag-nothing)=\n**`ag.nothing`**: nothing.\n"
    assert "anchor rule-ag-nothing names no rule of Animals Gathering rulebook" in (
        rules_pages.problems(stray, book))


def sphinx(src: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going", *args,
         str(src), str(out)],
        capture_output=True, text=True, cwd=ROOT, check=False)


@needs_sphinx
def test_the_rules_pages_build_with_an_id_for_every_rule(tmp_path: Path) -> None:
    """The rules pages alone, with the site's MyST settings: no warnings, every anchor an id."""
    src = tmp_path / "src"
    shutil.copytree(RULES, src)
    (src / "conf.py").write_text(
        'extensions = ["myst_parser"]\nroot_doc = "index"\nmyst_heading_anchors = 3\n'
        'html_theme = "basic"\n', encoding="utf-8")
    result = sphinx(src, tmp_path / "html")
    assert result.returncode == 0, result.stderr
    for game in HOME_GAMES:
        html = (tmp_path / "html" / f"{game}.html").read_text(encoding="utf-8")
        ids = set(re.findall(r'id="(rule-[^"]+)"', html))
        assert ids == {rule_anchor(r) for r in registry.get_game(game).rulebook.values()}


@needs_sphinx
@pytest.mark.slow
def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    """The whole site, as ``python3 run.py docs`` builds it (about three minutes)."""
    out = tmp_path / "html"
    result = sphinx(ROOT, out, "-c", str(DOCS), "-d", str(tmp_path / "doctrees"))
    assert result.returncode == 0, result.stderr
    assert (out / "index.html").exists()
    page = (out / "notebooks" / "animals_gathering" / "01_setup.html").read_text(encoding="utf-8")
    assert ".svg" in page  # the stored SVG boards are shown
    assert (out / "docs" / "rules" / "gaia_project.html").exists()
    assert (out / "docs" / "api" / "generated" / "gaia_lab.core.rulebook.html").exists()
