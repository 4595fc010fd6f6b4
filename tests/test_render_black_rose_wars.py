"""The Black Rose Wars: Gaea Reborn table: every target of a legal action is on the board,
the drawing is byte-stable, and PNG and highlights work; the text is whole, legible and
apart; summoned Evocations (the Legend among them), Damage by owner, the Event in force,
the Evocation deck and Talia's personal spells are shown; the Hunt battlefield names its
squares."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gaia_lab import Session
from gaia_lab.games.black_rose_wars import GAME
from gaia_lab.games.black_rose_wars.examples import ROOMS
from gaia_lab.games.black_rose_wars.examples_hunt import EXAMPLES as HUNT_EXAMPLES
from gaia_lab.games.black_rose_wars.examples_modules import (
    LEGENDARY_EXAMPLES,
    MODELLED_EXAMPLES,
    SUMMON,
    TALIA_MOON,
)
from gaia_lab.games.black_rose_wars.hunt import DRILL, HuntState
from gaia_lab.games.black_rose_wars.hunt import GAME as HUNT
from gaia_lab.games.black_rose_wars.large_models import label
from gaia_lab.games.black_rose_wars.modules_flow import talia_personal
from gaia_lab.games.black_rose_wars.state import BRWState
from gaia_lab.render import scene
from gaia_lab.render.black_rose_wars import (
    HEX_MIN,
    OWNER_COLOURS,
    PANEL_W,
    TEXT,
    centre,
    hex_size,
    model_name,
    unseen,
)
from gaia_lab.render.black_rose_wars_hunt import scene as hunt_scene
from gaia_lab.render.shapes import Polygon, Rect, Scene, Text
from tests.board_text import cut_texts, overlapping_texts


def test_every_action_target_is_clickable() -> None:
    for players in (1, 3, 5):
        s = Session(GAME, players=players, seed=players)
        rng = random.Random(players)
        for _ in range(25):
            if s.is_over():
                break
            board = scene(s.state)
            ids = set(board.ids())
            for action in s.legal_actions():
                for target in GAME.action_targets(s.state, action):
                    assert target in ids, (str(action), target)
                    assert board.hit(*centre(board, target)) is not None
            s.play(rng.choice(s.legal_actions()))


def test_the_drawing_is_stable_and_shows_the_lodge() -> None:
    state = GAME.scenario({"players": 2, "rooms": list(ROOMS), "arbor_vitae": ["crypt"],
                           "lodge": {"forge": {"slots": ["mage1", "gaea"],
                                               "root": ["black_rose"]}}})
    board = scene(state)
    assert board.to_svg() == scene(state).to_svg()
    ids = board.ids()
    assert {"room:forge", "root:forge", "cell:cell1", "cell:cell2", "model:gaea",
            "model:filius", "model:mage1"} <= set(ids)
    svg = board.to_svg()
    assert "Arbor Vitae" in svg and "Power board" in svg and "Servant slot: filius" in svg
    lit = scene(state, highlight=["room:forge"])
    assert len(lit.items) == len(board.items) + 1
    assert board.to_png()[:8] == b"\x89PNG\r\n\x1a\n"


def test_before_the_lodge_is_drawn() -> None:
    board = scene(GAME.new_initial_state(3, 1))
    assert "Lodge is not drawn yet" in board.to_svg()


@pytest.mark.parametrize("players", [1, 2, 3, 5])
@pytest.mark.parametrize("width", [900, 1000, 1400])
def test_every_text_is_whole_legible_and_apart(players: int, width: int) -> None:
    s = Session(GAME, players=players, seed=players)
    rng = random.Random(players)
    for step in range(41):
        if step % 20 == 0:
            board = scene(s.state, width=width)
            assert not overlapping_texts(board), step
            assert not cut_texts(board), step
            assert min(i.size for i in board.items if isinstance(i, Text)) >= TEXT
            assert board.width == width
            assert max(i.bounds()[2] for i in board.items) <= width
        if s.is_over():
            break
        s.play(rng.choice(s.legal_actions()))


def test_room_names_are_whole_and_inside_their_room() -> None:
    state = GAME.scenario({"players": 5})
    for width in (900, 1400):
        board = scene(state, width=width)
        for room in state.rooms:
            name = GAME.components.room(room.id).name
            hexagon = board.find(f"room:{room.id}")
            assert hexagon is not None
            left, top, right, bottom = hexagon.bounds()
            words = [i for i in board.items if isinstance(i, Text) and i.weight == "bold"
                     and left < i.x < right and top < i.y < bottom]
            assert " ".join(i.text for i in words if i.text in name) == name, words


def test_a_narrow_table_puts_the_panels_under_the_lodge() -> None:
    state = GAME.scenario({"players": 5})
    narrow, wide = scene(state, width=700), scene(state, width=900)
    assert hex_size(state, 700 - 20 - PANEL_W - 12) < HEX_MIN
    for board, below in ((narrow, True), (wide, False)):
        lodge_bottom = max(board.find(f"room:{r.id}").bounds()[3]  # type: ignore[union-attr]
                           for r in state.rooms)
        title = next(i for i in board.items if isinstance(i, Text)
                     and i.text.startswith("Power board"))
        assert (title.y > lodge_bottom) == below


# ---------------------------------------------------------------- the Hunt battlefield


def hunt_states() -> list[HuntState]:
    states = [HUNT.scenario(DRILL)]
    for example in HUNT_EXAMPLES:
        states += [r.session.state for r in example.results()]
    return states


@pytest.mark.parametrize("width", [480, 900, 1400])
def test_the_battlefield_names_its_squares_at_its_edges(width: int) -> None:
    for state in hunt_states():
        field = state.field
        board = hunt_scene(state, width=width)
        texts = [i for i in board.items if isinstance(i, Text)]
        letters = [i.text for i in texts if i.text.isalpha() and len(i.text) == 1]
        numbers = [i.text for i in texts if i.text.isdigit() and i.weight == "bold"]
        assert letters == [label((x, 0))[0] for x in range(field.width) for _ in (0, 1)]
        assert numbers == [str(y + 1) for y in range(field.height) for _ in (0, 1)]
        # each column letter stands over its squares, each row number beside them
        for x in range(field.width):
            square = board.find(f"square:{label((x, 0))}")
            letter = next(i for i in texts if i.text == label((x, 0))[0])
            assert square is not None and square.bounds()[0] < letter.x < square.bounds()[2]
        covered = {q for m in field.models for q in m.squares()}
        free = {i.text for i in texts if i.weight == "normal"}
        assert {label((x, y)) for x in range(field.width) for y in range(field.height)
                if (x, y) not in covered} <= free
        assert not overlapping_texts(board) and not cut_texts(board)
        assert min(i.size for i in texts) >= TEXT


def test_the_battlefield_key_gives_every_model_its_squares() -> None:
    state = HUNT_EXAMPLES[0].run().state
    svg = hunt_scene(state, width=900).to_svg()
    assert "gaea: Gaea (Large Model) over b1-c2, Damage 0/12, Speed 2" in svg
    assert "h1: Hero on b3" in svg and "i1: imp on c3" in svg
    assert "Trees (Scenic Elements): d1, d2" in svg
    assert hunt_scene(state).title == "Hunt Battlefield, 5 by 4 squares, 3 actions left"


# ------------------------------------------------ Evocations, Damage owners, the Event


BUILT: dict[str, object] = {
        "players": 3, "mages": ["talia", "rikkart", "angela"],
        "rooms": [*ROOMS, "cemetery", "observatory", "sanctuary"], "at": "black_rose",
        "events": ["black_overload"],
        "seats": [{"where": "crypt", "dealt": ["gaea", "mage2", "mage2"]},
                  {"where": "crypt", "dealt": ["mage1"] * 4 + ["black_rose"]},
                  {"where": "forge"}],
        "gaea": {"where": "crypt", "dealt": ["mage1", "mage3", "mage3"]},
        "evocations": [{"card": "gaea_legend", "owner": 0, "where": "crypt",
                        "dealt": ["mage2"]},
                       {"card": "nigredo_1", "owner": 1, "where": "crypt"},
                       {"card": "cadaver_2", "owner": 1, "where": "forge", "dealt": ["gaea"]},
                       {"card": "succubus_1", "owner": 2, "where": "garden"}]}
"""Three Mages (Talia among them) with four Evocations (the Legend's in a crowded Crypt),
Damage of several owners, Black Overload on top of the First Moon's Event deck."""


def built() -> BRWState:
    return GAME.scenario(BUILT)


def revealed(spec: dict[str, object]) -> BRWState:
    """The position after the Black Rose phase of ``spec`` (its Event revealed)."""
    s = Session(GAME, scenario=spec)
    while s.state.phase == "black_rose":
        s.play(s.legal_actions()[0])
    state: BRWState = s.state
    return state


def words(board: Scene) -> str:
    return " ".join(i.text for i in board.items if isinstance(i, Text))


def marker_letters(board: Scene, mid: str) -> str:
    cx, cy = centre(board, f"model:{mid}")
    return next(i.text for i in board.items if isinstance(i, Text)
                and abs(i.x - cx) < 0.5 and abs(i.y - cy) < 0.5)


def test_summoned_evocations_show_their_card_and_owner() -> None:
    state = built()
    board = scene(state, width=1400)
    for card, owner, letters in (("nigredo_1", "mage2", "Ni"), ("cadaver_2", "mage2", "Ca"),
                                 ("succubus_1", "mage3", "Su"), ("gaea_legend", "mage1", "L")):
        marker = board.find(f"model:{card}")
        assert isinstance(marker, (Rect, Polygon)) and marker.fill == OWNER_COLOURS[owner], card
        assert marker_letters(board, card) == letters
        assert board.hit(*centre(board, f"model:{card}")) == f"model:{card}"
    legend = board.find("model:gaea_legend")
    assert isinstance(legend, Polygon) and isinstance(board.find("model:nigredo_1"), Rect)
    assert legend.title == ("Gaea (Legend), Talia's Evocation: 1/6 Damage: Rikkart 1; a "
                            "defeat would pay Rikkart; Strength 1, Speed 2 (card gaea_legend)")
    text = words(board)
    assert "Evocations: 2 of 3 Ni Nigredo in Crypt · Strength 2 · Speed 2 0/4 Damage" in text
    assert "Cadaver in Forge · Strength 2 · Speed 2 1/2 Damage by Gaea 1" in text
    assert "The Legend: Talia's Evocation, in Crypt" in text
    assert "?" not in {i.text for i in board.items if isinstance(i, Text)}


def test_damage_shows_who_dealt_it() -> None:
    state = built()
    board = scene(state, width=1400)
    rikkart = board.find("model:mage2")
    assert rikkart is not None and rikkart.title == (
        "Rikkart: 5/11 Damage: Talia 4, Black Rose 1; a defeat would pay Talia")
    boxes = [i for i in board.items if isinstance(i, Rect)
             and i.title == "5/11 Damage: Talia 4, Black Rose 1; a defeat would pay Talia"]
    assert [b.fill for b in boxes] == ([OWNER_COLOURS["mage1"]] * 4
                                       + [OWNER_COLOURS["black_rose"]] + ["#ffffff"] * 6)
    text = words(board)
    assert "5/11 Damage by Talia 4 Black Rose 1" in text
    assert "Gaea: 3/12 Damage by Talia 1 Angela 2" in text
    assert "Filius: 0/3 Damage" in text


def test_the_event_in_force_and_the_decks() -> None:
    start = scene(built(), width=1400)
    assert "No Event revealed yet" in words(start)
    assert "Evocation deck 14 · defeated 0" in words(start)
    board = scene(revealed(BUILT), width=1400)
    text = words(board)
    assert "In force: Black Overload (Moon 1)" in text
    assert "standing until the next Event is revealed" in text
    assert "Events revealed 1 · left: Moon 1 12, Moon 2 13, Moon 3 13" in text
    title = next(i for i in board.items if isinstance(i, Text)
                 and i.text.startswith("In force:"))
    assert title.weight == "bold"
    played = scene(revealed({"players": 2, "at": "black_rose",
                                 "events": ["awakening"]}), width=1400)
    assert "Revealed: Awakening (Moon 1)" in words(played)
    assert "played when revealed" in words(played)
    legendary = list(LEGENDARY_EXAMPLES[0].results())[-1].session.state
    assert "Revealed: Stop the Threat: The Roots Stir" in words(scene(legendary, width=1400))


def test_the_legend_in_the_deck_then_summoned() -> None:
    states = [r.session.state for r in SUMMON.results()]
    before, after = (words(scene(s, width=1400)) for s in (states[0], states[-1]))
    assert "Evocation deck 18" in before and "The Legend: in the Evocation deck" in before
    assert "Evocation deck 17" in after and "The Legend: Rikkart's Evocation, in Crypt" in after


def test_talias_personal_spells_gained() -> None:
    states = [r.session.state for r in TALIA_MOON.results()]
    assert "personal spells gained: Earthen Ward (1 of 3)" in words(scene(states[0], width=1400))
    assert ("personal spells gained: Earthen Ward, Verdant Spike (2 of 3)"
            in words(scene(states[-1], width=1400)))


@pytest.mark.parametrize("width", [900, 1400])
def test_the_new_state_is_whole_legible_and_apart(width: int) -> None:
    states = [built(), revealed(BUILT), *(r.session.state for ex in MODELLED_EXAMPLES
                                            for r in ex.results())]
    for state in states:
        board = scene(state, width=width)
        assert not overlapping_texts(board)
        assert not cut_texts(board)
        assert min(i.size for i in board.items if isinstance(i, Text)) >= TEXT
        assert max(i.bounds()[2] for i in board.items) <= width
        for mid in state.model_ids():
            if state.model(mid).in_lodge:
                assert board.hit(*centre(board, f"model:{mid}")) == f"model:{mid}"


def test_panels_fill_the_space_under_the_lodge() -> None:
    state = built()
    board = scene(state, width=900)
    lodge_bottom = max(board.find(f"room:{r.id}").bounds()[3]  # type: ignore[union-attr]
                       for r in state.rooms)
    power = next(i for i in board.items if isinstance(i, Text)
                 and i.text.startswith("Power board"))
    under = [i for i in board.items if isinstance(i, Text) and i.weight == "bold"
             and i.y > lodge_bottom and i.x < power.x - 12 and i.text in {"Rikkart", "Angela"}]
    assert under and power.y < lodge_bottom


# ------------------------------------------------------------- a crowded Room, long lists


CARDS = ("succubus_1", "succubus_2", "succubus_3", "nigredo_1", "nigredo_2", "nigredo_3",
         "cadaver_1", "cadaver_2", "cadaver_3", "cadaver_4", "cadaver_5", "cadaver_6",
         "cadaver_7", "cadaver_8", "gaea_legend")
"""Three Evocations for each of five Mages, the Legend the last."""


def crowded(room: str, evocations: int, arbor: int = 0) -> BRWState:
    """Five Mages, Gaea, Filius and ``evocations`` Evocations (three a Mage at most) in
    ``room``, with ``arbor`` Arbor Vitae there."""
    return GAME.scenario({
        "players": 5, "seats": [{"where": room}] * 5, "gaea": {"where": room},
        "filius": {"where": room}, "arbor_vitae": [room] * arbor,
        "evocations": [{"card": c, "owner": i // 3, "where": room, "dealt": ["gaea"]}
                       for i, c in enumerate(CARDS[len(CARDS) - evocations:])]})


def inside(polygon: Polygon, box: tuple[float, float, float, float]) -> bool:
    """Whether every corner of ``box`` lies in the convex ``polygon``."""
    points = polygon.points
    left, top, right, bottom = box
    for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
        crosses = [(bx - ax) * (y - ay) - (by - ay) * (x - ax)
                   for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1])]
        if not (all(c >= -0.01 for c in crosses) or all(c <= 0.01 for c in crosses)):
            return False
    return True


def apart(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) <= 0.5 or min(a[3], b[3]) - max(a[1], b[1]) <= 0.5


@pytest.mark.parametrize("width", [900, 1400])
@pytest.mark.parametrize(("room", "evocations", "arbor"), [
    ("black_rose_room", 15, 0), ("black_rose_room", 15, 2), ("black_rose_room", 4, 1),
    ("forge", 15, 1), ("forge", 9, 0), ("cemetery", 15, 0)])
def test_a_crowded_room_is_whole_legible_and_apart(width: int, room: str, evocations: int,
                                                   arbor: int) -> None:
    state = crowded(room, evocations, arbor)
    models = state.models_in(room)
    assert len(models) == 7 + evocations
    board = scene(state, width=width)
    hexagon = board.find(f"room:{room}")
    assert isinstance(hexagon, Polygon)
    more = [i for i in board.items if isinstance(i, Rect) and i.title
            and i.title.endswith(" Damage)") and " more here: " in i.title]
    drawn = [board.find(f"model:{mid}") for mid in models]
    shown = [i for i in drawn if i is not None and inside(hexagon, i.bounds())]
    texts = [i for i in board.items if isinstance(i, Text)
             and inside(hexagon, (i.x, i.y, i.x, i.y))]
    slots = [i for i in board.items if isinstance(i, Rect) and i.title
             and i.title.startswith(("Instability", "Root Token"))
             and inside(hexagon, i.bounds())]
    # every marker, letter and name inside the hexagon, none over another or over a slot
    for item in [*shown, *more, *texts]:
        assert inside(hexagon, item.bounds()), item
    boxes = [i.bounds() for i in [*shown, *more]]
    assert all(apart(a, b) for k, a in enumerate(boxes) for b in boxes[k + 1:])
    names = [i for i in texts if i.weight == "bold" and i.size > TEXT]
    assert names and all(apart(a, b.bounds()) for a in boxes for b in [*slots, *names])
    assert not overlapping_texts(board) and not cut_texts(board)
    assert min(i.size for i in board.items if isinstance(i, Text)) * width / board.width >= 10
    # the models not drawn in the Room: the "+N" marker names them, their panels carry them
    hidden = unseen(state, GAME, hex_size(state, width - 20 - PANEL_W - 12))
    assert len(shown) == len(models) - len(hidden)
    assert [i.text for i in texts if i.text.startswith("+")] == (
        [f"+{len(hidden)}"] if hidden else [])
    assert len(more) == (1 if hidden else 0)
    for mid in hidden:
        assert more[0].title and model_name(state, GAME, mid) in more[0].title
    assert hidden == set(models[len(models) - len(hidden):])  # the last ones, Mages first
    assert hidden or len(models) <= 14 or width == 1400
    if width == 1400:
        assert not hidden  # the fullest Room shows every model at 1400 px
    for mid in models:
        assert board.hit(*centre(board, f"model:{mid}")) == f"model:{mid}"
    assert hidden.isdisjoint(models[:5]) and (arbor or hidden.isdisjoint(models[:7]))


def test_a_long_hand_breaks_between_spells() -> None:
    state = GAME.scenario({"players": 3})
    hand = tuple(s.id for s in GAME.components.spells) + talia_personal()
    state = replace(state, mages=(replace(state.mages[0], hand=hand), *state.mages[1:]))
    names = [GAME.components.spell(s).name for s in hand]
    for width in (900, 1400):
        board = scene(state, width=width)
        lines = [i.text for i in board.items if isinstance(i, Text)]
        start = next(k for k, line in enumerate(lines) if "in hand: " in line)
        listed = " ".join(lines[start:start + 6]).split("in hand: ")[1]
        whole = [n for n in names if any(n in line for line in lines[start:start + 6])]
        assert whole == names, (width, lines[start:start + 6])
        assert listed.startswith(", ".join(names))


@pytest.mark.parametrize("width", [400, 600])
def test_a_crowded_room_on_a_narrow_table_keeps_every_model(width: int) -> None:
    state = crowded("black_rose_room", 15, 3)
    board = scene(state, width=width)
    hexagon = board.find("room:black_rose_room")
    assert isinstance(hexagon, Polygon)
    for mid in state.models_in("black_rose_room"):
        assert board.hit(*centre(board, f"model:{mid}")) == f"model:{mid}"
        marker = board.find(f"model:{mid}")
        assert marker is not None
        left, top, right, bottom = marker.bounds()
        drawn_here = hexagon.contains((left + right) / 2, (top + bottom) / 2)
        assert not drawn_here or inside(hexagon, marker.bounds())
    assert not overlapping_texts(board)
