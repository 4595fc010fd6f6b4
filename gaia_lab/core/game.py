"""The protocol every game engine follows.

A :class:`Game` is a stateless rules object.  It makes initial states, says who acts,
lists legal actions, explains any action, applies an action to make a :class:`Step`
(the new state plus the :class:`~gaia_lab.core.events.Event` s it caused) and scores.
States are immutable values; ``apply`` never changes its input.

There are three kinds of actor: a player seat (``0``, ``1``, ...), :data:`CHANCE`
(a shuffle, deal or roll) and :data:`RULES` (a forced step such as a setup step or an
end-of-game check).  ``None`` means the game is over.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, Literal, TypeVar, cast

from gaia_lab.core import codec
from gaia_lab.core.errors import GaiaLabError, GameDefinitionError, InvalidStateError
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Flow, FlowError, HasTasks, TaskActor
from gaia_lab.core.options import Option
from gaia_lab.core.rulebook import Rulebook, RuleRef
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.core.values import slot_init
from gaia_lab.core.verdict import Verdict

CHANCE: Literal["chance"] = "chance"
"""The actor of a shuffle, deal or roll."""
RULES: Literal["rules"] = "rules"
"""The actor of a forced step."""

Actor = int | Literal["chance", "rules"] | None
"""A player seat, ``"chance"``, ``"rules"``, or None when the game is over."""

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class GameMeta:
    """What a game is, for registries, widgets and the test harness."""

    name: str
    title: str
    min_players: int
    max_players: int
    chance: str
    """How chance enters: ``"dice"``, ``"cards"``, ``"dice and cards"``, ``"none"``."""
    rule_source: str
    """The rule source the engine follows."""
    components: str
    """``"published"`` or ``"reconstructed"``: where the component values come from."""
    options: Mapping[str, Option] = field(default_factory=dict)
    """The options a Session accepts, by name (see :mod:`gaia_lab.core.options`): a
    Session refuses any other name and reads each value by its declaration before
    :meth:`Game.new_initial_state` sees it."""
    max_steps: int = 100_000
    """A safety bound on the number of steps of one game (used by the harness)."""


@dataclass(frozen=True, slots=True)
class Pending:
    """The step a state waits for, as its game declares it (see :meth:`Game.pending`).

    >>> from gaia_lab.core.rulebook import RuleRef
    >>> p = Pending("turn", 0, "Ada takes a turn", RuleRef("ex.turn", "Turns", "Act."), "turn")
    >>> str(p)
    'Ada takes a turn [Turns]'
    """

    kind: str
    """The task kind's name."""
    actor: TaskActor
    """Who resolves it: a seat, ``"chance"`` or ``"rules"``."""
    text: str
    """What is pending, as a sentence naming the acting player."""
    rule: RuleRef
    """The rule the step follows (from the game's rulebook)."""
    phase: str = ""
    """The kind's phase label (``"setup"``...), empty when it declares none."""

    def __str__(self) -> str:
        """The sentence and its rule's section (the rule's id is for code, not readers)."""
        return f"{self.text} [{self.rule.citation}]"


@slot_init
@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of applying one action."""

    state: S
    events: tuple[Event, ...]


_T = TypeVar("_T")


def draw_uniform(rng: random.Random, outcomes: Sequence[_T]) -> _T:
    """One of ``outcomes``, all equally likely, as :meth:`Game.sample_chance` draws it:
    for the draw ``x = rng.random()``, outcome ``floor(x * n)`` of ``n``, the one whose
    running total of probabilities ``1/n`` first passes ``x`` (computed exactly from
    ``x``'s ratio).

    >>> draw_uniform(random.Random(3), "abcdef")
    'b'

    :raises GaiaLabError: when there is no outcome to draw.
    """
    if not outcomes:
        raise GaiaLabError("draw_uniform: there is no outcome to draw from")
    top, bottom = rng.random().as_integer_ratio()
    return outcomes[top * len(outcomes) // bottom]


class Game(ABC, Generic[S, A]):
    """A stateless rule engine.  Subclasses implement the abstract methods."""

    meta: GameMeta
    rulebook: Rulebook
    flow: Flow[Any] | None = None
    """The game's declared task kinds and their handlers, when it runs on the flow
    kernel (:mod:`gaia_lab.core.flow`): then :meth:`actor` is the head task's actor."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Game[S, A]:
        """Refuse a game class that gives neither a default's input nor its override: a
        :attr:`flow` or :meth:`actor`, a :attr:`state_type` or :meth:`state_from_json`.

        >>> class Half(Game):
        ...     pass
        >>> Half()
        Traceback (most recent call last):
        ...
        gaia_lab.core.errors.GameDefinitionError: Half must define a flow (or its own \
actor()) and a state_type (or its own state_from_json())
        """
        missing = []
        if cls.flow is None and cls.actor is Game.actor:
            missing.append("a flow (or its own actor())")
        if cls.state_type is None and cls.state_from_json is Game.state_from_json:
            missing.append("a state_type (or its own state_from_json())")
        if missing:
            raise GameDefinitionError(f"{cls.__name__} must define {' and '.join(missing)}")
        return super().__new__(cls)

    # -- setup and flow ---------------------------------------------------------------
    @abstractmethod
    def new_initial_state(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> S:
        """The state before the first setup step."""

    def actor(self, state: S) -> Actor:
        """Who acts next: a seat, CHANCE, RULES, or None when the game is over (by
        default the actor of the state's head task, for a game with a :attr:`flow`)."""
        flow = self.flow
        if flow is None:  # only an instance whose flow was unset after it was made
            raise GameDefinitionError(f"{type(self).__name__} has no flow: define actor()")
        return flow.actor(state)  # type: ignore[arg-type]  # a flow's states have tasks

    def pending(self, state: S) -> Pending | None:
        """The step ``state`` waits for: the head task of its queue, described by the
        :attr:`flow`'s declaration of its kind (its sentence with the acting player's
        name, and the rule of the :attr:`rulebook` it follows).  None when nothing is
        pending (the game is over) or the game has no flow.  FlowError when the task's
        kind is undeclared or its rule is not in the rulebook (an engine bug).

        >>> from gaia_lab.core.session import Session
        >>> s = Session("animals_gathering", players=2, seed=1)
        >>> p = s.game.pending(s.state)
        >>> p.actor == s.actor, p.rule.id, p.phase
        (True, 'ag.setup.keep', 'setup')
        >>> p.text == f"{s.names[s.actor]} keeps one of the three dealt cards"
        True
        """
        flow = self.flow
        if flow is None:
            return None
        tasks = cast(HasTasks, state).tasks
        if not tasks:
            return None
        task = tasks[0]
        kind = flow.kind_of(task)
        rule = self.rulebook.get(kind.rule)
        if rule is None:
            raise FlowError(f"task kind {kind.name!r} follows rule {kind.rule!r}, which is "
                            f"not in {self.rulebook.source}")
        text = flow.describe(task, self.player_names(state))
        return Pending(kind.name, task.actor, text, rule, kind.phase)

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every legal action of the current actor, in a deterministic order."""

    @abstractmethod
    def explain(self, state: S, action: A) -> Verdict:
        """Whether ``action`` is legal now, with the reason and the rule."""

    @abstractmethod
    def apply(self, state: S, action: A) -> Step[S]:
        """Play ``action`` (assumed legal) and return the new state and its events."""

    def advance(self, state: S, action: A) -> S:
        """The state after ``action`` (assumed legal) when nobody reads its events, as
        seeded random play and searches step: :meth:`apply`'s state, by default through
        :meth:`apply` itself.  A game may skip building the events' texts here (see
        :data:`~gaia_lab.core.events.UNREAD`); the state must be the one :meth:`apply`
        gives.

        >>> from gaia_lab.core.session import Session
        >>> s = Session("animals_gathering", players=2, seed=3)
        >>> action = s.game.legal_actions(s.state)[0]
        >>> s.game.advance(s.state, action) == s.game.apply(s.state, action).state
        True
        """
        return self.apply(state, action).state

    @abstractmethod
    def parse_action(self, state: S, text: str) -> A:
        """Read an action in the game's notation; raise NotationError if unreadable."""

    def format_action(self, state: S, action: A) -> str:
        """The notation of ``action`` (``str(action)`` by default)."""
        return str(action)

    def action_group(self, state: S, action: A) -> str:
        """The heading a view lists ``action`` under, such as its verb (by default the
        first word of its notation)."""
        text = self.format_action(state, action)
        return text.split(maxsplit=1)[0] if text.strip() else text

    # -- chance -----------------------------------------------------------------------
    @abstractmethod
    def chance_outcomes(self, state: S) -> list[tuple[A, Fraction]]:
        """At a chance step, each outcome with its exact probability.

        A shuffle too large to list is given as one outcome, the permutation that the
        state's seeded RNG draws, with probability 1.
        """

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """Draw one chance outcome with ``rng``: the first outcome whose running total
        of probabilities passes one ``rng.random()`` draw (equally likely outcomes are
        found by index, :func:`draw_uniform`, the same outcome without fractions).
        """
        outcomes = self.chance_outcomes(state)
        if len(outcomes) == 1:
            return outcomes[0][0]
        first = outcomes[0][1]
        if all(p == first for _, p in outcomes):
            return draw_uniform(rng, outcomes)[0]
        point = Fraction(rng.random())
        total = Fraction(0)
        for action, p in outcomes:
            total += p
            if point < total:
                return action
        return outcomes[-1][0]

    @abstractmethod
    def chance_rng(self, state: S) -> random.Random:
        """The generator the state's seeded RNG gives for its next chance step."""

    # -- end of game ------------------------------------------------------------------
    def is_over(self, state: S) -> bool:
        """True when nobody acts any more."""
        return self.actor(state) is None

    @abstractmethod
    def score_breakdown(self, state: S) -> ScoreBreakdown:
        """Each player's points by rulebook category (also mid-game, as it stands)."""

    @abstractmethod
    def winners(self, state: S) -> tuple[int, ...]:
        """The winning seats after the rulebook's tie-breakers (several if shared)."""

    rules_may_win: bool = False
    """True for a game whose automated side (an Avatar, the Black Rose) can win, so that
    :meth:`winners` may be empty when the game is over."""

    # -- data -------------------------------------------------------------------------
    state_type: type[Any] | None = None
    """The state's frozen dataclass, read and written by :mod:`gaia_lab.core.codec`."""

    def state_from_json(self, text: str) -> S:
        """Rebuild a state from :meth:`state_to_json`'s text.

        By default the text is read by :func:`gaia_lab.core.codec.from_json` as a
        :attr:`state_type` (types and the bounds declared on the fields), then
        :meth:`invariants` must hold; InvalidStateError (source ``"state"``) lists every
        problem.
        """
        if self.state_type is None:  # likewise
            raise GameDefinitionError(f"{type(self).__name__} has no state_type")
        state: S = codec.from_json(self.state_type, text, "state")
        problems = self.invariants(state)
        if problems:
            raise InvalidStateError(problems, "state")
        return state

    def state_to_json(self, state: S) -> str:
        """The JSON text of a state (its ``to_json()``, else :func:`.codec.to_json`)."""
        to_json = getattr(state, "to_json", None)
        return str(to_json()) if callable(to_json) else codec.to_json(state)

    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state`` (conservation, limits); empty when sound.

        :meth:`state_from_json` refuses a state that breaks any, so they must hold for
        any value of the state type without raising.
        """
        return []

    def player_names(self, state: S) -> tuple[str, ...]:
        """Display names of the seats."""
        return tuple(f"P{i + 1}" for i in range(getattr(state, "players", 0)))

    @abstractmethod
    def scenario(self, spec: Mapping[str, Any]) -> S:
        """Build a position from a scenario description (for worked examples).

        Raises InvalidStateError naming every problem of the description.
        """

    def action_targets(self, state: S, action: A) -> tuple[str, ...]:
        """Ids of the board elements an action concerns (clicking one picks the action).

        Ids follow the game's board layout, e.g. ``"card:fox"`` or ``"die:2"``.
        """
        return ()

    def describe(self, state: S) -> str:
        """A short text summary of the state."""
        return str(state)

    def __repr__(self) -> str:
        return f"<Game {self.meta.name}: {self.meta.title}>"

