"""The Spell Card variant: ten spells, each used once, at any moment the rules allow.

A spell's holder may cast it during any of their own decisions, and the engine
opens a *window* (a yes/no decision for each player holding a spell that fits) at
the moments the FAQ names: at the start of every turn, after every roll, before
the active player revives, before unused stones are offered, and at final scoring.

Casting is the action ``cast <spell> <choices>``; ``cast copy_and_paste <spell>
<choices>`` uses a spell another player has already used.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from gaia_lab.core.events import Event
from gaia_lab.core.flow import Task
from gaia_lab.core.values import evolve as replace
from gaia_lab.games.animals_gathering.actions import Action, roll_counts
from gaia_lab.games.animals_gathering.state import (
    MAX_DICE,
    STONE_ORDER,
    AGState,
    Die,
)

if TYPE_CHECKING:
    from gaia_lab.core.verdict import Verdict
    from gaia_lab.games.animals_gathering.rules import Rules

COPY = "copy_and_paste"
ANYTIME = ("all_in", "rock_n_roll", "i_choose_u", "bubble_burster", "reshuffle_ritual",
           "back_in_the_saddle", "animal_resonance", "holy_awakening")
WINDOWS: dict[str, tuple[str, ...]] = {
    "turn_start": ("i_choose_u", "reshuffle_ritual", "back_in_the_saddle", "animal_resonance",
                   "holy_awakening"),
    "after_roll": ("rock_n_roll",),
    "before_revive": ("animal_resonance", "i_choose_u"),
    "before_offer": ("bubble_burster",),
    "final": ("blessed_by_glory",),
}
WINDOW_WHAT = {
    "turn_start": "before {active} chooses an action",
    "after_roll": "after the roll",
    "before_revive": "before {active} revives",
    "before_offer": "before the unused stones are offered",
    "final": "at final scoring",
}


def held(state: AGState, seat_index: int) -> list[tuple[str, bool]]:
    """Spells a seat can cast: ``(spell, via Copy and Paste)`` pairs."""
    seat = state.seats[seat_index]
    out: list[tuple[str, bool]] = []
    for spell in seat.spells:
        if spell == COPY:
            used = {u for i, s in enumerate(state.seats) if i != seat_index
                    for u in s.used_spells if u != COPY}
            out.extend((u, True) for u in sorted(used))
        else:
            out.append((spell, False))
    return out


def cast_actions(rules: Rules, state: AGState, seat_index: int,
                 allowed: tuple[str, ...]) -> list[Action]:
    """Every legal cast of a seat among ``allowed`` spells, now."""
    out: list[Action] = []
    for spell, copied in held(state, seat_index):
        if spell not in allowed:
            continue
        prefix = (COPY, spell) if copied else (spell,)
        for args in _options(rules, state, seat_index, spell):
            out.append(Action("cast", prefix + args))
    return out


def _no_die_used(state: AGState) -> bool:
    roll = state.roll
    return roll is not None and all(d.face and not d.use for d in roll.dice) \
        and not roll.bonus_used and any(t.kind == "place" for t in state.tasks)


def _options(rules: Rules, state: AGState, seat_index: int,
             spell: str) -> Iterator[tuple[str, ...]]:
    seat = state.seats[seat_index]
    task = state.task
    if spell == "all_in":
        if task is not None and task.kind == "turn" and task.seat == seat_index:
            for token in rules.roll_options(MAX_DICE):
                yield (token,)
    elif spell == "rock_n_roll":
        roll = state.roll
        if roll is not None and _no_die_used(state) and seat_index not in roll.rock_rolled:
            labels = sorted((d.label for d in roll.dice), key=_die_key)
            seen: set[tuple[str, ...]] = set()
            for k in range(1, len(labels) + 1):
                for combo in combinations(labels, k):
                    if combo not in seen:
                        seen.add(combo)
                        yield combo
    elif spell == "i_choose_u":
        for stone in STONE_ORDER:
            for card in rules.open_cards(seat, stone):
                yield (stone, card)
    elif spell == "bubble_burster":
        roll = state.roll
        if roll is not None and roll.burst_by < 0 and roll.unused() and any(
                t.kind == "offer_unused" for t in state.tasks):
            yield ()
    elif spell == "reshuffle_ritual":
        if state.deck:
            yield ()
        for card in state.supply:
            yield (card,)
    elif spell == "back_in_the_saddle":
        for card in state.supply:
            yield (card,)
        if sum(len(c.stones) for c in seat.summoning) and len(seat.summoning) > 1:
            yield ()
    elif spell == "animal_resonance":
        powers = [a for a in seat.companions
                  if next(rules._power_uses(state, seat_index, a), None) is not None]
        if powers:
            yield ()
    elif spell == "holy_awakening":
        if not seat.awakened:
            for c in seat.summoning:
                if rules.animals[c.animal].power.type == "permanent":
                    yield (c.animal,)
    elif spell == "blessed_by_glory":
        if any(t.kind == "score" for t in state.tasks) and not seat.blessed:
            for a in seat.companions:
                if rules.animals[a].power.type == "scoring":
                    yield (a,)


def _die_key(label: str) -> tuple[int, int]:
    return "gob".index(label[0]), STONE_ORDER.index(label[1])


def open_window(rules: Rules, state: AGState, name: str, rest: tuple[Task, ...]) -> AGState:
    """Replace an ``open_window`` marker by a window decision for each eligible holder."""
    n = state.players
    start = state.active if name != "turn_start" else (state.active + 1) % n
    order = [(start + k) % n for k in range(n)]
    if name in ("turn_start", "before_revive"):
        order = [i for i in order if i != state.active]
    windows = tuple(Task("window", i, (name,)) for i in order
                    if cast_actions(rules, state, i, WINDOWS[name]))
    return replace(state, tasks=windows + rest)


def apply_cast(rules: Rules, state: AGState, task: Task, action: Action,
               events: list[Event]) -> AGState:
    """Use a spell: it leaves the hand, its effect happens, its follow-up steps queue."""
    args = list(action.args)
    caster = task.player
    copied = args[0] == COPY
    if copied:
        args.pop(0)
    spell = args.pop(0)
    seat = state.seats[caster]
    spent = COPY if copied else spell
    hand = list(seat.spells)
    hand.remove(spent)
    state = state.with_seat(caster, replace(seat, spells=tuple(hand),
                                            used_spells=seat.used_spells + (spent,)))
    name = rules.components.spell(spell).name
    via = " through Copy and Paste" if copied else ""
    rule = f"ag.spell.{spell}"
    who = seat.name
    tasks = state.tasks
    # A window decision is answered by the cast; other decisions stay pending.
    if task.kind == "window":
        tasks = tasks[1:]
    front: tuple[Task, ...] = ()

    def ev(text: str, rule_id: str = rule) -> None:
        rules._ev(events, "spell.cast", text, rule_id, caster)

    if spell == "all_in":
        g, o, b = roll_counts(args[0])
        ev(f"{who} casts {name}{via}: all six dice are rolled.")
        state = replace(state, tasks=tasks[1:])
        return rules._start_roll(state, caster, (g, o, b), events, state.tasks)
    if spell == "rock_n_roll":
        roll = state.roll
        assert roll is not None
        wanted = list(args)
        idx = []
        for i, d in enumerate(roll.dice):
            if d.label in wanted:
                wanted.remove(d.label)
                idx.append(i)
        dice = tuple(Die(d.colour) if i in idx else d for i, d in enumerate(roll.dice))
        ev(f"{who} casts {name}{via} and rerolls {len(idx)} of {state.seats[roll.roller].name}'s "
           "dice.")
        state = replace(state, roll=replace(roll, dice=dice,
                                            rock_rolled=roll.rock_rolled + (caster,)))
        front = (Task("dice", "chance", tuple(map(str, idx))),
                 Task("open_window", "rules", ("after_roll",)))
        if task.kind == "window":
            # the other holders' after-roll windows reopen after the new result
            tasks = tuple(t for t in tasks
                          if not (t.kind == "window" and t.data == ("after_roll",)))
    elif spell == "i_choose_u":
        stone, card = args
        state = rules._put(state, caster, stone, card)
        ev(f"{who} casts {name}{via}: a stone of their choice from the supply goes on the "
           f"{rules.name(card)}.")
        if not (tasks and tasks[0].kind == "place" and tasks[0].seat == caster):
            front = (Task("revival_check", caster),)
    elif spell == "bubble_burster":
        roll = state.roll
        assert roll is not None
        state = replace(state, roll=replace(roll, burst_by=caster))
        ev(f"{who} casts {name}{via}: the other players cannot take the unused stones.")
    elif spell == "reshuffle_ritual":
        if args:
            ev(f"{who} casts {name}{via} and selects a card without reshuffling.",
               "ag.faq.partial_spell")
            state = rules._recruit(state, caster, args[0], rule, events)
        else:
            new, old = state.deck[:5], state.supply
            ev(f"{who} casts {name}{via}: the next {len(new)} cards form a new supply and the "
               "old supply is shuffled back into the deck.")
            state = replace(state, supply=new, deck=state.deck[5:] + old)
            front = (Task("ritual_shuffle", "chance"), Task("ritual_select", caster))
    elif spell == "back_in_the_saddle":
        if args:
            ev(f"{who} casts {name}{via}.")
            state = rules._recruit(state, caster, args[0], rule, events)
        else:
            ev(f"{who} casts {name}{via} only to rearrange stones.", "ag.faq.partial_spell")
        moves = sum(len(c.stones) for c in state.seats[caster].summoning)
        front = (Task("rearrange", caster, (str(moves),)), Task("revival_check", caster))
        if tasks and tasks[0].kind == "place" and tasks[0].seat == caster:
            front = front[:1]
    elif spell == "animal_resonance":
        batch = tuple(a for a in state.seats[caster].companions
                      if rules.animals[a].power.kind in ("steal", "raid", "gift_stone", "recruit"))
        ev(f"{who} casts {name}{via}: every activation power of their companions triggers.")
        front = (Task("activate", caster, batch),)
    elif spell == "holy_awakening":
        card = args[0]
        state = state.with_seat(caster, replace(state.seats[caster], awakened=card))
        ev(f"{who} casts {name}{via} on the {rules.name(card)}: its permanent power "
           f"({rules.animals[card].power.describe()}) takes effect.")
    elif spell == "blessed_by_glory":
        animal = args[0]
        state = state.with_seat(caster, replace(state.seats[caster], blessed=animal))
        ev(f"{who} casts {name}{via}: the {rules.name(animal)}'s scoring power gives 50% more.")
    return replace(state, tasks=front + tasks)


def why_cast(rules: Rules, state: AGState, task: Task, action: Action) -> Verdict:
    """The reason a cast is not legal now."""
    from gaia_lab.core.verdict import Verdict
    from gaia_lab.games.animals_gathering.rulebook import RULES

    if not state.spells_variant:
        return Verdict.illegal("spell.no_variant", "This game is played without the Spell Card "
                               "variant.", RULES["ag.spell.deal"])
    args = list(action.args)
    seat = state.seats[task.player]
    spell = args[0]
    if spell == COPY:
        if COPY not in seat.spells:
            return Verdict.illegal("spell.not_held", f"{seat.name} does not hold Copy and Paste.",
                                   RULES["ag.spell.copy_and_paste"])
        target = args[1] if len(args) > 1 else ""
        if not any(target in s.used_spells for i, s in enumerate(state.seats)
                   if i != task.player):
            return Verdict.illegal("spell.copy_unused", f"No other player has used {target!r} "
                                   "yet, so Copy and Paste cannot copy it.",
                                   RULES["ag.spell.copy_and_paste"])
        spell = target
    elif spell not in seat.spells:
        used = " (already used)" if spell in seat.used_spells else ""
        return Verdict.illegal("spell.not_held", f"{seat.name} does not hold {spell!r}{used}; "
                               "each spell is used once.", RULES["ag.spell.use"])
    if spell not in rules.spell_ids:
        return Verdict.illegal("spell.unknown", f"There is no spell {spell!r}.",
                               RULES["ag.spell.use"])
    if task.kind == "window":
        name = task.word(0)
        if spell not in WINDOWS[name]:
            return Verdict.illegal("spell.wrong_moment", f"{spell} does not fit this moment "
                                   f"({WINDOW_WHAT[name].format(active='the active player')}).",
                                   RULES[f"ag.spell.{spell}"])
    return Verdict.illegal("spell.no_effect", f"{spell} cannot be used this way now.",
                           RULES[f"ag.spell.{spell}"])
