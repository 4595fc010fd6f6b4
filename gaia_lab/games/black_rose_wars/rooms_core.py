"""The Rooms' own activation effects, as the modelled core plays them.

Each Room tile has two sides; a side's effect is data (``data/rooms.json``,
``ruined_effects`` and ``rebuilt_effects``): words of :data:`~.components.ROOM_EFFECTS`,
authored from a fan implementation's text because the printed tiles are not public
(reconstructed).  Activating a ruined Room places 1 of the Mage's Instability in it first
(the Throne Room excepted), then plays the side's words in order; a rebuilt side plays its
words once per Mage a round (brw.core.activate, brw.core.room_effects).  At most one word
of a side takes a target, written after the verb: ``activate mage2``, ``activate forge``.

>>> from gaia_lab.games.black_rose_wars import GAME
>>> s = GAME.scenario({"players": 2, "rooms": ["crypt", "forge", "garden", "arena", "armory"],
...                    "seats": [{"where": "arena"}, {"where": "arena"}]})
>>> [str(a) for a in GAME.legal_actions(s) if a.verb == "activate"][:3]
['activate mage2', 'activate root:arena', 'activate']
"""

from __future__ import annotations

from typing import Final

from gaia_lab.core.events import Event
from gaia_lab.core.values import evolve
from gaia_lab.games.black_rose_wars.components import TARGETED, RoomCard
from gaia_lab.games.black_rose_wars.lodge import lodge
from gaia_lab.games.black_rose_wars.rules import Rules
from gaia_lab.games.black_rose_wars.state import BLACK_ROSE, BRWState, mage_id

__all__ = ["play_side", "side_of", "targets"]

_RULE: Final = "brw.core.room_effects"


def side_of(rules: Rules, state: BRWState, room: str) -> tuple[str, ...]:
    """The effect words of the side of ``room`` that is up."""
    return rules.c.room(room).effects(state.room(room).rebuilt)


def _targeted(words: tuple[str, ...]) -> str:
    return next((w for w in words if w.split(":")[0] in TARGETED), "")


def targets(rules: Rules, state: BRWState, seat: int) -> tuple[str, ...] | None:
    """The targets the activation of the Mage's Room may take (None when its side takes
    none): Models and Root Tokens within range, or Rooms within range that take the
    Instability."""
    where = state.mages[seat].where
    word = _targeted(side_of(rules, state, where))
    if not word:
        return None
    kind, *args = word.split(":")
    if kind in ("damage", "strike"):
        return rules.targets_near(state, seat, int(args[1]) if kind == "damage" else 0)
    owner = mage_id(seat) if kind == "place" else BLACK_ROSE
    the_lodge = lodge(state)
    return tuple(r for r in the_lodge.within(where, int(args[0]))
                 if the_lodge.is_room(r) and rules.room_takes(state.room(r), owner))


def play_side(rules: Rules, state: BRWState, seat: int, card: RoomCard, rebuilt: bool,
              target: str, events: list[Event]) -> BRWState:
    """Play the words of one side of a Room the Mage activated (``target`` for its targeted
    word, ``""`` when it has none or no target can be had)."""
    me = mage_id(seat)
    for word in card.effects(rebuilt):
        kind, *args = word.split(":")
        name = state.mages[seat].name
        if kind in TARGETED and not target:
            rules._event(events, "room.no_target", f"{card.name}: no target, "
                         f"{kind.replace('_', ' ')} does nothing.", _RULE, seat)
        elif kind == "summon":
            state = rules.summon(state, seat, state.mages[seat].where, events)
        elif kind == "damage":
            state = rules.damage(state, target, int(args[0]), me, events, _RULE)
        elif kind == "strike":
            for _ in range(int(args[0])):
                if not _still_there(state, target, state.mages[seat].where):
                    break  # destroyed or defeated by the first attack
                state = rules.damage(state, target, state.mages[seat].model.strength, me,
                                     events, _RULE)
        elif kind == "place":
            state = rules.place_instability(state, target, me, int(args[1]), events, _RULE)
        elif kind == "black_rose_instability":
            state = rules.place_instability(state, target, BLACK_ROSE, 1, events, _RULE)
        elif kind == "heal":
            model = state.model(me)
            rules._event(events, "room.heal", f"{name} loses "
                         f"{min(int(args[0]), model.damage)} Damage.", _RULE, seat)
            state = state.with_model(me, model.healed(int(args[0])))
        elif kind == "power":
            state = rules.gain_power(state, me, int(args[0]), events, _RULE)
        elif kind == "black_rose_power":
            state = rules.gain_power(state, BLACK_ROSE, int(args[0]), events, _RULE)
        elif kind == "drain":
            from gaia_lab.games.black_rose_wars.events_core import lose_power

            for other in rules.order(state):
                if other != seat:
                    state = lose_power(rules, state, other, int(args[0]), events, _RULE)
        elif kind == "retrieve":
            state = _retrieve(rules, state, seat, events)
        elif kind == "cells":
            from gaia_lab.games.black_rose_wars.events_core import to_cell

            for other in rules.order(state):
                state = to_cell(rules, state, other, events)
            rules._event(events, "room.cells", "Every Mage returns to their Cell.", _RULE, seat)
        elif kind == "quest":
            rules._event(events, "room.quest", f"{name} would draw a Quest.", "brw.core.quest",
                         seat)
        elif kind == "crown_cost":
            mage = state.mages[seat]
            rules._event(events, "room.crown", f"{name} loses 1 Power Point and takes the "
                         "Crown.", "brw.core.activate", seat, (f"{me}.power", -1))
            state = evolve(state.with_mage(seat, evolve(mage, power=mage.power - 1)),
                           crown=seat)
        else:  # crown
            rules._event(events, "room.crown", f"{name} takes the Crown.", "brw.core.activate",
                         seat)
            state = evolve(state, crown=seat)
    return state


def _still_there(state: BRWState, target: str, where: str) -> bool:
    """Whether a Model or Root Token is still in the Room ``where``."""
    if target.startswith("root:"):
        return state.room(target[5:]).root is not None
    return target in state.model_ids() and state.model(target).where == where


def _retrieve(rules: Rules, state: BRWState, seat: int, events: list[Event]) -> BRWState:
    from gaia_lab.games.black_rose_wars.modules_flow import spells_of

    mage = state.mages[seat]
    cast = [s for s in spells_of(rules.c, state, seat) if s not in (*mage.hand, *mage.prepared)]
    if not cast:
        rules._event(events, "room.retrieve", f"{mage.name} has cast no spell this round: "
                     "none to take back.", _RULE, seat)
        return state
    rules._event(events, "room.retrieve", f"{mage.name} takes back "
                 f"{rules.c.spell(cast[0]).name}, prepared.", _RULE, seat)
    return state.with_mage(seat, evolve(mage, prepared=(*mage.prepared, cast[0])))
