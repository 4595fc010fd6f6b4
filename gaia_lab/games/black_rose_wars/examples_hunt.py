"""Worked examples of the Gaea Hunt Mission's Large Model rules, played on the drill's
Battlefield (:mod:`.hunt`).

>>> [e.id for e in EXAMPLES]
['brw-large-move-push', 'brw-large-scenic', 'brw-large-area']
>>> for e in EXAMPLES:
...     _ = e.run()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.session import Session
from gaia_lab.games.black_rose_wars.hunt import DRILL
from gaia_lab.games.black_rose_wars.large_models import label, line_of_sight
from gaia_lab.games.black_rose_wars.parts_rules import rule

__all__ = ["EXAMPLES"]

_LARGE = "Large Models"


def _covers(model: str) -> Callable[[Session], str]:
    def measure(s: Session) -> str:
        squares = s.state.field.model(model).squares()
        return " ".join(label(q) for q in sorted(squares, key=lambda q: (q[1], q[0])))
    return measure


def _at(model: str) -> Callable[[Session], str]:
    return lambda s: label(s.state.field.model(model).anchor)


def _damage(model: str) -> Callable[[Session], int]:
    return lambda s: int(s.state.field.model(model).damage)


def _verdict(action: str) -> Callable[[Session], str]:
    return lambda s: s.explain(action).code


def _sees(a: str, b: str) -> Callable[[Session], bool]:
    return lambda s: line_of_sight(s.state.field, a, b)


_PUSH: Final[dict[str, Any]] = {
    "width": 5, "height": 4, "scenic": [[3, 0], [3, 1]],
    "models": [{"id": "gaea", "anchor": [0, 0], "size": 2, "speed": 2, "health": 12},
               {"id": "h1", "anchor": [2, 1], "speed": 3, "health": 5},
               {"id": "i1", "anchor": [2, 2], "speed": 2, "health": 3}],
    "actions": 4}

_SCENIC: Final[dict[str, Any]] = {
    "width": 4, "height": 4, "scenic": [[2, 0], [2, 1], [3, 2]],
    "models": [{"id": "gaea", "anchor": [0, 0], "size": 2, "speed": 3, "health": 12}],
    "actions": 4}

_AREA: Final[dict[str, Any]] = {
    "width": 6, "height": 5, "scenic": [[3, 0], [3, 1], [3, 2], [3, 3], [3, 4]],
    "models": [{"id": "gaea", "anchor": [1, 1], "size": 2, "speed": 2, "health": 12},
               {"id": "h1", "anchor": [0, 0], "speed": 3, "health": 5},
               {"id": "i1", "anchor": [4, 4], "speed": 2, "health": 3}],
    "actions": 4}

EXAMPLES: Final[tuple[Example, ...]] = (
    Example(
        id="brw-large-move-push", title="A Large Model moves as one square and pushes",
        game="black_rose_wars_hunt", source=_LARGE,
        summary="Gaea moves two squares counted from the square of her block nearest her "
                "goal, then covers four squares: the one block holding her stopping square "
                "that covers no Tree is partly taken by the Hero, who is pushed to a nearest "
                "free square.",
        scenario=_PUSH,
        steps=(
            ExampleStep(
                "Gaea stops on c1. The block from c1 would cover the Tree on d1, so her "
                "block goes from b1; the Hero on c2 is under it and every square next to "
                "him but b3 and d3 is taken: he is pushed to b3.",
                play=("move gaea c1 at b1 push h1 b3",), rule=rule("brw.large.push"),
                title="Moving and pushing",
                checkpoints=(Checkpoint("Gaea covers", "b1 c1 b2 c2", _covers("gaea")),
                             Checkpoint("the Hero stands on", "b3", _at("h1")),
                             Checkpoint("the imp stays on", "c3", _at("i1")))),
            ExampleStep(
                "Pushing only happens when no free block holds the stopping square: from "
                "b1 Gaea may stop on a1 and must then take the free block a1-b2; a push "
                "there is refused.",
                rule=rule("brw.large.place"), title="A free block first",
                checkpoints=(Checkpoint("a push onto a free block", "large.pushes",
                                        _verdict("move gaea a1 at a1 push i1 d3")),
                             Checkpoint("the free block", "ok",
                                        _verdict("move gaea a1 at a1")))),
        )),
    Example(
        id="brw-large-scenic", title="Scenic Elements are never covered",
        game="black_rose_wars_hunt", source=_LARGE,
        summary="Every block holding d2 would cover a Tree or leave the Battlefield, so "
                "Gaea may not end her move there; she ends it on a square that lets her be "
                "placed.",
        scenario=_SCENIC,
        steps=(
            ExampleStep(
                "d2 is within Gaea's Speed 3, but no block of four squares holding it is "
                "clear of Trees: the move is refused.",
                rule=rule("brw.large.scenic"), title="No block fits",
                checkpoints=(Checkpoint("stopping on d2", "large.scenic",
                                        _verdict("move gaea d2 at c1")),)),
            ExampleStep(
                "She ends her move on a4 instead and covers a3 to b4.",
                play=("move gaea a4 at a3",), rule=rule("brw.large.place"),
                title="A square that lets her be placed",
                checkpoints=(Checkpoint("Gaea covers", "a3 b3 a4 b4", _covers("gaea")),)),
        )),
    Example(
        id="brw-large-area", title="Area attacks and Line of Sight",
        game="black_rose_wars_hunt", source="Large Models and Area Effects",
        summary="An Area attack on Gaea hits her once though three of her squares are in "
                "the Area; aimed at the Hero beside her, its additional Effect reaches her "
                "once. A wall of Trees blocks the Hero's sight of the imp, never of Gaea.",
        scenario=_AREA,
        steps=(
            ExampleStep(
                "The Area b2-c3 holds all four of Gaea's squares: she suffers the target's "
                "2 Damage once.",
                play=("area gaea b2",), rule=rule("brw.large.area_target_once"),
                title="The target, once", checkpoints=(
                    Checkpoint("Gaea's Damage", 2, _damage("gaea")),
                    Checkpoint("the Hero's Damage", 0, _damage("h1")))),
            ExampleStep(
                "The Area a1-b2 aimed at the Hero holds one of Gaea's squares (b2): she "
                "suffers the additional Effect once, 1 Damage.",
                play=("area h1 a1",), rule=rule("brw.large.area_extra_once"),
                title="The additional Effect, once", checkpoints=(
                    Checkpoint("Gaea's Damage", 3, _damage("gaea")),
                    Checkpoint("the Hero's Damage", 2, _damage("h1")))),
            ExampleStep(
                "Trees stand between the Hero and the imp: no Line of Sight. Gaea, a Large "
                "Model, sees and is seen by every Model.",
                rule=rule("brw.large.los"), title="Line of Sight", checkpoints=(
                    Checkpoint("the Hero sees the imp", False, _sees("h1", "i1")),
                    Checkpoint("the imp sees Gaea", True, _sees("i1", "gaea")))),
        )),
)
"""The Large Model examples, in the rulebook's order."""

_ = DRILL
