"""The conformance harness every engine passes: :func:`check_game`.

:func:`check_game` plays seeded random games through a
:class:`~gaia_lab.core.session.Session` and checks the engine at every step: the
legal actions, the notation, :meth:`~gaia_lab.core.game.Game.explain` on legal actions
and on illegal probes, ``apply``, JSON round trips, invariants, chance distributions,
scoring, record replay, determinism (also with the global :mod:`random` disturbed),
undo/redo and goto, and the contract under bad input: every public Session entry point
given arguments of the wrong type or range (:data:`BAD_VALUES`, another game's action,
garbage and very long notation) raises a GaiaLabError and leaves the session unchanged,
and tampered records are refused.  For a game on the flow kernel
(:attr:`Game.flow <gaia_lab.core.game.Game.flow>`) every visited state's queue must
make sense: its head task's actor is the game's actor, each task passes
:meth:`Flow.problems <gaia_lab.core.flow.Flow.problems>` and
:meth:`Game.pending <gaia_lab.core.game.Game.pending>` describes the head under a rule
of the rulebook.  Mutated JSON of a few visited states (a field deleted, a number made
negative or huge, a text replaced by a list) and mutated scenarios of the game's worked
examples must be refused with an InvalidStateError or give a state the engine can work
with.  The first failure raises :class:`AssertionError` naming the game,
the player count, the seed, the options, the step, the action and what went wrong.

>>> import gaia_lab
>>> report = check_game(gaia_lab.GAMES["animals_gathering"], seeds=[0], players=[2])
>>> report.games
1
>>> print(report)  # doctest: +ELLIPSIS
animals_gathering: 1 games, ... steps (... decisions, ... chance, ... rules), ...
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import Any, NoReturn

from gaia_lab.core.checks import MAX_NOTATION, short
from gaia_lab.core.errors import GaiaLabError, InvalidStateError, NotationError
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Task
from gaia_lab.core.game import CHANCE, RULES, Actor, Game, Pending
from gaia_lab.core.record import Record
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.session import Session
from gaia_lab.core.verdict import Verdict
from gaia_lab.testing.random_play import choose, random_playout

__all__ = ["CheckReport", "check_game"]

LEGAL_SAMPLE = 40
"""At most this many legal actions (plus the chosen one) are checked per step."""
UNKNOWN_WORDS = ("xyzzy", "99", "-1", "0", "P9", "none", "all", "again", "\u03a9", ";", "4.5")
"""Words mixed into illegal probes."""
BAD_VALUES: tuple[Any, ...] = (None, True, 12, -1, 1.5, 10**100, "1", "x", b"roll", [],
                                   {}, ("a",), object())
"""Arguments of the wrong type or range, given to every public Session entry point."""
JSON_MUTATIONS = 6
"""How many mutated JSON texts of each probed state are loaded."""
SCENARIO_MUTATIONS = 6
"""How many mutated scenarios of each worked example (at most three) are built."""
HUGE = 10**12
"""The "huge" number of the JSON and scenario mutations (above any count a state holds)."""


@dataclass(frozen=True)
class _ForeignAction:
    """An action object of no game (another game's action, as far as a game can tell)."""

    verb: str = "pass"
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.verb


_POOL_SIZE = 64
_VOCAB_SIZE = 256


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What :func:`check_game` played and checked.

    >>> print(CheckReport("pig", games=2, steps=90, decisions=40, chance_steps=35,
    ...                   rules_steps=15, probes=300, max_legal=2, seconds=0.25))
    pig: 2 games, 90 steps (40 decisions, 35 chance, 15 rules), 300 illegal probes, \
at most 2 legal actions, 0.25 s
    """

    game: str
    games: int = 0
    """Games played to the end."""
    steps: int = 0
    """Steps checked (decisions, chance steps and rules steps)."""
    decisions: int = 0
    chance_steps: int = 0
    rules_steps: int = 0
    probes: int = 0
    """Illegal-action probes checked (notation texts and action objects)."""
    max_legal: int = 0
    """The most legal actions seen at one decision."""
    seconds: float = 0.0

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.games} games, {self.steps} steps ({self.decisions} decisions, "
            f"{self.chance_steps} chance, {self.rules_steps} rules), {self.probes} illegal "
            f"probes, at most {self.max_legal} legal actions, {self.seconds:.2f} s"
        )


class _Failure(AssertionError):
    """A failed check (an AssertionError raised by the engine itself is wrapped instead)."""


class _Tally:
    def __init__(self) -> None:
        self.games = self.steps = self.decisions = self.chance_steps = 0
        self.rules_steps = self.probes = self.max_legal = 0


def check_game(
    game: Game[Any, Any],
    *,
    seeds: Iterable[int] = range(3),
    players: Iterable[int] | None = None,
    options: Sequence[Mapping[str, Any]] | None = None,
    max_steps: int | None = None,
    undo_sample: int = 3,
    legal_sample: int = LEGAL_SAMPLE,
    json_sample: int = 2,
    report: bool = False,
) -> CheckReport:
    """Play seeded random games of ``game`` and check the engine at every step.

    :param seeds: one game per seed, player count and options.
    :param players: player counts to try (default: every count the game supports).
    :param options: option dicts to try (default ``[{}]``).
    :param max_steps: the bound on the steps of one game (default ``game.meta.max_steps``).
    :param undo_sample: how many points per game test undo/redo (after decisions 1, 4,
        16, ...); 0 turns it off.
    :param legal_sample: how many legal actions per step are read back and explained
        (a seeded sample, plus the chosen one).
    :param json_sample: how many states per game get mutated JSON probes
        (:data:`JSON_MUTATIONS` each): the final state and those after steps 1, 32,
        1024... (as many as given in all); 0 turns them off, and the scenario probes too.
    :param report: print the report line.
    :raises AssertionError: at the first failed check, naming where it failed.

    The global :mod:`random` state is restored afterwards.
    """
    meta = game.meta
    counts = list(players) if players is not None else list(
        range(meta.min_players, meta.max_players + 1)
    )
    variants = list(options) if options is not None else [{}]
    seed_list = list(seeds)
    bound = meta.max_steps if max_steps is None else max_steps
    if len(game.rulebook) == 0:
        raise _Failure(f"check_game({meta.name!r}): the rulebook has no rules")
    tally = _Tally()
    start = time.perf_counter()
    saved = random.getstate()
    try:
        _check_arguments(game)
        _check_flow_declared(game)
        if json_sample > 0:
            _check_scenarios(game, random.Random(f"gaia_lab.testing/{meta.name}/scenarios"))
        for opts in variants:
            for count in counts:
                for seed in seed_list:
                    _Run(game, count, seed, opts, bound, undo_sample, legal_sample,
                         json_sample, tally).check()
    finally:
        random.setstate(saved)
    result = CheckReport(
        game=meta.name,
        games=tally.games,
        steps=tally.steps,
        decisions=tally.decisions,
        chance_steps=tally.chance_steps,
        rules_steps=tally.rules_steps,
        probes=tally.probes,
        max_legal=tally.max_legal,
        seconds=time.perf_counter() - start,
    )
    if report:
        print(result)
    return result


def _refused(what: str, call: Callable[[], object]) -> None:
    """``call()`` must raise a GaiaLabError with a message."""
    try:
        call()
    except GaiaLabError as exc:
        if not str(exc).strip():
            raise _Failure(f"{what}: the GaiaLabError has no message") from None
        return
    except Exception as exc:
        raise _Failure(f"{what} raised {type(exc).__name__} ({exc}), not a GaiaLabError"
                       ) from exc
    raise _Failure(f"{what} was accepted")


def _check_arguments(game: Game[Any, Any]) -> None:
    """A Session refuses bad players, seeds, options and flags before building anything."""
    meta = game.meta
    name = f"check_game({meta.name!r})"
    for value in BAD_VALUES:
        if value is not None:
            _refused(f"{name}: Session(players={value!r})",
                     partial(Session, game, players=value))
        if value is not None and value != {}:
            _refused(f"{name}: Session(options={value!r})",
                     partial(Session, game, options=value))
        if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value >= 2**63:
            _refused(f"{name}: Session(seed={value!r})",
                     partial(Session, game, seed=value))
        if not isinstance(value, bool):
            _refused(f"{name}: Session(auto={value!r})",
                     partial(Session, game, auto=value))
    for count in (meta.min_players - 1, meta.max_players + 1):
        _refused(f"{name}: Session(players={count})", partial(Session, game, count))
    _refused(f"{name}: an unknown option",
             lambda: Session(game, options={"no such option": 1}))
    for option in meta.options.values():
        for value in BAD_VALUES:
            try:
                option.read(value)
            except GaiaLabError:
                _refused(f"{name}: Session(options={{{option.name!r}: {value!r}}})",
                         partial(Session, game, options={option.name: value}))
    _refused(f"{name}: Record.from_json of a number", lambda: Record.from_json("12"))


def _check_flow_declared(game: Game[Any, Any]) -> None:
    """Every task kind a game's flow declares is resolved by something."""
    flow = game.flow
    if flow is None:
        return
    unhandled = flow.unhandled()
    if unhandled:
        raise _Failure(f"check_game({game.meta.name!r}): the flow declares task kinds that "
                       f"nothing resolves: {', '.join(unhandled)}")


def _mutations(data: Any, rng: random.Random, k: int) -> list[tuple[str, Any]]:
    """Up to ``k`` copies of JSON ``data`` with one change each, chosen by ``rng`` and
    named: a field deleted, a number made negative or :data:`HUGE`, a text replaced by
    a list.

    >>> [what for what, _ in _mutations({"a": [1, "x"]}, random.Random(0), 9)]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['a deleted', 'a[0] made -1', 'a[0] made 1000000000000', "a[1] replaced by ['x']"]
    """
    found: list[tuple[tuple[str | int, ...], str, Any]] = []

    def walk(value: Any, path: tuple[str | int, ...]) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                found.append(((*path, key), "deleted", None))
                walk(item, (*path, key))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, (*path, i))
        elif isinstance(value, int) and not isinstance(value, bool):
            found.append((path, "made", -value if value > 0 else -1))
            found.append((path, "made", HUGE))
        elif isinstance(value, str):
            found.append((path, "replaced by", [value]))

    walk(data, ())
    picked = sorted(rng.sample(range(len(found)), min(k, len(found))))
    out: list[tuple[str, Any]] = []
    for i in picked:
        path, how, new = found[i]
        mutated = copy.deepcopy(data)
        parent = mutated
        for step in path[:-1]:
            parent = parent[step]
        if how == "deleted":
            del parent[path[-1]]
        else:
            parent[path[-1]] = new
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        out.append((f"{where.lstrip('.') or 'the value'} {how}"
                    + ("" if how == "deleted" else f" {new!r}"), mutated))
    return out


def _check_scenarios(game: Game[Any, Any], rng: random.Random) -> None:
    """Mutated scenarios of the game's worked examples are refused with an
    InvalidStateError or build a state that survives its JSON round trip."""
    from gaia_lab.core import registry

    name = f"check_game({game.meta.name!r})"
    try:
        examples = registry.examples(game.meta.name)
    except registry.UnknownGameError:
        return
    specs = [ex.scenario for ex in examples if ex.scenario is not None][:3]
    for spec in specs:
        try:
            data = json.loads(json.dumps(spec))
        except (TypeError, ValueError):
            continue  # a scenario with values JSON does not hold: nothing to mutate
        for what, mutated in _mutations(data, rng, SCENARIO_MUTATIONS):
            label = f"{name}: scenario with {what}"
            try:
                state = game.scenario(mutated)
            except InvalidStateError:
                continue
            except Exception as exc:
                raise _Failure(f"{label} raised {type(exc).__name__} ({exc}), not an "
                               "InvalidStateError") from exc
            try:
                text = game.state_to_json(state)
                back = game.state_from_json(text)
            except Exception as exc:
                raise _Failure(f"{label} builds a state whose JSON does not load back: "
                               f"{type(exc).__name__} ({exc})") from exc
            if back != state:
                raise _Failure(f"{label} builds a state that differs after its JSON round "
                               "trip")


def _tampered(action: Any) -> Iterator[Any]:
    """``action`` (a dataclass) with one field at a time replaced by junk."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return
    for f in dataclasses.fields(action):
        for junk in (None, 12, "", ("\x00",), (10**100,)):
            try:
                yield dataclasses.replace(action, **{f.name: junk})
            except (TypeError, ValueError):
                continue


def _count_in(value: object, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def _diff(a: str, b: str) -> str:
    """Where two texts first differ, with a little context."""
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    lo = max(0, i - 30)
    return f"first difference at character {i}: ...{a[lo:i + 30]!r} vs ...{b[lo:i + 30]!r}"


def _is_seat(actor: object, players: int) -> bool:
    return isinstance(actor, int) and not isinstance(actor, bool) and 0 <= actor < players


class _Run:
    """One seeded game, checked step by step."""

    def __init__(
        self,
        game: Game[Any, Any],
        players: int,
        seed: int,
        options: Mapping[str, Any],
        bound: int,
        undo_sample: int,
        legal_sample: int,
        json_sample: int,
        tally: _Tally,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.bound = bound
        self.undo_points = {4**j for j in range(undo_sample)}
        self.legal_sample = legal_sample
        self.json_points = {32**j for j in range(json_sample - 1)}
        self.json_final = json_sample > 0
        self.json_rng = random.Random(f"gaia_lab.testing/{game.meta.name}/{players}/{seed}/json")
        self.tally = tally
        self.policy = random.Random(seed)
        self.rng = random.Random(f"gaia_lab.testing/{game.meta.name}/{players}/{seed}")
        self.pool: list[tuple[str, Any]] = []
        self.vocab: dict[str, None] = {}
        self.step = 0
        self.decision = 0
        self.actor: Actor = None
        self.notation: str | None = None
        self.doing = "starting"

    # -- reporting -----------------------------------------------------------------------
    def where(self) -> str:
        text = f"check_game({self.game.meta.name!r}): {self.players} players, seed {self.seed}"
        if self.options:
            text += f", options {self.options!r}"
        if self.step:
            text += f", step {self.step}"
            if isinstance(self.actor, int):
                text += f" (decision {self.decision}, seat {self.actor})"
            elif self.actor is not None:
                text += f" ({self.actor} step)"
        if self.notation is not None:
            text += f", action {self.notation!r}"
        return text

    def fail(self, what: str) -> NoReturn:
        raise _Failure(f"{self.where()}: {what}")

    def at(self, step: int, actor: Actor, notation: str | None) -> None:
        self.step, self.actor, self.notation = step, actor, notation

    def check(self) -> None:
        try:
            self.play()
        except _Failure:
            raise
        except Exception as exc:
            raise AssertionError(
                f"{self.where()}: {type(exc).__name__} while {self.doing}: {exc}"
            ) from exc

    # -- helpers -------------------------------------------------------------------------
    def to_json(self, state: Any) -> str:
        return self.game.state_to_json(state)

    def fmt(self, state: Any, action: Any) -> str:
        return self.game.format_action(state, action)

    def check_rule(self, rule: object, what: str) -> None:
        if rule is None:
            return
        if not isinstance(rule, RuleRef):
            self.fail(f"{what} cites {rule!r}, which is not a RuleRef")
        book = self.game.rulebook
        if rule.id not in book or book[rule.id] != rule:
            self.fail(f"{what} cites rule {rule.id!r}, which is not in the game's rulebook")

    def sample(self, size: int, chosen: int | None) -> list[int]:
        if size <= self.legal_sample:
            return list(range(size))
        picked = set(self.rng.sample(range(size), self.legal_sample))
        if chosen is not None:
            picked.add(chosen)
        return sorted(picked)

    # -- the playout ---------------------------------------------------------------------
    def play(self) -> None:
        game = self.game
        self.doing = "creating the Session"
        session = Session(game, self.players, self.seed, self.options, auto=True)
        names = game.player_names(session.root)
        if len(names) != self.players:
            self.fail(f"player_names gives {len(names)} names for {self.players} players")
        self.check_state(session.root, 0)
        self.check_plies(session, 0)
        positions = [session.state]
        while True:
            state = session.state
            actor = game.actor(state)
            if actor is None:
                break
            self.at(len(session.history) + 1, actor, None)
            self.decision = session.decisions + 1
            if len(session.history) >= self.bound:
                self.fail(f"the game did not end within {self.bound} steps")
            if not isinstance(actor, int):
                self.fail(f"the Session (auto=True) stopped at a {actor} step")
            legal, notations = self.check_listing(state)
            action = choose(self.policy, legal)
            index = legal.index(action)
            self.check_listed(state, legal, notations, index)
            self.probe(state, legal, notations, strict=True, first=len(positions) == 1)
            if len(positions) == 1:
                self.check_bad_input(session, notations, legal)
            self.notation = notations[index]
            self.doing = "playing the action"
            before = self.to_json(state)
            mark = len(session.history)
            events = session.play(action)
            self.doing = "checking that apply left its input unchanged"
            after = self.to_json(state)
            if after != before:
                self.fail(f"apply changed its input state: {_diff(before, after)}")
            new = session.history[mark:]
            if not new or new[0].action != action or new[0].actor != actor:
                self.fail("Session.play did not record the action as the next step")
            if [e for ply in new for e in ply.events] != events:
                self.fail("Session.play returned other events than the steps it recorded")
            self.check_plies(session, mark)
            positions.append(session.state)
            self.remember(notations[index], action)
            if session.decisions in self.undo_points:
                self.at(mark + 1, actor, notations[index])
                self.check_undo(session, positions, notations[index])
        self.check_end(session, positions)
        self.check_bad_input(session, [], [])
        self.tally.games += 1

    def remember(self, notation: str, action: Any) -> None:
        if len(self.pool) < _POOL_SIZE:
            self.pool.append((notation, action))
        else:
            self.pool[self.rng.randrange(_POOL_SIZE)] = (notation, action)
        for word in notation.split():
            if len(self.vocab) < _VOCAB_SIZE:
                self.vocab[word] = None

    # -- decisions -----------------------------------------------------------------------
    def check_listing(self, state: Any) -> tuple[list[Any], list[str]]:
        game = self.game
        self.doing = "listing the legal actions"
        legal = game.legal_actions(state)
        if not legal:
            self.fail("legal_actions is empty although the game is not over")
        notations = [self.fmt(state, a) for a in legal]
        if len(set(notations)) != len(notations):
            dupes = sorted({n for n in notations if notations.count(n) > 1})
            self.fail(f"legal_actions lists the same notation twice: {dupes[:5]!r}")
        again = [self.fmt(state, a) for a in game.legal_actions(state)]
        if again != notations:
            self.fail("legal_actions gives a different list when called again")
        self.tally.max_legal = max(self.tally.max_legal, len(legal))
        return legal, notations

    def check_listed(
        self, state: Any, legal: list[Any], notations: list[str], chosen: int | None
    ) -> None:
        game = self.game
        for i in self.sample(len(legal), chosen):
            action, text = legal[i], notations[i]
            self.notation = text
            self.doing = "reading back the notation of a legal action"
            for form in dict.fromkeys((text, str(action))):
                try:
                    parsed = game.parse_action(state, form)
                except NotationError as exc:
                    self.fail(f"parse_action cannot read the legal action {form!r}: {exc}")
                if parsed != action:
                    self.fail(f"notation round trip: parse_action(state, {form!r}) gives "
                              f"{parsed!r}, not {action!r}")
            self.doing = "explaining a legal action"
            verdict = game.explain(state, action)
            self.check_verdict(verdict, "the verdict")
            if not verdict.legal:
                self.fail(f"legal_actions lists it but explain says: {verdict!r}")
            if i == chosen:
                targets = game.action_targets(state, action)
                if not isinstance(targets, tuple) or not all(isinstance(t, str) for t in targets):
                    self.fail(f"action_targets must give a tuple of ids, not {targets!r}")
        self.notation = None

    def check_verdict(self, verdict: object, what: str) -> None:
        if not isinstance(verdict, Verdict):
            self.fail(f"explain returned {verdict!r}, not a Verdict")
        self.check_rule(verdict.rule, what)

    # -- illegal probes ------------------------------------------------------------------
    def probe_texts(self, notations: list[str], first: bool, limit: int) -> list[str]:
        rng = self.rng
        out: list[str] = []

        def pick() -> list[str]:
            return notations[rng.randrange(len(notations))].split()

        base = pick()
        if base and len(notations) > 1:
            other = pick()
            if other:
                words = list(base)
                words[rng.randrange(len(words))] = other[rng.randrange(len(other))]
                out.append(" ".join(words))
        if self.pool:
            out.append(self.pool[rng.randrange(len(self.pool))][0])
        words = list(base)
        words.insert(rng.randint(0, len(words)), UNKNOWN_WORDS[rng.randrange(len(UNKNOWN_WORDS))])
        out.append(" ".join(words))
        if len(base) > 1:
            words = list(base)
            del words[rng.randrange(len(words))]
            out.append(" ".join(words))
        numbered = [i for i, w in enumerate(base) if re.search(r"\d", w)]
        if numbered:
            words = list(base)
            i = numbered[rng.randrange(len(numbered))]
            bump = (1, -1, 7, 100)[rng.randrange(4)]
            words[i] = re.sub(r"\d+", lambda m: str(int(m.group()) + bump), words[i], count=1)
            out.append(" ".join(words))
        vocab = [*self.vocab, *UNKNOWN_WORDS]
        out.append(" ".join(vocab[rng.randrange(len(vocab))] for _ in range(rng.randint(1, 4))))
        if first:
            out.extend(["", "   ", "\u00e9\u00e9 \u2603"])
        else:
            out = out[:limit]
        return list(dict.fromkeys(out))

    def probe(
        self,
        state: Any,
        legal: list[Any],
        notations: list[str],
        *,
        strict: bool,
        first: bool = False,
        limit: int = 8,
    ) -> None:
        """Check explain on texts and actions that are mostly not legal here.

        ``strict``: an unlisted action must explain as illegal (at chance steps an
        unlisted outcome, such as another permutation of a shuffle, may be legal).
        """
        self.notation = None
        for text in self.probe_texts(notations, first, limit):
            self.tally.probes += 1
            self.doing = f"probing with {text!r}"
            try:
                parsed = self.game.parse_action(state, text)
            except NotationError as exc:
                if not str(exc).strip():
                    self.fail(f"probe {text!r}: NotationError without a message")
                continue
            except Exception as exc:
                self.fail(f"probe {text!r}: parse_action raised {type(exc).__name__} ({exc}), "
                          f"not NotationError")
            self.check_probe(state, parsed, legal, strict, f"probe {text!r}")
        if self.pool:
            text, action = self.pool[self.rng.randrange(len(self.pool))]
            self.tally.probes += 1
            self.doing = f"probing with the action object of {text!r} from an earlier step"
            self.check_probe(state, action, legal, strict,
                             f"probe {text!r} (the action object from an earlier step)")

    def check_probe(
        self, state: Any, action: Any, legal: list[Any], strict: bool, label: str
    ) -> None:
        verdict = self.game.explain(state, action)
        self.check_verdict(verdict, f"{label}: the verdict")
        if action in legal:
            if not verdict.legal:
                self.fail(f"{label} is the listed legal action {action!r}, but explain says: "
                          f"{verdict!r}")
            return
        if verdict.legal:
            if strict:
                self.fail(f"{label} reads as {action!r}, which legal_actions does not list, "
                          f"but explain says it is legal")
            return
        if not verdict.code:
            self.fail(f"{label}: the illegal verdict has no code")
        if not verdict.message.strip():
            self.fail(f"{label}: the illegal verdict {verdict.code!r} has no message")
        if verdict.rule is None:
            self.fail(f"{label}: the illegal verdict {verdict.code!r} cites no rule")

    # -- bad input -----------------------------------------------------------------------
    def check_bad_input(self, session: Session, notations: list[str], legal_actions: list[Any]
                        ) -> None:
        """Every public Session entry point refuses bad arguments with a GaiaLabError and
        leaves the session as it was (state, history and redo); so do explain and play
        given a legal action object with a field replaced by junk."""
        self.notation = None
        legal = notations[0] if notations else None
        texts = ["", "\x00\x01", "x" * (MAX_NOTATION + 1), "9" * 5000,
                 " ".join(["wild=n"] * 3000), "( " * 3000, "\u00e9" * 50]
        if legal is not None:
            texts += [legal + " 9" * 3000, legal + " " + "9" * 5000, (legal + " ") * 200]
        actions: list[Any] = [*BAD_VALUES, _ForeignAction()]

        def calls() -> Iterator[tuple[str, Callable[[], object]]]:
            for value in actions:
                yield f"explain({value!r})", partial(session.explain, value)
                yield f"play({value!r})", partial(session.play, value)
                yield f"parse({value!r})", partial(session.parse, value)
                yield f"step({value!r})", partial(session.step, value)
                if not isinstance(value, (list, tuple)):
                    yield f"play_many({value!r})", partial(session.play_many, value)
                yield f"play_many([{value!r}])", partial(session.play_many,
                                                             [*notations[:1], value])
            for text in texts:
                label = text if len(text) < 40 else f"{text[:30]!r}... ({len(text)} chars)"
                yield f"play({label})", partial(session.play, text)
            extra: list[Any] = [session.position + 1, session.length + 1, 10**100]
            for value in [*BAD_VALUES, *extra]:
                if not _count_in(value, session.position):
                    yield f"undo({value!r})", partial(session.undo, value)
                if not _count_in(value, session.length - session.position):
                    yield f"redo({value!r})", partial(session.redo, value)
                if not _count_in(value, session.length):
                    yield f"goto({value!r})", partial(session.goto, value)
                if not isinstance(value, str):
                    yield f"record(comment={value!r})", partial(session.record, value)
                    yield f"from_record({value!r})", partial(Session.from_record, value)
            if legal is not None:
                for value in BAD_VALUES:
                    if not isinstance(value, str):
                        yield (f"play({legal!r}, comment={value!r})",
                               partial(session.play, legal, comment=value))
                    if not isinstance(value, (list, tuple)) or value == ("a",):
                        yield (f"play({legal!r}, chance={value!r})",
                               partial(session.play, legal, chance=value))
                    yield (f"play({legal!r}, chance=[{short(value)}])",
                           partial(session.play, legal, chance=[value]))

        start = self._snapshot(session, full=True)
        before = self._snapshot(session)
        for action in legal_actions[:3]:
            for tampered in _tampered(action):
                self.tally.probes += 1
                label = f"explain({short(tampered)})"
                self.doing = f"calling Session.{label} (a legal action with a field replaced)"
                try:
                    verdict = session.explain(tampered)
                except GaiaLabError:
                    verdict = None
                except Exception as exc:
                    self.fail(f"Session.{label} raised {type(exc).__name__} ({exc}), "
                              "not a GaiaLabError")
                if verdict is not None and not isinstance(verdict, Verdict):
                    self.fail(f"Session.{label} gave {verdict!r}, not a Verdict")
                if verdict is None or not verdict.legal:
                    self.doing = f"calling Session.play({short(tampered)})"
                    try:
                        session.play(tampered)
                    except GaiaLabError:
                        pass
                    except Exception as exc:
                        self.fail(f"Session.play({short(tampered)}) raised {type(exc).__name__} "
                                  f"({exc}), not a GaiaLabError")
                    else:
                        self.fail(f"Session.play({short(tampered)}) was accepted although "
                                  "explain refused it")
                if self._snapshot(session) != before:
                    self.fail(f"Session.{label} changed the session")
        for label, call in calls():
            self.tally.probes += 1
            self.doing = f"calling Session.{label}"
            try:
                result = call()
            except GaiaLabError as exc:
                if not str(exc).strip():
                    self.fail(f"Session.{label}: the GaiaLabError has no message")
            except Exception as exc:
                self.fail(f"Session.{label} raised {type(exc).__name__} ({exc}), "
                          "not a GaiaLabError")
            else:
                if not label.startswith("explain(") or not isinstance(result, Verdict) or (
                        result.legal):
                    self.fail(f"Session.{label} was accepted (gave {result!r})")
            if self._snapshot(session) != before:
                self.fail(f"Session.{label} failed but changed the session")
        self.doing = "comparing the session with its state before the bad input"
        if self._snapshot(session, full=True) != start:
            self.fail("a call with bad input changed the history, the redo list or the state")

    def check_bad_records(self, record: Record, text: str) -> None:
        """Tampered record texts and records are refused with an InvalidStateError."""
        head, rest = text.split("\n", 1)
        seedless = "\n".join(line for line in text.splitlines()
                              if not line.strip().startswith('"seed"'))
        step = record.line_of_step(0)
        tampered = {
            "an unknown key": f'{head}\n  "colour": "blue",\n{rest}',
            "no seed": seedless,
            "a cut text": text[: len(text) // 2],
            "a list": f"[{text}]",
            "deep nesting": "[" * 10_000 + "]" * 10_000,
            "a huge seed": text.replace(f'"seed": {record.seed}', '"seed": ' + "9" * 5000, 1),
        }
        if step is not None:
            lines = text.splitlines()
            lines[step - 1] = lines[step - 1].replace("{", '{"when": 1, ', 1)
            tampered["an unknown step key"] = "\n".join(lines)
        for what, bad in tampered.items():
            self.doing = f"reading a record text with {what}"
            try:
                Record.from_json(bad)
            except InvalidStateError:
                continue
            self.fail(f"Record.from_json accepted a record text with {what}")
        self.doing = "replaying a record with an unknown option"
        try:
            Session.from_record(replace(record, options={**record.options, "no such": 1}),
                                game=self.game)
        except InvalidStateError as exc:
            if "no such" not in str(exc):
                self.fail(f"the refusal of an unknown option does not name it: {exc}")
        else:
            self.fail("Session.from_record accepted a record with an unknown option")

    def _snapshot(self, session: Session, full: bool = False) -> tuple[object, ...]:
        """What a failed call must leave as it was: after each call the ends of the
        history and the redo list (cheap), at the end of the probes all of it."""
        history, redo = session.history, session._redo
        quick = (len(history), id(history[-1]) if history else None, len(redo),
                 id(redo[-1]) if redo else None, session.seed, session.players,
                 session.auto, tuple(session.options.items()))
        if not full:
            return quick
        return (*quick, tuple(map(id, history)), tuple(tuple(map(id, g)) for g in redo),
                self.to_json(session.state))

    # -- steps ---------------------------------------------------------------------------
    def check_plies(self, session: Session, start: int) -> None:
        game = self.game
        history = session.history
        for i in range(start, len(history)):
            ply = history[i]
            pre = history[i - 1].state if i else session.root
            self.at(i + 1, ply.actor, ply.notation)
            self.doing = "checking the step"
            if game.actor(pre) != ply.actor:
                self.fail(f"the step is recorded for {ply.actor!r}, but {game.actor(pre)!r} "
                          f"acts")
            if ply.actor == CHANCE:
                self.tally.chance_steps += 1
                self.check_chance(pre, ply.action)
            elif ply.actor == RULES:
                self.tally.rules_steps += 1
                self.check_rules(pre, ply.action)
            else:
                self.tally.decisions += 1
            self.notation = ply.notation
            if not ply.is_decision:
                self.doing = "applying the step again"
                before = self.to_json(pre)
                again = game.apply(pre, ply.action)
                after = self.to_json(pre)
                if after != before:
                    self.fail(f"apply changed its input state: {_diff(before, after)}")
                if again.state != ply.state:
                    self.fail("apply is not deterministic: the same action on the same state "
                              "gave another state")
                self.check_events(again.events)
                self.remember(ply.notation, ply.action)
            self.check_events(ply.events)
            self.check_state(ply.state, i + 1)
            self.tally.steps += 1

    def check_events(self, events: Sequence[object]) -> None:
        for event in events:
            if not isinstance(event, Event):
                self.fail(f"apply returned {event!r}, not an Event")
            if not isinstance(event.kind, str) or not event.kind:
                self.fail(f"the event {event.text!r} has no kind")
            if not isinstance(event.text, str) or not event.text.strip():
                self.fail(f"an event of kind {event.kind!r} has no text")
            self.check_rule(event.rule, f"the event {event.text!r}")

    def check_chance(self, state: Any, action: Any) -> None:
        game = self.game
        self.doing = "checking the chance outcomes"
        outcomes = game.chance_outcomes(state)
        if not outcomes:
            self.fail("chance_outcomes is empty at a chance step")
        total = Fraction(0)
        actions: list[Any] = []
        notations: list[str] = []
        for outcome, p in outcomes:
            text = self.fmt(state, outcome)
            if not isinstance(p, Fraction):
                self.fail(f"the probability of {text!r} is {p!r}, not a Fraction")
            if not 0 < p <= 1:
                self.fail(f"the probability of {text!r} is {p}, outside (0, 1]")
            total += p
            actions.append(outcome)
            notations.append(text)
        if total != 1:
            self.fail(f"the chance probabilities sum to {total}, not 1")
        if len(set(notations)) != len(notations):
            dupes = sorted({n for n in notations if notations.count(n) > 1})
            self.fail(f"chance_outcomes lists the same notation twice: {dupes[:5]!r}")
        if action not in actions:
            self.fail("the sampled outcome is not one of chance_outcomes")
        self.check_listed(state, actions, notations, actions.index(action))
        self.probe(state, actions, notations, strict=False, limit=3)

    def check_rules(self, state: Any, action: Any) -> None:
        game = self.game
        self.doing = "checking the rules step"
        legal = game.legal_actions(state)
        if len(legal) != 1 or legal[0] != action:
            self.fail(f"a rules step must list exactly its one action, found {legal!r}")
        notations = [self.fmt(state, action)]
        self.check_listed(state, legal, notations, 0)
        self.probe(state, legal, notations, strict=True, limit=3)

    def check_state(self, state: Any, n: int) -> None:
        game = self.game
        self.doing = "checking the state"
        actor = game.actor(state)
        if not (actor is None or actor in (CHANCE, RULES) or _is_seat(actor, self.players)):
            self.fail(f"actor is {actor!r}: not a seat, 'chance', 'rules' or None")
        broken = game.invariants(state)
        if broken:
            self.fail("broken invariants: " + "; ".join(broken))
        if game.flow is not None:
            self.check_flow(state, actor)
        if n in self.json_points or (actor is None and self.json_final):
            self.check_mutated_json(state)
        if n < 10 or n & (n - 1) == 0 or actor is None:
            self.doing = "checking the JSON round trip"
            text = self.to_json(state)
            back = game.state_from_json(text)
            if back != state:
                self.fail("state_from_json(state.to_json()) differs from the state: "
                          + _diff(text, self.to_json(back)))
            if self.to_json(back) != text:
                self.fail("the rebuilt state writes other JSON: "
                          + _diff(text, self.to_json(back)))
            self.check_scores(state, final=actor is None)

    def check_flow(self, state: Any, actor: Actor) -> None:
        """The state's queue makes sense: the head task's actor acts, every task passes
        the flow's checks, and :meth:`Game.pending` describes the head."""
        game = self.game
        flow = game.flow
        assert flow is not None
        self.doing = "checking the task queue"
        tasks = state.tasks
        if not isinstance(tasks, tuple) or not all(isinstance(t, Task) for t in tasks):
            self.fail(f"the state's tasks are {short(tasks)}, not a tuple of Tasks")
        head = tasks[0] if tasks else None
        expected = head.actor if head is not None else None
        if actor != expected:
            self.fail(f"actor() is {actor!r}, but the head task is " + (
                f"{head.kind!r} for {expected!r}" if head is not None else "none (no task "
                "is pending)"))
        for i, task in enumerate(tasks):
            problems = flow.problems(task, self.players)
            if problems:
                self.fail(f"task {i} of the queue ({task.kind!r}): " + "; ".join(problems))
        self.doing = "describing the pending step"
        try:
            pending = game.pending(state)
        except GaiaLabError as exc:
            self.fail(f"pending() raised {type(exc).__name__}: {exc}")
        if head is None:
            if pending is not None:
                self.fail(f"nothing is pending, but pending() gives {pending!r}")
            return
        if not isinstance(pending, Pending):
            self.fail(f"the task {head.kind!r} is pending, but pending() gives {pending!r}")
        if pending.kind != head.kind or pending.actor != head.actor:
            self.fail(f"pending() describes {pending.kind!r} for {pending.actor!r}, not the "
                      f"head task {head.kind!r} for {head.actor!r}")
        if not isinstance(pending.text, str) or not pending.text.strip():
            self.fail(f"pending() gives no text for the task {head.kind!r}")
        self.check_rule(pending.rule, f"the pending task {head.kind!r}")

    def check_mutated_json(self, state: Any) -> None:
        """Mutated JSON of ``state`` is refused with an InvalidStateError, or loads to a
        state that the engine lists, scores and describes (a GaiaLabError allowed)."""
        game = self.game
        self.doing = "mutating the state's JSON"
        data = json.loads(self.to_json(state))
        for what, mutated in _mutations(data, self.json_rng, JSON_MUTATIONS):
            self.tally.probes += 1
            label = f"the state's JSON with {what}"
            self.doing = f"loading {label}"
            try:
                loaded = game.state_from_json(json.dumps(mutated))
            except InvalidStateError:
                continue
            except Exception as exc:
                self.fail(f"state_from_json of {label} raised {type(exc).__name__} ({exc}), "
                          "not an InvalidStateError")
            calls: list[tuple[str, Callable[[], object]]] = [
                ("actor", partial(game.actor, loaded)),
                ("legal_actions", partial(game.legal_actions, loaded)),
                ("score_breakdown", partial(game.score_breakdown, loaded)),
                ("describe", partial(game.describe, loaded)),
            ]
            if game.flow is not None:
                calls.append(("pending", partial(game.pending, loaded)))
            for call_name, call in calls:
                self.doing = f"calling {call_name} on {label}"
                try:
                    call()
                except GaiaLabError:
                    continue
                except Exception as exc:
                    self.fail(f"{label} loads, then {call_name} raised {type(exc).__name__} "
                              f"({exc}), not a GaiaLabError")

    def check_scores(self, state: Any, *, final: bool) -> None:
        game = self.game
        self.doing = "checking the score breakdown"
        breakdown = game.score_breakdown(state)
        if len(breakdown.players) != self.players:
            self.fail(f"the score breakdown has {len(breakdown.players)} players, "
                      f"not {self.players}")
        for line in breakdown.lines:
            if not _is_seat(line.player, self.players):
                self.fail(f"the score line {line!r} is for no seat")
            if not isinstance(line.points, int) or not line.category:
                self.fail(f"the score line {line!r} needs a category and whole points")
            self.check_rule(line.rule, f"the score line {line.category!r}")
        sums = tuple(sum(line.points for line in breakdown.for_player(p))
                     for p in range(self.players))
        if breakdown.totals != sums:
            self.fail(f"score totals {breakdown.totals} are not the sums of the lines {sums}")
        if final:
            self.doing = "checking the winners"
            winners = game.winners(state)
            if not winners and not game.rules_may_win:
                self.fail("the game is over but winners() is empty")
            if len(set(winners)) != len(winners) or not all(
                _is_seat(w, self.players) for w in winners
            ):
                self.fail(f"winners() gives {winners!r}, not distinct seats")

    # -- time travel, replay, determinism ------------------------------------------------
    def check_undo(self, session: Session, positions: list[Any], notation: str) -> None:
        d = session.decisions
        k = self.rng.randint(1, min(d, 3))
        self.doing = f"undo({k}) after decision {d}"
        session.undo(k)
        if session.decisions != d - k or session.state != positions[d - k]:
            self.fail(f"undo({k}) after decision {d} does not return to the state after "
                      f"decision {d - k}")
        if self.to_json(session.state) != self.to_json(positions[d - k]) or not session.can_redo:
            self.fail(f"undo({k}) after decision {d}: JSON differs or nothing to redo")
        self.doing = f"redo({k}) after undo({k}) at decision {d}"
        session.redo(k)
        if session.decisions != d or session.state != positions[d] or session.can_redo:
            self.fail(f"redo({k}) after undo({k}) does not return to decision {d}")
        self.doing = f"undo(1) and playing {notation!r} again"
        session.undo(1)
        session.play(notation)
        if session.state != positions[d]:
            self.fail(f"after undo(1), playing {notation!r} again gives another state "
                      f"(chance must draw from the RNG inside the state)")

    def check_end(self, session: Session, positions: list[Any]) -> None:
        game = self.game
        final = session.state
        self.at(len(session.history), None, None)
        self.doing = "writing the record"
        record = session.record()
        text = record.to_json()
        self.doing = "reading the record back"
        loaded = Record.from_json(text)
        if loaded != record:
            self.fail("Record.from_json(record.to_json()) differs from the record")
        self.check_bad_records(record, text)
        self.doing = "replaying the record"
        replay = Session.from_record(loaded, game=game)  # the engine under test
        for i, (a, b) in enumerate(zip(session.history, replay.history, strict=False)):
            if a.state != b.state or [e.text for e in a.events] != [e.text for e in b.events]:
                self.fail(f"replaying the record differs at step {i + 1} ({a.notation!r})")
        if len(replay.history) != len(session.history) or replay.state != final:
            self.fail("replaying the record does not reproduce the game")
        if self.to_json(replay.state) != self.to_json(final):
            self.fail("the replayed final state writes other JSON")
        self.doing = "goto(0) and goto(end)"
        end = session.length
        session.goto(0)
        if session.state != positions[0] or session.decisions != 0:
            self.fail("goto(0) does not return to the start")
        session.goto(end)
        if session.state != final or session.decisions != end:
            self.fail(f"goto({end}) does not return to the end of the game")
        self.doing = "playing the same seed again with the global random module disturbed"
        twin = self.twin(poison=True)
        if twin.record().to_json() != text or twin.state != final:
            steps = twin.record().steps
            pairs = enumerate(zip(record.steps, steps, strict=False))
            first = next((i for i, (x, y) in pairs if x != y), min(len(steps), len(record.steps)))
            where = f"first at step {first + 1}"
            if self.twin(poison=True).record().to_json() == twin.record().to_json():
                self.fail("the game depends on the global random module: with it disturbed "
                          f"between steps the same seed plays another game ({where}); draw "
                          "from the state's RNG instead")
            self.fail(f"two sessions with the same seed play different games ({where})")
        self.doing = "random_playout of the same seed"
        if random_playout(game, self.players, self.seed, self.options) != final:
            self.fail("random_playout (applying actions directly) ends in another state than "
                      "the Session")

    def twin(self, *, poison: bool) -> Session:
        """The same seed played again with the same policy, without checks."""

        def disturb(n: int) -> None:
            if poison:
                random.seed(n * 7919 + self.seed)
                for _ in range(3):
                    random.random()

        disturb(-1)
        session = Session(self.game, self.players, self.seed, self.options, auto=True)
        policy = random.Random(self.seed)
        n = 0
        while isinstance(session.actor, int) and len(session.history) < self.bound:
            disturb(n)
            session.play(choose(policy, session.legal_actions()))
            n += 1
        return session
