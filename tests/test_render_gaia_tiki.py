"""The GAIA (Tiki Editions) table: ids for every action target, hits, hidden hands, every part
drawn, readable text, stable output."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest
from PIL import Image

import gaia_lab
from gaia_lab.core.example import Example
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_tiki import GAME, GTState
from gaia_lab.games.gaia_tiki.components import face
from gaia_lab.render import scene as dispatch
from gaia_lab.render.gaia_tiki import TEXT, centre, scene, seat_scene
from gaia_lab.render.shapes import Text

SVG_NS = "{http://www.w3.org/2000/svg}"


def played(players: int, seed: int, steps: int, **options: bool) -> GTState:
    session = gaia_lab.Session("gaia_tiki", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.is_over():
            break
        session.play(rng.choice(session.legal_actions()))
    state = session.state
    assert isinstance(state, GTState)
    return state


def setup() -> GTState:
    return played(3, 1, 0)


def game_over() -> GTState:
    state = played(2, 1, 5000)
    assert state.task is None
    return state


def example_end(index: int) -> Callable[[], GTState]:
    def run() -> GTState:
        state = gaia_lab.examples("gaia_tiki")[index].run().state
        assert isinstance(state, GTState)
        return state
    return run


STATES: dict[str, Callable[[], GTState]] = {
    "setup": setup,
    "early_setup": lambda: gaia_lab.Session("gaia_tiki", players=2, seed=1,
                                            auto=False).state,
    "mid_game_3p": lambda: played(3, 2, 60),
    "advanced_4p": lambda: played(4, 3, 40, advanced=True),
    "advanced_5p_no_powers": lambda: played(5, 4, 50, advanced=True, powers=False),
    "over": game_over,
    "full_example": example_end(5),
}


@pytest.fixture(params=sorted(STATES))
def state(request: pytest.FixtureRequest) -> GTState:
    return STATES[request.param]()


def targets(state: GTState) -> set[str]:
    return {t for a in GAME.legal_actions(state) for t in GAME.action_targets(state, a)}


# ---------------------------------------------------------------- ids and hits


def test_legal_action_targets_are_on_the_board_and_hit(state: GTState) -> None:
    board = scene(state)
    ids = set(board.ids())
    for target in targets(state):
        assert target in ids, target
        assert board.hit(*centre(board, target)) == target


@pytest.mark.parametrize(("players", "seed", "advanced"), [(2, 5, False), (4, 6, True)])
def test_every_target_of_a_whole_game_is_on_the_board(players: int, seed: int,
                                                      advanced: bool) -> None:
    session = gaia_lab.Session("gaia_tiki", players=players, seed=seed,
                               options={"advanced": advanced})
    rng = random.Random(seed)
    while not session.is_over():
        state = session.state
        assert isinstance(state, GTState)
        missing = targets(state) - set(scene(state).ids())
        assert not missing, (session.decisions, sorted(missing))
        session.play(rng.choice(session.legal_actions()))


@pytest.mark.parametrize("example", gaia_lab.examples("gaia_tiki"), ids=lambda e: e.id)
def test_every_step_of_the_worked_examples_draws_its_targets(example: Example) -> None:
    for result in example.results():
        state = result.session.state
        assert isinstance(state, GTState)
        assert targets(state) <= set(scene(state).ids())


def test_every_tile_and_free_square_is_a_cell(state: GTState) -> None:
    ids = set(scene(state).ids())
    for tile in state.tiles:
        assert f"cell:{tile.at}" in ids
    for cell in GAME.rules.frontier(state):
        assert f"cell:{cell}" in ids


# ---------------------------------------------------------------- every part


def texts(state: GTState, **kw: int | None) -> str:
    return "\n".join(i.text for i in scene(state, **kw).items if isinstance(i, Text))


def test_every_part_of_the_table_is_drawn(state: GTState) -> None:
    board = scene(state)
    ids = set(board.ids())
    words = texts(state)
    for deck in ("nature", "life", "power"):
        assert (f"deck:{deck}" in ids) == (deck != "power" or state.powers)
        for slot in range(1, len(state.market(deck)) + 1):
            assert f"market:{deck}:{slot}" in ids
        if deck != "power" or state.powers:
            assert f"{len(state.deck(deck))} left" in words
    for obj in state.objectives:
        assert f"objective:{obj.card}" in ids
    for seat in range(state.players):
        assert f"seat:{seat}" in ids
    for city in state.cities:
        name = GAME.components.city(city.card).name
        met = sum(1 for n in GAME.rules.needs_met(state, city.card, city.at) if n)
        assert f"{city.at} {name}: {met} of 4 met" in words
    assert f"{state.bank} in the bank" in words
    assert ("Game over" in words) == (state.task is None)


def test_a_city_shows_which_neighbour_meets_each_need() -> None:
    state = example_end(0)()
    city = state.cities[0]
    needs = GAME.rules.needs_met(state, city.card, city.at)
    board = scene(state)
    titles = [i.title or "" for i in board.items]
    for need in needs:
        if need.by:
            for cell in need.by:
                assert any(t.startswith(f"{cell} meets") and need.need in t for t in titles)
    cards = [i.title for i in board.find_all(f"cell:{city.at}")
             if i.title and i.title.startswith(f"{city.at}: City")]
    assert len(cards) == 1
    assert f"{sum(1 for n in needs if n)} of 4 needs met" in cards[0]


def test_the_animals_eaten_from_a_tile_are_drawn() -> None:
    s = setup()
    tile = s.tiles[0]
    fed = evolve(s, tiles=(evolve(tile, eaten=3), *s.tiles[1:]))
    assert "eaten 3" in texts(fed) and "eaten" not in texts(s)
    assert f"{tile.at}: {tile.terrain}, 3 Animals eaten here" in scene(fed).to_svg()


def test_claims_and_meeples_are_drawn() -> None:
    state = game_over()
    words = texts(state)
    claimed = [o for o in state.objectives if o.claimed >= 0]
    assert claimed and words.count("claimed") == len(claimed)
    for seat in range(state.players):
        on_cities, on_objectives = GAME.rules.placed(state, seat)
        assert (f"meeples: {state.seat(seat).meeples} to place · {on_cities} on Cities · "
                f"{on_objectives} on Objectives") in words


# ---------------------------------------------------------------- hands


def test_the_teacher_sees_every_hand_and_a_player_only_their_own() -> None:
    state = played(3, 1, 0)
    teacher = set(scene(state).ids())
    for seat in range(state.players):
        for card in state.seat(seat).hand:
            assert f"card:{face(card)}" in teacher
    own = scene(state, viewer=1)
    hand_ids = {f"card:{face(c)}" for c in state.seat(1).hand}
    assert {i for i in own.ids() if i.startswith("card:")} == hand_ids


def test_a_hidden_hand_shows_only_the_backs() -> None:
    state = played(3, 1, 0)
    hidden = seat_scene(state, 0, GAME, viewer=1, w=980)
    assert not [i for i in hidden.ids() if i.startswith("card:")]
    svg = hidden.to_svg()
    for card in state.seat(0).hand:
        first_line = GAME.components.card_kind(card)
        assert f"a {first_line.capitalize()} card, face down" in svg
        if GAME.components.is_city(card):
            assert GAME.components.city(card).name not in svg


def test_dispatch_and_the_state_repr_draw_the_table() -> None:
    state = setup()
    assert dispatch(state).to_svg() == scene(state).to_svg()
    assert state._repr_svg_() == scene(state).to_svg()


# ---------------------------------------------------------------- output


def test_text_is_at_least_10_px(state: GTState) -> None:
    small = [i.text for i in scene(state).items if isinstance(i, Text) and i.size < TEXT]
    assert not small


def test_highlight_outlines_targets() -> None:
    state = setup()
    lit_ids = sorted(targets(state))
    plain = scene(state).to_svg()
    lit = scene(state, highlight=[*lit_ids, "nowhere"]).to_svg()
    assert lit != plain
    assert lit.count('class="highlight"') == len(lit_ids)


def test_svg_is_byte_stable_and_well_formed(state: GTState) -> None:
    first = scene(state, highlight=sorted(targets(state))).to_svg()
    again = GAME.state_from_json(state.to_json())
    assert scene(again, highlight=sorted(targets(state))).to_svg() == first
    assert ET.fromstring(first).tag == f"{SVG_NS}svg"


def test_png_renders(state: GTState) -> None:
    board = scene(state)
    image = Image.open(io.BytesIO(board.to_png()))
    assert image.size == (1000, round(board.height))


def test_everything_stays_inside_the_scene(state: GTState) -> None:
    board = scene(state)
    for item in board.items:
        left, top, right, bottom = item.bounds()
        assert left >= 0 and right <= board.width + 0.5, item
        assert top >= 0 and bottom <= board.height, item


def test_a_wide_table_takes_the_whole_width() -> None:
    state = game_over()
    board = scene(state)
    grid = [i for i in board.items if i.id and i.id.startswith("cell:")]
    right = max(i.bounds()[2] for i in grid)
    assert right > 620
    assert scene(setup()).find("cell:F6") is not None
