"""The GAIA (Tiki Editions) game object: the Game protocol over :class:`.state.GTState`.

Setup runs as steps: the decks and Objectives are shuffled (chance), the first tile goes
on the centre, the markets are turned face up, the hands are dealt and the Objectives
revealed (rules).  Options: ``advanced`` (stealing Cities, two meeples on a fully
satisfied City) and ``powers`` (the Power deck; on by default with the advanced game).

>>> from gaia_lab import Session
>>> s = Session(GaiaTiki(), players=3, seed=1)
>>> [len(p.hand) for p in s.state.seats], len(s.state.objectives), s.state.tiles[0].at
([3, 3, 3], 5, 'F6')
>>> s = Session(GaiaTiki(), players=2, seed=1, options={"advanced": True})
>>> [len(p.hand) for p in s.state.seats], [p.meeples for p in s.state.seats]
([4, 4], [6, 6])
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, Final

from gaia_lab.core import codec
from gaia_lab.core.codec import Range
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Task
from gaia_lab.core.game import Game, GameMeta, Step
from gaia_lab.core.options import Option, declare
from gaia_lab.core.rng import Rng
from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_tiki import board
from gaia_lab.games.gaia_tiki.actions import Action, parse, seat_word
from gaia_lab.games.gaia_tiki.board import ANIMALS, TERRAINS
from gaia_lab.games.gaia_tiki.components import (
    ANIMAL_TOKENS,
    Components,
    face,
    load_components,
)
from gaia_lab.games.gaia_tiki.rulebook import RULES as RULEBOOK
from gaia_lab.games.gaia_tiki.rules import (
    FLOW,
    HAND_LIMIT,
    MARKET,
    POWER_LIMIT,
    SETUP,
    Rules,
    meeples_per_player,
)
from gaia_lab.games.gaia_tiki.state import (
    DECKS,
    MAX_PLAYERS,
    City,
    GTState,
    Objective,
    PlayerState,
    SeatNumber,
    Tile,
)

__all__ = ["META", "GaiaTiki", "ScenarioSpec", "SeatSpec"]

META: Final = GameMeta(
    name="gaia_tiki",
    title="GAIA (Tiki Editions)",
    min_players=2,
    max_players=MAX_PLAYERS,
    chance="cards",
    rule_source="GAIA (Tiki Editions) rules summary (Italian)",
    components="reconstructed",
    options=declare(
        Option.flag("advanced", "the advanced rules: stealing Cities, two meeples on a "
                    "fully satisfied City"),
        Option.flag("powers", "the Power deck with its disasters (advanced game only; "
                    "default: on with the advanced rules)"),
    ),
    max_steps=5_000,
)


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """What a scenario sets on one seat (see :meth:`GaiaTiki.scenario`)."""

    hand: tuple[str, ...] | None = None
    """Card ids or faces (``plain`` takes a free Nature card of plain)."""
    chips: Mapping[str, Annotated[int, Range(0, 20)]] = field(default_factory=dict)
    powers: tuple[str, ...] = ()
    """Power cards played, in front of the player."""


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """A scenario description, as :meth:`GaiaTiki.scenario` reads it."""

    players: Annotated[int, Range(2, MAX_PLAYERS)] = 2
    seed: Annotated[int, Range(0, 2**63 - 1)] = 0
    advanced: bool = False
    powers: bool | None = None
    tiles: Mapping[str, str] | None = None
    """``{square: terrain}``: the whole table (the first tile is replaced)."""
    animals: Mapping[str, tuple[str, Annotated[int, Range(1, ANIMAL_TOKENS)]]] = field(
        default_factory=dict)
    """``{square: [animal, tokens]}``."""
    cities: Mapping[str, tuple[str, tuple[SeatNumber, ...]]] = field(default_factory=dict)
    """``{square: [City, [seats of its meeples]]}``."""
    seats: tuple[SeatSpec, ...] = ()
    objectives: tuple[str, ...] | None = None
    """The revealed Objectives, in order."""
    claimed: Mapping[str, SeatNumber] = field(default_factory=dict)
    """``{Objective: seat}``: Objectives already claimed."""
    active: SeatNumber = 0
    deck_sizes: Mapping[str, Annotated[int, Range(0, 60)]] = field(default_factory=dict)
    """``{deck: n}``: keep only the top ``n`` cards of a deck (the rest are discarded)."""


class GaiaTiki(Game[GTState, Action]):
    """GAIA (Tiki Editions) for 2-5 players, base or advanced, with or without Powers."""

    meta = META
    rulebook = RULEBOOK
    flow = FLOW
    state_type = GTState

    def __init__(self, components: Components | None = None) -> None:
        self.components = components or load_components()
        self.rules = Rules(self.components)

    # -- setup ---------------------------------------------------------------------
    def new_initial_state(self, players: int, seed: int = 0,
                          options: Mapping[str, Any] | None = None) -> GTState:
        if not META.min_players <= players <= META.max_players:
            raise InvalidStateError(f"GAIA is for 2-5 players, not {players}", "players")
        options = dict(options or {})
        advanced = bool(options.get("advanced", False))
        powers = options.get("powers")
        if powers and not advanced:
            raise InvalidStateError("options: the Powers go with the advanced rules "
                                    "(advanced: true) [gt.power.optional]", "options")
        with_powers = advanced if powers is None else bool(powers)
        c = self.components
        decks = (c.deck("nature"), c.deck("life"), c.deck("power") if with_powers else ())
        seat = PlayerState(meeples=meeples_per_player(players))
        return GTState(
            players=players, seats=(seat,) * players, advanced=advanced, powers=with_powers,
            decks=decks, unused=tuple(o.id for o in c.objectives),
            tile_supply=c.tiles_total(), chip_supply=c.chips_total(), bank=ANIMAL_TOKENS,
            tasks=tuple(Task(k, "chance" if FLOW.kinds[k].actor == "chance" else "rules")
                        for k in SETUP), rng=Rng(seed))

    # -- flow ----------------------------------------------------------------------
    def legal_actions(self, state: GTState) -> list[Action]:
        return self.rules.legal(state)

    def explain(self, state: GTState, action: Action) -> Verdict:
        return self.rules.check(state, action)

    def apply(self, state: GTState, action: Action) -> Step[GTState]:
        events: list[Event] = []
        new = FLOW.resolve(self.rules, state, action, events)
        new = FLOW.settle(self.rules, new, events)
        return Step(new, tuple(events))

    def parse_action(self, state: GTState, text: str) -> Action:
        return parse(text)

    # -- chance --------------------------------------------------------------------
    def chance_rng(self, state: GTState) -> random.Random:
        return state.rng.random()

    def chance_outcomes(self, state: GTState) -> list[tuple[Action, Fraction]]:
        task = state.task
        if task is None or task.actor != "chance":
            return []
        if task.kind == "shuffle":
            return [(Action("shuffle"), Fraction(1))]
        hand = [face(c) for c in state.seat(task.number(0)).hand]
        counts = Counter(hand)
        return [(Action("steal", (name,)), Fraction(counts[name], len(hand)))
                for name in sorted(counts)]

    # -- end -----------------------------------------------------------------------
    def score_breakdown(self, state: GTState) -> ScoreBreakdown:
        names = self.player_names(state)
        lines = []
        for s in range(state.players):
            on_cities, on_objectives = self.rules.placed(state, s)
            where = ", ".join(f"{self.components.city(c.card).name} {c.meeples.count(s)}"
                              for c in state.cities if s in c.meeples)
            claimed = ", ".join(self.components.objective(o.card).name
                                for o in state.objectives if o.claimed == s)
            lines.append(ScoreLine(s, "Meeples on Cities", on_cities,
                                   RULEBOOK["gt.end.last_card"], where or "none"))
            lines.append(ScoreLine(s, "Meeples on Objectives", on_objectives,
                                   RULEBOOK["gt.end.last_card"], claimed or "none"))
        return ScoreBreakdown(names, tuple(lines))

    def winners(self, state: GTState) -> tuple[int, ...]:
        """The player who placed their last meeple; after a deck's last card, the most
        meeples placed, a tie going to the tied player first clockwise after the one who
        ended the game; during the game, the leaders."""
        if state.end == "meeples":
            return (state.ender,)
        placed = [sum(self.rules.placed(state, s)) for s in range(state.players)]
        tied = [s for s in range(state.players) if placed[s] == max(placed)]
        if state.end == "deck":
            order = [(state.ender + k) % state.players for k in range(1, state.players + 1)]
            return (next(s for s in order if s in tied),)
        return tuple(tied)

    # -- data ----------------------------------------------------------------------
    def invariants(self, state: GTState) -> list[str]:
        """The shape the rules rely on, then conservation of every component."""
        out = self._shape_problems(state)
        if out:
            return out
        return self._conservation_problems(state)

    def _shape_problems(self, state: GTState) -> list[str]:  # noqa: C901
        c = self.components
        n = state.players
        if len(state.seats) != n:
            return [f"{n} players but {len(state.seats)} seats"]
        out: list[str] = []
        for i, t in enumerate(state.tasks):
            out += FLOW.problems(t, n, f"tasks[{i}]")
        if out:
            return out
        for i, t in enumerate(state.tasks):
            if t.kind == "steal":
                victim = t.number(0)
                if victim >= n or victim == state.active or not state.seats[victim].hand:
                    out.append(f"tasks[{i}]: task 'steal': seat {victim} is no opponent of "
                               f"the active seat {state.active} with a card in hand")
        for name, v in (("active", state.active), ("ender", state.ender)):
            if v >= n:
                out.append(f"{name}: seat {v} is not a seat of this game")
        if state.powers and not state.advanced:
            out.append("powers: the Power deck goes with the advanced rules")
        if bool(state.end) != (state.ender >= 0) or (state.end and state.tasks):
            out.append(f"end {state.end!r}, ender {state.ender} and {len(state.tasks)} "
                       "pending tasks disagree (an ended game has an ender and no task)")
        if not state.end and not state.tasks:
            out.append("tasks: nothing is pending but the game has not ended")
        cards = [*itertools.chain(*state.decks, *state.markets), *state.discard,
                 *(city.card for city in state.cities)]
        for p in state.seats:
            cards += [*p.hand, *p.powers]
        out += [f"unknown card {x!r}" for x in sorted(set(cards)) if not c.is_card(x)
                or c.card_kind(x) == "objective"]
        for p_i, p in enumerate(state.seats):
            out += [f"seats[{p_i}].played: unknown card {x!r}" for x in p.played
                    if not c.is_card(x)]
            out += [f"seats[{p_i}].powers: {x!r} is not a Power card" for x in p.powers
                    if c.is_card(x) and c.card_kind(x) != "power"]
        for deck, cards_in, market in zip(DECKS, state.decks, state.markets, strict=True):
            wrong = [x for x in (*cards_in, *market) if c.is_card(x) and c.card_kind(x) != deck]
            out += [f"{deck} deck: {x!r} is not a {deck} card" for x in wrong]
            if len(market) > MARKET[deck]:
                out.append(f"{deck} market: {len(market)} cards, at most {MARKET[deck]}")
        ids = [o.card for o in state.objectives] + list(state.unused)
        known = [o.id for o in c.objectives]
        if sorted(ids) != sorted(known):
            out.append(f"objectives and unused hold {_list(ids)}; the Objectives are "
                       f"{_list(known)}, each once")
        out += [f"objectives: seat {o.claimed} is not a seat of this game"
                for o in state.objectives if o.claimed >= n]
        cells = [t.at for t in state.tiles]
        if cells != sorted(set(cells), key=board.cell_order):
            out.append("tiles: one tile per square, in grid order")
        for tile in state.tiles:
            if (tile.animals > 0) != bool(tile.kind):
                out.append(f"tiles {tile.at}: {tile.animals} Animal tokens of kind "
                           f"{tile.kind!r}")
        eaten = sum(t.eaten for t in state.tiles)
        if eaten > len(self.components.cities) * (state.turn + 1):
            out.append(f"tiles: {eaten} Animals eaten by turn {state.turn}, more than one "
                       f"per City ({len(self.components.cities)}) a turn allows")
        at = [city.at for city in state.cities]
        if at != sorted(set(at), key=board.cell_order):
            out.append("cities: one City per square, in grid order")
        for city in state.cities:
            out += self._city_problems(state, city)
        return out

    def _city_problems(self, state: GTState, city: City) -> list[str]:
        c = self.components
        where = f"cities {city.at}"
        if not c.is_city(city.card):
            return [f"{where}: {city.card!r} is not a City"]
        tile = state.tile_at(city.at)
        if tile is None:
            return [f"{where}: no tile under the City"]
        out = []
        if tile.animals:
            out.append(f"{where}: Animals under a City")
        if any(s >= state.players for s in city.meeples):
            return [f"{where}: a meeple of a seat not in this game"]
        met = self.rules.satisfaction(state, city.card, city.at)
        if met != city.met:
            out.append(f"{where}: met is {city.met}, but {met} needs are met")
        if city.met == 0:
            out.append(f"{where}: a City meeting no need is removed")
        if city.met <= 1 and city.meeples:
            out.append(f"{where}: a City with {city.met} need met holds no meeple")
        if list(city.meeples) != sorted(city.meeples):
            out.append(f"{where}: meeples in seat order")
        counts = Counter(city.meeples)
        most = 2 if state.advanced and city.met == 4 else 1
        if any(k > most for k in counts.values()):
            out.append(f"{where}: at most {most} meeple(s) of a colour")
        if state.advanced and len(counts) > 1:
            out.append(f"{where}: in the advanced game a City holds one colour")
        return out

    def _conservation_problems(self, state: GTState) -> list[str]:
        c = self.components
        out: list[str] = []
        cards = [*itertools.chain(*state.decks, *state.markets), *state.discard,
                 *(city.card for city in state.cities)]
        for p in state.seats:
            cards += [*p.hand, *p.powers]
        expected = [*c.deck("nature"), *c.deck("life"), *(c.deck("power") if state.powers
                                                          else ())]
        if sorted(cards) != sorted(expected):
            extra = sorted((Counter(cards) - Counter(expected)).elements())
            missing = sorted((Counter(expected) - Counter(cards)).elements())
            out.append(f"cards: {len(cards)} in play, {len(expected)} expected (twice or "
                       f"unexpected: {_list(extra)}; missing: {_list(missing)})")
        on_table = Counter(t.terrain for t in state.tiles)
        for i, terrain in enumerate(TERRAINS):
            if on_table[terrain] + state.tile_supply[i] != c.terrain(terrain).tiles:
                out.append(f"{terrain} tiles: {on_table[terrain]} on the table and "
                           f"{state.tile_supply[i]} in the supply, not "
                           f"{c.terrain(terrain).tiles}")
            spent = sum(c.objective(o.card).chip_counts()[i] for o in state.objectives
                        if o.claimed >= 0)
            held = sum(p.chips[i] for p in state.seats)
            if held + spent + state.chip_supply[i] != c.terrain(terrain).chips:
                out.append(f"{terrain} chips: {held} held, {spent} spent on Objectives and "
                           f"{state.chip_supply[i]} in the supply, not "
                           f"{c.terrain(terrain).chips}")
        tokens = state.bank + sum(t.animals for t in state.tiles)
        if tokens != ANIMAL_TOKENS:
            out.append(f"Animal tokens: {tokens}, not {ANIMAL_TOKENS}")
        total = meeples_per_player(state.players)
        discards = {t.player for t in state.tasks if t.kind == "discard"}
        for s, p in enumerate(state.seats):
            placed = sum(self.rules.placed(state, s))
            if placed + p.meeples != total:
                out.append(f"P{s + 1}: {placed} meeples placed and {p.meeples} in the "
                           f"supply, not {total}")
            powers = sum(1 for x in p.hand if c.card_kind(x) == "power")
            if not state.end and s not in discards and (
                    len(p.hand) > HAND_LIMIT or powers > POWER_LIMIT):
                out.append(f"P{s + 1}: {len(p.hand)} cards ({powers} Powers) in hand, over "
                           "a limit, with no discard pending")
        return out

    # -- scenario ------------------------------------------------------------------
    def scenario(self, spec: Mapping[str, Any]) -> GTState:
        """A position at the start of a turn (after setup with seed 0 unless ``seed``;
        feeding done, or pending with a choice), with some of it set: ``tiles``
        (``{square: terrain}``, the whole table),
        ``animals`` (``{square: [animal, tokens]}``), ``cities`` (``{square: [City,
        [seats]]}``; their satisfaction is computed), ``seats`` (``hand``: card ids or
        faces, ``chips``: ``{terrain: n}``, ``powers``: Power cards played),
        ``objectives`` (the revealed ones), ``claimed`` (``{Objective: seat}``),
        ``active``, ``advanced``, ``powers``, ``deck_sizes`` (``{deck: n}``: the top ``n``
        cards stay, the rest are discarded).  Cards come from wherever they are (a
        market refills from its deck; an old hand goes under its decks).

        >>> g = GaiaTiki()
        >>> s = g.scenario({"tiles": {"F6": "plain", "F7": "sea", "F5": "forest"},
        ...                 "cities": {"F6": ["sole", [0]]}})
        >>> s.city_at("F6").met, s.seat(0).meeples
        (2, 5)
        >>> g.scenario({"tiles": {"F6": "lava"}, "cities": {"F6": ["sole", [7]]}})
        Traceback (most recent call last):
        ...
        gaia_lab.core.errors.InvalidStateError: scenario: 2 problems:
          - cities.F6[1][0]: must be from 0 to 4, got 7
          - tiles: F6: unknown terrain 'lava'
        """
        parsed, problems = codec.decode(ScenarioSpec, spec)
        if isinstance(parsed, ScenarioSpec):
            problems += self._spec_problems(parsed)
        if problems or not isinstance(parsed, ScenarioSpec):
            raise InvalidStateError(problems, "scenario")
        try:
            state = self.new_initial_state(parsed.players, parsed.seed, {
                "advanced": parsed.advanced, **({} if parsed.powers is None else
                                                {"powers": parsed.powers})})
        except InvalidStateError as exc:
            raise InvalidStateError(exc.problems, "scenario") from None
        while state.task is not None and state.task.kind != "start":
            state = self.apply(state, self.legal_actions(state)[0]).state
        state = self._scenario_table(state, parsed, problems)
        state = self._scenario_cards(state, parsed, problems)
        if not problems:
            problems = self.invariants(state)
        if problems:
            raise InvalidStateError(problems, "scenario")
        while self.actor(state) == "rules":
            state = self.apply(state, self.legal_actions(state)[0]).state
        return state

    def _spec_problems(self, spec: ScenarioSpec) -> list[str]:
        c = self.components
        out = []
        for cell, terrain in (spec.tiles or {}).items():
            if not board.is_cell(cell):
                out.append(f"tiles: {cell!r} is not a square (A1 to K11)")
            if terrain not in TERRAINS:
                out.append(f"tiles: {cell}: unknown terrain {terrain!r}")
        for cell, (kind, _) in spec.animals.items():
            if kind not in ANIMALS:
                out.append(f"animals: {cell}: unknown animal {kind!r} (goat, fish)")
        for cell, (card, _) in spec.cities.items():
            if not c.is_city(card):
                out.append(f"cities: {cell}: unknown City {card!r}")
        if spec.active >= spec.players:
            out.append(f"active: seat {spec.active} is not a seat of this game")
        if len(spec.seats) > spec.players:
            out.append(f"seats: {len(spec.seats)} seats for {spec.players} players")
        for i, seat in enumerate(spec.seats):
            out += [f"seats[{i}].chips: unknown terrain {t!r}" for t in seat.chips
                    if t not in TERRAINS]
        out += [f"deck_sizes: unknown deck {d!r} (nature, life, power)"
                for d in spec.deck_sizes if d not in DECKS]
        known = {o.id for o in c.objectives}
        out += [f"objectives: unknown Objective {o!r}" for o in (*(spec.objectives or ()),
                                                                 *spec.claimed)
                if o not in known]
        return out

    def _scenario_table(self, state: GTState, spec: ScenarioSpec,
                        problems: list[str]) -> GTState:
        if spec.tiles is not None:
            tiles = [Tile(cell, terrain) for cell, terrain in spec.tiles.items()]
            supply = list(self.components.tiles_total())
            for t in tiles:
                supply[TERRAINS.index(t.terrain)] -= 1
            problems += [f"tiles: {-v} {terrain} tiles more than the box holds"
                         for terrain, v in zip(TERRAINS, supply, strict=True) if v < 0]
            state = evolve(state, tiles=tuple(sorted(tiles, key=lambda t: board.cell_order(
                t.at))), tile_supply=tuple(max(v, 0) for v in supply))
        bank = ANIMAL_TOKENS
        tiles_by = {t.at: t for t in state.tiles}
        for cell, (kind, n) in spec.animals.items():
            if cell not in tiles_by:
                problems.append(f"animals: {cell} holds no tile")
                continue
            tiles_by[cell] = evolve(tiles_by[cell], animals=n, kind=kind)
            bank -= n
        if bank < 0:
            problems.append(f"animals: {ANIMAL_TOKENS - bank} tokens, the bank holds "
                            f"{ANIMAL_TOKENS}")
        state = evolve(state, tiles=tuple(sorted(tiles_by.values(),
                                                 key=lambda t: board.cell_order(t.at))),
                       bank=max(bank, 0))
        return state

    def _take(self, state: GTState, card: str) -> GTState:
        """The state with ``card`` taken out of the decks, markets, hands and discard."""
        decks = [list(d) for d in state.decks]
        markets = [list(m) for m in state.markets]
        for d, m in zip(decks, markets, strict=True):
            if card in d:
                d.remove(card)
            if card in m:
                m[m.index(card)] = d.pop(0) if d else ""
                m[:] = [x for x in m if x]
        seats = [evolve(p, hand=tuple(x for x in p.hand if x != card)) for p in state.seats]
        return evolve(state, decks=tuple(map(tuple, decks)), markets=tuple(map(tuple, markets)),
                      seats=tuple(seats), discard=tuple(x for x in state.discard if x != card))

    def _free_card(self, state: GTState, name: str, taken: set[str]) -> str | None:
        """A card with this id or face that is not yet set by the scenario."""
        c = self.components
        if c.is_card(name) and c.card_kind(name) != "objective":
            return name if name not in taken else None
        deck = "nature" if name in TERRAINS else "power" if any(
            p.id == name for p in c.powers) else "life"
        where = [*state.markets[DECKS.index(deck)], *state.decks[DECKS.index(deck)],
                 *state.discard, *(x for p in state.seats for x in p.hand)]
        return next((x for x in where if face(x) == name and x not in taken), None)

    def _scenario_cards(self, state: GTState, spec: ScenarioSpec,  # noqa: C901
                        problems: list[str]) -> GTState:
        c = self.components
        taken: set[str] = set()
        seats = list(state.seats)
        cities = []
        for cell, (card, meeples) in spec.cities.items():
            if state.tile_at(cell) is None:
                problems.append(f"cities: {cell} holds no tile")
                continue
            state = self._take(state, card)
            taken.add(card)
            cities.append(City(card, cell, tuple(sorted(meeples))))
            for s in meeples:
                if s < len(seats):
                    seats[s] = evolve(seats[s], meeples=seats[s].meeples - 1)
        hands: list[tuple[str, ...]] = []
        for i, seat in enumerate(spec.seats):
            hand = []
            for name in seat.hand or ():
                found = self._free_card(state, name, taken)
                if found is None:
                    problems.append(f"seats[{i}].hand: no free card {name!r}")
                    continue
                taken.add(found)
                hand.append(found)
            powers = []
            for name in seat.powers:
                found = self._free_card(state, name, taken)
                if found is None or c.card_kind(found) != "power":
                    problems.append(f"seats[{i}].powers: no free Power card {name!r}")
                    continue
                taken.add(found)
                powers.append(found)
            hands.append(tuple(hand))
            for card in (*hand, *powers):
                state = self._take(state, card)
            chips = list(seats[i].chips)
            for t, n in seat.chips.items():
                if t in TERRAINS:
                    chips[TERRAINS.index(t)] = n
            seats[i] = evolve(seats[i], chips=tuple(chips), powers=tuple(powers))
        # the hands replaced go under their decks
        old = {i: state.seat(i).hand for i, seat in enumerate(spec.seats)
               if seat.hand is not None}
        decks = [list(d) for d in state.decks]
        for held in old.values():
            for card in held:
                decks[DECKS.index(c.card_kind(card))].append(card)
        for i, seat in enumerate(spec.seats):
            kept = hands[i] if seat.hand is not None else state.seat(i).hand
            seats[i] = evolve(seats[i], hand=kept)
        for i in range(len(spec.seats), len(seats)):
            seats[i] = evolve(seats[i], hand=state.seat(i).hand)
        chip_supply = list(c.chips_total())
        for p in seats:
            for k, v in enumerate(p.chips):
                chip_supply[k] -= v
        state = evolve(state, seats=tuple(seats), decks=tuple(map(tuple, decks)),
                       cities=tuple(sorted(cities, key=lambda x: board.cell_order(x.at))))
        state = evolve(state, cities=tuple(evolve(x, met=self.rules.satisfaction(
            state, x.card, x.at)) for x in state.cities))
        if spec.objectives is not None:
            state = evolve(state, objectives=tuple(Objective(o) for o in spec.objectives),
                           unused=tuple(o.id for o in c.objectives
                                        if o.id not in spec.objectives))
        shown = [o.card for o in state.objectives]
        for oid, s in spec.claimed.items():
            if oid not in shown:
                problems.append(f"claimed: {oid!r} is not a revealed Objective")
                continue
            state = evolve(state, objectives=tuple(evolve(o, claimed=s) if o.card == oid
                                                   else o for o in state.objectives))
            if s < state.players:
                p = state.seat(s)
                state = state.with_seat(s, evolve(p, meeples=p.meeples - 1))
            for k, v in enumerate(c.objective(oid).chip_counts()):
                chip_supply[k] -= v
        decks = [list(d) for d in state.decks]
        discard = list(state.discard)
        for deck, n in spec.deck_sizes.items():
            if deck in DECKS:
                cards = decks[DECKS.index(deck)]
                discard += cards[n:]
                del cards[n:]
        state = evolve(state, decks=tuple(map(tuple, decks)), discard=tuple(discard))
        if any(v < 0 for v in chip_supply):
            problems.append("chips: more chips than the box holds")
        if any(p.meeples < 0 for p in state.seats):
            problems.append("meeples: a seat places more meeples than it has")
            return state
        return evolve(state, chip_supply=tuple(max(v, 0) for v in chip_supply),
                      active=spec.active if spec.active < state.players else 0)

    # -- views ---------------------------------------------------------------------
    def action_targets(self, state: GTState, action: Action) -> tuple[str, ...]:
        """Ids of the board elements an action concerns: squares (``cell:F7``), cards in
        hand (``card:borea``), market cards (``market:nature:2``), decks
        (``deck:life``), players (``seat:1``).

        >>> g = GaiaTiki()
        >>> s = g.scenario({})
        >>> g.action_targets(s, g.parse_action(s, "tile plain F7"))
        ('card:plain', 'cell:F7')
        """
        v, args = action.verb, action.args
        if v == "draw":
            return (f"deck:{args[0]}",) if args[1] == "deck" else (
                f"market:{args[0]}:{args[1]}",)
        if v in ("tile", "city", "animals", "power"):
            return (f"card:{args[0]}", *(f"cell:{a}" if board.is_cell(a) else
                                         f"seat:{int(a[1:]) - 1}" for a in args[1:]))
        if v == "feed":
            return (f"cell:{args[0]}", f"cell:{args[2]}")
        if v == "discard":
            return (f"card:{args[0]}",)
        return ()

    def describe(self, state: GTState) -> str:
        task = state.task
        head = "over" if task is None else f"{task.kind} ({task.actor})"
        placed = [sum(self.rules.placed(state, s)) for s in range(state.players)]
        return (f"GAIA, turn {state.turn}, {head}; {len(state.tiles)} tiles, "
                f"{len(state.cities)} Cities; meeples placed {placed}")

    def player_names(self, state: GTState) -> tuple[str, ...]:
        return tuple(seat_word(s) for s in range(state.players))


def _list(items: list[str]) -> str:
    return ", ".join(items) if items else "none"
