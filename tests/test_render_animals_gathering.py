"""The Animals Gathering table: ids for every card and die, hits, highlights, stable output."""

from __future__ import annotations

import dataclasses
import doctest
import io
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest
from PIL import Image

import gaia_lab
from gaia_lab.games.animals_gathering import GAME, AGState
from gaia_lab.games.animals_gathering.components import load_components
from gaia_lab.render import animals_gathering as layout
from gaia_lab.render import scene as dispatch
from gaia_lab.render.animals_gathering import CARD_H, CARD_W, centre, filled_slots, scene
from gaia_lab.render.shapes import Rect, Scene, Text
from tests.board_text import cut_texts, overlapping_texts

SVG_NS = "{http://www.w3.org/2000/svg}"


def played(players: int, seed: int, steps: int, options: dict[str, object] | None = None,
           ) -> AGState:
    session = gaia_lab.Session("animals_gathering", players=players, seed=seed,
                               options=options or {})
    rng = random.Random(0)
    for _ in range(steps):
        actions = session.legal_actions()
        if not actions or session.is_over():
            break
        session.play(rng.choice(actions))
    state = session.state
    assert isinstance(state, AGState)
    return state


def example_start() -> AGState:
    state = gaia_lab.examples("animals_gathering")[0].start().state
    assert isinstance(state, AGState)
    return state


def rolled_state() -> AGState:
    """A 4-player state in the middle of a roll (the first one met after 60 moves)."""
    session = gaia_lab.Session("animals_gathering", players=4, seed=3)
    rng = random.Random(0)
    for step in range(400):
        actions = session.legal_actions()
        if not actions or session.is_over():
            break
        session.play(rng.choice(actions))
        state = session.state
        if step >= 60 and state.roll is not None and any(d.face for d in state.roll.dice):
            assert isinstance(state, AGState)
            return state
    raise AssertionError("no roll met")


def mid_game() -> AGState:
    return played(4, 3, 60)


def late_spells() -> AGState:
    return played(5, 11, 400, {"spells": True})


def setup() -> AGState:
    state = gaia_lab.Session("animals_gathering", players=3, seed=1,
                             options={"spells": True}).state
    assert isinstance(state, AGState)
    return state


STATES: dict[str, Callable[[], AGState]] = {
    "example": example_start,
    "mid_game": mid_game,
    "rolled": rolled_state,
    "late_spells": late_spells,
    "setup": setup,
}


@pytest.fixture(params=sorted(STATES))
def state(request: pytest.FixtureRequest) -> AGState:
    value = STATES[request.param]()
    assert isinstance(value, AGState)
    return value


def cards_in_play(state: AGState) -> list[str]:
    out = list(state.supply)
    for seat in state.seats:
        out += [c.animal for c in seat.summoning] + list(seat.companions)
    return out


# ---------------------------------------------------------------- ids and hits


def test_every_card_has_an_element_and_its_centre_hits_it(state: AGState) -> None:
    board = scene(state)
    ids = board.ids()
    for animal in cards_in_play(state):
        cid = f"card:{animal}"
        assert cid in ids
        item = board.find(cid)
        assert isinstance(item, Rect)
        assert (item.w, item.h) == (CARD_W, CARD_H)
        assert board.hit(*centre(board, cid)) == cid
        assert board.find_all(cid) == (item,)  # one clickable shape per card


def test_every_die_has_an_element(state: AGState) -> None:
    board = scene(state)
    if state.roll is None:
        assert "dice" in board.ids()
        assert not [i for i in board.ids() if i.startswith("die:")]
        assert board.hit(*centre(board, "dice")) == "dice"
        return
    assert "dice" not in board.ids()
    for k in range(len(state.roll.dice)):
        assert board.hit(*centre(board, f"die:{k}")) == f"die:{k}"


def test_a_roll_is_drawn_with_used_dice_dimmed() -> None:
    state = rolled_state()
    assert state.roll is not None
    board = scene(state)
    for k, die in enumerate(state.roll.dice):
        item = board.find(f"die:{k}")
        assert item is not None
        assert (item.opacity < 1) == bool(die.use)


def test_stone_legend_ids_match_the_action_targets() -> None:
    board = scene(example_start())
    for code in "ROYGBPW":
        assert board.hit(*centre(board, f"stone:{code}")) == f"stone:{code}"


def test_legal_action_targets_are_on_the_board(state: AGState) -> None:
    board = scene(state)
    ids = set(board.ids())
    for action in GAME.legal_actions(state):
        for target in GAME.action_targets(state, action):
            assert target in ids, (str(action), target)


# ---------------------------------------------------------------- output


def test_highlight_changes_the_svg() -> None:
    state = example_start()
    plain = scene(state).to_svg()
    lit = scene(state, highlight=["card:owl", "stone:B", "dice", "nowhere"]).to_svg()
    assert lit != plain
    assert lit.count('class="highlight"') == 3


def test_svg_is_byte_stable_and_well_formed(state: AGState) -> None:
    first = scene(state, highlight=["card:fox"]).to_svg()
    assert first == scene(state, highlight=["card:fox"]).to_svg()
    root = ET.fromstring(first)
    assert root.tag == f"{SVG_NS}svg"


def test_png_renders(state: AGState) -> None:
    board = scene(state)
    image = Image.open(io.BytesIO(board.to_png()))
    assert image.size == (1000, round(board.height))


def test_width_is_fixed_and_height_grows_with_seats() -> None:
    small = scene(played(2, 3, 10))
    large = scene(played(5, 3, 10))
    assert small.width == large.width == 1000
    assert large.height > small.height


def test_everything_stays_inside_the_width(state: AGState) -> None:
    board = scene(state)
    for item in board.items:
        left, top, right, bottom = item.bounds()
        assert left >= 0 and right <= board.width + 0.5, item
        assert top >= 0 and bottom <= board.height, item


def test_a_crowded_summoning_area_wraps() -> None:
    state = example_start()
    deck = list(state.deck)
    many = tuple(dataclasses.replace(state.seats[1].summoning[0], animal=a, stones="")
                 for a in deck[:11])
    seat = dataclasses.replace(state.seats[1], summoning=state.seats[1].summoning + many)
    crowded = dataclasses.replace(state.with_seat(1, seat), deck=tuple(deck[11:]))
    board = scene(crowded)
    rects = [board.find(f"card:{c.animal}") for c in seat.summoning]
    boxes = [r.bounds() for r in rects if r is not None]
    assert len(boxes) == 12
    assert len({round(b[1]) for b in boxes}) == 2  # two rows
    for k, a in enumerate(boxes):
        for b in boxes[k + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    assert max(b[2] for b in boxes) <= board.width


def test_spells_are_hidden_from_other_viewers() -> None:
    state = played(3, 4, 40, {"spells": True})
    held = [(i, s) for i, seat in enumerate(state.seats) for s in seat.spells]
    assert held
    seat, spell = held[0]
    name = GAME.components.spell(spell).name.replace("'", "&#x27;")
    other = (seat + 1) % state.players
    assert name.split()[0] in scene(state).to_svg()
    assert name.split()[0] in scene(state, viewer=seat).to_svg()
    hidden = scene(state, viewer=other).to_svg()
    assert f">{GAME.components.spell(spell).name}<" not in hidden


def test_awakened_card_gets_a_marker() -> None:
    state = example_start()
    seat = dataclasses.replace(state.seats[0], awakened="starfish")
    board = scene(state.with_seat(0, seat))
    assert ">AWAKENED<" in board.to_svg()
    assert ">AWAKENED<" not in scene(state).to_svg()


def test_header_says_when_the_game_is_over() -> None:
    state = played(5, 11, 400, {"spells": True})
    assert state.over
    assert "Game over" in scene(state).to_svg()
    assert "Game over" not in scene(example_start()).to_svg()


def test_filled_slots_fill_matching_kinds_in_order() -> None:
    assert filled_slots("RROYR", "RR") == (True, True, False, False, False)
    assert filled_slots("GBG", "GG") == (True, False, True)


def test_stone_shapes_are_all_different() -> None:
    stones = load_components().stones
    outlines = [layout.stone_points(s.shape, 0, 0, 10) for s in stones]
    assert len({s.shape for s in stones}) == len(stones)
    assert len({s.colour for s in stones}) == len(stones)
    assert all(o is not None for o in outlines)
    assert len({o for o in outlines}) == len(stones)


def test_the_package_dispatcher_and_the_notebook_repr() -> None:
    state = example_start()
    assert isinstance(dispatch(state), Scene)
    assert dispatch(state, highlight=["card:owl"]).to_svg() == \
        scene(state, highlight=["card:owl"]).to_svg()
    assert state._repr_svg_() == scene(state).to_svg()
    with pytest.raises(TypeError):
        dispatch(object())


def test_doctests() -> None:
    result = doctest.testmod(layout)
    assert result.attempted > 15
    assert result.failed == 0


# ---------------------------------------------------------------- legibility


@pytest.mark.parametrize("width", [900, 1000, 1400])
def test_no_text_overlaps_another_or_is_cut(state: AGState, width: int) -> None:
    board = scene(state, width=width)
    assert not overlapping_texts(board)
    assert not cut_texts(board)
    assert min(i.size for i in board.items if isinstance(i, Text)) >= layout.TEXT


def test_every_card_keeps_its_text_inside_it() -> None:
    components = load_components()
    for animal in components.animals:
        face = layout.draw_card(animal, components, placed="", marks=("AWAKENED", "BLESSED"))
        assert not overlapping_texts(face), animal.id
        for item in face.items:
            if isinstance(item, Text):
                left, _, right, bottom = item.bounds()
                assert 0 <= left and right <= CARD_W and bottom <= CARD_H, (animal.id, item)
                assert item.size >= layout.TEXT, (animal.id, item.text)


def test_a_narrow_table_puts_the_dice_in_one_row_under_the_supply() -> None:
    state = rolled_state()
    assert state.roll is not None
    narrow, wide = scene(state, width=900), scene(state, width=1000)
    for board, rows in ((narrow, 1), (wide, 2)):
        tops = {round(centre(board, f"die:{k}")[1]) for k in range(len(state.roll.dice))}
        assert len(tops) == min(rows, len(state.roll.dice)), tops
    supply = centre(narrow, f"card:{state.supply[0]}")[1]
    assert centre(narrow, "die:0")[1] > supply + CARD_H / 2
