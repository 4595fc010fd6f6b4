"""The Hunt Mission's Large Models: moving as one square, placing, pushing, Scenic
Elements, Area attacks and Line of Sight."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lab.core.errors import IllegalActionError
from gaia_lab.games.black_rose_wars.large_models import (
    Battlefield,
    LargeMove,
    Model,
    apply_move,
    area_attack,
    explain_move,
    legal_moves,
    line_of_sight,
    placements,
    reachable,
)


def gaea(anchor: tuple[int, int] = (0, 0), speed: int = 2) -> Model:
    return Model("gaea", anchor, size=2, speed=speed)


def test_a_large_model_moves_as_one_square_counted_from_any_square_it_covers() -> None:
    field = Battlefield(6, 2, models=(gaea(speed=2),))
    steps = reachable(field, "gaea")
    assert steps[(3, 0)] == 2  # counted from b1, not a1
    assert (4, 0) not in steps


def test_it_is_placed_so_that_its_block_holds_the_square_it_stopped_on() -> None:
    field = Battlefield(6, 4, models=(gaea(),))
    anchors, how = placements(field, "gaea", (3, 1))
    assert how == "free" and anchors == ((2, 0), (3, 0), (2, 1), (3, 1))
    for anchor in anchors:
        moved = apply_move(field, LargeMove("gaea", (3, 1), anchor))
        assert (3, 1) in moved.model("gaea").squares()
    verdict = explain_move(field, LargeMove("gaea", (3, 1), (0, 0)))
    assert verdict.code == "large.placement" and verdict.rule is not None
    assert verdict.rule.id == "brw.large.place"


def test_models_are_pushed_only_when_no_free_block_exists_and_to_the_nearest_square() -> None:
    field = Battlefield(5, 4, scenic=((3, 0), (3, 1)),
                        models=(gaea(), Model("hero", (2, 1)), Model("imp", (2, 2))))
    assert placements(field, "gaea", (2, 0)) == (((1, 0),), "push")
    moves = [m for m in legal_moves(field, "gaea") if m.to == (2, 0)]
    assert {m.pushes for m in moves} == {(("hero", (1, 2)),), (("hero", (3, 2)),)}
    far = explain_move(field, LargeMove("gaea", (2, 0), (1, 0), (("hero", (4, 3)),)))
    assert far.code == "large.push_square" and "b3, d3" in far.message
    missing = explain_move(field, LargeMove("gaea", (2, 0), (1, 0)))
    assert missing.code == "large.pushes"
    # a free block exists for a1: no push is allowed there
    assert placements(field, "gaea", (0, 0))[1] == "free"


def test_a_pushed_model_goes_to_the_nearest_square_when_none_adjacent_is_free() -> None:
    field = Battlefield(6, 2, scenic=((3, 0), (3, 1)),
                        models=(gaea(speed=1), Model("hero", (2, 0))))
    assert placements(field, "gaea", (2, 1)) == (((1, 0),), "push")
    moves = [m for m in legal_moves(field, "gaea") if m.to == (2, 1)]
    # every square next to c1 is under the block or a Tree: the nearest are two steps away
    assert sorted(m.pushes[0][1] for m in moves) == [(0, 0), (0, 1), (4, 0), (4, 1)]


def test_scenic_elements_are_never_covered_and_the_move_ends_where_a_block_fits() -> None:
    field = Battlefield(4, 4, scenic=((2, 0), (2, 1), (3, 2)),
                        models=(gaea(speed=3),))
    assert placements(field, "gaea", (3, 1)) == ((), "scenic")
    assert all(m.to != (3, 1) for m in legal_moves(field, "gaea"))
    with pytest.raises(IllegalActionError, match="Scenic Element") as info:
        apply_move(field, LargeMove("gaea", (3, 1), (2, 0)))
    assert info.value.verdict.rule is not None
    assert info.value.verdict.rule.id == "brw.large.scenic"


def test_moves_that_break_other_rules_are_refused() -> None:
    field = Battlefield(6, 2, models=(gaea(speed=1), Model("hero", (5, 0))))
    assert explain_move(field, LargeMove("gaea", (4, 0), (3, 0))).code == "large.unreachable"
    assert explain_move(field, LargeMove("hero", (4, 0), (4, 0))).code == "large.not_large"
    assert explain_move(field, LargeMove("owl", (4, 0), (4, 0))).code == "large.no_model"


def test_an_area_attack_reaches_a_large_model_once() -> None:
    field = Battlefield(5, 5, models=(gaea((1, 1)), Model("hero", (3, 1)), Model("imp", (0, 4))))
    area = {(1, 1), (2, 1), (2, 2), (3, 1)}
    on_gaea = area_attack(field, area, "gaea")
    assert on_gaea.target == "gaea" and on_gaea.squares["gaea"] == 3
    assert on_gaea.extra == ("hero",)
    on_hero = area_attack(field, area, "hero")
    assert on_hero.extra == ("gaea",)  # the additional effect once, not three times
    with pytest.raises(IllegalActionError) as info:
        area_attack(field, area, "imp")
    assert info.value.verdict.code == "large.area_target"


def test_a_large_model_always_has_line_of_sight() -> None:
    walls = tuple((2, y) for y in range(5))
    field = Battlefield(5, 5, scenic=walls,
                        models=(gaea((3, 0)), Model("hero", (0, 2)), Model("imp", (4, 4))))
    assert line_of_sight(field, "hero", "gaea") and line_of_sight(field, "gaea", "hero")
    assert not line_of_sight(field, "hero", "imp")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_every_listed_move_leaves_a_sound_battlefield(seed: int) -> None:
    rnd = random.Random(seed)
    width, height = rnd.randint(3, 7), rnd.randint(3, 7)
    squares = [(x, y) for y in range(height) for x in range(width)]
    block = Model("gaea", (0, 0), size=2, speed=rnd.randint(1, 3)).squares()
    rest = [s for s in squares if s not in block]
    rnd.shuffle(rest)
    scenic = tuple(rest[: rnd.randint(0, 4)])
    heroes = tuple(Model(f"h{i}", s) for i, s in enumerate(rest[4: 4 + rnd.randint(0, 4)]))
    field = Battlefield(width, height, scenic, (gaea(speed=rnd.randint(1, 3)), *heroes))
    for move in legal_moves(field, "gaea"):
        after = apply_move(field, move)
        covered = [s for m in after.models for s in m.squares()]
        assert len(covered) == len(set(covered))
        assert all(after.inside(s) and s not in scenic for s in covered)
        assert move.to in after.model("gaea").squares()
        assert len(after.models) == len(field.models)
