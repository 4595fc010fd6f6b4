"""The Animals Gathering game object: the engine behind ``GAMES["animals_gathering"]``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.game import CHANCE, RULES, Actor, Game, GameMeta, Step
from gaia_lab.core.options import Option, declare
from gaia_lab.core.rng import Rng
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.animals_gathering import scoring
from gaia_lab.games.animals_gathering.actions import Action, parse
from gaia_lab.games.animals_gathering.components import Components, load_components
from gaia_lab.games.animals_gathering.rulebook import RULES as RULEBOOK
from gaia_lab.games.animals_gathering.rules import TASK_RULE, Rules
from gaia_lab.games.animals_gathering.state import (
    CHANCE_SEAT,
    RULES_SEAT,
    STONE_ORDER,
    AGState,
    Seat,
    Summoned,
    Task,
    sort_stones,
)

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
        tasks = [Task("deal_mages", CHANCE_SEAT), Task("deal_cards", CHANCE_SEAT)]
        if spells:
            tasks.append(Task("deal_spells", CHANCE_SEAT))
        tasks += [Task("keep", i) for i in range(players)]
        if spells:
            tasks += [Task("keep_spell", i) for i in range(players)]
        tasks += [Task("form_deck", CHANCE_SEAT), Task("supply", RULES_SEAT),
                  Task("stones_dice", RULES_SEAT), Task("reveal", RULES_SEAT)]
        return AGState(players=players, seats=tuple(Seat(n) for n in names),
                       tasks=tuple(tasks), spells_variant=spells, rng=Rng(seed))

    # -- flow ----------------------------------------------------------------------
    def actor(self, state: AGState) -> Actor:
        task = state.task
        if task is None:
            return None
        if task.seat == CHANCE_SEAT:
            return CHANCE
        if task.seat == RULES_SEAT:
            return RULES
        return task.seat

    def legal_actions(self, state: AGState) -> list[Action]:
        return self.rules.legal_actions(state)

    def explain(self, state: AGState, action: Action) -> Verdict:
        task = state.task
        if task is not None and action in self.rules.legal_actions(state):
            who = state.seats[task.seat].name if task.seat >= 0 else str(self.actor(state))
            return Verdict.ok(RULEBOOK[_rule_for(task.kind, action)],
                              f"{who} may play {str(action)!r} now.")
        return self.rules.diagnose(state, action)

    def apply(self, state: AGState, action: Action) -> Step[AGState]:
        new, events = self.rules.apply(state, action)
        return Step(new, tuple(events))

    def parse_action(self, state: AGState, text: str) -> Action:
        return parse(text)

    # -- chance --------------------------------------------------------------------
    def chance_outcomes(self, state: AGState) -> list[tuple[Action, Fraction]]:
        task = state.task
        if task is None or task.seat != CHANCE_SEAT:
            return []
        if task.kind == "dice":
            return self.rules.dice_outcomes(state, task)
        actions = self.rules.legal_actions(state)
        p = Fraction(1, len(actions))
        return [(a, p) for a in actions]

    def sample_chance(self, state: AGState, rng: random.Random) -> Action:
        task = state.task
        if task is not None and task.kind == "dice":
            return self.rules.sample_dice(state, task)
        return super().sample_chance(state, rng)

    def chance_rng(self, state: AGState) -> random.Random:
        return state.rng.random()

    # -- end -----------------------------------------------------------------------
    def score_breakdown(self, state: AGState) -> ScoreBreakdown:
        return scoring.score_breakdown(self.rules, state)

    def winners(self, state: AGState) -> tuple[int, ...]:
        return scoring.winners(self.rules, state)

    # -- data ----------------------------------------------------------------------
    def state_from_json(self, text: str) -> AGState:
        state = AGState.from_json(text)
        problems = self.invariants(state)
        if problems:
            raise InvalidStateError(problems, "state")
        return state

    def player_names(self, state: AGState) -> tuple[str, ...]:
        return tuple(s.name for s in state.seats)

    def invariants(self, state: AGState) -> list[str]:
        problems: list[str] = []
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

    def scenario(self, spec: Mapping[str, Any]) -> AGState:
        return build_scenario(self, spec)

    def action_targets(self, state: AGState, action: Action) -> tuple[str, ...]:
        verb, args = action.verb, action.args
        if verb in ("take", "keep", "revive"):
            return (f"card:{args[0]}",)
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
    return TASK_RULE[kind]


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


def build_scenario(game: AnimalsGathering, spec: Mapping[str, Any]) -> AGState:
    """A position at the start of a turn, from a description.

    ``spec`` has ``players`` (a list of ``{"name", "mage", "summoning": {card: stones},
    "companions": [cards], "spells": [...], "used_spells": [...]}``), ``active`` (seat),
    optional ``supply`` (cards), ``deck`` (cards, top first; by default the remaining
    cards in an order drawn from ``seed``), ``seed`` and ``spells`` (variant flag).
    Every problem is reported at once.
    """
    rules = game.rules
    problems: list[str] = []
    raw_players = spec.get("players")
    if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 5:
        raise InvalidStateError("scenario: 'players' must list 2 to 5 players", "scenario")
    seats: list[Seat] = []
    used: Counter[str] = Counter()
    for i, p in enumerate(raw_players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            problems.append(f"{where}: expected an object")
            continue
        name = str(p.get("name", f"P{i + 1}"))
        mage = p.get("mage", 0)
        if mage not in (1, 2, 3, 4, 5):
            problems.append(f"{where} ({name}): mage must be 1-5, got {mage!r}")
        summoning: list[Summoned] = []
        raw_summ = p.get("summoning", {})
        if not isinstance(raw_summ, dict):
            problems.append(f"{where} ({name}): summoning must map cards to stones")
            raw_summ = {}
        for card, stones in raw_summ.items():
            if card not in rules.animals:
                problems.append(f"{where} ({name}): unknown card {card!r}")
                continue
            stones = str(stones)
            bad = [s for s in stones if s not in STONE_ORDER]
            if bad:
                problems.append(f"{where} ({name}): {card} has unknown stones {bad}")
                continue
            c = Summoned(card, sort_stones(stones))
            for s in set(stones):
                if rules.capacity(c, s) < 0:
                    problems.append(f"{where} ({name}): the {card}'s outline has fewer {s} "
                                    "stones than given")
            if len(stones) == rules.size[card]:
                problems.append(f"{where} ({name}): the {card} is complete; list it under "
                                "companions")
            summoning.append(c)
            used[card] += 1
        companions = tuple(p.get("companions", ()))
        for card in companions:
            if card not in rules.animals:
                problems.append(f"{where} ({name}): unknown companion {card!r}")
            used[card] += 1
        spells = tuple(p.get("spells", ()))
        used_spells = tuple(p.get("used_spells", ()))
        for sp in spells + used_spells:
            if sp not in game.rules.spell_ids:
                problems.append(f"{where} ({name}): unknown spell {sp!r}")
        seats.append(Seat(name=name, mage=int(mage) if mage in (1, 2, 3, 4, 5) else 0,
                          summoning=tuple(summoning), companions=companions, spells=spells,
                          used_spells=used_spells))
    supply = tuple(spec.get("supply", ()))
    used.update(supply)
    for card in supply:
        if card not in rules.animals:
            problems.append(f"supply: unknown card {card!r}")
    if len(supply) > 5:
        problems.append(f"supply: holds {len(supply)} cards, at most 5")
    seed = int(spec.get("seed", 0))
    if "deck" in spec:
        deck = tuple(spec["deck"])
        used.update(deck)
    else:
        rest = sorted(set(rules.animals) - set(used))
        random.Random(seed).shuffle(rest)
        deck = tuple(rest)
        used.update(deck)
    for card, n in used.items():
        if n > 1:
            problems.append(f"card {card!r} is placed {n} times")
    mages = [s.mage for s in seats if s.mage]
    if len(set(mages)) != len(mages):
        problems.append("two players hold the same mage")
    active = spec.get("active", 0)
    if not isinstance(active, int) or not 0 <= active < len(seats):
        problems.append(f"active must be a seat number 0-{len(seats) - 1}")
        active = 0
    if problems:
        raise InvalidStateError(problems, "scenario")
    state = AGState(players=len(seats), seats=tuple(seats), deck=deck, supply=supply,
                    active=active, turn=int(spec.get("turn", 1)),
                    tasks=(Task("turn", active),), spells_variant=bool(spec.get("spells", False)),
                    rng=Rng(seed))
    missing = game.invariants(state)
    if missing:
        raise InvalidStateError(missing, "scenario")
    return state
