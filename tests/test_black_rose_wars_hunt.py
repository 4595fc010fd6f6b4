"""The Large Models drill on a Hunt Mission Battlefield: notation, refusals, scenarios."""

from __future__ import annotations

import pytest

from gaia_lab import Session
from gaia_lab.core.errors import InvalidStateError, NotationError
from gaia_lab.games.black_rose_wars.hunt import DRILL, GAME, parse_square
from gaia_lab.render.black_rose_wars_hunt import scene


def test_the_drill_lists_moves_pushes_and_area_attacks() -> None:
    s = Session("black_rose_wars_hunt", scenario=DRILL)
    listed = [str(a) for a in s.legal_actions()]
    assert "move h1 f4" in listed and "move i1 f4" not in listed  # Speed 3 and 2
    assert "area gaea a1" in listed and listed[-1] == "end"
    assert "move gaea c1 at b1 push h1 b3" in listed


def test_refusals_name_the_rule() -> None:
    s = Session("black_rose_wars_hunt", scenario=DRILL)
    assert s.explain("move i1 f4").code == "hunt.unreachable"
    assert s.explain("move gaea c1 at c1").code == "large.placement"  # c1-d2 holds a Tree
    assert s.explain("area i1 e3").code == "large.area_target"
    assert s.explain("area i1 f4").code == "hunt.area_off"
    assert s.explain("move owl a1").code == "hunt.no_model"
    with pytest.raises(NotationError):
        s.parse("move gaea c1 at b1 shove h1 b3")
    with pytest.raises(NotationError, match="not a square"):
        parse_square("z0")


def test_a_defeated_large_model_ends_the_drill() -> None:
    spec = {**DRILL, "models": [{"id": "gaea", "anchor": [0, 0], "size": 2, "health": 2},
                                {"id": "h1", "anchor": [4, 3]}]}
    s = Session("black_rose_wars_hunt", scenario=spec)
    s.play("area gaea a1")
    assert s.game.is_over(s.state) and [m.id for m in s.state.field.models] == ["h1"]


def test_a_bad_scenario_lists_its_problems() -> None:
    with pytest.raises(InvalidStateError) as info:
        GAME.scenario({**DRILL, "models": [{"id": "gaea", "anchor": [3, 0], "size": 2}],
                       "colour": 1})
    assert info.value.problems[0] == "unknown key 'colour'"
    with pytest.raises(InvalidStateError, match="holds a Scenic Element"):
        GAME.scenario({**DRILL, "models": [{"id": "gaea", "anchor": [2, 0], "size": 2}]})


def test_the_board_marks_squares_and_models() -> None:
    board = scene(GAME.scenario(DRILL), highlight=["square:b2"])
    assert {"square:b2", "model:gaea", "model:h1"} <= set(board.ids())
    assert board.to_svg() == scene(GAME.scenario(DRILL), highlight=["square:b2"]).to_svg()
