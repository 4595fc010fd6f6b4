"""The Gaia Project table as a :class:`~gaia_lab.render.shapes.Scene`.

:func:`scene` draws a whole position, laid out so that no text is smaller than
:data:`TEXT` (10 px) on a board drawn 900 px wide: a header (round, phase, who acts); the
space map (every sector's hexes, planets coloured by type and named, structures in their
owner's colour and shape, Gaiaformers, satellites, federations outlined, the Lost Planet)
with, beside it, the scoring board (round tiles with the current round, the two final
tiles with each player's count), the boosters left and the power and Q.I.C. actions; under
them, as wide as the table, the legend (planet colours, building shapes, how a hex is
named) and the research board (six areas with their levels and the players' markers, the
tech tiles, the advanced tiles, the federation token on Terraforming level 5); last, one
row per player. A hex with neither a planet nor a piece shows its name only when
highlighted; every hex names itself in its title. :func:`vp_chart` draws a final score as
horizontal stacked bars by source. The drawing is a pure function of the state: the same
state gives the same SVG bytes.

Clickable ids: ``hex:<log name>`` on each hex of the map (``hex:5A4``, ``hex:10C``),
``track:<code>:<level>`` on the research levels, ``tech:<position>`` on the tech tile
spaces (``tech:terra``, ``tech:free1``, ``tech:adv-nav``), ``action:<id>`` on the power and
Q.I.C. actions, ``booster:<id>`` on the boosters, ``round:<n>`` and ``final:<tile>`` on
the scoring tiles and ``seat:<n>`` on the players' panels.

>>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
>>> board = scene(GPState.new(4, DEEP_MIND_2_SETUP))
>>> board.width, sum(1 for i in board.ids() if i.startswith("hex:"))
(900, 190)
>>> board.hit(*centre(board, "hex:10A3"))
'hex:10A3'
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
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
from gaia_lab.games.gaia_project.final_scoring import FinalCounts
from gaia_lab.games.gaia_project.map import SpaceMap
from gaia_lab.games.gaia_project.state import GPState
from gaia_lab.render.layout import (
    ACTIVE_FILL,
    ACTIVE_STROKE,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    centre,
    fit,
    highlight_items,
    kept,
    light,
    text_width,
    wrap,
)
from gaia_lab.render.shapes import Circle, Item, Line, Point, Polygon, Rect, Scene, Text

__all__ = [
    "PLANET_STYLE",
    "TEXT",
    "VP_CATEGORIES",
    "actions_scene",
    "board_scene",
    "centre",
    "faction_name",
    "map_scene",
    "player_colour",
    "player_scene",
    "research_scene",
    "scene",
    "scoring_scene",
    "seat_name",
    "vp_by_category",
    "vp_chart",
]

SPACE: Final = "#17203d"
SPACE_EDGE: Final = "#34406a"
SECTOR_EDGE: Final = "#8c9bd0"
PANEL: Final = "#f6f5f1"
EDGE: Final = "#c9c6bd"
HEX_NAME: Final = "#c7cfee"
"""The hex names on the dark map."""
TEXT: Final = 10.0
"""The size of the smallest text of the table: legible on a board drawn 900 px wide."""

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
    "terraforming": "Terraforming", "navigation": "Navigation",
    "intelligence": "Intelligence", "gaia_project": "Gaia Project", "economy": "Economy",
    "science": "Science",
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
          title: str | None = None, id: str | None = None, size: float = TEXT,
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


def _shrink(which: Sequence[int], points: Sequence[Point], cx: float, cy: float,
            f: float) -> tuple[Point, ...]:
    """The points ``which`` of ``points`` moved towards (``cx``, ``cy``) by the share ``f``
    of their distance from it."""
    return tuple((cx + (x - cx) * f, cy + (y - cy) * f) for x, y in (points[k] for k in which))


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

    def planet(self, h: Hex) -> Point:
        """Where the planet and its building sit: above the centre, leaving the foot of
        the hex to its name."""
        cx, cy = self.centre(h)
        return cx, cy - _LIFT * self.size

    def corners(self, h: Hex) -> tuple[Point, ...]:
        return corners(h, self.size, "flat", self.origin)


@functools.lru_cache(maxsize=32)
def _frame(space: SpaceMap, width: float) -> _Frame:
    """The frame of a map drawn ``width`` px wide (the same object for every position of
    a game, so that what is drawn in it once can be kept by it)."""
    return _Frame(space, width)


_BOLD: Final = 1.15
"""How much wider a bold text is than :func:`~gaia_lab.render.layout.text_width` says."""
_LIFT: Final = 0.2
"""How far above a hex's centre its planet sits, as a share of the hex size."""


@functools.lru_cache(maxsize=1024)
def _hex_name(frame: _Frame, h: Hex, name: str, at: Point = (0.0, 0.0)) -> Text:
    """A hex's name along its foot, under the planet, the map's top left corner at ``at``
    (a highlighted hex shows its name: drawn and placed once per frame)."""
    if at != (0.0, 0.0):
        return _hex_name(frame, h, name).translated(*at)
    cx, cy = frame.centre(h)
    return Text(cx, cy + 0.866 * frame.size - 2.5, name, size=TEXT, anchor="middle",
                fill=HEX_NAME)


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
        out.append(Text(cx, cy, label, size=max(TEXT, 0.3 * s), weight="bold",
                        anchor="middle", baseline="middle", fill=_ink(colour)))
    return out


@functools.lru_cache(maxsize=256)
def _outline(frame: _Frame, hexes: frozenset[Hex], colour: str, inset: float,
             title: str, at: Point = (0.0, 0.0)) -> tuple[Item, ...]:
    """A set of hexes tinted, with its border drawn just inside it, the map's top left
    corner at ``at`` (drawn and placed once per federation and frame: a federation stays
    as it is formed)."""
    if at != (0.0, 0.0):
        return tuple(i.translated(*at) for i in _outline(frame, hexes, colour, inset, title))
    out: list[Item] = [Polygon(frame.corners(h), fill=colour, opacity=0.2, title=title)
                       for h in sorted(hexes)]
    for h in sorted(hexes):
        cx, cy = frame.centre(h)
        mine = frame.corners(h)
        for d, n in enumerate(h.neighbors()):
            if n not in hexes:
                (x1, y1), (x2, y2) = _shrink(_EDGE_CORNERS[d], mine, cx, cy, inset)
                out.append(Line(x1, y1, x2, y2, stroke=colour, width=3.2))
    return tuple(out)


_EDGE_CORNERS: Final = ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (0, 5))
"""The two corners (in :func:`~gaia_lab.core.hexgrid.corners`' order) of a flat hex's
edge shared with its neighbour in each direction of :data:`~gaia_lab.core.hexgrid.DIRECTIONS`
(a corner of both hexes is the very same point: corners are drawn from a lattice)."""


_SATELLITE_AT: Final = ((-0.3, -0.56), (0.3, -0.56), (-0.46, 0.02), (0.46, 0.02))
"""Where each seat's satellite sits on a hex, as shares of the hex size from its centre
(clear of the name along the foot)."""


def map_scene(state: GPState, width: float = 700.0, *,
              annotate: Mapping[str, str] | None = None, named: Iterable[str] = ()) -> Scene:
    """The space map: sectors, planets, buildings, Gaiaformers, satellites, federations.

    Every planet shows its name, and so does an empty hex with a piece on it or listed
    in ``named`` (e.g. the hexes a move may target); every hex names itself in its title.
    ``annotate`` puts a label on hexes (a hex name to a short text, e.g. a cost).

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> m = map_scene(GPState.new(4, DEEP_MIND_2_SETUP), annotate={"5A4": "2o"},
    ...               named=["5A0"])
    >>> m.find("hex:5A4").title
    '5A4: Ice planet, sector 5'
    >>> [i.text for i in m.items if isinstance(i, Text) and i.text in ("2o", "5A0", "5A1")]
    ['5A0', '2o']
    """
    space, pieces = _map_layers(state, width, annotate, named, (0.0, 0.0))
    return Scene(width, pieces.height, (*space, *pieces.items))


def _lost(state: GPState) -> str:
    """The hex of the Lost Planet, or empty before it is placed."""
    return next((h for p in state.seats for h, b in p.buildings if b == "lp"), "")


@functools.lru_cache(maxsize=32)
def _hexes_by_name(smap: SpaceMap) -> Mapping[str, Hex]:
    """Each hex of the map by its log name, read once per map."""
    return MappingProxyType({smap.name(h): h for h in smap})


def _pieces(smap: SpaceMap, frame: _Frame, faction: str,
            buildings: tuple[tuple[str, str], ...], gaiaformers: tuple[str, ...],
            under: tuple[int, ...], at: Point) -> tuple[Item, ...]:
    """One player's buildings and Gaiaformers on the map, placed at ``at``; ``under``
    counts the buildings of the players before on each building's planet (a second
    building on one planet, a Lantids mine, is drawn smaller, aside)."""
    s = frame.size
    colour = player_colour(faction)
    items: list[Item] = []
    for (x, b), k in zip(buildings, under, strict=True):
        cx, cy = frame.planet(smap.hex(x))
        title = f"{x}: {faction} {STRUCTURE_NAMES.get(b, b)}"
        if k:
            items += _structure(b, cx + 0.5 * s, cy + _LIFT * s, 0.6 * s, colour, title)
        else:
            items += _structure(b, cx, cy, s, colour, title)
    for x in gaiaformers:
        cx, cy = frame.planet(smap.hex(x))
        r = 0.32 * s
        items.append(Rect(cx - 1.1 * r, cy - 0.8 * r, 2.2 * r, 1.6 * r, fill=colour,
                          stroke="#ff6fb5", stroke_width=2, radius=r * 0.5,
                          title=f"{x}: {faction} Gaiaformer"))
        items.append(Text(cx, cy, "GF", size=TEXT, weight="bold", anchor="middle",
                          baseline="middle", fill=_ink(colour)))
    return tuple(items) if at == (0.0, 0.0) else tuple(i.translated(*at) for i in items)


def _map_layers(state: GPState, width: float, annotate: Mapping[str, str] | None,
                named: Iterable[str], at: Point) -> tuple[tuple[Item, ...], Scene]:
    """The two layers of :func:`map_scene`, placed with the map's top left corner at
    ``at``: the map without the players' pieces (:func:`_space`), and a scene of the
    map's size holding what is drawn over it."""
    smap = state.space_map
    frame = _frame(smap, width)
    s = frame.size
    lost = _lost(state)
    placed: list[Item] = []
    items: list[Item] = []  # drawn at the map's origin, then placed

    def place() -> None:
        placed.extend(items if at == (0.0, 0.0) else (i.translated(*at) for i in items))
        items.clear()

    # the names of the empty hexes that hold a piece or are asked for
    names = _hexes_by_name(smap)
    used = {x for p in state.seats for x in (*(h for h, _ in p.buildings), *p.gaiaformers,
                                             *(x for fed in p.federations for x in fed))}
    for x in sorted((used | set(named)) & names.keys()):
        if smap.planets[names[x]] is None and x != lost:
            placed.append(_hex_name(frame, names[x], x, at))
    # federations
    for p in state.seats:
        colour = player_colour(p.faction)
        for k, fed in enumerate(p.federations):
            title = f"{p.faction}: federation {k + 1}"
            place()
            placed += _outline(frame, frozenset(smap.hex(x) for x in fed), colour,
                               0.93, title, at)
    # satellites
    for seat, p in enumerate(state.seats):
        colour = player_colour(p.faction)
        built = {h for h, _ in p.buildings}
        sats = sorted({x for fed in p.federations for x in fed} - built)
        for x in sats:
            cx, cy = frame.centre(smap.hex(x))
            dx, dy = _SATELLITE_AT[seat % 4]
            items.append(Circle(cx + dx * s, cy + dy * s, 0.17 * s, fill=colour,
                                stroke=_edge(colour), stroke_width=1.2,
                                title=f"{p.faction}: satellite on {x}"))
    # buildings and gaiaformers, each player's kept while they stay as they were
    place()
    drawn: dict[str, int] = {}
    for p in state.seats:
        under = tuple(drawn.get(x, 0) for x, _ in p.buildings)  # buildings there before
        placed += kept(("pieces", state.setup.sectors, frame, at, p.faction, p.buildings,
                        p.gaiaformers, under),
                       functools.partial(_pieces, smap, frame, p.faction, p.buildings,
                                         p.gaiaformers, under, at))
        for x, _ in p.buildings:
            drawn[x] = drawn.get(x, 0) + 1
    # annotations
    for x, label in sorted((annotate or {}).items()):
        cx, cy = frame.centre(smap.hex(x))
        w = max(0.9 * s, _BOLD * text_width(label, TEXT) + 8)
        top = cy - 0.866 * s + 1
        items.append(Rect(cx - w / 2, top, w, TEXT + 4, fill="#fff3c4",
                          stroke=GOLD, stroke_width=1, radius=3, opacity=0.95))
        items.append(Text(cx, top + (TEXT + 4) / 2, label, size=TEXT, weight="bold",
                          anchor="middle", baseline="middle", fill=INK))
    place()
    return _space(state.setup.sectors, width, state.gaia_hexes, lost, at), \
        Scene(width, frame.height, tuple(placed))


@functools.lru_cache(maxsize=32)
def _space(sectors: tuple[tuple[str, int, int, int], ...], width: float,
           gaia_hexes: tuple[str, ...], lost: str,
           at: Point = (0.0, 0.0)) -> tuple[Item, ...]:
    """The map without the players' pieces (hexes, planets and their names, sector
    borders), its top left corner at ``at``: it only changes when a Transdim planet turns
    Gaia or the Lost Planet is placed, so it is drawn (and placed on the table) once per
    such change and width."""
    from gaia_lab.games.gaia_project.state import _space_map

    if at != (0.0, 0.0):
        return tuple(i.translated(*at) for i in _space(sectors, width, gaia_hexes, lost))
    smap = _space_map(sectors)
    frame = _frame(smap, width)
    s = frame.size
    items: list[Item] = []
    for h in smap:
        name = smap.name(h)
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
            items.append(Circle(*frame.planet(h), 0.5 * s, fill=fill, stroke=ring,
                                stroke_width=2 if ring != "#0b0f1f" else 1))
            items.append(_hex_name(frame, h, name))
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


def _flow(entries: Iterable[tuple[float, list[Item]]], width: float, x: float, y: float,
          line: float) -> tuple[list[Item], float, float]:
    """Entries (a width and its items drawn at the origin) placed left to right, a new line
    of height ``line`` when the next would pass ``width``; the items and where the next
    entry would go."""
    out: list[Item] = []
    for w, drawn in entries:
        if x > 4 and x + w > width:
            x, y = 4.0, y + line
        out += [i.translated(x, y) for i in drawn]
        x += w
    return out, x, y


_KEY: Final = ("GF: a Gaiaformer; a small disc: a satellite; a tinted outline: a federation. "
               "A hex is named by its sector, ring and place: 5A4 is sector 5, outer ring A "
               "(B is the inner ring, C the centre), place 4. Planets and hexes with a piece "
               "show their names; every hex tells its name on hover.")
"""The legend's words: the pieces without a shape of their own and the hex names."""


def legend_scene(width: float) -> Scene:
    """The planet colours, the building shapes and how the hexes are named.

    >>> legend = legend_scene(880)
    >>> min(i.size for i in legend.items if isinstance(i, Text)) >= TEXT
    True
    """
    planets: list[tuple[float, list[Item]]] = []
    for t in (*PLANET_TYPES, "lost"):
        fill, label = PLANET_STYLE[t]
        planets.append((text_width(label, TEXT) + 26,
                        [Circle(6, 0, 6, fill=fill, stroke=INK, stroke_width=1),
                         Text(16, 0, label, size=TEXT, baseline="middle", fill=INK)]))
    items, _, y = _flow(planets, width, 4.0, 10.0, 20)
    shapes: list[tuple[float, list[Item]]] = []
    for code, label in (("m", "mine"), ("ts", "trading station"), ("lab", "research lab"),
                        ("PI", "planetary institute"), ("ac1", "academy"),
                        ("sp", "space station")):
        shapes.append((text_width(label, TEXT) + 34,
                       [*_structure(code, 10, 0, 22, "#d0d0d0", label),
                        Text(24, 0, label, size=TEXT, baseline="middle", fill=INK)]))
    more, _, y = _flow(shapes, width, 4.0, y + 24, 24)
    items += more
    y += 12
    for line in wrap(_KEY, int((width - 8) / text_width("x", TEXT)), 6):
        items.append(Text(4, y + 12, line, size=TEXT, fill=MUTED))
        y += 15
    return Scene(width, y + 4, tuple(items))


# --------------------------------------------------------------------------
# The research board


def _markers(state: GPState, cx: float, cy: float, seats: Sequence[int],
             step: float = 14) -> list[Item]:
    out: list[Item] = []
    n = len(seats)
    for k, seat in enumerate(seats):
        p = state.seats[seat]
        colour = player_colour(p.faction)
        x = cx + (k - (n - 1) / 2) * step
        out.append(Circle(x, cy, 6, fill=colour, stroke=_edge(colour), stroke_width=1.3,
                          title=seat_name(state, seat)))
    return out


def research_scene(state: GPState, width: float, components: Components) -> Scene:
    """The six research areas side by side (level 5 on top, the advanced tile under it,
    the standard tile at the foot) and the three tech tiles that belong to no area.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> r = research_scene(GPState.new(4, DEEP_MIND_2_SETUP), 880, load_components())
    >>> r.find("tech:adv-nav").title
    'advtech1: When passing: 3 VP per federation token you have.'
    >>> r.find("track:terra:5").title
    'Terraforming level 5: the federation token fed6 (2k 6vp)'
    """
    height, groups = _research_groups(state, width, components)
    return Scene(width, height, tuple(i for _, draw in groups for i in draw()))


_ResearchGroup = tuple[tuple[object, ...], Callable[[], list[Item]]]
"""A part of the research board: what it depends on, and how it is drawn."""


def _research_groups(state: GPState, width: float,
                     components: Components) -> tuple[float, list[_ResearchGroup]]:
    """The height of :func:`research_scene` and its parts in drawing order (the title,
    each area, the tiles of no area), each with what it depends on: a widget keeps the
    parts that stay as they were (:func:`_board`)."""
    col = width / 6
    seats_by = [tuple(tuple(i for i, p in enumerate(state.seats)
                            if p.faction and p.level(t) == lv) for lv in range(6))
                for t in RESEARCH_TRACKS]
    terra_token_taken = any(p.faction and p.level("terraforming") == 5 for p in state.seats)
    owners_of: dict[str, list[tuple[int, bool]]] = {}
    for i, p in enumerate(state.seats):
        for pos, _, covered in p.techs:
            owners_of.setdefault(pos, []).append((i, covered))
    factions = tuple(p.faction for p in state.seats)
    groups: list[_ResearchGroup] = [(("title",), lambda: [
        Text(2, 14, "Research", size=13, weight="bold", fill=INK)])]
    for k in range(len(RESEARCH_TRACKS)):
        holders = (tuple(owners_of.get(ADVANCED_POSITIONS[k], ())),
                   tuple(owners_of.get(TECH_POSITIONS[k], ())))
        groups.append(((k, col, state.setup, factions, seats_by[k], holders,
                        terra_token_taken),
                       functools.partial(_research_area, state, components, k, col,
                                         seats_by[k], holders, terra_token_taken)))
    y = 22.0 + 24 + 6 * 24.0 + 42 + 4 + 42  # under the areas and their tiles
    free = tuple(tuple(owners_of.get(pos, ())) for pos in TECH_POSITIONS[6:])
    groups.append((("free", width, y, state.setup, factions, free),
                   functools.partial(_free_techs, state, components, width, y, free)))
    return y + 38, groups


def _research_area(state: GPState, components: Components, k: int, col: float,
                   seats_by: tuple[tuple[int, ...], ...],
                   holders: tuple[tuple[tuple[int, bool], ...], ...],
                   terra_token_taken: bool) -> list[Item]:
    """The research area ``k`` of :func:`research_scene`: ``seats_by`` holds the seats at
    each level, ``holders`` the owners of its advanced and of its standard tile."""
    track = RESEARCH_TRACKS[k]
    cw = col - 4
    y0 = 22.0
    row = 24.0
    items: list[Item] = []
    code = TRACK_CODES[track]
    x = k * col
    items.append(Rect(x, y0, cw, 20, fill="#3b4a73", radius=3))
    items.append(Text(x + cw / 2, y0 + 10, fit(TRACK_NAMES[track], cw - 4, 11), size=11,
                      weight="bold", anchor="middle", baseline="middle", fill="#ffffff"))
    y = y0 + 24
    for lv in (5, "adv", 4, 3, 2, 1, 0):
        if lv == "adv":
            pos = ADVANCED_POSITIONS[k]
            tile = state.setup.tech_at(pos)
            items += _tech_tile(state, components, x, y, cw, pos, tile, holders[0],
                                fill="#e8d9f7" if not holders[0] else "#d6d6d6",
                                stroke=EDGE, ink="#5a2e8c")
            y += 42
            continue
        assert isinstance(lv, int)
        fill = "#fbe9c6" if lv == 5 else ("#eef0f6" if lv % 2 else "#e3e7f1")
        title = f"{track.replace('_', ' ').capitalize()} level {lv}"
        if lv == 5 and track == "terraforming":
            token = state.setup.terraforming_federation
            fed = components.federation_token(token)
            title += (f": the federation token {token} ({fed.reward})" if not
                      terra_token_taken else f": the federation token {token} (taken)")
        if lv == 5 and track == "navigation":
            title += ": the Lost Planet"
        items.append(Rect(x, y, cw, row - 2, fill=fill, stroke=EDGE, radius=2,
                          id=f"track:{code}:{lv}", title=title))
        items.append(Text(x + 5, y + 15, str(lv), size=TEXT, weight="bold", fill=MUTED))
        if lv == 5 and track == "terraforming" and not terra_token_taken:
            items.append(Rect(x + cw - 30, y + 3, 26, row - 8, fill="#2f8f3a", radius=3,
                              title=title))
            items.append(Text(x + cw - 17, y + row / 2 - 1, "fed", size=TEXT,
                              anchor="middle", baseline="middle", fill="#ffffff"))
        if lv == 5 and track == "navigation":
            items.append(Circle(x + cw - 13, y + row / 2 - 1, 7, fill="#111111",
                                stroke="#f5f5f5", title="the Lost Planet"))
        items += _markers(state, x + cw / 2, y + row / 2 - 1, seats_by[lv])
        y += row
    # the standard tile at the foot of the area
    pos = TECH_POSITIONS[k]
    items += _tech_tile(state, components, x, y + 4, cw, pos, state.setup.tech_at(pos),
                        holders[1])
    return items


def _free_techs(state: GPState, components: Components, width: float, y: float,
                holders: tuple[tuple[tuple[int, bool], ...], ...]) -> list[Item]:
    """The tech tiles of no research area, side by side at ``y``."""
    items: list[Item] = []
    w = width / 3
    for j, pos in enumerate(TECH_POSITIONS[6:]):
        items += _tech_tile(state, components, j * w, y, w - 4, pos,
                            state.setup.tech_at(pos), holders[j])
    return items


def _tech_tile(state: GPState, components: Components, x: float, y: float, w: float,
               pos: str, tile: str, holders: Sequence[tuple[int, bool]], *,
               fill: str = "#fdf3dc", stroke: str = "#d8b866",
               ink: str = "#8a6210") -> list[Item]:
    """A tech tile: its id and owners' markers on the first line, what it gives on the
    second (the full text in its title)."""
    t = components.tech(tile)
    out: list[Item] = [Rect(x, y, w, 38, fill=fill, stroke=stroke, radius=3,
                            id=f"tech:{pos}", title=f"{tile}: {t.text}")]
    out.append(Text(x + 5, y + 15, tile.replace("advtech", "adv "), size=TEXT,
                    weight="bold", fill=ink))
    out.append(Text(x + 5, y + 31, fit(TECH_SHORT.get(tile, t.text), w - 8, TEXT),
                    size=TEXT, fill=INK))
    for j, (seat, covered) in enumerate(holders):
        c = player_colour(state.seats[seat].faction)
        out.append(Circle(x + w - 10 - 13 * j, y + 11, 5, fill=None if covered else c,
                          stroke=_edge(c), stroke_width=1.3,
                          title=seat_name(state, seat) + (" (covered)" if covered else "")))
    return out


# --------------------------------------------------------------------------
# The scoring board, the boosters and the actions


def scoring_scene(state: GPState, width: float, components: Components) -> Scene:
    """Round tiles (the current one marked), the final tiles with each player's count and
    the boosters left in the supply, one per line.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> s = scoring_scene(GPState.new(4, DEEP_MIND_2_SETUP), 264, load_components())
    >>> s.find("round:1").title
    'Round 1: 2 VP per terraforming step'
    """
    return _scoring(state, width, components, _final_counts(state))


def _final_counts(state: GPState) -> tuple[FinalCounts | None, ...]:
    """What the final tiles count for each player (None before the faction is chosen)."""
    from gaia_lab.games.gaia_project.scoring import final_counts

    counts: list[FinalCounts | None] = []
    for p in state.seats:
        c = final_counts(state, p) if p.faction else None
        counts.append(c if isinstance(c, FinalCounts) else None)
    return tuple(counts)


def _scoring(state: GPState, width: float, components: Components,
             counts: Sequence[FinalCounts | None]) -> Scene:
    """:func:`scoring_scene` with the players' final-tile ``counts``."""
    items: list[Item] = [Text(2, 14, "Scoring", size=13, weight="bold", fill=INK)]
    y = 22.0
    for k, tile_id in enumerate(state.setup.round_scoring):
        r = components.round_tile(tile_id)
        n = k + 1
        current = n == state.round and state.phase != "over"
        past = n < state.round or state.phase == "over"
        fill = "#fff1c2" if current else ("#e4e4e4" if past else "#eef3fb")
        ink = MUTED if past else INK
        items.append(Rect(0, y, width, 20, fill=fill, stroke=GOLD if current else EDGE,
                          stroke_width=2.5 if current else 1, radius=3, id=f"round:{n}",
                          title=f"Round {n}: {r.vp} VP per {r.event}"))
        items.append(Text(5, y + 14, f"R{n} {r.vp} VP", size=TEXT, weight="bold", fill=ink))
        items.append(Text(62, y + 14, fit(_short(r.event), width - 66, TEXT), size=TEXT,
                          fill=ink))
        y += 23
    y += 3
    for k, tile_id in enumerate(state.setup.final_scoring):
        what = FINAL_SHORT.get(tile_id, tile_id)
        ranked = sorted(((c.count(tile_id), i) for i, c in enumerate(counts)
                         if c is not None), key=lambda v: (-v[0], v[1]))
        lines = (len(ranked) + 1) // 2
        items.append(Rect(0, y, width, 24 + 20 * lines, fill="#e9f2e4", stroke=EDGE,
                          radius=3, id=f"final:{tile_id}",
                          title=f"Final tile {k + 1}: most {what} (18 / 12 / 6 VP)"))
        label = f"Final {k + 1}:"
        x = 9 + _BOLD * text_width(label, TEXT)
        items.append(Text(5, y + 14, label, size=TEXT, weight="bold", fill=INK))
        items.append(Text(x, y + 14, fit(f"most {what}", width - x - 4, TEXT), size=TEXT,
                          fill=INK))
        slot = (width - 6) / 2
        for j, (n, seat) in enumerate(ranked):
            colour = player_colour(state.seats[seat].faction)
            cx, cy = 13 + (j % 2) * slot, y + 31 + 20 * (j // 2)
            name = seat_name(state, seat)
            items.append(Circle(cx, cy, 9, fill=colour, stroke=_edge(colour),
                                stroke_width=1.3, title=f"{name}: {n}"))
            items.append(Text(cx, cy, str(n), size=TEXT, weight="bold", anchor="middle",
                              baseline="middle", fill=_ink(colour)))
            items.append(Text(cx + 13, cy, fit(name, slot - 28, TEXT),
                              size=TEXT, baseline="middle", fill=INK))
        y += 28 + 20 * lines
    y += 2
    items.append(Text(2, y + 12, "Boosters in the supply", size=TEXT, fill=MUTED))
    y += 17
    labels = {b: b.replace("booster", "booster ") + ":" for b in state.boosters}
    x = 11 + _BOLD * max((text_width(t, TEXT) for t in labels.values()), default=0)
    for b, label in labels.items():
        booster = components.booster(b)
        items.append(Rect(0, y, width, 20, fill="#e8eefc", stroke=EDGE, radius=3,
                          id=f"booster:{b}", title=f"{b}: {booster.text}"))
        items.append(Text(5, y + 14, label, size=TEXT, weight="bold", fill=INK))
        items.append(Text(x, y + 14, fit("; ".join(_booster_lines(b, components)),
                                         width - x - 4, TEXT), size=TEXT, fill=INK))
        y += 23
    return Scene(width, y, tuple(items))


def _booster_lines(booster_id: str, components: Components) -> tuple[str, ...]:
    b = components.booster(booster_id)
    second = ""
    if b.pass_vp:
        second = f"pass: {b.pass_vp} VP/{_short(b.pass_vp_per)}"
    elif b.action:
        second = "act: range+3" if booster_id == "booster5" else "act: 1 step"
    return (f"+{b.income}", second) if second else (f"+{b.income}",)


_ACTION_SHORT: Final = {"power2": "2 steps + mine", "power6": "1 step + mine",
                        "qic1": "a tech tile", "qic2": "fed token again"}


def actions_scene(state: GPState, width: float, components: Components) -> Scene:
    """The power and Q.I.C. actions of the research board, two to a line, greyed once
    used this round.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> a = actions_scene(GPState.new(4, DEEP_MIND_2_SETUP), 264, load_components())
    >>> a.find("action:power1").title
    'power1: pay 7pw, gain 3k'
    """
    items: list[Item] = [Text(2, 12, "Power and Q.I.C. actions (grey: used)", size=TEXT,
                              fill=MUTED)]
    y = 18.0
    aw = width / 2
    actions = components.board_actions
    for j, a in enumerate(actions):
        x = (j % 2) * aw
        yy = y + (j // 2) * 38
        used = a.id in state.board_used
        cost = f"{a.cost}{'pw' if a.kind == 'power' else 'q'}"
        gain = str(a.gain) if a.gain else a.effect.replace("terraforming", "terra.")
        fill = "#d8d8d8" if used else ("#f6d5e8" if a.kind == "power" else "#cfeadb")
        ink = MUTED if used else INK
        items.append(Rect(x, yy, aw - 4, 35, fill=fill, stroke=EDGE, radius=3,
                          id=f"action:{a.id}",
                          title=f"{a.id}: pay {cost}, gain {gain}" + (" (used)" if used
                                                                      else "")))
        items.append(Text(x + 5, yy + 14, f"{a.id} {cost}", size=TEXT, weight="bold",
                          fill=ink))
        items.append(Text(x + 5, yy + 29, fit(_ACTION_SHORT.get(a.id, gain), aw - 12, TEXT),
                          size=TEXT, fill=ink))
    y += 38 * ((len(actions) + 1) // 2)
    return Scene(width, y, tuple(items))


# --------------------------------------------------------------------------
# Players


def seat_name(state: GPState, seat: int) -> str:
    """A player as the board names it: as the moves, the status line and the score table
    do (:meth:`~gaia_lab.core.session.Session.names`): the faction's id, or the seat
    (``p1``) before factions are chosen.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> seat_name(GPState.new(4, DEEP_MIND_2_SETUP), 0)
    'p1'
    """
    from gaia_lab.games.gaia_project import GAME

    return GAME.player_names(state)[seat]


_HEAD_W: Final = 150.0
_CELL_W: Final = 64.0
_BOWL_W: Final = 36.0


def player_scene(state: GPState, seat: int, width: float, components: Components, *,
                 viewer: int | None = None) -> Scene:
    """One player's row: name and VP in the player's colour; the resources, the power
    bowls and the pieces left; the booster, the tiles and the federation tokens.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> panel = player_scene(GPState.new(4, DEEP_MIND_2_SETUP), 0, 880, load_components())
    >>> panel.find("seat:0").title
    'p1: seat 1, 0 VP'
    """
    from gaia_lab.games.gaia_project.rules import actor, gaiaformers

    p = state.seats[seat]
    colour = player_colour(p.faction)
    ink = _ink(colour)
    acting = actor(state) == seat
    name = seat_name(state, seat)
    items: list[Item] = [
        Text(8, 18, fit(name, _HEAD_W - 14, 13), size=13, weight="bold", fill=ink),
        Text(8, 38, f"{p.vp} VP", size=14, weight="bold", fill=ink)]
    marks = [m for m, on in (("passed", p.passed), ("to act", acting),
                             ("you", viewer == seat)) if on]
    if marks:
        items.append(Text(8, 56, fit(f"({', '.join(marks)})", (_HEAD_W - 14) / _BOLD, TEXT),
                          size=TEXT, weight="bold", fill=ink))
    # resources and power
    x0 = _HEAD_W + 8
    cells = (("ore", p.ore, "#8d8d8d"), ("knowledge", p.knowledge, "#5b8fd6"),
             ("credits", p.credits, "#e0b030"), ("Q.I.C.", p.qic, "#3fae6a"))
    for k, (label, n, c) in enumerate(cells):
        x = x0 + k * _CELL_W
        items.append(Rect(x, 5, _CELL_W - 4, 40, fill="#ffffff", stroke=c, stroke_width=2,
                          radius=4, title=f"{label}: {n}"))
        items.append(Text(x + _CELL_W / 2 - 2, 21, str(n), size=13, weight="bold",
                          anchor="middle", baseline="middle", fill=INK))
        items.append(Text(x + _CELL_W / 2 - 2, 39, label, size=TEXT, anchor="middle",
                          fill=MUTED))
    names = ("I", "II", "III", "Gaia")
    bx = x0 + 4 * _CELL_W + 2
    for k, n in enumerate(p.bowls):
        cx = bx + k * _BOWL_W + _BOWL_W / 2
        fill = "#e5ddf5" if k < 3 else "#d5efd8"
        stroke = "#7a5fb0" if k < 3 else "#3daa4a"
        items.append(Circle(cx, 18, 13, fill=fill, stroke=stroke, stroke_width=2,
                            title=f"power {'bowl ' + names[k] if k < 3 else 'Gaia area'}: {n}"))
        items.append(Text(cx, 18, str(n), size=12, weight="bold", anchor="middle",
                          baseline="middle", fill=INK))
        items.append(Text(cx, 44, names[k], size=TEXT, anchor="middle", fill=MUTED))
    mid_w = 4 * _CELL_W + 4 * _BOWL_W
    left = []
    for code, label, total in _STRUCTURE_LIMITS:
        built = p.count("ac1", "ac2") if code == "ac" else p.count(code)
        left.append(f"{label} {total - built}")
    items.append(Text(x0, 64, fit("left: " + ", ".join(left), mid_w, TEXT), size=TEXT,
                      fill=INK))
    gf = gaiaformers(p) if p.faction else 0
    items.append(Text(x0, 80, fit(f"Gaiaformers {gf - len(p.gaiaformers)} of {gf}, "
                                  f"satellites {p.satellites}, "
                                  f"federations {len(p.federations)}", mid_w, TEXT),
                      size=TEXT, fill=INK))
    # booster, tiles and tokens
    rx = x0 + mid_w + 10
    rw = width - rx - 6
    booster = p.booster
    line = f"booster: {booster} ({'; '.join(_booster_lines(booster, components))})" \
        if booster else "booster: none"
    items.append(Text(rx, 18, fit(line, rw, TEXT), size=TEXT, fill=INK,
                      title=components.booster(booster).text if booster else None))
    y = 22.0
    if p.used:
        items.append(Text(rx, y + 14, fit(f"used this round: {', '.join(p.used)}", rw, TEXT),
                          size=TEXT, fill=MUTED))
        y += 16
    chips: list[tuple[float, list[Item]]] = []
    for pos, tile, covered in p.techs:
        label = tile.replace("advtech", "adv")
        w = text_width(label, TEXT) + 10
        chips.append((w + 4, _chip(0, 0, w, 17, label, size=TEXT,
                                   fill="#d8c6ee" if tile.startswith("adv") else "#fdf3dc",
                                   title=f"{tile} on {pos}: {components.tech(tile).text}"
                                         + (" (covered)" if covered else ""),
                                   opacity=0.4 if covered else 1.0)))
    for token, flipped in p.fed_tokens:
        w = text_width(token, TEXT) + 10
        fed = components.federation_token(token)
        chips.append((w + 4, _chip(0, 0, w, 17, token, size=TEXT,
                                   fill="#9a9a9a" if flipped else (
                                       "#2f8f3a" if fed.green else "#7d6a3a"),
                                   title=f"federation token {token} ({fed.reward})"
                                         + (", flipped" if flipped else ""))))
    drawn, _, y = _flow(chips, rw, 0.0, y + 4, 20)
    items += [i.translated(rx, 0) for i in drawn]
    height = max(88.0, y + 24 if chips else y + 4)
    back: list[Item] = [
        Rect(0, 0, width, height, fill=ACTIVE_FILL if acting else PANEL,
             stroke=ACTIVE_STROKE if acting else EDGE, stroke_width=2 if acting else 1,
             radius=4),
        Rect(0, 0, _HEAD_W, height, fill=colour, stroke=_edge(colour), radius=4,
             id=f"seat:{seat}", title=f"{name}: seat {seat + 1}, {p.vp} VP")]
    return Scene(width, height, (*back, *items))


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
    who = "" if seat is None else f"; now: {seat_name(state, seat)}"
    task = f" ({state.pending[0].kind})" if state.pending else ""
    rnd = f"round {state.round}, " if state.round else ""
    text = f"Gaia Project: {rnd}{_PHASES.get(state.phase, state.phase)}{task}{who}"
    items: list[Item] = [Text(4, 18, fit(text, width - 8, 16), size=16, weight="bold",
                              fill=INK)]
    return Scene(width, 26, tuple(items))


def board_scene(state: GPState, *, width: float = 900,
                annotate: Mapping[str, str] | None = None, named: Iterable[str] = ()) -> Scene:
    """The map on the left; the scoring board, the boosters and the actions on the right;
    under both, as wide as the table, the legend and the research board.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> board = board_scene(GPState.new(4, DEEP_MIND_2_SETUP), width=900)
    >>> board.width, board.find("track:terra:5") is not None
    (880.0, True)
    """
    return _board(state, width, annotate, named, (0.0, 0.0))


def _board(state: GPState, width: float, annotate: Mapping[str, str] | None,
           named: Iterable[str], at: Point) -> Scene:
    """:func:`board_scene` with its items where they show when its top left corner is at
    ``at``: each part moved by its offsets in turn, as nested :meth:`Scene.stack` and
    :meth:`Scene.compose` calls would move it (so the very same numbers are drawn). The
    parts that change least often (the actions, the legend, the research board) are
    :func:`~gaia_lab.render.layout.kept` between boards a widget redraws."""
    components = load_components()
    inner = width - 2 * MARGIN
    side_w = max(_SIDE_MIN, round(inner * 0.3))
    map_w = inner - side_w - 12
    space, pieces = _map_layers(state, map_w, annotate, named, at)
    counts = _final_counts(state)
    scoring = kept(("scoring", side_w, map_w + 12, at, state.setup, state.round, state.phase,
                    state.boosters, tuple(p.faction for p in state.seats), counts),
                   lambda: _part(_scoring(state, side_w, components, counts), (map_w + 12, 0),
                                 at))
    actions_at = (0.0, scoring.height + 8)  # the right column: a stack, gap 8
    actions = kept(("actions", side_w, state.board_used, actions_at, map_w + 12, at),
                   lambda: _part(actions_scene(state, side_w, components), actions_at,
                                 (map_w + 12, 0), at))
    right_w = max(scoring.width, actions.width)
    right_h = scoring.height + 8 + actions.height
    top_w = max(pieces.width + 0, right_w + (map_w + 12))  # the map, the column beside
    top_h = max(pieces.height + 0, right_h + 0)
    legend_at = (0.0, top_h + 8)  # under both, a stack, gap 8
    legend = kept(("legend", inner, legend_at, at),
                  lambda: _part(legend_scene(inner), legend_at, at))
    research_at = (0.0, top_h + 8 + legend.height + 8)
    research_h, groups = _research_groups(state, inner, components)
    research = Scene(inner, research_h, tuple(  # each area kept while it stays as it was
        i for key, draw in groups for i in kept(
            ("research", inner, research_at, at, *key),
            functools.partial(_placed, draw, research_at, at))))
    items = (*space, *pieces.items, *scoring.items,
             *actions.items, *legend.items, *research.items)
    return Scene(max(top_w, legend.width, research.width), research_at[1] + research.height,
                 items)


def _row(state: GPState, seat: int, width: float, components: Components,
         viewer: int | None, at: Point) -> Scene:
    """:func:`player_scene` placed at ``at``."""
    return _part(player_scene(state, seat, width, components, viewer=viewer), at)


def _placed(draw: Callable[[], list[Item]], *offsets: Point) -> tuple[Item, ...]:
    """The items ``draw`` gives, placed as :func:`_part` places a part's."""
    return _part(Scene(0, 0, tuple(draw())), *offsets).items


def _part(part: Scene, *offsets: Point) -> Scene:
    """``part`` (its size unchanged) with its items placed at each of ``offsets`` in turn,
    as a scene composed into another, itself composed into a third, places them."""
    items = part.placed_items(*offsets[0])
    for dx, dy in offsets[1:]:
        if dx != 0 or dy != 0:
            items = tuple(i.translated(dx, dy) for i in items)
    return Scene(part.width, part.height, items)


_SIDE_MIN: Final = 250
"""The narrowest side column (scoring, boosters, actions) that holds its lines."""


def scene(state: GPState, *, highlight: Iterable[str] = (), viewer: int | None = None,
          width: int = 900, annotate: Mapping[str, str] | None = None) -> Scene:
    """The whole Gaia Project table: the header, the boards, one row per player, drawn
    ``width`` pixels wide (by default the 900 px at which its smallest text is 10 px; a
    view that shows it wider scales it up).

    ``highlight`` ids get a gold outline (and the hexes among them show their names);
    ``viewer`` marks that seat's row (the game has no hidden information); ``annotate``
    labels hexes (hex name to text, e.g. the ore a mine would cost there).

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> st = GPState.new(4, DEEP_MIND_2_SETUP)
    >>> plain, lit = scene(st), scene(st, highlight=["hex:1B5", "tech:nav"])
    >>> len(lit.items) - len(plain.items), plain.to_svg() == scene(st).to_svg()
    (2, True)
    """
    from gaia_lab.games.gaia_project.rules import actor

    highlight = tuple(highlight)
    components = load_components()
    inner = width - 2 * MARGIN
    parts: list[tuple[Scene, float, float]] = []
    y = MARGIN
    head = header_scene(state, inner)
    parts.append((head, MARGIN, y))
    y += head.height + 4
    named = [h.removeprefix("hex:") for h in highlight if h.startswith("hex:")]
    board = _board(state, width, annotate, named, (MARGIN, y))
    parts.append((board, 0, 0))  # in place already
    y += board.height + 12
    acting = actor(state)
    for i, p in enumerate(state.seats):
        row = kept(("row", inner, i, p, acting == i, viewer, y), functools.partial(
            _row, state, i, inner, components, viewer, (MARGIN, y)))
        parts.append((row, 0, 0))
        y += row.height + 8
    total = Scene.compose(parts, width, y + 2, background="#ffffff",
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
        items.append(Text(name_w, y + bar_h / 2, fit(name or "?",
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
