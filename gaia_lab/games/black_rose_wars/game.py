"""The Black Rose Wars: Gaea Reborn game object: the Game protocol over :class:`.state.BRWState`.

Players are the Mages (1 to 5, the Lodge layouts the rulebook draws); Gaea, her Servant
Filius and the Black Rose act by themselves as ``rules`` steps.  Setup: the Lodge's Rooms
are drawn (chance; the ``rooms`` option names them instead), Gaea's setup runs as five
steps, her Command deck is shuffled (chance), the Mages go to their Cells.

>>> from gaia_lab import Session
>>> s = Session("black_rose_wars", players=2, seed=1)
>>> g = s.game
>>> [r.root is not None for r in s.state.rooms] == [True] * 7
True
>>> s.state.avatar.model.where, s.state.avatar.filius.where, s.state.avatar.servant
('black_rose_room', 'throne_room', 'filius')
>>> "natures_fury" in s.state.forgotten_spells, s.state.removed
(False, ('natures_fury',))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, Final, Literal

from gaia_lab.core import codec
from gaia_lab.core.codec import Count, Range
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.flow import Task
from gaia_lab.core.game import Actor, Game, GameMeta, Step
from gaia_lab.core.options import Option, declare
from gaia_lab.core.rng import Rng
from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.black_rose_wars import events_core, modules_flow
from gaia_lab.games.black_rose_wars.actions import Action, parse
from gaia_lab.games.black_rose_wars.components import (
    COMMAND_EFFECTS,
    Components,
    load_components,
)
from gaia_lab.games.black_rose_wars.paths import PathRow
from gaia_lab.games.black_rose_wars.rulebook import RULES as RULEBOOK
from gaia_lab.games.black_rose_wars.rules import (
    FLOW,
    SETUP_ORDER,
    TURNS,
    Rules,
    explain_choice,
)
from gaia_lab.games.black_rose_wars.state import (
    ARBOR_VITAE,
    AVATAR,
    BLACK_ROSE,
    FILIUS,
    MAX_EVOCATIONS,
    MAX_MAGES,
    ROOT_TOKENS,
    AvatarBoard,
    BRWState,
    Choice,
    Evocation,
    Mage,
    Model,
    Room,
    RootToken,
    Seat,
    cell_id,
    mage_id,
    seat_of,
)

__all__ = ["META", "BlackRoseWars", "EvocationSpec", "MageSpec", "ModelSpec", "RoomSpec",
           "ScenarioSpec"]

META: Final = GameMeta(
    name="black_rose_wars",
    title="Black Rose Wars: Rebirth - Gaea Reborn",
    min_players=1,
    max_players=MAX_MAGES,
    chance="cards",
    rule_source="Black Rose Wars: Rebirth - Gaea Reborn rulebook (the core game modelled)",
    components="reconstructed",
    options=declare(
        Option.texts("mages", "the Mage of each seat, e.g. ['rikkart', 'angela'] (the first "
                     "Mages of the data when absent)"),
        Option.texts("rooms", "the Rooms on the layout's free places, in order, instead of "
                     "drawing them, e.g. ['crypt', 'forge', 'arena', 'garden', 'armory']"),
        Option.flag("paths", "play the Paths module (brw.paths.module)"),
        Option.flag("legendary", "play the Legendary Scenario Stop the Threat, with Paths "
                    "(brw.legendary.about)"),
        Option.flag("geomancy", "setup step 9: the School of Geomancy replaces the modelled "
                    "core's spells (brw.school.geomancy)"),
    ),
    max_steps=20_000,
)

_AT: Final = ("black_rose", "planning", "turn", "avatar", "evocation", "burst")
_PHASE_AT: Final = {"black_rose": "black_rose", "planning": "planning", "turn": "action",
                    "avatar": "action", "evocation": "evocation", "burst": "cleanup"}


@dataclass(frozen=True, slots=True)
class MageSpec:
    """What a scenario changes on one Mage."""

    where: str | None = None
    power: Count | None = None
    damage: Count | None = None
    """Damage on the Mage, the Black Rose's unless ``dealt`` names its owners."""
    dealt: tuple[str, ...] | None = None
    """The owner of each Damage on the Mage, oldest first (it sets the Damage)."""
    trophies: tuple[Literal["mage", "avatar", "evocation"], ...] | None = None
    prepared: tuple[str, ...] | None = None
    """The prepared spells (the rest stay in hand); by default the first two."""
    passed: bool = False


@dataclass(frozen=True, slots=True)
class ModelSpec:
    """Where Gaea or Filius stands (``""``: out of the Lodge) and its Damage."""

    where: str | None = None
    damage: Count | None = None
    """Damage on the Model, the Black Rose's unless ``dealt`` names its owners."""
    dealt: tuple[str, ...] | None = None
    """The owner of each Damage on the Model, oldest first (it sets the Damage)."""


@dataclass(frozen=True, slots=True)
class EvocationSpec:
    """A summoned Evocation in a scenario: its card, its owner's seat, its Room and
    Damage (as :class:`ModelSpec`'s)."""

    card: str
    owner: Seat
    where: str
    damage: Count | None = None
    dealt: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class RoomSpec:
    """A Room's Instability (owners, left to right), its Root Token (the owners on it, or
    None for no token) and its side."""

    slots: tuple[str, ...] = ()
    root: tuple[str, ...] | None = ()
    rebuilt: bool = False


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """A scenario description, as :meth:`BlackRoseWars.scenario` reads it."""

    players: Annotated[int, Range(1, MAX_MAGES)] = 2
    seed: Annotated[int, Range(0, 2**63 - 1)] = 0
    mages: tuple[str, ...] | None = None
    rooms: tuple[str, ...] | None = None
    seats: tuple[MageSpec, ...] = ()
    gaea: ModelSpec | None = None
    gaea_power: Count | None = None
    filius: ModelSpec | None = None
    evocations: tuple[EvocationSpec, ...] = ()
    """Evocations the Mages have summoned (their cards leave the Evocation deck)."""
    lodge: Mapping[str, RoomSpec] = field(default_factory=dict)
    """Rooms changed; a Room not named keeps its setup (a Root Token, no Instability)."""
    arbor_vitae: tuple[str, ...] = ()
    crown: Seat = 0
    commands: tuple[str, ...] = ()
    """Command cards put on top of the deck, in order."""
    events: tuple[str, ...] = ()
    """Event cards put on top of their Moon's deck, in order."""
    black_rose: Count | None = None
    moon_cubes: Annotated[tuple[Annotated[int, Range(1, 60)], ...], codec.Size(3, 3)] | None = None
    """The slots of the Second Moon, Third Moon and Black Rose cubes."""
    at: Literal["black_rose", "planning", "turn", "avatar", "evocation", "burst"] = "turn"
    """The step the position waits for."""
    turn: Annotated[int, Range(1, TURNS)] = 1
    """The round of turns, when ``at`` is ``turn`` or ``avatar``."""
    paths: tuple[PathRow, ...] | None = None
    """Each Mage's Path (the Paths module is played when given); the deck holds the rest."""
    legendary: bool = False
    """The Legendary Scenario Stop the Threat (with the Paths)."""
    geomancy: bool = False
    """The School of Geomancy in place of the modelled core's spells."""
    spells: tuple[tuple[str, ...], ...] | None = None
    """Each Mage's own spells (``[]`` for the core's), instead of those dealt."""


class BlackRoseWars(Game[BRWState, Action]):
    """Black Rose Wars: Rebirth - Gaea Reborn for 1-5 Mages against Gaea."""

    meta = META
    rulebook = RULEBOOK
    flow = FLOW
    state_type = BRWState
    rules_may_win = True

    def __init__(self, components: Components | None = None) -> None:
        self.components = components or load_components()
        self.rules = Rules(self.components)

    # -- setup ---------------------------------------------------------------------
    def new_initial_state(self, players: int, seed: int = 0,
                          options: Mapping[str, Any] | None = None) -> BRWState:
        if isinstance(players, bool) or not isinstance(players, int) or not (
                META.min_players <= players <= META.max_players):
            raise InvalidStateError(f"Black Rose Wars is for 1-{MAX_MAGES} Mages, not "
                                    f"{players!r}", "players")
        options = dict(options or {})
        c = self.components
        problems: list[str] = []
        mage_ids = tuple(options.get("mages") or [m.id for m in c.mages][:players])
        known = list(modules_flow.mage_ids(c))
        if len(mage_ids) != players or len(set(mage_ids)) != players or not set(
                mage_ids) <= set(known):
            problems.append(f"mages: {players} different Mages of {', '.join(known)}")
        scenario = bool(options.get("legendary"))
        free = modules_flow.free_rooms(c, scenario)
        places = c.layout(players).rooms - 2
        given = options.get("rooms")
        if given is not None:
            wrong = [r for r in given if r not in free]
            if wrong:
                problems.append(f"rooms: {wrong[0]!r} is not a Room drawn for the layout "
                                f"({', '.join(free)})")
            if len(given) != places or len(set(given)) != len(given):
                problems.append(f"rooms: the layout for {players} Mage(s) has {places} free "
                                f"places; name {places} different Rooms")
        if problems:
            raise InvalidStateError(problems, "options")
        mages = tuple(Mage(card.name, Model("", card.speed, card.strength, card.health))
                      for card in (modules_flow.mage_card(c, m) for m in mage_ids))
        pool = (*given, *(r for r in free if r not in given)) if given is not None else free
        gaea = c.avatar_card(AVATAR)
        filius = c.avatar_card(FILIUS)
        avatar = AvatarBoard(Model("", gaea.speed, gaea.strength, gaea.health),
                             commands=tuple(x.id for x in c.commands),
                             filius=Model("", filius.speed, filius.strength, filius.health))
        tasks = tuple(Task(k, "chance" if FLOW.kinds[k].actor == "chance" else "rules",
                           ("given" if given is not None else "drawn",) if k == "lodge" else ())
                      for k in SETUP_ORDER)
        school = bool(options.get("geomancy"))
        tasks = (*tasks[:-1], *modules_flow.school_tasks(school), tasks[-1])
        decks = (c.event_deck(1), c.event_deck(2), c.event_deck(3))
        return BRWState(players=players, mages=mages, avatar=avatar, room_pool=tuple(pool),
                        forgotten_spells=c.forgotten_deck(), event_decks=decks, tasks=tasks,
                        evocation_deck=c.evocation_deck(),
                        rng=Rng(seed),
                        modules=modules_flow.new_modules(bool(options.get("paths")), scenario,
                                                         school, mage_ids))

    # -- flow ----------------------------------------------------------------------
    def actor(self, state: BRWState) -> Actor:
        return FLOW.actor(state)

    def legal_actions(self, state: BRWState) -> list[Action]:
        return self.rules.legal(state)

    def explain(self, state: BRWState, action: Action) -> Verdict:
        task = state.task
        if task is not None and task.actor == "chance":
            return self._explain_chance(state, task, action)
        return self.rules.explain(state, action)

    def _explain_chance(self, state: BRWState, task: Task, action: Action) -> Verdict:
        if task.kind in modules_flow.CHANCE_KINDS:
            return modules_flow.explain_chance(state, task, action)
        rule = RULEBOOK[FLOW.kind_of(task).rule]
        verb = {"lodge": "lodge", "events": "events", "summon": "summon"}.get(task.kind,
                                                                              "commands")
        if action.verb != verb:
            return Verdict.illegal(f"phase.{task.kind}", f"This is the {task.kind} chance "
                                   f"step ({verb} ...), not {action.verb!r}.", rule)
        if task.kind == "lodge":
            pool = state.room_pool
            if task.word(0) == "given":
                if action.args == pool:
                    return Verdict.ok(rule, "The Rooms the options name.")
                return Verdict.illegal("lodge.given", "The options name the Rooms: "
                                       f"{' '.join(pool)}.", rule)
        elif task.kind == "summon":
            if len(action.args) == 1 and action.args[0] in state.evocation_deck:
                return Verdict.ok(rule, "A card of the Evocation deck.")
            return Verdict.illegal("summon.not_in_deck", f"{' '.join(action.args)!r} is not "
                                   "a card of the Evocation deck "
                                   f"({len(state.evocation_deck)} cards).", rule)
        elif task.kind == "events":
            sizes = [len(d) for d in state.event_decks]
            args = list(action.args)
            parts = [args[sum(sizes[:i]):sum(sizes[:i + 1])] for i in range(3)]
            if len(args) == sum(sizes) and all(
                    sorted(p) == sorted(d) for p, d in zip(parts, state.event_decks, strict=True)):
                return Verdict.ok(rule, "A possible order of each Moon's deck.")
            return Verdict.illegal("events.not_a_shuffle", "The order must hold the Events of "
                                   f"Moon 1, then Moon 2, then Moon 3 ({', '.join(map(str, sizes))}"
                                   " cards), each once.", rule)
        else:
            pool = state.avatar.commands + state.avatar.discard
        if sorted(action.args) == sorted(pool):
            return Verdict.ok(rule, "A possible order.")
        return Verdict.illegal(f"{task.kind}.not_a_shuffle", f"The order must hold each of "
                               f"the {len(pool)} cards or Rooms once.", rule)

    def apply(self, state: BRWState, action: Action) -> Step[BRWState]:
        new, events = self.rules.apply(state, action)
        return Step(new, tuple(events))

    def parse_action(self, state: BRWState, text: str) -> Action:
        return parse(text)

    def action_targets(self, state: BRWState, action: Action) -> tuple[str, ...]:
        """Ids of the Lodge view an action concerns: ``room:<id>``, ``cell:<id>``,
        ``model:<id>`` and ``root:<room>``.

        >>> g = BlackRoseWars()
        >>> s = g.scenario({"players": 1})
        >>> g.action_targets(s, Action("cast", ("arcane_bolt", "root:throne_room")))
        ('root:throne_room',)
        """
        def target(word: str) -> str:
            if word.startswith("root:"):
                return word
            if word in state.model_ids():
                return f"model:{word}"
            if word.startswith("cell"):
                return f"cell:{word}"
            return f"room:{word}"

        v, args = action.verb, action.args
        if v in ("move", "attack", "crown"):
            return (target(args[0]),)
        if v == "cast":
            return (target(args[1]),)
        if v == "evoke":
            return (target(args[2]) if args[2] != "none" else target(args[1]),)
        if v == "legend":
            return (target(args[1]),)
        if v == "activate" and args:
            return (target(args[0]),)
        task = state.task
        if v == "activate" and task is not None and task.seat is not None:
            return (f"room:{state.mages[task.player].where}",)
        return ()

    # -- chance --------------------------------------------------------------------
    def chance_rng(self, state: BRWState) -> random.Random:
        return state.rng.random()

    def chance_outcomes(self, state: BRWState) -> list[tuple[Action, Fraction]]:
        task = state.task
        if task is None or task.actor != "chance":
            return []
        return [(a, Fraction(1)) for a in self.rules.legal(state)]

    # -- the AI's reasons -------------------------------------------------------------
    def explain_choice(self, state: BRWState) -> Choice | None:
        """The choice Gaea or Filius is about to make, or made last, with its trace."""
        return explain_choice(state, self.components)

    # -- end -----------------------------------------------------------------------
    def player_names(self, state: BRWState) -> tuple[str, ...]:
        return tuple(m.name for m in state.mages)

    def score_breakdown(self, state: BRWState) -> ScoreBreakdown:
        rule = RULEBOOK["brw.core.power_board"]
        lines = tuple(ScoreLine(i, "Power Points", m.power, rule,
                                f"{m.power} on the Power board; {len(m.trophies)} Trophy "
                                "token(s)")
                      for i, m in enumerate(state.mages))
        return ScoreBreakdown(self.player_names(state), lines)

    def winners(self, state: BRWState) -> tuple[int, ...]:
        """The winning Mages (brw.core.end): none when Gaea bloomed or when Gaea or the
        Black Rose has more Power Points than every Mage; the Crown's holder wins a tie
        among Mages."""
        if state.victory == "blossoming":
            return ()
        best = max(m.power for m in state.mages)
        if max(state.avatar.power, state.power_board.black_rose) > best:
            return ()
        top = tuple(i for i, m in enumerate(state.mages) if m.power == best)
        return (state.crown,) if state.crown in top else top

    def describe(self, state: BRWState) -> str:
        task = state.task
        head = "over" if task is None else f"{task.kind} ({task.actor})"
        power = ", ".join(f"{m.name} {m.power}" for m in state.mages)
        return (f"Black Rose Wars, round {state.round}, {state.phase}; {head}; Power: "
                f"{power}, Gaea {state.avatar.power}, Black Rose "
                f"{state.power_board.black_rose}; Arbor Vitae {len(state.arbor_vitae)}")

    # -- data ----------------------------------------------------------------------
    def invariants(self, state: BRWState) -> list[str]:
        """What every state must be: seats, Rooms and Cells the components know, models
        where they may stand, tokens and cards conserved, tasks the rules can resolve."""
        n = len(state.mages)
        if n != state.players:
            return [f"players: {state.players}, but {n} Mages"]
        out = self._lodge_problems(state)
        if out:
            return out
        out += self._model_problems(state)
        out += self._token_problems(state)
        out += modules_flow.module_problems(state)
        for i, task in enumerate(state.tasks):
            found = FLOW.problems(task, n, f"tasks[{i}]")
            out += found or self._task_problems(state, i, task)
        return out

    def _lodge_problems(self, state: BRWState) -> list[str]:
        c = self.components
        n = len(state.mages)
        out: list[str] = []
        ids = [r.id for r in state.rooms]
        known = {r.id for r in c.rooms}
        if len(set(ids)) != len(ids):
            out.append("rooms: a Room is in the Lodge twice")
        if len({(r.q, r.r) for r in state.rooms}) != len(ids):
            out.append("rooms: two Rooms share a place")
        owners = {mage_id(i) for i in range(n)} | {AVATAR, BLACK_ROSE}
        for i, room in enumerate(state.rooms):
            at = f"rooms[{i}]"
            if room.id not in known:
                out.append(f"{at}.id: unknown Room {room.id!r}")
                continue
            if room.size != c.room(room.id).slots:
                out.append(f"{at}.size: {room.id} has {c.room(room.id).slots} slots, not "
                           f"{room.size}")
            if len(room.slots) >= room.size or (room.rebuilt and room.slots):
                out.append(f"{at}.slots: {len(room.slots)} Instability on "
                           f"{'a rebuilt Room' if room.rebuilt else f'{room.size} slots'}")
            held = (*room.slots, *(room.root.slots if room.root else ()))
            out += [f"{at}: unknown owner {o!r}" for o in held if o not in owners]
            if len(set(room.used)) != len(room.used) or any(s >= n for s in room.used):
                out.append(f"{at}.used: seats of this game, each once")
        if any(r in ids or r not in known for r in state.room_pool) or len(
                set(state.room_pool)) != len(state.room_pool):
            out.append("room_pool: Rooms of the box not in the Lodge, each once")
        lodge_pending = any(t.kind == "lodge" for t in state.tasks)
        if lodge_pending:
            if state.rooms or state.cells:
                out.append("the Lodge is drawn while Rooms are already placed")
            need = c.layout(n).rooms - 2
            free = set(modules_flow.free_rooms(c, state.modules.legendary))
            if len(state.room_pool) < need or not set(state.room_pool) <= free:
                out.append(f"room_pool: the layout needs {need} Rooms of "
                           f"{', '.join(sorted(free))}")
            return out
        if state.tasks and (len(state.rooms) < 2 or len(state.cells) != n):
            out.append(f"the Lodge needs its Rooms and {n} Cell(s) once drawn")
        if sorted(c.seat for c in state.cells) != list(range(len(state.cells))):
            out.append("cells: one Cell per seat")
        out += [f"cells: {c.id} opens onto {c.room!r}, not a Room of the Lodge"
                for c in state.cells if c.room not in ids]
        return out

    def _model_problems(self, state: BRWState) -> list[str]:
        n = len(state.mages)
        rooms = {r.id for r in state.rooms}
        cells = {c.id for c in state.cells}
        out: list[str] = []
        setup = {t.kind for t in state.tasks} & set(SETUP_ORDER)
        for mid in state.model_ids():
            model = state.model(mid)
            where = model.where
            if where and where not in rooms | cells:
                out.append(f"{mid}: {where!r} is no area of the Lodge")
            seat = seat_of(mid)
            if seat is not None and where in cells and where != cell_id(seat):
                out.append(f"{mid}: in another Mage's Cell ({where})")
            if mid == FILIUS and where in cells:
                out.append("filius: an Evocation never enters a Cell")
            if model.damage >= model.health:
                out.append(f"{mid}: {model.damage} Damage on Health {model.health} is a "
                           "defeat not resolved")
            if len(model.dealt) != model.damage:
                out.append(f"{mid}: {model.damage} Damage but {len(model.dealt)} owners of "
                           "Damage (brw.core.damage_owner)")
            owners = {mage_id(i) for i in range(n)} | {AVATAR, BLACK_ROSE}
            out += [f"{mid}: Damage of unknown owner {o!r}" for o in set(model.dealt)
                    if o not in owners]
        if not setup & {"lodge", "gaea_model"} and state.tasks and not state.avatar.model.where:
            out.append("gaea: Gaea's model is always in the Lodge after setup")
        if state.crown >= n:
            out.append(f"crown: seat {state.crown} is not a seat of this game")
        out += self._evocation_problems(state)
        for i, m in enumerate(state.mages):
            held = (*m.hand, *m.prepared)
            spells = set(modules_flow.spells_of(self.components, state, i))
            if len(set(held)) != len(held) or not set(held) <= spells:
                out.append(f"mages[{i}]: spells of the core, each once")
        return out

    def _evocation_problems(self, state: BRWState) -> list[str]:
        c = self.components
        out: list[str] = []
        rooms = {r.id for r in state.rooms}
        held = [e.card for e in state.evocations]
        cards = (*state.evocation_deck, *state.evocation_discard, *held)
        if Counter(cards) != Counter(c.evocation_deck()):
            out.append(f"the Evocation deck, its discards and the Evocations in the Lodge "
                       f"hold {len(cards)} cards, not each of the {len(c.evocation_deck())} "
                       "once")
        for i, e in enumerate(state.evocations):
            if e.owner >= len(state.mages):
                out.append(f"evocations[{i}].owner: seat {e.owner} is not a seat of this game")
            if e.model.where not in rooms:
                out.append(f"evocations[{i}]: an Evocation stands in a Room of the Lodge, not "
                           f"{e.model.where!r} (brw.core.cells)")
        for seat in range(len(state.mages)):
            if held and sum(1 for e in state.evocations if e.owner == seat) > MAX_EVOCATIONS:
                out.append(f"evocations: seat {seat} has more than {MAX_EVOCATIONS}")
        return out

    def _token_problems(self, state: BRWState) -> list[str]:
        c = self.components
        out: list[str] = []
        rooms = {r.id for r in state.rooms}
        roots = sum(1 for r in state.rooms if r.root is not None)
        if roots + state.avatar.root_pool != ROOT_TOKENS:
            out.append(f"{roots} Root Tokens in the Lodge and {state.avatar.root_pool} in the "
                       f"pool, not {ROOT_TOKENS}")
        if len(state.arbor_vitae) + state.avatar.arbor_pool != ARBOR_VITAE:
            out.append(f"{len(state.arbor_vitae)} Arbor Vitae placed and "
                       f"{state.avatar.arbor_pool} in the pool, not {ARBOR_VITAE}")
        out += [f"arbor_vitae: {r!r} is not a Room of the Lodge" for r in state.arbor_vitae
                if r not in rooms]
        a = state.avatar
        cards = [*a.commands, *a.discard, *([a.card] if a.card else [])]
        if Counter(cards) != Counter(x.id for x in c.commands):
            out.append(f"the Command deck, discards and card in play hold {len(cards)} cards, "
                       f"not each of the {len(c.commands)} once")
        if a.servant not in ("", FILIUS):
            out.append(f"avatar.servant: {a.servant!r} is not Filius")
        scenario = modules_flow.scenario_card_ids()
        for moon, deck_now in enumerate(state.event_decks, 1):
            if any(e not in c.event_deck(moon) for e in deck_now if e not in scenario):
                out.append(f"event_decks[{moon - 1}]: an Event of another Moon or unknown")
        shown = [e for d in state.event_decks for e in d if e not in scenario] + [
            e for e in state.events if e not in scenario]
        if Counter(shown) != Counter(e.id for e in c.events):
            out.append(f"the Event decks and the revealed Events hold {len(shown)} cards, not "
                       f"each of the {len(c.events)} once")
        deck = c.forgotten_deck()
        held = (*state.forgotten_spells, *state.removed)
        if Counter(held) != Counter(deck):
            out.append("forgotten_spells and removed: each Forgotten Spell once")
        b = state.power_board
        if not b.second_moon < b.third_moon < b.black_rose_cube:
            out.append("power_board: the Second Moon, Third Moon and Black Rose cubes go on "
                       "rising slots")
        if state.victory not in ("", "blossoming", "power"):
            out.append(f"victory: {state.victory!r} is not blossoming or power")
        elif state.victory and state.tasks:
            out.append("the game is won but steps are pending")
        return out

    def _task_problems(self, state: BRWState, i: int, task: Task) -> list[str]:
        c = self.components
        path = f"tasks[{i}]"
        kind, words = task.kind, task.words
        rooms = [r.id for r in state.rooms]
        commands = {x.id for x in c.commands}
        mages = {mage_id(s) for s in range(len(state.mages))}
        if kind in ("gaea_target", "gaea", "gaea_done") and words[0] not in commands:
            return [f"{path}.data[0]: unknown Command card {words[0]!r}"]
        if kind == "gaea":
            if words[1] not in COMMAND_EFFECTS:
                return [f"{path}.data[1]: unknown effect {words[1]!r}"]
            if words[2] not in rooms:
                return [f"{path}.data[2]: {words[2]!r} is not a Room of the Lodge"]
        if kind in ("filius_move", "filius_attack") and words[0] not in mages:
            return [f"{path}.data[0]: {words[0]!r} is not a Mage of this game"]
        if kind == "summon" and (task.number(0) >= len(state.mages) or words[1] not in rooms):
            return [f"{path}: a summon by a seat of this game in a Room of the Lodge"]
        if kind == "evoke":  # an Evocation defeated before its activation is skipped
            evocation = state.evocation(words[0])
            if words[0] not in c.evocation_deck() or (evocation is not None
                                                      and evocation.owner != task.actor):
                return [f"{path}.data[0]: {words[0]!r} is no Evocation of seat {task.actor} "
                        "in the Lodge"]
        if kind == "event_choice" and not any(
                w in events_core.CHOICES for w in self._event_effects(words[0])):
            return [f"{path}.data[0]: {words[0]!r} is no Event that lets a Mage decide"]
        if kind == "legend":
            from gaia_lab.games.black_rose_wars.components import LEGEND

            legend = state.evocation(LEGEND)
            if legend is None or legend.owner != task.actor:
                return [f"{path}: Gaea (Legend) is not seat {task.actor}'s Evocation in the "
                        "Lodge"]
        if kind == "planning" and i == 0 and len(state.mages[task.player].hand) < 2:
            return [f"{path}: the Mage has fewer than 2 spells in hand to prepare"]
        if kind == "crown":
            return self._crown_problems(state, path, task)
        return []

    def _event_effects(self, eid: str) -> tuple[str, ...]:
        try:
            return self.components.event(eid).effects
        except KeyError:
            return ()

    def _crown_problems(self, state: BRWState, path: str, task: Task) -> list[str]:
        purpose, context, *candidates = task.words
        rooms = {r.id for r in state.rooms}
        mages = {mage_id(s) for s in range(len(state.mages))}
        if task.actor != state.crown:
            return [f"{path}: the Choice of the Crown is seat {state.crown}'s, not "
                    f"{task.actor}'s"]
        if not candidates or len(set(candidates)) != len(candidates):
            return [f"{path}: the tied options, each once"]
        full = set(self.rules.full_roots(state))
        allowed = {"gaea_target": rooms, "gaea_move": rooms, "filius_target": mages,
                   "filius_move": rooms, "arbor": full}[purpose]
        bad = [w for w in candidates if w not in allowed]
        if bad:
            return [f"{path}: {bad[0]!r} is not an option of a {purpose} choice"]
        if purpose == "gaea_target" and context not in {x.id for x in self.components.commands}:
            return [f"{path}.data[1]: unknown Command card {context!r}"]
        if purpose == "filius_move" and context not in mages:
            return [f"{path}.data[1]: {context!r} is not a Mage of this game"]
        if purpose == "arbor" and (context not in ("1", "2", "3")
                                   or len(candidates) <= int(context)):
            return [f"{path}: {context!r} Root Tokens to remove among {len(candidates)}"]
        if purpose == "gaea_move" and not state.avatar.model.where:
            return [f"{path}: Gaea is not in the Lodge"]
        if purpose == "filius_move" and not state.avatar.filius.where:
            return [f"{path}: Filius is not in the Lodge"]
        return []

    # -- scenarios -----------------------------------------------------------------
    def scenario(self, spec: Mapping[str, Any]) -> BRWState:
        """A position after setup (seed 0 unless ``seed``), in round 1, waiting for the
        step ``at`` (``turn`` by default), with some of it changed.

        ``spec`` keys: ``players``, ``seed``, ``mages``, ``rooms`` (as the options);
        ``seats`` (per Mage: ``where``, ``power``, ``damage``, ``trophies``,
        ``prepared``, ``passed``); ``gaea`` and ``filius`` (``where``, ``damage``);
        ``gaea_power``; ``lodge`` (per Room: ``slots``, ``root`` as the owners on its
        Root Token or null for none, ``rebuilt``); ``arbor_vitae`` (Rooms); ``crown``;
        ``commands`` (cards on top of the deck); ``events`` (Event cards on top of their
        Moon's deck); ``black_rose``; ``moon_cubes``; ``at``
        and ``turn``.

        >>> g = BlackRoseWars()
        >>> s = g.scenario({"players": 1, "lodge": {"crypt": {"slots": ["mage1"]}},
        ...                 "rooms": ["crypt", "forge", "garden", "arena", "armory"]})
        >>> s.room("crypt").slots, g.pending(s).kind
        (('mage1',), 'turn')
        >>> g.scenario({"players": 1, "seats": [{"where": "moon"}], "lodge": {"x": {}}})
        Traceback (most recent call last):
        ...
        gaia_lab.core.errors.InvalidStateError: scenario: 2 problems:
          - lodge: 'x' is not a Room of the Lodge
          - seats[0].where: 'moon' is no area of the Lodge
        """
        parsed, problems = codec.decode(ScenarioSpec, spec, "")
        if not isinstance(parsed, ScenarioSpec):
            raise InvalidStateError(problems, "scenario")
        n = parsed.players
        options: dict[str, Any] = {}
        if parsed.mages is not None:
            options["mages"] = parsed.mages
        if parsed.rooms is not None:
            options["rooms"] = parsed.rooms
        options.update(paths=parsed.paths is not None, legendary=parsed.legendary,
                       geomancy=parsed.geomancy)
        try:
            state = self.new_initial_state(n, parsed.seed, options)
        except InvalidStateError as exc:
            raise InvalidStateError([*problems, *exc.problems], "scenario") from None
        while state.task is not None and state.task.kind != "round":
            state = self.apply(state, self.legal_actions(state)[0]).state
        state = modules_flow.scenario_spells(state, parsed.spells, problems)
        state = self._scenario_lodge(state, parsed, problems)
        state = self._scenario_models(state, parsed, problems)
        state = self._scenario_round(state, parsed, problems)
        state = modules_flow.scenario_paths(state, parsed.paths, problems)
        if not problems:
            problems = self.invariants(state)
        if problems:
            raise InvalidStateError(problems, "scenario")
        return state

    def _scenario_lodge(self, state: BRWState, spec: ScenarioSpec,
                        problems: list[str]) -> BRWState:
        owners = {mage_id(i) for i in range(spec.players)} | {AVATAR, BLACK_ROSE}
        rooms = list(state.rooms)
        for rid, change in spec.lodge.items():
            if not state.has_room(rid):
                problems.append(f"lodge: {rid!r} is not a Room of the Lodge")
                continue
            i = [r.id for r in rooms].index(rid)
            room = rooms[i]
            bad = [o for o in (*change.slots, *(change.root or ())) if o not in owners]
            if bad:
                problems.append(f"lodge.{rid}: unknown owner {bad[0]!r} (known: "
                                f"{', '.join(sorted(owners))})")
                continue
            if len(change.slots) >= room.size or (change.rebuilt and change.slots):
                why = ("a rebuilt Room holds none" if change.rebuilt
                       else f"the Room is rebuilt at {room.size}")
                problems.append(f"lodge.{rid}.slots: {len(change.slots)} Instability; {why}")
                continue
            if change.root is not None and len(change.root) > 2:
                problems.append(f"lodge.{rid}.root: a Root Token holds at most 2 Instability")
                continue
            root = None if change.root is None else RootToken(change.root)
            rooms[i] = Room(room.id, room.q, room.r, room.size, change.rebuilt, change.slots,
                            root)
        placed = sum(1 for r in rooms if r.root is not None)
        if placed > ROOT_TOKENS:
            problems.append(f"lodge: {placed} Root Tokens; the box holds {ROOT_TOKENS}")
            placed = ROOT_TOKENS
        arbor = spec.arbor_vitae
        problems += [f"arbor_vitae: {r!r} is not a Room of the Lodge" for r in arbor
                     if not state.has_room(r)]
        if len(arbor) > ARBOR_VITAE:
            problems.append(f"arbor_vitae: {len(arbor)} tokens; the box holds {ARBOR_VITAE}")
            arbor = arbor[:ARBOR_VITAE]
        avatar = evolve(state.avatar, root_pool=ROOT_TOKENS - placed,
                        arbor_pool=ARBOR_VITAE - len(arbor))
        return evolve(state, rooms=tuple(rooms), arbor_vitae=arbor, avatar=avatar)

    def _scenario_models(self, state: BRWState, spec: ScenarioSpec,
                         problems: list[str]) -> BRWState:
        areas = {*(r.id for r in state.rooms), *(c.id for c in state.cells)}

        def area(where: str | None, label: str, old: str) -> str:
            if where is None:
                return old
            if where and where not in areas:
                problems.append(f"{label}.where: {where!r} is no area of the Lodge")
                return old
            return where

        if len(spec.seats) > spec.players:
            problems.append(f"seats: {len(spec.seats)} Mages for {spec.players} players")
        for i, change in enumerate(spec.seats[: spec.players]):
            spells = modules_flow.spells_of(self.components, state, i)
            mage = state.mages[i]
            model = mage.model.at(area(change.where, f"seats[{i}]", mage.where))
            model = self._scenario_damage(model, change, f"seats[{i}]", problems)
            prepared = change.prepared if change.prepared is not None else spells[:2]
            if any(s not in spells for s in prepared) or len(set(prepared)) != len(prepared):
                problems.append(f"seats[{i}].prepared: spells of {', '.join(spells)}, each "
                                "once")
                prepared = spells[:2]
            state = state.with_mage(i, evolve(
                mage, model=model, power=mage.power if change.power is None else change.power,
                trophies=mage.trophies if change.trophies is None else change.trophies,
                prepared=prepared, hand=tuple(s for s in spells if s not in prepared),
                passed=change.passed))
        for i in range(len(spec.seats), spec.players):
            spells = modules_flow.spells_of(self.components, state, i)
            state = state.with_mage(i, evolve(state.mages[i], prepared=spells[:2],
                                              hand=spells[2:]))
        for mid, placed in ((AVATAR, spec.gaea), (FILIUS, spec.filius)):
            if placed is None:
                continue
            model = state.model(mid)
            model = model.at(area(placed.where, mid, model.where))
            model = self._scenario_damage(model, placed, mid, problems)
            state = state.with_model(mid, model)
        if spec.gaea_power is not None:
            state = state.with_avatar(power=spec.gaea_power)
        return self._scenario_evocations(state, spec, problems)

    def _scenario_evocations(self, state: BRWState, spec: ScenarioSpec,
                             problems: list[str]) -> BRWState:
        rooms = {r.id for r in state.rooms}
        placed: list[Evocation] = []
        for i, e in enumerate(spec.evocations):
            label = f"evocations[{i}]"
            if e.card not in state.evocation_deck:
                problems.append(f"{label}.card: {e.card!r} is no Evocation card left in the "
                                "deck")
            elif e.owner >= spec.players:
                problems.append(f"{label}.owner: seat {e.owner} is not a seat of this game")
            elif e.where not in rooms:
                problems.append(f"{label}.where: {e.where!r} is not a Room of the Lodge "
                                "(brw.core.cells)")
            elif sum(1 for p in placed if p.owner == e.owner) >= MAX_EVOCATIONS:
                problems.append(f"{label}: seat {e.owner} has {MAX_EVOCATIONS} Evocations "
                                "already (brw.core.summon)")
            else:
                card = self.components.evocation(e.card)
                model = self._scenario_damage(
                    Model(e.where, card.speed, card.strength, card.health),
                    ModelSpec(damage=e.damage, dealt=e.dealt), label, problems)
                if model.damage >= model.health:
                    problems.append(f"{label}.damage: {model.damage} Damage on Health "
                                    f"{model.health} is a defeat")
                    continue
                placed.append(Evocation(e.card, e.owner, model))
                state = evolve(state, evocation_deck=tuple(c for c in state.evocation_deck
                                                           if c != e.card))
        return evolve(state, evocations=tuple(placed))

    @staticmethod
    def _scenario_damage(model: Model, spec: MageSpec | ModelSpec, label: str,
                         problems: list[str]) -> Model:
        if spec.dealt is not None:
            owners = {AVATAR, BLACK_ROSE} | {f"mage{i}" for i in range(1, MAX_MAGES + 1)}
            bad = [o for o in spec.dealt if o not in owners]
            if bad:
                problems.append(f"{label}.dealt: {bad[0]!r} is no owner of Damage (mageN, "
                                "gaea, black_rose)")
                return model
            model = model.unhurt()
            for owner in spec.dealt:
                model = model.hurt(1, owner)
            return model
        if spec.damage is not None:
            return model.unhurt().hurt(spec.damage, BLACK_ROSE)
        return model

    def _scenario_round(self, state: BRWState, spec: ScenarioSpec,
                        problems: list[str]) -> BRWState:
        commands = {x.id for x in self.components.commands}
        top = [x for x in spec.commands if x in commands]
        problems += [f"commands: unknown Command card {x!r}" for x in spec.commands
                     if x not in commands]
        if len(set(top)) != len(top):
            problems.append("commands: a Command card twice")
            top = list(dict.fromkeys(top))
        deck = (*top, *(x for x in state.avatar.commands if x not in top))
        known = {e.id for e in self.components.events}
        problems += [f"events: unknown Event card {x!r}" for x in spec.events if x not in known]
        on_top = [x for x in dict.fromkeys(spec.events) if x in known]
        state = evolve(state, event_decks=tuple(
            (*(x for x in on_top if x in d), *(x for x in d if x not in on_top))
            for d in state.event_decks))
        board = state.power_board
        if spec.black_rose is not None:
            board = evolve(board, black_rose=spec.black_rose)
        if spec.moon_cubes is not None:
            second, third, cube = spec.moon_cubes
            board = evolve(board, second_moon=second, third_moon=third, black_rose_cube=cube)
        if spec.crown >= spec.players:
            problems.append(f"crown: seat {spec.crown} is not a seat of this game")
        crown = spec.crown if spec.crown < spec.players else 0
        state = evolve(state, power_board=board, crown=crown, round=1,
                       phase=_PHASE_AT[spec.at],
                       mages=tuple(evolve(m, turns=TURNS) for m in state.mages))
        state = state.with_avatar(commands=deck)
        markers = self.rules.markers(state)
        top_power = max(markers.values())
        moon = 3 if top_power >= board.third_moon else 2 if top_power >= board.second_moon else 1
        state = evolve(state, power_board=evolve(board, moon=moon))
        state = modules_flow.scenario_personal(state)
        tasks = self.rules.round_tasks(state, "turn" if spec.at == "turn" else spec.at)
        if spec.at in ("turn", "avatar") and spec.turn == 2:
            first = tasks.index(Task("avatar", "rules"))
            tasks = tasks[first + 1:] if spec.at == "turn" else tasks[first + 1:]
            if spec.at == "avatar":
                tasks = tasks[next(i for i, t in enumerate(tasks) if t.kind == "avatar"):]
        if spec.at in ("turn", "avatar"):
            state = evolve(state, circuit=spec.turn)
        if spec.at in ("black_rose", "planning"):
            c = self.components
            state = evolve(state, mages=tuple(
                evolve(m, hand=modules_flow.spells_of(c, state, i), prepared=())
                for i, m in enumerate(state.mages)))
        return FLOW.settle(self.rules, evolve(state, tasks=tasks), [])
