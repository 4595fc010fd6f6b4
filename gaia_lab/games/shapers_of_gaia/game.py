"""The Shapers of Gaia game object: the Game protocol over :class:`.state.SGState`.

Setup runs as numbered steps: the Shapers are dealt (chance, unless the ``shapers``
option names them), the three starting land tiles are placed between the Water tiles
(chance), the tile stack is shuffled I over II over III (chance), 3 tiles are dealt to
each player (rules), the DNA tokens go on their spaces (rules), the Species decks are
shuffled (chance), 2 cards of each deck make the display (rules) and the Resource
Tracks decide the start player (chance).

>>> from gaia_lab import Session
>>> g = ShapersOfGaia()
>>> s = Session(g, players=2, seed=1)
>>> s.actor in (0, 1), len(s.state.stack), [len(p.hand) for p in s.state.seats]
(True, 24, [3, 3])
>>> s.state.behaviors
('1A', '2A', '3B')
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, Final, Literal

from gaia_lab.core import codec
from gaia_lab.core.codec import Count, Range, Size
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Task
from gaia_lab.core.game import Actor, Game, GameMeta, Step, draw_uniform
from gaia_lab.core.options import Option, OptionError, declare
from gaia_lab.core.rng import Rng
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.shapers_of_gaia import board, scoring
from gaia_lab.games.shapers_of_gaia.actions import Action, parse
from gaia_lab.games.shapers_of_gaia.components import (
    ANIMALS,
    RESOURCES,
    Components,
    load_components,
)
from gaia_lab.games.shapers_of_gaia.rulebook import RULES as RULEBOOK
from gaia_lab.games.shapers_of_gaia.rules import (
    FLOW,
    RESTORE_LIMIT,
    ROW_LIMIT,
    SETUP,
    Rules,
)
from gaia_lab.games.shapers_of_gaia.state import (
    MAX_PLAYERS,
    Animal,
    PlayerState,
    RowCard,
    SeatNumber,
    SGState,
)

__all__ = ["META", "ScenarioSpec", "SeatSpec", "ShapersOfGaia"]


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """What a scenario changes on one seat (see :meth:`ShapersOfGaia.scenario`)."""

    resources: Mapping[str, Count] = field(default_factory=dict)
    toxicity: Count | None = None
    prestige: Count | None = None
    dna: tuple[str, ...] | None = None
    board: tuple[str, ...] | None = None
    rows: Annotated[tuple[Annotated[tuple[str, ...], Size(0, ROW_LIMIT)], ...],
                    Size(3, 3)] | None = None
    hand: tuple[str, ...] | None = None
    specials: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """A scenario description, as :meth:`ShapersOfGaia.scenario` reads it."""

    players: Annotated[int, Range(2, MAX_PLAYERS)] = 2
    seed: Annotated[int, Range(0, 2**63)] = 0
    shapers: tuple[str, ...] | None = None
    first: SeatNumber = 0
    behaviors: Literal["random"] | tuple[str, ...] | None = None
    seats: tuple[SeatSpec, ...] = ()
    tiles: Mapping[str, str] = field(default_factory=dict)
    animals: tuple[tuple[str, SeatNumber, str], ...] = ()
    caretaker: str | None = None
    positions: tuple[str, ...] | None = None

def _read_behaviors(value: Any) -> str | tuple[str, ...]:
    if value == "random":
        return "random"
    try:
        sides: tuple[str, ...] = Option.texts("behaviors", "").read(value)
        return sides
    except OptionError as exc:
        raise OptionError(f"{exc}, or 'random'") from None


def _write_behaviors(value: str | tuple[str, ...]) -> str | list[str]:
    return value if isinstance(value, str) else list(value)


META: Final = GameMeta(
    name="shapers_of_gaia",
    title="Shapers of Gaia",
    min_players=2,
    max_players=3,
    chance="cards",
    rule_source="Shapers of Gaia rulebook",
    components="reconstructed",
    options=declare(
        Option.texts("shapers", "the Shaper of each seat, e.g. ['telrin_aviary', "
                     "'maldera_rivers'] (dealt at random when absent)"),
        Option("behaviors", "the faceup Behavior sides, e.g. ['1B', '2A', '3A'], or "
               "'random' (default: the first game's 1A 2A 3B)",
               "a list of Behavior sides, or 'random'", _read_behaviors, _write_behaviors,
               default=("1A", "2A", "3B")),
    ),
    max_steps=20_000,
)

FIRST_GAME: Final = ("1A", "2A", "3B")


class ShapersOfGaia(Game[SGState, Action]):
    """Shapers of Gaia for 2-3 players."""

    meta = META
    rulebook = RULEBOOK
    flow = FLOW

    def __init__(self, components: Components | None = None) -> None:
        self.components = components or load_components()
        self.rules = Rules(self.components)

    # -- setup ---------------------------------------------------------------------
    def new_initial_state(self, players: int, seed: int = 0,
                          options: Mapping[str, Any] | None = None) -> SGState:
        if not META.min_players <= players <= META.max_players:
            raise InvalidStateError(f"Shapers of Gaia is for 2-3 players, not {players}",
                                    "players")
        options = dict(options or {})
        c = self.components
        chosen = options.get("behaviors") or FIRST_GAME
        rand = chosen == "random"
        behaviors: tuple[str, ...] = () if rand else tuple(chosen)
        problems = [f"unknown Behavior side {b!r}" for b in behaviors
                    if b not in {x.id for x in c.behaviors}]
        if not rand and sorted(b[:1] for b in behaviors) != ["1", "2", "3"]:
            problems.append("behaviors: one side of each card 1, 2 and 3")
        shaper_ids = options.get("shapers")
        seats = tuple(PlayerState("") for _ in range(players))
        tasks = [Task(k, "chance" if FLOW.kinds[k].actor == "chance" else "rules")
                 for k in SETUP if k != "behaviors" or rand]
        if shaper_ids is not None:
            ids = list(shaper_ids)
            known = {s.id for s in c.shapers}
            if len(ids) != players or len(set(ids)) != players or not set(ids) <= known:
                problems.append(f"shapers must be {players} different ids of {sorted(known)}")
            else:
                seats = tuple(self.rules.new_player(sid) for sid in ids)
                tasks = tasks[1:]
        if problems:
            raise InvalidStateError(problems, "options")
        tiles = [("V", "vault")] + [(board.label(h), f"s_water_{i + 1}")
                                    for i, h in enumerate(board.START_WATER)]
        order = board.ORDER
        return SGState(
            players=players, seats=seats,
            tiles=tuple(sorted(tiles, key=lambda t: order[t[0]])),
            shapers=("V",) * players, caretaker=board.label(board.CARETAKER_START),
            behaviors=behaviors, tasks=tuple(tasks), rng=Rng(seed))

    # -- flow ----------------------------------------------------------------------
    def actor(self, state: SGState) -> Actor:
        tasks = state.tasks  # the head task's actor (FLOW.actor), read directly
        return tasks[0].actor if tasks and not state.over else None

    def legal_actions(self, state: SGState) -> list[Action]:
        return self.rules.legal(state)

    def explain(self, state: SGState, action: Action) -> Verdict:
        task = state.task
        if task is not None and task.actor == "chance" and not state.over:
            return self._explain_chance(state, task, action)
        return self.rules.explain(state, action)

    def apply(self, state: SGState, action: Action) -> Step[SGState]:
        events: list[Event] = []
        new = self.rules.apply(state, action, events)
        return Step(new, tuple(events))

    def advance(self, state: SGState, action: Action) -> SGState:
        """:meth:`apply`'s state, with none of its events made."""
        return self.rules.apply(state, action)

    def parse_action(self, state: SGState, text: str) -> Action:
        return parse(text)

    # -- chance --------------------------------------------------------------------
    def chance_rng(self, state: SGState) -> random.Random:
        return state.rng.random()

    def chance_outcomes(self, state: SGState) -> list[tuple[Action, Fraction]]:
        task = state.task
        if task is None or task.actor != "chance":
            return []
        outcomes = self.rules.legal(state)  # every chance step of setup is uniform
        return [(a, Fraction(1, len(outcomes))) for a in outcomes]

    def sample_chance(self, state: SGState, rng: random.Random) -> Action:
        """Draw one chance outcome with ``rng``: the one :meth:`Game.sample_chance
        <gaia_lab.core.game.Game.sample_chance>` draws, without listing probabilities
        (every chance step of this game is uniform: :func:`~gaia_lab.core.game.draw_uniform`).

        >>> g = ShapersOfGaia()
        >>> s = g.new_initial_state(3, seed=4)
        >>> g.sample_chance(s, g.chance_rng(s)) == Game.sample_chance(g, s, g.chance_rng(s))
        True
        """
        task = state.task
        if task is None or task.actor != "chance":
            return super().sample_chance(state, rng)
        outcomes = self.rules.legal(state)
        if len(outcomes) == 1:
            return outcomes[0]
        return draw_uniform(rng, outcomes)

    def _explain_chance(self, state: SGState, task: Task, action: Action) -> Verdict:
        rule = RULEBOOK[FLOW.kind_of(task).rule]
        if action.verb != task.kind:
            return Verdict.illegal(f"phase.{task.kind}", f"This is the {task.kind} setup "
                                   f"step, not {action.verb!r}.", rule)
        c = self.components
        if task.kind in ("stack", "decks"):
            groups = ([[t.id for t in c.stage(s)] for s in ("I", "II", "III")]
                      if task.kind == "stack" else
                      [[s.id for s in c.deck(a)] for a in ANIMALS])
            args = list(action.args)
            ok = True
            for g in groups:
                part, args = args[:len(g)], args[len(g):]
                ok = ok and sorted(part) == sorted(g)
            if ok and not args:
                return Verdict.ok(rule, "A possible shuffle.")
            what = ("tile, I then II then III" if task.kind == "stack"
                    else "card, Scavengers then Herbivores then Predators")
            return Verdict.illegal("setup.not_a_shuffle", f"The order must hold every {what}, "
                                   "each once.", rule)
        if action in [a for a, _ in self.chance_outcomes(state)]:
            return Verdict.ok(rule, "A possible outcome.")
        return Verdict.illegal("setup.not_an_outcome", f"{action} is not a possible outcome "
                               f"of the {task.kind} step.", rule)

    # -- end -----------------------------------------------------------------------
    def player_names(self, state: SGState) -> tuple[str, ...]:
        return tuple(f"P{i + 1}" for i in range(state.players))

    def score_breakdown(self, state: SGState) -> ScoreBreakdown:
        return scoring.breakdown(self.components, state, self.player_names(state))

    def winners(self, state: SGState) -> tuple[int, ...]:
        return scoring.winners(self.components, state, self.player_names(state))

    # -- data ----------------------------------------------------------------------
    state_type = SGState

    def invariants(self, state: SGState) -> list[str]:
        """What any state must be (seats, tasks, spaces and components it names), then
        conservation and limits once setup is over."""
        c = self.components
        out = self._table_problems(state)
        if out or any(t.kind in SETUP for t in state.tasks):
            return out
        for i, p in enumerate(state.seats):
            mine = sum(1 for a in state.animals if a.seat == i)
            if mine + len(p.board) != 10:
                out.append(f"P{i + 1}: {mine} animals out and {len(p.board)} on the board")
            if any(len(row) > 4 for row in p.rows):
                out.append(f"P{i + 1}: a row holds more than 4 cards")
        dna = len(state.dna_board) + len(state.dna_removed)
        dna += sum(len(p.dna) for p in state.seats)
        if dna != 18:
            out.append(f"{dna} DNA tokens, not 18")
        cards = [*itertools.chain(*state.decks), *itertools.chain(*state.displays),
                 *state.removed, *(rc.card for rc in state.borrowed)]
        for p in state.seats:
            cards += [rc.card for row in p.rows for rc in row] + list(p.specials)
        specials = sum(len(c.specials(p.shaper)) for p in state.seats)
        if len(cards) != len(set(cards)) or len(cards) != 45 + specials:
            out.append(f"{len(cards)} Species cards in play, not {45 + specials}")
        tiles = [t for _, t in state.tiles] + list(state.stack)
        tiles += [t for p in state.seats for t in p.hand]
        if len(tiles) != len(set(tiles)) or len(tiles) != 37:
            out.append(f"{len(tiles)} tiles, not 37")
        return out

    def _table_problems(self, state: SGState) -> list[str]:
        """The shape the rules rely on: seat numbers, known task kinds, Shapers, spaces,
        tiles and cards that exist, resources within their track."""
        c = self.components
        n = len(state.seats)
        if n != state.players:
            return [f"{state.players} players but {n} seats"]
        out: list[str] = []
        for i, t in enumerate(state.tasks):
            found = FLOW.problems(t, state.players, f"tasks[{i}]")
            out += found or self._task_problems(state, i, t)
        out += [f"{name}: seat {v} is not a seat of this game"
                for name, v in (("active", state.active), ("first", state.first))
                if v >= n]
        out += [f"behaviors: unknown Behavior side {b!r}" for b in state.behaviors
                if b not in {x.id for x in c.behaviors}]
        shapers = {s.id for s in c.shapers}
        cards = {s.id for s in c.species}
        tile_ids = {t.id for t in c.tiles}
        vault = {v.id for v in c.vault}
        for i, p in enumerate(state.seats):
            if p.shaper not in shapers:
                if p.shaper or p.board != PlayerState("").board:
                    out.append(f"P{i + 1}: unknown Shaper {p.shaper!r}")
                continue
            for r, v in zip(RESOURCES, p.resources, strict=True):
                if v > c.resource(r).max:
                    out.append(f"P{i + 1}: {r} at {v}, over {c.resource(r).max}")
            spaces = {sp.id for sp in c.shaper(p.shaper).spaces}
            out += [f"P{i + 1}: no space {sp!r} on the Shaper board"
                    for sp in p.board if sp not in spaces]
            out += [f"P{i + 1}: unknown card {rc.card!r}"
                    for rc in itertools.chain(*p.rows) if rc.card not in cards]
            out += [f"P{i + 1}: unknown tile {t!r}" for t in p.hand if t not in tile_ids]
        if len(state.shapers) != n:
            out.append(f"shapers: {len(state.shapers)} figures for {n} seats")
        spaces_named = [*state.shapers, state.caretaker, *(at for at, _ in state.tiles),
                        *(at for at, _ in state.dna_board)]
        out += [f"no space {at!r} on the board" for at in spaces_named
                if at not in board.ORDER]
        out += [f"tiles: unknown tile {t!r}" for _, t in state.tiles if t not in tile_ids]
        out += [f"stack: unknown tile {t!r}" for t in state.stack if t not in tile_ids]
        out += [f"unknown card {cid!r}" for cid in itertools.chain(
            *state.decks, *state.displays, state.removed) if cid not in cards]
        for a in state.animals:
            if a.seat >= n:
                out.append(f"animals: seat {a.seat} is not a seat of this game")
            elif a.where not in board.ORDER and a.where not in vault:
                out.append(f"animals: no space {a.where!r}")
        return out

    def _task_problems(self, state: SGState, i: int, task: Task) -> list[str]:
        """What the data of a sound task (``tasks[i]``) names that the table must have:
        a tile, a tile's action, the cards of a row still to activate, a card to
        remove."""
        c, kind, words, path = self.components, task.kind, task.words, f"tasks[{i}]"
        if kind in ("resolve", "other"):
            tile = next((t for t in c.tiles if t.id == words[0]), None)
            if tile is None:
                return [f"{path}.data[0]: task {kind!r}: unknown tile {words[0]!r}"]
            if kind == "other" and int(words[1]) >= len(tile.actions):
                return [f"{path}.data[1]: task 'other': tile {tile.id} has "
                        f"{len(tile.actions)} action(s), not a second"]
        if kind == "activate" and task.player < len(state.seats):
            known = self.rules.pending(state, task.player, words[0])
            return [f"{path}.data[{j}]: task 'activate': {cid!r} is not a card of the "
                    f"{'rows' if words[0] == '*' else words[0] + ' row'} or borrowed"
                    for j, cid in enumerate(words[1:], 1) if cid not in known]
        if kind == "end":
            cards = {s.id for s in c.species}
            return [f"{path}.data[{j}]: task 'end': expected remove=<card>, got {w!r}"
                    for j, w in enumerate(words[1:], 1)
                    if not w.startswith("remove=") or w[len("remove="):] not in cards]
        if kind == "more" and i == 0 and int(words[0]) >= RESTORE_LIMIT:
            return [f"{path}.data[0]: task 'more': {words[0]} tiles restored; no more are "
                    "offered"]
        return []

    def scenario(self, spec: Mapping[str, Any]) -> SGState:
        """A position after setup (seed 0 unless ``seed``), with some of it changed.

        ``spec`` keys: ``players`` (2), ``seed``, ``shapers`` (seat order), ``first``
        (seat), ``behaviors``; ``seats``: one dict per seat of :class:`.state.PlayerState`
        fields (``resources`` as a dict by resource, ``rows`` as three lists of card ids,
        ``"h02 B"`` for side B; cards leave the decks and displays, DNA tokens leave the
        board, hand tiles come from the stack); ``tiles``: ``{space: tile id}`` (taken from
        the stack or a hand, which refills from the stack); ``animals``: ``[where, seat,
        space]`` entries (the space leaves that Shaper board); ``caretaker``; ``positions``
        (each seat's Shaper).

        >>> g = ShapersOfGaia()
        >>> s = g.scenario({"shapers": ["telrin_aviary", "maldera_rivers"],
        ...                 "seats": [{"resources": {"seed": 7}, "prestige": 9}]})
        >>> s.seat(0).resource("seed"), s.seat(0).prestige, g.actor(s)
        (7, 9, 0)
        >>> g.scenario({"seats": [{"colour": "red", "prestige": -1}], "tiles": {"B1": "nope"}})
        Traceback (most recent call last):
        ...
        gaia_lab.core.errors.InvalidStateError: scenario: 3 problems:
          - seats[0]: unknown field 'colour'
          - seats[0].prestige: must be at least 0, got -1
          - tiles: unknown tile 'nope'
        """
        parsed, problems = codec.decode(ScenarioSpec, spec)
        if not isinstance(parsed, ScenarioSpec):
            raise InvalidStateError(problems, "scenario")
        players = parsed.players
        shapers = parsed.shapers or tuple(s.id for s in self.components.shapers)[:players]
        try:
            state = self.new_initial_state(players, parsed.seed, {
                "shapers": list(shapers), "behaviors": parsed.behaviors})
        except InvalidStateError as exc:
            raise InvalidStateError([*problems, *exc.problems], "scenario") from None
        first = parsed.first
        if first >= players:
            problems.append(f"first: seat {first} is not a seat of this game")
            first = 0
        if len(parsed.seats) > players:
            problems.append(f"seats: {len(parsed.seats)} seats for {players} players")
        while state.task is not None and FLOW.kind_of(state.task).phase == "setup":
            if state.task.kind == "first":
                action = Action("first", (str(first + 1),))
            else:
                action = self.legal_actions(state)[0]
            state = self.advance(state, action)
        loose: list[str] = []
        state = self._scenario_board(state, parsed, problems, loose)
        state = self._scenario_seats(state, parsed.seats[:players], problems, loose)
        if loose:
            problems.append(f"tiles cover {len(loose)} DNA token(s) ({', '.join(loose)}): "
                            "give them to a seat ('dna')")
        state = self._scenario_animals(state, parsed, problems)
        if not problems:
            problems = self._table_problems(state)
        if problems:
            raise InvalidStateError(problems, "scenario")
        return state

    def _scenario_seats(self, state: SGState, specs: tuple[SeatSpec, ...],
                        problems: list[str], loose: list[str]) -> SGState:
        c = self.components
        cards = {x.id for x in c.species}
        for i, change in enumerate(specs):
            where = f"seats[{i}]"
            p = state.seat(i)
            for r, v in change.resources.items():
                if r not in RESOURCES:
                    problems.append(f"{where}.resources: unknown resource {r!r}")
                elif v > c.resource(r).max:
                    problems.append(f"{where}.resources.{r}: at most {c.resource(r).max}, "
                                    f"got {v}")
                else:
                    p = p.with_resource(r, v)
            if change.toxicity is not None:
                p = evolve(p, toxicity=change.toxicity)
            if change.prestige is not None:
                p = evolve(p, prestige=change.prestige)
            if change.dna is not None:
                board_dna = list(state.dna_board)
                for colour in change.dna:
                    if colour in loose:
                        loose.remove(colour)
                        continue
                    spot = next((d for d in board_dna if d[1] == colour), None)
                    if spot is None:
                        problems.append(f"{where}.dna: no {colour} DNA token left")
                    else:
                        board_dna.remove(spot)
                state = evolve(state, dna_board=tuple(board_dna))
                p = evolve(p, dna=tuple(sorted(change.dna)))
            if change.board is not None:
                p = evolve(p, board=change.board)
            if change.rows is not None:
                rows = []
                for row in change.rows:
                    row_cards = []
                    for text in row:
                        cid, *side = text.split() or [""]
                        if cid not in cards:
                            problems.append(f"{where}.rows: unknown card {cid!r}")
                            continue
                        row_cards.append(RowCard(cid, 1 if side == ["B"] else 0))
                        state = self._take_card(state, cid)
                    rows.append(tuple(row_cards))
                p = evolve(p, rows=tuple(rows))
            if change.hand is not None:
                state = state.with_seat(i, p)
                state = self._scenario_hand(state, i, list(change.hand), problems)
                p = state.seat(i)
            if change.specials is not None:
                p = evolve(p, specials=change.specials)
            state = state.with_seat(i, p)
        return state

    def _scenario_hand(self, state: SGState, seat: int, hand: list[str],
                       problems: list[str]) -> SGState:
        """Give ``seat`` exactly ``hand``: tiles come from the stack or another hand (which
        draws the top of the stack instead); the old hand goes under the stack."""
        old = [t for t in state.seat(seat).hand if t not in hand]
        stack = [t for t in state.stack if t not in hand]
        seats = list(state.seats)
        for j, p in enumerate(seats):
            if j != seat:
                kept = [t for t in p.hand if t not in hand]
                while len(kept) < len(p.hand) and stack:
                    kept.append(stack.pop(0))
                seats[j] = evolve(p, hand=tuple(kept))
        where = {t for p in state.seats for t in p.hand} | set(state.stack)
        problems += [f"seat {seat + 1}: tile {t!r} is not in the stack or a hand"
                     for t in hand if t not in where]
        seats[seat] = evolve(seats[seat], hand=tuple(t for t in hand if t in where))
        return evolve(state, seats=tuple(seats), stack=tuple(stack + old))

    def _take_card(self, state: SGState, cid: str) -> SGState:
        decks = [tuple(x for x in d if x != cid) for d in state.decks]
        displays = [tuple(x for x in d if x != cid) for d in state.displays]
        for j in range(3):
            while len(displays[j]) < 2 and decks[j]:
                displays[j], decks[j] = (*displays[j], decks[j][0]), decks[j][1:]
        seats = tuple(evolve(p, specials=tuple(x for x in p.specials if x != cid))
                      for p in state.seats)
        return evolve(state, decks=tuple(decks), displays=tuple(displays), seats=seats)

    def _scenario_board(self, state: SGState, spec: ScenarioSpec,
                        problems: list[str], loose: list[str]) -> SGState:
        c = self.components
        order = {board.label(h): i for i, h in enumerate(board.SPACES)}
        tiles = dict(state.tiles)
        for space, tile in spec.tiles.items():
            if tile not in {t.id for t in c.tiles}:
                problems.append(f"tiles: unknown tile {tile!r}")
                continue
            if space not in order or space in tiles:
                problems.append(f"tiles: {space!r} is not an empty space")
                continue
            if tile in tiles.values():
                problems.append(f"tiles: {tile!r} is placed twice")
                continue
            tiles[space] = tile
            stack = tuple(t for t in state.stack if t != tile)
            seats = list(state.seats)
            for i, p in enumerate(seats):
                if tile in p.hand and stack:
                    seats[i] = evolve(p, hand=(*(t for t in p.hand if t != tile), stack[0]))
                    stack = stack[1:]
            loose += [colour for at, colour in state.dna_board if at == space]
            state = evolve(state, stack=stack, seats=tuple(seats),
                           dna_board=tuple(d for d in state.dna_board if d[0] != space))
        state = evolve(state, tiles=tuple(sorted(tiles.items(), key=lambda t: order[t[0]])))
        if spec.caretaker is not None:
            state = evolve(state, caretaker=spec.caretaker)
        if spec.positions is not None:
            if len(spec.positions) != state.players:
                problems.append(f"positions: {len(spec.positions)} Shapers for "
                                f"{state.players} players")
            state = evolve(state, shapers=spec.positions)
        return state

    def _scenario_animals(self, state: SGState, spec: ScenarioSpec,
                          problems: list[str]) -> SGState:
        c = self.components
        animals = list(state.animals)
        for where, seat, space in spec.animals:
            if seat >= state.players:
                problems.append(f"animals: seat {seat} is not a seat of this game")
                continue
            p = state.seat(seat)
            if space not in p.board:
                problems.append(f"animals: seat {seat + 1} has no animal on {space}")
                continue
            kind = c.shaper(p.shaper).space(space).animal
            animals.append(Animal(where, seat, kind, space))
            state = state.with_seat(seat, evolve(p, board=tuple(x for x in p.board
                                                                if x != space)))
        return evolve(state, animals=tuple(animals))

    def action_targets(self, state: SGState, action: Action) -> tuple[str, ...]:
        """Board spaces (``space:B1``), Vault spaces (``vault:vh1``), cards (``card:s03``),
        tiles in hand (``tile:i_forest_1``) an action concerns.

        >>> g = ShapersOfGaia()
        >>> s = g.scenario({})
        >>> g.action_targets(s, g.parse_action(s, "restore i_forest_1 B1"))
        ('tile:i_forest_1', 'space:B1')
        """
        def place(word: str) -> str:
            return f"vault:{word}" if word.startswith("v") else f"space:{word}"

        v, args = action.verb, action.args
        if v == "intro":
            return (f"animal:{args[0]}", place(args[1]))
        if v in ("restore", "accrete"):
            tile, where = (args[0], args[1]) if v == "restore" else (args[1], args[0])
            return (f"tile:{tile}", f"space:{where}")
        if v in ("redeploy", "stasis"):
            return (place(args[0]), place(args[1]))
        if v in ("card", "avian", "clone", "activate", "decline", "surge") and args:
            cards = args if v == "surge" else args[:1]
            return tuple(f"card:{c}" for c in cards if c != "top")
        return ()

    def describe(self, state: SGState) -> str:
        task = state.task
        head = "over" if task is None or state.over else f"{task.kind} ({task.seat})"
        counts = Counter(a.seat for a in state.animals)
        return (f"Shapers of Gaia, turn {state.turn}, {head}; stack {len(state.stack)}; "
                f"animals out {dict(sorted(counts.items()))}")
