"""The rules of Animals Gathering: legal actions, explanations and their effects.

The pending steps of a turn are a queue of :class:`~.state.Task` s.  The head task
says who acts and on what; applying an action resolves it, may push new tasks to the
front (a revival triggers powers, a raid asks each victim) and then the engine
settles the steps that need no decision (revival checks, offering unused stones).

``explain`` and ``legal_actions`` share one source of truth: an action is legal
exactly when it is listed; for anything else :func:`diagnose` finds the reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from fractions import Fraction
from itertools import combinations, permutations
from math import factorial

from gaia_lab.core.events import Event
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.values import evolve as replace
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.animals_gathering import spells
from gaia_lab.games.animals_gathering.actions import Action, roll_counts, roll_token
from gaia_lab.games.animals_gathering.components import Animal, Components
from gaia_lab.games.animals_gathering.rulebook import RULES
from gaia_lab.games.animals_gathering.state import (
    CHANCE_SEAT,
    DICE_PER_COLOUR,
    DIE_COLOURS,
    MAX_DICE,
    RULES_SEAT,
    STONE_ORDER,
    AGState,
    Die,
    Roll,
    Seat,
    Summoned,
    Task,
    sort_stones,
)

STONES = STONE_ORDER
HAND_SIZE = 3
SUPPLY_SIZE = 5
SPELL_OFFER = 2
END_COMPANIONS = 5

# Which task kinds a decision verb belongs to.
TASK_VERBS: dict[str, frozenset[str]] = {
    "deal_mages": frozenset({"mages"}),
    "deal_cards": frozenset({"deal"}),
    "deal_spells": frozenset({"spells"}),
    "keep": frozenset({"keep"}),
    "keep_spell": frozenset({"keep-spell"}),
    "form_deck": frozenset({"deck"}),
    "supply": frozenset({"supply"}),
    "stones_dice": frozenset({"stones-and-dice"}),
    "reveal": frozenset({"reveal"}),
    "turn": frozenset({"take", "roll", "pass"}),
    "dice": frozenset({"dice"}),
    "reroll": frozenset({"reroll", "no-reroll"}),
    "place": frozenset({"place", "exchange", "bonus", "done"}),
    "block": frozenset({"block", "no-block"}),
    "revive": frozenset({"revive"}),
    "activate": frozenset({"use", "skip"}),
    "raid_remove": frozenset({"remove"}),
    "collect": frozenset({"place", "exchange", "done"}),
    "end_turn": frozenset({"end-turn"}),
    "score": frozenset({"score"}),
    "window": frozenset({"cast", "no-spell"}),
    "ritual_shuffle": frozenset({"deck"}),
    "ritual_select": frozenset({"take", "done"}),
    "rearrange": frozenset({"move", "done"}),
}

TASK_RULE: dict[str, str] = {
    "deal_mages": "ag.setup.mages",
    "deal_cards": "ag.setup.deal",
    "deal_spells": "ag.spell.deal",
    "keep": "ag.setup.keep",
    "keep_spell": "ag.spell.deal",
    "form_deck": "ag.setup.deck",
    "supply": "ag.setup.supply",
    "stones_dice": "ag.setup.stones_dice",
    "reveal": "ag.setup.reveal",
    "turn": "ag.turn.choose",
    "dice": "ag.roll.colours",
    "reroll": "ag.mage.5",
    "place": "ag.roll.place",
    "block": "ag.mage.2",
    "revive": "ag.revive.order",
    "activate": "ag.power.activation",
    "raid_remove": "ag.power.raid",
    "collect": "ag.unused.others",
    "end_turn": "ag.turn.next",
    "score": "ag.score.points",
    "window": "ag.spell.use",
    "ritual_shuffle": "ag.spell.reshuffle_ritual",
    "ritual_select": "ag.spell.reshuffle_ritual",
    "rearrange": "ag.spell.back_in_the_saddle",
}

TASK_WHAT: dict[str, str] = {
    "deal_mages": "the Mage Cards are dealt",
    "deal_cards": "three Animal Index Cards are dealt to each player",
    "deal_spells": "two Spell Cards are dealt to each player",
    "keep": "{name} keeps one of the three dealt cards",
    "keep_spell": "{name} keeps one of the two dealt spells",
    "form_deck": "the deck is shuffled",
    "supply": "the supply is turned face up",
    "stones_dice": "stones and dice are put within reach",
    "reveal": "starting cards are revealed",
    "turn": "{name} chooses the turn's action",
    "dice": "the dice are rolled",
    "reroll": "{name} may reroll (mage 5)",
    "place": "{name} places the rolled stones",
    "block": "{name} may discard a die (mage 2)",
    "revive": "{name} chooses which completed card to revive first",
    "activate": "{name} resolves triggered activation powers",
    "raid_remove": "{name} removes a stone (raid)",
    "collect": "{name} may take the unused stones",
    "end_turn": "the turn ends",
    "score": "the game is scored",
    "window": "{name} may cast a spell",
    "ritual_shuffle": "the old supply is shuffled into the deck",
    "ritual_select": "{name} may select a card from the new supply",
    "rearrange": "{name} may rearrange stones on uncompleted cards",
}
SETUP_TASKS = frozenset({"deal_mages", "deal_cards", "deal_spells", "keep", "keep_spell",
                         "form_deck", "supply", "stones_dice", "reveal"})


def R(rule_id: str) -> RuleRef:
    return RULES[rule_id]


class Rules:
    """The rules over one component set."""

    def __init__(self, components: Components) -> None:
        self.components = components
        self.animals: dict[str, Animal] = {a.id: a for a in components.animals}
        self.need: dict[str, dict[str, int]] = {
            a.id: dict(Counter(a.outline)) for a in components.animals
        }
        self.size: dict[str, int] = {a.id: len(a.outline) for a in components.animals}
        self.faces: dict[str, str] = {d.code: "".join(d.faces) for d in components.dice}
        self.spell_ids: tuple[str, ...] = tuple(sp.id for sp in components.spells)
        self._outcomes: dict[tuple[int, ...], list[tuple[Action, Fraction]]] = {}
        """Exact roll distributions by dice counts per colour (they never change)."""

    # ------------------------------------------------------------------ names & helpers
    def name(self, animal: str) -> str:
        a = self.animals.get(animal)
        return a.name if a else animal

    def capacity(self, card: Summoned, stone: str) -> int:
        """Unfilled spaces for ``stone`` on a card."""
        return self.need[card.animal].get(stone, 0) - card.stones.count(stone)

    def is_complete(self, card: Summoned) -> bool:
        return len(card.stones) == self.size[card.animal]

    def open_cards(self, seat: Seat, stone: str) -> list[str]:
        """Cards of a seat with an unfilled space for ``stone``, in area order."""
        return [c.animal for c in seat.summoning if self.capacity(c, stone) > 0]

    def can_place(self, seat: Seat, stone: str) -> bool:
        return any(self.capacity(c, stone) > 0 for c in seat.summoning)

    def powers(self, seat: Seat, kind: str) -> list[Animal]:
        """Revived animals of a seat with the power ``kind`` (plus an awakened card)."""
        out = [self.animals[a] for a in seat.companions if self.animals[a].power.kind == kind]
        if seat.awakened and self.animals[seat.awakened].power.kind == kind \
                and seat.awakened not in seat.companions:
            out.append(self.animals[seat.awakened])
        return out

    def exchange_stones(self, seat: Seat) -> list[str]:
        """Stones a seat may exchange through a permanent exchange power."""
        found = {a.power.stone for a in self.powers(seat, "exchange") if a.power.stone}
        return [s for s in STONES if s in found]

    def is_immune(self, seat: Seat) -> bool:
        return bool(self.powers(seat, "immunity"))

    def ends_game(self, seat: Seat) -> str:
        """Why a seat's companion area ends the game ("five", "elephant") or ""."""
        if len(seat.companions) >= END_COMPANIONS:
            return "five"
        for a in self.powers(seat, "early_end"):
            if len(seat.companions) >= a.power.companions:
                return "elephant"
        return ""

    def dice_allowed(self, state: AGState, seat_index: int) -> list[int]:
        """How many dice the seat may roll now (several numbers with mage 4)."""
        seat = state.seats[seat_index]
        base = max(0, MAX_DICE - len(seat.summoning))
        counts = [base] if base else []
        if seat.mage == 4:
            extra = min(MAX_DICE, base + 2)
            if extra > base:
                counts.append(extra)
        return counts

    def roll_options(self, n: int) -> list[str]:
        out = []
        for g in range(DICE_PER_COLOUR, -1, -1):
            for o in range(DICE_PER_COLOUR, -1, -1):
                b = n - g - o
                if 0 <= b <= DICE_PER_COLOUR:
                    out.append(roll_token((g, o, b)))
        return out

    # ----------------------------------------------------------------------- actors
    def seat_of(self, state: AGState) -> int | None:
        task = state.task
        return None if task is None else task.seat

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: AGState) -> list[Action]:
        task = state.task
        if task is None:
            return []
        gen = getattr(self, "_legal_" + task.kind)
        actions = list(gen(state, task))
        if state.spells_variant and task.seat >= 0 and task.kind not in SETUP_TASKS \
                and task.kind != "window":
            actions.extend(spells.cast_actions(self, state, task.seat, spells.ANYTIME))
        return actions

    def _legal_deal_mages(self, state: AGState, task: Task) -> Iterator[Action]:
        for combo in permutations(range(1, 6), state.players):
            yield Action("mages", tuple(map(str, combo)))

    def _legal_deal_cards(self, state: AGState, task: Task) -> Iterator[Action]:
        rng = state.rng.random()
        ids = sorted(self.animals)
        rng.shuffle(ids)
        yield Action("deal", tuple(ids[: HAND_SIZE * state.players]))

    def _legal_deal_spells(self, state: AGState, task: Task) -> Iterator[Action]:
        rng = state.rng.random()
        ids = sorted(self.spell_ids)
        rng.shuffle(ids)
        yield Action("spells", tuple(ids[: SPELL_OFFER * state.players]))

    def _legal_keep(self, state: AGState, task: Task) -> Iterator[Action]:
        for a in state.seats[task.seat].dealt:
            yield Action("keep", (a,))

    def _legal_keep_spell(self, state: AGState, task: Task) -> Iterator[Action]:
        for s in state.seats[task.seat].spell_offer:
            yield Action("keep-spell", (s,))

    def _legal_form_deck(self, state: AGState, task: Task) -> Iterator[Action]:
        rng = state.rng.random()
        rest = sorted(self._deck_pool(state))
        rng.shuffle(rest)
        yield Action("deck", tuple(rest))

    def _deck_pool(self, state: AGState) -> set[str]:
        """Every card not kept by a player (the kept cards are still face down)."""
        kept = {a for s in state.seats for a in s.dealt}
        kept |= {c.animal for s in state.seats for c in s.summoning}
        kept |= {a for s in state.seats for a in s.companions}
        return set(self.animals) - kept - set(state.supply)

    def _legal_supply(self, state: AGState, task: Task) -> Iterator[Action]:
        yield Action("supply")

    def _legal_stones_dice(self, state: AGState, task: Task) -> Iterator[Action]:
        yield Action("stones-and-dice")

    def _legal_reveal(self, state: AGState, task: Task) -> Iterator[Action]:
        yield Action("reveal")

    def _legal_turn(self, state: AGState, task: Task) -> Iterator[Action]:
        found = False
        for a in state.supply:
            found = True
            yield Action("take", (a,))
        for n in self.dice_allowed(state, task.seat):
            for token in self.roll_options(n):
                found = True
                yield Action("roll", (token,))
        if not found:
            yield Action("pass")

    def _legal_dice(self, state: AGState, task: Task) -> Iterator[Action]:
        for action, _ in self.dice_outcomes(state, task):
            yield action

    def _legal_reroll(self, state: AGState, task: Task) -> Iterator[Action]:
        yield Action("no-reroll")
        assert state.roll is not None
        labels = sorted((d.label for d in state.roll.dice), key=_die_key)
        seen: set[tuple[str, ...]] = set()
        for k in range(1, len(labels) + 1):
            for combo in combinations(labels, k):
                if combo not in seen:
                    seen.add(combo)
                    yield Action("reroll", combo)

    def _legal_place(self, state: AGState, task: Task) -> Iterator[Action]:
        roll = state.roll
        assert roll is not None
        seat = state.seats[task.seat]
        faces = [roll.dice[i].face for i in roll.unused()]
        yield from self._placements(seat, faces, allow_done=not self._must_place(seat, faces))
        if seat.mage == 1 and not roll.bonus_used and len(set(roll.faces())) >= 4:
            for stone in STONES:
                for card in self.open_cards(seat, stone):
                    yield Action("bonus", (stone, card))

    def _must_place(self, seat: Seat, faces: Iterable[str]) -> bool:
        return any(self.can_place(seat, f) for f in set(faces))

    def _placements(self, seat: Seat, faces: list[str], allow_done: bool) -> Iterator[Action]:
        present = [s for s in STONES if s in faces]
        for stone in present:
            for card in self.open_cards(seat, stone):
                yield Action("place", (stone, card))
        for stone in self.exchange_stones(seat):
            if stone in faces:
                yield from self._exchanges(seat, stone)
        if seat.mage == 3 and faces.count("O") >= 2:
            yield from self._exchanges(seat, "OO")
        if allow_done:
            yield Action("done")

    def _exchanges(self, seat: Seat, give: str) -> Iterator[Action]:
        for stone in STONES:
            if stone == give:
                continue
            for card in self.open_cards(seat, stone):
                yield Action("exchange", (f"{give}>{stone}", card))

    def _legal_block(self, state: AGState, task: Task) -> Iterator[Action]:
        roll = state.roll
        assert roll is not None
        labels = sorted({roll.dice[i].label for i in roll.unused()}, key=_die_key)
        for label in labels:
            yield Action("block", (label,))
        yield Action("no-block")

    def _legal_revive(self, state: AGState, task: Task) -> Iterator[Action]:
        for c in state.seats[task.seat].summoning:
            if self.is_complete(c):
                yield Action("revive", (c.animal,))

    def _legal_activate(self, state: AGState, task: Task) -> Iterator[Action]:
        seen: set[str] = set()
        for animal in task.data:
            if animal in seen:
                continue
            seen.add(animal)
            yield from self._power_uses(state, task.seat, animal)
        for animal in sorted(seen):
            yield Action("skip", (animal,))

    def _power_uses(self, state: AGState, seat_index: int, animal: str) -> Iterator[Action]:
        power = self.animals[animal].power
        seat = state.seats[seat_index]
        if power.kind == "steal":
            for _, victim in self._victims(state, seat_index):
                for card in victim.summoning:
                    for stone in _distinct(card.stones):
                        for mine in self.open_cards(seat, stone):
                            yield Action("use", (animal, "steal", stone, card.animal, mine))
        elif power.kind == "raid":
            victims = self._victims(state, seat_index)
            if any(any(c.stones for c in vs.summoning) for _, vs in victims):
                yield Action("use", (animal, "raid"))
        elif power.kind == "gift_stone":
            for stone in STONES:
                if stone in power.stones:
                    for target in self.open_cards(seat, stone):
                        yield Action("use", (animal, "gift", stone, target))
        elif power.kind == "recruit":
            for a in state.supply:
                yield Action("use", (animal, "recruit", a))

    def _victims(self, state: AGState, seat_index: int) -> list[tuple[int, Seat]]:
        """Other seats that attacks can target, in turn order from the attacker's left."""
        n = state.players
        out = []
        for k in range(1, n):
            v = (seat_index + k) % n
            if not self.is_immune(state.seats[v]):
                out.append((v, state.seats[v]))
        return out

    def _legal_raid_remove(self, state: AGState, task: Task) -> Iterator[Action]:
        for card in state.seats[task.seat].summoning:
            for stone in _distinct(card.stones):
                yield Action("remove", (stone, card.animal))

    def _legal_collect(self, state: AGState, task: Task) -> Iterator[Action]:
        roll = state.roll
        assert roll is not None
        seat = state.seats[task.seat]
        faces = [roll.dice[int(i)].face for i in task.data]
        yield from self._placements(seat, faces, allow_done=True)

    def _legal_window(self, state: AGState, task: Task) -> Iterator[Action]:
        yield from spells.cast_actions(self, state, task.seat, spells.WINDOWS[task.data[0]])
        yield Action("no-spell")

    def _legal_ritual_shuffle(self, state: AGState, task: Task) -> Iterator[Action]:
        rng = state.rng.random()
        deck = list(state.deck)
        rng.shuffle(deck)
        yield Action("deck", tuple(deck))

    def _legal_ritual_select(self, state: AGState, task: Task) -> Iterator[Action]:
        for a in state.supply:
            yield Action("take", (a,))
        yield Action("done")

    def _legal_rearrange(self, state: AGState, task: Task) -> Iterator[Action]:
        seat = state.seats[task.seat]
        if int(task.data[0]) > 0:
            for card in seat.summoning:
                for stone in _distinct(card.stones):
                    for other in self.open_cards(seat, stone):
                        if other != card.animal:
                            yield Action("move", (stone, card.animal, other))
        yield Action("done")

    def _legal_end_turn(self, state: AGState, task: Task) -> Iterator[Action]:
        yield Action("end-turn")

    def _legal_score(self, state: AGState, task: Task) -> Iterator[Action]:
        yield Action("score")

    # ----------------------------------------------------------------------- chance
    def dice_outcomes(self, state: AGState, task: Task) -> list[tuple[Action, Fraction]]:
        """Every result of the dice being rolled, with its exact probability."""
        roll = state.roll
        assert roll is not None
        colours = [roll.dice[int(i)].colour for i in task.data]
        counts = tuple(colours.count(c) for c in DIE_COLOURS)
        found = self._outcomes.get(counts)
        if found is None:
            per_colour: list[list[tuple[tuple[str, ...], Fraction]]] = []
            for colour, k in zip(DIE_COLOURS, counts):
                if k:
                    per_colour.append(_multisets(colour, self.faces[colour], k))
            out: list[tuple[tuple[str, ...], Fraction]] = [((), Fraction(1))]
            for options in per_colour:
                out = [(a + b, p * q) for a, p in out for b, q in options]
            found = self._outcomes[counts] = [(Action("dice", labels), p) for labels, p in out]
        return list(found)

    def sample_dice(self, state: AGState, task: Task) -> Action:
        """One roll of the dice, each die thrown on its own."""
        roll = state.roll
        assert roll is not None
        rng = state.rng.random()
        labels = []
        for i in task.data:
            colour = roll.dice[int(i)].colour
            labels.append(colour + rng.choice(self.faces[colour]))
        return Action("dice", tuple(sorted(labels, key=_die_key)))

    # -------------------------------------------------------------------------- apply
    def apply(self, state: AGState, action: Action) -> tuple[AGState, list[Event]]:
        task = state.task
        assert task is not None
        events: list[Event] = []
        rest = state.tasks[1:]
        handler = getattr(self, "_do_" + action.verb.replace("-", "_"))
        state = handler(state, task, action, rest, events)
        state = self.settle(state, events)
        return state, events

    @staticmethod
    def _roll(state: AGState) -> Roll:
        """The current roll (the caller knows one is on)."""
        roll = state.roll
        assert roll is not None, "no roll is on"
        return roll

    def _ev(self, events: list[Event], kind: str, text: str, rule: str, actor: int | str | None,
            automatic: bool = False, delta: tuple[tuple[str, int], ...] = ()) -> None:
        events.append(Event(kind, text, R(rule), actor, delta, automatic))

    def _who(self, state: AGState, seat: int) -> str:
        return state.seats[seat].name

    # setup ----------------------------------------------------------------------------
    def _do_mages(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        seats = tuple(replace(s, mage=int(m)) for s, m in zip(state.seats, action.args))
        dealt = ", ".join(f"{s.name} mage {s.mage}" for s in seats)
        self._ev(events, "setup.mages", f"Mage Cards dealt: {dealt}.", "ag.setup.mages", "chance")
        return replace(state, seats=seats, tasks=rest, rng=state.rng.advanced())

    def _do_deal(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        cards = action.args
        seats = tuple(
            replace(s, dealt=cards[HAND_SIZE * i: HAND_SIZE * (i + 1)])
            for i, s in enumerate(state.seats)
        )
        for s in seats:
            self._ev(events, "setup.deal",
                     f"{s.name} is dealt {', '.join(self.name(a) for a in s.dealt)}.",
                     "ag.setup.deal", "chance")
        return replace(state, seats=seats, tasks=rest, rng=state.rng.advanced())

    def _do_spells(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        ids = action.args
        seats = tuple(
            replace(s, spell_offer=ids[SPELL_OFFER * i: SPELL_OFFER * (i + 1)])
            for i, s in enumerate(state.seats)
        )
        for s in seats:
            self._ev(events, "setup.spells", f"{s.name} is dealt two Spell Cards.",
                     "ag.spell.deal", "chance")
        return replace(state, seats=seats, tasks=rest, rng=state.rng.advanced())

    def _do_keep(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        seat = state.seats[task.seat]
        animal = action.args[0]
        state = state.with_seat(task.seat, replace(seat, dealt=(animal,)))
        self._ev(events, "setup.keep", f"{seat.name} keeps one card as the starting card "
                 f"(face down).", "ag.setup.keep", task.seat)
        return replace(state, tasks=rest)

    def _do_keep_spell(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        seat = state.seats[task.seat]
        state = state.with_seat(task.seat, replace(seat, spell_offer=(), spells=action.args))
        self._ev(events, "setup.keep_spell", f"{seat.name} keeps one Spell Card (hidden) and "
                 "returns the other to the box.", "ag.spell.deal", task.seat)
        return replace(state, tasks=rest)

    def _do_deck(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        if task.kind == "ritual_shuffle":
            self._ev(events, "spell.reshuffle", "The old supply is shuffled into the deck.",
                     "ag.spell.reshuffle_ritual", "chance")
            return replace(state, deck=action.args, tasks=rest, rng=state.rng.advanced())
        self._ev(events, "setup.deck", f"The other {len(action.args)} cards are shuffled into "
                 "the deck.", "ag.setup.deck", "chance")
        return replace(state, deck=action.args, tasks=rest, rng=state.rng.advanced())

    def _do_supply(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        supply, deck = state.deck[:SUPPLY_SIZE], state.deck[SUPPLY_SIZE:]
        self._ev(events, "setup.supply", "The supply: " + ", ".join(self.name(a) for a in supply)
                 + ".", "ag.setup.supply", "rules", True)
        return replace(state, supply=supply, deck=deck, tasks=rest)

    def _do_stones_and_dice(self, state: AGState, task: Task, action: Action,
                            rest: tuple[Task, ...], events: list[Event]) -> AGState:
        self._ev(events, "setup.stones", "The Magic Stones and the six Magic Dice are put within "
                 "reach of everyone.", "ag.setup.stones_dice", "rules", True)
        return replace(state, tasks=rest)

    def _do_reveal(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        seats = []
        for s in state.seats:
            seats.append(replace(s, dealt=(), summoning=(Summoned(s.dealt[0]),)))
            self._ev(events, "setup.reveal", f"{s.name} reveals the {self.name(s.dealt[0])}.",
                     "ag.setup.reveal", "rules", True)
        start = min(range(state.players), key=lambda i: state.seats[i].mage)
        self._ev(events, "setup.start", f"{state.seats[start].name} has the lowest mage number "
                 f"({state.seats[start].mage}) and starts.", "ag.setup.start_player", "rules", True)
        return replace(state, seats=tuple(seats), active=start, turn=1,
                       tasks=self._turn_tasks(state, start) + rest)

    def _turn_tasks(self, state: AGState, seat_index: int) -> tuple[Task, ...]:
        if state.spells_variant:
            return (Task("open_window", CHANCE_SEAT, ("turn_start",)), Task("turn", seat_index))
        return (Task("turn", seat_index),)

    # turn -----------------------------------------------------------------------------
    def _do_take(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        animal = action.args[0]
        if task.kind == "ritual_select":
            state = self._recruit(state, task.seat, animal, "ag.spell.reshuffle_ritual", events)
            return replace(state, tasks=rest)
        state = self._recruit(state, task.seat, animal, "ag.take.card", events)
        return replace(state, passes=0, tasks=rest + (Task("end_turn", RULES_SEAT),))

    def _recruit(self, state: AGState, seat_index: int, animal: str, rule: str,
                 events: list[Event]) -> AGState:
        seat = state.seats[seat_index]
        supply = list(state.supply)
        supply.remove(animal)
        deck = state.deck
        self._ev(events, "card.take", f"{seat.name} selects the {self.name(animal)} from the "
                 "supply into the summoning area.", rule, seat_index)
        if deck:
            supply.append(deck[0])
            self._ev(events, "supply.refill", f"The {self.name(deck[0])} is turned face up to "
                     "refill the supply.", "ag.take.refill", "rules", True)
            deck = deck[1:]
        seat = replace(seat, summoning=seat.summoning + (Summoned(animal),))
        return replace(state.with_seat(seat_index, seat), supply=tuple(supply), deck=deck)

    def _do_pass(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        self._ev(events, "turn.pass", f"{self._who(state, task.seat)} can neither select a card "
                 "nor roll, and passes.", "ag.turn.pass", task.seat)
        return replace(state, passes=state.passes + 1,
                       tasks=rest + (Task("end_turn", RULES_SEAT),))

    def _do_roll(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        return self._start_roll(state, task.seat, roll_counts(action.args[0]), events, rest)

    def _start_roll(self, state: AGState, seat_index: int, counts: tuple[int, int, int],
                    events: list[Event], rest: tuple[Task, ...]) -> AGState:
        """Roll the chosen dice and queue the steps of a rolling turn."""
        g, o, b = counts
        dice = tuple(Die(c) for c, n in zip(DIE_COLOURS, counts) for _ in range(n))
        seat = state.seats[seat_index]
        self._ev(events, "dice.choose", f"{seat.name} rolls {len(dice)} dice: "
                 f"{_dice_words(g, o, b)}.", "ag.roll.dice_count", seat_index)
        window = state.spells_variant

        def opening(name: str) -> list[Task]:
            return [Task("open_window", CHANCE_SEAT, (name,))] if window else []

        tasks: list[Task] = [Task("dice", CHANCE_SEAT, tuple(str(i) for i in range(len(dice))))]
        tasks += opening("after_roll")
        if seat.mage == 5:
            tasks.append(Task("reroll", seat_index))
        tasks.append(Task("place", seat_index))
        if seat.mage == 2:
            tasks.append(Task("block", seat_index))
        tasks += opening("before_revive")
        tasks.append(Task("revival_check", seat_index))
        tasks += opening("before_offer")
        tasks += [Task("offer_unused", seat_index), Task("others_revive", seat_index),
                  Task("end_turn", RULES_SEAT)]
        return replace(state, roll=Roll(seat_index, dice), passes=0, tasks=tuple(tasks) + rest)

    def _do_cast(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        return spells.apply_cast(self, state, task, action, events)

    def _do_no_spell(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        return replace(state, tasks=rest)

    def _do_move(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        stone, source, target = action.args
        state = self._take_off(state, task.seat, stone, source)
        state = self._put(state, task.seat, stone, target)
        self._ev(events, "stone.move", f"{self._who(state, task.seat)} moves "
                 f"{_stone_word(stone)} from the {self.name(source)} to the {self.name(target)}.",
                 "ag.spell.back_in_the_saddle", task.seat)
        left = Task("rearrange", task.seat, (str(int(task.data[0]) - 1),))
        return replace(state, tasks=(left,) + rest)

    def _do_dice(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        roll = self._roll(state)
        dice = list(roll.dice)
        free = [int(i) for i in task.data]
        # dice of one colour are interchangeable: give each colour's faces in order
        by_colour: dict[str, list[str]] = {}
        for label in action.args:
            by_colour.setdefault(label[0], []).append(label[1])
        for i in free:
            dice[i] = Die(dice[i].colour, by_colour[dice[i].colour].pop(0))
        dice.sort(key=lambda d: _die_key(d.label))
        roll = replace(roll, dice=tuple(dice))
        shown = ", ".join(_stone_word(d.face, d.colour) for d in roll.dice)
        verb = "roll" if len(free) == len(dice) else "reroll"
        self._ev(events, "dice.roll", f"The {verb} shows: {shown}.", "ag.roll.colours", "chance")
        return replace(state, roll=roll, tasks=rest, rng=state.rng.advanced())

    def _do_reroll(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        roll = self._roll(state)
        wanted = list(action.args)
        idx = []
        for i, d in enumerate(roll.dice):
            if d.label in wanted:
                wanted.remove(d.label)
                idx.append(i)
        dice = tuple(Die(d.colour) if i in idx else d for i, d in enumerate(roll.dice))
        self._ev(events, "dice.reroll", f"{self._who(state, task.seat)} rerolls "
                 f"{len(idx)} dice with mage 5.", "ag.mage.5", task.seat)
        roll = replace(roll, dice=dice, rerolled=True)
        return replace(state, roll=roll,
                       tasks=(Task("dice", CHANCE_SEAT, tuple(map(str, idx))),) + rest)

    def _do_no_reroll(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        self._ev(events, "dice.keep", f"{self._who(state, task.seat)} keeps the roll.",
                 "ag.mage.5", task.seat)
        return replace(state, tasks=rest)

    def _use_die(self, state: AGState, task: Task, face: str, use: str) -> tuple[AGState, Task]:
        """Mark one die showing ``face`` as used (active) or taken (collecting seat)."""
        roll = self._roll(state)
        assert roll is not None
        if task.kind == "place":
            for i in roll.unused():
                if roll.dice[i].face == face:
                    dice = list(roll.dice)
                    dice[i] = replace(dice[i], use=use)
                    return replace(state, roll=replace(roll, dice=tuple(dice))), task
            raise AssertionError("no unused die shows " + face)
        data = list(task.data)
        for key in data:
            if roll.dice[int(key)].face == face:
                data.remove(key)
                return state, Task(task.kind, task.seat, tuple(data))
        raise AssertionError("no offered die shows " + face)

    def _put(self, state: AGState, seat_index: int, stone: str, animal: str) -> AGState:
        seat = state.seats[seat_index]
        cards = tuple(
            Summoned(c.animal, sort_stones(c.stones + stone)) if c.animal == animal else c
            for c in seat.summoning
        )
        return state.with_seat(seat_index, replace(seat, summoning=cards))

    def _take_off(self, state: AGState, seat_index: int, stone: str, animal: str) -> AGState:
        seat = state.seats[seat_index]
        cards = tuple(
            Summoned(c.animal, c.stones.replace(stone, "", 1)) if c.animal == animal else c
            for c in seat.summoning
        )
        return state.with_seat(seat_index, replace(seat, summoning=cards))

    def _do_place(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        stone, animal = action.args
        state, task = self._use_die(state, task, stone, "placed")
        state = self._put(state, task.seat, stone, animal)
        rule = "ag.roll.place" if task.kind == "place" else "ag.unused.others"
        self._ev(events, "stone.place", f"{self._who(state, task.seat)} places "
                 f"{_stone_word(stone)} on the {self.name(animal)}.", rule, task.seat)
        return replace(state, tasks=(task,) + rest)

    def _do_exchange(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        give, get = action.args[0].split(">")
        animal = action.args[1]
        for stone in give:
            state, task = self._use_die(state, task, stone, "exchanged")
        state = self._put(state, task.seat, get, animal)
        rule = "ag.mage.3" if give == "OO" else "ag.power.exchange"
        gave = "two orange-leaf stones" if give == "OO" else _stone_word(give)
        self._ev(events, "stone.exchange", f"{self._who(state, task.seat)} exchanges {gave} for "
                 f"{_stone_word(get)} and places it on the {self.name(animal)}.", rule, task.seat)
        return replace(state, tasks=(task,) + rest)

    def _do_bonus(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        stone, animal = action.args
        state = self._put(state, task.seat, stone, animal)
        state = replace(state, roll=replace(self._roll(state), bonus_used=True))
        self._ev(events, "stone.bonus", f"{self._who(state, task.seat)} rolled four or more "
                 f"different stones and takes {_stone_word(stone)} for the "
                 f"{self.name(animal)} (mage 1).", "ag.mage.1", task.seat)
        return replace(state, tasks=(task,) + rest)

    def _do_done(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        who = self._who(state, task.seat)
        if task.kind in ("ritual_select", "rearrange"):
            return replace(state, tasks=rest)
        if task.kind == "place":
            left = len(self._roll(state).unused())
            text = f"{who} has taken every stone that fits" + (
                f"; {left} {'die' if left == 1 else 'dice'} unused." if left else ".")
            self._ev(events, "stone.done", text, "ag.roll.no_storing", task.seat)
        else:
            self._ev(events, "stone.done", f"{who} takes no more unused stones.",
                     "ag.unused.others", task.seat)
        return replace(state, tasks=rest)

    def _do_block(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        label = action.args[0]
        roll = self._roll(state)
        for i in roll.unused():
            if roll.dice[i].label == label:
                dice = list(roll.dice)
                dice[i] = replace(dice[i], use="blocked")
                roll = replace(roll, dice=tuple(dice))
                break
        self._ev(events, "dice.block", f"{self._who(state, task.seat)} discards the die showing "
                 f"{_stone_word(label[1], label[0])}: nobody else may take it (mage 2).",
                 "ag.mage.2", task.seat)
        return replace(state, roll=roll, tasks=rest)

    def _do_no_block(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        self._ev(events, "dice.no_block", f"{self._who(state, task.seat)} discards no die.",
                 "ag.mage.2", task.seat)
        return replace(state, tasks=rest)

    def _do_revive(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        state = self._revive(state, task.seat, action.args[0], events, chosen=True)
        # the revival's triggered powers come before any further revival choice
        batch = state.tasks
        return replace(state, tasks=batch + rest)

    def _revive(self, state: AGState, seat_index: int, animal: str, events: list[Event],
                chosen: bool) -> AGState:
        """Move a completed card to the companion area and trigger activation powers.

        Returns the state whose ``tasks`` holds only the triggered batch (the caller
        appends the rest).
        """
        seat = state.seats[seat_index]
        cards = tuple(c for c in seat.summoning if c.animal != animal)
        awakened = "" if seat.awakened == animal else seat.awakened
        seat = replace(seat, summoning=cards, companions=seat.companions + (animal,),
                       awakened=awakened)
        state = state.with_seat(seat_index, seat)
        a = self.animals[animal]
        self._ev(events, "animal.revive", f"{seat.name} revives the {a.name}: it moves to the "
                 f"companion area ({a.power.describe()}).",
                 "ag.revive.order" if chosen else "ag.revive.complete", seat_index,
                 automatic=not chosen, delta=((f"{seat.name}.companions", 1),))
        batch = tuple(x for x in seat.companions if self.animals[x].power.kind in _ACTIVATION)
        tasks: tuple[Task, ...] = ()
        if batch:
            tasks = (Task("activate", seat_index, batch),)
        return replace(state, tasks=tasks)

    def _do_use(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        animal, kind, *args = action.args
        left = list(task.data)
        left.remove(animal)
        after = (Task("activate", task.seat, tuple(left)),) if left else ()
        who = self._who(state, task.seat)
        name = self.name(animal)
        front: tuple[Task, ...] = ()
        if kind == "steal":
            stone, victim_card, mine = args
            v = state.owner_of(victim_card)
            assert v is not None
            state = self._take_off(state, v, stone, victim_card)
            state = self._put(state, task.seat, stone, mine)
            self._ev(events, "power.steal", f"{who}'s {name} steals {_stone_word(stone)} from "
                     f"{self._who(state, v)}'s {self.name(victim_card)} and places it on the "
                     f"{self.name(mine)}.", "ag.power.steal", task.seat)
            front = (Task("revival_check", task.seat),)
        elif kind == "raid":
            victims = [Task("raid_remove", v) for v, vs in self._victims(state, task.seat)
                       if any(c.stones for c in vs.summoning)]
            self._ev(events, "power.raid", f"{who}'s {name} attacks: every other player must "
                     "remove one stone from an uncompleted card.", "ag.power.raid", task.seat)
            front = tuple(victims)
        elif kind == "gift":
            stone, mine = args
            state = self._put(state, task.seat, stone, mine)
            self._ev(events, "power.gift", f"{who}'s {name} brings {_stone_word(stone)} from the "
                     f"supply for the {self.name(mine)}.", "ag.power.gift_stone", task.seat)
            front = (Task("revival_check", task.seat),)
        elif kind == "recruit":
            state = self._recruit(state, task.seat, args[0], "ag.power.recruit", events)
        return replace(state, tasks=front + after + rest)

    def _do_skip(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        animal = action.args[0]
        left = [a for a in task.data if a != animal]
        self._ev(events, "power.skip", f"{self._who(state, task.seat)} does not use the "
                 f"{self.name(animal)}'s power.", "ag.faq.optional", task.seat)
        after = (Task("activate", task.seat, tuple(left)),) if left else ()
        return replace(state, tasks=after + rest)

    def _do_remove(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        stone, animal = action.args
        state = self._take_off(state, task.seat, stone, animal)
        self._ev(events, "power.raid_remove", f"{self._who(state, task.seat)} returns "
                 f"{_stone_word(stone)} from the {self.name(animal)} to the supply.",
                 "ag.power.raid", task.seat)
        return replace(state, tasks=rest)

    def _do_end_turn(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        reasons = [(i, self.ends_game(s)) for i, s in enumerate(state.seats)]
        enders = [(i, why) for i, why in reasons if why]
        if enders:
            i, why = enders[0]
            rule = "ag.end.five" if why == "five" else "ag.end.elephant"
            count = len(state.seats[i].companions)
            self._ev(events, "game.end", f"{state.seats[i].name} has {count} companions: the turn "
                     "is over and the game ends.", rule, "rules", True)
            return replace(state, roll=None, tasks=self._final_tasks(state), ended_by=why)
        if state.passes >= state.players:
            self._ev(events, "game.end", "Every player passed in a row: nobody can act any more, "
                     "so the game ends.", "ag.turn.stalemate", "rules", True)
            return replace(state, roll=None, tasks=self._final_tasks(state),
                           ended_by="stalemate")
        nxt = (state.active + 1) % state.players
        self._ev(events, "turn.next", f"{state.seats[state.active].name}'s turn ends; "
                 f"{state.seats[nxt].name} is the active player.", "ag.turn.next", "rules", True)
        return replace(state, roll=None, active=nxt, turn=state.turn + 1,
                       tasks=self._turn_tasks(state, nxt) + rest)

    def _final_tasks(self, state: AGState) -> tuple[Task, ...]:
        score = (Task("score", RULES_SEAT),)
        if state.spells_variant:
            return (Task("open_window", CHANCE_SEAT, ("final",)),) + score
        return score

    def _do_score(self, state: AGState, task: Task, action: Action, rest: tuple[Task, ...],
               events: list[Event]) -> AGState:
        from gaia_lab.games.animals_gathering.scoring import score_breakdown, winners

        breakdown = score_breakdown(self, state)
        totals = breakdown.totals
        for i, s in enumerate(state.seats):
            self._ev(events, "score.total", f"{s.name} scores {totals[i]} points.",
                     "ag.score.points", "rules", True, ((f"{s.name}.score", totals[i]),))
        won = winners(self, state)
        names = " and ".join(state.seats[i].name for i in won)
        self._ev(events, "game.winner", f"{names} {'win' if len(won) > 1 else 'wins'}.",
                 "ag.score.tiebreak", "rules", True)
        return replace(state, tasks=(), over=True)

    # ------------------------------------------------------------------------ settle
    def settle(self, state: AGState, events: list[Event]) -> AGState:
        """Resolve the steps that need no decision, until one is pending."""
        while state.tasks:
            task = state.tasks[0]
            rest = state.tasks[1:]
            kind = task.kind
            if kind == "revival_check":
                seat = state.seats[task.seat]
                done = [c.animal for c in seat.summoning if self.is_complete(c)]
                if not done:
                    state = replace(state, tasks=rest)
                elif len(done) == 1:
                    revived = self._revive(state, task.seat, done[0], events, chosen=False)
                    state = replace(revived, tasks=revived.tasks + state.tasks)
                else:
                    state = replace(state, tasks=(Task("revive", task.seat),) + state.tasks)
                    return state
            elif kind == "open_window":
                state = spells.open_window(self, state, task.data[0], rest)
            elif kind == "offer_unused":
                state = self._offer_unused(state, task, rest, events)
            elif kind == "others_revive":
                n = state.players
                checks = tuple(Task("revival_check", (task.seat + k) % n) for k in range(1, n))
                state = replace(state, tasks=checks + rest)
            elif kind == "block" and not self._roll(state).unused():
                state = replace(state, tasks=rest)
            elif kind == "collect" and not self._can_collect(state, task):
                if task.data:
                    offered = len(self._roll(state).unused())
                    text = ("has no space for the unused stones and takes none"
                            if len(task.data) == offered
                            else "has no space for the other unused stones")
                    self._ev(events, "stone.none", f"{self._who(state, task.seat)} {text}.",
                             "ag.roll.no_storing", task.seat, automatic=True)
                state = replace(state, tasks=rest)
            elif kind == "activate":
                usable = tuple(a for a in task.data
                               if next(self._power_uses(state, task.seat, a), None) is not None)
                dropped = [a for a in dict.fromkeys(task.data) if a not in usable]
                for a in dropped:
                    self._ev(events, "power.unusable", f"The {self.name(a)}'s power has no use "
                             "now.", "ag.power.activation", task.seat, automatic=True)
                if not usable:
                    state = replace(state, tasks=rest)
                else:
                    if dropped:
                        state = replace(state, tasks=(Task("activate", task.seat, usable),) + rest)
                    return state
            elif kind == "raid_remove" and not any(
                    c.stones for c in state.seats[task.seat].summoning):
                state = replace(state, tasks=rest)
            else:
                return state
        return state

    def _can_collect(self, state: AGState, task: Task) -> bool:
        return any(a.verb != "done" for a in self._legal_collect(state, task))

    def _offer_unused(self, state: AGState, task: Task, rest: tuple[Task, ...],
                      events: list[Event]) -> AGState:
        roll = self._roll(state)
        assert roll is not None
        unused = roll.unused()
        blocked = [d for d in roll.dice if d.use == "blocked"]
        if not unused:
            if not blocked:
                return replace(state, tasks=rest)
            return replace(state, tasks=rest)
        shown = ", ".join(_stone_word(roll.dice[i].face, roll.dice[i].colour) for i in unused)
        if roll.burst_by >= 0:
            who = state.seats[roll.burst_by].name
            if roll.burst_by == task.seat:
                offer = "Bubble-Burster: nobody else may take them."
            else:
                offer = f"Bubble-Burster: only {who} may take them."
            self._ev(events, "stone.offer", f"Unused: {shown}. {offer}",
                     "ag.spell.bubble_burster", "rules", True)
        else:
            self._ev(events, "stone.offer", f"Unused: {shown}. The other players may take them.",
                     "ag.unused.others", "rules", True)
        n = state.players
        offers = []
        for k in range(1, n):
            v = (task.seat + k) % n
            if roll.burst_by >= 0 and v != roll.burst_by:
                continue
            offers.append(Task("collect", v, tuple(str(i) for i in unused)))
        return replace(state, tasks=tuple(offers) + rest)

    # ----------------------------------------------------------------------- diagnose
    def diagnose(self, state: AGState, action: Action) -> Verdict:
        """Why ``action`` (not among the legal actions) cannot be played now."""
        task = state.task
        if task is None:
            return Verdict.illegal("game.over", "The game is over; no action can be played.",
                                   R("ag.score.tiebreak"))
        rule = R(TASK_RULE[task.kind])
        who = state.seats[task.seat].name if task.seat >= 0 else task.seat
        what = TASK_WHAT[task.kind].format(name=who)
        if action.verb == "cast" and task.seat >= 0 and task.kind not in SETUP_TASKS:
            return spells.why_cast(self, state, task, action)
        if action.verb not in TASK_VERBS.get(task.kind, frozenset()):
            allowed = ", ".join(sorted(TASK_VERBS.get(task.kind, ())))
            return Verdict.illegal("phase.wrong", f"Now {what}; {action.verb!r} does not fit "
                                   f"here (expected: {allowed}).", rule, pending=task.kind)
        method = getattr(self, "_why_" + action.verb.replace("-", "_"), None)
        if method is not None:
            verdict: Verdict | None = method(state, task, action)
            if verdict is not None:
                return verdict
        return Verdict.illegal("action.unavailable", f"{action} is not one of the choices now: "
                               f"{what}.", rule, pending=task.kind)

    def _why_card(self, animal: str) -> Verdict | None:
        if animal not in self.animals:
            return Verdict.illegal("card.unknown", f"There is no animal card {animal!r}.",
                                   R("ag.components"))
        return None

    def _why_take(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        animal = action.args[0]
        bad = self._why_card(animal)
        if bad is not None:
            return bad
        if animal not in state.supply:
            where = self._where(state, animal)
            return Verdict.illegal("take.not_in_supply", f"The {self.name(animal)} is not in the "
                                   f"supply ({where}); the supply holds "
                                   f"{', '.join(self.name(a) for a in state.supply) or 'nothing'}.",
                                   R("ag.take.card"), card=animal)
        return None

    def _where(self, state: AGState, animal: str) -> str:
        for s in state.seats:
            if animal in s.companions:
                return f"{s.name} has revived it"
            if s.card(animal):
                return f"it is in {s.name}'s summoning area"
        if animal in state.deck:
            return "it is still in the deck"
        return "it is not in play"

    def _why_roll(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        g, o, b = roll_counts(action.args[0])
        n = g + o + b
        seat = state.seats[task.seat]
        allowed = self.dice_allowed(state, task.seat)
        unc = len(seat.summoning)
        if not allowed:
            return Verdict.illegal("roll.no_dice", f"{seat.name} has {_cards(unc)}: "
                                   f"6 - {unc} leaves no die to roll.", R("ag.roll.dice_count"))
        if n not in allowed:
            base = max(0, MAX_DICE - unc)
            if n < max(allowed) and n < base:
                return Verdict.illegal("roll.too_few_dice", f"{seat.name} must roll {base} dice "
                                       f"(6 - {_cards(unc)}), not {n}.",
                                       R("ag.faq.max_dice"), allowed=allowed)
            extra = " (mage 4 allows two extra, six at most)" if seat.mage == 4 else ""
            return Verdict.illegal("roll.too_many_dice", f"{seat.name} may roll "
                                   f"{' or '.join(map(str, allowed))} dice: 6 - {_cards(unc)}"
                                   f"{extra}; not {n}.", R("ag.roll.dice_count"),
                                   allowed=allowed)
        return None

    def _why_place(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        stone, animal = action.args
        if stone not in STONES:
            return Verdict.illegal("stone.unknown", f"{stone!r} is not a stone code "
                                   f"({', '.join(STONES)}).", R("ag.components"))
        bad = self._why_card(animal)
        if bad is not None:
            return bad
        roll = state.roll
        assert roll is not None
        faces = [roll.dice[i].face for i in roll.unused()] if task.kind == "place" else \
            [roll.dice[int(i)].face for i in task.data]
        seat = state.seats[task.seat]
        if stone not in faces:
            return Verdict.illegal("place.not_rolled", f"No {'unused ' if faces else ''}die "
                                   f"shows {_stone_word(stone)}; available: "
                                   f"{', '.join(_stone_word(f) for f in faces) or 'none'}.",
                                   R("ag.roll.place"))
        return self._why_fit(seat, stone, animal, R("ag.roll.no_storing"))

    def _why_fit(self, seat: Seat, stone: str, animal: str, rule: RuleRef) -> Verdict | None:
        card = seat.card(animal)
        if card is None:
            return Verdict.illegal("card.not_summoning", f"The {self.name(animal)} is not in "
                                   f"{seat.name}'s summoning area.", rule, card=animal)
        if self.capacity(card, stone) <= 0:
            need = self.need[animal].get(stone, 0)
            fits = self.open_cards(seat, stone)
            hint = (f" It fits the {', '.join(self.name(a) for a in fits)}." if fits
                    else " It fits none of your cards, so it cannot be taken.")
            return Verdict.illegal("place.no_space", f"The {self.name(animal)} has "
                                   f"{'no space' if not need else 'no unfilled space'} for "
                                   f"{_stone_word(stone)} ({need} in its outline, "
                                   f"{card.stones.count(stone)} placed).{hint}", rule,
                                   card=animal, stone=stone)
        return None

    def _why_done(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        if task.kind == "place":
            roll = state.roll
            assert roll is not None
            seat = state.seats[task.seat]
            fit = [roll.dice[i].face for i in roll.unused()
                   if self.can_place(seat, roll.dice[i].face)]
            return Verdict.illegal("place.must_take", f"{seat.name} must first take every rolled "
                                   f"stone that fits: {', '.join(_stone_word(f) for f in fit)}.",
                                   R("ag.roll.place"), stones=fit)
        return None

    def _why_exchange(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        give, _, get = action.args[0].partition(">")
        seat = state.seats[task.seat]
        if give == "OO":
            if seat.mage != 3:
                return Verdict.illegal("exchange.not_mage3", f"Only mage 3 may exchange two "
                                       f"orange-leaf stones; {seat.name} has mage {seat.mage}.",
                                       R("ag.mage.3"))
        elif give not in self.exchange_stones(seat):
            return Verdict.illegal("exchange.no_power", f"{seat.name} has no revived animal whose "
                                   f"permanent power exchanges {_stone_word(give)}.",
                                   R("ag.power.exchange"))
        roll = state.roll
        assert roll is not None
        faces = [roll.dice[i].face for i in roll.unused()] if task.kind == "place" else \
            [roll.dice[int(i)].face for i in task.data]
        if any(faces.count(s) < give.count(s) for s in set(give)):
            what = "pair of orange-leaf stones" if give == "OO" else _stone_word(give)
            return Verdict.illegal("exchange.not_rolled", f"The roll has no unused {what} "
                                   "to exchange.", R("ag.roll.place"))
        if get == give:
            return Verdict.illegal("exchange.same", "Exchanging a stone for the same stone changes "
                                   "nothing.", R("ag.power.exchange"))
        return self._why_fit(seat, get, action.args[1], R("ag.roll.no_storing"))

    def _why_bonus(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        seat = state.seats[task.seat]
        roll = state.roll
        assert roll is not None
        if seat.mage != 1:
            return Verdict.illegal("bonus.not_mage1", f"Only mage 1 takes an extra stone; "
                                   f"{seat.name} has mage {seat.mage}.", R("ag.mage.1"))
        kinds = len(set(roll.faces()))
        if kinds < 4:
            return Verdict.illegal("bonus.too_few_kinds", f"The roll shows {kinds} different "
                                   "stones; mage 1 needs four or more.", R("ag.mage.1"))
        if roll.bonus_used:
            return Verdict.illegal("bonus.used", "The extra stone was already taken this roll.",
                                   R("ag.mage.1"))
        return self._why_fit(seat, action.args[0], action.args[1], R("ag.roll.no_storing"))

    def _why_block(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        roll = state.roll
        assert roll is not None
        labels = [roll.dice[i].label for i in roll.unused()]
        return Verdict.illegal("block.not_unused", f"No unused die shows {action.args[0]}; "
                               f"unused dice: {', '.join(labels) or 'none'}.", R("ag.mage.2"))

    def _why_revive(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        seat = state.seats[task.seat]
        card = seat.card(action.args[0])
        if card is None:
            return Verdict.illegal("card.not_summoning", f"The {self.name(action.args[0])} is not "
                                   f"in {seat.name}'s summoning area.", R("ag.revive.complete"))
        missing = self.size[card.animal] - len(card.stones)
        return Verdict.illegal("revive.incomplete", f"The {self.name(card.animal)} still has "
                               f"{missing} unfilled space(s).", R("ag.revive.complete"))

    def _why_use(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        animal = action.args[0]
        if animal not in task.data:
            return Verdict.illegal("power.not_triggered", f"The {self.name(animal)}'s activation "
                                   "power is not waiting to be resolved.",
                                   R("ag.power.activation"))
        power = self.animals[animal].power
        kind = action.args[1]
        expected = {"steal": "steal", "raid": "raid", "gift_stone": "gift",
                    "recruit": "recruit"}[power.kind]
        if kind != expected:
            return Verdict.illegal("power.wrong_kind", f"The {self.name(animal)}'s power is "
                                   f"{expected!r}, not {kind!r}.", R("ag.power.activation"))
        args = action.args[2:]
        seat = state.seats[task.seat]
        if kind == "steal" and len(args) == 3:
            stone, victim_card, mine = args
            v = state.owner_of(victim_card)
            if v is None or v == task.seat:
                return Verdict.illegal("steal.no_target", f"The {self.name(victim_card)} is not "
                                       "an uncompleted card of another player.",
                                       R("ag.power.steal"))
            if self.is_immune(state.seats[v]):
                return Verdict.illegal("steal.immune", f"{state.seats[v].name} cannot be "
                                       "targeted by attacks (permanent immunity).",
                                       R("ag.power.immunity"))
            card = state.seats[v].card(victim_card)
            if card is None or stone not in card.stones:
                return Verdict.illegal("steal.no_stone", f"The {self.name(victim_card)} carries "
                                       f"no {_stone_word(stone)}.", R("ag.power.steal"))
            return self._why_fit(seat, stone, mine, R("ag.power.steal"))
        if kind == "gift" and len(args) == 2:
            if args[0] not in power.stones:
                return Verdict.illegal("gift.wrong_stone", f"The {self.name(animal)} brings only "
                                       f"{', '.join(_stone_word(s) for s in power.stones)}.",
                                       R("ag.power.gift_stone"))
            return self._why_fit(seat, args[0], args[1], R("ag.power.gift_stone"))
        if kind == "recruit" and len(args) == 1:
            return self._why_take(state, task, Action("take", args))
        return None

    def _why_remove(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        seat = state.seats[task.seat]
        stone, animal = action.args
        card = seat.card(animal)
        if card is None or stone not in card.stones:
            return Verdict.illegal("remove.no_stone", f"{seat.name}'s {self.name(animal)} is not "
                                   f"an uncompleted card carrying {_stone_word(stone)}.",
                                   R("ag.power.raid"))
        return None

    def _why_keep(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        seat = state.seats[task.seat]
        return Verdict.illegal("keep.not_dealt", f"{seat.name} was dealt "
                               f"{', '.join(self.name(a) for a in seat.dealt)}; "
                               f"the {self.name(action.args[0])} is not among them.",
                               R("ag.setup.keep"))


_ACTIVATION = frozenset({"steal", "raid", "gift_stone", "recruit"})
_COLOUR_WORD = {"g": "green", "o": "orange", "b": "blue"}
_STONE_WORD = {"R": "a red triangle", "O": "an orange leaf", "Y": "a yellow sun",
               "G": "a green square", "B": "a blue drop", "P": "a purple arc",
               "W": "a white star"}


def _stone_word(stone: str, colour: str = "") -> str:
    word = _STONE_WORD.get(stone, stone)
    return f"{word} ({_COLOUR_WORD[colour]} die)" if colour else word


def _cards(n: int) -> str:
    return f"{n} uncompleted card{'' if n == 1 else 's'}"


def _dice_words(g: int, o: int, b: int) -> str:
    parts = [f"{n} {w}" for n, w in zip((g, o, b), ("green", "orange", "blue")) if n]
    return ", ".join(parts)


def _die_key(label: str) -> tuple[int, int]:
    return DIE_COLOURS.index(label[0]), STONE_ORDER.index(label[1])


def _distinct(stones: str) -> list[str]:
    return [s for s in STONE_ORDER if s in stones]


def _multisets(colour: str, faces: str, k: int) -> list[tuple[tuple[str, ...], Fraction]]:
    """Each multiset of ``k`` throws of one die colour, with its exact probability."""
    counts = Counter(faces)
    kinds = [s for s in STONE_ORDER if s in counts]
    total = len(faces)
    out: list[tuple[tuple[str, ...], Fraction]] = []

    def rec(i: int, left: int, chosen: list[int]) -> None:
        if i == len(kinds) - 1:
            chosen = chosen + [left]
            p = Fraction(factorial(k))
            for kind, n in zip(kinds, chosen):
                p *= Fraction(counts[kind], total) ** n / factorial(n)
            labels = tuple(colour + kind for kind, n in zip(kinds, chosen) for _ in range(n))
            out.append((labels, p))
            return
        for n in range(left, -1, -1):
            rec(i + 1, left - n, chosen + [n])

    rec(0, k, [])
    return out
