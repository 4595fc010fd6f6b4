"""The Shapers of Gaia table: ids for every action target, hits, highlights, stable output,
and legible text (at least 10 px at 900 and 1400 px, no two texts on each other, none
spilling out of its box)."""

from __future__ import annotations

import dataclasses
import io
import itertools
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest
from PIL import Image

import gaia_lab
from gaia_lab.core.example import Example
from gaia_lab.games.shapers_of_gaia import GAME, SGState
from gaia_lab.games.shapers_of_gaia.examples import SCORING
from gaia_lab.games.shapers_of_gaia.state import RowCard
from gaia_lab.render import Polygon, Rect, Scene, Text
from gaia_lab.render import scene as dispatch
from gaia_lab.render.shapers_of_gaia import BASE_WIDTH, SMALL, centre, effect_text, scene

SVG_NS = "{http://www.w3.org/2000/svg}"


def played(players: int, seed: int, steps: int) -> SGState:
    session = gaia_lab.Session("shapers_of_gaia", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.is_over():
            break
        session.play(rng.choice(session.legal_actions()))
    state = session.state
    assert isinstance(state, SGState)
    return state


def setup() -> SGState:
    state = gaia_lab.Session("shapers_of_gaia", players=3, seed=1).state
    assert isinstance(state, SGState)
    return state


def early_setup() -> SGState:
    state = gaia_lab.Session("shapers_of_gaia", players=2, seed=1, auto=False).state
    assert isinstance(state, SGState)
    return state


def scoring_example() -> SGState:
    state = SCORING.run().state
    assert isinstance(state, SGState)
    return state


def game_over() -> SGState:
    state = played(2, 0, 5000)
    assert state.over
    return state


STATES: dict[str, Callable[[], SGState]] = {
    "setup": setup,
    "early_setup": early_setup,
    "mid_game_3p": lambda: played(3, 3, 60),
    "late_2p": lambda: played(2, 2, 110),
    "scoring_example": scoring_example,
    "over": game_over,
}


@pytest.fixture(params=sorted(STATES))
def state(request: pytest.FixtureRequest) -> SGState:
    return STATES[request.param]()


def targets(state: SGState) -> set[str]:
    if state.over:
        return set()
    return {t for a in GAME.legal_actions(state) for t in GAME.action_targets(state, a)}


# ---------------------------------------------------------------- ids and hits


def test_legal_action_targets_are_on_the_board_and_hit(state: SGState) -> None:
    board = scene(state)
    ids = set(board.ids())
    for target in targets(state):
        assert target in ids, target
        assert board.hit(*centre(board, target)) == target


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6)])
def test_every_target_of_a_whole_game_is_on_the_board(players: int, seed: int) -> None:
    session = gaia_lab.Session("shapers_of_gaia", players=players, seed=seed)
    rng = random.Random(seed)
    while not session.is_over():
        state = session.state
        assert isinstance(state, SGState)
        ids = set(scene(state).ids())
        missing = targets(state) - ids
        assert not missing, (session.decisions, sorted(missing))
        session.play(rng.choice(session.legal_actions()))


def test_board_has_37_spaces_and_the_vault_spaces_in_use(state: SGState) -> None:
    board = scene(state)
    ids = board.ids()
    assert sum(1 for i in ids if i.startswith("space:")) == 37
    vault = [i for i in ids if i.startswith("vault:")]
    assert len(vault) == len(GAME.components.vault_spaces(state.players))
    for i in ids:
        if i.split(":")[0] in ("card", "tile", "vault"):
            assert len(board.find_all(i)) == 1, i


def test_cards_of_rows_and_displays_are_clickable() -> None:
    state = scoring_example()
    board = scene(state)
    for row in state.seat(0).rows:
        for rc in row:
            assert board.hit(*centre(board, f"card:{rc.card}")) == f"card:{rc.card}"
    for shown in state.displays:
        for cid in shown:
            assert f"card:{cid}" in board.ids()


def test_only_the_acting_seat_has_animal_ids() -> None:
    state = setup()
    task = state.task
    assert task is not None
    board = scene(state)
    spaces = [i for i in board.ids() if i.startswith("animal:")]
    assert len(spaces) == len(state.seat(task.seat).board)


def test_hands_are_hidden_from_other_viewers() -> None:
    state = setup()
    tile = state.seat(0).hand[0]
    assert f"tile:{tile}" in scene(state).ids()
    assert f"tile:{tile}" in scene(state, viewer=0).ids()
    hidden = scene(state, viewer=1)
    assert f"tile:{tile}" not in hidden.ids()
    assert tile not in hidden.to_svg()


def test_dispatch_draws_a_shapers_state() -> None:
    state = setup()
    assert dispatch(state).to_svg() == scene(state).to_svg()


# ---------------------------------------------------------------- output


def test_highlight_outlines_targets() -> None:
    state = setup()
    lit_ids = sorted(targets(state))
    plain = scene(state).to_svg()
    lit = scene(state, highlight=[*lit_ids, "nowhere"]).to_svg()
    assert lit != plain
    assert lit.count('class="highlight"') == len(lit_ids)


def test_svg_is_byte_stable_and_well_formed(state: SGState) -> None:
    first = scene(state, highlight=sorted(targets(state))).to_svg()
    assert first == scene(state, highlight=sorted(targets(state))).to_svg()
    again = GAME.state_from_json(state.to_json())
    assert scene(again, highlight=sorted(targets(state))).to_svg() == first
    root = ET.fromstring(first)
    assert root.tag == f"{SVG_NS}svg"


def test_png_renders(state: SGState) -> None:
    board = scene(state)
    image = Image.open(io.BytesIO(board.to_png()))
    assert image.size == (BASE_WIDTH, round(board.height))


def test_everything_stays_inside_the_scene(state: SGState) -> None:
    board = scene(state)
    for item in board.items:
        left, top, right, bottom = item.bounds()
        assert left >= 0 and right <= board.width + 0.5, item
        assert top >= 0 and bottom <= board.height, item


def test_height_grows_with_seats() -> None:
    two, three = scene(played(2, 1, 0)), scene(played(3, 1, 0))
    assert two.width == three.width == BASE_WIDTH
    assert three.height > two.height


def test_header_and_scores() -> None:
    over = scene(game_over()).to_svg()
    assert "Game over" in over
    example = scene(scoring_example()).to_svg()
    assert "57 VP now" in example
    assert "Game over" not in example


@pytest.mark.parametrize("example", gaia_lab.examples("shapers_of_gaia"), ids=lambda e: e.id)
def test_every_step_of_the_worked_examples_draws_its_targets(example: Example) -> None:
    for result in example.results():
        state = result.session.state
        assert isinstance(state, SGState)
        board = scene(state)
        assert targets(state) <= set(board.ids())


# ---------------------------------------------------------------- legibility

WIDTHS = (900, 1400)


def crowded() -> SGState:
    """A table fuller than play gives: full rows of the longest effects, two of them used
    by Rapid Lifecycle, a hand of 5, three special and two borrowed cards, 12 DNA tokens,
    Toxicity 23 and Prestige 99."""
    state = GAME.scenario({"players": 3, "shapers": ["rastar_nursery", "synthara_lab",
                                                     "xanarin_preserve"]})
    cards = sorted((c for c in GAME.components.species if not c.id.startswith("sp")),
                   key=lambda c: -max(len(effect_text(s.effect)) for s in c.sides))
    rows = tuple(tuple(RowCard(c.id, 0) for c in cards[4 * j:4 * j + 4]) for j in range(3))
    first = dataclasses.replace(
        state.seat(0), rows=rows, hand=state.stack[:5], toxicity=23, prestige=99,
        dna=("yellow",) * 3 + ("blue",) * 4 + ("red",) * 5, resources=(7, 7, 7, 5, 5))
    return dataclasses.replace(
        state, seats=(first, *state.seats[1:]), stack=state.stack[5:],
        borrowed=(RowCard(cards[12].id, 0), RowCard(cards[13].id, 1)),
        used=tuple(f"rapid:{rc.card}" for rc in rows[0][:2]))


LEGIBLE: dict[str, Callable[[], SGState]] = {**STATES, "crowded": crowded}


@pytest.fixture(params=sorted(LEGIBLE))
def table(request: pytest.FixtureRequest) -> SGState:
    return LEGIBLE[request.param]()


def texts(board: Scene) -> list[Text]:
    return [i for i in board.items if isinstance(i, Text)]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_text_is_at_least_10_px_shown_as_wide_as_drawn(table: SGState,
                                                            width: int) -> None:
    board = scene(table, width=width)
    assert board.width == width
    small = sorted((i.size, i.text) for i in texts(board) if i.size < SMALL)
    assert not small, small[:5]


def test_a_narrower_table_is_drawn_900_px_wide() -> None:
    board = scene(setup(), width=600)
    assert board.width == BASE_WIDTH
    assert board.to_svg() == scene(setup(), width=BASE_WIDTH).to_svg()


def overlapping(a: Text, b: Text) -> bool:
    (l1, t1, r1, b1), (l2, t2, r2, b2) = a.bounds(), b.bounds()
    return min(r1, r2) - max(l1, l2) > 0.5 and min(b1, b2) - max(t1, t2) > 0.5


@pytest.mark.parametrize("width", WIDTHS)
def test_no_text_lies_on_another(table: SGState, width: int) -> None:
    board = scene(table, width=width)
    pairs = [(a.text, b.text) for a, b in itertools.combinations(texts(board), 2)
             if overlapping(a, b)]
    assert not pairs, pairs[:5]


def test_the_overlap_check_sees_an_overlap() -> None:
    a, b = Text(0, 10, "Seed", size=10), Text(20, 12, "Shard", size=10)
    assert overlapping(a, b) and not overlapping(a, Text(0, 30, "Seed", size=10))


def holder(board: Scene, text: Text) -> Rect | Polygon | None:
    """The smallest box (a Rect or Polygon, not a highlight) under the middle of ``text``."""
    left, top, right, bottom = text.bounds()
    x, y = (left + right) / 2, (top + bottom) / 2
    boxes = [i for i in board.items if isinstance(i, (Rect, Polygon))
             and "highlight" not in i.classes and i.contains(x, y)]

    def area(box: Rect | Polygon) -> float:
        left, top, right, bottom = box.bounds()
        return (right - left) * (bottom - top)

    return min(boxes, key=area, default=None)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_text_stays_inside_its_box(table: SGState, width: int) -> None:
    board = scene(table, width=width)
    spilled = []
    for text in texts(board):
        box = holder(board, text)
        if box is None:
            continue
        left, top, right, bottom = text.bounds()
        bl, bt, br, bb = box.bounds()
        if left < bl - 0.5 or right > br + 0.5 or top < bt - 0.5 or bottom > bb + 0.5:
            spilled.append((text.text, box.id or box.title))
    assert not spilled, spilled[:5]


@pytest.mark.parametrize("shapers", [("telrin_aviary", "synthara_lab", "oraplexis_terraria"),
                                     ("maldera_rivers", "rastar_nursery", "xanarin_preserve")])
@pytest.mark.parametrize("width", WIDTHS)
def test_no_text_is_cut(width: int, shapers: tuple[str, ...]) -> None:
    """Every Shaper's abilities, every card effect shown and every Behavior card whole."""
    state = GAME.scenario({"players": 3, "shapers": list(shapers)})
    for board in (scene(state, width=width), scene(crowded(), width=width)):
        assert not [i.text for i in texts(board) if "…" in i.text]
