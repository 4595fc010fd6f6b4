"""The turn flow of Gaia Project on :mod:`gaia_lab.core.flow`: every kind of decision.

A state's :attr:`~.state.GPState.tasks` is its queue: the decisions put in front by the
rules (``pending``: charges offered after a build, the order of the power income, the
Terrans' and Itars' Gaia-phase choices) and then the decision of the phase itself (a
setup part drawn by chance, a faction chosen, a starting mine placed, a booster taken,
a turn of the action phase), which ``phase``, ``order`` and ``current`` keep.  The
phase is the round's structure (what part of the round is being played); the head of
the queue says who acts now and under which rule.  Each kind is declared once here;
the rules register what resolves it (:func:`.rules.play`) and the game what lists its
choices (:func:`.game.candidates`).

>>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
>>> s = GPState.new(4, DEEP_MIND_2_SETUP)
>>> s.tasks
(Task(kind='faction', actor=0, data=()),)
>>> FLOW.describe(s.tasks[0], ("p1",)), FLOW.kind_of(s.tasks[0]).rule
('p1 chooses a faction', 'gp.setup.faction_board')
>>> charge = Task("charge", 2, (3,))
>>> FLOW.describe(charge, ("terrans", "xenos", "nevlas"))
'nevlas accepts or declines a charge of 3 power'
>>> FLOW.problems(charge, players=2)
["task 'charge' is decided by a seat 0-1, not 2"]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Final, Literal

from gaia_lab.core.codec import Range, Size
from gaia_lab.core.flow import Flow, Task, TaskActor, TaskKind

if TYPE_CHECKING:
    from gaia_lab.games.gaia_project.notation import Move
    from gaia_lab.games.gaia_project.state import GPState

__all__ = ["DRAW_KINDS", "DRAW_TASKS", "FLOW", "PHASE_KINDS", "draw_kind", "head_task",
           "income_task", "phase_task", "power_items"]

DRAW_KINDS: Final = {
    "map": ("draw_map", "gp.setup.sectors_34"), "techs": ("draw_techs", "gp.setup.tech_tiles"),
    "advanced": ("draw_advanced", "gp.setup.advanced_tech"),
    "federation": ("draw_federation", "gp.setup.federation_tokens"),
    "round": ("draw_round", "gp.setup.round_scoring"),
    "final": ("draw_final", "gp.setup.final_scoring"),
    "boosters": ("draw_boosters", "gp.setup.boosters"),
}
"""The task kind and rule of each setup part drawn by chance (in a 2-player game the
map follows ``gp.setup.sectors_2``: kind ``draw_map_2``)."""


DRAW_TASKS: Final = (*(name for name, _ in DRAW_KINDS.values()), "draw_map_2")
"""Every task kind of a setup draw."""


def _verb(move: Move) -> str:
    return str(move.commands[0].verb) if move.commands else ""


def _draws() -> list[TaskKind]:
    kinds = [TaskKind(name, rule=rule, what=f"the setup's {part} is drawn",
                      verbs=frozenset({"draw"}), actor="chance", phase="setup")
             for part, (name, rule) in DRAW_KINDS.items()]
    kinds.append(TaskKind("draw_map_2", rule="gp.setup.sectors_2",
                          what="the setup's map is drawn", verbs=frozenset({"draw"}),
                          actor="chance", phase="setup"))
    return kinds


FLOW: Final[Flow[Move]] = Flow([
    *_draws(),
    TaskKind("faction", rule="gp.setup.faction_board", what="{name} chooses a faction",
             verbs=frozenset({"faction"}), phase="setup"),
    TaskKind("setup_mine", rule="gp.setup.mines_first", what="{name} places a starting mine",
             verbs=frozenset({"build"}), phase="setup"),
    TaskKind("setup_booster", rule="gp.setup.booster_choice",
             what="{name} takes a round booster", verbs=frozenset({"booster"}),
             phase="setup"),
    TaskKind("income", rule="gp.income.order",
             what="{name} orders the power income", verbs=frozenset({"income", "brainstone"}),
             phase="income",
             data=Annotated[tuple[Literal["pw", "t"] | Annotated[int, Range(1, 99)], ...],
                            Size(2, 16)]),
    TaskKind("gaia_tokens", rule="gp.faction.terrans.pi",
             what="{name} converts the {0} tokens leaving the Gaia area",
             verbs=frozenset({"spend"}), phase="gaia",
             data=tuple[Annotated[int, Range(0, 99)]]),
    TaskKind("tokens_for_tech", rule="gp.faction.itars.pi",
             what="{name} may discard Gaia-area tokens for tech tiles",
             verbs=frozenset({"spend", "decline"}), phase="gaia"),
    TaskKind("turn", rule="gp.action.turns", what="{name} takes a turn", phase="actions"),
    TaskKind("charge", rule="gp.charge.trigger",
             what="{name} accepts or declines a charge of {0} power",
             verbs=frozenset({"charge", "decline"}), phase="actions",
             data=tuple[Annotated[int, Range(1, 30)]]),
], verb=_verb)
"""Every kind of decision of Gaia Project, with the data of each: the power of a
charge, the income items (``"pw"`` power or ``"t"`` tokens, each followed by its
amount), the tokens a Terran converts; the others have none."""


def draw_kind(part: str, players: int) -> str:
    """The task kind of drawing a setup part.

    >>> draw_kind("map", 2), draw_kind("map", 4), draw_kind("round", 2)
    ('draw_map_2', 'draw_map', 'draw_round')
    """
    if part == "map" and players <= 2:
        return "draw_map_2"
    return DRAW_KINDS[part][0]


_PHASE_KINDS: Final = {"faction": "faction", "setup_mines": "setup_mine",
                       "setup_boosters": "setup_booster"}

PHASE_KINDS: Final = frozenset({*DRAW_TASKS, *_PHASE_KINDS.values(), "turn"})
"""The kinds of a phase's own decision (:func:`phase_task`); the rules put the others
in front of it (``pending``)."""


@functools.lru_cache(maxsize=64)
def _own_task(kind: str, actor: TaskActor) -> Task:
    """The task of a phase's own decision, one value per kind and actor (a frozen
    dataclass is slow to build, and the queue is asked for it several times a line)."""
    return Task(kind, actor)


def phase_task(state: GPState) -> Task | None:
    """The decision of the phase itself, after every pending task (None while the rules
    play on, or when the game is over)."""
    phase = state.phase
    if phase == "actions":
        return None if state.current is None else _own_task("turn", state.current)
    if phase == "setup_draw":
        return (_own_task(draw_kind(state.draws[0], state.players), "chance")
                if state.draws else None)
    if phase in _PHASE_KINDS:
        return _own_task(_PHASE_KINDS[phase], state.order[0]) if state.order else None
    return None


def head_task(state: GPState) -> Task | None:
    """The head of ``state.tasks`` (the task that acts now), without building the
    queue."""
    return state.pending[0] if state.pending else phase_task(state)


def income_task(seat: int, items: Sequence[tuple[str, int]]) -> Task:
    """The task of ordering the power income still to take, ``(("pw", 4), ("t", 1))``
    (its data the items flattened: ``("pw", 4, "t", 1)``).

    >>> power_items(income_task(1, [("pw", 4), ("t", 1)]))
    [('pw', 4), ('t', 1)]
    """
    return Task("income", seat, tuple(x for code, n in items for x in (code, n)))


def power_items(task: Task) -> list[tuple[str, int]]:
    """The power income items of an ``income`` task."""
    return [(task.word(i), task.number(i + 1)) for i in range(0, len(task.data), 2)]
