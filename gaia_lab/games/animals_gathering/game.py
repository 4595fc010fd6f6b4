"""The Animals Gathering game object: the engine behind ``GAMES["animals_gathering"]``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, Final

from gaia_lab.core import codec
from gaia_lab.core.codec import Range, Size
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.events import UNREAD, Event
from gaia_lab.core.flow import Task
from gaia_lab.core.game import Actor, Game, GameMeta, Step
from gaia_lab.core.options import Option, declare
from gaia_lab.core.rng import Rng
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.animals_gathering import scoring, spells
from gaia_lab.games.animals_gathering.actions import Action, parse
from gaia_lab.games.animals_gathering.components import Components, load_components
from gaia_lab.games.animals_gathering.rulebook import RULES as RULEBOOK
from gaia_lab.games.animals_gathering.rules import FLOW, Rules
from gaia_lab.games.animals_gathering.state import (
    MAX_PLAYERS,
    STONE_ORDER,
    AGState,
    Name,
    Seat,
    SeatNumber,
    Summoned,
    sort_stones,
)

_ROLL_KINDS: Final = frozenset({"dice", "reroll", "place", "block", "collect", "offer_unused"})
"""Task kinds that work on the dice of the current roll."""

META = GameMeta(
    name="animals_gathering",
    title="Animals Gathering",
    min_players=2,
    max_players=5,
    chance="dice and cards",
    rule_source="Animals Gathering rulebook (with the Spell Card variant and FAQ)",
    components="reconstructed",
    options=declare(
        Option.flag("spells", "play with the Spell Card variant"),
        Option.texts("names", "player names, one per seat (default P1, P2, ...)"),
    ),
    max_steps=20_000,
)


class AnimalsGathering(Game[AGState, Action]):
    """Animals Gathering for 2-5 players, with the Spell Card variant.

    >>> from gaia_lab import Session
    >>> s = Session("animals_gathering", players=2, seed=4, options={"names": ["Ann", "Bo"]})
    >>> s.names
    ('Ann', 'Bo')
    >>> s.game.actor(s.state)
    0
    """

    meta = META
    rulebook = RULEBOOK
    flow = FLOW

    def __init__(self, components: Components | None = None) -> None:
        self.components = components or load_components()
        self.rules = Rules(self.components)

    def with_components(self, components: Components) -> AnimalsGathering:
        """The same game over another component set (e.g. your printed cards)."""
        return AnimalsGathering(components)

    # -- setup ---------------------------------------------------------------------
    def new_initial_state(self, players: int, seed: int = 0,
                          options: Mapping[str, Any] | None = None) -> AGState:
        options = dict(options or {})
        names = _names(options.get("names"), players)
        spells = options.get("spells", False) is True
        tasks = [Task("deal_mages", "chance"), Task("deal_cards", "chance")]
        if spells:
            tasks.append(Task("deal_spells", "chance"))
        tasks += [Task("keep", i) for i in range(players)]
        if spells:
            tasks += [Task("keep_spell", i) for i in range(players)]
        tasks += [Task("form_deck", "chance"), Task("supply", "rules"),
                  Task("stones_dice", "rules"), Task("reveal", "rules")]
        return AGState(players=players, seats=tuple(Seat(n) for n in names),
                       tasks=tuple(tasks), spells_variant=spells, rng=Rng(seed))

    # -- flow ----------------------------------------------------------------------
    def actor(self, state: AGState) -> Actor:
        """Who acts next: the head task's actor, None when the game is over (what the
        flow's default answers, read in one step: it is asked before every step)."""
        return state.tasks[0].actor if state.tasks else None

    def legal_actions(self, state: AGState) -> list[Action]:
        actions: list[Action] = FLOW.legal(self.rules, state)
        if not state.spells_variant or not state.tasks:
            return actions
        task = state.tasks[0]
        if task.seat is not None and task.kind != "window" \
                and FLOW.kind_of(task).phase != "setup":  # spells cast at any step
            actions.extend(spells.cast_actions(self.rules, state, task.player, spells.ANYTIME))
        return actions

    def explain(self, state: AGState, action: Action) -> Verdict:
        task = state.task
        if task is not None and action in self.legal_actions(state):
            who = state.seats[task.seat].name if task.seat is not None else str(task.actor)
            return Verdict.ok(RULEBOOK[_rule_for(task.kind, action)],
                              f"{who} may play {str(action)!r} now.")
        return self.rules.diagnose(state, action)

    def apply(self, state: AGState, action: Action) -> Step[AGState]:
        """Resolve the head task with ``action`` (assumed legal), then settle."""
        events: list[Event] = []
        return Step(self.advance(state, action, events), tuple(events))

    def advance(self, state: AGState, action: Action,
                events: list[Event] = UNREAD) -> AGState:
        """:meth:`apply`'s state: the head task resolved with ``action``, then the steps
        that need no decision settled, telling ``events`` what happened (by default
        nobody reads them, and no event or sentence is made)."""
        if action.verb == "cast":  # a spell, cast at a window or at any step of a turn
            state = spells.apply_cast(self.rules, state, state.tasks[0], action, events)
        else:
            state = FLOW.resolve(self.rules, state, action, events)
        return FLOW.settle(self.rules, state, events)

    def parse_action(self, state: AGState, text: str) -> Action:
        return parse(text)

    # -- chance --------------------------------------------------------------------
    def chance_outcomes(self, state: AGState) -> list[tuple[Action, Fraction]]:
        task = state.task
        if task is None or task.actor != "chance":
            return []
        if task.kind == "dice":
            return self.rules.dice_outcomes(state, task)
        actions = self.legal_actions(state)
        p = Fraction(1, len(actions))
        return [(a, p) for a in actions]

    def sample_chance(self, state: AGState, rng: random.Random) -> Action:
        task = state.task
        if task is not None and task.kind == "dice":
            return self.rules.sample_dice(state, task, rng)
        if task is None or task.actor != "chance":
            return super().sample_chance(state, rng)
        # the other chance steps are uniform: the outcome the default draw (running sums
        # of 1/n up to the point drawn) picks, found by the exact product instead
        actions = self.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        return actions[int(Fraction(rng.random()) * len(actions))]

    def chance_rng(self, state: AGState) -> random.Random:
        return state.rng.random()

    # -- end -----------------------------------------------------------------------
    def score_breakdown(self, state: AGState) -> ScoreBreakdown:
        return scoring.score_breakdown(self.rules, state)

    def winners(self, state: AGState) -> tuple[int, ...]:
        return scoring.winners(self.rules, state)

    # -- data ----------------------------------------------------------------------
    state_type = AGState

    def player_names(self, state: AGState) -> tuple[str, ...]:
        return tuple(s.name for s in state.seats)

    def invariants(self, state: AGState) -> list[str]:
        """Seats and pending steps that fit the table, every card in one place, stones
        an outline holds, distinct mages."""
        problems = self._table_problems(state)
        if problems:
            return problems
        places: Counter[str] = Counter(state.deck)
        places.update(state.supply)
        for s in state.seats:
            places.update(s.dealt if state.turn else ())
            places.update(c.animal for c in s.summoning)
            places.update(s.companions)
            for c in s.summoning:
                if c.animal not in self.rules.animals:
                    problems.append(f"{s.name}: unknown card {c.animal!r}")
                    continue
                for stone in set(c.stones):
                    if self.rules.capacity(c, stone) < 0:
                        problems.append(f"{s.name}'s {c.animal} carries more {stone} stones "
                                        "than its outline has")
                if c.stones != sort_stones(c.stones):
                    problems.append(f"{s.name}'s {c.animal}: stones not in canonical order")
        for card, n in places.items():
            if n > 1:
                problems.append(f"card {card!r} is in {n} places at once")
            if card not in self.rules.animals:
                problems.append(f"unknown card {card!r}")
        if state.turn and len(places) != len(self.rules.animals):
            missing = sorted(set(self.rules.animals) - set(places))
            problems.append(f"cards missing from play: {', '.join(missing)}")
        mages = [s.mage for s in state.seats if s.mage]
        if len(set(mages)) != len(mages):
            problems.append("two players hold the same mage")
        if not state.over and not state.tasks:
            problems.append("the game is not over but nothing is pending")
        return problems

    def _table_problems(self, state: AGState) -> list[str]:
        """The shape the rest relies on: seat numbers, known task kinds, spells and
        stones."""
        n = len(state.seats)
        if n != state.players:
            return [f"{state.players} players but {n} seats"]
        out: list[str] = []
        sound: list[tuple[int, Task]] = []
        for i, task in enumerate(state.tasks):
            found = FLOW.problems(task, state.players, f"tasks[{i}]")
            out += found
            if not found:
                sound.append((i, task))
        if state.tasks and state.tasks[0].kind in FLOW.settled_at_once():
            out.append(f"tasks[0]: {state.tasks[0].kind!r} is resolved before anyone acts")
        if state.roll is None:
            out += [f"tasks[{i}]: {t.kind!r} needs the dice of a roll, and none is on"
                    for i, t in enumerate(state.tasks) if t.kind in _ROLL_KINDS]
        else:
            dice = len(state.roll.dice)
            out += [f"tasks[{i}].data: task {t.kind!r}: die {d} is not one of the "
                    f"{dice} dice of the roll"
                    for i, t in sound if t.kind in ("dice", "collect")
                    for d in t.words if int(d) >= dice]
            thrown = {int(d) for _, t in sound if t.kind == "dice" for d in t.words}
            out += [f"roll.dice[{j}]: shows no face, and no throw of it is pending"
                    for j, die in enumerate(state.roll.dice) if not die.face and j not in thrown]
        out += [f"tasks[{i}].data: task 'activate': {a!r} is not a companion of "
                f"{state.seats[t.player].name}"
                for i, t in sound if t.kind == "activate"
                for a in t.words if a not in state.seats[t.player].companions]
        if state.active >= n:
            out.append(f"active: seat {state.active} is not a seat of this game")
        roll = state.roll
        if roll is not None and (roll.roller >= n or roll.burst_by >= n
                                 or any(r >= n for r in roll.rock_rolled)):
            out.append("roll: names a seat not in this game")
        for s in state.seats:
            out += [f"{s.name}: unknown spell {sp!r}"
                    for sp in (*s.spell_offer, *s.spells, *s.used_spells)
                    if sp not in self.rules.spell_ids]
            for c in s.summoning:
                if any(stone not in STONE_ORDER for stone in c.stones):
                    out.append(f"{s.name}'s {c.animal}: unknown stones {c.stones!r}")
            cards = {c.animal for c in s.summoning} | set(s.companions)
            out += [f"{s.name}: {what} {card!r} is not theirs"
                    for what, card in (("awakened", s.awakened), ("blessed", s.blessed))
                    if card and card not in cards]
        return out

    def scenario(self, spec: Mapping[str, Any]) -> AGState:
        return build_scenario(self, spec)

    def action_targets(self, state: AGState, action: Action) -> tuple[str, ...]:
        verb, args = action.verb, action.args
        if verb in ("take", "keep", "revive"):
            return (f"card:{args[0]}",)
        if verb == "place" and state.roll is not None:  # the dice showing the stone, too
            dice = tuple(f"die:{i}" for i, d in enumerate(state.roll.dice)
                         if d.face == args[0] and not d.use)
            return (f"card:{args[1]}", f"stone:{args[0]}", *dice)
        if verb in ("place", "bonus", "remove"):
            return (f"card:{args[1]}", f"stone:{args[0]}")
        if verb == "exchange":
            return (f"card:{args[1]}",)
        if verb == "use":
            cards = [a for a in args[2:] if a in self.rules.animals]
            return tuple(f"card:{a}" for a in [args[0], *cards])
        if verb == "skip":
            return (f"card:{args[0]}",)
        if verb in ("block", "reroll"):
            roll = state.roll
            labels = set(args)
            return tuple(f"die:{i}" for i, d in enumerate(roll.dice) if d.label in labels) \
                if roll else ()
        if verb == "roll":
            return ("dice",)
        return ()

    def describe(self, state: AGState) -> str:
        from gaia_lab.games.animals_gathering.text import describe

        return describe(self, state)


def _rule_for(kind: str, action: Action) -> str:
    if action.verb == "exchange":
        return "ag.mage.3" if action.args[0].startswith("OO") else "ag.power.exchange"
    if action.verb == "bonus":
        return "ag.mage.1"
    if action.verb == "use":
        return {"steal": "ag.power.steal", "raid": "ag.power.raid", "gift": "ag.power.gift_stone",
                "recruit": "ag.power.recruit"}.get(action.args[1], "ag.power.activation")
    if action.verb == "skip":
        return "ag.faq.optional"
    if action.verb == "pass":
        return "ag.turn.pass"
    if action.verb == "take":
        return "ag.take.card"
    if action.verb == "roll":
        return "ag.roll.dice_count"
    return FLOW.kinds[kind].rule


def _names(value: Any, players: int) -> list[str]:
    if value is None:
        return [f"P{i + 1}" for i in range(players)]
    if not isinstance(value, (list, tuple)) or len(value) != players or not all(
            isinstance(v, str) and v.strip() for v in value):
        raise InvalidStateError(f"options['names'] must list {players} non-empty names",
                                "options")
    if len(set(value)) != len(value):
        raise InvalidStateError("options['names'] has a name twice", "options")
    return [str(v) for v in value]


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One player of a scenario (see :func:`build_scenario`)."""

    mage: Annotated[int, Range(1, 5)] = 0
    """Required (0 only stands for a missing or unreadable mage)."""
    name: Name | None = None
    summoning: Mapping[str, Annotated[str, Size(0, 20)]] = field(default_factory=dict)
    companions: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    used_spells: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """A scenario description, as :func:`build_scenario` reads it."""

    players: Annotated[tuple[SeatSpec, ...], Size(2, MAX_PLAYERS)]
    active: SeatNumber = 0
    supply: tuple[str, ...] = ()
    deck: tuple[str, ...] | None = None
    seed: Annotated[int, Range(0, 2**63)] = 0
    spells: bool = False
    turn: Annotated[int, Range(1, 10**6)] = 1


def build_scenario(game: AnimalsGathering, spec: Mapping[str, Any]) -> AGState:
    """A position at the start of a turn, from a description (a :class:`ScenarioSpec`).

    ``spec`` has ``players`` (a list of ``{"name", "mage", "summoning": {card: stones},
    "companions": [cards], "spells": [...], "used_spells": [...]}``), ``active`` (seat),
    optional ``supply`` (cards), ``deck`` (cards, top first; by default the remaining
    cards in an order drawn from ``seed``), ``seed``, ``turn`` and ``spells`` (variant
    flag).  Every problem is reported at once.

    >>> build_scenario(AnimalsGathering(), {"players": [{"mage": 9}, {"mage": 2, "x": 1}],
    ...                                     "seed": -1})
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.InvalidStateError: scenario: 3 problems:
      - players[0].mage: must be from 1 to 5, got 9
      - players[1]: unknown field 'x'
      - seed: must be at least 0, got -1
    """
    rules = game.rules
    parsed, problems = codec.decode(ScenarioSpec, spec)
    if not isinstance(parsed, ScenarioSpec):
        raise InvalidStateError(problems, "scenario")
    seats: list[Seat] = []
    used: Counter[str] = Counter()
    for i, p in enumerate(parsed.players):
        name = p.name or f"P{i + 1}"
        where = f"players[{i}] ({name})"
        if p.mage == 0 and not any(x.startswith(f"players[{i}].mage") for x in problems):
            problems.append(f"players[{i}].mage: missing (1-5)")
        summoning: list[Summoned] = []
        for card, stones in p.summoning.items():
            if card not in rules.animals:
                problems.append(f"{where}: unknown card {card!r}")
                continue
            bad = [s for s in stones if s not in STONE_ORDER]
            if bad:
                problems.append(f"{where}: {card} has unknown stones {bad}")
                continue
            c = Summoned(card, sort_stones(stones))
            for s in set(stones):
                if rules.capacity(c, s) < 0:
                    problems.append(f"{where}: the {card}'s outline has fewer {s} "
                                    "stones than given")
            if len(stones) == rules.size[card]:
                problems.append(f"{where}: the {card} is complete; list it under "
                                "companions")
            summoning.append(c)
            used[card] += 1
        for card in p.companions:
            if card not in rules.animals:
                problems.append(f"{where}: unknown companion {card!r}")
            used[card] += 1
        for sp in p.spells + p.used_spells:
            if sp not in game.rules.spell_ids:
                problems.append(f"{where}: unknown spell {sp!r}")
        seats.append(Seat(name=name, mage=p.mage, summoning=tuple(summoning),
                          companions=p.companions, spells=p.spells,
                          used_spells=p.used_spells))
    if len({s.name for s in seats}) != len(seats):
        problems.append("two players have the same name")
    supply = parsed.supply
    used.update(supply)
    for card in supply:
        if card not in rules.animals:
            problems.append(f"supply: unknown card {card!r}")
    if len(supply) > 5:
        problems.append(f"supply: holds {len(supply)} cards, at most 5")
    if parsed.deck is not None:
        deck = parsed.deck
    else:
        rest = sorted(set(rules.animals) - set(used))
        random.Random(parsed.seed).shuffle(rest)
        deck = tuple(rest)
    used.update(deck)
    for card, n in used.items():
        if n > 1:
            problems.append(f"card {card!r} is placed {n} times")
    mages = [s.mage for s in seats if s.mage]
    if len(set(mages)) != len(mages):
        problems.append("two players hold the same mage")
    active = parsed.active
    if active >= len(seats):
        problems.append(f"active must be a seat number 0-{len(seats) - 1}")
    if problems:
        raise InvalidStateError(problems, "scenario")
    state = AGState(players=len(seats), seats=tuple(seats), deck=deck, supply=supply,
                    active=active, turn=parsed.turn, tasks=(Task("turn", active),),
                    spells_variant=parsed.spells, rng=Rng(parsed.seed))
    missing = game.invariants(state)
    if missing:
        raise InvalidStateError(missing, "scenario")
    return state
