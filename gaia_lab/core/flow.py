"""The turn flow every game runs on: a queue of typed tasks.

A state keeps ``tasks``, the pending steps in order.  The head :class:`Task` says who
acts (a seat, :data:`~gaia_lab.core.game.CHANCE` or :data:`~gaia_lab.core.game.RULES`)
and on what; resolving it may put new tasks in front (a power triggered, a charge
offered) or behind.  Each game declares the kinds of task it has once, as
:class:`TaskKind` s (the rule each follows, a sentence saying what is pending, the
verbs that resolve it), and registers in its :class:`Flow` one *lister* (the legal
actions of a task of that kind) and one or more *resolvers* (what an action does);
a step the rules resolve without a decision has a *settler* instead, run by
:meth:`Flow.settle` after each action until a decision is pending.  The Session, the
harness and the views rely on the declarations: who acts, what is pending and under
which rule, and whether a loaded state's tasks make sense.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Count:
...     total: int = 0
...     tasks: tuple[Task, ...] = ()
>>> FLOW = Flow([
...     TaskKind("add", rule="ex.add", what="{name} adds 1 or 2", verbs=frozenset({"1", "2"})),
...     TaskKind("check", rule="ex.end", what="the total is checked", actor="rules"),
... ], verb=str)
>>> class CountRules:
...     @FLOW.lister("add")
...     def _list_add(self, state: Count, task: Task) -> list[str]:
...         return ["1", "2"]
...     @FLOW.resolver("add")
...     def _add(self, state: Count, task: Task, action: str, events: list[str]) -> Count:
...         counted = Count(state.total + int(action), state.tasks)
...         return push(pop(counted), Task("check", "rules"))
...     @FLOW.lister("check")
...     def _list_check(self, state: Count, task: Task) -> list[str]:
...         return ["check"]
...     @FLOW.resolver("check")
...     def _check(self, state: Count, task: Task, action: str, events: list[str]) -> Count:
...         return pop(state) if state.total >= 3 else push(pop(state), Task("add", 0))
>>> rules, state = CountRules(), Count(tasks=(Task("add", 0),))
>>> FLOW.actor(state), FLOW.legal(rules, state)
(0, ['1', '2'])
>>> state = FLOW.resolve(rules, state, "2", [])
>>> FLOW.actor(state), FLOW.describe(state.tasks[0], ("Ada",))
('rules', 'the total is checked')
>>> state = FLOW.resolve(rules, state, "check", [])
>>> FLOW.describe(state.tasks[0], ("Ada",)), FLOW.unhandled()
('Ada adds 1 or 2', [])
>>> FLOW.problems(Task("fly", 0), players=2)
["unknown task kind 'fly' (known: add, check)"]

A kind declares its data, the words and numbers of :attr:`Task.data`, as a type
:mod:`~gaia_lab.core.codec` reads (no data by default), and :meth:`Flow.problems`
checks a loaded task against it, naming the task and the item:

>>> from typing import Annotated, Literal
>>> from gaia_lab.core.codec import Range
>>> bid = Flow([TaskKind("bid", rule="ex.bid", what="{name} bids on {0}",
...                      data=tuple[Literal["ore", "qic"], Annotated[int, Range(1, 9)]])],
...            verb=str)
>>> bid.problems(Task("bid", 0, ("ore", 3)), players=2)
[]
>>> for problem in bid.problems(Task("bid", 0, ("gold", 12)), players=2, path="tasks[0]"):
...     print(problem)
tasks[0].data[0]: task 'bid': expected one of "ore", "qic", got "gold"
tasks[0].data[1]: task 'bid': must be from 1 to 9, got 12
>>> print(*bid.problems(Task("bid", 0, ("ore",)), players=2, path="tasks[0]"))
tasks[0].data: task 'bid': expected a list of 2 items, got ["ore"]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from gaia_lab.core import codec
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.values import evolve, slot_init

__all__ = [
    "Flow", "FlowError", "HasTasks", "Task", "TaskActor", "TaskKind", "append", "head", "pop",
    "push",
]

TaskActor = int | Literal["chance", "rules"]
"""Who resolves a task: a seat (0-based), ``"chance"`` or ``"rules"``."""


@slot_init
@dataclass(frozen=True, slots=True)
class Task:
    """A pending step: its kind, who resolves it and its data (words or numbers).

    >>> Task("turn", 2).seat, Task("dice", "chance").seat
    (2, None)
    """

    kind: str
    actor: TaskActor
    data: tuple[str | int, ...] = ()

    @property
    def seat(self) -> int | None:
        """The seat that decides this task, or None for a chance or rules step."""
        return self.actor if isinstance(self.actor, int) else None

    @property
    def player(self) -> int:
        """The seat that decides this task, which the caller knows is a player's step.

        >>> Task("turn", 1).player
        1
        """
        if not isinstance(self.actor, int):
            raise FlowError(f"task {self.kind!r} is resolved by {self.actor!r}, not a seat")
        return self.actor

    @property
    def words(self) -> tuple[str, ...]:
        """The data items as texts.

        >>> Task("activate", 0, ("fox", 2)).words
        ('fox', '2')
        """
        return tuple(map(str, self.data))

    def word(self, i: int) -> str:
        """Data item ``i`` as text."""
        return str(self.data[i])

    def number(self, i: int) -> int:
        """Data item ``i`` as a whole number."""
        return int(self.data[i])


@dataclass(frozen=True, slots=True)
class TaskKind:
    """One kind of pending step, declared once by its game."""

    name: str
    rule: str
    """The id of the RuleRef the step follows."""
    what: str
    """What is pending, as a sentence template: ``{name}`` is the acting player's name,
    ``{0}``, ``{1}``... the task's data."""
    verbs: frozenset[str] = frozenset()
    """The verbs of the actions that resolve it (for "not now" diagnoses); empty means
    any verb its lister gives."""
    actor: Literal["player", "chance", "rules"] = "player"
    phase: str = ""
    """A label grouping kinds, such as ``"setup"``."""
    ask: str = ""
    """The step as an instruction to its actor (``"take a Species card"``), for
    diagnoses that need other words than :attr:`what`; empty when none is needed."""
    data: Any = tuple[()]
    """The type of :attr:`Task.data`, as :mod:`~gaia_lab.core.codec` reads it: a tuple
    type (``tuple[Annotated[int, Range(1, 30)]]``; ``tuple[Row, *tuple[str, ...]]`` for
    a first word and any number of words after it), bounded with ``Range``, ``Size``,
    ``OneOf`` or ``Literal``; no data by default.  A check that needs the state or the
    components (a card id, a seat's row) stays in the game's invariants."""


class FlowError(GaiaLabError):
    """A flow declared or used inconsistently (an engine bug, never a user's mistake)."""


class HasTasks(Protocol):
    """A state with a task queue (a frozen dataclass with a ``tasks`` field)."""

    @property
    def tasks(self) -> tuple[Task, ...]: ...


S = TypeVar("S", bound=HasTasks)
A = TypeVar("A")
Lister = Callable[[Any, Any, Task], Iterable[Any]]
Resolver = Callable[[Any, Any, Task, Any, list[Any]], Any]
Settler = Callable[[Any, Any, Task, list[Any]], Any]
_F = TypeVar("_F", bound=Callable[..., Any])


class Flow(Generic[A]):
    """A game's declared task kinds and the handlers registered for them.

    Handlers are registered while the game's modules are imported (decorators on the
    methods of its rules object); after that a Flow is only read, so one Flow serves
    every Session and thread.
    """

    def __init__(self, kinds: Iterable[TaskKind], *, verb: Callable[[A], str]) -> None:
        self.kinds: Mapping[str, TaskKind] = {}
        declared: dict[str, TaskKind] = {}
        for kind in kinds:
            if kind.name in declared:
                raise FlowError(f"task kind {kind.name!r} is declared twice")
            declared[kind.name] = kind
        self.kinds = declared
        for kind in declared.values():
            try:
                codec.data_problems(kind.data, ())
            except TypeError as exc:
                raise FlowError(f"task kind {kind.name!r}: data cannot be read: {exc}") from None
        self._verb = verb
        self._listers: dict[str, Lister] = {}
        self._resolvers: dict[tuple[str, str | None], Resolver] = {}
        self._resolvers_by_kind: dict[str, dict[str | None, Resolver]] = {}
        """The same resolvers by kind, then by verb (None: any verb), read by
        :meth:`resolve`."""
        self._settlers: dict[str, Settler] = {}

    # -- registration -----------------------------------------------------------------
    def _known(self, kind: str) -> TaskKind:
        found = self.kinds.get(kind)
        if found is None:
            raise FlowError(f"unknown task kind {kind!r} (known: {', '.join(self.kinds)})")
        return found

    def lister(self, *kinds: str) -> Callable[[_F], _F]:
        """Register a method ``(self, state, task) -> Iterable[action]`` listing the legal
        actions of tasks of these kinds."""
        def register(fn: _F) -> _F:
            for kind in kinds:
                self._known(kind)
                if kind in self._listers:
                    raise FlowError(f"task kind {kind!r} has two listers")
                self._listers[kind] = fn
            return fn
        return register

    def resolver(self, *kinds: str, verbs: Sequence[str] | None = None) -> Callable[[_F], _F]:
        """Register a method ``(self, state, task, action, events) -> state`` resolving
        tasks of these kinds (only actions with one of ``verbs``, when given).  The state
        it receives still has ``task`` at the head of its queue (see :func:`pop`)."""
        def register(fn: _F) -> _F:
            for kind in kinds:
                declared = self._known(kind)
                for verb in verbs if verbs is not None else (None,):
                    if verb is not None and declared.verbs and verb not in declared.verbs:
                        raise FlowError(f"verb {verb!r} does not resolve task kind {kind!r}")
                    if (kind, verb) in self._resolvers:
                        raise FlowError(f"task kind {kind!r} has two resolvers for {verb!r}")
                    self._resolvers[(kind, verb)] = fn
                    self._resolvers_by_kind.setdefault(kind, {})[verb] = fn
            return fn
        return register

    def settler(self, *kinds: str) -> Callable[[_F], _F]:
        """Register a method ``(self, state, task, events) -> state | None`` settling
        tasks of these kinds without a decision: it returns the next state, or None when
        the task waits for its actor (see :meth:`settle`).  A kind may have a settler
        alone (a step the rules always resolve) or with a lister and resolvers (a step
        the rules resolve only when there is nothing to decide)."""
        def register(fn: _F) -> _F:
            for kind in kinds:
                self._known(kind)
                if kind in self._settlers:
                    raise FlowError(f"task kind {kind!r} has two settlers")
                self._settlers[kind] = fn
            return fn
        return register

    def unhandled(self) -> list[str]:
        """Declared kinds that nothing resolves: without a settler, and without a lister
        or a resolver (empty for a complete game)."""
        resolved = {kind for kind, _ in self._resolvers}
        return [k for k in self.kinds if k not in self._settlers
                and (k not in self._listers or k not in resolved)]

    def settled_at_once(self) -> frozenset[str]:
        """Kinds the rules always resolve as soon as they come up (a settler and no
        lister): such a task is never the pending step of a settled state."""
        return frozenset(k for k in self._settlers if k not in self._listers)

    # -- reading a state ----------------------------------------------------------------
    def actor(self, state: HasTasks) -> TaskActor | None:
        """Who acts: the head task's actor, or None when nothing is pending."""
        return state.tasks[0].actor if state.tasks else None

    def kind_of(self, task: Task) -> TaskKind:
        """The declaration of a task's kind."""
        return self._known(task.kind)

    def describe(self, task: Task, names: Sequence[str] = ()) -> str:
        """What the task waits for, as a sentence."""
        seat = task.seat
        name = names[seat] if seat is not None and seat < len(names) else f"P{(seat or 0) + 1}"
        return self._known(task.kind).what.format(*task.data, name=name)

    def legal(self, owner: Any, state: HasTasks) -> list[A]:
        """The actions the head task's lister gives (empty when nothing is pending)."""
        if not state.tasks:
            return []
        task = state.tasks[0]
        lister = self._listers.get(task.kind)
        if lister is None:
            raise FlowError(f"no lister for task kind {task.kind!r}")
        return list(lister(owner, state, task))

    def resolve(self, owner: Any, state: S, action: A, events: list[Any]) -> S:
        """Apply ``action`` to the head task through its resolver."""
        tasks = state.tasks
        if not tasks:
            raise FlowError("nothing is pending")
        task = tasks[0]
        verb = self._verb(action)
        by_verb = self._resolvers_by_kind.get(task.kind, _NO_RESOLVERS)
        fn = by_verb.get(verb) or by_verb.get(None)
        if fn is None:
            raise FlowError(f"no resolver for {verb!r} at task kind {task.kind!r}")
        result: S = fn(owner, state, task, action, events)
        return result

    def settle(self, owner: Any, state: S, events: list[Any]) -> S:
        """Settle head tasks through their settlers until one waits for a decision (its
        kind has no settler, or its settler returns None) or nothing is pending."""
        while state.tasks:
            task = state.tasks[0]
            fn = self._settlers.get(task.kind)
            if fn is None:
                return state
            settled: S | None = fn(owner, state, task, events)
            if settled is None:
                return state
            state = settled
        return state

    def problems(self, task: Task, players: int, path: str = "") -> list[str]:
        """What is wrong with a task read from outside (empty when it is sound): its
        kind, its actor, and its data against the kind's declaration; each problem
        starts with ``path`` (the task's place in the state, such as ``tasks[2]``)."""
        at = f"{path}: " if path else ""
        kind = self.kinds.get(task.kind)
        if kind is None:
            return [f"{at}unknown task kind {task.kind!r} (known: {', '.join(self.kinds)})"]
        actor = task.actor
        if kind.actor == "player":
            if not isinstance(actor, int) or isinstance(actor, bool) or not 0 <= actor < players:
                return [f"{at}task {task.kind!r} is decided by a seat 0-{players - 1}, "
                        f"not {actor!r}"]
        elif actor != kind.actor:
            return [f"{at}task {task.kind!r} is resolved by {kind.actor!r}, not {actor!r}"]
        if not isinstance(task.data, tuple) or any(
                isinstance(x, bool) or not isinstance(x, (str, int)) for x in task.data):
            return [f"{at}task {task.kind!r}: data must be words or numbers, not {task.data!r}"]
        data = f"{path}.data" if path else "data"
        found = [_named(p, task.kind) for p in codec.data_problems(kind.data, task.data, data)]
        if found:
            return found
        try:
            kind.what.format(*task.data, name="")
        except (IndexError, KeyError):
            return [f"{at}task {task.kind!r}: {len(task.data)} data items are too few"]
        return []


_NO_RESOLVERS: Mapping[str | None, Resolver] = {}
"""The resolvers of a kind nothing resolves (none)."""


def _named(problem: str, kind: str) -> str:
    """A data problem (``data[1]: expected a text``) with the task's kind after its path."""
    where, _, reason = problem.partition(": ")
    return f"{where}: task {kind!r}: {reason}"


# -- the queue -------------------------------------------------------------------------
def head(state: HasTasks) -> Task | None:
    """The pending task, or None."""
    return state.tasks[0] if state.tasks else None


def pop(state: S) -> S:
    """The state without its head task."""
    return evolve(state, tasks=state.tasks[1:])


def push(state: S, *tasks: Task) -> S:
    """The state with ``tasks`` in front of its queue (they come next, in order)."""
    return evolve(state, tasks=(*tasks, *state.tasks))


def append(state: S, *tasks: Task) -> S:
    """The state with ``tasks`` at the end of its queue."""
    return evolve(state, tasks=(*state.tasks, *tasks))
