"""The flow kernel: declared task kinds, handler registration, dispatch and validation."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lab.core.codec import Range
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.flow import Flow, FlowError, Task, TaskKind, append, head, pop, push
from gaia_lab.core.values import evolve
from gaia_lab.games import GAMES


@dataclass(frozen=True, slots=True)
class Pile:
    """A toy state: a number and a task queue."""

    total: int = 0
    tasks: tuple[Task, ...] = ()


KINDS = [
    TaskKind("add", "ex.add", "{name} adds 1 or 2", frozenset({"1", "2"})),
    TaskKind("double", "ex.double", "{name} may double {0}", frozenset({"double", "keep"}),
             data=tuple[str]),
    TaskKind("roll", "ex.roll", "a die is rolled", frozenset({"die"}), actor="chance"),
    TaskKind("check", "ex.check", "the total is checked", actor="rules", phase="end"),
]


def verb(action: str) -> str:
    return action.split()[0]


def make_flow() -> Flow[str]:
    return Flow(KINDS, verb=verb)


# -- registration ----------------------------------------------------------------------
def test_a_kind_declared_twice_is_refused() -> None:
    with pytest.raises(FlowError, match="'add' is declared twice"):
        Flow([*KINDS, TaskKind("add", "ex.add", "again")], verb=verb)


def test_handlers_for_unknown_kinds_are_refused() -> None:
    flow = make_flow()
    with pytest.raises(FlowError, match=r"unknown task kind 'fly' \(known: add, double"):
        flow.lister("fly")(lambda owner, state, task: [])
    with pytest.raises(FlowError, match="unknown task kind 'fly'"):
        flow.resolver("fly")(lambda owner, state, task, action, events: state)
    with pytest.raises(FlowError, match="unknown task kind 'fly'"):
        flow.settler("fly")(lambda owner, state, task, events: state)


def test_two_handlers_for_one_place_are_refused() -> None:
    flow = make_flow()
    flow.lister("add")(lambda owner, state, task: ["1"])
    with pytest.raises(FlowError, match="'add' has two listers"):
        flow.lister("add")(lambda owner, state, task: ["2"])
    flow.resolver("add", verbs=["1"])(lambda owner, state, task, action, events: state)
    with pytest.raises(FlowError, match="'add' has two resolvers for '1'"):
        flow.resolver("add", verbs=["1"])(lambda owner, state, task, action, events: state)
    flow.settler("check")(lambda owner, state, task, events: None)
    with pytest.raises(FlowError, match="'check' has two settlers"):
        flow.settler("check")(lambda owner, state, task, events: None)


def test_a_resolver_for_a_verb_the_kind_does_not_declare_is_refused() -> None:
    with pytest.raises(FlowError, match="verb '3' does not resolve task kind 'add'"):
        make_flow().resolver("add", verbs=["3"])(lambda *args: None)


def test_unhandled_lists_what_nothing_resolves() -> None:
    flow = make_flow()
    assert flow.unhandled() == ["add", "double", "roll", "check"]
    flow.lister("add", "roll")(lambda owner, state, task: [])
    flow.resolver("add")(lambda *args: None)
    flow.settler("check")(lambda *args: None)
    assert flow.unhandled() == ["double", "roll"]


# -- reading tasks ---------------------------------------------------------------------
def test_task_seat_player_and_words() -> None:
    assert Task("add", 1).seat == 1 and Task("add", 1).player == 1
    assert Task("roll", "chance").seat is None
    with pytest.raises(FlowError, match="'roll' is resolved by 'chance', not a seat"):
        Task("roll", "chance").player  # noqa: B018 - the property raises
    assert Task("double", 0, ("x", 3)).words == ("x", "3")
    assert Task("double", 0, ("x", 3)).word(1) == "3" and Task("d", 0, ("7",)).number(0) == 7


def test_describe_names_the_actor_and_the_data() -> None:
    flow = make_flow()
    assert flow.describe(Task("double", 1, ("7",)), ("Ada", "Bo")) == "Bo may double 7"
    assert flow.describe(Task("add", 1)) == "P2 adds 1 or 2"
    assert flow.describe(Task("roll", "chance"), ("Ada",)) == "a die is rolled"
    with pytest.raises(FlowError, match="unknown task kind 'fly'"):
        flow.describe(Task("fly", 0))


def test_actor_and_the_queue_helpers() -> None:
    flow = make_flow()
    state = Pile(tasks=(Task("add", 0),))
    assert flow.actor(state) == 0 and flow.actor(Pile()) is None
    assert head(Pile()) is None and head(state) == Task("add", 0)
    state = push(state, Task("roll", "chance"))
    state = append(state, Task("check", "rules"))
    assert [t.kind for t in state.tasks] == ["roll", "add", "check"]
    assert [t.kind for t in pop(state).tasks] == ["add", "check"]


# -- problems --------------------------------------------------------------------------
@pytest.mark.parametrize(("task", "problem"), [
    (Task("fly", 0), "unknown task kind 'fly' (known: add, double, roll, check)"),
    (Task("add", 2), "task 'add' is decided by a seat 0-1, not 2"),
    (Task("add", -1), "task 'add' is decided by a seat 0-1, not -1"),
    (Task("add", True), "task 'add' is decided by a seat 0-1, not True"),
    (Task("add", "chance"), "task 'add' is decided by a seat 0-1, not 'chance'"),
    (Task("roll", 0), "task 'roll' is resolved by 'chance', not 0"),
    (Task("check", "chance"), "task 'check' is resolved by 'rules', not 'chance'"),
    (Task("double", 0), "data: task 'double': expected a list of 1 items, got []"),
    (Task("double", 0, ("x", "y")),
     'data: task \'double\': expected a list of 1 items, got ["x", "y"]'),
    (Task("double", 0, (3,)), "data[0]: task 'double': expected a text, got 3"),
    (Task("check", "rules", ("extra", 2)),
     'data: task \'check\': expected a list of 0 items, got ["extra", 2]'),
    (Task("add", 0, (1.5,)), "task 'add': data must be words or numbers, not (1.5,)"),  # type: ignore[arg-type]
])
def test_problems_name_what_is_unsound(task: Task, problem: str) -> None:
    assert make_flow().problems(task, players=2) == [problem]


def test_sound_tasks_have_no_problems() -> None:
    flow = make_flow()
    for task in (Task("add", 1), Task("double", 0, ("x",)), Task("roll", "chance"),
                 Task("check", "rules")):
        assert flow.problems(task, players=2) == []


@settings(max_examples=50)
@given(kind=st.sampled_from(["add", "double", "roll", "check", "fly", ""]),
       actor=st.one_of(st.integers(-3, 5), st.sampled_from(["chance", "rules", "x"])),
       data=st.lists(st.one_of(st.text(max_size=3), st.integers()), max_size=3))
def test_problems_never_raise(kind: str, actor: Any, data: list[Any]) -> None:
    flow = make_flow()
    task = Task(kind, actor, tuple(data))
    found = flow.problems(task, players=3)
    assert isinstance(found, list) and all(isinstance(p, str) and p for p in found)
    if not found:
        flow.describe(task, ("A", "B", "C"))  # a sound task can always be described


# -- the data of a task ------------------------------------------------------------------
BID = TaskKind("bid", "ex.bid", "{name} bids {1} on {0}", frozenset({"bid"}),
               data=tuple[Literal["ore", "qic"], Annotated[int, Range(1, 9)]])
ROW = TaskKind("row", "ex.row", "{name} activates the {0} row", frozenset({"use"}),
               data=tuple[Literal["red", "blue"], *tuple[Annotated[int, Range(0, 3)], ...]])


@pytest.mark.parametrize(("task", "problems"), [
    (Task("bid", 0, ("ore", 3)), []),
    (Task("bid", 0, ("ore",)), ["tasks[2].data: task 'bid': expected a list of 2 items, "
                                'got ["ore"]']),
    (Task("bid", 0, ("ore", 3, 4)), ["tasks[2].data: task 'bid': expected a list of 2 "
                                     'items, got ["ore", 3, 4]']),
    (Task("bid", 0, ("gold", 12)), ['tasks[2].data[0]: task \'bid\': expected one of "ore", '
                                    '"qic", got "gold"',
                                    "tasks[2].data[1]: task 'bid': must be from 1 to 9, got 12"]),
    (Task("bid", 0, (3, "ore")), ['tasks[2].data[0]: task \'bid\': expected one of "ore", '
                                  '"qic", got 3',
                                  'tasks[2].data[1]: task \'bid\': expected a whole number, '
                                  'got "ore"']),
    (Task("row", 1, ("red",)), []),
    (Task("row", 1, ("blue", 0, 3, 3)), []),
    (Task("row", 1, ()), ["tasks[2].data: task 'row': expected a list of at least 1 items, "
                          "got []"]),
    (Task("row", 1, ("red", 2, 7)), ["tasks[2].data[2]: task 'row': must be from 0 to 3, "
                                     "got 7"]),
])
def test_data_is_checked_against_its_declaration(task: Task, problems: list[str]) -> None:
    flow = Flow([BID, ROW], verb=verb)
    assert flow.problems(task, players=2, path="tasks[2]") == problems
    if not problems:
        flow.describe(task, ("Ada", "Bo"))


def test_a_kind_declares_no_data_by_default() -> None:
    flow = make_flow()
    assert flow.kinds["add"].data == tuple[()]
    assert flow.problems(Task("add", 0, ("x",)), 2, "pending[0]") == [
        'pending[0].data: task \'add\': expected a list of 0 items, got ["x"]']


def test_data_the_codec_cannot_read_is_refused_when_declared() -> None:
    with pytest.raises(FlowError, match="task kind 'odd': data cannot be read"):
        Flow([TaskKind("odd", "ex.odd", "odd", data=tuple[set[int]])], verb=verb)


# -- dispatch --------------------------------------------------------------------------
class Counter:
    """Handlers of the toy flow, registered on a fresh Flow per test."""

    def __init__(self, flow: Flow[str]) -> None:
        self.calls: list[str] = []
        self.flow = flow

        @flow.lister("add")
        def _list_add(owner: Counter, state: Pile, task: Task) -> list[str]:
            return ["1", "2"]

        @flow.resolver("add")
        def _add(owner: Counter, state: Pile, task: Task, action: str,
                 events: list[str]) -> Pile:
            owner.calls.append("add " + action)
            return push(pop(Pile(state.total + int(action), state.tasks)), Task("check", "rules"))

        @flow.lister("double")
        def _list_double(owner: Counter, state: Pile, task: Task) -> list[str]:
            return ["double", "keep"]

        @flow.resolver("double", verbs=["double"])
        def _double(owner: Counter, state: Pile, task: Task, action: str,
                    events: list[str]) -> Pile:
            owner.calls.append("double")
            return pop(Pile(state.total * 2, state.tasks))

        @flow.resolver("double")
        def _other(owner: Counter, state: Pile, task: Task, action: str,
                   events: list[str]) -> Pile:
            owner.calls.append("other " + action)
            return pop(state)

        @flow.settler("check")
        def _check(owner: Counter, state: Pile, task: Task, events: list[str]) -> Pile | None:
            if state.total > 10:
                return None  # waits (a rules step with a decision left to its lister)
            events.append(f"checked {state.total}")
            return pop(state)


def test_resolve_dispatches_by_kind_then_verb() -> None:
    flow = make_flow()
    owner = Counter(flow)
    state = Pile(3, (Task("double", 0, ("3",)), Task("double", 1, ("6",)), Task("add", 0)))
    assert flow.legal(owner, state) == ["double", "keep"]
    state = flow.resolve(owner, state, "double", [])
    state = flow.resolve(owner, state, "keep", [])
    assert owner.calls == ["double", "other keep"] and state.total == 6
    events: list[str] = []
    state = flow.resolve(owner, state, "2", events)
    assert state.tasks == (Task("check", "rules"),) and state.total == 8
    assert flow.settle(owner, state, events) == Pile(8) and events == ["checked 8"]


def test_settle_stops_at_a_waiting_task() -> None:
    flow = make_flow()
    owner = Counter(flow)
    state = Pile(11, (Task("check", "rules"), Task("add", 0)))
    assert flow.settle(owner, state, []) is state
    state = Pile(1, (Task("add", 0),))
    assert flow.settle(owner, state, []) is state  # no settler: a decision


def test_dispatch_errors_are_flow_errors() -> None:
    flow = make_flow()
    owner = Counter(flow)
    with pytest.raises(FlowError, match="nothing is pending"):
        flow.resolve(owner, Pile(), "1", [])
    assert flow.legal(owner, Pile()) == []
    with pytest.raises(FlowError, match="no lister for task kind 'roll'"):
        flow.legal(owner, Pile(tasks=(Task("roll", "chance"),)))
    with pytest.raises(FlowError, match="no resolver for 'die' at task kind 'roll'"):
        flow.resolve(owner, Pile(tasks=(Task("roll", "chance"),)), "die 3", [])


# -- the games on the kernel -----------------------------------------------------------
GAME_NAMES = ["animals_gathering", "gaia_tiki", "shapers_of_gaia"]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_each_game_declares_a_complete_flow(name: str) -> None:
    game = GAMES[name]
    flow = game.flow
    assert flow is not None and flow.unhandled() == []
    for kind in flow.kinds.values():
        assert kind.rule in game.rulebook, kind
        assert kind.what and kind.name in flow.kinds, kind


@pytest.mark.parametrize("name", [*GAME_NAMES, "gaia_project"])
def test_each_kind_declares_the_data_its_sentence_needs(name: str) -> None:
    """A kind whose sentence shows data item ``{0}`` declares at least that item, so a
    task that passes its check can always be described."""
    flow = GAMES[name].flow
    assert flow is not None
    for kind in flow.kinds.values():
        shown = {int(n) for n in re.findall(r"\{(\d+)\}", kind.what)}
        for size in range(max(shown, default=-1) + 1):
            task = Task(kind.name, 0 if kind.actor == "player" else kind.actor,
                        ("x",) * size)
            assert flow.problems(task, 2), (kind.name, size)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_game_actor_is_the_flow_actor(name: str) -> None:
    game = GAMES[name]
    assert game.flow is not None
    state = game.new_initial_state(2, 3)
    assert game.actor(state) == game.flow.actor(state) == state.tasks[0].actor


UNSOUND = [
    (Task("fly", 0), "tasks[0]: unknown task kind 'fly'"),
    (Task("turn", 7), "tasks[0]: task 'turn' is decided by a seat 0-1, not 7"),
    (Task("turn", "chance"), "tasks[0]: task 'turn' is decided by a seat 0-1, not 'chance'"),
]


@pytest.mark.parametrize("name", [n for n in GAME_NAMES if n != "gaia_tiki"])  # no 'turn'
@pytest.mark.parametrize(("task", "problem"), UNSOUND)
def test_invariants_report_unsound_tasks(name: str, task: Task, problem: str) -> None:
    game = GAMES[name]
    state = first_turn(name)
    assert game.invariants(state) == []
    bad = evolve(state, tasks=(task, *state.tasks))
    assert any(p.startswith(problem) for p in game.invariants(bad)), game.invariants(bad)


@pytest.mark.parametrize(("task", "problem"), UNSOUND)
def test_loading_an_unsound_task_is_refused(task: Task, problem: str) -> None:
    game = GAMES["animals_gathering"]
    data = json.loads(game.state_to_json(first_turn("animals_gathering")))
    data["tasks"].insert(0, {"kind": task.kind, "actor": task.actor, "data": []})
    with pytest.raises(InvalidStateError, match=re.escape(problem)):
        game.state_from_json(json.dumps(data))


def first_turn(name: str) -> Any:
    """A two-player state of ``name`` at its first turn, after setup."""
    game = GAMES[name]
    state = game.new_initial_state(2, 5)
    while state.tasks[0].kind != "turn":
        state = game.apply(state, game.legal_actions(state)[0]).state
    return state


def test_the_default_actor_needs_a_flow() -> None:
    from types import SimpleNamespace

    from gaia_lab.core.errors import GameDefinitionError
    from gaia_lab.core.game import Game

    with_flow = SimpleNamespace(flow=make_flow())
    assert Game.actor(with_flow, Pile(tasks=(Task("roll", "chance"),))) == "chance"  # type: ignore[arg-type]
    with pytest.raises(GameDefinitionError, match="has no flow"):
        Game.actor(SimpleNamespace(flow=None), Pile())  # type: ignore[arg-type]


def test_settled_at_once_are_the_kinds_with_only_a_settler() -> None:
    from gaia_lab.games.animals_gathering.rules import FLOW as AG_FLOW

    assert AG_FLOW.settled_at_once() == {"revival_check", "open_window", "offer_unused",
                                         "others_revive"}
    assert all(k in AG_FLOW.kinds for k in AG_FLOW.settled_at_once())


def test_a_game_class_without_a_flow_or_actor_is_refused_when_made() -> None:
    from dicegame import PigGame

    from gaia_lab.core.errors import GaiaLabError, GameDefinitionError

    class NoFlow(PigGame):
        flow = None

    with pytest.raises(GameDefinitionError, match="NoFlow must define a flow") as info:
        NoFlow()
    assert isinstance(info.value, GaiaLabError) and isinstance(info.value, TypeError)

    class OwnActor(NoFlow):
        def actor(self, state: Any) -> Any:
            return None

    assert OwnActor().actor(None) is None
