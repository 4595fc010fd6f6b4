"""The Gaia Project table as a :class:`~gaia_lab.render.shapes.Scene`.

:func:`scene` draws a whole position: a header (round, phase, who acts), the space map
(every sector's hexes, planets coloured by type with a legend, structures in their owner's
colour and shape, Gaiaformers, satellites, federations outlined, the Lost Planet), the
research board (six areas with their levels and the players' markers, the tech tiles, the
advanced tiles, the federation token on Terraforming level 5, the power and Q.I.C. actions),
the scoring board (round tiles with the current round, the two final tiles with each
player's count), the boosters left, and one panel per player. :func:`vp_chart` draws a
final score as horizontal stacked bars by source. The drawing is a pure function of the
state: the same state gives the same SVG bytes.

Clickable ids: ``hex:<log name>`` on each hex of the map (``hex:5A4``, ``hex:10C``),
``track:<code>:<level>`` on the research levels, ``tech:<position>`` on the tech tile
spaces (``tech:terra``, ``tech:free1``, ``tech:adv-nav``), ``action:<id>`` on the power and
Q.I.C. actions, ``booster:<id>`` on the boosters, ``round:<n>`` and ``final:<tile>`` on
the scoring tiles and ``seat:<n>`` on the players' panels.

>>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
>>> board = scene(GPState.new(4, DEEP_MIND_2_SETUP))
>>> board.width, sum(1 for i in board.ids() if i.startswith("hex:"))
(1200, 190)
>>> board.hit(*centre(board, "hex:10A3"))
'hex:10A3'
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from gaia_lab.core.hexgrid import Hex, corners, to_pixel
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.games.gaia_project.components import (
    ADVANCED_POSITIONS,
    PLANET_TYPES,
    RESEARCH_TRACKS,
    TECH_POSITIONS,
    TRACK_CODES,
    Components,
    load_components,
)
from gaia_lab.games.gaia_project.state import GPState
from gaia_lab.render.layout import (
    GOLD,
    INK,
    MARGIN,
    MUTED,
    centre,
    fit,
    highlight_items,
    light,
    wrap,
)
from gaia_lab.render.shapes import Circle, Item, Line, Point, Polygon, Rect, Scene, Text

__all__ = [
    "PLANET_STYLE",
    "VP_CATEGORIES",
    "board_scene",
    "centre",
    "faction_name",
    "map_scene",
    "player_colour",
    "player_scene",
    "research_scene",
    "scene",
    "scoring_scene",
    "vp_by_category",
    "vp_chart",
]

SPACE: Final = "#17203d"
SPACE_EDGE: Final = "#34406a"
SECTOR_EDGE: Final = "#8c9bd0"
PANEL: Final = "#f6f5f1"
EDGE: Final = "#c9c6bd"

PLANET_STYLE: Final[dict[str, tuple[str, str]]] = {
    "terra": ("#2f6fd0", "Terra"),
    "desert": ("#f3d23b", "Desert"),
    "swamp": ("#5e3a1a", "Swamp"),
    "oxide": ("#d8402c", "Oxide"),
    "volcanic": ("#f28a1e", "Volcanic"),
    "titanium": ("#8f979f", "Titanium"),
    "ice": ("#eef3f8", "Ice"),
    "gaia": ("#3daa4a", "Gaia"),
    "transdim": ("#c98ee0", "Transdim"),
    "lost": ("#111111", "Lost Planet"),
}
"""Planet type: fill colour and name (a player's colour is the one of its home type).
The colours stay apart under the common colour-vision deficiencies
(tests/test_render_colours.py)."""

STRUCTURE_NAMES: Final[dict[str, str]] = {
    "m": "mine", "ts": "trading station", "lab": "research lab", "PI": "planetary institute",
    "ac1": "academy (knowledge)", "ac2": "academy (Q.I.C.)", "lp": "mine on the Lost Planet",
    "sp": "space station",
}
"""Building codes of the state, in words."""

_STRUCTURE_LIMITS: Final = (("m", "mines", 8), ("ts", "TS", 4), ("lab", "labs", 3),
                            ("PI", "PI", 1), ("ac", "AC", 2))

TRACK_NAMES: Final[dict[str, str]] = {
    "terraforming": "Terraform.", "navigation": "Navigation", "intelligence": "Intellig.",
    "gaia_project": "Gaia Proj.", "economy": "Economy", "science": "Science",
}

TECH_SHORT: Final[dict[str, str]] = {
    "tech1": "now 1o 1q", "tech2": "now 1k/type", "tech3": "PI&AC power 4",
    "tech4": "now 7 VP", "tech5": "income 1o 1pw", "tech6": "income 1k 1c",
    "tech7": "Gaia mine 3VP", "tech8": "income 4c", "tech9": "action: 4pw",
    "advtech1": "pass: 3VP/fed", "advtech2": "research: 2VP", "advtech3": "action: 1q 5c",
    "advtech4": "now 2VP/mine", "advtech5": "pass: 3VP/lab", "advtech6": "now 1o/sector",
    "advtech7": "pass: 1VP/type", "advtech8": "now 2VP/Gaia", "advtech9": "now 4VP/TS",
    "advtech10": "now 2VP/sector", "advtech11": "action: 3o", "advtech12": "now 5VP/fed",
    "advtech13": "action: 3k", "advtech14": "mine: 3VP", "advtech15": "TS: 3VP",
}
"""A tech tile in a few characters (the full text is the element's title)."""

FINAL_SHORT: Final[dict[str, str]] = {
    "structure": "structures", "structureFed": "structures in federations",
    "planetType": "planet types", "gaia": "Gaia planets", "sector": "sectors",
    "satellite": "satellites",
}


# --------------------------------------------------------------------------
# Small helpers


def faction_name(faction: str) -> str:
    """A faction id in words.

    >>> faction_name("hadsch-hallas"), faction_name("baltaks"), faction_name("")
    ('Hadsch Hallas', "Bal T'aks", '?')
    """
    if not faction:
        return "?"
    if faction == "baltaks":
        return "Bal T'aks"
    return faction.replace("-", " ").title()


def player_colour(faction: str) -> str:
    """The colour of a faction's pieces: the colour of its home planet type.

    >>> player_colour("terrans"), player_colour("")
    ('#2f6fd0', '#cccccc')
    """
    if not faction:
        return "#cccccc"
    return PLANET_STYLE[load_components().faction(faction).home_planet][0]


def _ink(colour: str) -> str:
    r, g, b = (int(colour[i: i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def _edge(colour: str) -> str:
    return MUTED if light(colour) else INK


def _chip(x: float, y: float, w: float, h: float, label: str, *, fill: str,
          title: str | None = None, id: str | None = None, size: float = 8.5,
          stroke: str = EDGE, opacity: float = 1.0) -> list[Item]:
    return [Rect(x, y, w, h, fill=fill, stroke=stroke, radius=3, id=id, title=title,
                 opacity=opacity),
            Text(x + w / 2, y + h / 2, fit(label, w - 2, size), size=size, anchor="middle",
                 baseline="middle", fill=_ink(fill), opacity=opacity)]


def _short(text: str) -> str:
    """Long building names shortened.

    >>> _short("planetary institute or academy built")
    'PI or academy built'
    """
    for long, short in (("planetary institute", "PI"), ("trading station", "TS"),
                        ("research lab", "lab"), ("Gaia planet owned", "Gaia planet")):
        text = text.replace(long, short)
    return text


def _shrink(points: Sequence[Point], cx: float, cy: float, f: float) -> tuple[Point, ...]:
    return tuple((cx + (x - cx) * f, cy + (y - cy) * f) for x, y in points)


# --------------------------------------------------------------------------
# The map


class _Frame:
    """Pixel positions of the map's hexes (flat-topped), fitted into a width."""

    def __init__(self, hexes: Iterable[Hex], width: float) -> None:
        pts = [p for h in hexes for p in corners(h, 1.0, "flat")]
        xs = [x for x, _ in pts]
        ys = [y for _, y in pts]
        self.size = round((width - 8) / (max(xs) - min(xs)), 2)
        self.origin = (round(4 - min(xs) * self.size, 2), round(4 - min(ys) * self.size, 2))
        self.height = round((max(ys) - min(ys)) * self.size + 8, 2)

    def centre(self, h: Hex) -> Point:
        return to_pixel(h, self.size, "flat", self.origin)

    def corners(self, h: Hex) -> tuple[Point, ...]:
        return corners(h, self.size, "flat", self.origin)


def _structure(code: str, cx: float, cy: float, s: float, colour: str,
               title: str) -> list[Item]:
    """A building in its owner's colour: mine (house), trading station (square), research
    lab (circle), planetary institute (hexagon), academy (diamond), space station (star)."""
    edge = _edge(colour)
    shape: Item
    label = ""
    if code in ("m", "lp"):
        r = 0.36 * s
        shape = Polygon(((cx, cy - r * 1.1), (cx + r, cy - r * 0.2), (cx + r, cy + r),
                         (cx - r, cy + r), (cx - r, cy - r * 0.2)), fill=colour, stroke=edge,
                        stroke_width=1.5, title=title)
    elif code == "ts":
        r = 0.4 * s
        shape = Rect(cx - r, cy - r, 2 * r, 2 * r, fill=colour, stroke=edge, stroke_width=1.5,
                     radius=2, title=title)
        label = "TS"
    elif code == "lab":
        shape = Circle(cx, cy, 0.44 * s, fill=colour, stroke=edge, stroke_width=1.5,
                       title=title)
        label = "RL"
    elif code == "sp":
        r = 0.42 * s
        pts = tuple((cx + (r if k % 2 == 0 else 0.4 * r) * math.cos(math.pi * k / 4),
                     cy + (r if k % 2 == 0 else 0.4 * r) * math.sin(math.pi * k / 4))
                    for k in range(8))
        shape = Polygon(pts, fill=colour, stroke=edge, stroke_width=1.5, title=title)
    elif code == "PI":
        r = 0.52 * s
        pts = tuple((cx + r * dx, cy + r * dy) for dx, dy in
                    ((1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87), (0.5, -0.87)))
        shape = Polygon(pts, fill=colour, stroke=edge, stroke_width=1.5, title=title)
        label = "PI"
    else:
        r = 0.54 * s
        shape = Polygon(((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)),
                        fill=colour, stroke=edge, stroke_width=1.5, title=title)
        label = "AC"
    out: list[Item] = [shape]
    if label:
        out.append(Text(cx, cy, label, size=max(6.0, 0.3 * s), weight="bold",
                        anchor="middle", baseline="middle", fill=_ink(colour)))
    return out


def _outline(frame: _Frame, hexes: set[Hex], colour: str, inset: float,
             title: str) -> list[Item]:
    """A set of hexes tinted, with its border drawn just inside it."""
    out: list[Item] = [Polygon(frame.corners(h), fill=colour, opacity=0.2, title=title)
                       for h in sorted(hexes)]
    for h in sorted(hexes):
        cx, cy = frame.centre(h)
        mine = frame.corners(h)
        for n in h.neighbors():
            if n in hexes:
                continue
            theirs = set(corners(n, frame.size, "flat", frame.origin))
            shared = [p for p in mine if p in theirs]
            if len(shared) != 2:
                continue
            (x1, y1), (x2, y2) = _shrink(shared, cx, cy, inset)
            out.append(Line(x1, y1, x2, y2, stroke=colour, width=3.2))
    return out


def map_scene(state: GPState, width: float = 700.0, *,
              annotate: Mapping[str, str] | None = None) -> Scene:
    """The space map: sectors, planets, buildings, Gaiaformers, satellites, federations.

    ``annotate`` puts a label on hexes (a hex name to a short text, e.g. a cost).

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> m = map_scene(GPState.new(4, DEEP_MIND_2_SETUP), annotate={"5A4": "2o"})
    >>> m.find("hex:5A4").title
    '5A4: Ice planet, sector 5'
    >>> [i.text for i in m.items if isinstance(i, Text) and i.text == "2o"]
    ['2o']
    """
    smap = state.space_map
    frame = _Frame(smap, width)
    s = frame.size
    lost = next((h for p in state.seats for h, b in p.buildings if b == "lp"), "")
    items: list[Item] = list(_space(state.setup.sectors, width, state.gaia_hexes, lost))
    # federations
    for p in state.seats:
        colour = player_colour(p.faction)
        for k, fed in enumerate(p.federations):
            title = f"{faction_name(p.faction)}: federation {k + 1}"
            items += _outline(frame, {smap.hex(x) for x in fed}, colour,
                              0.93, title)
    # satellites
    for seat, p in enumerate(state.seats):
        colour = player_colour(p.faction)
        built = {h for h, _ in p.buildings}
        sats = sorted({x for fed in p.federations for x in fed} - built)
        for x in sats:
            cx, cy = frame.centre(smap.hex(x))
            dx, dy = ((-0.3, -0.35), (0.3, -0.35), (-0.3, 0.25), (0.3, 0.25))[seat % 4]
            items.append(Circle(cx + dx * s, cy + dy * s, 0.17 * s, fill=colour,
                                stroke=_edge(colour), stroke_width=1.2,
                                title=f"{faction_name(p.faction)}: satellite on {x}"))
    # buildings and gaiaformers
    drawn: dict[str, int] = {}
    for p in state.seats:
        colour = player_colour(p.faction)
        for x, b in p.buildings:
            cx, cy = frame.centre(smap.hex(x))
            title = f"{x}: {faction_name(p.faction)} {STRUCTURE_NAMES.get(b, b)}"
            k = drawn.get(x, 0)
            drawn[x] = k + 1
            if k:  # a second building on one planet (a Lantids mine): smaller, aside
                items += _structure(b, cx + 0.42 * s, cy + 0.3 * s, 0.6 * s, colour, title)
            else:
                items += _structure(b, cx, cy - 0.08 * s, s, colour, title)
        for x in p.gaiaformers:
            cx, cy = frame.centre(smap.hex(x))
            r = 0.3 * s
            items.append(Rect(cx - r, cy - r * 1.1, 2 * r, 1.7 * r, fill=colour,
                              stroke="#ff6fb5", stroke_width=2, radius=r * 0.6,
                              title=f"{x}: {faction_name(p.faction)} Gaiaformer"))
            items.append(Text(cx, cy - 0.22 * r, "GF", size=max(5.5, 0.27 * s),
                              weight="bold", anchor="middle", baseline="middle",
                              fill=_ink(colour)))
    # annotations
    for x, label in sorted((annotate or {}).items()):
        cx, cy = frame.centre(smap.hex(x))
        w = max(0.9 * s, 0.62 * 0.34 * s * len(label) + 6)
        items.append(Rect(cx - w / 2, cy - 0.86 * s + 2, w, 0.4 * s, fill="#fff3c4",
                          stroke=GOLD, stroke_width=1, radius=3, opacity=0.95))
        items.append(Text(cx, cy - 0.66 * s + 2, label, size=0.32 * s, weight="bold",
                          anchor="middle", baseline="middle", fill=INK))
    return Scene(width, frame.height, tuple(items))


@functools.lru_cache(maxsize=32)
def _space(sectors: tuple[tuple[str, int, int, int], ...], width: float,
           gaia_hexes: tuple[str, ...], lost: str) -> tuple[Item, ...]:
    """The map without the players' pieces (hexes, planets, names, sector borders): it only
    changes when a Transdim planet turns Gaia or the Lost Planet is placed, so it is drawn
    once per such change and width."""
    from gaia_lab.games.gaia_project.state import _space_map

    smap = _space_map(sectors)
    frame = _Frame(smap, width)
    s = frame.size
    items: list[Item] = []
    for h in smap:
        name = smap.name(h)
        cx, cy = frame.centre(h)
        planet = "lost" if name == lost else smap.planets[h]
        what = "empty space" if planet is None else f"{PLANET_STYLE[planet][1]} planet"
        if name in gaia_hexes:
            what = "Gaia planet (a Transdim planet transformed)"
            planet = "gaia"
        items.append(Polygon(frame.corners(h), fill=SPACE, stroke=SPACE_EDGE, stroke_width=1,
                             id=f"hex:{name}",
                             title=f"{name}: {what}, sector {smap.sector_of(h)}"))
        if planet is not None:
            fill = PLANET_STYLE[planet][0]
            ring = "#c9a7ee" if name in gaia_hexes else (
                "#f5f5f5" if planet == "lost" else "#0b0f1f")
            items.append(Circle(cx, cy - 0.08 * s, 0.5 * s, fill=fill, stroke=ring,
                                stroke_width=2 if ring != "#0b0f1f" else 1))
        items.append(Text(cx, cy + 0.69 * s, name, size=max(5.5, 0.25 * s), anchor="middle",
                          fill="#aab4d8"))
    # sector borders
    for h in smap:
        sector = smap.sector_of(h)
        mine = frame.corners(h)
        for n in h.neighbors():
            if n in smap.planets and smap.sector_of(n) == sector:
                continue
            if n in smap.planets and n < h:
                continue
            theirs = set(corners(n, s, "flat", frame.origin))
            shared = [p for p in mine if p in theirs]
            if len(shared) == 2:
                items.append(Line(shared[0][0], shared[0][1], shared[1][0], shared[1][1],
                                  stroke=SECTOR_EDGE, width=2))
    return tuple(items)


def legend_scene(width: float) -> Scene:
    """The planet colours and building shapes."""
    items: list[Item] = []
    x, y = 4.0, 12.0
    for t in (*PLANET_TYPES, "lost"):
        fill, label = PLANET_STYLE[t]
        w = 14 + 6.2 * len(label) + 10
        if x + w > width:
            x, y = 4.0, y + 20
        items.append(Circle(x + 6, y, 6, fill=fill, stroke=INK, stroke_width=1))
        items.append(Text(x + 15, y, label, size=10, baseline="middle", fill=INK))
        x += w
    x, y = 4.0, y + 22
    for code, label in (("m", "mine"), ("ts", "trading station"), ("lab", "research lab"),
                        ("PI", "planetary institute"), ("ac1", "academy")):
        w = 22 + 6.2 * len(label) + 8
        if x + w > width:
            x, y = 4.0, y + 22
        items += _structure(code, x + 9, y, 22, "#d0d0d0", label)
        items.append(Text(x + 22, y, label, size=10, baseline="middle", fill=INK))
        x += w
    items.append(Text(x + 4, y, "GF Gaiaformer, ● satellite, outline: federation", size=10,
                      baseline="middle", fill=MUTED))
    return Scene(width, y + 12, tuple(items))


# --------------------------------------------------------------------------
# The research board


def _markers(state: GPState, cx: float, cy: float, seats: Sequence[int]) -> list[Item]:
    out: list[Item] = []
    n = len(seats)
    for k, seat in enumerate(seats):
        p = state.seats[seat]
        colour = player_colour(p.faction)
        x = cx + (k - (n - 1) / 2) * 13
        out.append(Circle(x, cy, 5.5, fill=colour, stroke=_edge(colour), stroke_width=1.3,
                          title=f"{faction_name(p.faction)}"))
    return out


def research_scene(state: GPState, width: float, components: Components) -> Scene:
    """The six research areas, the tech tiles and the power and Q.I.C. actions.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> r = research_scene(GPState.new(4, DEEP_MIND_2_SETUP), 470, load_components())
    >>> r.find("tech:adv-nav").title
    'advtech1: When passing: 3 VP per federation token you have.'
    >>> r.find("track:terra:5").title
    'Terraforming level 5: the federation token fed6 (2k 6vp)'
    """
    items: list[Item] = [Rect(0, 0, width, 10, fill=None)]
    col = (width - 4) / 6
    y0 = 20.0
    row = 24.0
    items.append(Text(2, 12, "Research", size=12, weight="bold", fill=INK))
    seats_by = [[[i for i, p in enumerate(state.seats) if p.faction and p.level(t) == lv]
                 for lv in range(6)] for t in RESEARCH_TRACKS]
    terra_token_taken = any(p.faction and p.level("terraforming") == 5 for p in state.seats)
    owners_of: dict[str, list[tuple[int, bool]]] = {}
    for i, p in enumerate(state.seats):
        for pos, _, covered in p.techs:
            owners_of.setdefault(pos, []).append((i, covered))
    for k, track in enumerate(RESEARCH_TRACKS):
        code = TRACK_CODES[track]
        x = 2 + k * col
        items.append(Rect(x, y0, col - 3, 16, fill="#3b4a73", radius=3))
        items.append(Text(x + (col - 3) / 2, y0 + 8, TRACK_NAMES[track], size=9,
                          weight="bold", anchor="middle", baseline="middle", fill="#ffffff"))
        y = y0 + 19
        level_y: dict[int, float] = {}
        for lv in (5, "adv", 4, 3, 2, 1, 0):
            if lv == "adv":
                pos = ADVANCED_POSITIONS[k]
                tile = state.setup.tech_at(pos)
                t = components.tech(tile)
                holders = owners_of.get(pos, [])
                fill = "#e8d9f7" if not holders else "#d6d6d6"
                items += _chip(x, y, col - 3, 26, "", fill=fill, id=f"tech:{pos}",
                               title=f"{tile}: {t.text}")
                items.append(Text(x + 3, y + 10, tile.replace("advtech", "adv "), size=8,
                                  weight="bold", fill="#5a2e8c"))
                items.append(Text(x + 3, y + 21, fit(TECH_SHORT.get(tile, t.text), col - 6,
                                                     7.5), size=7.5, fill=INK))
                for j, (seat, _) in enumerate(holders):
                    c = player_colour(state.seats[seat].faction)
                    items.append(Circle(x + col - 11 - 10 * j, y + 7, 4.5, fill=c,
                                        stroke=_edge(c)))
                y += 29
                continue
            assert isinstance(lv, int)
            level_y[lv] = y
            fill = "#fbe9c6" if lv == 5 else ("#eef0f6" if lv % 2 else "#e3e7f1")
            title = f"{track.replace('_', ' ').capitalize()} level {lv}"
            if lv == 5 and track == "terraforming":
                token = state.setup.terraforming_federation
                fed = components.federation_token(token)
                title += (f": the federation token {token} ({fed.reward})" if not
                          terra_token_taken else f": the federation token {token} (taken)")
            if lv == 5 and track == "navigation":
                title += ": the Lost Planet"
            items.append(Rect(x, y, col - 3, row - 2, fill=fill, stroke=EDGE, radius=2,
                              id=f"track:{code}:{lv}", title=title))
            items.append(Text(x + 3, y + 15, str(lv), size=9, weight="bold", fill=MUTED))
            if lv == 5 and track == "terraforming" and not terra_token_taken:
                items.append(Rect(x + col - 24, y + 3, 18, row - 8, fill="#2f8f3a", radius=3,
                                  title=title))
                items.append(Text(x + col - 15, y + row / 2 - 1, "fed", size=7,
                                  anchor="middle", baseline="middle", fill="#ffffff"))
            if lv == 5 and track == "navigation":
                items.append(Circle(x + col - 14, y + row / 2 - 1, 6, fill="#111111",
                                    stroke="#f5f5f5", title="the Lost Planet"))
            items += _markers(state, x + (col - 3) / 2 + 3, y + row / 2 - 1, seats_by[k][lv])
            y += row
        # the standard tile under the area
        pos = TECH_POSITIONS[k]
        tile = state.setup.tech_at(pos)
        items += _tech_tile(state, components, x, y + 4, col - 3, pos, tile,
                            owners_of.get(pos, []))
    y = y0 + 19 + 29 + 6 * row + 4 + 40
    for j, pos in enumerate(TECH_POSITIONS[6:]):
        w = (width - 4) / 3
        tile = state.setup.tech_at(pos)
        items += _tech_tile(state, components, 2 + j * w, y, w - 3, pos, tile,
                            owners_of.get(pos, []))
    y += 42
    items.append(Text(2, y + 10, "Power and Q.I.C. actions (grey: used this round)", size=9,
                      fill=MUTED))
    y += 16
    actions = components.board_actions
    aw = (width - 4) / 5
    for j, a in enumerate(actions):
        x = 2 + (j % 5) * aw
        yy = y + (j // 5) * 30
        used = a.id in state.board_used
        cost = f"{a.cost}{'pw' if a.kind == 'power' else 'q'}"
        gain = str(a.gain) if a.gain else a.effect.replace("terraforming", "terra.")
        fill = "#d8d8d8" if used else ("#f6d5e8" if a.kind == "power" else "#cfeadb")
        items.append(Rect(x, yy, aw - 3, 27, fill=fill, stroke=EDGE, radius=3,
                          id=f"action:{a.id}",
                          title=f"{a.id}: pay {cost}, gain {gain}" + (" (used)" if used
                                                                      else "")))
        items.append(Text(x + 3, yy + 11, f"{a.id} {cost}", size=8, weight="bold",
                          fill=MUTED if used else INK))
        short = {"power2": "2 steps + mine", "power6": "1 step + mine",
                 "qic1": "a tech tile", "qic2": "fed token again"}.get(a.id, gain)
        items.append(Text(x + 3, yy + 22, fit(short, aw - 8, 8), size=8,
                          fill=MUTED if used else INK))
    y += 30 * ((len(actions) + 4) // 5)
    return Scene(width, y, tuple(items))


def _tech_tile(state: GPState, components: Components, x: float, y: float, w: float,
               pos: str, tile: str, holders: Sequence[tuple[int, bool]]) -> list[Item]:
    t = components.tech(tile)
    out: list[Item] = [Rect(x, y, w, 36, fill="#fdf3dc", stroke="#d8b866", radius=3,
                            id=f"tech:{pos}", title=f"{tile}: {t.text}")]
    out.append(Text(x + 3, y + 11, tile, size=8, weight="bold", fill="#8a6210"))
    out.append(Text(x + 3, y + 22, fit(TECH_SHORT.get(tile, t.text), w - 4, 7.5), size=7.5,
                    fill=INK))
    for j, (seat, covered) in enumerate(holders):
        c = player_colour(state.seats[seat].faction)
        cx = x + 7 + 11 * j
        out.append(Circle(cx, y + 30, 4.2, fill=None if covered else c, stroke=_edge(c),
                          stroke_width=1.3,
                          title=f"{faction_name(state.seats[seat].faction)}"
                                + (" (covered)" if covered else "")))
    return out


# --------------------------------------------------------------------------
# The scoring board and the boosters


def scoring_scene(state: GPState, width: float, components: Components) -> Scene:
    """Round tiles (the current one marked), the final tiles with each player's count and
    the boosters left in the supply.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> s = scoring_scene(GPState.new(4, DEEP_MIND_2_SETUP), 470, load_components())
    >>> s.find("round:1").title
    'Round 1: 2 VP per terraforming step'
    """
    from gaia_lab.games.gaia_project.final_scoring import FinalCounts
    from gaia_lab.games.gaia_project.scoring import final_counts

    items: list[Item] = [Text(2, 12, "Scoring", size=12, weight="bold", fill=INK)]
    w = (width - 4) / 6
    y = 18.0
    for k, tile_id in enumerate(state.setup.round_scoring):
        r = components.round_tile(tile_id)
        n = k + 1
        current = n == state.round and state.phase != "over"
        past = n < state.round or state.phase == "over"
        x = 2 + k * w
        fill = "#fff1c2" if current else ("#e4e4e4" if past else "#eef3fb")
        items.append(Rect(x, y, w - 3, 46, fill=fill, stroke=GOLD if current else EDGE,
                          stroke_width=3 if current else 1, radius=4, id=f"round:{n}",
                          title=f"Round {n}: {r.vp} VP per {r.event}"))
        items.append(Text(x + 4, y + 12, f"R{n}  {r.vp} VP", size=9, weight="bold",
                          fill=MUTED if past else INK))
        for j, line in enumerate(wrap(_short(r.event), int((w - 8) / 4.6), 2)):
            items.append(Text(x + 4, y + 24 + 10 * j, line, size=8,
                              fill=MUTED if past else INK))
    y += 52
    counts: list[FinalCounts | None] = []
    for p in state.seats:
        c = final_counts(state, p) if p.faction else None
        counts.append(c if isinstance(c, FinalCounts) else None)
    for k, tile_id in enumerate(state.setup.final_scoring):
        items.append(Rect(2, y, width - 4, 24, fill="#e9f2e4", stroke=EDGE, radius=4,
                          id=f"final:{tile_id}",
                          title=f"Final tile {k + 1}: most {FINAL_SHORT.get(tile_id, tile_id)}"
                                " (18 / 12 / 6 VP)"))
        items.append(Text(7, y + 12, fit(f"Final {k + 1}: {FINAL_SHORT.get(tile_id, tile_id)}",
                                         160, 9),
                          size=9, weight="bold", baseline="middle", fill=INK))
        ranked = sorted(((c.count(tile_id), i) for i, c in enumerate(counts)
                         if c is not None), key=lambda v: (-v[0], v[1]))
        for j, (n, seat) in enumerate(ranked):
            colour = player_colour(state.seats[seat].faction)
            cx = 180 + j * ((width - 190) / max(1, len(ranked)))
            items.append(Circle(cx, y + 12, 8, fill=colour, stroke=_edge(colour),
                                stroke_width=1.3,
                                title=f"{faction_name(state.seats[seat].faction)}: {n}"))
            items.append(Text(cx, y + 12, str(n), size=8, weight="bold", anchor="middle",
                              baseline="middle", fill=_ink(colour)))
            items.append(Text(cx + 11, y + 12, fit(faction_name(state.seats[seat].faction),
                                                    (width - 190) / 4 - 22, 8),
                              size=8, baseline="middle", fill=MUTED))
        y += 28
    y += 4
    items.append(Text(2, y + 10, "Boosters in the supply", size=9, fill=MUTED))
    y += 15
    bw = (width - 4) / max(4, len(state.boosters) or 1)
    for j, b in enumerate(state.boosters):
        booster = components.booster(b)
        x = 2 + j * bw
        items.append(Rect(x, y, bw - 3, 38, fill="#e8eefc", stroke=EDGE, radius=3,
                          id=f"booster:{b}", title=f"{b}: {booster.text}"))
        items.append(Text(x + 3, y + 11, b.replace("booster", "booster "), size=8,
                          weight="bold", fill=INK))
        for i, line in enumerate(_booster_lines(b, components)):
            items.append(Text(x + 3, y + 22 + 10 * i, fit(line, bw - 8, 8), size=8,
                              fill=INK))
    y += 42 if state.boosters else 0
    return Scene(width, y, tuple(items))


def _booster_lines(booster_id: str, components: Components) -> tuple[str, ...]:
    b = components.booster(booster_id)
    second = ""
    if b.pass_vp:
        second = f"pass: {b.pass_vp} VP/{_short(b.pass_vp_per)}"
    elif b.action:
        second = "act: range+3" if booster_id == "booster5" else "act: 1 step"
    return (f"+{b.income}", second) if second else (f"+{b.income}",)


# --------------------------------------------------------------------------
# Players


def player_scene(state: GPState, seat: int, width: float, components: Components, *,
                 viewer: int | None = None) -> Scene:
    """One player's panel: faction, VP, resources, power, booster, tiles, pieces left.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> panel = player_scene(GPState.new(4, DEEP_MIND_2_SETUP), 0, 290, load_components())
    >>> panel.find("seat:0").title
    'p1 ?'
    """
    from gaia_lab.games.gaia_project.rules import actor, gaiaformers

    p = state.seats[seat]
    colour = player_colour(p.faction)
    acting = actor(state) == seat
    items: list[Item] = []
    head = f"p{seat + 1} {faction_name(p.faction)}"
    items.append(Rect(0, 0, width, 24, fill=colour, stroke=_edge(colour), radius=4,
                      id=f"seat:{seat}", title=head))
    marks = [m for m, on in (("passed", p.passed), ("to act", acting),
                             ("you", viewer == seat)) if on]
    items.append(Text(6, 12, fit(head + (f"  ({', '.join(marks)})" if marks else ""),
                                 width - 70, 11),
                      size=11, weight="bold", baseline="middle", fill=_ink(colour)))
    items.append(Text(width - 6, 12, f"{p.vp} VP", size=12, weight="bold", anchor="end",
                      baseline="middle", fill=_ink(colour)))
    y = 30.0
    cells = (("ore", p.ore, "#8d8d8d"), ("knowledge", p.knowledge, "#5b8fd6"),
             ("credits", p.credits, "#e0b030"), ("Q.I.C.", p.qic, "#3fae6a"))
    cw = width / 4
    for k, (label, n, c) in enumerate(cells):
        x = k * cw
        items.append(Rect(x + 2, y, cw - 4, 30, fill="#ffffff", stroke=c, stroke_width=2,
                          radius=4, title=f"{label}: {n}"))
        items.append(Text(x + cw / 2, y + 12, str(n), size=12, weight="bold",
                          anchor="middle", baseline="middle", fill=INK))
        items.append(Text(x + cw / 2, y + 25, label, size=8, anchor="middle", fill=MUTED))
    y += 36
    names = ("I", "II", "III", "Gaia")
    bw = width / 4
    for k, n in enumerate(p.bowls):
        cx = k * bw + bw / 2
        fill = "#e5ddf5" if k < 3 else "#d5efd8"
        stroke = "#7a5fb0" if k < 3 else "#3daa4a"
        items.append(Circle(cx, y + 17, 15, fill=fill, stroke=stroke, stroke_width=2,
                            title=f"power {'bowl ' + names[k] if k < 3 else 'Gaia area'}: {n}"))
        items.append(Text(cx, y + 17, str(n), size=12, weight="bold", anchor="middle",
                          baseline="middle", fill=INK))
        items.append(Text(cx + 17, y + 30, names[k], size=8, fill=MUTED))
    y += 38
    booster = p.booster
    used = ", ".join(p.used)
    line = f"booster: {booster} ({' '.join(_booster_lines(booster, components))})" \
        if booster else "booster: none"
    items.append(Text(4, y + 10, fit(line, width - 8, 9), size=9, fill=INK,
                      title=components.booster(booster).text if booster else None))
    y += 14
    if used:
        items.append(Text(4, y + 10, fit(f"used this round: {used}", width - 8, 9), size=9,
                          fill=MUTED))
        y += 14
    # tech tiles and federation tokens
    x = 4.0
    y += 2
    for pos, tile, covered in p.techs:
        label = tile.replace("advtech", "adv")
        w = 6.0 * len(label) + 8
        if x + w > width - 4:
            x, y = 4.0, y + 18
        fill = "#d8c6ee" if tile.startswith("adv") else "#fdf3dc"
        items += _chip(x, y, w, 15, label, fill=fill, size=8,
                       title=f"{tile} on {pos}: {components.tech(tile).text}"
                             + (" (covered)" if covered else ""),
                       opacity=0.4 if covered else 1.0)
        x += w + 3
    for token, flipped in p.fed_tokens:
        w = 6.0 * len(token) + 8
        if x + w > width - 4:
            x, y = 4.0, y + 18
        fed = components.federation_token(token)
        items += _chip(x, y, w, 15, token, fill="#9a9a9a" if flipped else (
            "#2f8f3a" if fed.green else "#7d6a3a"), size=8,
            title=f"federation token {token} ({fed.reward})"
                  + (", flipped" if flipped else ""))
        x += w + 3
    if p.techs or p.fed_tokens:
        y += 18
    # pieces left
    left = []
    for code, label, total in _STRUCTURE_LIMITS:
        built = p.count("ac1", "ac2") if code == "ac" else p.count(code)
        left.append(f"{label} {total - built}")
    items.append(Text(4, y + 10, fit("left: " + ", ".join(left), width - 8, 9), size=9,
                      fill=INK))
    y += 14
    gf = gaiaformers(p) if p.faction else 0
    items.append(Text(4, y + 10, fit(f"Gaiaformers {gf - len(p.gaiaformers)} of {gf}, "
                                     f"satellites {p.satellites}, "
                                     f"federations {len(p.federations)}", width - 8, 9),
                      size=9, fill=INK))
    y += 16
    return Scene(width, y, tuple(items), background=PANEL)


# --------------------------------------------------------------------------
# Highlights and the whole table


_PHASES: Final[dict[str, str]] = {
    "faction": "choosing factions", "setup_mines": "setup: placing mines",
    "setup_boosters": "setup: choosing boosters", "income": "income",
    "income_order": "income (ordering power)", "gaia": "Gaia phase",
    "gaia_tokens": "Gaia phase (converting tokens)", "actions": "actions",
    "over": "game over",
}


def header_scene(state: GPState, width: float) -> Scene:
    """Round, phase and who decides now."""
    from gaia_lab.games.gaia_project.rules import actor

    seat = actor(state)
    who = "" if seat is None else (
        f"; now: p{seat + 1} {faction_name(state.seats[seat].faction)}")
    task = f" ({state.pending[0].kind})" if state.pending else ""
    rnd = f"round {state.round}, " if state.round else ""
    text = f"Gaia Project: {rnd}{_PHASES.get(state.phase, state.phase)}{task}{who}"
    items: list[Item] = [Text(4, 18, fit(text, width - 8, 16), size=16, weight="bold",
                              fill=INK)]
    return Scene(width, 26, tuple(items))


def board_scene(state: GPState, *, width: float = 1200,
                annotate: Mapping[str, str] | None = None) -> Scene:
    """The map with its legend on the left, the research and scoring boards on the right."""
    components = load_components()
    inner = width - 2 * MARGIN
    map_w = round(inner * 0.58)
    side_w = inner - map_w - 14
    space = map_scene(state, map_w, annotate=annotate)
    legend = legend_scene(map_w)
    research = research_scene(state, side_w, components)
    scoring = scoring_scene(state, side_w, components)
    left = Scene.stack(space, legend, gap=6)
    right = Scene.stack(research, scoring, gap=10)
    return Scene.compose([(left, 0, 0), (right, map_w + 14, 0)])


def scene(state: GPState, *, highlight: Iterable[str] = (), viewer: int | None = None,
          width: int = 1200, annotate: Mapping[str, str] | None = None) -> Scene:
    """The whole Gaia Project table.

    ``highlight`` ids get a gold outline; ``viewer`` marks that seat's panel (the game has
    no hidden information); ``annotate`` labels hexes (hex name to text, e.g. the ore a
    mine would cost there).

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> st = GPState.new(4, DEEP_MIND_2_SETUP)
    >>> plain, lit = scene(st), scene(st, highlight=["hex:1B5", "tech:nav"])
    >>> len(lit.items) - len(plain.items), plain.to_svg() == scene(st).to_svg()
    (2, True)
    """
    components = load_components()
    inner = width - 2 * MARGIN
    parts: list[tuple[Scene, float, float]] = []
    y = MARGIN
    head = header_scene(state, inner)
    parts.append((head, MARGIN, y))
    y += head.height + 4
    board = board_scene(state, width=width, annotate=annotate)
    parts.append((board, MARGIN, y))
    y += board.height + 12
    n = len(state.seats)
    per_row = 4 if n >= 4 else n
    pw = (inner - 10 * (per_row - 1)) / per_row
    panels = [player_scene(state, i, pw, components, viewer=viewer) for i in range(n)]
    for r in range(0, n, per_row):
        row = panels[r:r + per_row]
        for j, panel in enumerate(row):
            parts.append((panel, MARGIN + j * (pw + 10), y))
        y += max(p.height for p in row) + 10
    total = Scene.compose(parts, width, y, background="#ffffff",
                          title=f"Gaia Project, round {state.round}, {state.phase}")
    return total.with_items(*highlight_items(total, highlight, width=3.5, radius=6,
                                             follow=(Polygon,)))


# --------------------------------------------------------------------------
# VP by source


VP_CATEGORIES: Final = (
    ("start", "starting VP", "#b8b8b8"),
    ("rounds", "round tiles", "#3b7ddd"),
    ("boosters", "boosters", "#7fb3e0"),
    ("techs", "tech tiles", "#f2a93b"),
    ("federations", "federations", "#3daa4a"),
    ("qic", "Q.I.C. actions", "#1f7a52"),
    ("research", "research (levels, final)", "#8c52c9"),
    ("final", "final tiles", "#d8402c"),
    ("resources", "resources left", "#8a5a2e"),
    ("charge", "power charges (VP paid)", "#555555"),
    ("other", "other", "#dddddd"),
)
"""The chart's categories: key, label, colour."""

_TRACK_SOURCES: Final = frozenset(TRACK_CODES.values())


def _category(source: str) -> str:
    if source == "start":
        return "start"
    if source.startswith("round"):
        return "rounds"
    if source.startswith("booster"):
        return "boosters"
    if source.startswith(("tech-", "adv-")):
        return "techs"
    if source == "federation":
        return "federations"
    if source.startswith("qic"):
        return "qic"
    if source in _TRACK_SOURCES:
        return "research"
    if source.startswith("final"):
        return "final"
    if source == "spend":
        return "resources"
    if source == "charge":
        return "charge"
    return "other"


def vp_by_category(breakdown: ScoreBreakdown) -> dict[str, list[int]]:
    """Each chart category's VP per player (categories with no VP left out).

    >>> from gaia_lab.core.scoring import ScoreLine
    >>> b = ScoreBreakdown(("a", "b"), (ScoreLine(0, "round2", 9, None, ""),
    ...     ScoreLine(0, "round5", 3, None, ""), ScoreLine(1, "charge", -4, None, "")))
    >>> vp_by_category(b)
    {'rounds': [12, 0], 'charge': [0, -4]}
    """
    table = {key: [0] * len(breakdown.players) for key, _, _ in VP_CATEGORIES}
    for line in breakdown.lines:
        table[_category(line.category)][line.player] += line.points
    return {k: v for k, v in table.items() if any(v)}


def vp_chart(breakdown: ScoreBreakdown, *, width: float = 900) -> Scene:
    """Horizontal stacked bars: each player's VP by source category; VP paid for power
    charges go left of the zero line. Each bar segment has the id
    ``vp:<player>:<category>`` and its VP in its title.

    >>> from gaia_lab.core.scoring import ScoreLine
    >>> b = ScoreBreakdown(("a", "b"), (ScoreLine(0, "start", 10, None, ""),
    ...     ScoreLine(0, "federation", 7, None, ""), ScoreLine(1, "charge", -3, None, "")))
    >>> chart = vp_chart(b)
    >>> chart.find("vp:0:federations").title
    'a: federations 7 VP'
    >>> [i.text for i in chart.items if isinstance(i, Text) and i.text.endswith("total")]
    ['17 total', '-3 total']
    """
    table = vp_by_category(breakdown)
    n = len(breakdown.players)
    labels = {key: (label, colour) for key, label, colour in VP_CATEGORIES}
    neg = [sum(-v[i] for v in table.values() if v[i] < 0) for i in range(n)]
    pos = [sum(v[i] for v in table.values() if v[i] > 0) for i in range(n)]
    name_w, right_w = 120.0, 70.0
    span = max(1, max(neg, default=0) + max(pos, default=0))
    scale = (width - name_w - right_w - 20) / span
    zero = name_w + 10 + max(neg, default=0) * scale
    bar_h, gap, top = 26.0, 10.0, 30.0
    items: list[Item] = [Text(4, 18, "VP by source", size=13, weight="bold", fill=INK)]
    for i, name in enumerate(breakdown.players):
        y = top + i * (bar_h + gap)
        items.append(Text(name_w, y + bar_h / 2, fit(faction_name(name) if name else "?",
                                                     name_w - 6, 11),
                          size=11, anchor="end", baseline="middle", fill=INK))
        right, left = zero, zero
        for key, values in table.items():
            v = values[i]
            if v == 0:
                continue
            label, colour = labels[key]
            w = abs(v) * scale
            if v > 0:
                x, right = right, right + w
            else:
                left -= w
                x = left
            items.append(Rect(round(x, 2), y, round(w, 2), bar_h, fill=colour,
                              stroke="#ffffff", stroke_width=0.8, id=f"vp:{i}:{key}",
                              title=f"{name}: {label} {v} VP"))
            if w >= 22:
                items.append(Text(x + w / 2, y + bar_h / 2, str(v), size=9,
                                  anchor="middle", baseline="middle", fill=_ink(colour)))
        total = sum(values[i] for values in table.values())
        items.append(Text(right + 6, y + bar_h / 2, f"{total} total", size=10,
                          weight="bold", baseline="middle", fill=INK))
    y = top + n * (bar_h + gap)
    items.append(Line(zero, top - 4, zero, y - gap + 4, stroke=INK, width=1.2))
    x = 4.0
    y += 6
    for key, label, colour in VP_CATEGORIES:
        if key not in table:
            continue
        w = 18 + 6.0 * len(label) + 12
        if x + w > width:
            x, y = 4.0, y + 18
        items.append(Rect(x, y, 12, 12, fill=colour, stroke=EDGE))
        items.append(Text(x + 16, y + 6, label, size=10, baseline="middle", fill=INK))
        x += w
    return Scene(width, y + 20, tuple(items), background="#ffffff", title="VP by source")
