"""The Shapers of Gaia table as a :class:`~gaia_lab.render.shapes.Scene`.

:func:`scene` draws a whole position: a header (turn, who acts, what is pending), the
37-space hex board (the Vault in the centre, Biome tiles coloured by biome, empty spaces
with their DNA tokens, the Caretaker, each player's Shaper and animals), the Vault spaces,
the three Species displays with their decks, the tile stack and Behavior cards, and one
panel per seat (Resource Track, Toxicity, Prestige, DNA, the Shaper board with its animal
spaces and abilities, the Ecosystem rows and the hand of tiles). The drawing is a pure
function of the state: the same state gives the same SVG bytes.

Clickable ids follow :meth:`ShapersOfGaia.action_targets`: ``space:<label>`` on each
board space, ``vault:<id>`` on each Vault space in use, ``card:<id>`` on each Species card
(displays, rows, special and borrowed cards), ``tile:<id>`` on each tile in a hand and
``animal:<space>`` on the animal spaces of the Shaper board of the seat that acts.

>>> from gaia_lab.games.shapers_of_gaia import GAME
>>> state = GAME.scenario({})
>>> board = scene(state)
>>> board.width, "space:B1" in board.ids(), "vault:vh1" in board.ids()
(1000, True, True)
>>> board.hit(*centre(board, "space:A3"))
'space:A3'
"""

from __future__ import annotations

from collections.abc import Iterable
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
    "BIOME_STYLE",
    "PLAYER_COLOURS",
    "board_scene",
    "centre",
    "effect_text",
    "header_scene",
    "pending_text",
    "scene",
    "seat_scene",
]

HEX: Final = 37.0
"""The circumradius of a board space."""
BOARD_W: Final = 470.0
BOARD_H: Final = 430.0

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
    Now: P1 (Telrin Aviary): introduce an animal or restore biomes [turn]
    """
    task = state.task
    if task is None or state.over:
        return "Game over"
    names = tuple(seat_name(state, i, components) for i in range(len(state.seats)))
    return f"Now: {FLOW.describe(task, names)} [{task.kind}]"


def _token(kind: str, seat: int, cx: float, cy: float, r: float, title: str) -> list[Item]:
    """An animal of ``seat``: a triangle (Scavenger), circle (Herbivore) or square
    (Predator) in the seat's colour with the type's letter."""
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


# --------------------------------------------------------------------------
# The board


def board_scene(state: SGState, components: Components) -> Scene:
    """The 37 spaces with tiles, DNA tokens, the Caretaker, Shapers and animals.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> b = board_scene(GAME.scenario({}), GAME.components)
    >>> sum(1 for i in b.ids() if i.startswith("space:")), b.find("space:V").title
    (37, 'V: the Vault')
    """
    ox, oy = BOARD_W / 2, BOARD_H / 2
    tiles = dict(state.tiles)
    dna = dict(state.dna_board)
    items: list[Item] = []
    for h in board.SPACES:
        lab = board.label(h)
        tid = tiles.get(lab)
        pts = corners(h, HEX, "pointy", (ox, oy))
        cx, cy = to_pixel(h, HEX, "pointy", (ox, oy))
        if tid is None:
            title = f"{lab}: empty space" + (f" (a {dna[lab]} DNA token)" if lab in dna else "")
            items.append(Polygon(pts, fill="#f7f4ec", stroke="#c9c3b4", stroke_width=1.2,
                                 id=f"space:{lab}", title=title))
            items.append(Text(cx, cy - 17, lab, size=9, anchor="middle", fill=MUTED))
            if lab in dna:
                colour = dna[lab]
                items.append(Circle(cx, cy + 2, 8, fill=DNA_STYLE.get(colour, MUTED),
                                    stroke=INK, stroke_width=1, title=f"{colour} DNA token"))
                items.append(Text(cx, cy + 2, "DNA", size=5.5, weight="bold", anchor="middle",
                                  baseline="middle", fill="#ffffff" if colour != "yellow"
                                  else INK))
            continue
        tile = components.tile(tid)
        fill, name = BIOME_STYLE.get(tile.biome, ("#dddddd", tile.biome))
        if tile.biome == "vault":
            title = f"{lab}: the Vault"
        else:
            title = f"{lab}: {tile.describe()}"
        items.append(Polygon(pts, fill=fill, stroke="#ffffff", stroke_width=2,
                             id=f"space:{lab}", title=title))
        dark = tile.biome == "vault"
        top = lab if tile.stage == "S" else f"{lab} · {tile.stage}"
        items.append(Text(cx, cy - 19, top, size=9, weight="bold", anchor="middle",
                          fill="#ffffff" if dark else INK))
        if tile.biome == "vault":
            items.append(Text(cx, cy - 6, "VAULT", size=9, weight="bold", anchor="middle",
                              fill="#ffffff"))
        if tile.extra_cost:
            extra = "+" + "".join(k[0].upper() * n for k, n in tile.extra_cost)
            items.append(Text(cx + 17, cy - 9, extra, size=8, weight="bold", anchor="middle",
                              fill="#7b241c", title="extra cost: " + ", ".join(
                                  f"{n} {k}" for k, n in tile.extra_cost)))
        if tile.caretaker_icon:
            items.append(Text(cx - 17, cy - 9, "✚", size=8, anchor="middle", fill=INK,
                              title="starting Water tile with the Caretaker icon"))
    # animals, then the Caretaker and the Shapers on top
    for a in state.animals:
        if a.where.startswith("v"):
            continue
        cx, cy = board.pixel(board.parse_space(a.where), HEX)
        items += _token(a.kind, a.seat, cx + ox, cy + oy + 2, 10,
                        f"P{a.seat + 1}'s {a.kind} (from {a.space})")
    vault_count = sum(1 for a in state.animals if a.where.startswith("v"))
    if vault_count:
        items.append(Text(ox, oy + 6, f"{vault_count} animal{'s' * (vault_count > 1)}",
                          size=8, anchor="middle", fill="#ffffff"))
    cx, cy = board.pixel(board.parse_space(state.caretaker), HEX)
    ccx, ccy = cx + ox + 23, cy + oy + 2
    items.append(Polygon(((ccx, ccy - 8), (ccx + 7, ccy), (ccx, ccy + 8), (ccx - 7, ccy)),
                         fill="#ffffff", stroke=INK, stroke_width=1.5, title="the Caretaker"))
    items.append(Text(ccx, ccy, "C", size=7.5, weight="bold", anchor="middle",
                      baseline="middle", fill=INK))
    seen: dict[str, int] = {}
    for seat, where in enumerate(state.shapers):
        if seat >= len(state.seats):
            break
        k = seen.get(where, 0)
        seen[where] = k + 1
        cx, cy = board.pixel(board.parse_space(where), HEX)
        sx, sy = cx + ox - 14 + 14 * k, cy + oy + 21
        items.append(Circle(sx, sy, 7, fill=PLAYER_COLOURS[seat % 3], stroke="#000000",
                            stroke_width=2, title=f"P{seat + 1}'s Shaper"))
        items.append(Text(sx, sy, str(seat + 1), size=8, weight="bold", anchor="middle",
                          baseline="middle", fill=_PLAYER_INK[seat % 3]))
    return Scene(BOARD_W, BOARD_H, tuple(items))


# --------------------------------------------------------------------------
# The right column: Vault, Species displays, stack, Behavior cards


def vault_scene(state: SGState, components: Components, w: float) -> Scene:
    """The Vault spaces in use (ids ``vault:<id>``) and their occupants.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> vault_scene(GAME.scenario({}), GAME.components, 460).ids()
    ['vault:vs1', 'vault:vs2', 'vault:vh1', 'vault:vh2', 'vault:vp1']
    """
    items: list[Item] = [Text(0, 11, "THE VAULT", size=10, weight="bold", fill=MUTED)]
    slots = components.vault
    cell = min(54.0, (w - 4) / max(len(slots), 1))
    for k, v in enumerate(slots):
        x = k * cell
        used = state.players >= 3 or not v.three_players_only
        letter, colour = ANIMAL_STYLE.get(v.animal, ("?", MUTED))
        occupant = state.animal_at(v.id)
        title = f"Vault space {v.id}: {v.animal}, {v.vp} VP"
        if not used:
            items.append(Rect(x, 16, cell - 4, 44, fill="#eeeeee", stroke="#cccccc",
                              radius=5, title=title + " (3 players only)"))
            items.append(Text(x + (cell - 4) / 2, 42, "3p", size=9, anchor="middle",
                              fill="#aaaaaa"))
            continue
        items.append(Rect(x, 16, cell - 4, 44, fill="#eef0f3", stroke=colour, stroke_width=1.6,
                          radius=5, id=f"vault:{v.id}", title=title))
        items.append(Text(x + 4, 27, f"{letter} {v.vp}VP", size=8.5, weight="bold", fill=colour))
        if occupant is not None:
            items += _token(occupant.kind, occupant.seat, x + (cell - 4) / 2, 45, 9,
                            f"P{occupant.seat + 1}'s {occupant.kind}")
        else:
            items.append(Text(x + (cell - 4) / 2, 48, v.id, size=8, anchor="middle",
                              fill=MUTED))
    return Scene(w, 62, tuple(items))


def _dna_dot(colour: str, cx: float, cy: float, r: float = 4.5) -> Item:
    return Circle(cx, cy, r, fill=DNA_STYLE.get(colour, MUTED), stroke=INK, stroke_width=0.8,
                  title=f"{colour} DNA icon")


def display_card(card: Species, w: float) -> Scene:
    """A Species card of a display: both sides, each with its DNA icon.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> c = display_card(GAME.components.species_card("p01"), 220)
    >>> c.ids(), c.height
    (['card:p01'], 52)
    """
    letter, colour = ANIMAL_STYLE.get(card.animal, ("?", MUTED))
    sides = "; ".join(f"{'AB'[i]}: {s.effect.describe()} (DNA {'/'.join(s.dna)})"
                      for i, s in enumerate(card.sides))
    items: list[Item] = [
        Rect(0, 0, w, 52, fill="#fbfaf6", stroke=colour, stroke_width=1.6, radius=6,
             id=f"card:{card.id}", title=f"{card.id} ({card.animal}) {sides}"),
        Rect(0, 0, w, 14, fill=colour, radius=6),
        Text(6, 10.5, f"{card.id}  {card.animal.upper()}", size=9, weight="bold",
             fill="#ffffff"),
    ]
    for i, side in enumerate(card.sides):
        y = 27 + 14 * i
        items.append(Text(5, y + 3.5, "AB"[i], size=9, weight="bold", fill=colour))
        for k, dna in enumerate(side.dna):
            items.append(_dna_dot(dna, 19 + 9 * k, y))
        x0 = 27 + 9 * max(0, len(side.dna) - 1)
        items.append(Text(x0, y + 3.5, fit(effect_text(side.effect), w - x0 - 4, 9), size=9,
                          fill=INK))
    return Scene(w, 52, tuple(items))


def displays_scene(state: SGState, components: Components, w: float) -> Scene:
    """The three Species displays, each with the size of its deck.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> s = GAME.scenario({})
    >>> len([i for i in displays_scene(s, GAME.components, 460).ids() if i.startswith("card:")])
    6
    """
    parts: list[tuple[Scene, float, float]] = []
    y = 0.0
    card_w = (w - 74 - 8) / 2
    names = ("Scavengers", "Herbivores", "Predators")
    for k, animal in enumerate(("scavenger", "herbivore", "predator")):
        letter, colour = ANIMAL_STYLE[animal]
        deck = state.decks[k] if k < len(state.decks) else ()
        label = Scene(72, 52, (
            Text(0, 16, names[k], size=10.5, weight="bold", fill=colour),
            Text(0, 31, f"deck {len(deck)}", size=10, fill=INK,
                 title=f"{len(deck)} facedown {animal} cards ('card top A' takes the top)"),
        ))
        parts.append((label, 0, y))
        shown = state.displays[k] if k < len(state.displays) else ()
        for j, cid in enumerate(shown):
            parts.append((display_card(components.species_card(cid), card_w),
                          74 + j * (card_w + 8), y))
        if not shown:
            parts.append((Scene(card_w, 52, (Text(0, 30, "display empty", size=10,
                                                   fill=MUTED),)), 74, y))
        y += 58
    return Scene.compose(parts, w, y - 6)


def info_scene(state: SGState, components: Components, w: float) -> Scene:
    """The tile stack and the faceup Behavior sides.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> info_scene(GAME.scenario({}), GAME.components, 460).items[0].text
    'Tile stack: 24 (top: I)'
    """
    top = components.tile(state.stack[0]).stage if state.stack else "-"
    items: list[Item] = [Text(0, 12, f"Tile stack: {len(state.stack)} (top: {top})", size=11,
                              weight="bold", fill=INK,
                              title="facedown Biome tiles, stage I over II over III")]
    y = 30.0
    items.append(Text(0, y, "BEHAVIOR CARDS", size=10, weight="bold", fill=MUTED))
    y += 14
    for bid in state.behaviors:
        b = components.behavior(bid)
        lines = wrap(b.summary, int((w - 30) / (0.6 * 9.5)), 2)
        items.append(Rect(0, y - 9, 24, 13, fill=ANIMAL_STYLE.get(b.animal, ("", MUTED))[1],
                          radius=3, title=b.summary))
        items.append(Text(12, y + 1, bid, size=9, weight="bold", anchor="middle",
                          fill="#ffffff"))
        for k, line in enumerate(lines):
            items.append(Text(30, y + 1 + 12 * k, line, size=9.5, fill=INK))
        y += 12 * len(lines) + 5
    if not state.behaviors:
        items.append(Text(0, y + 1, "not chosen yet", size=9.5, fill=MUTED))
        y += 14
    return Scene(w, y, tuple(items))


# --------------------------------------------------------------------------
# Seat panels


def row_card(rc: RowCard, components: Components, w: float, note: str = "") -> Scene:
    """A card of an Ecosystem row: its faceup side's effect and DNA icons.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> row_card(RowCard("s01", 1), GAME.components, 112).find("card:s01").title
    's01 (scavenger), side B: pay 1 Energy: gain 2 Spore; DNA blue'
    """
    card = components.species_card(rc.card)
    side = card.sides[min(rc.side, len(card.sides) - 1)]
    letter, colour = ANIMAL_STYLE.get(card.animal, ("?", MUTED))
    title = (f"{card.id} ({card.animal}), side {'AB'[rc.side]}: {side.effect.describe()}; "
             f"DNA {'/'.join(side.dna)}" + (f" ({note})" if note else ""))
    items: list[Item] = [
        Rect(0, 0, w, 40, fill="#fbfaf6", stroke=colour, stroke_width=1.5, radius=5,
             id=f"card:{card.id}", title=title),
        Rect(0, 0, w, 13, fill=colour, radius=5),
        Text(4, 10, f"{letter} {card.id} {'AB'[rc.side] if len(card.sides) > 1 else ''}",
             size=8.5, weight="bold", fill="#ffffff"),
    ]
    for k, dna in enumerate(side.dna):
        items.append(_dna_dot(dna, w - 7 - 9 * k, 6.5, 4))
    for k, line in enumerate(wrap(effect_text(side.effect), int((w - 6) / 4.9), 2)):
        items.append(Text(4, 23 + 11 * k, line, size=8.2, fill=INK))
    if note:
        items.append(Text(w - 3, 37, note, size=7, anchor="end", fill="#7b241c"))
    return Scene(w, 40, tuple(items))


def _title_line(state: SGState, i: int, components: Components, score: int | None,
                w: float) -> Scene:
    p = state.seats[i]
    name = seat_name(state, i, components)
    items: list[Item] = [
        Circle(9, 10, 8, fill=PLAYER_COLOURS[i % 3], stroke=INK, stroke_width=1.5),
        Text(26, 15, name, size=14, weight="bold", fill=INK),
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
    items.append(Text(w, 15, "  ·  ".join(right), size=11.5, weight="bold", anchor="end",
                      fill=ACTIVE_STROKE if active else INK))
    return Scene(w, 22, tuple(items))


def _resources_line(state: SGState, i: int, components: Components, w: float) -> Scene:
    p = state.seats[i]
    items: list[Item] = []
    x = 0.0
    for r in components.resources:
        level = p.resource(r.id)
        items.append(Rect(x, 0, 86, 20, fill="#ffffff", stroke=r.colour, stroke_width=1.6,
                          radius=4, title=f"{r.name}: {level} of {r.max} "
                                          f"({r.vp_at(level)} VP at the end)"))
        items.append(Rect(x, 0, 8, 20, fill=r.colour, radius=3))
        items.append(Text(x + 13, 14, r.name, size=10, fill=INK))
        items.append(Text(x + 81, 14, f"{level}/{r.max}", size=10, weight="bold", anchor="end",
                          fill=INK))
        x += 91
    for label, value, fill in (("Toxicity", p.toxicity, "#4a235a"),
                               ("Prestige", p.prestige, "#b7950b")):
        items.append(Rect(x, 0, 82, 20, fill=fill, radius=4, title=f"{label}: {value}"))
        items.append(Text(x + 41, 14, f"{label} {value}", size=10, weight="bold",
                          anchor="middle", fill="#ffffff"))
        x += 87
    items.append(Text(x + 2, 14, "DNA", size=10, weight="bold", fill=INK))
    x += 30
    for k, colour in enumerate(p.dna):
        items.append(_dna_dot(colour, x + 6 + 12 * k, 10, 5))
    if not p.dna:
        items.append(Text(x, 14, "none", size=10, fill=MUTED))
    return Scene(w, 20, tuple(items))


def shaper_board_scene(state: SGState, i: int, components: Components, *,
                       clickable: bool, w: float) -> Scene:
    """The Shaper board: the 10 animal spaces (covered or empty) and the abilities.

    ``clickable`` gives the spaces still holding an animal their ``animal:<space>`` ids.

    >>> from gaia_lab.games.shapers_of_gaia import GAME
    >>> s = shaper_board_scene(GAME.scenario({}), 0, GAME.components, clickable=True, w=440)
    >>> s.ids()[:3]
    ['animal:S1', 'animal:S2', 'animal:S3']
    """
    p = state.seats[i]
    if not p.shaper:
        return Scene(w, 20, (Text(0, 14, "Shaper not dealt yet", size=10, fill=MUTED),))
    shaper = components.shaper(p.shaper)
    cell = min(44.0, (w + 4) / 10)
    items: list[Item] = []
    for k, sp in enumerate(shaper.spaces):
        x = k * cell
        letter, colour = ANIMAL_STYLE.get(sp.animal, ("?", MUTED))
        here = sp.id in p.board
        try:
            unlock = shaper.unlocks(sp.id).name
        except KeyError:
            unlock = "nothing"
        title = (f"{sp.id}: {sp.animal}, costs {sp.cost}, {sp.vp} VP when empty; "
                 f"unlocks {unlock}" + ("" if here else " (introduced)"))
        items.append(Rect(x, 0, cell - 4, 46, fill="#ffffff" if here else "#eeeeee",
                          stroke=colour, stroke_width=1.5, radius=5,
                          id=f"animal:{sp.id}" if clickable and here else None, title=title))
        items.append(Text(x + 3, 10, sp.id, size=8, weight="bold", fill=colour))
        items.append(Text(x + cell - 7, 10, f"{sp.vp}VP", size=7.5, anchor="end", fill=MUTED))
        if here:
            items += _token(sp.animal, i, x + (cell - 4) / 2, 27, 8.5, title)
            items.append(Text(x + (cell - 4) / 2, 43, f"cost {sp.cost}", size=7, anchor="middle",
                              fill=MUTED))
        else:
            items.append(Text(x + (cell - 4) / 2, 31, "out", size=9, anchor="middle",
                              fill=MUTED))
    y = 62.0
    for a in shaper.abilities:
        lvl = abilities.level(components, p, a.id)
        top = len(a.unlocked_by)
        mark = "●" * lvl + "○" * (top - lvl)
        on = lvl > 0
        line = f"{mark} {a.name} [{', '.join(a.unlocked_by)}] {a.timing}"
        items.append(Text(0, y, fit(line, w, 9.5), size=9.5, weight="bold" if on else "normal",
                          fill=INK if on else MUTED, title=a.summary))
        y += 12.5
    return Scene(w, y - 6, tuple(items))


def _rows_scene(state: SGState, i: int, components: Components, w: float) -> Scene:
    p = state.seats[i]
    label_w = 46.0
    card_w = min(118.0, (w - label_w - 12) / 4)
    parts: list[tuple[Scene, float, float]] = []
    rapid = set(state.used)
    for k, name in enumerate(ROWS):
        y = k * 45.0
        res = components.resource(name)
        parts.append((Scene(label_w, 40, (
            Rect(0, 0, label_w - 4, 40, fill=res.colour, radius=4, title=f"the {res.name} row"),
            Text((label_w - 4) / 2, 24, res.name, size=9.5, weight="bold", anchor="middle",
                 fill="#ffffff"),
        )), 0, y))
        row = p.rows[k] if k < len(p.rows) else ()
        for j, rc in enumerate(row):
            note = "rapid" if f"rapid:{rc.card}" in rapid else ""
            parts.append((row_card(rc, components, card_w, note), label_w + j * (card_w + 4), y))
        if not row:
            parts.append((Scene(card_w, 40, (Text(4, 24, "empty", size=9.5, fill=MUTED),)),
                          label_w, y))
    return Scene.compose(parts, w, 3 * 45.0 - 5)


def _hand_scene(state: SGState, i: int, components: Components, viewer: int | None,
                w: float) -> Scene:
    p = state.seats[i]
    show = viewer is None or viewer == i
    size = abilities.hand_size(components, p) if p.shaper else 3
    items: list[Item] = [Text(0, 14, f"Hand ({len(p.hand)}/{size})", size=10, weight="bold",
                              fill=INK)]
    x = 84.0
    for tid in p.hand:
        if show:
            tile = components.tile(tid)
            fill, name = BIOME_STYLE.get(tile.biome, ("#dddddd", tile.biome))
            label = f"{name} {tile.stage}"
            tw = max(text_width(label, 9.5), text_width(tid, 7.5)) + 12
            items.append(Rect(x, 0, tw, 28, fill=fill, stroke=INK, stroke_width=1, radius=5,
                              id=f"tile:{tid}", title=tile.describe()))
            items.append(Text(x + tw / 2, 12, label, size=9.5, weight="bold", anchor="middle",
                              fill=INK))
            items.append(Text(x + tw / 2, 23, tid, size=7.5, anchor="middle", fill=INK))
            x += tw + 6
        else:
            items.append(Rect(x, 0, 30, 28, fill="#6e5a3c", stroke=INK, radius=5,
                              title="a Biome tile, face down"))
            x += 36
    if not p.hand:
        items.append(Text(x, 14, "empty", size=10, fill=MUTED))
    extra: list[tuple[str, str, int]] = [(c, "special", 0) for c in p.specials]
    if i == state.active:
        extra += [(rc.card, "borrowed", rc.side) for rc in state.borrowed]
    if extra:
        x += 14
        items.append(Text(x, 14, "Cards:", size=10, weight="bold", fill=INK))
        x += 44
        for cid, what, side in extra:
            card = components.species_card(cid)
            letter, colour = ANIMAL_STYLE.get(card.animal, ("?", MUTED))
            eff = card.sides[min(side, len(card.sides) - 1)].effect
            label = f"{cid} ({what})"
            tw = max(text_width(label, 8.5), text_width(effect_text(eff), 8)) + 10
            if x + tw > w:
                break
            items.append(Rect(x, 0, tw, 28, fill="#fbfaf6", stroke=colour, stroke_width=1.5,
                              radius=5, id=f"card:{cid}",
                              title=f"{cid} ({card.animal}, {what}): {eff.describe()}"))
            items.append(Text(x + 5, 11, label, size=8.5, weight="bold", fill=colour))
            items.append(Text(x + 5, 23, effect_text(eff), size=8, fill=INK))
            x += tw + 6
    return Scene(w, 28, tuple(items))


def seat_scene(state: SGState, i: int, components: Components, *, viewer: int | None,
               score: int | None, w: float) -> Scene:
    """The panel of seat ``i``.

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
    y += 28
    left_w = 440.0
    shaper = shaper_board_scene(state, i, components, clickable=acts, w=left_w)
    rows = _rows_scene(state, i, components, inner - left_w - 14)
    parts.append((shaper, MARGIN, y))
    parts.append((rows, MARGIN + left_w + 14, y))
    y += max(shaper.height, rows.height) + 10
    parts.append((_hand_scene(state, i, components, viewer, inner), MARGIN, y))
    y += 36
    active = i == state.active and state.turn > 0 and not state.over
    frame = Scene(w, y, (Rect(1, 1, w - 2, y - 2, fill=ACTIVE_FILL if active else "#fcfcfa",
                              stroke=ACTIVE_STROKE if active else "#c9c3b4",
                              stroke_width=3 if active else 1, radius=10),))
    return Scene.compose([(frame, 0, 0), *parts], w, y)


# --------------------------------------------------------------------------
# Header, highlights and the whole table


def header_scene(state: SGState, game: ShapersOfGaia, w: float) -> Scene:
    """Title line with the round and turn (turns count every player's turns), and the
    pending step.

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
        items.append(Text(0, 38, f"Game over · won by {winners}", size=12.5, weight="bold",
                          fill="#b02a1a"))
    else:
        line = pending_text(state, c)
        if state.final_turns >= 0:
            line += f" · end triggered: {state.final_turns} turn(s) left"
        items.append(Text(0, 38, fit(line, w, 12.5), size=12.5, fill=INK))
    return Scene(w, 46, tuple(items))


def legend_scene(w: float) -> Scene:
    """The key to the board's marks.

    >>> legend_scene(460).height
    34
    """
    items: list[Item] = []
    x = 0.0
    for kind in ("scavenger", "herbivore", "predator"):
        items += _token(kind, 0, x + 8, 9, 7, kind)
        items.append(Text(x + 19, 13, kind.capitalize(), size=9.5, fill=INK))
        x += 26 + text_width(kind, 9.5)
    items.append(Circle(x + 8, 9, 7, fill="#ffffff", stroke="#000000", stroke_width=2))
    items.append(Text(x + 8, 9, "n", size=7.5, weight="bold", anchor="middle",
                      baseline="middle", fill=INK))
    items.append(Text(x + 19, 13, "Shaper of Pn", size=9.5, fill=INK))
    x += 26 + text_width("Shaper of Pn", 9.5)
    items.append(Polygon(((x + 8, 1), (x + 15, 9), (x + 8, 17), (x + 1, 9)), fill="#ffffff",
                         stroke=INK, stroke_width=1.5))
    items.append(Text(x + 19, 13, "Caretaker", size=9.5, fill=INK))
    x = 0.0
    for biome in ("water", "crystal", "forest", "mushroom", "temple"):
        fill, name = BIOME_STYLE[biome]
        items.append(Rect(x, 21, 12, 12, fill=fill, stroke=INK, stroke_width=0.6, radius=2))
        items.append(Text(x + 16, 31, name, size=9.5, fill=INK))
        x += 24 + text_width(name, 9.5)
    items.append(Text(x, 31, "+N/+E: extra cost", size=9.5, fill=MUTED))
    return Scene(w, 34, tuple(items))


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
          width: int = 1000, game: ShapersOfGaia | None = None) -> Scene:
    """The whole table of Shapers of Gaia.

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
    inner = width - 2 * MARGIN
    parts: list[tuple[Scene, float, float]] = []
    y = MARGIN
    head = header_scene(state, game, inner)
    parts.append((head, MARGIN, y))
    y += head.height + 4
    bscene = board_scene(state, c)
    right_x = MARGIN + BOARD_W + 14
    right_w = width - MARGIN - right_x
    parts.append((Scene(BOARD_W, BOARD_H, (Rect(0, 0, BOARD_W, BOARD_H, fill="#eaf2f8",
                                                radius=12),)), MARGIN, y))
    parts.append((bscene, MARGIN, y))
    legend = legend_scene(BOARD_W)
    parts.append((legend, MARGIN + 4, y + BOARD_H + 6))
    ry = y
    for block in (vault_scene(state, c, right_w), displays_scene(state, c, right_w),
                  info_scene(state, c, right_w)):
        parts.append((block, right_x, ry))
        ry += block.height + 12
    y = max(y + BOARD_H + 6 + legend.height, ry) + 10
    scores = _scores(state, game)
    for i in range(len(state.seats)):
        panel = seat_scene(state, i, c, viewer=viewer, score=scores[i], w=inner)
        parts.append((panel, MARGIN, y))
        y += panel.height + 10
    board_ = Scene.compose(parts, width, y, background="#ffffff",
                           title=f"Shapers of Gaia, turn {state.turn}")
    return board_.with_items(*highlight_items(board_, highlight))

