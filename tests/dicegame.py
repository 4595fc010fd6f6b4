"""Pig, a small dice game used to test the core and the conformance harness.

Players take turns.  On your turn you roll a die as often as you like, adding each roll
to your turn total; a 1 loses the turn total and ends the turn.  You may instead hold
(after rolling at least once) to bank the turn total.  The first to bank the target
(30 by default) wins.

The module registers the game (:func:`~gaia_lab.core.registry.register_game`) with
its board layout :func:`board` and its worked example, as any game from outside the
package would.

Every transition is one step: the ``"setup"`` rules step, player decisions ``"roll"``
and ``"hold"``, the chance step ``"die N"`` (six outcomes of probability 1/6) and the
``"end turn"`` rules step.  The game runs on the flow kernel
(:mod:`gaia_lab.core.flow`): its state's ``phase`` gives its one pending task, whose
kinds :data:`FLOW` declares with their rules.

>>> from fractions import Fraction
>>> s = PIG.new_initial_state(2, seed=1)
>>> PIG.actor(s)
'rules'
>>> s = PIG.apply(s, PigAction("setup")).state
>>> [str(a) for a in PIG.legal_actions(s)]
['roll']
>>> PIG.explain(s, PigAction("hold")).code
'hold.nothing_to_bank'
>>> s = PIG.apply(s, PigAction("roll")).state
>>> PIG.chance_outcomes(s)[0]
(PigAction(kind='die', value=1), Fraction(1, 6))
>>> s = PIG.apply(s, PigAction("die", 5)).state
>>> s.turn_total, [str(a) for a in PIG.legal_actions(s)]
(5, ['roll', 'hold'])
>>> s.tasks, str(PIG.pending(s))
((Task(kind='decide', actor=0, data=()),), 'P1 rolls or holds [Turn]')
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Annotated, Any

from gaia_lab.core import codec
from gaia_lab.core.checks import MAX_SEED
from gaia_lab.core.codec import Count, OneOf, Range
from gaia_lab.core.errors import InvalidStateError, NotationError
from gaia_lab.core.events import Event
from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.flow import Flow, Task, TaskKind
from gaia_lab.core.game import CHANCE, RULES, Game, GameMeta, Step
from gaia_lab.core.options import Option, declare
from gaia_lab.core.registry import register_game
from gaia_lab.core.rng import Rng
from gaia_lab.core.rulebook import Rulebook, RuleRef
from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.core.session import Session
from gaia_lab.core.verdict import Verdict
from gaia_lab.render.shapes import Item, Rect, Scene, Text

RULEBOOK = Rulebook(
    "Pig (test rules)",
    [
        RuleRef("pig.setup", "Setup", "Every score starts at 0 and the first player begins."),
        RuleRef("pig.turn", "Turn", "On your turn roll the die; each roll adds to the turn total."),
        RuleRef("pig.turn.hold", "Turn", "After at least one roll you may hold to bank the total."),
        RuleRef("pig.roll", "Rolling", "The die shows 1 to 6, each equally likely."),
        RuleRef("pig.roll.one", "Rolling", "A 1 loses the turn total and ends the turn."),
        RuleRef("pig.turn.end", "Turn", "The turn passes to the next player in seat order."),
        RuleRef("pig.end", "End of the game", "The first to bank the target wins."),
    ],
)
R = RULEBOOK

PHASES = ("setup", "decide", "roll", "end_turn", "over")


@dataclass(frozen=True, slots=True)
class PigAction:
    """``setup``, ``roll``, ``hold``, ``die N`` or ``end turn``."""

    kind: str
    value: int = 0

    def __str__(self) -> str:
        return f"die {self.value}" if self.kind == "die" else self.kind


@dataclass(frozen=True, slots=True)
class PigState:
    """A Pig position (immutable)."""

    players: Annotated[int, Range(2, 4)]
    rng: Rng
    target: Annotated[int, Range(1, 10_000)] = 30
    scores: tuple[int, ...] = ()
    """Each seat's banked points (a negative one is refused by the invariants)."""
    turn: Annotated[int, Range(0, 3)] = 0
    turn_total: Count = 0
    phase: Annotated[str, OneOf(PHASES)] = "setup"

    @property
    def tasks(self) -> tuple[Task, ...]:
        """The pending task of the phase (none once the game is over)."""
        actor = {"setup": RULES, "roll": CHANCE, "end_turn": RULES}.get(self.phase, self.turn)
        return () if self.phase == "over" else (Task(self.phase, actor),)


def _verb(action: PigAction) -> str:
    return action.kind


FLOW: Flow[PigAction] = Flow([
    TaskKind("setup", rule="pig.setup", what="the scores are set to 0", actor="rules",
             verbs=frozenset({"setup"}), phase="setup"),
    TaskKind("decide", rule="pig.turn", what="{name} rolls or holds",
             verbs=frozenset({"roll", "hold"}), phase="turn"),
    TaskKind("roll", rule="pig.roll", what="the die is rolled", actor="chance",
             verbs=frozenset({"die"}), phase="turn"),
    TaskKind("end_turn", rule="pig.turn.end", what="the turn passes to the next seat",
             actor="rules", verbs=frozenset({"end turn"}), phase="turn"),
], verb=_verb)
"""The kinds of step of Pig, one per phase before the end."""


@dataclass(frozen=True, slots=True)
class PigSpec:
    """A scenario description, read by the codec (types and bounds)."""

    players: Annotated[int, Range(2, 4)] = 2
    scores: tuple[int, ...] | None = None
    """Each seat's banked points (default all 0)."""
    turn: Annotated[int, Range(0, 3)] = 0
    turn_total: Count = 0
    target: Annotated[int, Range(1, 10_000)] = 30
    phase: Annotated[str, OneOf(("decide", "roll"))] = "decide"
    seed: Annotated[int, Range(0, MAX_SEED - 1)] = 0


def _problems(state: PigState) -> list[str]:
    out: list[str] = []
    if not 2 <= state.players <= 4:
        out.append(f"players is {state.players}, expected 2-4")
    if len(state.scores) != state.players:
        out.append(f"{len(state.scores)} scores for {state.players} players")
    if any(s < 0 for s in state.scores):
        out.append("a score is negative")
    if not 0 <= state.turn < max(state.players, 1):
        out.append(f"turn {state.turn} is not a seat")
    if state.turn_total < 0:
        out.append("turn_total is negative")
    if state.phase not in PHASES:
        out.append(f"phase {state.phase!r} is not one of {', '.join(PHASES)}")
    if state.target < 1:
        out.append("target must be at least 1")
    won = [s for s in state.scores if s >= state.target]
    if state.phase == "over" and len(won) != 1:
        out.append("the game is over but no single player reached the target")
    if state.phase != "over" and won:
        out.append("a player reached the target but the game is not over")
    return out


class PigGame(Game[PigState, PigAction]):
    """The Pig rule engine."""

    meta = GameMeta(
        name="pig",
        title="Pig",
        min_players=2,
        max_players=4,
        chance="dice",
        rule_source="test rules",
        components="published",
        options=declare(Option.number("target", "points needed to win", 1, 10_000,
                                      default=30)),
        max_steps=20_000,
    )
    rulebook = RULEBOOK
    flow = FLOW

    def new_initial_state(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> PigState:
        opts = dict(options or {})
        unknown = sorted(set(opts) - {"target"})
        target = opts.get("target", 30)
        if unknown or not isinstance(target, int) or target < 1:
            raise InvalidStateError(f"bad options {opts!r}", "options")
        return PigState(players, Rng(seed), target, (0,) * players)

    def legal_actions(self, state: PigState) -> list[PigAction]:
        return FLOW.legal(self, state)

    @FLOW.lister("decide")
    def _decisions(self, state: PigState, task: Task) -> list[PigAction]:
        return [PigAction("roll")] + ([PigAction("hold")] if state.turn_total else [])

    @FLOW.lister("roll")
    def _faces(self, state: PigState, task: Task) -> list[PigAction]:
        return [a for a, _ in self.chance_outcomes(state)]

    @FLOW.lister("setup", "end_turn")
    def _forced(self, state: PigState, task: Task) -> list[PigAction]:
        return [PigAction("setup" if task.kind == "setup" else "end turn")]

    def explain(self, state: PigState, action: PigAction) -> Verdict:
        kind, phase = action.kind, state.phase
        if phase == "over":
            return Verdict.illegal("game.over", "The game is over.", R["pig.end"])
        if phase == "setup":
            if kind == "setup":
                return Verdict.ok(R["pig.setup"])
            return Verdict.illegal("setup.pending", "Set up the game first.", R["pig.setup"])
        if phase == "end_turn":
            if kind == "end turn":
                return Verdict.ok(R["pig.turn.end"])
            return Verdict.illegal("turn.ending", "The turn is ending.", R["pig.turn.end"])
        if phase == "roll":
            if kind != "die":
                return Verdict.illegal("roll.pending", "The die is being rolled.", R["pig.roll"])
            if not 1 <= action.value <= 6:
                return Verdict.illegal(
                    "roll.no_such_face", f"A die has faces 1-6, not {action.value}.",
                    R["pig.roll"], value=action.value,
                )
            return Verdict.ok(R["pig.roll"])
        player = f"P{state.turn + 1}"
        if kind == "roll":
            return Verdict.ok(R["pig.turn"])
        if kind == "hold":
            if state.turn_total == 0:
                return Verdict.illegal(
                    "hold.nothing_to_bank",
                    f"{player} has rolled nothing this turn; roll at least once before holding.",
                    R["pig.turn.hold"],
                )
            return Verdict.ok(R["pig.turn.hold"], f"{player} banks {state.turn_total}.")
        return Verdict.illegal(
            "turn.player_decides", f"{player} must roll or hold, not {action}.", R["pig.turn"]
        )

    def apply(self, state: PigState, action: PigAction) -> Step[PigState]:
        events: list[Event] = []
        new = FLOW.resolve(self, state, action, events)
        return Step(new, tuple(events))

    @FLOW.resolver("setup")
    def _setup(self, state: PigState, task: Task, action: PigAction,
               events: list[Event]) -> PigState:
        events.append(Event("setup", "Scores start at 0; P1 begins.", R["pig.setup"], RULES,
                            automatic=True))
        return replace(state, phase="decide")

    @FLOW.resolver("decide", "roll", "end_turn")
    def _turn(self, state: PigState, task: Task, action: PigAction,
              events: list[Event]) -> PigState:
        step = self._step(state, action)
        events.extend(step.events)
        return step.state

    def _step(self, state: PigState, action: PigAction) -> Step[PigState]:
        who = f"P{state.turn + 1}"
        if action.kind == "roll":
            return Step(replace(state, phase="roll"),
                        (Event("roll", f"{who} rolls.", R["pig.turn"], state.turn),))
        if action.kind == "hold":
            scores = list(state.scores)
            scores[state.turn] += state.turn_total
            won = scores[state.turn] >= state.target
            text = f"{who} holds and banks {state.turn_total} (score {scores[state.turn]})."
            events = [Event("hold", text, R["pig.turn.hold"], state.turn,
                            ((f"{who}.score", state.turn_total),))]
            if won:
                events.append(Event("end", f"{who} reaches {state.target} and wins.",
                                    R["pig.end"], RULES, automatic=True))
            new = replace(state, scores=tuple(scores), turn_total=0,
                          phase="over" if won else "end_turn")
            return Step(new, tuple(events))
        if action.kind == "die":
            rng = state.rng.advanced()
            if action.value == 1:
                text = f"The die shows 1: {who} loses the turn total of {state.turn_total}."
                return Step(replace(state, rng=rng, turn_total=0, phase="end_turn"),
                            (Event("die", text, R["pig.roll.one"], CHANCE, automatic=True),))
            total = state.turn_total + action.value
            text = f"The die shows {action.value}: {who}'s turn total is {total}."
            return Step(replace(state, rng=rng, turn_total=total, phase="decide"),
                        (Event("die", text, R["pig.roll"], CHANCE, automatic=True),))
        nxt = (state.turn + 1) % state.players
        return Step(replace(state, turn=nxt, phase="decide"),
                    (Event("end_turn", f"P{nxt + 1} is next.", R["pig.turn.end"], RULES,
                           automatic=True),))

    def parse_action(self, state: PigState, text: str) -> PigAction:
        words = text.split()
        if words in (["roll"], ["hold"], ["setup"]):
            return PigAction(words[0])
        if words == ["end", "turn"]:
            return PigAction("end turn")
        if len(words) == 2 and words[0] == "die":
            try:
                return PigAction("die", int(words[1]))
            except ValueError:
                pass
        raise NotationError(
            f"cannot read {text!r}: expected 'roll', 'hold', 'die N', 'end turn' or 'setup'"
        )

    def chance_outcomes(self, state: PigState) -> list[tuple[PigAction, Fraction]]:
        if state.phase != "roll":
            return []
        return [(PigAction("die", n), Fraction(1, 6)) for n in range(1, 7)]

    def chance_rng(self, state: PigState) -> random.Random:
        return state.rng.random()

    def score_breakdown(self, state: PigState) -> ScoreBreakdown:
        names = self.player_names(state)
        return ScoreBreakdown(names, tuple(
            ScoreLine(p, "Banked points", s, R["pig.end"], f"{s} banked")
            for p, s in enumerate(state.scores)
        ))

    def winners(self, state: PigState) -> tuple[int, ...]:
        best = max(state.scores)
        return tuple(p for p, s in enumerate(state.scores) if s == best)

    state_type = PigState

    def invariants(self, state: PigState) -> list[str]:
        return _problems(state)

    def scenario(self, spec: Mapping[str, Any]) -> PigState:
        """The position ``spec`` describes (every key of :class:`PigSpec` optional): its
        types and bounds read by the codec, then the invariants of the state."""
        if not isinstance(spec, Mapping):
            raise InvalidStateError(f"expected a mapping, not {type(spec).__name__}",
                                    "scenario")
        known = {f.name for f in dataclasses.fields(PigSpec)}
        problems = [f"unknown key {k!r}" for k in sorted(map(str, set(spec) - known))]
        read, found = codec.decode(PigSpec, {k: v for k, v in spec.items() if k in known})
        problems += found
        if problems or read is None:
            raise InvalidStateError(problems, "scenario")
        scores = (0,) * read.players if read.scores is None else read.scores
        state = PigState(read.players, Rng(read.seed), read.target, scores, read.turn,
                         read.turn_total, read.phase)
        problems = _problems(state)
        if problems:
            raise InvalidStateError(problems, "scenario")
        return state

    def action_targets(self, state: PigState, action: PigAction) -> tuple[str, ...]:
        return ("die",) if action.kind in ("roll", "die") else ()


PIG = PigGame()
"""The Pig game object."""


def board(state: PigState, *, highlight: Iterable[str] = (), viewer: int | None = None,
          width: int = 400) -> Scene:
    """The Pig table: one row per seat with its banked points, and the die (id ``die``).

    >>> b = board(PIG.scenario({"scores": [3, 9]}), highlight=["die"])
    >>> b.width, b.ids(), [t.text for t in b.items if isinstance(t, Text)][:2]
    (400, ['die'], ['P1: 3 (turn 0)', 'P2: 9'])
    """
    lit = set(highlight)
    items: list[Item] = []
    for seat, score in enumerate(state.scores):
        turn = f" (turn {state.turn_total})" if seat == state.turn else ""
        weight = "bold" if seat == viewer else "normal"
        items.append(Text(10, 24 + 20 * seat, f"P{seat + 1}: {score}{turn}", weight=weight))
    items.append(Rect(width - 50, 10, 40, 40, fill="#ffffff", stroke="#c9a227" if "die" in lit
                      else "#333333", radius=6, id="die", title=f"phase {state.phase}"))
    return Scene(width, 20 + 20 * max(state.players, 2), tuple(items))


def _banked(seat: int) -> Callable[[Session], int]:
    return lambda session: int(session.state.scores[seat])


def _turn_total(session: Session) -> int:
    return int(session.state.turn_total)


EXAMPLES: tuple[Example, ...] = (
    Example(
        id="pig-hold", title="Rolling on, then holding", game="pig", source="Turn",
        summary="P1 rolls a 4 and a 3, holds and banks 7; P2 rolls a 1 and loses the turn.",
        scenario={"players": 2, "scores": [5, 12]},
        steps=(
            ExampleStep("P1 rolls a 4.", play=("roll",), chance=("die 4",), rule=R["pig.roll"],
                        checkpoints=(Checkpoint("turn total", 4, _turn_total),)),
            ExampleStep("P1 rolls again: a 3.", play=("roll",), chance=("die 3",),
                        rule=R["pig.turn"],
                        checkpoints=(Checkpoint("turn total", 7, _turn_total),)),
            ExampleStep("P1 holds: 5 + 7 banked.", play=("hold",), rule=R["pig.turn.hold"],
                        checkpoints=(Checkpoint("P1 banked", 12, _banked(0)),)),
            ExampleStep("P2 rolls a 1: the turn total is lost.", play=("roll",),
                        chance=("die 1",), rule=R["pig.roll.one"],
                        checkpoints=(Checkpoint("P2 banked", 12, _banked(1)),
                                     Checkpoint("P1 is next", 0,
                                                lambda s: int(s.state.turn)))),
        ),
    ),
)
"""The worked example of the Pig rules."""

register_game(PIG, layout=board, examples=EXAMPLES)
