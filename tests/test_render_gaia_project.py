"""The Gaia Project board and the VP-by-source chart as Scenes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gaia_lab.games.gaia_project.game import replay
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
from gaia_lab.render.gaia_project import (
    TEXT,
    VP_CATEGORIES,
    centre,
    faction_name,
    map_scene,
    scene,
    seat_name,
    vp_by_category,
    vp_chart,
)
from gaia_lab.render.shapes import Polygon, Rect, Scene, Text

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "gaia_project" / "deep-mind-2.json"


@pytest.fixture(scope="module")
def session() -> Any:
    if not FIXTURE.exists():
        pytest.skip("the recorded game is not here")
    return replay(json.loads(FIXTURE.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def positions(session: Any) -> dict[str, GPState]:
    """The start, the first action of round 2, the first of round 4, the end."""
    states: list[GPState] = [ply.state for ply in session.history]

    def first(round_: int) -> GPState:
        return next(s for s in states if s.round == round_ and s.phase == "actions")

    return {"start": GPState.new(4, DEEP_MIND_2_SETUP), "round2": first(2),
            "round4": first(4), "final": session.state}


@pytest.mark.parametrize("name", ["start", "round2", "round4", "final"])
def test_every_hex_has_its_element_and_is_hit_at_its_centre(
        positions: dict[str, GPState], name: str) -> None:
    state = positions[name]
    board = scene(state, highlight=["hex:5A4", "tech:nav"])
    m = state.space_map
    assert len(m) == 190
    for h in m:
        hid = f"hex:{m.name(h)}"
        item = board.find(hid)
        assert isinstance(item, Polygon), hid
        assert board.hit(*centre(board, hid)) == hid
    assert sum(1 for i in board.ids() if i.startswith("hex:")) == len(m)


def test_buildings_satellites_and_federations_are_drawn(positions: dict[str, GPState]) -> None:
    state = positions["final"]
    board = map_scene(state)
    titles = [i.title or "" for i in board.items]
    for p in state.seats:
        for h, _ in p.buildings:
            assert any(t.startswith(f"{h}: ") for t in titles), h
    assert sum(1 for t in titles if "satellite on" in t) == sum(
        len({x for f in p.federations for x in f} - {h for h, _ in p.buildings})
        for p in state.seats)
    assert any("federation 4" in t for t in titles)
    lost = board.find("hex:4B5")
    assert lost is not None and "Lost Planet" in (lost.title or "")


def test_annotations_and_highlights(positions: dict[str, GPState]) -> None:
    state = positions["round2"]
    plain = scene(state)
    marked = scene(state, annotate={"5A4": "2o", "1A5": "1q"}, highlight=["hex:1A5"],
                   viewer=2)
    texts = [i.text for i in marked.items if isinstance(i, Text)]
    assert "2o" in texts and "1q" in texts
    assert len(marked.items) == len(plain.items) + 2 * 2 + 1
    assert any("(to act, you)" in t for t in texts)


def test_svg_is_byte_stable(positions: dict[str, GPState]) -> None:
    for state in positions.values():
        svg = scene(state).to_svg()
        again = scene(GPState.from_json(state.to_json())).to_svg()
        assert svg == again
        assert svg.startswith("<svg ") and svg.endswith("</svg>")


def test_png_renders(positions: dict[str, GPState]) -> None:
    board = scene(positions["final"], width=1200)
    png = board.to_png()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    from io import BytesIO

    from PIL import Image

    assert Image.open(BytesIO(png)).size == (1200, round(board.height))


def test_other_player_counts_draw() -> None:
    for n in (2, 3):
        board = scene(GPState.new(n, DEEP_MIND_2_SETUP))
        assert "seat:0" in board.ids() and f"seat:{n - 1}" in board.ids()
        assert f"seat:{n}" not in board.ids()


def test_chart_totals_equal_the_breakdown(session: Any) -> None:
    breakdown = session.score_breakdown()
    chart = vp_chart(breakdown)
    totals = breakdown.totals
    assert totals == (165, 164, 182, 108)
    table = vp_by_category(breakdown)
    assert set(table) <= {key for key, _, _ in VP_CATEGORIES}
    for i, total in enumerate(totals):
        bars = [item for item in chart.items
                if isinstance(item, Rect) and (item.id or "").startswith(f"vp:{i}:")]
        values = [int(re.search(r"(-?\d+) VP$", b.title or "").group(1))  # type: ignore[union-attr]
                  for b in bars]
        assert sum(values) == total
        assert sum(table[k][i] for k in table) == total
        # the widths are proportional to the values, negative parts left of zero
        scale = bars[0].w / abs(values[0])
        signed = sum(b.w if v > 0 else -b.w for b, v in zip(bars, values, strict=True))
        assert signed == pytest.approx(total * scale, abs=0.05)
        assert f"{total} total" in [t.text for t in chart.items if isinstance(t, Text)]
    assert chart.to_svg() == vp_chart(breakdown).to_svg()


def _box(text: Text) -> tuple[float, float, float, float]:
    left, top, right, bottom = text.bounds()
    if not text.bold:
        return left, top, right, bottom
    grow = (right - left) / 6
    shift = {"start": 0.0, "middle": grow / 2, "end": grow}[text.anchor]
    return left - shift, top, right - shift + grow, bottom


def _text_clashes(board: Scene) -> list[str]:
    """Texts that stick out of the board or overlap another text (by their approximate
    boxes, a bold text's a sixth wider; half a pixel of slack)."""
    texts = [i for i in board.items if isinstance(i, Text)]
    boxes = [_box(t) for t in texts]
    out = [t.text for t, (left, top, right, bottom) in zip(texts, boxes, strict=True)
           if left < -0.5 or top < -0.5 or right > board.width + 0.5
           or bottom > board.height + 0.5]
    for i, (left, top, right, bottom) in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            x0, y0, x1, y1 = boxes[j]
            if min(right, x1) - max(left, x0) > 0.5 and min(bottom, y1) - max(top, y0) > 0.5:
                out.append(f"{texts[i].text!r} on {texts[j].text!r}")
    return out


@pytest.mark.parametrize("width", [900, 1400])
@pytest.mark.parametrize("name", ["start", "round2", "round4", "final"])
def test_texts_are_legible_whole_and_apart(positions: dict[str, GPState], name: str,
                                           width: int) -> None:
    board = scene(positions[name], width=width)
    assert board.width == width
    texts = [i for i in board.items if isinstance(i, Text)]
    assert min(t.size for t in texts) >= TEXT
    assert not _text_clashes(board)
    # a cut text ends with an ellipsis: none in the recorded game
    assert not [t.text for t in texts if t.text.endswith("…")]


def test_the_overlap_check_sees_an_overlap() -> None:
    board = Scene(100, 40, (Text(10, 20, "Terrans", size=10), Text(20, 22, "Xenos", size=10),
                            Text(90, 30, "cut here", size=10)))
    assert _text_clashes(board) == ["cut here", "'Terrans' on 'Xenos'"]


def test_planets_and_pieces_show_their_names_other_hexes_when_highlighted(
        positions: dict[str, GPState]) -> None:
    state = positions["final"]
    m = state.space_map
    shown = {i.text for i in map_scene(state).items if isinstance(i, Text)}
    planets = {m.name(h) for h in m if m.planets[h] is not None}
    pieces = {x for p in state.seats for x in (*(h for h, _ in p.buildings),
                                                *(x for f in p.federations for x in f))}
    assert planets | pieces <= shown
    empty = sorted({m.name(h) for h in m} - planets - pieces)
    assert empty and not set(empty) & shown
    lit = scene(state, highlight=[f"hex:{empty[0]}"])
    assert empty[0] in {i.text for i in lit.items if isinstance(i, Text)}
    # a highlighted planet is named once
    again = scene(state, highlight=["hex:5A4"])
    assert [i.text for i in again.items if isinstance(i, Text)].count("5A4") == 1


def test_players_are_named_as_the_session_and_the_score_table_name_them() -> None:
    import gaia_lab

    session = gaia_lab.Session("gaia_project", seed=1)
    assert session.names == session.score_breakdown().players == ("p1", "p2")
    board = scene(session.state)
    assert board.find("seat:0").title.startswith("p1:")  # type: ignore[union-attr]
    assert any(t.text == "Gaia Project: choosing factions; now: p1"
               for t in board.items if isinstance(t, Text))
    while not session.state.seats[1].faction:
        session.play(session.legal_actions()[0])
    names = session.names
    assert names == session.score_breakdown().players
    board = scene(session.state)
    for seat, faction in enumerate(names):
        assert seat_name(session.state, seat) == faction  # the notation's name, not "Terrans"
        assert board.find(f"seat:{seat}").title.startswith(  # type: ignore[union-attr]
            faction + ":")
        assert faction_name(faction) not in {t.text for t in board.items if isinstance(t, Text)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_other_tables_and_the_last_example_keep_texts_apart(players: int) -> None:
    """Other player counts, seeded setups (other boosters and tiles), the last example."""
    import gaia_lab

    for state in (GPState.new(players, DEEP_MIND_2_SETUP),
                  *(gaia_lab.Session("gaia_project", players=players, seed=seed).state
                    for seed in range(1, 9)),
                  gaia_lab.examples("gaia_project")[-1].run().state):
        board = scene(state, width=900)  # type: ignore[arg-type]
        assert not _text_clashes(board)
        assert min(t.size for t in board.items if isinstance(t, Text)) >= TEXT
