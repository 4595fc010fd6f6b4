"""The core Events' effects, as the modelled Black Rose phase plays them.

An Event card's effect is data (``data/events.json``, ``effects``): words of
:data:`~.components.EVENT_EFFECTS`, authored from a fan implementation's paraphrase because
the printed cards are not public (``reconstructed``).  When the Black Rose phase reveals an
Event its instant words are played at once (:func:`play_event`); a ``standing:`` word is in
force until the next Event is revealed (:func:`in_force`), and the rules consult it where it
applies (activating a Room of a colour, placing Instability, casting, a defeat...).  Two
Events let each Mage decide (``event <room>`` or ``event skip``): Dislocation and
Renovation.

>>> from gaia_lab.games.black_rose_wars import GAME
>>> s = GAME.scenario({"players": 1, "rooms": ["crypt", "forge", "garden", "arena", "armory"],
...                    "seats": [{"where": "crypt"}]})
>>> events = []
>>> after = play_event(GAME.rules, s, GAME.components.event("rebirth_at_sunset"), events)
>>> [r.id for r in after.rooms if len(r.owners()) > len(s.room(r.id).owners())]
['crypt', 'forge', 'garden']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gaia_lab.core.events import Event
from gaia_lab.core.flow import Task
from gaia_lab.core.values import evolve
from gaia_lab.games.black_rose_wars.actions import Action
from gaia_lab.games.black_rose_wars.components import EventCard
from gaia_lab.games.black_rose_wars.rules import FLOW, Rules
from gaia_lab.games.black_rose_wars.state import (
    BLACK_ROSE,
    FILIUS,
    BRWState,
    cell_id,
    mage_id,
    seat_of,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["CHOICES", "current_event", "in_force", "play_event"]

CHOICES: Final = ("dislocation", "renovation")
"""The effects that let each Mage decide."""
_RULE: Final = "brw.core.event_effects"


def current_event(rules: Rules, state: BRWState) -> EventCard | None:
    """The Event in force: the last revealed, when it is a core Event (a Legendary Scenario
    card in force has no standing effect)."""
    if not state.events:
        return None
    try:
        return rules.c.event(state.events[-1])
    except KeyError:
        return None


def in_force(rules: Rules, state: BRWState, name: str, colour: str = "") -> EventCard | None:
    """The Event in force when its standing effect ``name`` (with ``colour`` for
    ``colour_power``) applies now, else None."""
    card = current_event(rules, state)
    if card is None:
        return None
    want = (name, colour) if colour else (name,)
    return card if want in card.standing() else None


def _order(rules: Rules, state: BRWState) -> list[int]:
    return rules.order(state)


def _rooms(rules: Rules, state: BRWState, area: str) -> Iterable[str]:
    if area == "black_rose_room":
        return (rules.black_rose_room(state),)
    if area == "mage_rooms":
        return [r.id for r in state.rooms if any(seat_of(m) is not None
                                                 for m in state.models_in(r.id))]
    colours = set(area.split("+"))
    return [r.id for r in state.rooms if rules.c.room(r.id).colour in colours]


def lose_power(rules: Rules, state: BRWState, seat: int, amount: int, events: list[Event],
               rule: str = _RULE) -> BRWState:
    """A Mage loses up to ``amount`` Power Points (never below 0)."""
    mage = state.mages[seat]
    lost = min(amount, mage.power)
    if not lost:
        rules._event(events, "power.lose", f"{mage.name} has no Power Point to lose.", rule)
        return state
    rules._event(events, "power.lose", f"{mage.name} loses {lost} Power Point(s) "
                 f"({mage.power - lost}).", rule, "rules", (f"{mage_id(seat)}.power", -lost))
    return state.with_mage(seat, evolve(mage, power=mage.power - lost))


def to_cell(rules: Rules, state: BRWState, seat: int, events: list[Event]) -> BRWState:
    """A Mage is placed in their Cell (Hidden Resources pays 1 Power Point while in force)."""
    mid = mage_id(seat)
    state = state.with_model(mid, state.model(mid).at(cell_id(seat)))
    if in_force(rules, state, "cell_power") is not None:
        state = rules.gain_power(state, mid, 1, events, _RULE)
    return state


def play_event(rules: Rules, state: BRWState, card: EventCard, events: list[Event]
               ) -> BRWState:
    """Play an Event's instant effect words, in order (its standing words are consulted
    while it is in force)."""
    for word in card.effects:
        kind, *args = word.split(":")
        state = _play(rules, state, card, kind, args, events)
    return state


def _play(rules: Rules, state: BRWState, card: EventCard, kind: str, args: list[str],
          events: list[Event]) -> BRWState:
    n = len(state.mages)
    if kind == "standing":
        rules._event(events, "event.standing", f"{card.name} is in force until the next Event "
                     f"is revealed ({card.summary}).", _RULE)
    elif kind == "none":
        rules._event(events, "event.none", f"{card.name} has no effect in the modelled core "
                     f"({card.origin.note.rsplit('; ', 1)[-1]}).", _RULE)
    elif kind == "instability":
        for rid in _rooms(rules, state, args[0]):
            state = rules.place_instability(state, rid, BLACK_ROSE, int(args[1]), events, _RULE)
    elif kind == "damage":
        amount = int(args[1])
        targets = ([mage_id(i) for i in range(n) if state.mages[i].where]
                   if args[0] == "mages"
                   else [*([FILIUS] if state.avatar.filius.where else []),
                         *(e.card for e in state.evocations)])
        for target in targets:
            if state.model(target).where or target == FILIUS:
                rules._event(events, "event.damage", f"The Black Rose deals {amount} Damage "
                             f"to {rules.name(state, target)}.", _RULE)
                state = rules.damage(state, target, amount, BLACK_ROSE, events, _RULE)
    elif kind == "power":
        seats = [state.crown] if args[0] == "crown" else _order(rules, state)
        for seat in seats:
            state = rules.gain_power(state, mage_id(seat), int(args[1]), events, _RULE)
    elif kind == "lose":
        for seat in _order(rules, state):
            state = lose_power(rules, state, seat, int(args[0]), events)
    elif kind == "to_cells":
        for seat in _order(rules, state):
            state = to_cell(rules, state, seat, events)
        rules._event(events, "event.cells", "Every Mage returns to their Cell.", _RULE)
    elif kind == "near_cells":
        for seat in _order(rules, state):
            cell = next(c for c in state.cells if c.seat == seat)
            state = state.with_model(mage_id(seat), state.model(mage_id(seat)).at(cell.room))
        rules._event(events, "event.near_cells", "Every Mage goes to the Room their Cell "
                     "opens onto.", _RULE)
    elif kind == "heal_evocations":
        state = state.with_avatar(filius=state.avatar.filius.unhurt())
        for e in state.evocations:
            state = state.with_model(e.card, e.model.unhurt())
        rules._event(events, "event.heal", "Every Evocation loses its Damage.", _RULE)
    elif kind == "woe":
        state = _woe(rules, state, int(args[0]), int(args[1]), events)
    elif kind == "mercy":
        state = _mercy(rules, state, int(args[0]), events)
    elif kind == "revolt":
        for seat in _order(rules, state):
            strength = sum(e.model.strength for e in state.evocations if e.owner == seat)
            if strength and state.mages[seat].where:
                state = rules.damage(state, mage_id(seat), strength, BLACK_ROSE, events, _RULE)
            elif not strength:
                state = lose_power(rules, state, seat, 1, events)
    elif kind == "summon":
        for seat in reversed(_order(rules, state)):  # pushed last first: drawn in order
            where = state.mages[seat].where
            if state.has_room(where):
                state = rules.summon(state, seat, where, events)
    elif kind == "remembrance":
        state = _remembrance(rules, state, events)
    elif kind in CHOICES:
        seats = [s for s in _order(rules, state)
                 if kind == "dislocation" or state.mages[s].trophies]
        state = rules._push(state, *(Task("event_choice", s, (card.id,)) for s in seats))
    elif kind == "quest":
        state = _quests(rules, state, events)
    else:  # discard
        for seat in _order(rules, state):
            mage = state.mages[seat]
            if mage.hand:
                rules._event(events, "event.discard", f"{mage.name} discards "
                             f"{rules.c.spell(mage.hand[-1]).name}.", _RULE)
                state = state.with_mage(seat, evolve(mage, hand=mage.hand[:-1]))
            else:
                state = lose_power(rules, state, seat, 1, events)
    return state


def _woe(rules: Rules, state: BRWState, most: int, hit: int, events: list[Event]
         ) -> BRWState:
    for seat in _order(rules, state):
        mid = mage_id(seat)
        model = state.model(mid)
        dealt, left = list(model.dealt), most
        for i, owner in enumerate(dealt):
            if left and owner != BLACK_ROSE:
                dealt[i], left = BLACK_ROSE, left - 1
        if left < most:
            rules._event(events, "event.woe", f"{most - left} Damage on "
                         f"{rules.name(state, mid)} become the Black Rose's.", _RULE)
            state = state.with_model(mid, evolve(model, dealt=tuple(dealt)))
        elif model.where:
            state = rules.damage(state, mid, hit, BLACK_ROSE, events, _RULE)
    return state


def _mercy(rules: Rules, state: BRWState, hit: int, events: list[Event]) -> BRWState:
    for seat in _order(rules, state):
        mid = mage_id(seat)
        model = state.model(mid)
        kept = tuple(o for o in model.dealt if o == BLACK_ROSE)
        state = state.with_model(mid, evolve(model, damage=len(kept), dealt=kept))
        if not kept and model.where:
            state = rules.damage(state, mid, hit, BLACK_ROSE, events, _RULE)
    rules._event(events, "event.mercy", "Every Damage on the Mages but the Black Rose's is "
                 "healed.", _RULE)
    return state


def _remembrance(rules: Rules, state: BRWState, events: list[Event]) -> BRWState:
    for moon in (1, 2):
        deck = state.event_decks[moon - 1]
        if not deck:
            rules._event(events, "event.none", f"Remembrance: the Moon {moon} deck is empty.",
                         _RULE)
            continue
        card = rules.c.event(deck[0])
        decks = tuple(d[1:] if i == moon - 1 else d for i, d in enumerate(state.event_decks))
        state = evolve(state, event_decks=decks, events=(*state.events[:-1], card.id,
                                                         state.events[-1]))
        rules._event(events, "event.reveal", f"Remembrance reveals {card.name} (Moon {moon}): "
                     f"{card.summary}.", _RULE)
        state = play_event(rules, state, evolve(card, effects=tuple(
            w for w in card.effects if not w.startswith("standing:"))), events)
    return state


def _quests(rules: Rules, state: BRWState, events: list[Event]) -> BRWState:
    from gaia_lab.games.black_rose_wars.paths import explain_quest_swap

    paths = state.modules.paths
    if paths is None or not paths.rows:
        rules._event(events, "event.none", "Each Mage would draw a Quest: the modelled core "
                     "has no Quest deck.", "brw.core.quest")
        return state
    offers = [Task("path_quest", s) for s in _order(rules, state)
              if explain_quest_swap(paths.rows[s], paths.deck)]
    return rules._push(state, *offers)


# -- the Mages' decisions -------------------------------------------------------------------


def choice_options(rules: Rules, state: BRWState, seat: int, effect: str) -> list[str]:
    """What a Mage may answer to Dislocation (a Room) or Renovation (their Room, giving
    up a Trophy), ``skip`` last."""
    mage = state.mages[seat]
    if effect == "dislocation":
        return [*(r.id for r in state.rooms if r.id != mage.where), "skip"]
    room = mage.where
    ok = (mage.trophies and state.has_room(room)
          and rules.room_takes(state.room(room), mage_id(seat)))
    return [room, "skip"] if ok else ["skip"]


def _effect_of(rules: Rules, task: Task) -> str:
    card = rules.c.event(task.word(0))
    return next(w for w in card.effects if w in CHOICES)


@FLOW.lister("event_choice")
def _list_choice(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    return [Action("event", (w,))
            for w in choice_options(rules, state, task.player, _effect_of(rules, task))]


@FLOW.resolver("event_choice")
def _do_choice(rules: Rules, state: BRWState, task: Task, action: Action,
               events: list[Event]) -> BRWState:
    seat, answer = task.player, action.args[0]
    effect = _effect_of(rules, task)
    state = rules._pop(state)
    mage = state.mages[seat]
    if answer == "skip":
        rules._event(events, "event.skip", f"{mage.name} lets the {effect.title()} pass.",
                     _RULE, seat)
        return state
    if effect == "dislocation":
        rules._event(events, "event.dislocation", f"Dislocation: {mage.name} places their "
                     f"Model in {rules.name(state, answer)}.", _RULE, seat)
        return state.with_model(mage_id(seat), mage.model.at(answer))
    rules._event(events, "event.renovation", f"Renovation: {mage.name} gives a Trophy token "
                 f"({mage.trophies[-1]}) to the Black Rose and places 2 Instability in "
                 f"{rules.name(state, answer)}.", _RULE, seat)
    state = state.with_mage(seat, evolve(mage, trophies=mage.trophies[:-1]))
    return rules.place_instability(state, answer, mage_id(seat), 2, events, _RULE)
