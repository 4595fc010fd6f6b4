"""The rules of Animals Gathering: legal actions, explanations and their effects.

The pending steps of a turn are a queue of :class:`~.state.Task` s.  The head task
says who acts and on what; applying an action resolves it, may push new tasks to the
front (a revival triggers powers, a raid asks each victim) and then the engine
settles the steps that need no decision (revival checks, offering unused stones).

``explain`` and ``legal_actions`` share one source of truth: an action is legal
exactly when it is listed; for anything else :func:`diagnose` finds the reason.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations, product
from math import factorial
from operator import attrgetter
from typing import Annotated, Any, Final, Literal

from gaia_lab.core.codec import OneOf, Size
from gaia_lab.core.events import UNREAD, Event
from gaia_lab.core.flow import Flow, Task, TaskKind
from gaia_lab.core.rng import below
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.values import evolve as replace
from gaia_lab.core.values import evolver
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.animals_gathering import spells
from gaia_lab.games.animals_gathering.actions import Action, roll_counts, roll_token
from gaia_lab.games.animals_gathering.components import Animal, Components
from gaia_lab.games.animals_gathering.rulebook import RULES
from gaia_lab.games.animals_gathering.state import (
    DICE_PER_COLOUR,
    DIE_COLOURS,
    MAX_DICE,
    STONE_ORDER,
    AGState,
    Die,
    Roll,
    Seat,
    Summoned,
    sort_stones,
)

STONES = STONE_ORDER
HAND_SIZE = 3
SUPPLY_SIZE = 5
SPELL_OFFER = 2
END_COMPANIONS = 5

def _kind(name: str, rule: str, what: str, verbs: str = "",
          actor: Literal["player", "chance", "rules"] = "player",
          phase: str = "turn", data: Any = tuple[()]) -> TaskKind:
    return TaskKind(name, rule, what, frozenset(verbs.split()), actor, phase, data=data)


DieIndex = Annotated[str, OneOf(tuple(str(i) for i in range(MAX_DICE)))]
"""A die of the roll, by its place in :attr:`~.state.Roll.dice` (as a word)."""
Dice = Annotated[tuple[DieIndex, ...], Size(0, MAX_DICE)]
"""Dice of the roll: those to throw (``dice``), those offered (``collect``)."""
Window = Annotated[str, OneOf(tuple(spells.WINDOWS))]
"""A moment at which spells may be cast."""
MovesLeft = Annotated[str, OneOf(tuple(str(i) for i in range(1000)))]
"""The stones Back in the Saddle may still move (as a word)."""
Companions = Annotated[tuple[Annotated[str, Size(1, 60)], ...], Size(1, None)]
"""The companions whose triggered powers wait (their cards, by id)."""


FLOW: Flow[Action] = Flow([
    _kind("deal_mages", "ag.setup.mages", "the Mage Cards are dealt", "mages", "chance",
          "setup"),
    _kind("deal_cards", "ag.setup.deal", "three Animal Index Cards are dealt to each player",
          "deal", "chance", "setup"),
    _kind("deal_spells", "ag.spell.deal", "two Spell Cards are dealt to each player", "spells",
          "chance", "setup"),
    _kind("keep", "ag.setup.keep", "{name} keeps one of the three dealt cards", "keep",
          phase="setup"),
    _kind("keep_spell", "ag.spell.deal", "{name} keeps one of the two dealt spells",
          "keep-spell", phase="setup"),
    _kind("form_deck", "ag.setup.deck", "the deck is shuffled", "deck", "chance", "setup"),
    _kind("supply", "ag.setup.supply", "the supply is turned face up", "supply", "rules",
          "setup"),
    _kind("stones_dice", "ag.setup.stones_dice", "stones and dice are put within reach",
          "stones-and-dice", "rules", "setup"),
    _kind("reveal", "ag.setup.reveal", "starting cards are revealed", "reveal", "rules",
          "setup"),
    _kind("turn", "ag.turn.choose", "{name} chooses the turn's action", "take roll pass"),
    _kind("dice", "ag.roll.colours", "the dice are rolled", "dice", "chance", data=Dice),
    _kind("reroll", "ag.mage.5", "{name} may reroll (mage 5)", "reroll no-reroll"),
    _kind("place", "ag.roll.place", "{name} places the rolled stones",
          "place exchange bonus done"),
    _kind("block", "ag.mage.2", "{name} may discard a die (mage 2)", "block no-block"),
    _kind("revive", "ag.revive.order", "{name} chooses which completed card to revive first",
          "revive"),
    _kind("activate", "ag.power.activation", "{name} resolves triggered activation powers",
          "use skip", data=Companions),
    _kind("raid_remove", "ag.power.raid", "{name} removes a stone (raid)", "remove"),
    _kind("collect", "ag.unused.others", "{name} may take the unused stones",
          "place exchange done", data=Dice),
    _kind("end_turn", "ag.turn.next", "the turn ends", "end-turn", "rules"),
    _kind("score", "ag.score.points", "the game is scored", "score", "rules", "end"),
    _kind("window", "ag.spell.use", "{name} may cast a spell", "cast no-spell",
          data=tuple[Window]),
    _kind("ritual_shuffle", "ag.spell.reshuffle_ritual",
          "the old supply is shuffled into the deck", "deck", "chance"),
    _kind("ritual_select", "ag.spell.reshuffle_ritual",
          "{name} may select a card from the new supply", "take done"),
    _kind("rearrange", "ag.spell.back_in_the_saddle",
          "{name} may rearrange stones on uncompleted cards", "move done",
          data=tuple[MovesLeft]),
    # steps the rules settle by themselves
    _kind("revival_check", "ag.revive.complete", "{name}'s completed cards are revived"),
    _kind("open_window", "ag.spell.use", "the players may cast a spell ({0})", actor="rules",
          data=tuple[Window]),
    _kind("offer_unused", "ag.unused.others", "the unused stones of {name}'s roll are offered"),
    _kind("others_revive", "ag.unused.revive",
          "the other players revive the cards completed with {name}'s stones"),
], verb=attrgetter("verb"))
"""Every kind of pending step of Animals Gathering, with its rule, what it waits for and
the verbs that resolve it; the rules register their listers, resolvers and settlers."""


_with_tasks: Final = evolver(AGState, "tasks")
"""``replace(state, tasks=...)``, the copy nearly every step makes, as a function."""
_with_summoning: Final = evolver(Seat, "summoning")
_with_dice: Final = evolver(Roll, "dice")
_with_data: Final = evolver(Task, "data")
_with_roll_seats_tasks: Final = evolver(AGState, "roll", "seats", "tasks")
"""The copy a stone placed makes."""
_with_next_turn: Final = evolver(AGState, "roll", "active", "turn", "tasks")
"""The copy the end of a turn makes."""
_with_throw: Final = evolver(AGState, "roll", "tasks", "rng")
"""The copy a throw of the dice makes."""
_with_new_roll: Final = evolver(AGState, "roll", "passes", "tasks")
"""The copy a roll chosen makes."""
_with_recruit: Final = evolver(AGState, "seats", "supply", "deck", "passes", "tasks")
"""The copy a card taken from the supply makes."""
_with_passes: Final = evolver(AGState, "passes", "tasks")
"""The copy a turn passed makes."""


def R(rule_id: str) -> RuleRef:
    return RULES[rule_id]


@lru_cache(maxsize=8)
def _roll_tokens(n: int) -> tuple[str, ...]:
    """The roll tokens of ``n`` dice (see :meth:`Rules.roll_options`)."""
    out = []
    for g in range(DICE_PER_COLOUR, -1, -1):
        for o in range(DICE_PER_COLOUR, -1, -1):
            b = n - g - o
            if 0 <= b <= DICE_PER_COLOUR:
                out.append(roll_token((g, o, b)))
    return tuple(out)


@lru_cache(maxsize=8)
def _mage_deals(players: int) -> tuple[Action, ...]:
    """Every deal of the Mage Cards to ``players`` seats, in seat order (immutable values,
    shared by every listing)."""
    return tuple(Action("mages", tuple(map(str, combo)))
                 for combo in permutations(range(1, 6), players))


@lru_cache(maxsize=8)
def _roll_actions(n: int) -> tuple[Action, ...]:
    """The roll actions of ``n`` dice (immutable values, shared by every listing)."""
    return tuple(Action("roll", (token,)) for token in _roll_tokens(n))


class Rules:
    """The rules over one component set."""

    def __init__(self, components: Components) -> None:
        self.components = components
        self.animals: dict[str, Animal] = {a.id: a for a in components.animals}
        self.need: dict[str, dict[str, int]] = {
            a.id: dict(Counter(a.outline)) for a in components.animals
        }
        self.size: dict[str, int] = {a.id: len(a.outline) for a in components.animals}
        self.room: dict[str, dict[str, str]] = {
            a.id: _rooms(a.outline) for a in components.animals}
        """For each animal, the stones its card still has an unfilled space for (in
        canonical order), by the stones placed on it (each way of filling part of its
        outline, in canonical order): the table behind :meth:`open_cards`."""
        self.filled: dict[str, dict[str, dict[str, Summoned]]] = {
            a.id: {stones: {stone: Summoned(a.id, sort_stones(stones + stone))
                            for stone in room}
                   for stones, room in self.room[a.id].items()}
            for a in components.animals}
        """For each animal and each way of filling part of its outline, the card with one
        stone more, by that stone (each one it has an unfilled space for): the cards
        :meth:`placed` puts down (immutable values, made once)."""
        self.faces: dict[str, str] = {d.code: "".join(d.faces) for d in components.dice}
        self.spell_ids: tuple[str, ...] = tuple(sp.id for sp in components.spells)
        self.die_faces: tuple[str, ...] = tuple(self.faces.get(c, "") for c in DIE_COLOURS)
        """The faces of each die colour, in the order of DIE_COLOURS."""
        self.exchange_stone: dict[str, str] = {
            a.id: a.power.stone or "" for a in components.animals if a.power.kind == "exchange"}
        """The stone each animal with an exchange power exchanges ("" for none)."""
        self.early_end: dict[str, int] = {
            a.id: a.power.companions for a in components.animals if a.power.kind == "early_end"}
        """The companions each animal with an early-end power ends the game at."""
        self.immune: frozenset[str] = frozenset(
            a.id for a in components.animals if a.power.kind == "immunity")
        """The animals whose permanent power makes their owner immune to attacks."""
        self.fewest_to_end: int = min(END_COMPANIONS, *self.early_end.values())
        """The fewest companions that can end the game (see :meth:`ends_game`)."""
        self.take_action: dict[str, Action] = {a: Action("take", (a,)) for a in self.animals}
        """``take <card>`` for every card (immutable values, shared by every listing)."""
        self.place_action: dict[str, dict[str, Action]] = {
            stone: {a: Action("place", (stone, a)) for a in self.animals} for stone in STONES}
        """``place <stone> <card>`` for every stone and card, by stone then card."""

    # ------------------------------------------------------------------ names & helpers
    def name(self, animal: str) -> str:
        a = self.animals.get(animal)
        return a.name if a else animal

    def capacity(self, card: Summoned, stone: str) -> int:
        """Unfilled spaces for ``stone`` on a card."""
        return self.need[card.animal].get(stone, 0) - card.stones.count(stone)

    def is_complete(self, card: Summoned) -> bool:
        return len(card.stones) == self.size[card.animal]

    def open_stones(self, card: Summoned) -> str:
        """The stones a card has an unfilled space for, in canonical order.

        >>> from gaia_lab.games.animals_gathering.game import AnimalsGathering
        >>> AnimalsGathering().rules.open_stones(Summoned("elephant", "RYGG"))
        'ROYG'
        """
        return self.room[card.animal][card.stones]

    def open_cards(self, seat: Seat, stone: str) -> list[str]:
        """Cards of a seat with an unfilled space for ``stone``, in area order."""
        room = self.room  # open_stones, written out: a hot path
        return [c.animal for c in seat.summoning if stone in room[c.animal][c.stones]]

    def open_by_stone(self, seat: Seat) -> dict[str, list[str]]:
        """:meth:`open_cards` for every stone at once: the cards of a seat with an
        unfilled space for each stone, in area order (a stone no card has room for is
        left out).

        >>> from gaia_lab.games.animals_gathering.game import AnimalsGathering
        >>> seat = Seat("Ann", summoning=(Summoned("elephant", "RYGG"), Summoned("owl")))
        >>> AnimalsGathering().rules.open_by_stone(seat)
        {'R': ['elephant', 'owl'], 'O': ['elephant', 'owl'], 'Y': ['elephant', 'owl'], \
'G': ['elephant'], 'P': ['owl'], 'W': ['owl']}
        """
        room = self.room
        out: dict[str, list[str]] = {}
        for c in seat.summoning:
            for stone in room[c.animal][c.stones]:
                if stone in out:
                    out[stone].append(c.animal)
                else:
                    out[stone] = [c.animal]
        return {stone: out[stone] for stone in STONES if stone in out}

    def can_place(self, seat: Seat, stone: str) -> bool:
        """Whether a card of the seat has an unfilled space for ``stone``."""
        room = self.room
        for c in seat.summoning:
            if stone in room[c.animal][c.stones]:
                return True
        return False

    def has_completed(self, seat: Seat) -> bool:
        """Whether a card of the seat's summoning area is complete (waits to be revived)."""
        size = self.size  # is_complete, written out: every roll's end
        for c in seat.summoning:
            if len(c.stones) == size[c.animal]:
                return True
        return False

    def powers(self, seat: Seat, kind: str) -> list[Animal]:
        """Revived animals of a seat with the power ``kind`` (plus an awakened card)."""
        out = [self.animals[a] for a in seat.companions if self.animals[a].power.kind == kind]
        if seat.awakened and self.animals[seat.awakened].power.kind == kind \
                and seat.awakened not in seat.companions:
            out.append(self.animals[seat.awakened])
        return out

    def exchange_stones(self, seat: Seat) -> list[str]:
        """Stones a seat may exchange through a permanent exchange power."""
        exchange = self.exchange_stone  # powers(seat, "exchange"), written out: a hot path
        if exchange.keys().isdisjoint(seat.companions) and seat.awakened not in exchange:
            return []
        found = {exchange[a] for a in seat.companions if a in exchange}
        if seat.awakened in exchange:
            found.add(exchange[seat.awakened])
        found.discard("")
        return [s for s in STONES if s in found] if found else []

    def is_immune(self, seat: Seat) -> bool:
        """Whether attacks cannot target the seat (``powers(seat, "immunity")``, read
        from the table of immune animals: every attack asks it of each other seat)."""
        immune = self.immune
        return not immune.isdisjoint(seat.companions) or seat.awakened in immune

    def ends_game(self, seat: Seat) -> str:
        """Why a seat's companion area ends the game ("five", "elephant") or ""."""
        count = len(seat.companions)
        if count < self.fewest_to_end:
            return ""
        if count >= END_COMPANIONS:
            return "five"
        early = self.early_end  # powers(seat, "early_end"), written out: every turn's end
        if any(count >= early[a] for a in seat.companions if a in early) \
                or seat.awakened in early and count >= early[seat.awakened]:
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
        """The roll tokens of ``n`` dice, most green first.

        >>> from gaia_lab.games.animals_gathering.game import AnimalsGathering
        >>> AnimalsGathering().rules.roll_options(5)
        ['2g2o1b', '2g1o2b', '1g2o2b']
        """
        return list(_roll_tokens(n))

    # ------------------------------------------------------------------ legal actions
    # (the game's legal_actions lists the head task's actions through FLOW, then the
    # spells that may be cast at any step)
    @FLOW.lister("deal_mages")
    def _legal_deal_mages(self, state: AGState, task: Task) -> tuple[Action, ...]:
        return _mage_deals(state.players)

    @FLOW.lister("deal_cards")
    def _legal_deal_cards(self, state: AGState, task: Task) -> Iterator[Action]:
        rng = state.rng.random()
        ids = sorted(self.animals)
        rng.shuffle(ids)
        yield Action("deal", tuple(ids[: HAND_SIZE * state.players]))

    @FLOW.lister("deal_spells")
    def _legal_deal_spells(self, state: AGState, task: Task) -> Iterator[Action]:
        rng = state.rng.random()
        ids = sorted(self.spell_ids)
        rng.shuffle(ids)
        yield Action("spells", tuple(ids[: SPELL_OFFER * state.players]))

    @FLOW.lister("keep")
    def _legal_keep(self, state: AGState, task: Task) -> Iterator[Action]:
        for a in state.seats[task.player].dealt:
            yield Action("keep", (a,))

    @FLOW.lister("keep_spell")
    def _legal_keep_spell(self, state: AGState, task: Task) -> Iterator[Action]:
        for s in state.seats[task.player].spell_offer:
            yield Action("keep-spell", (s,))

    @FLOW.lister("form_deck")
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

    @FLOW.lister("supply")
    def _legal_supply(self, state: AGState, task: Task) -> list[Action]:
        return [Action("supply")]

    @FLOW.lister("stones_dice")
    def _legal_stones_dice(self, state: AGState, task: Task) -> list[Action]:
        return [Action("stones-and-dice")]

    @FLOW.lister("reveal")
    def _legal_reveal(self, state: AGState, task: Task) -> list[Action]:
        return [Action("reveal")]

    @FLOW.lister("turn")
    def _legal_turn(self, state: AGState, task: Task) -> list[Action]:
        take = self.take_action
        out = [take[a] for a in state.supply]
        for n in self.dice_allowed(state, task.player):
            out += _roll_actions(n)
        return out or [Action("pass")]

    @FLOW.lister("dice")
    def _legal_dice(self, state: AGState, task: Task) -> Iterator[Action]:
        for action, _ in self.dice_outcomes(state, task):
            yield action

    @FLOW.lister("reroll")
    def _legal_reroll(self, state: AGState, task: Task) -> tuple[Action, ...]:
        assert state.roll is not None
        return _reroll_actions(tuple(sorted([d.label for d in state.roll.dice], key=_die_key)))

    @FLOW.lister("place")
    def _legal_place(self, state: AGState, task: Task) -> list[Action]:
        roll = state.roll
        assert roll is not None
        seat = state.seats[task.player]
        faces = "".join([d.face for d in roll.dice if d.face and not d.use])
        placed, exchanged = self._placements(seat, faces)
        # done only once no rolled stone fits (a stone that fits is a place action)
        out = placed + exchanged if exchanged else placed
        if not placed:
            out.append(_DONE)
        if seat.mage == 1 and not roll.bonus_used and len(set(roll.faces())) >= 4:
            for stone, cards in self.open_by_stone(seat).items():
                for card in cards:
                    out.append(Action("bonus", (stone, card)))
        return out

    def _placements(self, seat: Seat, faces: str) -> tuple[list[Action], list[Action]]:
        """The stones ``faces`` (the faces shown, as one text) lets the seat take: placed
        as they are, and exchanged."""
        room = self.room  # open_cards for each stone shown, written out: a hot path
        cards = [(c.animal, room[c.animal][c.stones]) for c in seat.summoning]
        place = self.place_action
        placed = []
        for stone in _shown(faces):
            by_card = place[stone]
            for animal, space in cards:
                if stone in space:
                    placed.append(by_card[animal])
        return placed, self._exchanged(seat, faces)

    def _exchanged(self, seat: Seat, faces: str) -> list[Action]:
        """The stones ``faces`` lets the seat take by exchanging them (see
        :meth:`_placements`)."""
        exchanged: list[Action] = []
        if seat.companions or seat.awakened:  # the animals that may bring exchange powers
            for stone in self.exchange_stones(seat):
                if stone in faces:
                    exchanged += self._exchanges(seat, stone)
        if seat.mage == 3 and faces.count("O") >= 2:
            exchanged += self._exchanges(seat, "OO")
        return exchanged

    def _exchanges(self, seat: Seat, give: str) -> Iterator[Action]:
        for stone, cards in self.open_by_stone(seat).items():
            if stone != give:
                for card in cards:
                    yield Action("exchange", (f"{give}>{stone}", card))

    @FLOW.lister("block")
    def _legal_block(self, state: AGState, task: Task) -> Iterator[Action]:
        roll = state.roll
        assert roll is not None
        labels = sorted({roll.dice[i].label for i in roll.unused()}, key=_die_key)
        for label in labels:
            yield Action("block", (label,))
        yield Action("no-block")

    @FLOW.lister("revive")
    def _legal_revive(self, state: AGState, task: Task) -> Iterator[Action]:
        for c in state.seats[task.player].summoning:
            if self.is_complete(c):
                yield Action("revive", (c.animal,))

    @FLOW.lister("activate")
    def _legal_activate(self, state: AGState, task: Task) -> Iterator[Action]:
        seen: set[str] = set()
        for animal in task.words:
            if animal in seen:
                continue
            seen.add(animal)
            yield from self._power_uses(state, task.player, animal)
        for animal in sorted(seen):
            yield Action("skip", (animal,))

    def _power_uses(self, state: AGState, seat_index: int, animal: str) -> Iterator[Action]:
        power = self.animals[animal].power
        seat = state.seats[seat_index]
        if power.kind == "steal":
            fits = self.open_by_stone(seat)
            if not fits:  # no card of the seat has room for a stolen stone
                return
            for _, victim in self._victims(state, seat_index):
                for card in victim.summoning:
                    for stone in _shown(card.stones):
                        for mine in fits.get(stone, ()):
                            yield _steal(animal, stone, card.animal, mine)
        elif power.kind == "raid":
            if any(c.stones for _, victim in self._victims(state, seat_index)
                   for c in victim.summoning):
                yield Action("use", (animal, "raid"))
        elif power.kind == "gift_stone":
            for stone, cards in self.open_by_stone(seat).items():
                if stone in power.stones:
                    for target in cards:
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

    @FLOW.lister("raid_remove")
    def _legal_raid_remove(self, state: AGState, task: Task) -> Iterator[Action]:
        for card in state.seats[task.player].summoning:
            for stone in _shown(card.stones):
                yield Action("remove", (stone, card.animal))

    @FLOW.lister("collect")
    def _legal_collect(self, state: AGState, task: Task) -> list[Action]:
        placed, exchanged = self._collectable(state, task)
        return [*placed, *exchanged, _DONE]

    def _collectable(self, state: AGState, task: Task) -> tuple[list[Action], list[Action]]:
        """The offered stones a collecting seat may take (see :meth:`_placements`)."""
        roll = state.roll
        assert roll is not None
        faces = "".join([roll.dice[int(i)].face for i in task.data])
        return self._placements(state.seats[task.player], faces)

    @FLOW.lister("window")
    def _legal_window(self, state: AGState, task: Task) -> Iterator[Action]:
        yield from spells.cast_actions(self, state, task.player, spells.WINDOWS[task.words[0]])
        yield Action("no-spell")

    @FLOW.lister("ritual_shuffle")
    def _legal_ritual_shuffle(self, state: AGState, task: Task) -> Iterator[Action]:
        rng = state.rng.random()
        deck = list(state.deck)
        rng.shuffle(deck)
        yield Action("deck", tuple(deck))

    @FLOW.lister("ritual_select")
    def _legal_ritual_select(self, state: AGState, task: Task) -> Iterator[Action]:
        for a in state.supply:
            yield Action("take", (a,))
        yield Action("done")

    @FLOW.lister("rearrange")
    def _legal_rearrange(self, state: AGState, task: Task) -> Iterator[Action]:
        seat = state.seats[task.player]
        if int(task.words[0]) > 0:
            for card in seat.summoning:
                for stone in _shown(card.stones):
                    for other in self.open_cards(seat, stone):
                        if other != card.animal:
                            yield Action("move", (stone, card.animal, other))
        yield Action("done")

    @FLOW.lister("end_turn")
    def _legal_end_turn(self, state: AGState, task: Task) -> list[Action]:
        return [_END_TURN]

    @FLOW.lister("score")
    def _legal_score(self, state: AGState, task: Task) -> list[Action]:
        return [Action("score")]

    # ----------------------------------------------------------------------- chance
    def dice_outcomes(self, state: AGState, task: Task) -> list[tuple[Action, Fraction]]:
        """Every result of the dice being rolled, with its exact probability."""
        roll = state.roll
        assert roll is not None
        colours = [roll.dice[int(i)].colour for i in task.data]
        counts = tuple(colours.count(c) for c in DIE_COLOURS)
        return list(_roll_outcomes(self.die_faces, counts))

    def sample_dice(self, state: AGState, task: Task, rng: random.Random) -> Action:
        """One roll of the dice, each die thrown on its own with ``rng`` (the state's
        :meth:`~gaia_lab.core.rng.Rng.random` for the game's own roll)."""
        roll = state.roll
        assert roll is not None
        labels = []
        faces = self.faces
        for i in task.data:
            colour = roll.dice[int(i)].colour
            shown = faces[colour]  # rng.choice(shown), the same draw without its checks
            labels.append(colour + shown[below(rng, len(shown))])
        return Action("dice", tuple(sorted(labels, key=_DIE_ORDER.__getitem__)))

    # -------------------------------------------------------------------------- apply
    # (the game's apply resolves the head task through FLOW, or casts a spell, then
    # settles)
    def _ev(self, events: list[Event], kind: str, text: str | Callable[[], str], rule: str,
            actor: int | str | None, automatic: bool = False,
            delta: tuple[tuple[str, int], ...] = ()) -> None:
        """Tell an event citing ``rule``: its sentence, or a function making it, called
        at once unless ``events`` is :data:`~gaia_lab.core.events.UNREAD` (nobody reads
        it, as in :meth:`~gaia_lab.core.game.Game.advance`: no sentence is made; the
        steps of every turn pass a function)."""
        if events is not UNREAD:
            said = text if isinstance(text, str) else text()
            events.append(_event(kind, said, rule, actor, delta, automatic))

    def _who(self, state: AGState, seat: int) -> str:
        return state.seats[seat].name

    # setup ----------------------------------------------------------------------------
    @FLOW.resolver("deal_mages", verbs=["mages"])
    def _do_mages(self, state: AGState, task: Task, action: Action,
                  events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        seats = tuple(replace(s, mage=int(m)) for s, m in zip(state.seats, action.args))
        self._ev(events, "setup.mages", lambda: "Mage Cards dealt: "
                 + ", ".join(f"{s.name} mage {s.mage}" for s in seats) + ".",
                 "ag.setup.mages", "chance")
        return replace(state, seats=seats, tasks=rest, rng=state.rng.advanced())

    @FLOW.resolver("deal_cards", verbs=["deal"])
    def _do_deal(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        rest = state.tasks[1:]
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

    @FLOW.resolver("deal_spells", verbs=["spells"])
    def _do_spells(self, state: AGState, task: Task, action: Action,
                   events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        ids = action.args
        seats = tuple(
            replace(s, spell_offer=ids[SPELL_OFFER * i: SPELL_OFFER * (i + 1)])
            for i, s in enumerate(state.seats)
        )
        for s in seats:
            self._ev(events, "setup.spells", f"{s.name} is dealt two Spell Cards.",
                     "ag.spell.deal", "chance")
        return replace(state, seats=seats, tasks=rest, rng=state.rng.advanced())

    @FLOW.resolver("keep", verbs=["keep"])
    def _do_keep(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        seat = state.seats[task.player]
        animal = action.args[0]
        state = state.with_seat(task.player, replace(seat, dealt=(animal,)))
        self._ev(events, "setup.keep", lambda: f"{seat.name} keeps one card as the starting card "
                 f"(face down).", "ag.setup.keep", task.player)
        return _with_tasks(state, rest)

    @FLOW.resolver("keep_spell", verbs=["keep-spell"])
    def _do_keep_spell(self, state: AGState, task: Task, action: Action,
                       events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        seat = state.seats[task.player]
        state = state.with_seat(task.player, replace(seat, spell_offer=(), spells=action.args))
        self._ev(events, "setup.keep_spell",
                 lambda: f"{seat.name} keeps one Spell Card (hidden) and "
                 "returns the other to the box.", "ag.spell.deal", task.player)
        return _with_tasks(state, rest)

    @FLOW.resolver("ritual_shuffle", verbs=["deck"])
    def _do_reshuffle(self, state: AGState, task: Task, action: Action,
                      events: list[Event]) -> AGState:
        self._ev(events, "spell.reshuffle", "The old supply is shuffled into the deck.",
                 "ag.spell.reshuffle_ritual", "chance")
        return replace(state, deck=action.args, tasks=state.tasks[1:], rng=state.rng.advanced())

    @FLOW.resolver("form_deck", verbs=["deck"])
    def _do_deck(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        self._ev(events, "setup.deck",
                 lambda: f"The other {len(action.args)} cards are shuffled into "
                 "the deck.", "ag.setup.deck", "chance")
        return replace(state, deck=action.args, tasks=rest, rng=state.rng.advanced())

    @FLOW.resolver("supply", verbs=["supply"])
    def _do_supply(self, state: AGState, task: Task, action: Action,
                   events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        supply, deck = state.deck[:SUPPLY_SIZE], state.deck[SUPPLY_SIZE:]
        self._ev(events, "setup.supply",
                 lambda: "The supply: " + ", ".join(self.name(a) for a in supply)
                 + ".", "ag.setup.supply", "rules", True)
        return replace(state, supply=supply, deck=deck, tasks=rest)

    @FLOW.resolver("stones_dice", verbs=["stones-and-dice"])
    def _do_stones_and_dice(self, state: AGState, task: Task, action: Action,
                            events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        self._ev(events, "setup.stones",
                 "The Magic Stones and the six Magic Dice are put within "
                 "reach of everyone.", "ag.setup.stones_dice", "rules", True)
        return _with_tasks(state, rest)

    @FLOW.resolver("reveal", verbs=["reveal"])
    def _do_reveal(self, state: AGState, task: Task, action: Action,
                   events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        seats = []
        for s in state.seats:
            seats.append(replace(s, dealt=(), summoning=(Summoned(s.dealt[0]),)))
            self._ev(events, "setup.reveal",
                     f"{s.name} reveals the {self.name(s.dealt[0])}.",
                     "ag.setup.reveal", "rules", True)
        start = min(range(state.players), key=lambda i: state.seats[i].mage)
        self._ev(events, "setup.start",
                 lambda: f"{state.seats[start].name} has the lowest mage number "
                 f"({state.seats[start].mage}) and starts.", "ag.setup.start_player", "rules", True)
        return replace(state, seats=tuple(seats), active=start, turn=1,
                       tasks=_turn_start(start, state.spells_variant) + rest)

    # turn -----------------------------------------------------------------------------
    @FLOW.resolver("ritual_select", verbs=["take"])
    def _do_select(self, state: AGState, task: Task, action: Action,
                   events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        return self._recruit(state, task.player, action.args[0], "ag.spell.reshuffle_ritual",
                             events, tasks=rest)

    @FLOW.resolver("turn", verbs=["take"])
    def _do_take(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        animal = action.args[0]
        return self._recruit(state, task.player, animal, "ag.take.card", events, passes=0,
                             tasks=rest + (_END_STEP,))

    def _recruit(self, state: AGState, seat_index: int, animal: str, rule: str,
                 events: list[Event], tasks: tuple[Task, ...] | None = None,
                 passes: int | None = None) -> AGState:
        """Move a supply card to the seat's summoning area and refill the supply, in one
        copy of the state, with the queue ``tasks`` and the count of ``passes`` when
        given."""
        seat = state.seats[seat_index]
        supply = list(state.supply)
        supply.remove(animal)
        deck = state.deck
        self._ev(events, "card.take",
                 lambda: f"{seat.name} selects the {self.name(animal)} from the "
                 "supply into the summoning area.", rule, seat_index)
        if deck:
            supply.append(deck[0])
            self._ev(events, "supply.refill",
                     lambda: f"The {self.name(deck[0])} is turned face up to "
                     "refill the supply.", "ag.take.refill", "rules", True)
            deck = deck[1:]
        seat = _with_summoning(seat, seat.summoning + (Summoned(animal),))
        return _with_recruit(state, _seats_with(state.seats, seat_index, seat), tuple(supply),
                             deck, state.passes if passes is None else passes,
                             state.tasks if tasks is None else tasks)

    @FLOW.resolver("turn", verbs=["pass"])
    def _do_pass(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        self._ev(events, "turn.pass",
                 lambda: f"{self._who(state, task.player)} can neither select a card "
                 "nor roll, and passes.", "ag.turn.pass", task.player)
        return _with_passes(state, state.passes + 1, rest + (_END_STEP,))

    @FLOW.resolver("turn", verbs=["roll"])
    def _do_roll(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        return self._start_roll(state, task.player, roll_counts(action.args[0]), events, rest)

    def _start_roll(self, state: AGState, seat_index: int, counts: tuple[int, int, int],
                    events: list[Event], rest: tuple[Task, ...]) -> AGState:
        """Roll the chosen dice and queue the steps of a rolling turn."""
        g, o, b = counts
        dice = _unrolled(counts)
        seat = state.seats[seat_index]
        self._ev(events, "dice.choose", lambda: f"{seat.name} rolls {len(dice)} dice: "
                 f"{_dice_words(g, o, b)}.", "ag.roll.dice_count", seat_index)
        tasks = _rolling_turn(seat_index, seat.mage, len(dice), state.spells_variant)
        return _with_new_roll(state, Roll(seat_index, dice), 0, tasks + rest)

    @FLOW.resolver("window", verbs=["no-spell"])
    def _do_no_spell(self, state: AGState, task: Task, action: Action,
                     events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        return _with_tasks(state, rest)

    @FLOW.resolver("rearrange", verbs=["move"])
    def _do_move(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        stone, source, target = action.args
        state = self._take_off(state, task.player, stone, source)
        state = self._put(state, task.player, stone, target)
        self._ev(events, "stone.move", lambda: f"{self._who(state, task.player)} moves "
                 f"{_stone_word(stone)} from the {self.name(source)} to the {self.name(target)}.",
                 "ag.spell.back_in_the_saddle", task.player)
        left = Task("rearrange", task.player, (str(int(task.words[0]) - 1),))
        return _with_tasks(state, (left,) + rest)

    @FLOW.resolver("dice", verbs=["dice"])
    def _do_dice(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        roll = state.roll
        assert roll is not None, "no roll is on"
        # dice of one colour are interchangeable: the dice thrown are the labels drawn,
        # and the roll keeps its dice in die order (by colour, then by stone)
        thrown = [_die(label[0], label[1])
                  for label in sorted(action.args, key=_DIE_ORDER.__getitem__)]
        free = {int(i) for i in task.data}
        kept = [d for i, d in enumerate(roll.dice) if i not in free]
        dice = sorted(kept + thrown, key=_die_place) if kept else thrown
        roll = _with_dice(roll, tuple(dice))
        self._ev(events, "dice.roll", lambda: f"The {'reroll' if kept else 'roll'} shows: "
                 f"{_dice_shown(dice)}.", "ag.roll.colours", "chance")
        return _with_throw(state, roll, rest, state.rng.advanced())

    @FLOW.resolver("reroll", verbs=["reroll"])
    def _do_reroll(self, state: AGState, task: Task, action: Action,
                   events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        roll = state.roll
        assert roll is not None, "no roll is on"
        wanted = list(action.args)
        idx = []
        for i, d in enumerate(roll.dice):
            if d.label in wanted:
                wanted.remove(d.label)
                idx.append(i)
        dice = tuple(Die(d.colour) if i in idx else d for i, d in enumerate(roll.dice))
        self._ev(events, "dice.reroll", lambda: f"{self._who(state, task.player)} rerolls "
                 f"{len(idx)} dice with mage 5.", "ag.mage.5", task.player)
        roll = replace(roll, dice=dice, rerolled=True)
        return replace(state, roll=roll,
                       tasks=(Task("dice", "chance", tuple(map(str, idx))),) + rest)

    @FLOW.resolver("reroll", verbs=["no-reroll"])
    def _do_no_reroll(self, state: AGState, task: Task, action: Action,
                      events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        self._ev(events, "dice.keep", lambda: f"{self._who(state, task.player)} keeps the roll.",
                 "ag.mage.5", task.player)
        return _with_tasks(state, rest)

    def _use_die(self, roll: Roll, task: Task, face: str, use: str) -> tuple[Roll, Task]:
        """Mark one die showing ``face`` as used (active) or taken (collecting seat): the
        roll and the task after it."""
        dice = roll.dice
        if task.kind == "place":
            for i, die in enumerate(dice):
                if die.face == face and not die.use:  # the first of roll.unused() showing it
                    marked = _die(die.colour, face, use)
                    return _with_dice(roll, (*dice[:i], marked, *dice[i + 1:])), task
            raise AssertionError("no unused die shows " + face)
        data = task.data
        for k, key in enumerate(data):
            if dice[int(key)].face == face:
                return roll, _with_data(task, (*data[:k], *data[k + 1:]))
        raise AssertionError("no offered die shows " + face)

    def _put(self, state: AGState, seat_index: int, stone: str, animal: str) -> AGState:
        return state.with_seat(seat_index, self.placed(state.seats[seat_index], stone, animal))

    def placed(self, seat: Seat, stone: str, animal: str) -> Seat:
        """The seat with ``stone`` put on its summoning card ``animal``, which has an
        unfilled space for it.

        >>> from gaia_lab.games.animals_gathering.game import AnimalsGathering
        >>> seat = Seat("Ann", summoning=(Summoned("elephant", "RYGG"), Summoned("fox")))
        >>> AnimalsGathering().rules.placed(seat, "O", "elephant").summoning[0]
        Summoned(animal='elephant', stones='ROYGG')
        """
        cards = seat.summoning
        for k, card in enumerate(cards):
            if card.animal == animal:
                card = self.filled[animal][card.stones][stone]
                return _with_summoning(seat, (*cards[:k], card, *cards[k + 1:]))
        return seat

    def _take_off(self, state: AGState, seat_index: int, stone: str, animal: str) -> AGState:
        seat = state.seats[seat_index]
        cards = tuple(
            Summoned(c.animal, c.stones.replace(stone, "", 1)) if c.animal == animal else c
            for c in seat.summoning
        )
        return state.with_seat(seat_index, replace(seat, summoning=cards))

    @FLOW.resolver("place", "collect", verbs=["place"])
    def _do_place(self, state: AGState, task: Task, action: Action,
                  events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        stone, animal = action.args
        roll = state.roll
        assert roll is not None, "no roll is on"
        roll, task = self._use_die(roll, task, stone, "placed")
        i = task.player
        seats = _seats_with(state.seats, i, self.placed(state.seats[i], stone, animal))
        rule = "ag.roll.place" if task.kind == "place" else "ag.unused.others"
        self._ev(events, "stone.place",
                 lambda: f"{seats[i].name} places {_stone_word(stone)} on the "
                 f"{self.name(animal)}.", rule, i)
        return _with_roll_seats_tasks(state, roll, seats, (task,) + rest)

    @FLOW.resolver("place", "collect", verbs=["exchange"])
    def _do_exchange(self, state: AGState, task: Task, action: Action,
                     events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        give, get = action.args[0].split(">")
        animal = action.args[1]
        roll = state.roll
        assert roll is not None, "no roll is on"
        for stone in give:
            roll, task = self._use_die(roll, task, stone, "exchanged")
        state = self._put(replace(state, roll=roll), task.player, get, animal)
        rule = "ag.mage.3" if give == "OO" else "ag.power.exchange"
        gave = "two orange-leaf stones" if give == "OO" else _stone_word(give)
        self._ev(events, "stone.exchange",
                 lambda: f"{self._who(state, task.player)} exchanges {gave} for "
                 f"{_stone_word(get)} and places it on the {self.name(animal)}.", rule, task.player)
        return _with_tasks(state, (task,) + rest)

    @FLOW.resolver("place", verbs=["bonus"])
    def _do_bonus(self, state: AGState, task: Task, action: Action,
                  events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        stone, animal = action.args
        state = self._put(state, task.player, stone, animal)
        assert state.roll is not None, "no roll is on"
        state = replace(state, roll=replace(state.roll, bonus_used=True))
        self._ev(events, "stone.bonus",
                 lambda: f"{self._who(state, task.player)} rolled four or more "
                 f"different stones and takes {_stone_word(stone)} for the "
                 f"{self.name(animal)} (mage 1).", "ag.mage.1", task.player)
        return _with_tasks(state, (task,) + rest)

    @FLOW.resolver("ritual_select", "rearrange", verbs=["done"])
    def _do_finish(self, state: AGState, task: Task, action: Action,
                   events: list[Event]) -> AGState:
        return _with_tasks(state, state.tasks[1:])

    @FLOW.resolver("place", verbs=["done"])
    def _do_done(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        roll = state.roll
        assert roll is not None, "no roll is on"
        self._ev(events, "stone.done", lambda: f"{self._who(state, task.player)} has taken "
                 f"every stone that fits{_unused_dice(len(roll.unused()))}.",
                 "ag.roll.no_storing", task.player)
        return _with_tasks(state, state.tasks[1:])

    @FLOW.resolver("collect", verbs=["done"])
    def _do_done_collecting(self, state: AGState, task: Task, action: Action,
                            events: list[Event]) -> AGState:
        self._ev(events, "stone.done",
                 lambda: f"{self._who(state, task.player)} takes no more unused "
                 "stones.", "ag.unused.others", task.player)
        return _with_tasks(state, state.tasks[1:])

    @FLOW.resolver("block", verbs=["block"])
    def _do_block(self, state: AGState, task: Task, action: Action,
                  events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        label = action.args[0]
        roll = state.roll
        assert roll is not None, "no roll is on"
        for i in roll.unused():
            if roll.dice[i].label == label:
                dice = list(roll.dice)
                dice[i] = replace(dice[i], use="blocked")
                roll = replace(roll, dice=tuple(dice))
                break
        self._ev(events, "dice.block",
                 lambda: f"{self._who(state, task.player)} discards the die showing "
                 f"{_stone_word(label[1], label[0])}: nobody else may take it (mage 2).",
                 "ag.mage.2", task.player)
        return replace(state, roll=roll, tasks=rest)

    @FLOW.resolver("block", verbs=["no-block"])
    def _do_no_block(self, state: AGState, task: Task, action: Action,
                     events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        self._ev(events, "dice.no_block",
                 lambda: f"{self._who(state, task.player)} discards no die.",
                 "ag.mage.2", task.player)
        return _with_tasks(state, rest)

    @FLOW.resolver("revive", verbs=["revive"])
    def _do_revive(self, state: AGState, task: Task, action: Action,
                   events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        # the revival's triggered powers come before any further revival choice
        return self._revive(state, task.player, action.args[0], events, chosen=True, rest=rest)

    def _revive(self, state: AGState, seat_index: int, animal: str, events: list[Event],
                chosen: bool, rest: tuple[Task, ...] = ()) -> AGState:
        """Move a completed card to the companion area and trigger activation powers.

        Returns the state whose ``tasks`` holds the triggered batch, then ``rest``.
        """
        seat = state.seats[seat_index]
        cards = tuple(c for c in seat.summoning if c.animal != animal)
        awakened = "" if seat.awakened == animal else seat.awakened
        seat = replace(seat, summoning=cards, companions=seat.companions + (animal,),
                       awakened=awakened)
        a = self.animals[animal]
        self._ev(events, "animal.revive",
                 lambda: f"{seat.name} revives the {a.name}: it moves to the "
                 f"companion area ({a.power.describe()}).",
                 "ag.revive.order" if chosen else "ag.revive.complete", seat_index,
                 automatic=not chosen, delta=((f"{seat.name}.companions", 1),))
        batch = tuple(x for x in seat.companions if self.animals[x].power.kind in _ACTIVATION)
        tasks = ((Task("activate", seat_index, batch),) if batch else ()) + rest
        return replace(state, seats=_seats_with(state.seats, seat_index, seat), tasks=tasks)

    @FLOW.resolver("activate", verbs=["use"])
    def _do_use(self, state: AGState, task: Task, action: Action,
                events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        animal, kind, *args = action.args
        left = list(task.words)
        left.remove(animal)
        after = (Task("activate", task.player, tuple(left)),) if left else ()
        who = self._who(state, task.player)
        name = self.name(animal)
        front: tuple[Task, ...] = ()
        if kind == "steal":
            stone, victim_card, mine = args
            v = state.owner_of(victim_card)
            assert v is not None
            state = self._take_off(state, v, stone, victim_card)
            state = self._put(state, task.player, stone, mine)
            self._ev(events, "power.steal",
                     lambda: f"{who}'s {name} steals {_stone_word(stone)} from "
                     f"{self._who(state, v)}'s {self.name(victim_card)} and places it on the "
                     f"{self.name(mine)}.", "ag.power.steal", task.player)
            front = (Task("revival_check", task.player),)
        elif kind == "raid":
            victims = [Task("raid_remove", v) for v, vs in self._victims(state, task.player)
                       if any(c.stones for c in vs.summoning)]
            self._ev(events, "power.raid",
                     lambda: f"{who}'s {name} attacks: every other player must "
                     "remove one stone from an uncompleted card.", "ag.power.raid", task.player)
            front = tuple(victims)
        elif kind == "gift":
            stone, mine = args
            state = self._put(state, task.player, stone, mine)
            self._ev(events, "power.gift",
                     lambda: f"{who}'s {name} brings {_stone_word(stone)} from the "
                     f"supply for the {self.name(mine)}.", "ag.power.gift_stone", task.player)
            front = (Task("revival_check", task.player),)
        elif kind == "recruit":
            state = self._recruit(state, task.player, args[0], "ag.power.recruit", events)
        return _with_tasks(state, front + after + rest)

    @FLOW.resolver("activate", verbs=["skip"])
    def _do_skip(self, state: AGState, task: Task, action: Action,
                 events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        animal = action.args[0]
        left = [a for a in task.words if a != animal]
        self._ev(events, "power.skip", lambda: f"{self._who(state, task.player)} does not use the "
                 f"{self.name(animal)}'s power.", "ag.faq.optional", task.player)
        after = (Task("activate", task.player, tuple(left)),) if left else ()
        return _with_tasks(state, after + rest)

    @FLOW.resolver("raid_remove", verbs=["remove"])
    def _do_remove(self, state: AGState, task: Task, action: Action,
                   events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        stone, animal = action.args
        state = self._take_off(state, task.player, stone, animal)
        self._ev(events, "power.raid_remove", lambda: f"{self._who(state, task.player)} returns "
                 f"{_stone_word(stone)} from the {self.name(animal)} to the supply.",
                 "ag.power.raid", task.player)
        return _with_tasks(state, rest)

    @FLOW.resolver("end_turn", verbs=["end-turn"])
    def _do_end_turn(self, state: AGState, task: Task, action: Action,
                     events: list[Event]) -> AGState:
        rest = state.tasks[1:]
        fewest = self.fewest_to_end  # ends_game's first test, written out: every turn
        for s in state.seats:  # the first seat whose companions end the game
            if len(s.companions) >= fewest and (why := self.ends_game(s)):
                rule = "ag.end.five" if why == "five" else "ag.end.elephant"
                self._ev(events, "game.end", f"{s.name} has {len(s.companions)} companions: "
                         "the turn is over and the game ends.", rule, "rules", True)
                return replace(state, roll=None, tasks=self._final_tasks(state), ended_by=why)
        if state.passes >= state.players:
            self._ev(events, "game.end",
                     "Every player passed in a row: nobody can act any more, "
                     "so the game ends.", "ag.turn.stalemate", "rules", True)
            return replace(state, roll=None, tasks=self._final_tasks(state),
                           ended_by="stalemate")
        nxt = (state.active + 1) % state.players
        self._ev(events, "turn.next", lambda: f"{state.seats[state.active].name}'s turn ends; "
                 f"{state.seats[nxt].name} is the active player.", "ag.turn.next", "rules", True)
        return _with_next_turn(state, None, nxt, state.turn + 1,
                               _turn_start(nxt, state.spells_variant) + rest)

    def _final_tasks(self, state: AGState) -> tuple[Task, ...]:
        score = (Task("score", "rules"),)
        if state.spells_variant:
            return (Task("open_window", "rules", ("final",)),) + score
        return score

    @FLOW.resolver("score", verbs=["score"])
    def _do_score(self, state: AGState, task: Task, action: Action,
                  events: list[Event]) -> AGState:
        if events is not UNREAD:  # the scores are told, not kept in the state
            self._tell_scores(state, events)
        return replace(state, tasks=(), over=True)

    def _tell_scores(self, state: AGState, events: list[Event]) -> None:
        """The events of the final scoring: each player's total, then the winners."""
        from gaia_lab.games.animals_gathering.scoring import score_breakdown, winners

        totals = score_breakdown(self, state).totals
        for i, s in enumerate(state.seats):
            self._ev(events, "score.total", f"{s.name} scores {totals[i]} "
                     "points.", "ag.score.points", "rules", True,
                     ((f"{s.name}.score", totals[i]),))
        won = winners(self, state)
        names = " and ".join(state.seats[i].name for i in won)
        self._ev(events, "game.winner", lambda: f"{names} {'win' if len(won) > 1 else 'wins'}.",
                 "ag.score.tiebreak", "rules", True)

    # ------------------------------------------------------------------------ settle
    def settle(self, state: AGState, events: list[Event]) -> AGState:
        """Resolve the steps that need no decision, until one is pending."""
        return FLOW.settle(self, state, events)

    @FLOW.settler("revival_check")
    def _settle_revival(self, state: AGState, task: Task, events: list[Event]) -> AGState:
        me = task.player
        seat = state.seats[me]
        if not self.has_completed(seat):
            return _with_tasks(state, state.tasks[1:])
        done = [c.animal for c in seat.summoning if self.is_complete(c)]
        if len(done) == 1:
            return self._revive(state, me, done[0], events, chosen=False, rest=state.tasks)
        return _with_tasks(state, (Task("revive", me),) + state.tasks)

    @FLOW.settler("open_window")
    def _settle_window(self, state: AGState, task: Task, events: list[Event]) -> AGState:
        return spells.open_window(self, state, task.word(0), state.tasks[1:])

    @FLOW.settler("offer_unused")
    def _settle_offer(self, state: AGState, task: Task, events: list[Event]) -> AGState:
        return self._offer_unused(state, task, state.tasks[1:], events)

    @FLOW.settler("others_revive")
    def _settle_others(self, state: AGState, task: Task, events: list[Event]) -> AGState:
        # a check of a seat with no completed card settles to nothing at once: the
        # queue starts at the first other seat that has one
        n, me = state.players, task.player
        for k in range(1, n):
            if self.has_completed(state.seats[(me + k) % n]):
                checks = tuple(Task("revival_check", (me + j) % n) for j in range(k, n))
                return _with_tasks(state, checks + state.tasks[1:])
        return _with_tasks(state, state.tasks[1:])

    @FLOW.settler("block")
    def _settle_block(self, state: AGState, task: Task, events: list[Event]) -> AGState | None:
        assert state.roll is not None, "no roll is on"
        return None if state.roll.unused() else _with_tasks(state, state.tasks[1:])

    @FLOW.settler("collect")
    def _settle_collect(self, state: AGState, task: Task,
                        events: list[Event]) -> AGState | None:
        if self._can_collect(state, task):
            return None
        roll = state.roll
        if task.data:
            assert roll is not None, "no roll is on"
            self._ev(events, "stone.none", lambda: f"{self._who(state, task.player)} has no "
                     "space for the " + ("unused stones and takes none"
                                         if len(task.data) == len(roll.unused())
                                         else "other unused stones") + ".",
                     "ag.roll.no_storing", task.player, automatic=True)
        return _with_tasks(state, state.tasks[1:])

    @FLOW.settler("activate")
    def _settle_activate(self, state: AGState, task: Task,
                         events: list[Event]) -> AGState | None:
        """Drop the triggered powers that have no use now (None: a power waits)."""
        usable = tuple(a for a in task.words
                       if next(self._power_uses(state, task.player, a), None) is not None)
        dropped = [a for a in dict.fromkeys(task.words) if a not in usable]
        for a in dropped:
            self._ev(events, "power.unusable", f"The {self.name(a)}'s power has no use "
                     "now.", "ag.power.activation", task.player, automatic=True)
        if not usable:
            return _with_tasks(state, state.tasks[1:])
        if dropped:
            return _with_tasks(state, (Task("activate", task.player, usable),)
                               + state.tasks[1:])
        return None

    @FLOW.settler("raid_remove")
    def _settle_raid(self, state: AGState, task: Task, events: list[Event]) -> AGState | None:
        if any(c.stones for c in state.seats[task.player].summoning):
            return None
        return _with_tasks(state, state.tasks[1:])

    def _can_collect(self, state: AGState, task: Task) -> bool:
        """Whether :meth:`_collectable` lists anything: an offered stone fits as it is, or
        one may be exchanged (listed only when none fits, the rarer case)."""
        roll = state.roll
        assert roll is not None, "no roll is on"
        seat = state.seats[task.player]
        faces = "".join([roll.dice[int(i)].face for i in task.data])
        room = self.room  # can_place for each face, written out: every offer
        for c in seat.summoning:
            space = room[c.animal][c.stones]
            for face in faces:
                if face in space:
                    return True
        return bool(self._exchanged(seat, faces))

    def _offer_unused(self, state: AGState, task: Task, rest: tuple[Task, ...],
                      events: list[Event]) -> AGState:
        roll = state.roll
        assert roll is not None, "no roll is on"
        unused = roll.unused()
        if not unused:
            return _with_tasks(state, rest)
        if roll.burst_by >= 0:
            who = state.seats[roll.burst_by].name
            if roll.burst_by == task.player:
                offer = "Bubble-Burster: nobody else may take them."
            else:
                offer = f"Bubble-Burster: only {who} may take them."
            self._ev(events, "stone.offer",
                     lambda: f"Unused: {_dice_shown([roll.dice[i] for i in unused])}. {offer}",
                     "ag.spell.bubble_burster", "rules", True)
        else:
            self._ev(events, "stone.offer",
                     lambda: f"Unused: {_dice_shown([roll.dice[i] for i in unused])}. The other "
                     "players may take them.", "ag.unused.others", "rules", True)
        n, me = state.players, task.player
        offered = tuple([str(i) for i in unused])
        offers = []
        for k in range(1, n):
            v = (me + k) % n
            if roll.burst_by >= 0 and v != roll.burst_by:
                continue
            offers.append(_collect(v, offered))
        return _with_tasks(state, tuple(offers) + rest)

    # ----------------------------------------------------------------------- diagnose
    def diagnose(self, state: AGState, action: Action) -> Verdict:
        """Why ``action`` (not among the legal actions) cannot be played now."""
        task = state.task
        if task is None:
            return Verdict.illegal("game.over", "The game is over; no action can be played.",
                                   R("ag.score.tiebreak"))
        kind = FLOW.kind_of(task)
        rule = R(kind.rule)
        what = FLOW.describe(task, tuple(s.name for s in state.seats))
        if action.verb == "cast" and task.seat is not None and kind.phase != "setup":
            return spells.why_cast(self, state, task, action)
        if action.verb in _MAGE_VERBS and task.kind == "collect":
            seat = state.seats[task.player]
            mage, ability = _MAGE_VERBS[action.verb]
            active = state.seats[state.active].name
            return Verdict.illegal(
                "mage.not_active", f"Only the active player uses a mage ability during the "
                f"roll (mage 3 excepted); {seat.name} is not rolling: {seat.name} may take the "
                f"stones {active} left unused, so mage {mage}'s {ability} does not apply now.",
                R("ag.roll.mage_timing"),
                pending=task.kind)
        if action.verb not in kind.verbs:
            allowed = ", ".join(sorted(kind.verbs))
            return Verdict.illegal("phase.wrong", f"Now {what}; {action.verb!r} does not fit "
                                   f"here (expected: {allowed}).", rule, pending=task.kind)
        why = _WHY.get(action.verb)
        if why is not None:
            verdict = why(self, state, task, action)
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
        seat = state.seats[task.player]
        allowed = self.dice_allowed(state, task.player)
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
            [roll.dice[int(i)].face for i in task.words]
        seat = state.seats[task.player]
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
            seat = state.seats[task.player]
            fit = [roll.dice[i].face for i in roll.unused()
                   if self.can_place(seat, roll.dice[i].face)]
            return Verdict.illegal("place.must_take", f"{seat.name} must first take every rolled "
                                   f"stone that fits: {', '.join(_stone_word(f) for f in fit)}.",
                                   R("ag.roll.place"), stones=fit)
        return None

    def _why_exchange(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        give, _, get = action.args[0].partition(">")
        seat = state.seats[task.player]
        if give == "OO":
            if seat.mage != 3:
                return Verdict.illegal("exchange.not_mage3", f"Only mage 3 may exchange two "
                                       f"orange-leaf stones; {seat.name} has mage {seat.mage}.",
                                       R("ag.mage.3"))
        elif give not in self.exchange_stones(seat):
            return Verdict.illegal("exchange.no_power", f"{seat.name} has no revived animal whose "
                                   f"permanent power exchanges "
                                   f"{' and '.join(_stone_word(x) for x in give)}.",
                                   R("ag.power.exchange"))
        roll = state.roll
        assert roll is not None
        faces = [roll.dice[i].face for i in roll.unused()] if task.kind == "place" else \
            [roll.dice[int(i)].face for i in task.words]
        if any(faces.count(s) < give.count(s) for s in set(give)):
            stone = give[0]
            have = faces.count(stone)
            whose = "your roll" if task.kind == "place" else "the stones left unused"
            if give == "OO":
                return Verdict.illegal(
                    "exchange.not_rolled", f"Mage 3 exchanges two orange-leaf stones at once; "
                    f"{whose} has {have} unused orange-leaf stone{'' if have == 1 else 's'}.",
                    R("ag.mage.3"), needed=2, unused=have)
            return Verdict.illegal("exchange.not_rolled", f"{whose.capitalize()} has no "
                                   f"{_stone_word(give)} unused to exchange.",
                                   R("ag.power.exchange"), needed=1, unused=have)
        if get == give:
            return Verdict.illegal("exchange.same", "Exchanging a stone for the same stone changes "
                                   "nothing.", R("ag.power.exchange"))
        return self._why_fit(seat, get, action.args[1], R("ag.roll.no_storing"))

    def _why_bonus(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        seat = state.seats[task.player]
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
        seat = state.seats[task.player]
        card = seat.card(action.args[0])
        if card is None:
            return Verdict.illegal("card.not_summoning", f"The {self.name(action.args[0])} is not "
                                   f"in {seat.name}'s summoning area.", R("ag.revive.complete"))
        missing = self.size[card.animal] - len(card.stones)
        return Verdict.illegal("revive.incomplete", f"The {self.name(card.animal)} still has "
                               f"{missing} unfilled space(s).", R("ag.revive.complete"))

    def _why_use(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        animal = action.args[0]
        if animal not in task.words:
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
        seat = state.seats[task.player]
        if kind == "steal" and len(args) == 3:
            stone, victim_card, mine = args
            v = state.owner_of(victim_card)
            if v is None or v == task.player:
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
        seat = state.seats[task.player]
        stone, animal = action.args
        card = seat.card(animal)
        if card is None or stone not in card.stones:
            return Verdict.illegal("remove.no_stone", f"{seat.name}'s {self.name(animal)} is not "
                                   f"an uncompleted card carrying {_stone_word(stone)}.",
                                   R("ag.power.raid"))
        return None

    def _why_keep(self, state: AGState, task: Task, action: Action) -> Verdict | None:
        seat = state.seats[task.player]
        return Verdict.illegal("keep.not_dealt", f"{seat.name} was dealt "
                               f"{', '.join(self.name(a) for a in seat.dealt)}; "
                               f"the {self.name(action.args[0])} is not among them.",
                               R("ag.setup.keep"))


_MAGE_VERBS: Final[dict[str, tuple[int, str]]] = {
    "bonus": (1, "extra stone"), "block": (2, "discarding a die"), "reroll": (5, "reroll")}
"""The verbs of the mages' abilities that only the active player uses, by mage."""

_WHY: dict[str, Callable[[Rules, AGState, Task, Action], Verdict | None]] = {
    "take": Rules._why_take, "roll": Rules._why_roll, "place": Rules._why_place,
    "done": Rules._why_done, "exchange": Rules._why_exchange, "bonus": Rules._why_bonus,
    "block": Rules._why_block, "revive": Rules._why_revive, "use": Rules._why_use,
    "remove": Rules._why_remove, "keep": Rules._why_keep,
}
"""Why a listed verb's action is not legal now, by verb (None: no particular reason)."""

_DONE: Final = Action("done")
"""Nothing more to take (one value, shared by every listing)."""
_END_TURN: Final = Action("end-turn")
_END_STEP: Final = Task("end_turn", "rules")
"""The step that ends a turn (one value, shared by every turn)."""
_ACTIVATION = frozenset({"steal", "raid", "gift_stone", "recruit"})
_COLOUR_WORD = {"g": "green", "o": "orange", "b": "blue"}
_STONE_WORD = {"R": "a red triangle", "O": "an orange leaf", "Y": "a yellow sun",
               "G": "a green square", "B": "a blue drop", "P": "a purple arc",
               "W": "a white star"}


def _stone_word(stone: str, colour: str = "") -> str:
    word = _STONE_WORD.get(stone, stone)
    return f"{word} ({_COLOUR_WORD[colour]} die)" if colour else word


def _dice_shown(dice: Iterable[Die]) -> str:
    """The stones these dice show, each with its die's colour, for a sentence."""
    return ", ".join([_stone_word(d.face, d.colour) for d in dice])


def _unused_dice(left: int) -> str:
    """The end of a sentence saying how many dice are left unused (none: nothing)."""
    return f"; {left} {'die' if left == 1 else 'dice'} unused" if left else ""


def _cards(n: int) -> str:
    return f"{n} uncompleted card{'' if n == 1 else 's'}"


def _dice_words(g: int, o: int, b: int) -> str:
    parts = [f"{n} {w}" for n, w in zip((g, o, b), ("green", "orange", "blue")) if n]
    return ", ".join(parts)


def _die_key(label: str) -> tuple[int, int]:
    return _DIE_ORDER[label]


def _die_place(die: Die) -> tuple[int, int]:
    """A die's place in a roll (see :data:`_DIE_ORDER`)."""
    return _DIE_ORDER[die.colour + die.face]


_DIE_ORDER: Final = {c + s: (i, j) for i, c in enumerate(DIE_COLOURS)
                     for j, s in enumerate(STONE_ORDER)}
"""Each die label's place: by colour, then by stone."""
_RULE_REFS: Final = {rule: RULES[rule] for rule in RULES}
"""The rulebook's rules by id, as a plain table (every event cites one)."""


@lru_cache(maxsize=8192)
def _event(kind: str, text: str, rule: str, actor: int | str | None,
           delta: tuple[tuple[str, int], ...], automatic: bool) -> Event:
    """The event citing the rule ``rule`` (immutable values, shared: most events recur,
    the same turn passed to the same player, the same stone placed on the same card)."""
    return Event(kind, text, _RULE_REFS[rule], actor, delta, automatic)


@lru_cache(maxsize=4096)
def _steal(animal: str, stone: str, victim: str, mine: str) -> Action:
    """The use of ``animal``'s steal power taking ``stone`` from the card ``victim`` for
    the card ``mine`` (immutable values, shared: the same steals are listed again)."""
    return Action("use", (animal, "steal", stone, victim, mine))


@lru_cache(maxsize=256)
def _collect(seat_index: int, dice: tuple[str, ...]) -> Task:
    """The step in which a seat may take the unused stones of these dice (immutable
    values, shared)."""
    return Task("collect", seat_index, dice)


@lru_cache(maxsize=1024)
def _reroll_actions(labels: tuple[str, ...]) -> tuple[Action, ...]:
    """Keeping the roll, then rerolling each distinct choice of the dice ``labels`` (in
    die order), fewest dice first (immutable values, shared by every listing of them).

    >>> [str(a) for a in _reroll_actions(("gR", "gR"))]
    ['no-reroll', 'reroll gR', 'reroll gR gR']
    """
    out = [Action("no-reroll")]
    seen: set[tuple[str, ...]] = set()
    for k in range(1, len(labels) + 1):
        for combo in combinations(labels, k):
            if combo not in seen:
                seen.add(combo)
                out.append(Action("reroll", combo))
    return tuple(out)


@lru_cache(maxsize=16)
def _turn_start(seat_index: int, window: bool) -> tuple[Task, ...]:
    """The steps that start a seat's turn (``window``: with the Spell Card variant's
    window before it)."""
    if window:
        return (Task("open_window", "rules", ("turn_start",)), Task("turn", seat_index))
    return (Task("turn", seat_index),)


@lru_cache(maxsize=128)
def _die(colour: str, face: str, use: str = "") -> Die:
    """A die of this colour showing ``face``, used as ``use`` (immutable values, shared:
    there are few)."""
    return Die(colour, face, use)


@lru_cache(maxsize=32)
def _unrolled(counts: tuple[int, int, int]) -> tuple[Die, ...]:
    """The dice chosen for a roll, before they are thrown: ``counts`` of each colour."""
    return tuple(Die(c) for c, n in zip(DIE_COLOURS, counts) for _ in range(n))


@lru_cache(maxsize=512)
def _rolling_turn(seat_index: int, mage: int, dice: int, window: bool) -> tuple[Task, ...]:
    """The steps of a rolling turn of a seat with this mage, after it chose to roll
    ``dice`` dice (``window``: with the Spell Card variant's windows).

    >>> [t.kind for t in _rolling_turn(0, 5, 4, False)]
    ['dice', 'reroll', 'place', 'revival_check', 'offer_unused', 'others_revive', 'end_turn']
    """
    def opening(name: str) -> list[Task]:
        return [Task("open_window", "rules", (name,))] if window else []

    tasks: list[Task] = [Task("dice", "chance", tuple(str(i) for i in range(dice)))]
    tasks += opening("after_roll")
    if mage == 5:
        tasks.append(Task("reroll", seat_index))
    tasks.append(Task("place", seat_index))
    if mage == 2:
        tasks.append(Task("block", seat_index))
    tasks += opening("before_revive")
    tasks.append(Task("revival_check", seat_index))
    tasks += opening("before_offer")
    tasks += [Task("offer_unused", seat_index), Task("others_revive", seat_index),
              Task("end_turn", "rules")]
    return tuple(tasks)


def _rooms(outline: str) -> dict[str, str]:
    """Each way of filling part of ``outline`` (its stones in canonical order) with the
    stones it still has an unfilled space for (see :attr:`Rules.room`).

    >>> _rooms("BBY")
    {'': 'YB', 'B': 'YB', 'BB': 'Y', 'Y': 'B', 'YB': 'B', 'YBB': ''}
    """
    need = Counter(outline)
    kinds = [s for s in STONE_ORDER if s in need]
    out: dict[str, str] = {}
    for placed in product(*(range(need[s] + 1) for s in kinds)):
        key = "".join(s * n for s, n in zip(kinds, placed))
        out[key] = "".join(s for s, n in zip(kinds, placed) if n < need[s])
    return out


def _seats_with(seats: tuple[Seat, ...], i: int, seat: Seat) -> tuple[Seat, ...]:
    """``seats`` with seat ``i`` replaced."""
    return (*seats[:i], seat, *seats[i + 1:])


@lru_cache(maxsize=1024)
def _shown(faces: str) -> str:
    """The stones of ``faces``, each once, in canonical order.

    >>> _shown("YRYB")
    'RYB'
    """
    return "".join([s for s in STONE_ORDER if s in faces])


@lru_cache(maxsize=256)
def _roll_outcomes(faces: tuple[str, ...],
                   counts: tuple[int, ...]) -> tuple[tuple[Action, Fraction], ...]:
    """Every result of throwing ``counts[i]`` dice of colour ``DIE_COLOURS[i]`` (whose
    faces are ``faces[i]``), with its exact probability (cached: it never changes)."""
    out: list[tuple[tuple[str, ...], Fraction]] = [((), Fraction(1))]
    for colour, colour_faces, k in zip(DIE_COLOURS, faces, counts):
        if k:
            options = _multisets(colour, colour_faces, k)
            out = [(a + b, p * q) for a, p in out for b, q in options]
    return tuple((Action("dice", labels), p) for labels, p in out)


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
