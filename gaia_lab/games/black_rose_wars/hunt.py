"""The Gaea Hunt Mission's Battlefield as a small playable drill of the Large Model rules.

The expansion brings Gaea to Nova Aetas Renaissance as a Hunt Mission; of that game it
gives only the rules of Large Models (:mod:`.large_models`).  This drill plays them: the
Hunt party (one seat) moves Models, the Large Model Gaea included, and makes Area
attacks, for a fixed number of actions; the rest of a Hunt Mission (its cards, Gaea's
actions, the campaign) is not among the sources and is not played.

Notation (squares as a column letter and a row number, ``a1`` top left):

==========================================  ======================================
``move h1 c3``                              a normal Model moves to ``c3``
``move gaea c1 at b1 push h1 b3``           a Large Model stops on ``c1``, its block's
                                            top-left square is ``b1``, ``h1`` is pushed
``area gaea b2``                            an Area attack (the 2x2 Area from ``b2``)
                                            on ``gaea``
``end``                                     the drill ends
==========================================  ======================================

>>> from gaia_lab import Session
>>> s = Session("black_rose_wars_hunt", scenario=DRILL)
>>> print(s.state.field.picture())
GG.T..
GGh...
..i...
......
>>> _ = s.play("area gaea b2")
>>> s.state.field.model("gaea").damage, s.state.field.model("h1").damage
(2, 1)
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Final

from gaia_lab.core import codec
from gaia_lab.core.checks import MAX_SEED
from gaia_lab.core.codec import Range
from gaia_lab.core.errors import IllegalActionError, InvalidStateError, NotationError
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Flow, Task, TaskKind, pop
from gaia_lab.core.game import Game, GameMeta, Step
from gaia_lab.core.rng import Rng
from gaia_lab.core.rulebook import Rulebook
from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.black_rose_wars.large_models import (
    Battlefield,
    LargeMove,
    Model,
    Square,
    apply_move,
    area_attack,
    explain_move,
    label,
    legal_moves,
    reachable,
)
from gaia_lab.games.black_rose_wars.parts_rules import rule

__all__ = ["DRILL", "GAME", "HuntAction", "HuntGame", "HuntState", "parse_square"]

AREA: Final = 2
"""The drill's Area: a block of 2 x 2 squares."""
TARGET_DAMAGE: Final = 2
"""Damage of the drill's attack on its target (the target's Effect)."""
EXTRA_DAMAGE: Final = 1
"""Damage of the attack's additional Effect on every other Model in the Area."""

RULEBOOK: Final = Rulebook("Gaea Reborn rulebook: Gaea Hunt Mission (Large Models)", [
    rule(r) for r in (
        "brw.hunt.mission", "brw.large.squares", "brw.large.move", "brw.large.place",
        "brw.large.push", "brw.large.scenic", "brw.large.area_target",
        "brw.large.area_target_once", "brw.large.area_extra_once", "brw.large.los",
        "brw.hunt.battlefield", "brw.hunt.drill")])
"""The drill's rules: a part of the game's rulebook (their page is the game's)."""

FLOW: Final[Flow[HuntAction]] = Flow([
    TaskKind("act", rule="brw.hunt.drill", what="{name}: action {0} of the drill",
             verbs=frozenset({"move", "area", "end"}),
             ask="move a Model or make an Area attack",
             data=tuple[Annotated[int, Range(1, 99)]]),
], verb=lambda a: a.verb)

_SQUARE: Final = re.compile(r"([a-z])([1-9][0-9]?)\Z")


def parse_square(word: str) -> Square:
    """A square from its label (NotationError when it is none).

    >>> parse_square("c2")
    (2, 1)
    """
    match = _SQUARE.match(word)
    if match is None:
        raise NotationError(f"{word!r} is not a square (a column letter and a row number, "
                            "such as 'c2')")
    return ord(match.group(1)) - ord("a"), int(match.group(2)) - 1


@dataclass(frozen=True, slots=True)
class HuntAction:
    """An action of the drill: ``move``, ``area`` or ``end`` and its words."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


@dataclass(frozen=True, slots=True)
class HuntState:
    """The Battlefield, the actions left and the pending step."""

    players: Annotated[int, Range(1, 1)]
    field: Battlefield
    actions: Annotated[int, Range(0, 99)] = 12
    """Actions left in the drill."""
    taken: Annotated[int, Range(0, 99)] = 0
    tasks: tuple[Task, ...] = ()
    rng: Rng = Rng(0)


@dataclass(frozen=True, slots=True)
class HuntSpec:
    """A scenario: the Battlefield's size, Scenic Elements and Models, the actions."""

    width: Annotated[int, Range(2, 12)] = 6
    height: Annotated[int, Range(2, 12)] = 6
    scenic: tuple[tuple[int, int], ...] = ()
    models: tuple[Model, ...] = ()
    actions: Annotated[int, Range(1, 99)] = 12
    seed: Annotated[int, Range(0, MAX_SEED - 1)] = 0


DRILL: Final[Mapping[str, Any]] = {
    "width": 6, "height": 4, "scenic": [[3, 0]],
    "models": [{"id": "gaea", "anchor": [0, 0], "size": 2, "speed": 2, "health": 12},
               {"id": "h1", "anchor": [2, 1], "speed": 3, "health": 5},
               {"id": "i1", "anchor": [2, 2], "speed": 2, "health": 3}],
    "actions": 6}
"""The drill's default Battlefield: Gaea, a Hero (h1) and an imp (i1) by a Tree."""


def problems(field: Battlefield) -> list[str]:
    """What is wrong with a Battlefield (empty when it is sound).

    >>> problems(Battlefield(3, 3, ((0, 0),), (Model("a", (0, 0)), Model("a", (2, 2)))))
    ["two Models are named 'a'", 'a covers a1, which holds a Scenic Element']
    """
    out: list[str] = []
    ids = [m.id for m in field.models]
    out += [f"two Models are named {i!r}" for i in sorted(set(ids)) if ids.count(i) > 1]
    seen: dict[Square, str] = {}
    for m in field.models:
        if not re.match(r"[a-z][a-z0-9_]{0,19}\Z", m.id):
            out.append(f"Model id {m.id!r} must be a lower-case word")
        if not (1 <= m.size <= 3 and 0 <= m.speed <= 9 and 1 <= m.health <= 30
                and 0 <= m.damage < m.health):
            out.append(f"{m.id}: size 1-3, Speed 0-9, Health 1-30 and Damage below Health")
            continue
        for s in sorted(m.squares()):
            if not field.inside(s):
                out.append(f"{m.id} covers {label(s)}, off the Battlefield")
            elif s in field.scenic:
                out.append(f"{m.id} covers {label(s)}, which holds a Scenic Element")
            elif s in seen:
                out.append(f"{m.id} and {seen[s]} both cover {label(s)}")
            else:
                seen[s] = m.id
    out += [f"Scenic Element {s} is off the Battlefield" for s in field.scenic
            if not field.inside(s)]
    return out


class HuntGame(Game[HuntState, HuntAction]):
    """The Large Models drill on a Hunt Mission Battlefield."""

    meta = GameMeta(
        name="black_rose_wars_hunt",
        title="Gaea Hunt Mission: Large Models (Black Rose Wars: Gaea Reborn)",
        min_players=1, max_players=1, chance="none",
        rule_source=RULEBOOK.source, components="reconstructed", max_steps=200)
    rulebook = RULEBOOK
    flow = FLOW
    state_type = HuntState

    def new_initial_state(self, players: int, seed: int = 0,
                          options: Mapping[str, Any] | None = None) -> HuntState:
        return self._build(codec.from_data(HuntSpec, dict(DRILL, seed=seed), "scenario"))

    def _build(self, spec: HuntSpec) -> HuntState:
        field = Battlefield(spec.width, spec.height, tuple(sorted(set(spec.scenic))),
                            spec.models)
        return HuntState(1, field, spec.actions, 0, (Task("act", 0, (1,)),), Rng(spec.seed))

    def player_names(self, state: HuntState) -> tuple[str, ...]:
        return ("Hunt party",)

    # -- legality ---------------------------------------------------------------------
    def legal_actions(self, state: HuntState) -> list[HuntAction]:
        return FLOW.legal(self, state)

    @FLOW.lister("act")
    def _list(self, state: HuntState, task: Task) -> list[HuntAction]:
        field = state.field
        out: list[HuntAction] = []
        for m in field.models:
            if m.large:
                out += [_move_action(mv) for mv in legal_moves(field, m.id)]
            else:
                steps = reachable(field, m.id)
                out += [HuntAction("move", (m.id, label(s)))
                        for s in sorted(steps, key=lambda s: (s[1], s[0])) if steps[s]]
        for y in range(field.height - AREA + 1):
            for x in range(field.width - AREA + 1):
                area = _area((x, y))
                out += [HuntAction("area", (m.id, label((x, y)))) for m in field.models
                        if m.squares() & area]
        return [*out, HuntAction("end")]

    def explain(self, state: HuntState, action: HuntAction) -> Verdict:
        drill = RULEBOOK["brw.hunt.drill"]
        if not state.tasks:
            return Verdict.illegal("hunt.over", "The drill is over.", drill)
        if action.verb == "end" and not action.args:
            return Verdict.ok(drill, "The party ends the drill.")
        try:
            self.parse_action(state, str(action))
        except NotationError as exc:
            return Verdict.illegal("hunt.notation", str(exc), drill)
        field = state.field
        try:
            model = field.model(action.args[0])
        except (KeyError, IndexError):
            known = ", ".join(m.id for m in field.models)
            return Verdict.illegal("hunt.no_model", f"No Model {' '.join(action.args[:1])!r} "
                                   f"is on the Battlefield ({known}).", drill)
        if action.verb == "area":
            corner = parse_square(action.args[1])
            if not (field.inside(corner) and field.inside((corner[0] + 1, corner[1] + 1))):
                return Verdict.illegal("hunt.area_off", f"The 2 x 2 Area from "
                                       f"{action.args[1]} leaves the Battlefield.", drill)
            try:
                hit = area_attack(field, _area(corner), model.id)
            except IllegalActionError as exc:
                return exc.verdict
            others = f", {', '.join(hit.extra)} 1 each (once)" if hit.extra else ""
            return Verdict.ok(rule("brw.large.area_target_once"),
                              f"{model.id} suffers {TARGET_DAMAGE} Damage{others}.")
        if model.large:
            return explain_move(field, _large_move(action))
        to = parse_square(action.args[1])
        steps = reachable(field, model.id)
        if not steps.get(to):
            return Verdict.illegal(
                "hunt.unreachable", f"{action.args[1]} is not within {model.id}'s Speed "
                f"{model.speed} through free squares (or it is where {model.id} stands).",
                RULEBOOK["brw.hunt.battlefield"])
        return Verdict.ok(RULEBOOK["brw.hunt.battlefield"],
                          f"{model.id} moves to {action.args[1]}.")

    # -- effects ----------------------------------------------------------------------
    def apply(self, state: HuntState, action: HuntAction) -> Step[HuntState]:
        verdict = self.explain(state, action)
        if not verdict:
            raise IllegalActionError(verdict, str(action))
        events: list[Event] = []
        return Step(FLOW.resolve(self, state, action, events), tuple(events))

    @FLOW.resolver("act")
    def _act(self, state: HuntState, task: Task, action: HuntAction,
             events: list[Event]) -> HuntState:
        field = state.field
        verdict = self.explain(state, action)
        if action.verb == "move":
            model = field.model(action.args[0])
            if model.large:
                field = apply_move(field, _large_move(action))
            else:
                moved = evolve(model, anchor=parse_square(action.args[1]))
                field = evolve(field, models=tuple(moved if m.id == model.id else m
                                                   for m in field.models))
        elif action.verb == "area":
            hit = area_attack(field, _area(parse_square(action.args[1])), action.args[0])
            harm = {hit.target: TARGET_DAMAGE, **dict.fromkeys(hit.extra, EXTRA_DAMAGE)}
            hurt = tuple(evolve(m, damage=m.damage + harm.get(m.id, 0)) for m in field.models)
            gone = [m.id for m in hurt if m.damage >= m.health]
            field = evolve(field, models=tuple(m for m in hurt if m.damage < m.health))
            if gone:
                verdict = evolve(verdict, message=verdict.message + f" Defeated: "
                                 f"{', '.join(gone)}.")
        events.append(Event(f"hunt.{action.verb}", verdict.message, verdict.rule, 0))
        left = state.actions - 1
        state = pop(evolve(state, field=field, actions=left, taken=state.taken + 1))
        over = (action.verb == "end" or left == 0
                or not any(m.large for m in field.models))
        return state if over else evolve(state, tasks=(Task("act", 0, (state.taken + 1,)),))

    # -- notation -----------------------------------------------------------------------
    def parse_action(self, state: HuntState, text: str) -> HuntAction:
        words = str(text).lower().split()
        if not words:
            raise NotationError("an empty action; expected 'move', 'area' or 'end'")
        verb, args = words[0], tuple(words[1:])
        if verb == "end" and not args:
            return HuntAction("end")
        if verb == "area" and len(args) == 2:
            parse_square(args[1])
            return HuntAction("area", args)
        if verb == "move" and len(args) == 2:
            parse_square(args[1])
            return HuntAction("move", args)
        if verb == "move" and len(args) >= 4 and args[2] == "at" and len(args) % 3 == 1:
            parse_square(args[1])
            parse_square(args[3])
            for i in range(4, len(args), 3):
                if args[i] != "push":
                    raise NotationError(f"{text!r}: expected 'push <model> <square>'")
                parse_square(args[i + 2])
            return HuntAction("move", args)
        raise NotationError(f"cannot read {text!r}: expected 'move <model> <square>', 'move "
                            "<model> <square> at <square> [push <model> <square>]...', "
                            "'area <model> <square>' or 'end'")

    def action_targets(self, state: HuntState, action: HuntAction) -> tuple[str, ...]:
        if action.verb == "end":
            return ()
        return (f"model:{action.args[0]}", f"square:{action.args[1]}")

    # -- chance, scoring, data ----------------------------------------------------------
    def chance_outcomes(self, state: HuntState) -> list[tuple[HuntAction, Fraction]]:
        return []

    def chance_rng(self, state: HuntState) -> random.Random:
        return state.rng.random()

    def score_breakdown(self, state: HuntState) -> ScoreBreakdown:
        dealt = sum(m.damage for m in state.field.models if m.large)
        return ScoreBreakdown(("Hunt party",), (ScoreLine(
            0, "Damage on Large Models", dealt, RULEBOOK["brw.hunt.drill"],
            f"{dealt} Damage on the Large Models still on the Battlefield"),))

    def winners(self, state: HuntState) -> tuple[int, ...]:
        return (0,)

    def invariants(self, state: HuntState) -> list[str]:
        out = problems(state.field)
        out += FLOW.problems(state.tasks[0], 1, "tasks[0]") if state.tasks else []
        if len(state.tasks) > 1:
            out.append(f"{len(state.tasks)} pending steps; the drill has one at a time")
        return out

    def scenario(self, spec: Mapping[str, Any]) -> HuntState:
        """The Battlefield ``spec`` describes (keys of :class:`HuntSpec`, all optional)."""
        if not isinstance(spec, Mapping):
            raise InvalidStateError(f"expected a mapping, not {type(spec).__name__}",
                                    "scenario")
        known = {f.name for f in dataclasses.fields(HuntSpec)}
        found = [f"unknown key {k!r}" for k in sorted(map(str, set(spec) - known))]
        read, more = codec.decode(HuntSpec, {k: v for k, v in spec.items() if k in known})
        found += more
        if found or read is None:
            raise InvalidStateError(found, "scenario")
        state = self._build(read)
        found = problems(state.field)
        if found:
            raise InvalidStateError(found, "scenario")
        return state

    def describe(self, state: HuntState) -> str:
        return state.field.picture()


def _area(corner: Square) -> frozenset[Square]:
    return frozenset((corner[0] + dx, corner[1] + dy) for dx in range(AREA)
                     for dy in range(AREA))


def _move_action(move: LargeMove) -> HuntAction:
    pushes = tuple(w for m, s in move.pushes for w in ("push", m, label(s)))
    return HuntAction("move", (move.model, label(move.to), "at", label(move.anchor), *pushes))


def _large_move(action: HuntAction) -> LargeMove:
    args = action.args
    if len(args) < 4:
        return LargeMove(args[0], parse_square(args[1]), (-1, -1))
    pushes = tuple((args[i + 1], parse_square(args[i + 2])) for i in range(4, len(args), 3))
    return LargeMove(args[0], parse_square(args[1]), parse_square(args[3]), pushes)


GAME: Final = HuntGame()
"""The drill's game object."""
