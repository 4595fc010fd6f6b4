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
from fractions import Fraction
from typing import Any, Final

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.events import Event
from gaia_lab.core.game import CHANCE, RULES, Actor, Game, GameMeta, Step
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
from gaia_lab.games.shapers_of_gaia.rules import TASK_RULE, Rules
from gaia_lab.games.shapers_of_gaia.state import (
    CHANCE_SEAT,
    RULES_SEAT,
    Animal,
    PlayerState,
    RowCard,
    SGState,
    Task,
)

__all__ = ["META", "ShapersOfGaia"]

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

SETUP: Final = ("shapers", "land", "stack", "deal", "dna", "behaviors", "decks", "display",
                "first")
FIRST_GAME: Final = ("1A", "2A", "3B")
HAND: Final = 3


class ShapersOfGaia(Game[SGState, Action]):
    """Shapers of Gaia for 2-3 players."""

    meta = META
    rulebook = RULEBOOK

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
        tasks = [Task(k, RULES_SEAT if k in ("deal", "dna", "display") else CHANCE_SEAT)
                 for k in SETUP if k != "behaviors" or rand]
        if shaper_ids is not None:
            ids = list(shaper_ids)
            known = {s.id for s in c.shapers}
            if len(ids) != players or len(set(ids)) != players or not set(ids) <= known:
                problems.append(f"shapers must be {players} different ids of {sorted(known)}")
            else:
                seats = tuple(self._player(sid) for sid in ids)
                tasks = tasks[1:]
        if problems:
            raise InvalidStateError(problems, "options")
        tiles = [("V", "vault")] + [(board.label(h), f"s_water_{i + 1}")
                                    for i, h in enumerate(board.START_WATER)]
        order = {board.label(h): i for i, h in enumerate(board.SPACES)}
        return SGState(
            players=players, seats=seats,
            tiles=tuple(sorted(tiles, key=lambda t: order[t[0]])),
            shapers=("V",) * players, caretaker=board.label(board.CARETAKER_START),
            behaviors=behaviors, tasks=tuple(tasks), rng=Rng(seed))

    def _player(self, shaper_id: str) -> PlayerState:
        return PlayerState(shaper_id, specials=tuple(
            s.id for s in self.components.specials(shaper_id)))

    # -- flow ----------------------------------------------------------------------
    def actor(self, state: SGState) -> Actor:
        task = state.task
        if task is None or state.over:
            return None
        if task.seat == CHANCE_SEAT:
            return CHANCE
        if task.seat == RULES_SEAT:
            return RULES
        return task.seat

    def legal_actions(self, state: SGState) -> list[Action]:
        task = state.task
        if task is not None and task.seat == CHANCE_SEAT:
            return [a for a, _ in self.chance_outcomes(state)]
        return list(self.rules.legal(state))

    def explain(self, state: SGState, action: Action) -> Verdict:
        task = state.task
        if task is not None and task.seat == CHANCE_SEAT and not state.over:
            return self._explain_chance(state, task, action)
        return self.rules.explain(state, action)

    def apply(self, state: SGState, action: Action) -> Step[SGState]:
        task = state.task
        if task is not None and task.seat == CHANCE_SEAT:
            new, events = self._apply_chance(state, task, action)
            return Step(new, tuple(events))
        if task is not None and task.kind in ("deal", "dna", "display"):
            new, events = self._apply_setup(state, task)
            return Step(new, tuple(events))
        new, evs = self.rules.apply(state, action)
        return Step(new, tuple(evs))

    def parse_action(self, state: SGState, text: str) -> Action:
        return parse(text)

    # -- chance --------------------------------------------------------------------
    def chance_rng(self, state: SGState) -> random.Random:
        return state.rng.random()

    def chance_outcomes(self, state: SGState) -> list[tuple[Action, Fraction]]:
        task = state.task
        if task is None or task.seat != CHANCE_SEAT:
            return []
        c = self.components
        if task.kind == "shapers":
            ids = [s.id for s in c.shapers]
            perms = list(itertools.permutations(ids, state.players))
            return [(Action("shapers", p), Fraction(1, len(perms))) for p in perms]
        if task.kind == "land":
            land = [t.id for t in c.stage("S") if t.biome not in ("water", "vault")]
            perms = list(itertools.permutations(land))
            return [(Action("land", p), Fraction(1, len(perms))) for p in perms]
        if task.kind == "first":
            return [(Action("first", (str(i + 1),)), Fraction(1, state.players))
                    for i in range(state.players)]
        if task.kind == "behaviors":
            sides = list(itertools.product("AB", repeat=3))
            return [(Action("behaviors", side), Fraction(1, len(sides))) for side in sides]
        rng = self.chance_rng(state)
        if task.kind == "stack":
            order: list[str] = []
            for stage in ("I", "II", "III"):
                pile = [t.id for t in c.stage(stage)]
                rng.shuffle(pile)
                order += pile
            return [(Action("stack", tuple(order)), Fraction(1))]
        order = []
        for animal in ANIMALS:
            deck = [s.id for s in c.deck(animal)]
            rng.shuffle(deck)
            order += deck
        return [(Action("decks", tuple(order)), Fraction(1))]

    def _explain_chance(self, state: SGState, task: Task, action: Action) -> Verdict:
        rule = TASK_RULE[task.kind]
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

    def _apply_chance(self, state: SGState, task: Task,
                      action: Action) -> tuple[SGState, list[Event]]:
        rest = state.tasks[1:]
        state = evolve(state, tasks=rest, rng=state.rng.advanced())
        rule = TASK_RULE[task.kind]
        if task.kind == "shapers":
            seats = tuple(self._player(sid) for sid in action.args)
            names = ", ".join(self.components.shaper(s).name for s in action.args)
            return evolve(state, seats=seats), [Event("setup.shapers", f"Shapers: {names}.",
                                                      rule, "chance")]
        if task.kind == "land":
            order = {board.label(h): i for i, h in enumerate(board.SPACES)}
            placed = [(board.label(h), t) for h, t in zip(board.START_LAND, action.args,
                                                          strict=True)]
            tiles = tuple(sorted((*state.tiles, *placed), key=lambda t: order[t[0]]))
            return evolve(state, tiles=tiles), [Event(
                "setup.land", "Starting land tiles: " + ", ".join(
                    f"{t} on {s}" for s, t in placed) + ".", rule, "chance")]
        if task.kind == "stack":
            return evolve(state, stack=action.args), [Event(
                "setup.stack", "The Biome tiles are shuffled into the stack (I on top, III at "
                "the bottom).", rule, "chance")]
        if task.kind == "behaviors":
            chosen = tuple(f"{i + 1}{side}" for i, side in enumerate(action.args))
            return evolve(state, behaviors=chosen), [Event(
                "setup.behaviors", f"Behavior sides: {' '.join(chosen)}.", rule, "chance")]
        if task.kind == "decks":
            decks = []
            args = action.args
            for animal in ANIMALS:
                n = len(self.components.deck(animal))
                decks.append(args[:n])
                args = args[n:]
            return evolve(state, decks=tuple(decks)), [Event(
                "setup.decks", "The three Species decks are shuffled.", rule, "chance")]
        first = int(action.args[0]) - 1
        return evolve(state, first=first, active=first, turn=1,
                      tasks=(Task("turn", first), *rest)), [Event(
                          "setup.first", f"P{first + 1} has the start player's Resource "
                          "Track and begins.", rule, "chance")]

    def _apply_setup(self, state: SGState, task: Task) -> tuple[SGState, list[Event]]:
        rest = state.tasks[1:]
        rule = TASK_RULE[task.kind]
        if task.kind == "deal":
            stack = state.stack
            seats = []
            for p in state.seats:
                seats.append(evolve(p, hand=stack[:HAND]))
                stack = stack[HAND:]
            return evolve(state, seats=tuple(seats), stack=stack, tasks=rest), [Event(
                "setup.deal", f"Each player is dealt {HAND} tiles.", rule, "rules",
                automatic=True)]
        if task.kind == "dna":
            order = {h: i for i, h in enumerate(board.SPACES)}
            at = sorted(self.components.dna_at().items(), key=lambda kv: order[kv[0]])
            dna = tuple((board.label(h), colour) for h, colour in at)
            return evolve(state, dna_board=dna, tasks=rest), [Event(
                "setup.dna", f"{len(dna)} DNA tokens go on their spaces.", rule, "rules",
                automatic=True)]
        displays = tuple(d[:2] for d in state.decks)
        decks = tuple(d[2:] for d in state.decks)
        return evolve(state, decks=decks, displays=displays, tasks=rest), [Event(
            "setup.display", "Two cards of each deck form the display.", rule, "rules",
            automatic=True)]

    # -- end -----------------------------------------------------------------------
    def player_names(self, state: SGState) -> tuple[str, ...]:
        return tuple(f"P{i + 1}" for i in range(state.players))

    def score_breakdown(self, state: SGState) -> ScoreBreakdown:
        return scoring.breakdown(self.components, state, self.player_names(state))

    def winners(self, state: SGState) -> tuple[int, ...]:
        return scoring.winners(self.components, state, self.player_names(state))

    # -- data ----------------------------------------------------------------------
    def state_from_json(self, text: str) -> SGState:
        return SGState.from_json(text)

    def invariants(self, state: SGState) -> list[str]:
        """Conservation and limits once setup is over."""
        if any(t.kind in SETUP for t in state.tasks):
            return []
        c = self.components
        out: list[str] = []
        for i, p in enumerate(state.seats):
            mine = sum(1 for a in state.animals if a.seat == i)
            if mine + len(p.board) != 10:
                out.append(f"P{i + 1}: {mine} animals out and {len(p.board)} on the board")
            for r, v in zip(RESOURCES, p.resources, strict=True):
                if not 0 <= v <= c.resource(r).max:
                    out.append(f"P{i + 1}: {r} at {v}")
            if p.toxicity < 0 or p.prestige < 0:
                out.append(f"P{i + 1}: negative tokens")
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
        >>> g.scenario({"seats": [{"colour": "red"}], "tiles": {"B1": "nope"}})
        Traceback (most recent call last):
        ...
        gaia_lab.core.errors.InvalidStateError: scenario: 2 problems:
          - tiles: unknown tile 'nope'
          - seat 1: unknown field 'colour'
        """
        known = {"players", "seed", "shapers", "first", "behaviors", "seats", "tiles",
                 "animals", "caretaker", "positions"}
        problems = [f"unknown key {k!r}" for k in spec if k not in known]
        players = int(spec.get("players", 2))
        shapers = spec.get("shapers") or [s.id for s in self.components.shapers][:players]
        state = self.new_initial_state(players, int(spec.get("seed", 0)),
                                       {"shapers": list(shapers),
                                        "behaviors": spec.get("behaviors")})
        while state.task is not None and state.task.kind in SETUP:
            if state.task.kind == "first":
                first = int(spec.get("first", 0))
                state = self.apply(state, Action("first", (str(first + 1),))).state
            else:
                action = self.legal_actions(state)[0]
                state = self.apply(state, action).state
        loose: list[str] = []
        state = self._scenario_board(state, spec, problems, loose)
        state = self._scenario_seats(state, spec.get("seats") or [], problems, loose)
        if loose:
            problems.append(f"tiles cover {len(loose)} DNA token(s) ({', '.join(loose)}): "
                            "give them to a seat ('dna')")
        state = self._scenario_animals(state, spec, problems)
        if problems:
            raise InvalidStateError(problems, "scenario")
        return state

    def _scenario_seats(self, state: SGState, specs: Any, problems: list[str],
                        loose: list[str]) -> SGState:
        c = self.components
        fields = set(PlayerState.__slots__)
        for i, changes in enumerate(specs):
            p = state.seat(i)
            for key, value in dict(changes).items():
                if key not in fields or key == "shaper":
                    problems.append(f"seat {i + 1}: unknown field {key!r}")
                elif key == "resources":
                    for r, v in dict(value).items():
                        p = p.with_resource(r, int(v))
                elif key == "rows":
                    rows = []
                    for row in value:
                        cards = []
                        for text in row:
                            cid, *side = str(text).split()
                            if cid not in {x.id for x in c.species}:
                                problems.append(f"seat {i + 1}: unknown card {cid!r}")
                                continue
                            cards.append(RowCard(cid, 1 if side == ["B"] else 0))
                            state = self._take_card(state, cid)
                        rows.append(tuple(cards))
                    p = evolve(p, rows=tuple(rows))
                elif key == "dna":
                    board_dna = list(state.dna_board)
                    for colour in value:
                        if colour in loose:
                            loose.remove(colour)
                            continue
                        spot = next((d for d in board_dna if d[1] == colour), None)
                        if spot is None:
                            problems.append(f"seat {i + 1}: no {colour} DNA token left")
                        else:
                            board_dna.remove(spot)
                    state = evolve(state, dna_board=tuple(board_dna))
                    p = evolve(p, dna=tuple(sorted(value)))
                elif key == "hand":
                    state = state.with_seat(i, p)
                    state = self._scenario_hand(state, i, [str(t) for t in value], problems)
                    p = state.seat(i)
                elif key in ("toxicity", "prestige"):
                    p = evolve(p, **{key: int(value)})
                else:
                    p = evolve(p, **{key: tuple(value)})
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

    def _scenario_board(self, state: SGState, spec: Mapping[str, Any],
                        problems: list[str], loose: list[str]) -> SGState:
        c = self.components
        order = {board.label(h): i for i, h in enumerate(board.SPACES)}
        tiles = dict(state.tiles)
        for space, tile in dict(spec.get("tiles") or {}).items():
            if tile not in {t.id for t in c.tiles}:
                problems.append(f"tiles: unknown tile {tile!r}")
                continue
            if space not in order or space in tiles:
                problems.append(f"tiles: {space!r} is not an empty space")
                continue
            tiles[space] = tile
            stack = tuple(t for t in state.stack if t != tile)
            seats = list(state.seats)
            for i, p in enumerate(seats):
                if tile in p.hand:
                    seats[i] = evolve(p, hand=(*(t for t in p.hand if t != tile), stack[0]))
                    stack = stack[1:]
            loose += [colour for at, colour in state.dna_board if at == space]
            state = evolve(state, stack=stack, seats=tuple(seats),
                           dna_board=tuple(d for d in state.dna_board if d[0] != space))
        state = evolve(state, tiles=tuple(sorted(tiles.items(), key=lambda t: order[t[0]])))
        if "caretaker" in spec:
            state = evolve(state, caretaker=str(spec["caretaker"]))
        if "positions" in spec:
            state = evolve(state, shapers=tuple(str(x) for x in spec["positions"]))
        return state

    def _scenario_animals(self, state: SGState, spec: Mapping[str, Any],
                          problems: list[str]) -> SGState:
        c = self.components
        animals = list(state.animals)
        for entry in spec.get("animals") or []:
            where, seat, space = str(entry[0]), int(entry[1]), str(entry[2])
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
