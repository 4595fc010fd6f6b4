"""The GAIA (Tiki Editions) table as a :class:`~gaia_lab.render.shapes.Scene`.

:func:`scene` draws a whole position: a header (players, rules, turn, who acts and what is
pending), the square grid (every tile with its terrain and Animal tokens, every City with its
four needs, which of them are met, and its meeples; the free squares where a tile may go),
the decks with their counts and the markets, the Objectives with their claims, the supplies,
a list of the Cities saying which neighbour meets each need, and one panel per player
(meeples, chips, Power cards played, the kinds of card played, the hand).  The drawing is a
pure function of the state: the same state gives the same SVG bytes.

Colours are never the only cue: every terrain and animal is also written (``Pl`` plain,
``Fo`` forest, ``Se`` sea, ``Sw`` swamp, ``De`` desert, ``Mo`` mountain, ``Go`` goat, ``Fi``
fish), a met need is a filled box and an unmet one an empty box, and each meeple carries its
seat number.  Text is at least 10 px at the default width.

Clickable ids follow :meth:`GaiaTiki.action_targets`: ``cell:<square>`` on every tile and free
square, ``card:<face>`` on each card of a hand shown face up, ``market:<deck>:<slot>`` on each
face-up card, ``deck:<deck>`` on each deck, ``seat:<i>`` on each player's name.

>>> from gaia_lab.games.gaia_tiki import GAME
>>> state = GAME.scenario({})
>>> board = scene(state)
>>> board.width, "cell:F6" in board.ids(), "deck:nature" in board.ids()
(1000, True, True)
>>> board.hit(*centre(board, "cell:F6"))
'cell:F6'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from gaia_lab.games.gaia_tiki import board as grid
from gaia_lab.games.gaia_tiki.actions import seat_word
from gaia_lab.games.gaia_tiki.board import ANIMALS, COLOURS, TERRAINS
from gaia_lab.games.gaia_tiki.components import STAR, Components, face
from gaia_lab.games.gaia_tiki.rules import FLOW, SETUP, NeedMet
from gaia_lab.games.gaia_tiki.state import DECKS, City, GTState, Tile
from gaia_lab.games.gaia_tiki.teaching import need_text
from gaia_lab.render.layout import (
    ACTIVE_FILL,
    ACTIVE_STROKE,
    INK,
    MARGIN,
    MUTED,
    centre,
    fit,
    highlight_items,
    text_width,
)
from gaia_lab.render.shapes import Circle, Item, Line, Rect, Scene, Text

if TYPE_CHECKING:  # pragma: no cover
    from gaia_lab.games.gaia_tiki.game import GaiaTiki

__all__ = [
    "ABBREVIATION",
    "DECK_STYLE",
    "PLAYER_STYLE",
    "TERRAIN_STYLE",
    "board_scene",
    "card_label",
    "centre",
    "city_lines",
    "header_scene",
    "pending_text",
    "scene",
    "seat_scene",
    "table_box",
]

TEXT: Final = 10.0
"""The smallest font size of the drawing."""

TERRAIN_STYLE: Final[dict[str, tuple[str, str]]] = {
    "plain": ("#e8ef9a", INK),
    "forest": ("#2f6b3a", "#ffffff"),
    "sea": ("#2f7fc4", "#ffffff"),
    "swamp": ("#5aa39a", INK),
    "desert": ("#e0a060", INK),
    "mountain": ("#a39a92", INK),
}
"""Terrain: tile colour and the colour of text written on it.  Plain and desert, swamp and
mountain differ in lightness as well as hue, and every tile also names its terrain."""

ANIMAL_STYLE: Final[dict[str, tuple[str, str]]] = {
    "goat": ("#f3e3c3", "#7a4e1d"),
    "fish": ("#dcebf7", "#1d4f7a"),
}
"""Animal: badge colour and ink."""

ABBREVIATION: Final[dict[str, str]] = {
    "plain": "Pl", "forest": "Fo", "sea": "Se", "swamp": "Sw", "desert": "De",
    "mountain": "Mo", "goat": "Go", "fish": "Fi", STAR: "★",
}
"""The two letters written for each terrain and animal (a star: any terrain but sea)."""

PLAYER_STYLE: Final[tuple[tuple[str, str], ...]] = (
    ("#0072b2", "#ffffff"),
    ("#f0e442", INK),
    ("#009e73", "#ffffff"),
    ("#d55e00", "#ffffff"),
    ("#ffffff", INK),
)
"""Seat: meeple colour (blue, yellow, green, red, white, in the Okabe-Ito palette) and ink."""

DECK_STYLE: Final[dict[str, tuple[str, str]]] = {
    "nature": ("#2e7d32", "Nature"),
    "life": ("#1f5fa8", "Life"),
    "power": ("#b3261e", "Power"),
}
"""Deck: the colour of its backs and its name."""

BOARD_W: Final = 600.0
"""The width of the grid beside the right-hand column."""
MIN_CELL: Final = 72.0
"""The smallest square: a wider grid takes the whole width, the column goes below."""
MAX_CELL: Final = 96.0
LABEL: Final = 16.0
"""The band of column letters and row numbers around the grid."""
CARD_W: Final = 92.0
CARD_H: Final = 40.0


# --------------------------------------------------------------------------
# Words


def player_name(seat: int) -> str:
    """``P1 (blue)``.

    >>> player_name(3)
    'P4 (red)'
    """
    return f"{seat_word(seat)} ({COLOURS[seat]})"


def card_label(card: str, components: Components) -> tuple[str, str]:
    """A card's two lines: its name and what it is.

    >>> from gaia_lab.games.gaia_tiki.components import load_components
    >>> c = load_components()
    >>> card_label("plain-3", c), card_label("borea", c), card_label("sole", c)
    (('Plain', 'Nature card'), ('Borea · Pl', 'Pl Fo Fi Mo'), ('Sole · ★', 'Pl Fo Se Go'))
    >>> card_label("herd-1", c), card_label("rain-2", c)
    (('Herd', 'Go ×3 on Pl'), ('Rain', 'Power card'))
    """
    kind = components.card_kind(card)
    if kind == "nature":
        return (components.terrain(face(card)).name, "Nature card")
    if kind == "power":
        power = components.power(card)
        return (power.name, "disaster" if power.disaster else "Power card")
    if components.is_city(card):
        city = components.city(card)
        return (f"{city.name} · {ABBREVIATION[city.terrain]}",
                " ".join(ABBREVIATION[n] for n in city.needs))
    animal = components.animal(card)
    where = " ".join(ABBREVIATION[t] for t in animal.terrains)
    return (animal.name, f"{ABBREVIATION[animal.animal]} ×{animal.tokens} on {where}")


def card_title(card: str, components: Components) -> str:
    """The full description of a card (the tooltip).

    >>> from gaia_lab.games.gaia_tiki.components import load_components
    >>> print(card_title("borea", load_components()))
    City Borea: built on plain; needs plain, forest, fish, mountain
    """
    kind = components.card_kind(card)
    if kind == "nature":
        return f"Nature card: a {face(card)} tile"
    if kind == "power":
        power = components.power(card)
        return f"Power {power.name}: {power.describe()}" + (" (a disaster)" if power.disaster
                                                            else "")
    if components.is_city(card):
        city = components.city(card)
        where = "any terrain but sea" if city.terrain == STAR else city.terrain
        return f"City {city.name}: built on {where}; needs {', '.join(city.needs)}"
    animal = components.animal(card)
    return (f"Animal card {animal.name}: {animal.tokens} {animal.animal} tokens on a "
            f"{' or '.join(animal.terrains)} tile")


def pending_text(state: GTState) -> str:
    """What the game waits for, in words.

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> print(pending_text(GAME.scenario({})))
    Now: P1 (blue): action 1 of 2, draw or play a card
    """
    task = state.task
    if task is None:
        return "Game over"
    names = tuple(player_name(s) for s in range(state.players))
    return f"Now: {FLOW.describe(task, names)}"


def city_lines(state: GTState, game: GaiaTiki) -> list[tuple[City, tuple[NeedMet, ...]]]:
    """Every City on the table with each of its needs and the squares that meet it (the
    engine's own reading, :meth:`Rules.needs_met`)."""
    return [(city, game.rules.needs_met(state, city.card, city.at)) for city in state.cities]


# --------------------------------------------------------------------------
# Small pieces


def meeple(seat: int, cx: float, cy: float, r: float = 7.5, title: str | None = None,
           id: str | None = None) -> list[Item]:
    """A meeple of ``seat``: a disc of its colour with its seat number."""
    fill, ink = PLAYER_STYLE[seat % len(PLAYER_STYLE)]
    return [Circle(cx, cy, r, fill=fill, stroke=INK, stroke_width=1.3, id=id,
                   title=title or f"a meeple of {player_name(seat)}"),
            Text(cx, cy, str(seat + 1), size=TEXT, weight="bold", anchor="middle",
                 baseline="middle", fill=ink, id=id)]


def icon(what: str, x: float, y: float, w: float, h: float, *, met: bool = True,
         title: str | None = None) -> list[Item]:
    """A terrain or animal box with its two letters: filled when ``met``, else an empty
    outline with grey letters."""
    if what in TERRAIN_STYLE:
        fill, ink = TERRAIN_STYLE[what]
        edge = INK
    else:
        fill, ink = ANIMAL_STYLE.get(what, ("#eeeeee", INK))
        edge = ink
    if not met:
        return [Rect(x, y, w, h, fill="#ffffff", stroke="#9a9a9a", stroke_width=1, radius=3,
                     title=title),
                Text(x + w / 2, y + h / 2, ABBREVIATION.get(what, what[:2]), size=TEXT,
                     anchor="middle", baseline="middle", fill="#8a8a8a")]
    return [Rect(x, y, w, h, fill=fill, stroke=edge, stroke_width=1.6, radius=3, title=title),
            Text(x + w / 2, y + h / 2, ABBREVIATION.get(what, what[:2]), size=TEXT,
                 weight="bold", anchor="middle", baseline="middle", fill=ink)]


def card_box(card: str, components: Components, x: float, y: float, *, w: float = CARD_W,
             id: str | None = None) -> list[Item]:
    """A card face up: its deck's colour on the left edge, its name and what it is."""
    kind = components.card_kind(card)
    back, _ = DECK_STYLE[kind]
    first, second = card_label(card, components)
    fill = "#fbfaf6"
    if kind == "nature":
        fill = TERRAIN_STYLE[face(card)][0]
    ink = TERRAIN_STYLE[face(card)][1] if kind == "nature" else INK
    return [
        Rect(x, y, w, CARD_H, fill=fill, stroke=back, stroke_width=1.6, radius=5, id=id,
             title=card_title(card, components)),
        Rect(x, y, 6, CARD_H, fill=back, radius=3),
        Text(x + 10, y + 16, fit(first, w - 14, TEXT), size=TEXT, weight="bold", fill=ink),
        Text(x + 10, y + 31, fit(second, w - 14, TEXT), size=TEXT, fill=ink),
    ]


def card_back(kind: str, x: float, y: float, w: float = 52) -> list[Item]:
    """A card face down: only its deck shows, as on the table."""
    back, name = DECK_STYLE[kind]
    return [Rect(x, y, w, CARD_H, fill=back, stroke=INK, stroke_width=1, radius=5,
                 title=f"a {name} card, face down"),
            Text(x + w / 2, y + CARD_H / 2, name, size=TEXT, weight="bold", anchor="middle",
                 baseline="middle", fill="#ffffff")]


# --------------------------------------------------------------------------
# The grid


def table_box(state: GTState, game: GaiaTiki) -> tuple[int, int, int, int]:
    """The columns and rows drawn: (first column, first row, columns, rows), the tiles and
    the free squares next to them, at least three by three around the centre.

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> table_box(GAME.scenario({}), GAME)
    (4, 5, 3, 3)
    """
    cells = [t.at for t in state.tiles] + game.rules.frontier(state) + [grid.CENTRE]
    cols = [grid.COLUMNS.index(c[0]) for c in cells]
    rows = [int(c[1:]) for c in cells]
    c0, c1 = min(cols), max(cols)
    r0, r1 = min(rows), max(rows)
    return c0, r0, c1 - c0 + 1, r1 - r0 + 1


def _tile_items(tile: Tile, x: float, y: float, s: float) -> list[Item]:
    fill, ink = TERRAIN_STYLE[tile.terrain]
    items: list[Item] = [
        Rect(x + 1, y + 1, s - 2, s - 2, fill=fill, stroke="#ffffff", stroke_width=2,
             id=f"cell:{tile.at}", title=f"{tile.at}: {tile.terrain}" + (
                 f", {tile.animals} {tile.kind} token{'s' * (tile.animals > 1)}"
                 if tile.animals else "") + (
                 f", {tile.eaten} Animal{'s' * (tile.eaten > 1)} eaten here"
                 if tile.eaten else "")),
        Text(x + 6, y + 15, tile.terrain, size=TEXT, weight="bold", fill=ink),
        Text(x + s - 5, y + s - 6, tile.at, size=TEXT, anchor="end", fill=ink),
    ]
    if tile.eaten:
        items.append(Text(x + 6, y + s - 6, f"eaten {tile.eaten}", size=TEXT, fill=ink))
    if tile.animals:
        badge, bink = ANIMAL_STYLE[tile.kind]
        label = f"{tile.kind} ×{tile.animals}"
        bw = text_width(label, TEXT) + 10
        items.append(Rect(x + 6, y + s / 2 - 8, bw, 17, fill=badge, stroke=bink,
                          stroke_width=1.4, radius=8,
                          title=f"{tile.animals} {tile.kind} token(s) on {tile.at}"))
        items.append(Text(x + 11, y + s / 2, label, size=TEXT, weight="bold",
                          baseline="middle", fill=bink))
    return items


def _city_items(city: City, needs: Sequence[NeedMet], components: Components, tile: str,
                x: float, y: float, s: float) -> list[Item]:
    card = components.city(city.card)
    met = sum(1 for n in needs if n)
    holders = ", ".join(player_name(m) for m in city.meeples) or "nobody (empty)"
    title = (f"{city.at}: City {card.name} on {tile}, {met} of 4 needs met ("
             + "; ".join(need_text(n) for n in needs) + f"); meeples: {holders}")
    items: list[Item] = [
        Rect(x + 5, y + 5, s - 10, s - 10, fill="#fffdf7", stroke=INK, stroke_width=1.6,
             radius=6, id=f"cell:{city.at}", title=title),
        Text(x + 9, y + 17, fit(card.name, s - 38, TEXT), size=TEXT, weight="bold", fill=INK),
        Text(x + s - 8, y + 17, f"{met}/4", size=TEXT, weight="bold", anchor="end",
             fill="#b3261e" if met <= 1 else INK),
    ]
    w = (s - 18) / 2
    for k, need in enumerate(needs):
        ix = x + 7 + (k % 2) * (w + 4)
        iy = y + 22 + (k // 2) * 16
        items += icon(need.need, ix, iy, w, 14, met=bool(need), title=need_text(need))
    spacing = min(16.0, (s - 22) / max(len(city.meeples), 1))
    for k, seat in enumerate(city.meeples):
        items += meeple(seat, x + 14 + k * spacing, y + s - 13, 7,
                        title=f"a meeple of {player_name(seat)} on {card.name}")
    return items


def _links(city: City, needs: Sequence[NeedMet], x: float, y: float, s: float) -> list[Item]:
    """A bar on each side of the City whose neighbour meets one of its needs."""
    by: dict[str, list[str]] = {}
    for need in needs:
        for cell in need.by:
            by.setdefault(cell, []).append(need.need)
    items: list[Item] = []
    col, row = grid.COLUMNS.index(city.at[0]), int(city.at[1:])
    half = s / 5
    for cell, what in by.items():
        dc = grid.COLUMNS.index(cell[0]) - col
        dr = int(cell[1:]) - row
        cx, cy = x + s / 2 + dc * s / 2, y + s / 2 + dr * s / 2
        ends = (cx - half, cy, cx + half, cy) if dr else (cx, cy - half, cx, cy + half)
        items.append(Line(*ends, stroke=INK, width=4,
                          title=f"{cell} meets {', '.join(what)} of the City on {city.at}"))
    return items


def board_scene(state: GTState, game: GaiaTiki, width: float) -> Scene:
    """The grid: column letters and row numbers, tiles, Cities, Animals and the free squares
    (``cell:<square>``) where a tile may go.

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> b = board_scene(GAME.scenario({}), GAME, 600)
    >>> sorted(i for i in b.ids())[:3], b.find("cell:F6").title
    (['cell:E6', 'cell:F5', 'cell:F6'], 'F6: plain')
    """
    c = game.components
    c0, r0, cols, rows = table_box(state, game)
    s = max(min(MAX_CELL, (width - LABEL) / cols), 1.0)
    items: list[Item] = [Rect(0, 0, LABEL + cols * s, LABEL + rows * s, fill="#f1efe8",
                              radius=8)]
    for k in range(cols):
        items.append(Text(LABEL + k * s + s / 2, 12, grid.COLUMNS[c0 + k], size=TEXT,
                          weight="bold", anchor="middle", fill=MUTED))
    for k in range(rows):
        items.append(Text(LABEL / 2, LABEL + k * s + s / 2, str(r0 + k), size=TEXT,
                          weight="bold", anchor="middle", baseline="middle", fill=MUTED))
    free = set(game.rules.frontier(state))
    tiles = {t.at: t for t in state.tiles}
    needs = dict((city.at, n) for city, n in city_lines(state, game))
    cities = {city.at: city for city in state.cities}
    links: list[Item] = []
    for k in range(rows):
        for j in range(cols):
            cell = f"{grid.COLUMNS[c0 + j]}{r0 + k}"
            x, y = LABEL + j * s, LABEL + k * s
            tile = tiles.get(cell)
            if tile is not None:
                items += _tile_items(tile, x, y, s)
            elif cell in free:
                items.append(Rect(x + 3, y + 3, s - 6, s - 6, fill="#ffffff", stroke="#b9b3a3",
                                  stroke_width=1.2, radius=4, id=f"cell:{cell}",
                                  title=f"{cell}: a free square next to the tiles"))
                items.append(Text(x + s / 2, y + s / 2, cell, size=TEXT, anchor="middle",
                                  baseline="middle", fill=MUTED))
            city = cities.get(cell)
            if city is not None:
                items += _city_items(city, needs[cell], c, tile.terrain if tile else "?", x, y,
                                     s)
                links += _links(city, needs[cell], x, y, s)
    return Scene(LABEL + cols * s, LABEL + rows * s, tuple(items + links))


# --------------------------------------------------------------------------
# The column: decks and markets, Objectives, supplies, Cities


def decks_scene(state: GTState, game: GaiaTiki, w: float) -> Scene:
    """Each deck in play (``deck:<name>``, with its count) and its market
    (``market:<name>:<slot>``).

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> ids = decks_scene(GAME.scenario({}), GAME, 366).ids()
    >>> ids[:4], "deck:power" in ids
    (['deck:nature', 'market:nature:1', 'market:nature:2', 'market:nature:3'], False)
    """
    c = game.components
    items: list[Item] = [Text(0, 12, "DECKS AND MARKETS", size=TEXT, weight="bold",
                              fill=MUTED)]
    y = 20.0
    card_w = min(CARD_W, (w - 76) / 3 - 4)
    for name in DECKS:
        if name == "power" and not state.powers:
            continue
        back, label = DECK_STYLE[name]
        left = len(state.deck(name))
        items.append(Rect(0, y, 68, CARD_H, fill=back, stroke=INK, stroke_width=1, radius=5,
                          id=f"deck:{name}",
                          title=f"the {label} deck: {left} card{'s' * (left != 1)} face down"))
        items.append(Text(34, y + 16, label, size=TEXT, weight="bold", anchor="middle",
                          fill="#ffffff", id=f"deck:{name}"))
        items.append(Text(34, y + 31, f"{left} left", size=TEXT, anchor="middle",
                          fill="#ffffff", id=f"deck:{name}"))
        for k, card in enumerate(state.market(name)):
            items += card_box(card, c, 76 + k * (card_w + 4), y, w=card_w,
                              id=f"market:{name}:{k + 1}")
        if not state.market(name):
            items.append(Text(80, y + 24, "market empty", size=TEXT, fill=MUTED))
        y += CARD_H + 6
    gone = len(state.discard)
    items.append(Text(0, y + 10, f"Discard pile: {gone} card{'s' * (gone != 1)}", size=TEXT,
                      fill=INK))
    return Scene(w, y + 14, tuple(items))


def objectives_scene(state: GTState, game: GaiaTiki, w: float) -> Scene:
    """The revealed Objectives: what each asks for and whose meeple is on it.

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> o = objectives_scene(GAME.scenario({}), GAME, 366)
    >>> len([i for i in o.items if isinstance(i, Text) and "open" in i.text])
    4
    """
    c = game.components
    items: list[Item] = [Text(0, 12, "OBJECTIVES", size=TEXT, weight="bold", fill=MUTED)]
    y = 20.0
    for obj in state.objectives:
        card = c.objective(obj.card)
        claimed = obj.claimed >= 0
        items.append(Rect(0, y, w, 24, fill="#f3f1ea" if claimed else "#ffffff",
                          stroke="#b9b3a3", radius=5, id=f"objective:{obj.card}",
                          title=f"Objective {card.name}: {card.describe()}"
                                + (f"; claimed by {player_name(obj.claimed)}" if claimed
                                   else "; open")))
        items.append(Text(6, y + 16, fit(card.name, 110, TEXT), size=TEXT, weight="bold",
                          fill=INK))
        x = 118.0
        if card.powers:
            items.append(Text(x, y + 16, f"{card.powers} Power cards played", size=TEXT,
                              fill=INK))
        for terrain, n in card.chips:
            for _ in range(n):
                items += icon(terrain, x, y + 4, 22, 16, title=f"a {terrain} chip")
                x += 25
        if claimed:
            items += meeple(obj.claimed, w - 14, y + 12, 7)
            items.append(Text(w - 26, y + 16, "claimed", size=TEXT, anchor="end", fill=INK))
        else:
            items.append(Text(w - 6, y + 16, "open", size=TEXT, anchor="end", fill=MUTED))
        y += 28
    if not state.objectives:
        items.append(Text(0, y + 12, "not revealed yet", size=TEXT, fill=MUTED))
        y += 18
    return Scene(w, y, tuple(items))


def supply_scene(state: GTState, game: GaiaTiki, w: float) -> Scene:
    """The chips still under the Objectives and the tiles still in the box, by terrain,
    and the Animal tokens in the bank and on the table."""
    items: list[Item] = [Text(0, 12, "SUPPLY", size=TEXT, weight="bold", fill=MUTED)]
    y = 20.0
    for label, counts, what in (("chips", state.chip_supply, "chips"),
                                ("tiles", state.tile_supply, "land tiles")):
        items.append(Text(0, y + 13, label, size=TEXT, fill=INK))
        for k, terrain in enumerate(TERRAINS):
            x = 40 + k * 54
            items += icon(terrain, x, y + 2, 24, 16,
                          title=f"{counts[k]} {terrain} {what} left")
            items.append(Text(x + 28, y + 14, str(counts[k]), size=TEXT, weight="bold",
                              fill=INK))
        y += 22
    on_table = sum(t.animals for t in state.tiles)
    line = f"Animal tokens: {state.bank} in the bank, {on_table} on the table"
    items.append(Text(0, y + 13, fit(line, w, TEXT), size=TEXT, fill=INK))
    return Scene(w, y + 18, tuple(items))


def cities_scene(state: GTState, game: GaiaTiki, w: float) -> Scene:
    """Every City, why it has the needs it has: each need, met (by which squares) or not,
    and its meeples."""
    c = game.components
    items: list[Item] = [Text(0, 12, "CITIES: WHICH NEIGHBOUR MEETS EACH NEED", size=TEXT,
                              weight="bold", fill=MUTED)]
    y = 20.0
    for city, needs in city_lines(state, game):
        card = c.city(city.card)
        met = sum(1 for n in needs if n)
        items.append(Text(0, y + 11, f"{city.at} {card.name}: {met} of 4 met", size=TEXT,
                          weight="bold", fill=INK, id=f"cell:{city.at}"))
        x = w - 8.0
        for seat in reversed(city.meeples):
            items += meeple(seat, x, y + 7, 6.5)
            x -= 15
        if not city.meeples:
            items.append(Text(w, y + 11, "empty", size=TEXT, anchor="end", fill=MUTED))
        y += 17
        x = 0.0
        for need in needs:
            items += icon(need.need, x, y, 22, 15, met=bool(need), title=need_text(need))
            words = ", ".join(need.by) if need.by else "—"
            items.append(Text(x + 25, y + 11, words, size=TEXT, fill=INK if need else MUTED))
            x += max(25 + text_width(words, TEXT) + 10, w / 4)
        y += 21
    if not state.cities:
        items.append(Text(0, y + 12, "no City yet", size=TEXT, fill=MUTED))
        y += 18
    return Scene(w, y, tuple(items))


# --------------------------------------------------------------------------
# The players


def _played_kinds(played: Iterable[str], components: Components) -> str:
    kinds: Counter[str] = Counter()
    for card in played:
        kind = components.card_kind(card)
        if kind == "life":
            kind = "City" if components.is_city(card) else "Animals"
        kinds[kind] += 1
    words = [f"{kinds[k]} {label}" for k, label in (("nature", "Nature"), ("City", "City"),
                                                     ("Animals", "Animals"),
                                                     ("power", "Power")) if kinds[k]]
    return ", ".join(words) or "nothing yet"


def seat_scene(state: GTState, i: int, game: GaiaTiki, *, viewer: int | None,
               w: float) -> Scene:
    """The panel of seat ``i``: its name (``seat:<i>``), meeples, chips, Power cards played,
    the kinds of card played and the hand (face up for the teacher's view and for its own
    player; for another viewer only the backs, which show the deck).

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> st = GAME.scenario({"seats": [{"hand": ["borea"]}]})
    >>> "card:borea" in seat_scene(st, 0, GAME, viewer=None, w=980).ids()
    True
    >>> "borea" in seat_scene(st, 0, GAME, viewer=1, w=980).to_svg()
    False
    """
    c = game.components
    seat = state.seat(i)
    task = state.task
    acts = task is not None and task.seat == i
    on_cities, on_objectives = game.rules.placed(state, i)
    items: list[Item] = []
    fill, ink = PLAYER_STYLE[i % len(PLAYER_STYLE)]
    name = player_name(i)
    items.append(Rect(MARGIN, 8, text_width(name, 12) + 34, 22, fill=fill, stroke=INK,
                      stroke_width=1.2, radius=11, id=f"seat:{i}", title=f"{name}"))
    items.append(Text(MARGIN + 10, 23.5, name, size=12, weight="bold", fill=ink,
                      id=f"seat:{i}"))
    x = MARGIN + text_width(name, 12) + 46
    line = (f"meeples: {seat.meeples} to place · {on_cities} on Cities · {on_objectives} on "
            f"Objectives" + (" · to act" if acts else ""))
    items.append(Text(x, 23, line, size=11, weight="bold" if acts else "normal",
                      fill=ACTIVE_STROKE if acts else INK))
    for k in range(seat.meeples):
        items += meeple(i, w - MARGIN - 10 - 17 * k, 19, 7.5,
                        title=f"a meeple of {name}, still to place")
    y = 38.0
    items.append(Text(MARGIN, y + 14, "chips", size=TEXT, fill=INK))
    for k, terrain in enumerate(TERRAINS):
        cx = MARGIN + 40 + k * 50
        n = seat.chips[k]
        items += icon(terrain, cx, y + 3, 24, 16, met=n > 0,
                      title=f"{n} {terrain} chip{'s' * (n != 1)}")
        items.append(Text(cx + 28, y + 15, str(n), size=TEXT, weight="bold", fill=INK))
    px = MARGIN + 350
    played = f"played: {_played_kinds(seat.played, c)}"
    if state.powers:
        played += f" · Power cards in front: {len(seat.powers)}"
    items.append(Text(px, y + 15, fit(played, w - px - MARGIN, TEXT), size=TEXT, fill=INK,
                      title=", ".join(c.face(p) for p in seat.powers) or None))
    y += 26
    show = viewer is None or viewer == i
    kinds = Counter(c.card_kind(card) for card in seat.hand)
    summary = ", ".join(f"{kinds[k]} {DECK_STYLE[k][1]}" for k in DECKS if kinds[k])
    items.append(Text(MARGIN, y + 25, f"hand ({len(seat.hand)})", size=TEXT, weight="bold",
                      fill=INK, title=summary or "no card"))
    x = MARGIN + 60
    for card in seat.hand:
        if show:
            items += card_box(card, c, x, y + 4, id=f"card:{face(card)}")
            x += CARD_W + 5
        else:
            items += card_back(c.card_kind(card), x, y + 4)
            x += 57
    if not seat.hand:
        items.append(Text(x, y + 25, "empty", size=TEXT, fill=MUTED))
    y += CARD_H + 12
    frame = Rect(1, 1, w - 2, y - 2, fill=ACTIVE_FILL if acts else "#fcfcfa",
                 stroke=ACTIVE_STROKE if acts else "#c9c3b4", stroke_width=3 if acts else 1,
                 radius=10)
    return Scene(w, y, (frame, *items))


# --------------------------------------------------------------------------
# Header, legend and the whole table


def header_scene(state: GTState, game: GaiaTiki, w: float) -> Scene:
    """The title line (players, rules, turn) and the pending step, or who won.

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> header_scene(GAME.scenario({}), GAME, 980).items[0].text
    'GAIA (Tiki Editions) · 2 players · base game · turn 1 · active: P1 (blue)'
    """
    rules = "base game"
    if state.advanced:
        rules = "advanced rules with Powers" if state.powers else "advanced rules"
    first = f"GAIA (Tiki Editions) · {state.players} players · {rules}"
    task = state.task
    if task is not None and task.kind in SETUP:
        first += " · setup"
    else:
        first += f" · turn {state.turn + 1} · active: {player_name(state.active)}"
    items: list[Item] = [Text(0, 17, fit(first, w, 15), size=15, weight="bold", fill=INK)]
    if state.task is None:
        winners = ", ".join(player_name(s) for s in game.winners(state))
        how = {"meeples": f"{player_name(state.ender)} placed their last meeple",
               "deck": f"{player_name(state.ender)} drew a deck's last card"}.get(state.end,
                                                                                  "")
        line = f"Game over · {how} · won by {winners}" if how else f"Game over · {winners}"
        items.append(Text(0, 38, fit(line, w, 12.5), size=12.5, weight="bold",
                          fill="#b3261e"))
    else:
        items.append(Text(0, 38, fit(pending_text(state), w, 12.5), size=12.5, fill=INK))
    return Scene(w, 46, tuple(items))


def legend_scene(state: GTState, w: float) -> Scene:
    """The key: the terrains and animals with their letters, a met and an unmet need, the
    meeples of the seats in play and the mark of a neighbour meeting a need; the entries
    wrap onto as many lines as ``w`` needs.

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> legend_scene(GAME.scenario({}), 600).height, legend_scene(GAME.scenario({}), 980).height
    (40.0, 40.0)
    """
    return _legend(state.players, w)


@lru_cache(maxsize=32)
def _legend(players: int, w: float) -> Scene:
    """The key for a number of players and a width (a Scene is immutable, so one is
    drawn once and shared)."""
    entries: list[tuple[list[Item], str]] = []
    for what in (*TERRAINS, *ANIMALS):
        entries.append((icon(what, 0, 0, 22, 16), what))
    entries.append((icon("forest", 0, 0, 22, 16), "need met"))
    entries.append((icon("forest", 0, 0, 22, 16, met=False), "need not met"))
    for seat in range(players):
        entries.append((meeple(seat, 11, 8, 7), player_name(seat)))
    entries.append(([Line(1, 8, 21, 8, stroke=INK, width=4)], "a neighbour meets a need"))
    items: list[Item] = []
    x = y = 0.0
    for marks, label in entries:
        size = 40 + text_width(label, TEXT)
        if x and x + size > w:
            x, y = 0.0, y + 20
        items += [m.translated(x, y) for m in marks]
        items.append(Text(x + 26, y + 12, label, size=TEXT, fill=INK))
        x += size
    return Scene(w, y + 20, tuple(items))


def scene(state: GTState, *, highlight: Iterable[str] = (), viewer: int | None = None,
          width: int = 1000, game: GaiaTiki | None = None) -> Scene:
    """The whole table of GAIA.

    ``highlight`` ids get a gold outline (the Explorer passes the targets of the legal
    actions); ``viewer`` is the seat whose hand is shown face up, the others face down
    (None: every hand, the teacher's view); ``game`` defaults to
    :data:`~gaia_lab.games.gaia_tiki.GAME`.

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> st = GAME.scenario({})
    >>> plain, lit = scene(st), scene(st, highlight=["cell:F5", "card:nowhere"])
    >>> len(lit.items) - len(plain.items), plain.to_svg() == scene(st).to_svg()
    (1, True)
    """
    if game is None:
        from gaia_lab.games.gaia_tiki import GAME

        game = GAME
    inner = width - 2 * MARGIN
    parts: list[tuple[Scene, float, float]] = []
    y = MARGIN
    head = header_scene(state, game, inner)
    parts.append((head, MARGIN, y))
    y += head.height + 4
    cols = table_box(state, game)[2]
    wide = (BOARD_W - LABEL) / cols < MIN_CELL
    grid_scene = board_scene(state, game, inner if wide else BOARD_W)
    parts.append((grid_scene, MARGIN, y))
    column = [decks_scene, objectives_scene, supply_scene, cities_scene]
    if wide:
        y += grid_scene.height + 8
        legend = legend_scene(state, inner)
        parts.append((legend, MARGIN, y))
        y += legend.height + 8
        half = (inner - 14) / 2
        left = Scene.stack(*(f(state, game, half) for f in column[:3]), gap=10)
        right = cities_scene(state, game, half)
        parts.append((left, MARGIN, y))
        parts.append((right, MARGIN + half + 14, y))
        y += max(left.height, right.height) + 12
    else:
        right_x = MARGIN + BOARD_W + 14
        right_w = width - MARGIN - right_x
        ry = y
        for draw in column:
            block = draw(state, game, right_w)
            parts.append((block, right_x, ry))
            ry += block.height + 10
        ly = y + grid_scene.height + 8
        legend = legend_scene(state, BOARD_W)
        parts.append((legend, MARGIN, ly))
        y = max(ly + legend.height, ry) + 10
    for i in range(state.players):
        panel = seat_scene(state, i, game, viewer=viewer, w=inner)
        parts.append((panel, MARGIN, y))
        y += panel.height + 8
    table = Scene.compose(parts, width, y, background="#ffffff",
                          title=f"GAIA (Tiki Editions), turn {state.turn}")
    return table.with_items(*highlight_items(table, highlight))
