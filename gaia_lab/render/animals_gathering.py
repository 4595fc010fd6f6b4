"""The Animals Gathering table as a :class:`~gaia_lab.render.shapes.Scene`.

:func:`scene` draws a whole position: a header (turn, active player, what is
pending), the communal supply with the deck, the current roll, a stone legend
and one panel per seat with its mage, spells, companion area and summoning
area. The drawing is a pure function of the state: the same state gives the
same SVG bytes.

Clickable ids follow :meth:`AnimalsGathering.action_targets`: ``card:<animal>``
on each card, ``die:<index>`` on each die of the roll, ``stone:<code>`` on the
stone legend and ``dice`` on the dice tray when no roll is on.

>>> from gaia_lab import examples
>>> state = examples("animals_gathering")[0].start().state
>>> board = scene(state)
>>> board.width
1000
>>> [i for i in board.ids() if i.startswith("card:")][:3]
['card:rabbit', 'card:tortoise', 'card:parrot']
>>> board.hit(*centre(board, "card:fox"))
'card:fox'
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from gaia_lab.games.animals_gathering.components import Animal, Components, Power, StoneKind
from gaia_lab.games.animals_gathering.state import AGState, Die, Roll, Seat
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
    light,
    text_width,
    wrap,
)
from gaia_lab.render.shapes import Circle, Item, Line, Point, Polygon, Rect, Scene, Text

if TYPE_CHECKING:  # pragma: no cover
    from gaia_lab.games.animals_gathering.game import AnimalsGathering

__all__ = [
    "CARD_H",
    "CARD_W",
    "card",
    "centre",
    "die_scene",
    "filled_slots",
    "scene",
    "short_power",
    "stone_item",
    "stone_points",
]

CARD_W = 130.0
"""Width of an Animal Index Card (its power text, 10 px, takes 16 characters a line)."""
CARD_H = 156.0
"""Height of an Animal Index Card."""
CARD_GAP = 8.0
AREA_PAD = 8.0
DIE = 50.0
SUPPLY_W = AREA_PAD + 5 * (CARD_W + CARD_GAP) + 6 + 48 + AREA_PAD
"""The narrowest communal supply: five cards and a deck 48 px wide."""
DIE_GAP = 24.0
DICE_W = 3 * DIE + 2 * DIE_GAP + 8
"""The dice tray beside the supply: two rows of three dice."""
TEXT = 10.0
"""The smallest text on the table."""

TYPE_STYLE: dict[str, tuple[str, str, str]] = {
    "land": ("LAND", "#8a5a2b", "#f7efe2"),
    "aquatic": ("AQUATIC", "#13808f", "#e3f3f5"),
    "aerial": ("AERIAL", "#6a55b8", "#efecfa"),
}
"""Animal type: label, strong colour, card tint."""

POWER_STYLE: dict[str, tuple[str, str]] = {
    "permanent": ("P", "#4f6d7a"),
    "scoring": ("S", "#b07d08"),
    "activation": ("A", "#c0392b"),
}
"""Power type: the letter in its badge and the badge colour."""

MAGE_SHORT: dict[str, str] = {
    "bonus_stone": "rolled 4+ different stones: take 1 extra stone",
    "block_die": "after taking stones: block 1 unused die",
    "orange_exchange": "any roll: trade 2 orange leaves for 1 stone",
    "extra_dice": "roll 2 extra dice (6 at most)",
    "reroll": "once after rolling: reroll any dice",
}
"""One-line mage abilities, by ability id."""

USE_MARK: dict[str, str] = {"placed": "✓ placed", "exchanged": "⇄ exchanged",
                            "blocked": "✕ blocked"}

ENDED_BY: dict[str, str] = {
    "five": "a companion area holds 5 animals",
    "elephant": "the Elephant's power (4 companions)",
    "stalemate": "a full round of passes",
}


# --------------------------------------------------------------------------
# Stones


def _ring(cx: float, cy: float, radii: Sequence[float], turn: float = -90.0) -> tuple[Point, ...]:
    n = len(radii)
    return tuple(
        (cx + r * math.cos(math.radians(turn + 360 * k / n)),
         cy + r * math.sin(math.radians(turn + 360 * k / n)))
        for k, r in enumerate(radii)
    )


def stone_points(shape: str, cx: float, cy: float, r: float) -> tuple[Point, ...] | None:
    """The outline of a stone shape of radius ``r``; None means a plain circle.

    >>> len(stone_points("star", 0, 0, 10) or ()), stone_points("pebble", 0, 0, 10)
    (10, None)
    >>> stone_points("square", 0, 0, 10)
    ((-8.0, -8.0), (8.0, -8.0), (8.0, 8.0), (-8.0, 8.0))
    """
    if shape == "triangle":
        return ((cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75))
    if shape == "square":
        s = r * 0.8
        return ((cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s))
    if shape == "star":
        return _ring(cx, cy, [r, r * 0.42] * 5)
    if shape == "sun":
        return _ring(cx, cy, [r, r * 0.68] * 8)
    if shape == "leaf":  # a pointed oval, tilted
        pts: list[Point] = []
        for k in range(13):
            t = math.pi * k / 12
            pts.append((math.cos(t), 0.5 * math.sin(t)))
        for k in range(13):
            t = math.pi * k / 12
            pts.append((-math.cos(t), -0.5 * math.sin(t)))
        a = math.radians(-45)
        return tuple((cx + r * (x * math.cos(a) - y * math.sin(a)),
                      cy + r * (x * math.sin(a) + y * math.cos(a))) for x, y in pts)
    if shape == "drop":  # round bottom, pointed top
        body = tuple((cx + r * 0.72 * math.cos(math.radians(a)),
                      cy + r * 0.28 + r * 0.72 * math.sin(math.radians(a)))
                     for a in range(-30, 211, 20))
        return ((cx, cy - r),) + body
    if shape == "arc":  # a thick half ring, open side down
        outer = [(cx + r * math.cos(math.radians(a)), cy + r * 0.35 - r * math.sin(math.radians(a)))
                 for a in range(0, 181, 15)]
        inner = [(cx + r * 0.5 * math.cos(math.radians(a)),
                  cy + r * 0.35 - r * 0.5 * math.sin(math.radians(a)))
                 for a in range(180, -1, -15)]
        return tuple(outer + inner)
    return None


def stone_item(kind: StoneKind, cx: float, cy: float, r: float, *, filled: bool = True,
               id: str | None = None, title: str | None = None, opacity: float = 1.0) -> Item:
    """One stone (``filled``) or an empty slot for it (``filled=False``).

    A filled stone is its colour with a dark rim; an empty slot is white with a
    rim in the stone's colour, so shape and colour both tell the kind.

    >>> from gaia_lab.games.animals_gathering.components import load_components
    >>> item = stone_item(load_components().stone("G"), 10, 10, 5, filled=False)
    >>> type(item).__name__, item.fill, item.stroke
    ('Polygon', '#ffffff', '#2e9e4f')
    """
    if filled:
        fill, stroke, width = kind.colour, INK, 1.0
    else:
        fill, stroke, width = "#ffffff", ("#8c8c8c" if light(kind.colour) else kind.colour), 1.8
    pts = stone_points(kind.shape, cx, cy, r)
    title = kind.name if title is None else title
    if pts is None:
        return Circle(cx, cy, r * 0.85, fill=fill, stroke=stroke, stroke_width=width, id=id,
                      title=title, opacity=opacity)
    return Polygon(pts, fill=fill, stroke=stroke, stroke_width=width, id=id, title=title,
                   opacity=opacity)


def filled_slots(outline: str, placed: str) -> tuple[bool, ...]:
    """Which outline slots hold a stone: placed stones fill matching slots in order.

    >>> filled_slots("ROOY", "OY")
    (False, True, False, True)
    """
    left = Counter(placed)
    out: list[bool] = []
    for code in outline:
        out.append(left[code] > 0)
        if left[code] > 0:
            left[code] -= 1
    return tuple(out)


# --------------------------------------------------------------------------
# Cards


def short_power(power: Power) -> tuple[str, ...]:
    """A power in at most three short lines; ``{X}`` stands for the icon of stone X.

    >>> short_power(Power("activation", "gift_stone", stones="POYR"))
    ('Take & place 1:', '{P}{O}{Y}{R}')
    >>> short_power(Power("scoring", "per_type", animal_type="aquatic", points=2))
    ('+2 per aquatic', 'companion')
    """
    kind = power.kind
    if kind == "exchange":
        return (f"Swap {{{power.stone}}} stones", "of a roll for", "any stone")
    if kind == "immunity":
        return ("Immune to", "attacks")
    if kind == "early_end":
        return ("Game ends at", f"{power.companions} companions")
    if kind == "per_type":
        return (f"+{power.points} per {power.animal_type}", "companion")
    if kind == "per_stone_icon":
        return (f"+{power.points} per companion", f"showing {{{power.stone}}}")
    if kind == "type_sets":
        return (f"+{power.points} per set of", "land, aquatic", "and aerial")
    if kind == "steal":
        return ("Attack: steal 1", "stone and place", "it at once")
    if kind == "raid":
        return ("Attack: others", "discard 1 stone")
    if kind == "gift_stone":
        return ("Take & place 1:", "".join(f"{{{c}}}" for c in power.stones))
    if kind == "recruit":
        return ("Take 1 card", "from the supply")
    return wrap(power.describe().split(": ", 1)[-1], 16, 3)


def rich_line(line: str, x: float, y: float, size: float,
              stones: dict[str, StoneKind]) -> list[Item]:
    """A line of text where ``{X}`` draws the icon of stone X.

    >>> from gaia_lab.games.animals_gathering.components import load_components
    >>> kinds = {s.code: s for s in load_components().stones}
    >>> [type(i).__name__ for i in rich_line("Take {R}", 0, 10, 8, kinds)]
    ['Text', 'Polygon']
    """
    items: list[Item] = []
    cursor = x
    rest = line
    while rest:
        start = rest.find("{")
        if start < 0 or start + 2 >= len(rest) or rest[start + 2] != "}":
            items.append(Text(cursor, y, rest, size=size, fill=INK))
            break
        if start:
            items.append(Text(cursor, y, rest[:start], size=size, fill=INK))
            cursor += text_width(rest[:start], size) + 1
        code = rest[start + 1]
        if code in stones:
            items.append(stone_item(stones[code], cursor + 5.5, y - size * 0.35, 5.2))
        cursor += 12
        rest = rest[start + 3:]
    return items


def line_size(line: str, room: float, size: float = TEXT) -> float:
    """The font size (at most ``size``) at which a :func:`rich_line` fits ``room``.

    >>> line_size("Immune to", 101), line_size("+1 per companion", 80)
    (10.0, 8.06)
    """
    icons = line.count("{")
    chars = len(line) - 3 * icons
    if not chars:
        return size
    return min(size, round((room - 12 * icons) / (0.62 * chars), 2))


def _slot_layout(n: int) -> tuple[int, float, float]:
    """Slots per row, cell size and stone radius for an outline of ``n`` stones."""
    rows = 1 if n <= 4 else 2 if n <= 8 else 3
    per_row = math.ceil(n / rows)
    cell = 22.0 if rows < 3 and per_row <= 4 else min(19.0, (CARD_W - 14) / max(per_row, 1))
    return per_row, cell, cell * 0.38


def _slots(animal: Animal, placed: str | None, stones: dict[str, StoneKind]) -> list[Item]:
    outline = animal.outline
    full = filled_slots(outline, outline if placed is None else placed)
    per_row, cell, r = _slot_layout(len(outline))
    rows = math.ceil(len(outline) / per_row)
    top = 76 - rows * cell / 2
    items: list[Item] = []
    for k, code in enumerate(outline):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(outline) - row * per_row)
        cx = CARD_W / 2 + (col - (in_row - 1) / 2) * cell
        cy = top + (row + 0.5) * cell
        kind = stones.get(code)
        if kind is None:
            items.append(Text(cx, cy, code, size=10, anchor="middle", baseline="middle"))
            continue
        state = "placed" if full[k] else "empty"
        items.append(stone_item(kind, cx, cy, r, filled=full[k],
                                title=f"{kind.name} ({state})"))
    return items


_CARDS: dict[tuple[int, str, str | None, tuple[str, ...]], Scene] = {}


def card(animal: Animal, components: Components, *, placed: str | None = None,
         marks: Sequence[str] = ()) -> Scene:
    """One Animal Index Card (see :func:`draw_card`), drawn once per look and reused.

    Cards are pure functions of the animal, its stones and marks, so a redraw of
    the table reuses every card that did not change.
    """
    key = (id(components), animal.id, placed, tuple(marks))
    found = _CARDS.get(key)
    if found is None or found.find(f"card:{animal.id}") is None:
        if len(_CARDS) > 4096:
            _CARDS.clear()
        found = _CARDS[key] = draw_card(animal, components, placed=placed, marks=marks)
    return found


def draw_card(animal: Animal, components: Components, *, placed: str | None = None,
              marks: Sequence[str] = ()) -> Scene:
    """One Animal Index Card (``CARD_W`` by ``CARD_H``) at the origin.

    ``placed`` is the stones on an uncompleted card (None: a completed card,
    every slot filled); ``marks`` are badges such as ``"AWAKENED"``.

    >>> from gaia_lab.games.animals_gathering.components import load_components
    >>> c = load_components()
    >>> fox = card(c.animal("fox"), c, placed="O")
    >>> fox.find("card:fox").title[:34]
    'Fox (land, 1 point, outline ROOY):'
    >>> sum(1 for i in fox.items if getattr(i, "fill", "") == "#f28c28")
    1
    """
    stones = {s.code: s for s in components.stones}
    label, strong, tint = TYPE_STYLE.get(animal.type, (animal.type.upper(), MUTED, "#f4f4f4"))
    cid = f"card:{animal.id}"
    items: list[Item] = [
        Rect(0, 0, CARD_W, CARD_H, fill=tint, stroke=strong, stroke_width=2, radius=9,
             id=cid, title=animal.describe()),
        Circle(15, 15, 11, fill="#ffffff", stroke=strong, stroke_width=1.5),
        Text(15, 15, str(animal.points), size=13, weight="bold", anchor="middle",
             baseline="middle", fill=INK),
    ]
    # the name and the type pill share the room right of the points badge
    mid, room = (32 + CARD_W - 6) / 2, CARD_W - 38
    name_size = min(12, room / (0.68 * max(len(animal.name), 1)))
    items.append(Text(mid, 19, animal.name, size=name_size, weight="bold", anchor="middle",
                      fill=INK))
    items.append(Rect(32, 26, room, 15, fill=strong, radius=7.5))
    items.append(Text(mid, 33.5, label, size=TEXT, weight="bold", anchor="middle",
                      baseline="middle", fill="#ffffff"))
    items += _slots(animal, placed, stones)
    letter, colour = POWER_STYLE.get(animal.power.type, ("?", MUTED))
    items.append(Line(6, 109, CARD_W - 6, 109, stroke=strong, width=1))
    items.append(Circle(13, 123, 8.5, fill=colour, title=animal.power.describe()))
    items.append(Text(13, 123, letter, size=TEXT, weight="bold", anchor="middle",
                      baseline="middle", fill="#ffffff"))
    for k, line in enumerate(short_power(animal.power)[:3]):
        items += rich_line(line, 25, 125 + 12 * k, line_size(line, CARD_W - 29), stones)
    right = CARD_W - 4
    for mark in marks:  # badges on the top edge, from the right
        w = text_width(mark, TEXT) + 12
        items.append(Rect(right - w, -8, w, 16, fill=GOLD, stroke=INK,
                          stroke_width=1, radius=8, title=_MARK_TITLES.get(mark)))
        items.append(Text(right - w / 2, 0, mark, size=TEXT, weight="bold",
                          anchor="middle", baseline="middle", fill=INK))
        right -= w + 4
    return Scene(CARD_W, CARD_H, tuple(items))


_MARK_TITLES = {
    "AWAKENED": "Holy Awakening: this card's permanent power is in effect",
    "BLESSED": "Blessed by Glory: this scoring power counts 50% more",
}


def card_back(w: float, h: float, label: str = "", title: str | None = None) -> Scene:
    """A face-down card of size ``w`` x ``h``.

    >>> [type(i).__name__ for i in card_back(20, 30).items]
    ['Rect', 'Rect']
    """
    items: list[Item] = [
        Rect(0, 0, w, h, fill="#3d2a6b", stroke="#20143d", stroke_width=1.5,
             radius=min(8, w / 5), title=title),
        Rect(w * 0.15, h * 0.12, w * 0.7, h * 0.76, fill=None, stroke="#b9a4e6",
             stroke_width=1, radius=min(5, w / 7)),
    ]
    if label:
        items.append(Text(w / 2, h / 2, label, size=min(12, w / 2), weight="bold",
                          anchor="middle", baseline="middle", fill="#ffffff"))
    return Scene(w, h, tuple(items))


# --------------------------------------------------------------------------
# Dice


def die_scene(die: Die, index: int, components: Components) -> Scene:
    """One Magic Die (``DIE`` square) with its colour, or the mark of its use, underneath.

    >>> from gaia_lab.games.animals_gathering.components import load_components
    >>> d = die_scene(Die("g", "Y", "placed"), 0, load_components())
    >>> d.find("die:0").opacity, d.items[-1].text
    (0.35, '✓ placed')
    """
    colours = {d.code: d for d in components.dice}
    stones = {s.code: s for s in components.stones}
    spec = colours.get(die.colour)
    colour = spec.colour if spec else MUTED
    name = spec.name if spec else die.colour
    dim = 0.35 if die.use else 1.0
    kind = stones.get(die.face)
    face = kind.name if kind else "not rolled"
    title = f"{name} die: {face}" + (f" ({die.use})" if die.use else "")
    items: list[Item] = [
        Rect(0, 0, DIE, DIE, fill=colour, stroke=INK, stroke_width=1.5, radius=10,
             id=f"die:{index}", title=title, opacity=dim),
        Circle(DIE / 2, DIE / 2, 17, fill="#ffffff", opacity=dim),
    ]
    if kind is not None:
        items.append(stone_item(kind, DIE / 2, DIE / 2, 13, title=title, opacity=dim))
    else:
        items.append(Text(DIE / 2, DIE / 2, "?", size=18, weight="bold", anchor="middle",
                          baseline="middle", fill=INK, opacity=dim))
    if die.use:
        items.append(Text(DIE / 2, DIE + 13, USE_MARK.get(die.use, die.use), size=TEXT,
                          weight="bold", anchor="middle", fill=INK))
    else:
        items.append(Text(DIE / 2, DIE + 13, name, size=TEXT, anchor="middle", fill=MUTED))
    return Scene(DIE, DIE + 16, tuple(items))


def dice_scene(state: AGState, components: Components, w: float, h: float, *,
               per_row: int = 3) -> Scene:
    """The dice tray: the current roll, or a clickable ``dice`` area when none is on.

    Dice come in rows of ``per_row``: two rows of three centred, with the notes under
    them, beside the supply; one row from the left, with the notes after it, under it.

    >>> from gaia_lab.games.animals_gathering.components import load_components
    >>> from gaia_lab.games.animals_gathering.state import AGState
    >>> dice_scene(AGState(2, ()), load_components(), DICE_W, 190).ids()
    ['dice']
    """
    roll = state.roll
    title = "MAGIC DICE"
    if roll is not None and 0 <= roll.roller < len(state.seats):
        title += f" — rolled by {state.seats[roll.roller].name}"
    flags = "" if roll is None else _roll_flags(state, roll)
    items: list[Item] = [
        Text(0, 11, fit(title, w, TEXT), size=TEXT, weight="bold", fill=MUTED),
        Rect(0, 18, w, h - 18, fill="#f1efe9", stroke="#c9c3b4", radius=8,
             id=None if roll else "dice", title=flags or (None if roll else "Roll the dice")),
    ]
    parts: list[tuple[Scene, float, float]] = [(Scene(w, h, tuple(items)), 0, 0)]
    row = per_row > 3
    span = per_row * DIE + (per_row - 1) * DIE_GAP
    x0 = 12.0 if row else (w - span) / 2

    def at(k: int) -> tuple[float, float]:
        return (x0 + (k % per_row) * (DIE + DIE_GAP), 28 + (k // per_row) * (DIE + DIE_GAP))

    if roll is None:
        colours = [d.colour for d in components.dice for _ in range(d.count)]
        for k, colour in enumerate(colours[:6]):
            ghost = Scene(DIE, DIE, (Rect(0, 0, DIE, DIE, fill=colour, stroke=INK, radius=10,
                                          opacity=0.3),))
            parts.append((ghost, *at(k)))
        note = "game over" if state.over else "no roll on"
    else:
        for k, die in enumerate(roll.dice):
            parts.append((die_scene(die, k, components), *at(k)))
        note = flags
    if note:
        if row:
            left = x0 + span + DIE_GAP
            parts.append((Scene(w - left, 20, (Text(0, 14, fit(note, w - left - 8, 11),
                                                     size=11, fill=MUTED),)),
                          left, 28 + DIE / 2 - 10))
        else:
            parts.append((Scene(w, 14, (Text(w / 2, 10, fit(note, w - 8, TEXT), size=TEXT,
                                              anchor="middle", fill=MUTED),)), 0, h - 16))
    return Scene.compose(parts, w, h)


def _roll_flags(state: AGState, roll: Roll) -> str:
    flags: list[str] = []
    if roll.rerolled:
        flags.append("rerolled (mage 5)")
    if roll.bonus_used:
        flags.append("extra stone taken (mage 1)")
    if 0 <= roll.burst_by < len(state.seats):
        flags.append(f"Bubble-Burster by {state.seats[roll.burst_by].name}")
    if roll.rock_rolled:
        who = ", ".join(state.seats[i].name for i in roll.rock_rolled if i < len(state.seats))
        flags.append(f"Rock 'n' Roll by {who}")
    return " · ".join(flags)


# --------------------------------------------------------------------------
# Supply, header and legend


def supply_scene(state: AGState, components: Components, w: float) -> Scene:
    """The communal supply (up to five cards face up) and the deck.

    >>> from gaia_lab.games.animals_gathering.components import load_components
    >>> from gaia_lab.games.animals_gathering.state import AGState
    >>> supply_scene(AGState(2, (), supply=("fox",)), load_components(), 690).ids()
    ['card:fox']
    """
    animals = components.animals_by_id
    h = 18 + AREA_PAD * 2 + CARD_H
    items: list[Item] = [
        Text(0, 11, f"COMMUNAL SUPPLY ({len(state.supply)})", size=10, weight="bold",
             fill=MUTED),
        Rect(0, 18, w, h - 18, fill="#f1efe9", stroke="#c9c3b4", radius=8),
    ]
    parts: list[tuple[Scene, float, float]] = [(Scene(w, h, tuple(items)), 0, 0)]
    for k in range(5):
        x, y = AREA_PAD + k * (CARD_W + CARD_GAP), 18 + AREA_PAD
        if k < len(state.supply) and state.supply[k] in animals:
            parts.append((card(animals[state.supply[k]], components, placed=""), x, y))
        else:
            parts.append((Scene(CARD_W, CARD_H, (Rect(0, 0, CARD_W, CARD_H, fill=None,
                                                      stroke="#c9c3b4", radius=9),)), x, y))
    deck_x = AREA_PAD + 5 * (CARD_W + CARD_GAP) + 6
    deck_w = min(72.0, w - deck_x - AREA_PAD)
    if len(state.deck):
        for k in range(min(3, len(state.deck))):
            parts.append((card_back(deck_w - 6, 100, title=f"deck: {len(state.deck)} cards"),
                          deck_x + 2 * k, 18 + AREA_PAD + 6 - 3 * k))
    else:
        parts.append((Scene(deck_w, 100, (Rect(0, 0, deck_w - 6, 100, fill=None,
                                               stroke="#c9c3b4", radius=8),)),
                      deck_x, 18 + AREA_PAD))
    label = Scene(deck_w, 40, (
        Text(deck_w / 2, 12, "DECK", size=10, weight="bold", anchor="middle", fill=MUTED),
        Text(deck_w / 2, 28, f"{len(state.deck)} cards", size=11, anchor="middle", fill=INK),
    ))
    parts.append((label, deck_x, 18 + AREA_PAD + 112))
    return Scene.compose(parts, w, h)


def legend_scene(components: Components) -> Scene:
    """The seven stones with their shape names; ids ``stone:<code>``.

    >>> from gaia_lab.games.animals_gathering.components import load_components
    >>> legend_scene(load_components()).ids()[:2]
    ['stone:R', 'stone:O']
    """
    items: list[Item] = []
    x = 0.0
    for kind in components.stones:
        word = kind.shape
        items.append(stone_item(kind, x + 9, 10, 8.5, id=f"stone:{kind.code}",
                                title=f"{kind.name} ({kind.code})"))
        items.append(Text(x + 21, 10, word, size=10, baseline="middle", fill=INK))
        x += 24 + text_width(word, 10) + 8
    return Scene(x, 20, tuple(items))


def pending_text(state: AGState, game: AnimalsGathering) -> str:
    """What the game waits for, in words.

    >>> from gaia_lab import examples
    >>> from gaia_lab.games.animals_gathering import GAME
    >>> print(pending_text(examples("animals_gathering")[0].start().state, GAME))
    Now: Milo chooses the turn's action
    """
    from gaia_lab.games.animals_gathering.rules import FLOW

    task = state.task
    if task is None:
        return "Nothing pending"
    what = FLOW.describe(task, tuple(s.name for s in state.seats))
    return f"Now: {what}"


def header_scene(state: AGState, game: AnimalsGathering, w: float) -> Scene:
    """Title line with turn and active player, the pending step and the stone legend.

    >>> from gaia_lab import examples
    >>> from gaia_lab.games.animals_gathering import GAME
    >>> head = header_scene(examples("animals_gathering")[0].start().state, GAME, 980)
    >>> head.items[0].text
    'Animals Gathering · turn 1 · active: Milo'
    """
    active = state.seats[state.active].name if 0 <= state.active < len(state.seats) else "-"
    legend = legend_scene(game.components)
    room = w - legend.width - 16
    first = (f"Animals Gathering · turn {state.turn} · active: {active}" if state.turn
             else "Animals Gathering · setup")
    items: list[Item] = [Text(0, 17, fit(first, room, 15), size=15, weight="bold", fill=INK)]
    if state.over:
        why = ENDED_BY.get(state.ended_by, state.ended_by)
        winners = ", ".join(state.seats[i].name for i in game.winners(state))
        line = f"Game over — {why}" if why else "Game over"
        line += f" · won by {winners}" if winners else ""
        items.append(Text(0, 38, fit(line, room, 12.5), size=12.5, weight="bold",
                          fill="#b02a1a"))
    else:
        items.append(Text(0, 38, fit(pending_text(state, game), room, 12.5), size=12.5,
                          fill=INK))
    head = Scene(w, 46, tuple(items))
    return Scene.compose([(head, 0, 0), (legend, w - legend.width, 4)], w, 46)


# --------------------------------------------------------------------------
# Seat panels


_Area = tuple[str, list[Scene], str, str]
"""A seat's area: its label, its cards, its tint and its edge colour."""


def _area(label: str, cards: Sequence[Scene], w: float, per_row: int, tint: str,
          edge: str, *, low: bool = False) -> Scene:
    """A labelled area holding cards in rows of ``per_row``; an empty one is a card
    high, or a line high when ``low``."""
    rows = max(1, math.ceil(len(cards) / per_row))
    body = 24.0 if low and not cards else rows * CARD_H + (rows - 1) * CARD_GAP
    h = 16 + 2 * AREA_PAD + body
    base: list[Item] = [
        Text(2, 11, label, size=TEXT, weight="bold", fill=edge),
        Rect(0, 16, w, h - 16, fill=tint, stroke=edge, stroke_width=1.2, radius=8),
    ]
    if not cards:
        base.append(Text(w / 2, 16 + AREA_PAD + body / 2, "empty", size=11,
                         anchor="middle", baseline="middle", fill=MUTED))
    parts: list[tuple[Scene, float, float]] = [(Scene(w, h, tuple(base)), 0, 0)]
    for k, face in enumerate(cards):
        row, col = divmod(k, per_row)
        parts.append((face, AREA_PAD + col * (CARD_W + CARD_GAP),
                      16 + AREA_PAD + row * (CARD_H + CARD_GAP)))
    return Scene.compose(parts, w, h)


def _area_width(count: int) -> float:
    if count == 0:
        return 96.0
    return 2 * AREA_PAD + count * CARD_W + (count - 1) * CARD_GAP


def _per_row(w: float) -> int:
    """How many cards a row of an area ``w`` wide holds."""
    return max(1, int((w - 2 * AREA_PAD + CARD_GAP) // (CARD_W + CARD_GAP)))


def _areas_beside(areas: Sequence[_Area], w: float) -> list[tuple[Scene, float, float]]:
    """Areas side by side, each in one row but the last, which wraps its cards in the
    width left (none when that is not one card wide)."""
    out: list[tuple[Scene, float, float]] = []
    x = 0.0
    for k, (label, cards, tint, edge) in enumerate(areas):
        last = k == len(areas) - 1
        per_row = max(1, len(cards))
        aw = _area_width(len(cards))
        if last:
            if w - x < _area_width(1):
                return []
            per_row = _per_row(w - x)
            aw = min(w - x, _area_width(min(len(cards), per_row)))
        out.append((_area(label, cards, aw, per_row, tint, edge), x, 0))
        x += aw + 12
    return out


def _areas_stacked(areas: Sequence[_Area], w: float) -> list[tuple[Scene, float, float]]:
    """Areas one under another, each wrapping its cards in the whole width."""
    out: list[tuple[Scene, float, float]] = []
    per_row = _per_row(w)
    y = 0.0
    for label, cards, tint, edge in areas:
        aw = min(w, max(_area_width(min(len(cards), per_row)), 260))
        box = _area(label, cards, aw, per_row, tint, edge, low=True)
        out.append((box, 0, y))
        y += box.height + 6
    return out


def _seat_areas(areas: Sequence[_Area], w: float) -> Scene:
    """A seat's areas as low as they go: side by side when the last one's cards wrap
    into fewer rows than stacking them would take, else stacked."""
    choices = [c for c in (_areas_beside(areas, w), _areas_stacked(areas, w)) if c]
    return min((Scene.compose(c, w) for c in choices), key=lambda s: s.height)


def _spell_chips(state: AGState, i: int, seat: Seat, components: Components,
                 viewer: int | None, w: float) -> Scene:
    """The spells line: held spells (backs or names), offers and used spells."""
    spells = components.spells_by_id
    show = viewer is None or viewer == i
    items: list[Item] = [Text(0, 13, "Spells:", size=11, weight="bold", fill=MUTED)]
    x = 50.0

    def chip(name: str, title: str, fill: str, ink: str) -> None:
        nonlocal x
        cw = text_width(name, 10) + 12
        items.append(Rect(x, 1, cw, 17, fill=fill, stroke="#3d2a6b", radius=4, title=title))
        items.append(Text(x + cw / 2, 9.5, name, size=10, anchor="middle", baseline="middle",
                          fill=ink))
        x += cw + 6

    def words(text: str) -> None:
        nonlocal x
        items.append(Text(x, 13, text, size=10.5, fill=MUTED))
        x += text_width(text, 10.5) + 6

    groups = (("held", seat.spells), ("offered", seat.spell_offer))
    for what, ids in groups:
        if not ids:
            continue
        if show:
            words(f"{what}:")
            for sid in ids:
                sp = spells.get(sid)
                chip(sp.name if sp else sid, sp.summary if sp else sid, "#ece6f7", INK)
        else:
            for _ in ids:
                items += card_back(13, 18, title=f"{what} spell, face down").placed_items(x, 0)
                x += 16
            words(f"{len(ids)} {what}")
    if seat.used_spells:
        words("used:")
        for sid in seat.used_spells:
            sp = spells.get(sid)
            chip(sp.name if sp else sid, sp.summary if sp else sid, "#e3e3e3", MUTED)
    if len(items) == 1:
        words("none")
    return Scene(w, 20, tuple(items))


def _seat_title(state: AGState, i: int, components: Components, score: int | None,
                w: float) -> Scene:
    seat = state.seats[i]
    mages = components.mages_by_number
    mage = mages.get(seat.mage)
    items: list[Item] = [Text(0, 15, seat.name, size=15, weight="bold", fill=INK)]
    x = text_width(seat.name, 15) * 1.05 + 12
    if mage is not None:
        badge = f"Mage {mage.number}"
        bw = text_width(badge, 11) + 14
        items.append(Rect(x, 1, bw, 19, fill="#3d2a6b", radius=9.5, title=mage.summary))
        items.append(Text(x + bw / 2, 10.5, badge, size=11, weight="bold", anchor="middle",
                          baseline="middle", fill="#ffffff"))
        x += bw + 8
        ability = MAGE_SHORT.get(mage.ability, mage.summary)
    else:
        ability = "no mage yet"
    right: list[str] = []
    task = state.task
    is_active = i == state.active and state.turn > 0 and not state.over
    if is_active:
        right.append("▶ ACTIVE")
    if task is not None and task.seat == i and not is_active:
        right.append("● to act")
    right.append(f"companions {len(seat.companions)}/5")
    if score is not None:
        right.append(f"{score} point{'' if score == 1 else 's'}")
    tail = "  ·  ".join(right)
    items.append(Text(w, 15, tail, size=12, weight="bold", anchor="end",
                      fill=ACTIVE_STROKE if is_active else INK))
    room = w - x - text_width(tail, 12) - 16
    items.append(Text(x, 15, fit(ability, room, 11.5), size=11.5, fill=INK,
                      title=mage.summary if mage else None))
    return Scene(w, 22, tuple(items))


_PANELS: dict[tuple[Any, ...], Scene] = {}


def seat_scene(state: AGState, i: int, components: Components, *, viewer: int | None,
               score: int | None, w: float) -> Scene:
    """The panel of seat ``i`` (see :func:`draw_seat`), reused while it looks the same.

    A panel depends on the seat and on a few facts of the table (who is active, who
    acts, whether the game is over), so a redraw only rebuilds the panels that changed.
    """
    task = state.task
    key = (id(components), state.seats[i], i, state.active == i, state.turn > 0, state.over,
           task is not None and task.seat == i, state.spells_variant, viewer, score, w)
    found = _PANELS.get(key)
    if found is None:
        if len(_PANELS) > 512:
            _PANELS.clear()
        found = _PANELS[key] = draw_seat(state, i, components, viewer=viewer, score=score, w=w)
    return found


def draw_seat(state: AGState, i: int, components: Components, *, viewer: int | None,
              score: int | None, w: float) -> Scene:
    """The panel of seat ``i``: title, spells, companion and summoning areas.

    >>> from gaia_lab import examples
    >>> from gaia_lab.games.animals_gathering import GAME
    >>> st = examples("animals_gathering")[0].start().state
    >>> seat_scene(st, 0, GAME.components, viewer=None, score=1, w=980).ids()[:4]
    ['card:fox', 'card:starfish', 'card:owl']
    """
    seat = state.seats[i]
    animals = components.animals_by_id
    inner = w - 2 * MARGIN
    companions = [card(animals[a], components, marks=("BLESSED",) if a == seat.blessed else ())
                  for a in seat.companions if a in animals]
    summoning = [card(animals[c.animal], components, placed=c.stones,
                      marks=("AWAKENED",) if c.animal == seat.awakened else ())
                 for c in seat.summoning if c.animal in animals]
    areas: list[_Area] = [
        (f"COMPANIONS ({len(companions)})", companions, "#e8f4e8", "#3f7f46"),
        (f"SUMMONING ({len(summoning)})", summoning, "#f6f3ea", "#8a7440"),
    ]
    if seat.dealt:
        show = viewer is None or viewer == i
        dealt = [card(animals[a], components, placed="") if show
                 else card_back(CARD_W, CARD_H, "?")
                 for a in seat.dealt if a in animals]
        label = (f"DEALT (keep 1 of {len(dealt)})" if len(dealt) > 1
                 else "STARTING CARD (face down until revealed)")
        areas.append((label, dealt, "#eef0f7", "#4a5a8a"))
    parts: list[tuple[Scene, float, float]] = []
    y = 8.0
    parts.append((_seat_title(state, i, components, score, inner), MARGIN, y))
    y += 26
    if state.spells_variant:
        parts.append((_spell_chips(state, i, seat, components, viewer, inner), MARGIN, y))
        y += 24
    boxes = _seat_areas(areas, inner)
    parts.append((boxes, MARGIN, y))
    h = y + boxes.height + 10
    active = i == state.active and state.turn > 0 and not state.over
    frame = Scene(w, h, (Rect(1, 1, w - 2, h - 2, fill=ACTIVE_FILL if active else "#fcfcfa",
                              stroke=ACTIVE_STROKE if active else "#c9c3b4",
                              stroke_width=3 if active else 1, radius=10),))
    return Scene.compose([(frame, 0, 0), *parts], w, h)


# --------------------------------------------------------------------------
# Highlights and the whole table


def _scores(state: AGState, game: AnimalsGathering) -> tuple[int | None, ...]:
    try:
        totals = game.score_breakdown(state).totals
    except Exception:  # a position the scorer cannot read still draws
        return tuple(None for _ in state.seats)
    return tuple(totals[i] if i < len(totals) else None for i in range(len(state.seats)))


def scene(state: AGState, *, highlight: Iterable[str] = (), viewer: int | None = None,
          width: int = 1000, game: AnimalsGathering | None = None) -> Scene:
    """The whole table of Animals Gathering.

    ``highlight`` ids get a gold outline (the Explorer passes the targets of the
    legal actions); ``viewer`` is the seat whose secrets are shown (None: all,
    the teacher's view); ``game`` defaults to :data:`GAME` and its components.

    >>> from gaia_lab import examples
    >>> st = examples("animals_gathering")[0].start().state
    >>> plain, lit = scene(st), scene(st, highlight=["card:owl"])
    >>> len(lit.items) - len(plain.items), plain.to_svg() == scene(st).to_svg()
    (1, True)
    """
    if game is None:
        from gaia_lab.games.animals_gathering import GAME

        game = GAME
    components = game.components
    inner = width - 2 * MARGIN
    parts: list[tuple[Scene, float, float]] = []
    y = MARGIN
    head = header_scene(state, game, inner)
    parts.append((head, MARGIN, y))
    y += head.height + 6
    if inner - DICE_W - 14 >= SUPPLY_W:  # the dice tray beside the supply
        supply = supply_scene(state, components, inner - DICE_W - 14)
        parts.append((supply, MARGIN, y))
        parts.append((dice_scene(state, components, DICE_W, supply.height),
                      width - MARGIN - DICE_W, y))
    else:  # too narrow for both: the dice in one row under the supply
        supply = supply_scene(state, components, max(inner, SUPPLY_W))
        parts.append((supply, MARGIN, y))
        y += supply.height + 8
        dice = dice_scene(state, components, max(inner, SUPPLY_W), 28 + DIE + 16 + 10,
                          per_row=6)
        parts.append((dice, MARGIN, y))
        supply = dice
    y += supply.height + 12
    scores = _scores(state, game)
    for i in range(len(state.seats)):
        panel = seat_scene(state, i, components, viewer=viewer, score=scores[i], w=inner)
        parts.append((panel, MARGIN, y))
        y += panel.height + 10
    board = Scene.compose(parts, width, y, background="#ffffff",
                          title=f"Animals Gathering, turn {state.turn}")
    return board.with_items(*highlight_items(board, highlight, pad=4, radius=11,
                                             follow=(Circle,)))
