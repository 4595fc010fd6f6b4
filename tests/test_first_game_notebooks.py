"""The beginner's path: every game with a play page opens with a first-game notebook that
states the goal, shows the table after its steps, checks what it prints and ends on the
play page; and the helpers the GAIA and Black Rose Wars first games print."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gaia_lab
from gaia_lab.games.black_rose_wars import GAME as BRW
from gaia_lab.games.black_rose_wars.examples import ROOMS
from gaia_lab.games.black_rose_wars.teaching import (
    ROUND_PHASES,
    lodge_table,
    resolve_until,
    round_phases,
)
from gaia_lab.games.gaia_tiki import GAME as TIKI
from gaia_lab.games.gaia_tiki.teaching import cities_table

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
GAMES_WITH_PLAY = sorted(p.parent.name for p in NOTEBOOKS.glob("*/play.py"))
CELL = re.compile(r"^# %%(.*)$", re.M)


def _code_cells(source: str) -> list[tuple[str, str]]:
    """(header, body) of each code cell of a jupytext percent source."""
    parts = CELL.split(source)
    return [(parts[i], parts[i + 1]) for i in range(1, len(parts) - 1, 2)
            if "[markdown]" not in parts[i]]


def test_the_five_games_have_play_pages() -> None:
    assert GAMES_WITH_PLAY == ["animals_gathering", "black_rose_wars", "gaia_project",
                               "gaia_tiki", "shapers_of_gaia"]


@pytest.mark.parametrize("game", GAMES_WITH_PLAY)
def test_each_game_opens_with_a_first_game_that_teaches(game: str) -> None:
    path = NOTEBOOKS / game / "00_first_game.py"
    assert path.exists(), f"{game} has no 00_first_game.py"
    source = path.read_text(encoding="utf-8")
    assert "**The goal.**" in source
    assert "](play.ipynb)" in source.rsplit("## Where next", 1)[-1]
    cells = _code_cells(source)
    assert sum(1 for _, body in cells if body.strip().startswith("board(")) >= 3
    checked = [body for header, body in cells if "nbval-check-output" in header]
    assert checked and any("assert " in body for body in checked)


def test_cities_table_lists_only_the_cities_named_in_that_order() -> None:
    lines = cities_table(TIKI.components, only=["gelso", "alba"]).splitlines()
    assert [line.split()[0] for line in lines] == ["Gelso", "Alba"]
    assert lines[0].endswith("needs mountain, sea, goat, plain")
    assert len(cities_table(TIKI.components).splitlines()) == len(TIKI.components.cities)


def test_round_phases_follow_the_round_with_their_rules_and_sources() -> None:
    text = round_phases()
    heads = [line for line in text.splitlines() if not line.startswith("   ")]
    assert [h.split("[")[1].split(",")[0] for h in heads] == [r for _, r in ROUND_PHASES]
    assert heads[0].startswith("1. Black Rose phase")
    assert heads[6] == "7. Blossoming Burst  [brw.skill.blossoming_burst, Gaea Reborn rulebook]"
    assert "(reconstructed)" not in text


def test_lodge_table_reads_each_room_and_cell() -> None:
    state = BRW.scenario({"players": 2, "rooms": list(ROOMS), "seats": [{"where": "forge"}],
                          "lodge": {"forge": {"slots": ["mage1", "gaea"], "root": None},
                                    "crypt": {"rebuilt": True, "root": ["mage2"]}}})
    lines = lodge_table(state).splitlines()
    assert len(lines) == len(state.rooms) + len(state.cells)
    assert "Forge            ruined   2/4 Instability, no Root Token; here: Rikkart" in lines
    assert "Crypt            rebuilt  0/6 Instability, Root Token 1/2" in lines
    assert lines[-1] == "Angela's Cell    opens onto the Forge; here: Angela"


def test_resolve_until_stops_at_a_decision_or_a_named_step() -> None:
    s = gaia_lab.Session("black_rose_wars", players=2, seed=1, auto=False)
    resolve_until(s, "mages")
    assert s.pending is not None and s.pending.kind == "mages"
    events = resolve_until(s)
    assert s.pending is not None and s.pending.kind == "planning" and s.actor == 0
    assert any(e.rule is not None and e.rule.id == "brw.core.black_rose_phase" for e in events)
    assert resolve_until(s) == []  # a Mage's decision: nothing to resolve
