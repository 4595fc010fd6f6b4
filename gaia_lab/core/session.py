"""Session: a game being played, with its history, undo/redo and records.

A :class:`Session` is the stateful shell around a stateless
:class:`~gaia_lab.core.game.Game`.  It keeps every step played, resolves chance and
rules steps by itself (``auto=True``, the default) or one at a time with
:meth:`Session.step`, and travels in time over the player decisions.  A call that
fails leaves the session exactly as it was.

>>> import gaia_lab
>>> s = gaia_lab.Session("animals_gathering", players=3, seed=1)
>>> s.actor in (0, 1, 2)
True
>>> first = s.legal_actions()[0]
>>> events = s.play(first)
>>> s.decisions
1
>>> s.undo(); s.decisions
0
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gaia_lab.core.checks import MAX_SEED, given, notation_text, short, whole_number
from gaia_lab.core.errors import (
    GaiaLabError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
)
from gaia_lab.core.events import Event
from gaia_lab.core.game import CHANCE, RULES, Actor, Game, Pending
from gaia_lab.core.options import read_options, write_options
from gaia_lab.core.record import Record, RecordStep, _step_lines, check_version
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.core.verdict import Verdict

ActionLike = Any
"""An action of the session's game, or its notation as text."""


@dataclass(frozen=True, slots=True)
class Ply:
    """One step played: its actor, action, notation, events and the state after it."""

    actor: Actor
    action: Any
    notation: str
    events: tuple[Event, ...]
    state: Any
    comment: str = ""

    @property
    def is_decision(self) -> bool:
        """True when a player chose this step."""
        return isinstance(self.actor, int)


def _resolve_game(game: Game[Any, Any] | str) -> Game[Any, Any]:
    """``game`` itself, or the game registered under that name (core.registry)."""
    if isinstance(game, str):
        from gaia_lab.core.registry import get_game

        return get_game(game)
    if not isinstance(game, Game):
        raise GaiaLabError(f"expected a Game or a registered game's name, not "
                           f"{type(game).__name__}")
    return game


class Session:
    """A game in play.

    ``players`` is a whole number in the game's range (its minimum by default), ``seed``
    a whole number ``0 <= seed < 2**63``, ``options`` a mapping of the options the game
    declares (:attr:`GameMeta.options <gaia_lab.core.game.GameMeta.options>`), read by
    their declarations, and ``auto`` true or false.  Anything else is refused with a
    GaiaLabError naming the argument and what it accepts, before anything is built.

    >>> Session("animals_gathering", seed=1.5)
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: seed: expected a whole number from 0 to \
9223372036854775807, not 1.5 (float)
    """

    def __init__(
        self,
        game: Game[Any, Any] | str,
        players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        auto: bool = True,
        scenario: Mapping[str, Any] | None = None,
    ) -> None:
        self.game: Game[Any, Any] = _resolve_game(game)
        meta = self.game.meta
        self.seed: int = whole_number(seed, "seed", 0, MAX_SEED - 1)
        self.options: dict[str, Any] = read_options(meta.options, options)
        """The options, as read by the game's declarations."""
        if not isinstance(auto, bool):
            raise GaiaLabError(f"auto: expected true or false, not {short(auto)}")
        self.auto = auto
        if scenario is not None and not isinstance(scenario, Mapping):
            raise GaiaLabError(f"scenario: expected a mapping, not {short(scenario)}")
        self.scenario: dict[str, Any] | None = dict(scenario) if scenario is not None else None
        if scenario is not None:
            self.root = self.game.scenario(scenario)
            self.players: int = int(self.root.players)
        else:
            count = meta.min_players if players is None else players
            if isinstance(count, int) and not isinstance(count, bool) and not (
                    meta.min_players <= count <= meta.max_players):
                low, high = meta.min_players, meta.max_players
                span = (f"{low}-{high} players" if low != high
                        else f"{low} player" + "s" * (low != 1))
                raise GaiaLabError(f"{meta.title} is for {span}, not {given(count)}")
            self.players = whole_number(count, "players", meta.min_players, meta.max_players)
            self.root = self.game.new_initial_state(self.players, self.seed, self.options)
        self.history: list[Ply] = []
        """Every step played so far, oldest first."""
        self._redo: list[list[Ply]] = []
        if self.auto:
            self.history.extend(self._automatic(self.root, []))

    # -- the position ----------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state."""
        return self.history[-1].state if self.history else self.root

    @property
    def actor(self) -> Actor:
        """Who acts now: a seat, ``"chance"``, ``"rules"`` or None when over."""
        return self.game.actor(self.state)

    @property
    def pending(self) -> Pending | None:
        """The step the game waits for, as its flow declares it (:meth:`Game.pending
        <gaia_lab.core.game.Game.pending>`): its kind, actor, sentence and rule; None
        when the game is over or its game has no flow.

        >>> s = Session("shapers_of_gaia", players=2, seed=3)
        >>> s.pending.actor == s.actor, s.pending.rule.id == s.game.flow.kind_of(
        ...     s.state.tasks[0]).rule
        (True, True)
        >>> str(s.pending).startswith(s.names[s.actor])
        True
        """
        return self.game.pending(self.state)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' display names."""
        return self.game.player_names(self.state)

    @property
    def decisions(self) -> int:
        """How many player decisions have been played."""
        return sum(1 for ply in self.history if ply.is_decision)

    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first."""
        return [e for ply in self.history for e in ply.events]

    def log(self) -> list[str]:
        """The text of every event so far."""
        return [e.text for e in self.events]

    def legal_actions(self) -> list[Any]:
        """The legal actions now, in the game's deterministic order."""
        return self.game.legal_actions(self.state)

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.game.is_over(self.state)

    def score_breakdown(self) -> ScoreBreakdown:
        """Points by category and player (as it stands, if the game is not over)."""
        return self.game.score_breakdown(self.state)

    def winners(self) -> tuple[int, ...]:
        """Winning seats after the tie-breakers."""
        return self.game.winners(self.state)

    # -- reading actions -------------------------------------------------------------
    def parse(self, action: ActionLike) -> Any:
        """An action object from an action or its notation.

        Raises NotationError if the text is unreadable, or if ``action`` is neither
        text nor an action of this game (naming its type).
        """
        return self._read(self.state, action)

    def _read(self, state: Any, action: ActionLike) -> Any:
        """The action ``action`` stands for: text read by the game's notation, or an
        action object of the game that its own notation reads back (so a malformed
        object never reaches the rules)."""
        game = self.game
        if isinstance(action, str):
            return game.parse_action(state, notation_text(action, game.meta.title))
        kind = _action_type(type(game))
        if kind is None:
            return action  # an engine that does not declare its action type decides
        if not isinstance(action, kind):
            notation_text(action, game.meta.title)  # raises, naming the type
        try:
            text = game.format_action(state, action)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
            raise NotationError(f"{short(action)} is not a well-formed action of "
                                f"{game.meta.title}: it has no notation ({exc})") from None
        try:
            back = game.parse_action(state, notation_text(text, game.meta.title))
        except NotationError as exc:
            raise NotationError(f"{short(action)} is not a well-formed action of "
                                f"{game.meta.title}: {exc}") from None
        if back != action:
            raise NotationError(f"{short(action)} is not a well-formed action of "
                                f"{game.meta.title}: its notation {short(text)} reads as "
                                f"{short(back)}")
        return action

    def explain(self, action: ActionLike) -> Verdict:
        """Whether ``action`` (an action or notation) is legal now, and why.

        Unreadable text gives an illegal verdict; an argument that is neither text nor
        an action of this game raises NotationError.
        """
        if not isinstance(action, str):
            return self.game.explain(self.state, self.parse(action))
        try:
            parsed = self.parse(action)
        except NotationError as exc:
            return Verdict.illegal("notation.unreadable", str(exc), None,
                                   text=_label(action))
        return self.game.explain(self.state, parsed)

    # -- playing ---------------------------------------------------------------------
    def play(
        self,
        action: ActionLike,
        *,
        comment: str = "",
        chance: Sequence[ActionLike] = (),
    ) -> list[Event]:
        """Play an action (or notation); return the events it caused.

        ``chance`` forces the outcomes of the chance steps that follow (for "suppose
        you roll these").  Raises NotationError or IllegalActionError and changes
        nothing if the action, or a forced outcome, is not legal.
        """
        if not isinstance(comment, str):
            raise GaiaLabError(f"comment: expected text, not {short(comment)}")
        forced = _outcomes(chance)
        if forced and not self.auto:
            raise GaiaLabError("forced chance outcomes need auto=True; play them with play()")
        state = self.state
        parsed = self.parse(action)
        verdict = self.game.explain(state, parsed)
        if not verdict.legal:
            raise IllegalActionError(verdict, _label(action))
        actor = self.game.actor(state)
        step = self.game.apply(state, parsed)
        ply = Ply(actor, parsed, self.game.format_action(state, parsed), step.events,
                  step.state, comment)
        plies = [ply]
        if self.auto:
            plies.extend(self._automatic(step.state, forced))
        self.history.extend(plies)
        if ply.is_decision or not self.auto:
            self._redo.clear()
        return [e for p in plies for e in p.events]

    def step(self, outcome: ActionLike | None = None) -> list[Event]:
        """Resolve one chance or rules step (``outcome`` forces a chance result)."""
        state = self.state
        actor = self.game.actor(state)
        if actor not in (CHANCE, RULES):
            raise GaiaLabError(f"no automatic step is pending: it is {self._who(actor)} to act")
        ply = self._automatic_one(state, outcome)
        self.history.append(ply)
        self._redo.clear()
        return list(ply.events)

    def play_many(self, actions: Iterable[ActionLike]) -> list[Event]:
        """Play several actions in order (all or nothing)."""
        if isinstance(actions, (str, bytes, Mapping, set, frozenset)) or not isinstance(
                actions, Iterable):
            raise GaiaLabError(f"play_many takes a list of actions, not {short(actions)}")
        mark = len(self.history)
        redo = list(self._redo)
        events: list[Event] = []
        try:
            for a in actions:
                events.extend(self.play(a))
        except Exception:
            del self.history[mark:]
            self._redo = redo
            raise
        return events

    def _who(self, actor: Actor) -> str:
        if isinstance(actor, int):
            return self.names[actor]
        return "nobody (the game is over)" if actor is None else str(actor)

    def _automatic_one(self, state: Any, outcome: ActionLike | None) -> Ply:
        actor = self.game.actor(state)
        if outcome is not None:
            action = self._read(state, outcome)
            verdict = self.game.explain(state, action)
            if not verdict.legal:
                raise IllegalActionError(verdict, _label(outcome))
        elif actor == CHANCE:
            action = self.game.sample_chance(state, self.game.chance_rng(state))
        else:
            legal = self.game.legal_actions(state)
            if len(legal) != 1:
                raise GaiaLabError(f"a rules step must have one action, found {len(legal)}")
            action = legal[0]
        step = self.game.apply(state, action)
        return Ply(actor, action, self.game.format_action(state, action), step.events,
                   step.state)

    def _automatic(self, state: Any, forced: list[ActionLike]) -> list[Ply]:
        plies: list[Ply] = []
        bound = self.game.meta.max_steps
        while self.game.actor(state) in (CHANCE, RULES):
            outcome = None
            if forced and self.game.actor(state) == CHANCE:
                outcome = forced.pop(0)
            ply = self._automatic_one(state, outcome)
            plies.append(ply)
            state = ply.state
            if len(plies) > bound:
                raise GaiaLabError("automatic steps did not reach a decision")
        if forced:
            raise GaiaLabError(
                f"{len(forced)} forced chance outcome(s) were not used: {forced!r}"
            )
        return plies

    # -- time travel -----------------------------------------------------------------
    def _unit_starts(self) -> list[int]:
        """Indices in history where an undoable unit starts."""
        if self.auto:
            return [i for i, ply in enumerate(self.history) if ply.is_decision]
        return list(range(len(self.history)))

    def undo(self, n: int = 1) -> None:
        """Take back ``n`` decisions with the automatic steps that followed them.

        With ``auto=False`` each step counts as one.  GaiaLabError names the range if
        ``n`` is not a whole number from 0 to the steps played.
        """
        starts = self._unit_starts()
        whole_number(n, f"undo ({len(starts)} step(s) can be taken back)", 0, len(starts))
        for cut in reversed(starts[len(starts) - n:]):
            self._redo.append(self.history[cut:])
            del self.history[cut:]

    def redo(self, n: int = 1) -> None:
        """Play again ``n`` decisions taken back by :meth:`undo`."""
        whole_number(n, f"redo ({len(self._redo)} step(s) can be redone)", 0,
                     len(self._redo))
        for _ in range(n):
            self.history.extend(self._redo.pop())

    @property
    def can_undo(self) -> bool:
        return bool(self._unit_starts())

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def position(self) -> int:
        """How many undoable units are played (decisions, or steps with auto=False)."""
        return len(self._unit_starts())

    @property
    def length(self) -> int:
        """Units played plus units that can be redone."""
        return self.position + len(self._redo)

    def goto(self, i: int) -> None:
        """Jump to the position after ``i`` decisions (0 is the start)."""
        whole_number(i, "goto (a position)", 0, self.length)
        here = self.position
        if i < here:
            self.undo(here - i)
        elif i > here:
            self.redo(i - here)

    # -- records ---------------------------------------------------------------------
    def record(self, comment: str = "") -> Record:
        """The game so far as a :class:`~gaia_lab.core.record.Record`."""
        from gaia_lab import __version__

        if not isinstance(comment, str):
            raise GaiaLabError(f"comment: expected text, not {short(comment)}")
        return Record(
            game=self.game.meta.name,
            players=self.players,
            seed=self.seed,
            options=write_options(self.game.meta.options, self.options),
            steps=tuple(RecordStep(_actor_key(p.actor), p.notation, p.comment)
                        for p in self.history),
            version=__version__,
            comment=comment,
            scenario=self.scenario,
        )

    @classmethod
    def from_record(
        cls, record: Record, *, auto: bool = True, game: Game[Any, Any] | None = None
    ) -> Session:
        """Replay a record, checking every step; InvalidStateError names a bad step.

        ``game`` replays with that engine instead of the registered game of the
        record's name (for engines that are not in ``GAMES``).
        """
        if not isinstance(record, Record):
            raise GaiaLabError(f"from_record takes a Record, not {short(record)}")
        if game is not None and not isinstance(game, Game):
            raise GaiaLabError(f"game: expected a Game, not {short(game)}")
        if not isinstance(auto, bool):
            raise GaiaLabError(f"auto: expected true or false, not {short(auto)}")
        check_version(record)
        engine: Game[Any, Any] | str = record.game if game is None else game
        try:
            session = cls(engine, record.players, record.seed, record.options, auto=False,
                          scenario=record.scenario)
        except InvalidStateError as exc:
            raise InvalidStateError([f"{exc.source}: {p}" if exc.source else p
                                     for p in exc.problems], "record") from None
        game = session.game
        lines = record.lines or tuple(_step_lines(record.to_json()))
        for i, rs in enumerate(record.steps):
            where = f"step {i + 1}" + (f" (line {lines[i]})" if i < len(lines) else "")
            state = session.state
            expected = game.actor(state)
            if _actor_key(expected) != rs.actor:
                raise InvalidStateError(
                    f"{where}: {rs.action!r} is recorded for {rs.actor!r}, "
                    f"but {_actor_key(expected)!r} acts here", "record")
            try:
                action = session._read(state, rs.action)
            except NotationError as exc:
                raise InvalidStateError(f"{where}: {exc}", "record") from None
            verdict = game.explain(state, action)
            if not verdict.legal:
                raise InvalidStateError(f"{where}: {rs.action!r}: {verdict}",
                                        "record")
            step = game.apply(state, action)
            session.history.append(Ply(expected, action, game.format_action(state, action),
                                       step.events, step.state, rs.comment))
        session.auto = auto
        if auto:
            session.history.extend(session._automatic(session.state, []))
        return session

    def copy(self) -> Session:
        """An independent session at the same point (history shared, immutable)."""
        other = object.__new__(Session)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other._redo = [list(g) for g in self._redo]
        return other

    # -- display ---------------------------------------------------------------------
    def __repr__(self) -> str:
        return (f"<Session {self.game.meta.name} players={self.players} seed={self.seed} "
                f"decisions={self.decisions} actor={self._who(self.actor)}>")

    def _repr_svg_(self) -> str | None:
        """The board of the current state, drawn by the layout its game registered
        (:func:`~gaia_lab.core.registry.layout_of`); else the state's own
        ``_repr_svg_``, if any; else None (no board)."""
        from gaia_lab.core.registry import NoLayoutError, layout_of

        state = self.state
        try:
            layout = layout_of(state)
        except NoLayoutError:
            method = getattr(state, "_repr_svg_", None)
            return str(method()) if callable(method) else None
        return str(layout(state).to_svg())


@functools.lru_cache(maxsize=64)
def _action_type(game: type) -> tuple[type, ...] | None:
    """The action classes of a Game subclass (``Game[S, A]`` gives ``A``, ``Game[S, A |
    B]`` both), or None when it does not say (``Any`` or a type variable)."""
    for klass in game.__mro__:
        for base in klass.__dict__.get("__orig_bases__", ()):
            if typing.get_origin(base) is Game:
                args = typing.get_args(base)
                action = args[1] if len(args) == 2 else None
                members = typing.get_args(action) if typing.get_origin(action) in (
                    typing.Union, types.UnionType) else (action,)
                if all(isinstance(m, type) for m in members):
                    return tuple(m for m in members if isinstance(m, type))
                return None
    return None


def _label(action: ActionLike) -> str:
    """The text an IllegalActionError quotes for ``action``."""
    return short(action, 200) if isinstance(action, str) and len(action) > 200 else str(action)


def _outcomes(chance: object) -> list[ActionLike]:
    if isinstance(chance, (str, bytes)) or not isinstance(chance, Sequence):
        raise GaiaLabError(f"chance: expected a list of chance outcomes, not {short(chance)}")
    missing = [i + 1 for i, outcome in enumerate(chance) if outcome is None]
    if missing:
        raise GaiaLabError(f"chance: outcome {missing[0]} is None, not an outcome")
    return list(chance)


def _actor_key(actor: Actor) -> int | str:
    return "over" if actor is None else actor
