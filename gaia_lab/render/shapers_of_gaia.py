"""The Shapers of Gaia table as a :class:`~gaia_lab.render.shapes.Scene`.

:func:`scene` draws a whole position: a header (turn, who acts, what is pending), the
37-space hex board in its rings (the Vault in the centre, Biome tiles coloured by biome,
empty spaces with their DNA tokens, the Caretaker, each player's Shaper and animals) with
its key, beside it the Vault spaces, the three Species displays with their decks, the tile
stack and the Behavior cards, and below one panel per seat (Resource Track, Toxicity,
Prestige, DNA, the Shaper board with its animal spaces and abilities, the three Ecosystem
rows, the hand of tiles and the special and borrowed cards). The drawing is a pure function
of the state: the same state gives the same SVG bytes.

The table is laid out for its width: at :data:`BASE_WIDTH` (900 px, the default: a laptop
beside the controls) every text is at least 10 px; a wider table grows the board's spaces and lays
the Ecosystem rows beside the Shaper board; a narrower request is drawn 900 px wide (and
shown scaled). Detail that does not fit (a card's two sides in words, what an ability
does, where an animal came from) is in the items' titles.

Clickable ids follow :meth:`ShapersOfGaia.action_targets`: ``space:<label>`` on each
board space, ``vault:<id>`` on each Vault space in use, ``card:<id>`` on each Species card
(displays, rows, special and borrowed cards), ``tile:<id>`` on each tile in a hand and
``animal:<space>`` on the animal spaces of the Shaper board of the seat that acts.

>>> from gaia_lab.games.shapers_of_gaia import GAME
>>> state = GAME.scenario({})
>>> board = scene(state)
>>> board.width, "space:B1" in board.ids(), "vault:vh1" in board.ids()
(900, True, True)
>>> board.hit(*centre(board, "space:A3"))
'space:A3'
>>> scene(state, width=600).width
900
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from gaia_lab.core.hexgrid import corners, to_pixel
from gaia_lab.games.shapers_of_gaia import abilities, board
from gaia_lab.games.shapers_of_gaia.components import Components, Effect, Species
from gaia_lab.games.shapers_of_gaia.rules import FLOW
from gaia_lab.games.shapers_of_gaia.state import ROWS, RowCard, SGState
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
    wrap,
)
from gaia_lab.render.shapes import Circle, Item, Polygon, Rect, Scene, Text

if TYPE_CHECKING:  # pragma: no cover
    from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia

__all__ = [
    "ANIMAL_STYLE",
    "BASE_WIDTH",
    "BIOME_STYLE",
    "PLAYER_COLOURS",
    "board_scene",
    "centre",
    "effect_text",
    "header_scene",
    "hex_radius",
    "pending_text",
    "scene",
    "seat_scene",
]

BASE_WIDTH: Final = 900
"""The narrowest table: drawn this wide, every text is at least :data:`SMALL` px."""
SMALL: Final = 10.0
"""The font size of the smallest text (labels, card effects, the key)."""
LINE: Final = 13.0
"""The distance between two lines of :data:`SMALL` text."""
HEX: Final = 37.0
"""The circumradius of a board space at :data:`BASE_WIDTH`."""
HEX_MAX: Final = 50.0
"""The largest circumradius, for a very wide table."""
_BOARD_PAD: Final = 10.0

BIOME_STYLE: Final[dict[str, tuple[str, str]]] = {
    "water": ("#6fa8dc", "Water"),
    "crystal": ("#e89ac0", "Crystal"),
    "forest": ("#93c572", "Forest"),
    "mushroom": ("#f4d03f", "Mushroom"),
    "temple": ("#f0e6cf", "Temple"),
    "vault": ("#5d6d7e", "Vault"),
}
"""Biome: tile colour and name (apart under colour-vision deficiencies, dark text readable
on each: tests/test_render_colours.py)."""

ANIMAL_STYLE: Final[dict[str, tuple[str, str]]] = {
    "scavenger": ("S", "#8d6e63"),
    "herbivore": ("H", "#2e6b1f"),
    "predator": ("P", "#e8664a"),
}
"""Animal type: its letter and the colour of its Species cards."""

PLAYER_COLOURS: Final = ("#e67e22", "#1f3a5f", "#f5f5f5")
"""Seat colours: orange, dark blue, white."""
_PLAYER_INK: Final = ("#2b2b2b", "#ffffff", "#2b2b2b")

DNA_STYLE: Final[dict[str, str]] = {"yellow": "#f1c40f", "blue": "#2e86de", "red": "#e74c3c"}
_DNA_INK: Final[dict[str, str]] = {"yellow": INK, "blue": "#ffffff", "red": "#ffffff"}

RESOURCE_SHORT: Final[dict[str, str]] = {
    "shard": "Shard", "spore": "Spore", "seed": "Seed", "nutrient": "Nutrient",
    "energy": "Energy", "prestige": "Prestige", "dna": "DNA", "discard": "Toxicity",
    "any_basic": "any basic",
}

# --------------------------------------------------------------------------
# Small helpers


def effect_text(effect: Effect) -> str:
    """A card or tile effect in few characters.

    >>> effect_text(Effect(pay=(("nutrient", 1),), gain=(("shard", 1), ("prestige", 2))))
    '1 Nutrient → 1 Shard, 2 Prestige'
    >>> effect_text(Effect(gain=(("seed", 2), ("discard", 1))))
    '+2 Seed, −1 Toxicity'
    """
    parts = [f"{n} {RESOURCE_SHORT.get(k, k)}" for k, n in effect.gain if k != "discard"]
    drop = [f"−{n} Toxicity" for k, n in effect.gain if k == "discard"]
    if not effect.pay:
        return ", ".join([f"+{p}" for p in parts] + drop) or "nothing"
    gain = ", ".join(parts + drop) or "nothing"
    pay = ", ".join(f"{n} {RESOURCE_SHORT.get(k, k)}" for k, n in effect.pay)
    return f"{pay} → {gain}"


def _chars(width: float, size: float = SMALL) -> int:
    """How many characters of font ``size`` fit ``width``."""
    return max(1, int(width / text_width("x", size)))


@lru_cache(maxsize=64)
def _lines(texts: tuple[str, ...], width: float, most: int = 3) -> int:
    """The lines the longest of ``texts`` takes when wrapped to ``width`` (at most
    ``most``): a box sized by it holds every one of them whole.

    >>> _lines(("1 Nutrient → 1 Shard, 2 Prestige", "+1 Seed"), 120)
    2
    """
    chars = _chars(width)
    return max((len(wrap(t, chars, most)) for t in texts), default=1)


def _text_lines(x: float, y: float, text: str, width: float, lines: int, *,
                fill: str = INK, size: float = SMALL) -> list[Item]:
    """``text`` wrapped into at most ``lines`` lines from baseline ``y`` down."""
    return [Text(x, y + LINE * k, line, size=size, fill=fill)
            for k, line in enumerate(wrap(text, _chars(width, size), lines))]


def seat_name(state: SGState, seat: int, components: Components) -> str:
    """``P1 (Telrin Aviary)``, or just ``P1`` before the Shapers are dealt.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> seat_name(GAME.scenario({}), 0, GAME.components)
    'P1 (Telrin Aviary)'
    """
    sid = state.seats[seat].shaper
    if not sid:
        return f"P{seat + 1}"
    return f"P{seat + 1} ({components.shaper(sid).name})"


def pending_text(state: SGState, components: Components) -> str:
    """What the game waits for, in words.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> print(pending_text(GAME.scenario({}), GAME.components))
    Now: P1 (Telrin Aviary): introduce an animal or restore biomes
    """
    task = state.task
    if task is None or state.over:
        return "Game over"
    names = tuple(seat_name(state, i, components) for i in range(len(state.seats)))
    return f"Now: {FLOW.describe(task, names)}"


def _token(kind: str, seat: int, cx: float, cy: float, r: float, title: str) -> list[Item]:
    """An animal of ``seat``: a triangle (Scavenger), circle (Herbivore) or square
    (Predator) in the seat's colour with the type's letter (``r`` >= 11 keeps the letter
    over 10 px)."""
    fill, ink = PLAYER_COLOURS[seat % 3], _PLAYER_INK[seat % 3]
    letter = ANIMAL_STYLE.get(kind, ("?", MUTED))[0]
    shape: Item
    if kind == "scavenger":
        shape = Polygon(((cx, cy - r * 1.15), (cx + r * 1.05, cy + r * 0.7),
                         (cx - r * 1.05, cy + r * 0.7)), fill=fill, stroke=INK,
                        stroke_width=1.3, title=title)
        ty = cy + r * 0.2
    elif kind == "predator":
        shape = Rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, fill=fill, stroke=INK,
                     stroke_width=1.3, radius=2, title=title)
        ty = cy
    else:
        shape = Circle(cx, cy, r * 0.9, fill=fill, stroke=INK, stroke_width=1.3, title=title)
        ty = cy
    return [shape, Text(cx, ty, letter, size=r * 0.95, weight="bold", anchor="middle",
                        baseline="middle", fill=ink)]


def _dna_token(colour: str, cx: float, cy: float, r: float, size: float = SMALL,
               title: str | None = None) -> list[Item]:
    """A DNA token: a disc of its colour with its initial (Y, B, R), so that the colours
    are told apart without seeing them."""
    return [Circle(cx, cy, r, fill=DNA_STYLE.get(colour, MUTED), stroke=INK, stroke_width=1,
                   title=title or f"{colour} DNA token"),
            Text(cx, cy, colour[:1].upper(), size=size, weight="bold", anchor="middle",
                 baseline="middle", fill=_DNA_INK.get(colour, INK))]


def _dna_dot(colour: str, cx: float, cy: float, r: float = 4.5) -> Item:
    """A DNA icon of a Species card (its colour in the card's title)."""
    return Circle(cx, cy, r, fill=DNA_STYLE.get(colour, MUTED), stroke=INK, stroke_width=0.8,
                  title=f"{colour} DNA icon")


def _marker(cx: float, cy: float, r: float, seat: int, size: float) -> list[Item]:
    """A Shaper figure: a disc of the seat's colour with its number."""
    return [Circle(cx, cy, r, fill=PLAYER_COLOURS[seat % 3], stroke="#000000",
                   stroke_width=2, title=f"P{seat + 1}'s Shaper"),
            Text(cx, cy, str(seat + 1), size=size, weight="bold", anchor="middle",
                 baseline="middle", fill=_PLAYER_INK[seat % 3])]


def _caretaker(cx: float, cy: float, half: float, size: float) -> list[Item]:
    return [Polygon(((cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)),
                    fill="#ffffff", stroke=INK, stroke_width=1.5, title="the Caretaker"),
            Text(cx, cy, "C", size=size, weight="bold", anchor="middle", baseline="middle",
                 fill=INK)]


# --------------------------------------------------------------------------
# The board


def hex_radius(width: float) -> float:
    """The circumradius of a board space on a table ``width`` wide: :data:`HEX` up to a
    little over 1000 px, then growing with the width up to :data:`HEX_MAX`.

    >>> hex_radius(900), round(hex_radius(1400), 1), hex_radius(3000)
    (37.0, 46.5, 50.0)
    """
    return max(HEX, min(HEX_MAX, round((0.42 * width - 2 * _BOARD_PAD + 2) / 6.1) / 2))


def board_size(r: float = HEX) -> tuple[float, float]:
    """The width and height of the board drawn with spaces of circumradius ``r``.

    >>> board_size()
    (468.6, 427.0)
    """
    return (round(7 * math.sqrt(3) * r + 2 * _BOARD_PAD, 1), 11 * r + 2 * _BOARD_PAD)


def board_scene(state: SGState, components: Components, r: float = HEX) -> Scene:
    """The 37 spaces with tiles, DNA tokens, the Caretaker, Shapers and animals.

    Each space keeps its places: its label on top, an animal in the middle, the Caretaker
    on the left, an extra cost (or the Caretaker icon) on the right and the Shapers at the
    bottom; sizes grow with ``r``.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> b = board_scene(GAME.scenario({}), GAME.components)
    >>> sum(1 for i in b.ids() if i.startswith("space:")), b.find("space:V").title
    (37, 'V: the Vault')
    """
    k = r / HEX
    font = SMALL * k
    bw, bh = board_size(r)
    ox, oy = bw / 2, bh / 2
    tiles = dict(state.tiles)
    dna = dict(state.dna_board)
    items: list[Item] = [Rect(0, 0, bw, bh, fill="#eaf2f8", radius=12)]
    for h in board.SPACES:
        lab = board.label(h)
        tid = tiles.get(lab)
        pts = corners(h, r, "pointy", (ox, oy))
        cx, cy = to_pixel(h, r, "pointy", (ox, oy))
        top_y = cy - 13 * k
        if tid is None:
            title = f"{lab}: empty space" + (f" (a {dna[lab]} DNA token)" if lab in dna else "")
            items.append(Polygon(pts, fill="#f7f4ec", stroke="#c9c3b4", stroke_width=1.2,
                                 id=f"space:{lab}", title=title))
            items.append(Text(cx, top_y, lab, size=font, anchor="middle", fill=MUTED))
            if lab in dna:
                items += _dna_token(dna[lab], cx, cy + 5 * k, 9 * k, font)
            continue
        tile = components.tile(tid)
        fill, name = BIOME_STYLE.get(tile.biome, ("#dddddd", tile.biome))
        vault = tile.biome == "vault"
        title = f"{lab}: the Vault" if vault else f"{lab}: {tile.describe()}"
        items.append(Polygon(pts, fill=fill, stroke="#ffffff", stroke_width=2,
                             id=f"space:{lab}", title=title))
        top = "VAULT" if vault else lab if tile.stage == "S" else f"{lab} · {tile.stage}"
        items.append(Text(cx, top_y, top, size=font, weight="bold", anchor="middle",
                          fill="#ffffff" if vault else INK))
        side_x, side_y = cx + 21 * k, cy + 1 * k
        if tile.extra_cost:
            extra = "+" + "".join((str(n) if n > 1 else "") + c[0].upper()
                                  for c, n in tile.extra_cost)
            items.append(Text(side_x, side_y, extra, size=font, weight="bold",
                              anchor="middle", baseline="middle", fill="#7b241c",
                              title="extra cost to introduce here: " + ", ".join(
                                  f"{n} {c}" for c, n in tile.extra_cost)))
        elif tile.caretaker_icon:
            items.append(Text(side_x, side_y, "✚", size=font, anchor="middle",
                              baseline="middle", fill=INK,
                              title="starting Water tile with the Caretaker icon"))
    # animals, then the Caretaker and the Shapers on top
    for a in state.animals:
        if a.where.startswith("v"):
            continue
        cx, cy = board.pixel(board.parse_space(a.where), r)
        items += _token(a.kind, a.seat, cx + ox, cy + oy + 1 * k, 11 * k,
                        f"P{a.seat + 1}'s {a.kind} (from {a.space})")
    vault_count = sum(1 for a in state.animals if a.where.startswith("v"))
    if vault_count:
        items.append(Text(ox, oy + 3 * k, f"{vault_count} animal{'s' * (vault_count > 1)}",
                          size=font, anchor="middle", fill="#ffffff",
                          title="animals introduced at the Vault (on the Vault spaces)"))
    cx, cy = board.pixel(board.parse_space(state.caretaker), r)
    items += _caretaker(cx + ox - 21 * k, cy + oy + 1 * k, 8.5 * k, font)
    here: dict[str, list[int]] = {}
    for seat, where in enumerate(state.shapers[:len(state.seats)]):
        here.setdefault(where, []).append(seat)
    for where, seats in here.items():
        cx, cy = board.pixel(board.parse_space(where), r)
        for n, seat in enumerate(seats):
            dx = (n - (len(seats) - 1) / 2) * 16 * k
            items += _marker(cx + ox + dx, cy + oy + 20 * k, 7 * k, seat, font)
    return Scene(bw, bh, tuple(items))


def legend_scene(w: float) -> Scene:
    """The key to the board's marks, in three lines.

    >>> legend_scene(460).height
    60.0
    """
    items: list[Item] = []
    x, y = 0.0, 13.0

    def label(text: str, fill: str = INK) -> None:
        nonlocal x
        items.append(Text(x, y + 4, text, size=SMALL, fill=fill))
        x += text_width(text, SMALL) + 12

    for kind in ("scavenger", "herbivore", "predator"):
        items += _token(kind, 0, x + 11, y, 11, kind)
        x += 24
        label(kind.capitalize())
    items += _marker(x + 7, y, 7, 0, SMALL)
    x += 18
    label("Shaper of P1")
    items += _caretaker(x + 8, y, 8, SMALL)
    x += 20
    label("Caretaker")
    x, y = 0.0, 34.0
    for biome in ("water", "crystal", "forest", "mushroom", "temple"):
        fill, name = BIOME_STYLE[biome]
        items.append(Rect(x, y - 6, 12, 12, fill=fill, stroke=INK, stroke_width=0.6,
                          radius=2))
        x += 16
        label(name)
    x, y = 0.0, 52.0
    for colour in DNA_STYLE:
        items += _dna_token(colour, x + 7, y, 7)
        x += 16
    label("DNA tokens")
    label("+N/+E/+2E: extra Nutrient/Energy", MUTED)
    label("rings V, A, B, C (outer)", MUTED)
    return Scene(w, 60.0, tuple(items))


# --------------------------------------------------------------------------
# Beside the board: Vault, Species displays, stack, Behavior cards


def vault_scene(state: SGState, components: Components, w: float) -> Scene:
    """The Vault spaces in use (ids ``vault:<id>``) and their occupants.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> vault_scene(GAME.scenario({}), GAME.components, 460).ids()
    ['vault:vs1', 'vault:vs2', 'vault:vh1', 'vault:vh2', 'vault:vp1']
    """
    items: list[Item] = [Text(0, 11, "THE VAULT · animals introduced at V", size=SMALL,
                              weight="bold", fill=MUTED)]
    slots = components.vault
    cell = min(64.0, w / max(len(slots), 1))
    for k, v in enumerate(slots):
        x = k * cell
        bw = cell - 4
        used = state.players >= 3 or not v.three_players_only
        letter, colour = ANIMAL_STYLE.get(v.animal, ("?", MUTED))
        occupant = state.animal_at(v.id)
        title = f"Vault space {v.id}: {v.animal}, {v.vp} VP"
        if not used:
            items.append(Rect(x, 17, bw, 48, fill="#eeeeee", stroke="#cccccc",
                              radius=5, title=title + " (3 players only)"))
            items.append(Text(x + bw / 2, 45, "3p", size=SMALL, anchor="middle",
                              fill=MUTED))
            continue
        items.append(Rect(x, 17, bw, 48, fill="#eef0f3", stroke=colour, stroke_width=1.6,
                          radius=5, id=f"vault:{v.id}", title=title))
        items.append(Text(x + bw / 2, 30, f"{letter} {v.vp}VP", size=SMALL, weight="bold",
                          anchor="middle", fill=colour))
        if occupant is not None:
            items += _token(occupant.kind, occupant.seat, x + bw / 2, 49, 11,
                            f"P{occupant.seat + 1}'s {occupant.kind}")
        else:
            items.append(Text(x + bw / 2, 52, v.id, size=SMALL, anchor="middle",
                              fill=MUTED))
    return Scene(w, 65, tuple(items))


_EFFECT_TEXTS: dict[int, tuple[Components, tuple[str, ...]]] = {}
"""The effect texts of a card set, by the identity of its (immutable) Components, which the
entry keeps alive; at most 8 entries."""


def _effect_texts(components: Components) -> tuple[str, ...]:
    """The effect of every side of every Species card, in few characters, longest first
    (worked out once per card set: hashing 54 cards on every drawing would cost more)."""
    kept = _EFFECT_TEXTS.get(id(components))
    if kept is not None and kept[0] is components:
        return kept[1]
    texts = tuple(sorted({effect_text(s.effect) for c in components.species for s in c.sides},
                         key=len, reverse=True))
    if len(_EFFECT_TEXTS) >= 8:
        _EFFECT_TEXTS.clear()
    _EFFECT_TEXTS[id(components)] = (components, texts)
    return texts


def _effect_lines(components: Components, width: float) -> int:
    """The lines a box gives a card side's effect so that each fits ``width`` whole."""
    return _lines(_effect_texts(components), width)


def display_card(card: Species, w: float, lines: int = 2) -> Scene:
    """A Species card of a display: both sides, each with its DNA icons and its effect in
    up to ``lines`` lines.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> c = display_card(GAME.components.species_card("p01"), 220)
    >>> c.ids(), c.height
    (['card:p01'], 74.0)
    """
    letter, colour = ANIMAL_STYLE.get(card.animal, ("?", MUTED))
    sides = "; ".join(f"{'AB'[i]}: {s.effect.describe()} (DNA {'/'.join(s.dna)})"
                      for i, s in enumerate(card.sides))
    h = 18 + len(card.sides) * lines * LINE + 4
    items: list[Item] = [
        Rect(0, 0, w, h, fill="#fbfaf6", stroke=colour, stroke_width=1.6, radius=6,
             id=f"card:{card.id}", title=f"{card.id} ({card.animal}) {sides}"),
        Rect(0, 0, w, 15, fill=colour, radius=6),
        Text(6, 11.5, f"{card.id}  {card.animal.upper()}", size=SMALL, weight="bold",
             fill="#ffffff"),
    ]
    y = 28.0
    for i, side in enumerate(card.sides):
        items.append(Text(5, y + 3.5, "AB"[i], size=SMALL, weight="bold", fill=colour))
        for k, dna in enumerate(side.dna):
            items.append(_dna_dot(dna, 19 + 9 * k, y))
        x0 = 27 + 9 * max(0, len(side.dna) - 1)
        effect = _text_lines(x0, y + 3.5, effect_text(side.effect), w - x0 - 4, lines)
        items += effect
        y += LINE * len(effect)
    return Scene(w, h, tuple(items))


def displays_scene(state: SGState, components: Components, w: float) -> Scene:
    """The three Species displays, each beside its deck (the number of facedown cards).

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> s = GAME.scenario({})
    >>> len([i for i in displays_scene(s, GAME.components, 400).ids() if i.startswith("card:")])
    6
    """
    deck_w = 36.0
    card_w = (w - deck_w - 12) / 2
    lines = _effect_lines(components, card_w - 35)
    card_h = 18 + 2 * lines * LINE + 4
    parts: list[tuple[Scene, float, float]] = [(Scene(w, 16, (
        Text(0, 11, "SPECIES DISPLAYS · deck, then 2 cards", size=SMALL, weight="bold",
             fill=MUTED),)), 0, 0)]
    y = 18.0
    for k, animal in enumerate(("scavenger", "herbivore", "predator")):
        letter, colour = ANIMAL_STYLE[animal]
        deck = state.decks[k] if k < len(state.decks) else ()
        parts.append((Scene(deck_w, card_h, (
            Rect(0, 0, deck_w, card_h, fill=colour, radius=6,
                 title=f"{len(deck)} facedown {animal} cards ('card top A' takes the top)"),
            Text(deck_w / 2, 22, letter, size=12, weight="bold", anchor="middle",
                 fill="#ffffff"),
            Text(deck_w / 2, card_h / 2 + 12, str(len(deck)), size=12, weight="bold",
                 anchor="middle", fill="#ffffff"),
        )), 0, y))
        shown = state.displays[k] if k < len(state.displays) else ()
        for j, cid in enumerate(shown):
            parts.append((display_card(components.species_card(cid), card_w, lines),
                          deck_w + 6 + j * (card_w + 6), y))
        if not shown:
            parts.append((Scene(card_w, card_h, (Text(4, card_h / 2 + 4, "display empty",
                                                      size=SMALL, fill=MUTED),)),
                          deck_w + 6, y))
        y += card_h + 6
    return Scene.compose(parts, w, y - 6)


def info_scene(state: SGState, components: Components, w: float) -> Scene:
    """The tile stack and the faceup Behavior sides (each summary whole, wrapped).

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> info_scene(GAME.scenario({}), GAME.components, 460).items[0].text
    'Tile stack: 24 (top: I)'
    """
    top = components.tile(state.stack[0]).stage if state.stack else "-"
    items: list[Item] = [Text(0, 12, f"Tile stack: {len(state.stack)} (top: {top})", size=11,
                              weight="bold", fill=INK,
                              title="facedown Biome tiles, stage I over II over III")]
    y = 30.0
    items.append(Text(0, y, "BEHAVIOR CARDS · scored at the end", size=SMALL, weight="bold",
                      fill=MUTED))
    y += 16
    lines = _lines(tuple(b.summary for b in components.behaviors), w - 32)
    for bid in state.behaviors:
        b = components.behavior(bid)
        items.append(Rect(0, y - 11, 26, 15, fill=ANIMAL_STYLE.get(b.animal, ("", MUTED))[1],
                          radius=3, title=b.summary))
        items.append(Text(13, y, bid, size=SMALL, weight="bold", anchor="middle",
                          fill="#ffffff"))
        items += _text_lines(32, y, b.summary, w - 32, lines)
        y += LINE * lines + 5
    if not state.behaviors:
        items.append(Text(0, y, "not chosen yet", size=SMALL, fill=MUTED))
        y += LINE
    return Scene(w, y - 8, tuple(items))


# --------------------------------------------------------------------------
# Seat panels


def row_card(rc: RowCard, components: Components, w: float, note: str = "",
             lines: int = 2) -> Scene:
    """A card of an Ecosystem row: its faceup side's effect (in up to ``lines`` lines) and
    DNA icons.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> row_card(RowCard("s01", 1), GAME.components, 112).find("card:s01").title
    's01 (scavenger), side B: pay 1 Energy: gain 2 Spore; DNA blue'
    """
    card = components.species_card(rc.card)
    side = card.sides[min(rc.side, len(card.sides) - 1)]
    letter, colour = ANIMAL_STYLE.get(card.animal, ("?", MUTED))
    title = (f"{card.id} ({card.animal}), side {'AB'[rc.side]}: {side.effect.describe()}; "
             f"DNA {'/'.join(side.dna)}" + (f" ({note})" if note else ""))
    h = row_card_height(lines)
    head = f"{letter} {card.id} {'AB'[rc.side] if len(card.sides) > 1 else ''}".rstrip()
    items: list[Item] = [
        Rect(0, 0, w, h, fill="#fbfaf6", stroke=colour, stroke_width=1.5, radius=5,
             id=f"card:{card.id}", title=title),
        Rect(0, 0, w, 15, fill=colour, radius=5),
        Text(4, 11.5, head + (f" · {note}" if note else ""), size=SMALL, weight="bold",
             fill="#ffffff"),
    ]
    for k, dna in enumerate(side.dna):
        items.append(_dna_dot(dna, w - 8 - 10 * k, 7.5, 4.5))
    items += _text_lines(4, 28, effect_text(side.effect), w - 8, lines)
    return Scene(w, h, tuple(items))


def row_card_height(lines: int) -> float:
    """The height of a row card whose effect takes ``lines`` lines.

    >>> row_card_height(2)
    44.0
    """
    return 18 + LINE * lines


def _title_line(state: SGState, i: int, components: Components, score: int | None,
                w: float) -> Scene:
    p = state.seats[i]
    name = seat_name(state, i, components)
    items: list[Item] = [
        Circle(9, 10, 8, fill=PLAYER_COLOURS[i % 3], stroke=INK, stroke_width=1.5),
        Text(26, 15, name, size=15, weight="bold", fill=INK),
    ]
    right: list[str] = []
    task = state.task
    active = i == state.active and state.turn > 0 and not state.over
    if active:
        right.append("▶ ACTIVE")
    if task is not None and task.seat == i and not active and not state.over:
        right.append("● to act")
    if state.first == i and state.turn > 0:
        right.append("start player")
    right.append(f"{p.introduced}/10 animals out")
    if score is not None:
        right.append(f"{score} VP" + ("" if state.over else " now"))
    items.append(Text(w, 15, "  ·  ".join(right), size=12, weight="bold", anchor="end",
                      fill=ACTIVE_STROKE if active else INK))
    return Scene(w, 22, tuple(items))


def _resources_line(state: SGState, i: int, components: Components, w: float) -> Scene:
    p = state.seats[i]
    items: list[Item] = []
    x = 0.0
    for r in components.resources:
        level = p.resource(r.id)
        items.append(Rect(x, 0, 90, 22, fill="#ffffff", stroke=r.colour, stroke_width=1.6,
                          radius=4, title=f"{r.name}: {level} of {r.max} "
                                          f"({r.vp_at(level)} VP at the end)"))
        items.append(Rect(x, 0, 8, 22, fill=r.colour, radius=3))
        items.append(Text(x + 13, 15, r.name, size=SMALL, fill=INK))
        items.append(Text(x + 85, 15, f"{level}/{r.max}", size=SMALL, weight="bold",
                          anchor="end", fill=INK))
        x += 95
    for label, value, fill, what in (
            ("Toxicity", p.toxicity, "#4a235a", "Toxicity tokens: each covers an empty "
             "space of the Shaper board at the end, or costs 5 VP"),
            ("Prestige", p.prestige, "#b7950b", "Prestige: 1 VP each at the end")):
        items.append(Rect(x, 0, 86, 22, fill=fill, radius=4, title=f"{label} {value}: {what}"))
        items.append(Text(x + 43, 15, f"{label} {value}", size=SMALL, weight="bold",
                          anchor="middle", fill="#ffffff"))
        x += 91
    items.append(Text(x + 2, 15, "DNA", size=SMALL, weight="bold", fill=INK))
    x += 30
    held = [c for c in DNA_STYLE if c in p.dna] + sorted(set(p.dna) - set(DNA_STYLE))
    for colour in held:
        n = p.dna.count(colour)
        items += _dna_token(colour, x + 8, 11, 8, title=f"{n} {colour} DNA token(s)")
        items.append(Text(x + 19, 15, f"×{n}", size=SMALL, weight="bold", fill=INK))
        x += 24 + text_width(f"×{n}", SMALL) + 4
    if not p.dna:
        items.append(Text(x, 15, "none", size=SMALL, fill=MUTED))
    return Scene(w, 22, tuple(items))


SHAPER_CELL: Final = 48.0
"""The width of an animal space of a Shaper board."""


def shaper_board_scene(state: SGState, i: int, components: Components, *,
                       clickable: bool, w: float, abilities_beside: bool = False) -> Scene:
    """The Shaper board: the 10 animal spaces (covered or empty) and the abilities, under
    the spaces or (``abilities_beside``) to their right.

    ``clickable`` gives the spaces still holding an animal their ``animal:<space>`` ids.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> s = shaper_board_scene(GAME.scenario({}), 0, GAME.components, clickable=True, w=480)
    >>> s.ids()[:3], s.height
    (['animal:S1', 'animal:S2', 'animal:S3'], 143.0)
    """
    p = state.seats[i]
    if not p.shaper:
        return Scene(w, 20, (Text(0, 14, "Shaper not dealt yet", size=SMALL, fill=MUTED),))
    shaper = components.shaper(p.shaper)
    cell = SHAPER_CELL
    items: list[Item] = []
    for k, sp in enumerate(shaper.spaces):
        x = k * cell
        bw = cell - 4
        letter, colour = ANIMAL_STYLE.get(sp.animal, ("?", MUTED))
        here = sp.id in p.board
        try:
            unlock = shaper.unlocks(sp.id).name
        except KeyError:
            unlock = "nothing"
        title = (f"{sp.id}: {sp.animal}, costs {sp.cost}, {sp.vp} VP when empty; "
                 f"unlocks {unlock}" + ("" if here else " (introduced)"))
        items.append(Rect(x, 0, bw, 58, fill="#ffffff" if here else "#eeeeee",
                          stroke=colour, stroke_width=1.5, radius=5,
                          id=f"animal:{sp.id}" if clickable and here else None, title=title))
        items.append(Text(x + 3, 12, sp.id, size=SMALL, weight="bold", fill=colour))
        items.append(Text(x + bw - 2, 12, f"{sp.vp}VP", size=SMALL, anchor="end", fill=MUTED))
        if here:
            items += _token(sp.animal, i, x + bw / 2, 30, 11, title)
            items.append(Text(x + bw / 2, 53, f"cost {sp.cost}", size=SMALL, anchor="middle",
                              fill=MUTED))
        else:
            items.append(Text(x + bw / 2, 38, "out", size=SMALL, anchor="middle",
                              fill=MUTED))
    if abilities_beside:
        ax, y = 10 * cell + 10, 12.0
    else:
        ax, y = 0.0, 74.0
    aw = w - ax
    for a in shaper.abilities:
        lvl = abilities.level(components, p, a.id)
        top = len(a.unlocked_by)
        mark = "●" * lvl + "○" * (top - lvl)
        on = lvl > 0
        line = f"{mark} {a.name} [{', '.join(a.unlocked_by)}] {a.timing}"
        items.append(Text(ax, y, fit(line, aw, SMALL), size=SMALL,
                          weight="bold" if on else "normal", fill=INK if on else MUTED,
                          title=f"{a.name}: {a.summary}"))
        y += LINE
    return Scene(w, max(58.0, y - LINE + 4), tuple(items))


def _rows_scene(state: SGState, i: int, components: Components, w: float) -> Scene:
    """The three Ecosystem rows, each a label and up to 4 cards."""
    p = state.seats[i]
    label_w = 54.0
    card_w = (w - label_w - 12) / 4
    lines = _effect_lines(components, card_w - 8)
    h = row_card_height(lines)
    parts: list[tuple[Scene, float, float]] = []
    rapid = set(state.used)
    for k, name in enumerate(ROWS):
        y = k * (h + 4)
        res = components.resource(name)
        parts.append((Scene(label_w, h, (
            Rect(0, 0, label_w - 4, h, fill=res.colour, radius=4,
                 title=f"the {res.name} Ecosystem row"),
            Text((label_w - 4) / 2, h / 2 + 4, res.name, size=SMALL, weight="bold",
                 anchor="middle", fill="#ffffff"),
        )), 0, y))
        row = p.rows[k] if k < len(p.rows) else ()
        for j, rc in enumerate(row):
            note = "rapid" if f"rapid:{rc.card}" in rapid else ""
            parts.append((row_card(rc, components, card_w, note, lines),
                          label_w + j * (card_w + 4), y))
        if not row:
            parts.append((Scene(card_w, h, (Text(4, h / 2 + 4, "empty", size=SMALL,
                                                 fill=MUTED),)), label_w, y))
    return Scene.compose(parts, w, 3 * (h + 4) - 4)


def _hand_scene(state: SGState, i: int, components: Components, viewer: int | None,
                w: float) -> Scene:
    """The hand of tiles, then the special and borrowed cards, flowing onto a second line
    when they do not fit one."""
    p = state.seats[i]
    show = viewer is None or viewer == i
    size = abilities.hand_size(components, p) if p.shaper else 3
    boxes: list[Scene] = []
    for tid in p.hand:
        if show:
            tile = components.tile(tid)
            fill, name = BIOME_STYLE.get(tile.biome, ("#dddddd", tile.biome))
            label = f"{name} {tile.stage}"
            tw = max(text_width(label, SMALL), text_width(tid, SMALL)) + 12
            boxes.append(Scene(tw, 32, (
                Rect(0, 0, tw, 32, fill=fill, stroke=INK, stroke_width=1, radius=5,
                     id=f"tile:{tid}", title=tile.describe()),
                Text(tw / 2, 13, label, size=SMALL, weight="bold", anchor="middle", fill=INK),
                Text(tw / 2, 27, tid, size=SMALL, anchor="middle", fill=INK))))
        else:
            boxes.append(Scene(30, 32, (Rect(0, 0, 30, 32, fill="#6e5a3c", stroke=INK,
                                             radius=5, title="a Biome tile, face down"),)))
    if not p.hand:
        boxes.append(Scene(40, 32, (Text(0, 20, "empty", size=SMALL, fill=MUTED),)))
    extra: list[tuple[str, str, int]] = [(c, "special", 0) for c in p.specials]
    if i == state.active:
        extra += [(rc.card, "borrowed", rc.side) for rc in state.borrowed]
    cards: list[Scene] = []
    for cid, what, side in extra:
        card = components.species_card(cid)
        letter, colour = ANIMAL_STYLE.get(card.animal, ("?", MUTED))
        eff = card.sides[min(side, len(card.sides) - 1)].effect
        label = f"{cid} ({what})"
        tw = max(text_width(label, SMALL), text_width(effect_text(eff), SMALL)) + 10
        cards.append(Scene(tw, 32, (
            Rect(0, 0, tw, 32, fill="#fbfaf6", stroke=colour, stroke_width=1.5, radius=5,
                 id=f"card:{cid}", title=f"{cid} ({card.animal}, {what}): {eff.describe()}"),
            Text(5, 13, label, size=SMALL, weight="bold", fill=colour),
            Text(5, 27, effect_text(eff), size=SMALL, fill=INK))))
    heads = [(Scene(80, 32, (Text(0, 20, f"Hand ({len(p.hand)}/{size})", size=SMALL,
                                  weight="bold", fill=INK),)), boxes)]
    if cards:
        heads.append((Scene(46, 32, (Text(0, 20, "Cards:", size=SMALL, weight="bold",
                                          fill=INK),)), cards))
    parts: list[tuple[Scene, float, float]] = []
    x = y = 0.0
    for head, group in heads:
        if x and x + head.width + group[0].width > w:
            x, y = 0.0, y + 38
        parts.append((head, x, y))
        x += head.width
        for box in group:
            if x + box.width > w:
                x, y = 84.0, y + 38
            parts.append((box, x, y))
            x += box.width + 6
        x += 12
    return Scene.compose(parts, w, y + 32)


def seat_scene(state: SGState, i: int, components: Components, *, viewer: int | None,
               score: int | None, w: float) -> Scene:
    """The panel of seat ``i``: on a wide table the Ecosystem rows stand beside the Shaper
    board, otherwise below it (with the abilities beside the animal spaces).

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> st = GAME.scenario({"seats": [{"rows": [["s01"], [], []]}]})
    >>> panel = seat_scene(st, 0, GAME.components, viewer=None, score=None, w=980)
    >>> "card:s01" in panel.ids(), "animal:S1" in panel.ids()
    (True, True)
    """
    inner = w - 2 * MARGIN
    task = state.task
    acts = task is not None and task.seat == i and not state.over
    parts: list[tuple[Scene, float, float]] = []
    y = 8.0
    parts.append((_title_line(state, i, components, score, inner), MARGIN, y))
    y += 26
    parts.append((_resources_line(state, i, components, inner), MARGIN, y))
    y += 30
    left_w = 10 * SHAPER_CELL
    if inner - left_w - 14 >= 54 + 12 + 4 * 190:  # the rows fit beside the Shaper board
        shaper = shaper_board_scene(state, i, components, clickable=acts, w=left_w)
        rows = _rows_scene(state, i, components, inner - left_w - 14)
        parts.append((shaper, MARGIN, y))
        parts.append((rows, MARGIN + left_w + 14, y))
        y += max(shaper.height, rows.height) + 10
    else:
        shaper = shaper_board_scene(state, i, components, clickable=acts, w=inner,
                                    abilities_beside=True)
        parts.append((shaper, MARGIN, y))
        y += shaper.height + 10
        rows = _rows_scene(state, i, components, inner)
        parts.append((rows, MARGIN, y))
        y += rows.height + 10
    hand = _hand_scene(state, i, components, viewer, inner)
    parts.append((hand, MARGIN, y))
    y += hand.height + 8
    active = i == state.active and state.turn > 0 and not state.over
    frame = Scene(w, y, (Rect(1, 1, w - 2, y - 2, fill=ACTIVE_FILL if active else "#fcfcfa",
                              stroke=ACTIVE_STROKE if active else "#c9c3b4",
                              stroke_width=3 if active else 1, radius=10),))
    return Scene.compose([(frame, 0, 0), *parts], w, y)


# --------------------------------------------------------------------------
# Header, highlights and the whole table


def header_scene(state: SGState, game: ShapersOfGaia, w: float) -> Scene:
    """Title line with the round and turn (turns count every player's turns), and the
    pending step (wrapped onto a second line when long).

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> header_scene(GAME.scenario({}), GAME, 980).items[0].text
    'Shapers of Gaia · 2 players · round 1, turn 1 · active: P1 (Telrin Aviary)'
    """
    c = game.components
    if state.turn:
        active = seat_name(state, state.active, c)
        rnd = (state.turn - 1) // max(state.players, 1) + 1
        first = (f"Shapers of Gaia · {state.players} players · round {rnd}, turn "
                 f"{state.turn} · active: {active}")
    else:
        first = f"Shapers of Gaia · {state.players} players · setup"
    items: list[Item] = [Text(0, 17, fit(first, w, 15), size=15, weight="bold", fill=INK)]
    if state.over:
        winners = ", ".join(f"P{i + 1}" for i in game.winners(state))
        items.append(Text(0, 38, f"Game over · won by {winners}", size=13, weight="bold",
                          fill="#b02a1a"))
        return Scene(w, 46, tuple(items))
    line = pending_text(state, c)
    if state.final_turns >= 0:
        line += f" · end triggered: {state.final_turns} turn(s) left"
    lines = wrap(line, _chars(w, 13), 2)
    for k, text in enumerate(lines):
        items.append(Text(0, 38 + 17 * k, text, size=13, fill=INK))
    return Scene(w, 46 + 17 * (len(lines) - 1), tuple(items))


def _scores(state: SGState, game: ShapersOfGaia) -> tuple[int | None, ...]:
    if any(not p.shaper for p in state.seats) or (state.task is not None
                                                   and state.turn == 0):
        return tuple(None for _ in state.seats)
    try:
        totals = game.score_breakdown(state).totals
    except Exception:  # a position the scorer cannot read still draws
        return tuple(None for _ in state.seats)
    return tuple(totals[i] if i < len(totals) else None for i in range(len(state.seats)))


def scene(state: SGState, *, highlight: Iterable[str] = (), viewer: int | None = None,
          width: int = BASE_WIDTH, game: ShapersOfGaia | None = None) -> Scene:
    """The whole table of Shapers of Gaia, ``width`` wide (at least :data:`BASE_WIDTH`, the
    default: a board beside its controls on a laptop, where every text is 10 px or more).

    ``highlight`` ids get a gold outline (the Explorer passes the targets of the legal
    actions); ``viewer`` is the seat whose hand is shown (None: every hand, the teacher's
    view); ``game`` defaults to :data:`~gaia_lab.games.shapers_of_gaia.GAME`.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> st = GAME.scenario({})
    >>> plain, lit = scene(st), scene(st, highlight=["space:B1", "tile:nope"])
    >>> len(lit.items) - len(plain.items), plain.to_svg() == scene(st).to_svg()
    (1, True)
    >>> "tile:" in scene(st, viewer=1).to_svg().split("P2 (")[0]
    False
    """
    if game is None:
        from gaia_lab.games.shapers_of_gaia import GAME

        game = GAME
    c = game.components
    width = max(width, BASE_WIDTH)
    inner = width - 2 * MARGIN
    parts: list[tuple[Scene, float, float]] = []
    y = MARGIN
    head = header_scene(state, game, inner)
    parts.append((head, MARGIN, y))
    y += head.height + 4
    bscene = board_scene(state, c, hex_radius(width))
    parts.append((bscene, MARGIN, y))
    right_x = MARGIN + bscene.width + 14
    right_w = width - MARGIN - right_x
    ry = y
    for block in (vault_scene(state, c, right_w), displays_scene(state, c, right_w),
                  info_scene(state, c, right_w)):
        parts.append((block, right_x, ry))
        ry += block.height + 12
    legend = legend_scene(bscene.width)
    if ry + legend.height <= y + bscene.height:  # room beside the board: the key goes there
        parts.append((legend, right_x, y + bscene.height - legend.height))
        y += bscene.height + 10
    else:
        parts.append((legend, MARGIN + 4, y + bscene.height + 6))
        y = max(y + bscene.height + 6 + legend.height, ry - 12) + 10
    scores = _scores(state, game)
    for i in range(len(state.seats)):
        panel = seat_scene(state, i, c, viewer=viewer, score=scores[i], w=inner)
        parts.append((panel, MARGIN, y))
        y += panel.height + 10
    board_ = Scene.compose(parts, width, y, background="#ffffff",
                           title=f"Shapers of Gaia, turn {state.turn}")
    return board_.with_items(*highlight_items(board_, highlight))
