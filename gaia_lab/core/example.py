"""Worked examples: a rulebook example as a runnable script with checkpoints.

An :class:`Example` starts from a scenario description, plays its steps in order
and checks each step's :class:`Checkpoint` s; :meth:`Example.run` raises
:class:`~gaia_lab.core.errors.ExampleError` at the first one that fails.
Notebooks, tests and docs all use the same examples.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from gaia_lab.core.errors import ExampleError
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.session import Session


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """An expected value, measured on the session after a step."""

    label: str
    expected: Any
    measure: Callable[[Session], Any]

    def check(self, session: Session) -> tuple[bool, Any]:
        """Whether the checkpoint holds, and the measured value."""
        actual = self.measure(session)
        return actual == self.expected, actual


@dataclass(frozen=True, slots=True)
class ExampleStep:
    """One step of an example: actions to play, commentary, the rule, checkpoints."""

    commentary: str
    play: tuple[str, ...] = ()
    """Actions in notation, played in order."""
    chance: tuple[str, ...] = ()
    """Chance outcomes forced after the last action (``"suppose the dice show..."``)."""
    rule: RuleRef | None = None
    checkpoints: tuple[Checkpoint, ...] = ()
    title: str = ""
    """A short heading for the step."""


@dataclass(frozen=True, slots=True)
class StepResult:
    """An example step after it was played."""

    step: ExampleStep
    session: Session
    checks: tuple[tuple[Checkpoint, bool, Any], ...]

    @property
    def ok(self) -> bool:
        return all(ok for _, ok, _ in self.checks)

    def summary(self) -> str:
        """The step as text: commentary, actions played, rule and checkpoints."""
        lines = ([self.step.title] if self.step.title else []) + [self.step.commentary]
        if self.step.play:
            lines.append("played: " + "; ".join(self.step.play))
        if self.step.chance:
            lines.append("chance: " + "; ".join(self.step.chance))
        if self.step.rule is not None:
            lines.append(f"rule:   {self.step.rule.citation}")
        for cp, ok, actual in self.checks:
            mark = "ok " if ok else "FAIL"
            lines.append(f"  [{mark}] {cp.label}: {actual!r}"
                         + ("" if ok else f" (expected {cp.expected!r})"))
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example of a rule source."""

    id: str
    title: str
    game: str
    source: str
    """Where the example is in the rule source (section title)."""
    summary: str
    scenario: Mapping[str, Any]
    steps: tuple[ExampleStep, ...]
    notes: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)

    def start(self) -> Session:
        """A session at the example's starting position."""
        return Session(self.game, options=self.options, scenario=self.scenario)

    def results(self) -> Iterator[StepResult]:
        """Play the steps one by one, yielding a snapshot after each."""
        session = self.start()
        for number, step in enumerate(self.steps, start=1):
            if step.chance and not step.play:
                raise ExampleError(f"{self.id}, step {number}: forced chance outcomes need an "
                                   "action to follow")
            for i, action in enumerate(step.play):
                last = i == len(step.play) - 1
                try:
                    session.play(action, chance=step.chance if last else ())
                except Exception as exc:
                    raise ExampleError(
                        f"{self.id}, step {number}: playing {action!r} failed: {exc}"
                    ) from exc
            checks = tuple((cp, *cp.check(session)) for cp in step.checkpoints)
            yield StepResult(step, session.copy(), checks)

    def run(self) -> Session:
        """Play the whole example; raise ExampleError at the first failed checkpoint."""
        session = self.start()
        for number, result in enumerate(self.results(), start=1):
            for cp, ok, actual in result.checks:
                if not ok:
                    raise ExampleError(
                        f"{self.id}, step {number}: {cp.label}: expected {cp.expected!r}, "
                        f"got {actual!r}"
                    )
            session = result.session
        return session

    def __repr__(self) -> str:
        return f"<Example {self.id}: {self.title} ({len(self.steps)} steps)>"
