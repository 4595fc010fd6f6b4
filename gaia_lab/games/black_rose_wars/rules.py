"""Black Rose Wars: Gaea Reborn rules: legality, explanations and effects from one source.

The game runs on the flow kernel (:data:`FLOW`).  Setup: the Lodge's Rooms are drawn
(chance), Gaea is set up in five rules steps (brw.setup.*), her Command deck is shuffled
(chance) and the Mages go to their Cells.  A round (brw.core.round) then queues its
phases: the Black Rose phase, Study, Planning (a decision per Mage), the Action phase
(two rounds of turns, each followed by Gaea's activation), the Evocation phase (the
Mages' Evocations, then Filius, activate), Blossoming Burst and Clean-up.  Gaea and
Filius act as ``rules`` steps; each choice they make is kept with its decision trace
(:func:`explain_choice`), and a choice still tied after the last criterion becomes a
``crown`` decision of the Crown's holder.

>>> from gaia_lab import Session
>>> s = Session("black_rose_wars", players=2, seed=3)
>>> s.pending.kind, s.legal_actions()[:2]
('planning', [Action('prepare arcane_bolt destabilize'), Action('prepare arcane_bolt blink')])
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Annotated, Final, Literal

from gaia_lab.core.codec import Range
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Flow, Task, TaskKind
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.black_rose_wars import priority
from gaia_lab.games.black_rose_wars.actions import Action
from gaia_lab.games.black_rose_wars.components import Components
from gaia_lab.games.black_rose_wars.lodge import lodge
from gaia_lab.games.black_rose_wars.modules import MODULE_KINDS
from gaia_lab.games.black_rose_wars.rulebook import RULES
from gaia_lab.games.black_rose_wars.state import (
    AVATAR,
    BLACK_ROSE,
    FILIUS,
    MAX_EVOCATIONS,
    ROOT_SLOTS,
    BRWState,
    Cell,
    Choice,
    Evocation,
    Model,
    Room,
    RootToken,
    cell_id,
    mage_id,
    seat_of,
)

__all__ = ["FLOW", "SETUP", "TURNS", "Rules", "explain_choice"]

TURNS: Final = 2
"""Turns per Mage in the Action phase (brw.core.action)."""
PREPARED: Final = 2
"""Spells prepared per round (brw.core.planning)."""
BLACK_ROSE_ROOM: Final = "black_rose_room"
THRONE_ROOM: Final = "throne_room"
DEFEAT_POWER: Final = {"mage": 3, "avatar": 5, "evocation": 1}
"""Power Points for defeating a Mage, the Avatar, an Evocation (brw.core.defeat_*)."""

Word = str
Purpose = Literal["gaea_target", "gaea_move", "filius_target", "filius_move", "arbor"]


def _kind(name: str, rule: str, what: str, verbs: str, actor: str = "player",
          phase: str = "", ask: str = "", data: object = tuple[()]) -> TaskKind:
    return TaskKind(name, rule, what, frozenset(verbs.split()), actor,  # type: ignore[arg-type]
                    phase, ask, data)


_SETUP_STEPS: Final = (
    ("gaea_model", "brw.setup.gaea_model", "setup: Gaea's model goes to the Black Rose Room"),
    ("filius_token", "brw.setup.filius_token", "setup: the Filius token goes to the Throne Room"),
    ("filius_card", "brw.setup.filius_card",
     "setup: the Filius card goes in the Servant slot of the Avatar board"),
    ("root_tokens", "brw.setup.root_tokens", "setup: a Root Token goes in every Room"),
    ("natures_fury", "brw.setup.natures_fury",
     "setup: Nature's Fury leaves the Forgotten Spell deck"),
)

FLOW: Final[Flow[Action]] = Flow([
    _kind("lodge", "brw.core.layout", "setup: the Rooms of the Lodge are {0} (chance)",
          "lodge", "chance", "setup", data=tuple[Literal["drawn", "given"]]),
    *(_kind(n, r, w, n, "rules", "setup") for n, r, w in _SETUP_STEPS),
    _kind("shuffle", "brw.core.command_deck", "Gaea's Command deck is shuffled (chance)",
          "commands", "chance"),
    _kind("events", "brw.core.event_decks", "setup: the Event deck of each Moon phase is "
          "shuffled (chance)", "events", "chance", "setup"),
    _kind("mages", "brw.core.mage", "setup: the Mages go to their Cells, the first takes "
          "the Crown", "mages", "rules", "setup"),
    _kind("round", "brw.core.round", "a new round begins", "round", "rules", "round"),
    _kind("black_rose", "brw.core.black_rose_phase", "the Black Rose phase", "black_rose",
          "rules", "round"),
    _kind("study", "brw.core.study", "the Study phase", "study", "rules", "round"),
    _kind("planning", "brw.core.planning", "{name} prepares two spells", "prepare",
          phase="round", ask="prepare two spells"),
    _kind("turn", "brw.core.action", "{name}: turn {0} of the Action phase",
          "move attack cast activate pass", phase="round",
          ask="take a turn (move, attack, cast, activate or pass)",
          data=tuple[Annotated[int, Range(1, TURNS)]]),
    _kind("avatar", "brw.core.avatar_turn", "Gaea activates", "avatar", "rules", "gaea"),
    _kind("gaea_target", "brw.priority.lines", "Gaea picks the target of Command card {0}",
          "target", "rules", "gaea", data=tuple[Word]),
    _kind("gaea", "brw.avatar.effect", "Gaea resolves '{1}' of Command card {0} on {2}",
          "gaea", "rules", "gaea", data=tuple[Word, Word, Word]),
    _kind("gaea_done", "brw.core.command_deck", "Command card {0} is discarded", "discard",
          "rules", "gaea", data=tuple[Word]),
    _kind("evocation", "brw.core.evocation_phase", "the Evocation phase", "evocation",
          "rules", "round"),
    _kind("filius", "brw.filius.priority", "Filius activates", "filius", "rules", "filius"),
    _kind("filius_move", "brw.filius.closer", "Filius moves toward {0}", "filius", "rules",
          "filius", data=tuple[Word]),
    _kind("filius_attack", "brw.filius.priority", "Filius attacks {0}", "filius", "rules",
          "filius", data=tuple[Word]),
    _kind("crown", "brw.core.choice_of_the_crown",
          "{name} makes the Choice of the Crown ({0})", "crown",
          ask="make the Choice of the Crown",
          data=tuple[Literal["gaea_target", "gaea_move", "filius_target", "filius_move",
                             "arbor"], Word, Word, *tuple[Word, ...]]),
    _kind("summon", "brw.core.summon", "a Mage summons: an Evocation card is drawn (chance)",
          "summon", "chance", data=tuple[Annotated[int, Range(0, 4)], Word]),
    _kind("evoke", "brw.core.evoke", "{name} activates their Evocation {0}", "evoke",
          phase="round", ask="activate your Evocation: move it and attack, or not",
          data=tuple[Word]),
    _kind("legend", "brw.forgotten.gaea_legend", "{name} picks the Effect of Gaea (Legend)",
          "legend", phase="round", ask="pick the Effect of Gaea (Legend)"),
    _kind("event_choice", "brw.core.event_effects", "{name} answers the Event {0}", "event",
          phase="round", ask="take the Event's offer (a Room) or skip it", data=tuple[Word]),
    _kind("burst", "brw.skill.blossoming_burst", "Blossoming Burst, before Clean-up",
          "burst", "rules", "round"),
    _kind("cleanup", "brw.core.cleanup", "the Clean-up phase", "cleanup", "rules", "round"),
    *MODULE_KINDS.values(),
], verb=lambda action: action.verb)
"""Every kind of pending step: its rule, what it waits for, its verbs, actor and phase."""

SETUP: Final = tuple(k.name for k in FLOW.kinds.values() if k.phase == "setup")
SETUP_ORDER: Final = ("lodge", *(n for n, _, _ in _SETUP_STEPS), "shuffle", "events",
                      "mages")
"""The setup steps in order: the Lodge, Gaea's setup (step 3 of the Avatar setup), her
Command deck, then the Mages."""

_VERB_RULE: Final = {"move": "brw.core.move", "attack": "brw.core.attack",
                     "cast": "brw.core.cast", "activate": "brw.core.activate",
                     "pass": "brw.core.pass", "prepare": "brw.core.planning",
                     "evoke": "brw.core.evoke", "legend": "brw.forgotten.gaea_legend",
                     "crown": "brw.core.choice_of_the_crown"}
_EFFECT_RULE: Final = {"move": "brw.ruling.move_ties", "attack": "brw.ruling.gaea_attack",
                       "avatar": "brw.avatar.effect", "root": "brw.avatar.tool",
                       "instability": "brw.core.avatar_turn", "servant": "brw.filius.priority",
                       "power": "brw.core.power_board"}


def _r(rule_id: str) -> RuleRef:
    return RULES[rule_id]


def explain_choice(state: BRWState, components: Components | None = None) -> Choice | None:
    """The choice with its decision trace that Gaea or Filius is about to make (when a
    targeting or moving step is pending) or made last (the state's ``choice``).

    >>> from gaia_lab import Session
    >>> s = Session("black_rose_wars", players=1, seed=2, auto=False)
    >>> while s.pending.kind != "gaea_target":
    ...     _ = s.step() if s.actor in ("chance", "rules") else s.play(s.legal_actions()[-1])
    >>> choice = explain_choice(s.state)
    >>> choice.chooser, choice.purpose, choice.steps[0].criterion
    ('gaea', 'target', '-Root Token')
    """
    from gaia_lab.games.black_rose_wars.components import load_components

    c = components or load_components()
    task = state.task
    if task is not None:
        if task.kind == "gaea_target" and task.words[0] in {x.id for x in c.commands}:
            return priority.gaea_target(state, c.command(task.word(0)).priority)
        if task.kind == "filius" and state.avatar.filius.where and any(
                m.where for m in state.mages):
            return priority.filius_target(state)
        if (task.kind == "gaea" and task.word(1) == "move"
                and state.avatar.model.where != task.word(2)):
            return priority.move_choice(state, AVATAR, task.word(2))
        if task.kind == "filius_move":
            goal = _area_of(state, task.word(0))
            if goal and state.avatar.filius.where and state.avatar.filius.where != goal:
                return priority.move_choice(state, FILIUS, goal)
    return state.choice


def _area_of(state: BRWState, mage_word: str) -> str:
    seat = seat_of(mage_word)
    if seat is None or not 0 <= seat < len(state.mages):
        return ""
    return state.mages[seat].where


class Rules:
    """The rules of one component set (stateless; states go in and out)."""

    def __init__(self, components: Components) -> None:
        self.c = components
        self._commands = {c.id: c for c in components.commands}

    # -- names ---------------------------------------------------------------------
    def name(self, state: BRWState, word: str) -> str:
        """A readable name for an owner, model, area or Root Token word."""
        seat = seat_of(word)
        if seat is not None and seat < len(state.mages):
            return state.mages[seat].name
        if word == AVATAR:
            return "Gaea"
        if word == FILIUS:
            return "Filius"
        if word == BLACK_ROSE:
            return "the Black Rose"
        if word.startswith("root:"):
            return f"the Root Token of {self.name(state, word[5:])}"
        if word.startswith("cell") and word[4:].isdigit():
            owner = int(word[4:]) - 1
            who = state.mages[owner].name if owner < len(state.mages) else word
            return f"{who}'s Cell"
        try:
            room = self.c.room(word).name
        except KeyError:
            return word
        return room if room.startswith("The ") else f"the {room}"

    def names(self, state: BRWState) -> dict[str, str]:
        """What a reader calls the ids of a decision trace: the Mages' names, the Rooms'
        and their Root Tokens' (:meth:`Choice.text <.state.Choice.text>`)."""
        names = {mage_id(i): m.name for i, m in enumerate(state.mages)}
        for room in state.rooms:
            names[room.id] = self.c.room(room.id).name
            names[f"root:{room.id}"] = self.name(state, f"root:{room.id}")
        return names

    def black_rose_room(self, state: BRWState) -> str:
        """The Room standing for the Black Rose Room (a Room replacing it counts)."""
        for room in state.rooms:
            if room.id == BLACK_ROSE_ROOM or self._replaces(room.id) == BLACK_ROSE_ROOM:
                return room.id
        return state.rooms[0].id if state.rooms else ""

    def throne_room(self, state: BRWState) -> str:
        for room in state.rooms:
            if room.id == THRONE_ROOM or self._replaces(room.id) == THRONE_ROOM:
                return room.id
        return state.rooms[0].id if state.rooms else ""

    def _replaces(self, rid: str) -> str:
        try:
            return self.c.room(rid).replaces
        except KeyError:
            return ""

    # -- listing -------------------------------------------------------------------
    def legal(self, state: BRWState) -> list[Action]:
        """Every legal action of the head task, in a deterministic order."""
        if state.task is None:
            return []
        return FLOW.legal(self, state)

    @FLOW.lister("lodge")
    def _list_lodge(self, state: BRWState, task: Task) -> list[Action]:
        pool = list(state.room_pool)
        if task.word(0) == "drawn":
            state.rng.random().shuffle(pool)
        return [Action("lodge", tuple(pool))]

    @FLOW.lister("shuffle")
    def _list_shuffle(self, state: BRWState, task: Task) -> list[Action]:
        cards = list(state.avatar.commands + state.avatar.discard)
        state.rng.random().shuffle(cards)
        return [Action("commands", tuple(cards))]

    @FLOW.lister("events")
    def _list_events(self, state: BRWState, task: Task) -> list[Action]:
        rng = state.rng.random()
        order: list[str] = []
        for deck in state.event_decks:
            cards = list(deck)
            rng.shuffle(cards)
            order += cards
        return [Action("events", tuple(order))]

    @FLOW.lister(*(n for n, _, _ in _SETUP_STEPS), "mages", "round", "black_rose", "study",
                 "avatar", "evocation", "filius", "burst", "cleanup")
    def _list_rules_step(self, state: BRWState, task: Task) -> list[Action]:
        return [Action(task.kind)]

    @FLOW.lister("gaea_target")
    def _list_target(self, state: BRWState, task: Task) -> list[Action]:
        return [Action("target", (task.word(0),))]

    @FLOW.lister("gaea")
    def _list_gaea(self, state: BRWState, task: Task) -> list[Action]:
        return [Action("gaea", (task.word(1), task.word(2)))]

    @FLOW.lister("gaea_done")
    def _list_done(self, state: BRWState, task: Task) -> list[Action]:
        return [Action("discard", (task.word(0),))]

    @FLOW.lister("filius_move", "filius_attack")
    def _list_filius_step(self, state: BRWState, task: Task) -> list[Action]:
        return [Action("filius", ("move" if task.kind == "filius_move" else "attack",
                                  task.word(0)))]

    @FLOW.lister("summon")
    def _list_summon(self, state: BRWState, task: Task) -> list[Action]:
        return [Action("summon", (state.rng.random().choice(state.evocation_deck),))]

    @FLOW.lister("evoke")
    def _list_evoke(self, state: BRWState, task: Task) -> list[Action]:
        card = task.word(0)
        return [Action("evoke", (card, area, target))
                for area, target in self.evoke_options(state, card)]

    @FLOW.lister("legend")
    def _list_legend(self, state: BRWState, task: Task) -> list[Action]:
        from gaia_lab.games.black_rose_wars.geomancy import legend_choices

        return [Action("legend", pair) for pair in legend_choices(state, task.player)]

    def evoke_options(self, state: BRWState, card: str) -> list[tuple[str, str]]:
        """Where a summoned Evocation may go (a Room within its Speed, its own included)
        and what it may attack there (a Model or Root Token not of its owner, or
        ``none``), brw.core.evoke."""
        evocation = state.evocation(card)
        if evocation is None or not evocation.model.where:
            return []
        the_lodge = lodge(state)
        own = {mage_id(evocation.owner), *(e.card for e in state.evocations
                                            if e.owner == evocation.owner)}
        out: list[tuple[str, str]] = []
        for area in the_lodge.rooms_within(evocation.model.where, evocation.model.speed):
            out.append((area, "none"))
            out += [(area, m) for m in state.models_in(area) if m not in own]
            if state.room(area).root is not None:
                out.append((area, f"root:{area}"))
        return out

    @FLOW.lister("planning")
    def _list_planning(self, state: BRWState, task: Task) -> list[Action]:
        hand = state.mages[task.player].hand
        return [Action("prepare", pair) for pair in itertools.combinations(hand, PREPARED)]

    @FLOW.lister("crown")
    def _list_crown(self, state: BRWState, task: Task) -> list[Action]:
        return [Action("crown", (w,)) for w in task.words[2:]]

    @FLOW.lister("turn")
    def _list_turn(self, state: BRWState, task: Task) -> list[Action]:
        return self.turn_actions(state, task.player)

    def turn_actions(self, state: BRWState, seat: int) -> list[Action]:
        """A Mage's legal turn actions (brw.core.move ... brw.core.pass)."""
        mage = state.mages[seat]
        out: list[Action] = []
        if mage.where:
            out += [Action("move", (a,)) for a in self.move_targets(state, seat)]
            out += [Action("attack", (t,)) for t in self.attack_targets(state, seat)]
            for spell in mage.prepared:
                out += [Action("cast", (spell, t)) for t in self.cast_targets(state, seat, spell)]
            out += self.activations(state, seat)
        out.append(Action("pass"))
        return out

    def activations(self, state: BRWState, seat: int) -> list[Action]:
        """The Mage's legal activations of their Room: one per target its side's effect
        may take, and ``activate`` alone, which leaves the targeted effect unplayed
        (brw.core.activate, brw.core.room_effects)."""
        if self.activation_problem(state, seat) is not None:
            return []
        from gaia_lab.games.black_rose_wars.rooms_core import targets

        return [*(Action("activate", (t,)) for t in targets(self, state, seat) or ()),
                Action("activate")]

    def move_targets(self, state: BRWState, seat: int) -> tuple[str, ...]:
        """The areas within the Mage's Speed: any Room, their own Cell, never another's
        (brw.core.move, brw.core.cells)."""
        mage = state.mages[seat]
        own = cell_id(seat)
        cells = {c.id for c in state.cells}
        return tuple(a for a in lodge(state).within(mage.where, mage.model.speed)
                     if a != mage.where and (a not in cells or a == own))

    def targets_near(self, state: BRWState, seat: int, steps: int) -> tuple[str, ...]:
        """Models other than the Mage, and Root Tokens, in the Rooms within ``steps`` of
        them (a Model in a Cell is never a target, brw.core.cells)."""
        the_lodge = lodge(state)
        rooms = [a for a in the_lodge.within(state.mages[seat].where, steps)
                 if the_lodge.is_room(a)]
        out: list[str] = []
        me = mage_id(seat)
        for room in rooms:
            out += [m for m in state.models_in(room) if m != me]
            if state.room(room).root is not None:
                out.append(f"root:{room}")
        return tuple(out)

    def attack_targets(self, state: BRWState, seat: int) -> tuple[str, ...]:
        return self.targets_near(state, seat, 0)

    def cast_targets(self, state: BRWState, seat: int, spell_id: str) -> tuple[str, ...]:
        spell = self.c.spell(spell_id)
        the_lodge = lodge(state)
        where = state.mages[seat].where
        if spell.effect == "damage":
            return self.targets_near(state, seat, spell.range)
        rooms = [a for a in the_lodge.within(where, spell.range) if the_lodge.is_room(a)]
        if spell.effect == "instability":
            owner = mage_id(seat)
            return tuple(r for r in rooms if self.room_takes(state.room(r), owner))
        if spell.effect == "teleport":
            return tuple(r for r in rooms if r != where)
        return ()

    def activation_problem(self, state: BRWState, seat: int) -> Verdict | None:
        """Why the Mage cannot activate where they stand (None when they can)."""
        mage = state.mages[seat]
        rule = _r("brw.core.activate")
        the_lodge = lodge(state)
        if not the_lodge.is_room(mage.where):
            return Verdict.illegal("activate.not_in_room", f"{mage.name} is not in a Room; "
                                   "only a Room is activated.", rule)
        room = state.room(mage.where)
        name = self.name(state, room.id)
        throne = room.id == self.throne_room(state)
        if room.rebuilt and seat in room.used:
            return Verdict.illegal("activate.used", f"{mage.name} has already activated "
                                   f"the rebuilt {name} this round.", rule)
        if throne and not room.rebuilt:
            if state.crown == seat:
                return Verdict.illegal("activate.crown_held", f"{mage.name} already holds "
                                       "the Crown.", rule)
            if mage.power < 1:
                return Verdict.illegal("activate.no_power", f"Taking the Crown in the "
                                       f"ruined {name} costs 1 Power Point; {mage.name} has "
                                       "0.", rule)
        elif not room.rebuilt and not self.room_takes(room, mage_id(seat)):
            return Verdict.illegal("activate.full", f"{name} has no free Instability "
                                   f"slot (its {room.size} slots are full).", rule)
        return None

    @staticmethod
    def room_takes(room: Room, owner: str) -> bool:
        """Whether an Instability of ``owner`` can be placed in the Room now."""
        if room.root is not None and room.root.free and (not room.rebuilt
                                                          or owner == BLACK_ROSE):
            return True
        return not room.rebuilt and len(room.slots) < room.size

    # -- explaining ----------------------------------------------------------------
    def explain(self, state: BRWState, action: Action) -> Verdict:
        """Legal exactly when listed; otherwise the diagnosed reason."""
        task = state.task
        if task is None:
            return Verdict.illegal("game.over", "The game is over.", _r("brw.core.end"))
        kind = FLOW.kind_of(task)
        rule = _r(_VERB_RULE.get(action.verb, kind.rule))
        if action in self.legal(state):
            return Verdict.ok(rule, f"Legal: {action}.")
        return self.diagnose(state, task, action)

    def diagnose(self, state: BRWState, task: Task, action: Action) -> Verdict:
        """Why an unlisted action is illegal now."""
        kind = FLOW.kind_of(task)
        rule = _r(kind.rule)
        v = action.verb
        if task.seat is None:
            if v in kind.verbs:
                return Verdict.illegal(f"{task.kind}.not_this", f"{action} is not what the "
                                       f"{task.kind} step does: it does "
                                       f"{self.legal(state)[0]}.", rule)
            return Verdict.illegal(f"phase.{task.kind}", f"This is a step of the rules "
                                   f"({FLOW.describe(task)}), not {v!r}.", rule)
        if task.kind in MODULE_KINDS:
            from gaia_lab.games.black_rose_wars import modules_flow

            return modules_flow.diagnose(self, state, task, action)
        seat = task.player
        name = state.mages[seat].name
        if v not in kind.verbs:
            return Verdict.illegal(f"phase.{task.kind}", f"{name} must now {kind.ask}; "
                                   f"{v!r} does not do that.", rule)
        if task.kind == "planning":
            hand = state.mages[seat].hand
            missing = [w for w in action.args if w not in hand]
            if missing:
                return Verdict.illegal("prepare.not_in_hand", f"{missing[0]!r} is not a "
                                       f"spell in {name}'s hand ({', '.join(hand)}).", rule)
            return Verdict.illegal("prepare.order", "Two different spells, written in the "
                                   f"order of the hand ({', '.join(hand)}).", rule)
        if task.kind == "crown":
            return Verdict.illegal("crown.not_tied", f"The Choice of the Crown is among "
                                   f"{', '.join(task.words[2:])}; {action.args[0]!r} is not "
                                   "one of them.", rule)
        if task.kind == "evoke":
            return self._diagnose_evoke(state, task, action)
        if task.kind == "event_choice":
            from gaia_lab.games.black_rose_wars.events_core import choice_options

            effect = next(w for w in self.c.event(task.word(0)).effects
                          if w in ("dislocation", "renovation"))
            offered = choice_options(self, state, seat, effect)
            return Verdict.illegal("event.not_offered", f"{action.args[0]!r} is not an answer "
                                   f"to the Event now: {', '.join(offered)}.", rule)
        if task.kind == "legend":
            from gaia_lab.games.black_rose_wars.geomancy import explain_legend

            return explain_legend(state, seat, *action.args)
        return self._diagnose_turn(state, seat, action)

    def _diagnose_evoke(self, state: BRWState, task: Task, action: Action) -> Verdict:
        card, area, target = action.args
        rule = _r("brw.core.evoke")
        mine = task.word(0)
        if card != mine:
            return Verdict.illegal("evoke.other", f"This activation is of {mine}, not "
                                   f"{card!r}.", rule)
        evocation = state.evocation(mine)
        assert evocation is not None
        options = self.evoke_options(state, mine)
        if area not in {a for a, _ in options}:
            return Verdict.illegal("evoke.too_far", f"{self.name(state, area)} is not a Room "
                                   f"within {mine}'s Speed {evocation.model.speed} through "
                                   "Rooms.", rule)
        there = [t for a, t in options if a == area]
        return Verdict.illegal("evoke.target", f"{target!r} is not a target for {mine} in "
                               f"{self.name(state, area)}: {', '.join(there)}.", rule)

    def _diagnose_turn(self, state: BRWState, seat: int, action: Action) -> Verdict:
        mage = state.mages[seat]
        v, args = action.verb, action.args
        rule = _r(_VERB_RULE[v])
        the_lodge = lodge(state)
        if not mage.where:
            return Verdict.illegal("turn.out_of_lodge", f"{mage.name} is not in the Lodge: "
                                   "they can only pass.", rule)
        if v == "activate":
            found = self.activation_problem(state, seat)
            if found is not None:
                return found
            shown = [f"{self.name(state, a.args[0]) if a.args else 'no target'} ({a})"
                     for a in self.turn_actions(state, seat) if a.verb == "activate"]
            return Verdict.illegal("activate.target", f"{' '.join(args) or 'no target'!r} "
                                   f"is not a target of {self.name(state, mage.where)}'s "
                                   "effect now: "
                                   f"{', '.join(shown)}.", rule)
        if v == "move":
            area = args[0]
            d = the_lodge.distance(mage.where, area)
            if area not in the_lodge.order:
                return Verdict.illegal("move.unknown_area", f"{area!r} is no Room or Cell "
                                       f"of the Lodge.", rule)
            if area == mage.where:
                return Verdict.illegal("move.stay", f"{mage.name} is already in "
                                       f"{self.name(state, area)}.", rule)
            if area in {c.id for c in state.cells} and area != cell_id(seat):
                return Verdict.illegal("move.cell", f"{self.name(state, area)} is another "
                                       "Mage's; only its own Mage enters a Cell.",
                                       _r("brw.core.cells"))
            return Verdict.illegal("move.too_far", f"{self.name(state, area)} is {d} steps "
                                   f"away; {mage.name}'s Speed is {mage.model.speed}.", rule)
        if v == "attack":
            return self._diagnose_target(state, seat, args[0], 0, rule, "attack")
        spell_id, target = args
        try:
            spell = self.c.spell(spell_id)
        except KeyError:
            return Verdict.illegal("cast.unknown_spell", f"{spell_id!r} is no spell; "
                                   f"{mage.name} has prepared {', '.join(mage.prepared) or 'none'}"
                                   ".", rule)
        if spell_id not in mage.prepared:
            where = "is in hand, not prepared" if spell_id in mage.hand else (
                "was cast already this round" if spell.deck == "core" else "is not theirs")
            return Verdict.illegal("cast.not_prepared", f"{spell.name} {where}: {mage.name} "
                                   f"can cast {', '.join(mage.prepared) or 'nothing'}.", rule)
        if spell.effect == "damage":
            return self._diagnose_target(state, seat, target, spell.range, rule, "cast")
        if not the_lodge.is_room(target):
            return Verdict.illegal("cast.not_a_room", f"{spell.name} targets a Room; "
                                   f"{target!r} is not a Room of the Lodge.", rule)
        d = the_lodge.distance(mage.where, target)
        if d is None or d > spell.range:
            return Verdict.illegal("cast.out_of_range", f"{self.name(state, target)} is {d} "
                                   f"steps away; {spell.name} reaches {spell.range}.", rule)
        if spell.effect == "teleport":
            return Verdict.illegal("cast.stay", f"{mage.name} is already in "
                                   f"{self.name(state, target)}.", rule)
        room = state.room(target)
        if room.rebuilt:
            return Verdict.illegal("cast.rebuilt", f"{self.name(state, target)} is rebuilt: "
                                   "no Mage places Instability in it.",
                                   _r("brw.root.rebuilt_black_rose" if room.root
                                      else "brw.core.instability"))
        return Verdict.illegal("cast.full", f"{self.name(state, target)} has no free "
                               "Instability slot.", _r("brw.core.instability"))

    def _diagnose_target(self, state: BRWState, seat: int, target: str, reach: int,
                         rule: RuleRef, verb: str) -> Verdict:
        mage = state.mages[seat]
        the_lodge = lodge(state)
        if target.startswith("root:"):
            room = target[5:]
            if not state.has_room(room) or state.room(room).root is None:
                return Verdict.illegal(f"{verb}.no_root", f"{self.name(state, room)} holds "
                                       "no Root Token.", _r("brw.root.model"))
            area = room
        elif target in state.model_ids():
            if target == mage_id(seat):
                return Verdict.illegal(f"{verb}.self", f"{mage.name} does not target "
                                       "themselves.", rule)
            area = state.model(target).where
            if not area:
                return Verdict.illegal(f"{verb}.out_of_lodge", f"{self.name(state, target)} "
                                       "is not in the Lodge.", rule)
        else:
            return Verdict.illegal(f"{verb}.unknown_model", f"{target!r} is no Model: write "
                                   "mage1..mage5, gaea, filius or root:<room>.", rule)
        if not the_lodge.is_room(area):
            return Verdict.illegal(f"{verb}.in_cell", f"{self.name(state, target)} is in a "
                                   "Cell, where no one targets it.", _r("brw.core.cells"))
        d = the_lodge.distance(mage.where, area)
        reaches = "an attack reaches 0" if verb == "attack" else f"the spell reaches {reach}"
        return Verdict.illegal(f"{verb}.out_of_range", f"{self.name(state, target)} is {d} "
                               f"steps away; {reaches}.", rule)

    # -- applying ------------------------------------------------------------------
    def apply(self, state: BRWState, action: Action) -> tuple[BRWState, list[Event]]:
        """Resolve the head task with ``action`` (assumed legal), then settle."""
        from gaia_lab.games.black_rose_wars import modules_flow

        events: list[Event] = []
        before, state = state, FLOW.resolve(self, state, action, events)
        state = modules_flow.after_step(self, before, state, action, events)
        return FLOW.settle(self, state, events), events

    @staticmethod
    def _pop(state: BRWState) -> BRWState:
        return evolve(state, tasks=state.tasks[1:])

    @staticmethod
    def _push(state: BRWState, *tasks: Task) -> BRWState:
        return evolve(state, tasks=(*tasks, *state.tasks))

    def _event(self, events: list[Event], kind: str, text: str, rule: str,
               actor: int | str | None = "rules", *delta: tuple[str, int]) -> None:
        text = text[:1].upper() + text[1:]
        events.append(Event(kind, text, _r(rule), actor, tuple(delta), actor == "rules"))

    # setup
    @FLOW.resolver("lodge")
    def _do_lodge(self, state: BRWState, task: Task, action: Action,
                  events: list[Event]) -> BRWState:
        layout = self.c.layout(state.players)
        drawn = list(action.args)
        from gaia_lab.games.black_rose_wars import modules_flow

        fixed = modules_flow.fixed_rooms(self.c, state, (BLACK_ROSE_ROOM, THRONE_ROOM))
        ids = [*fixed, *drawn[: layout.rooms - len(fixed)]]
        rooms = tuple(Room(rid, q, r, self.c.room(rid).slots)
                      for rid, (q, r) in zip(ids, layout.places, strict=False))
        cells = tuple(Cell(seat - 1, ids[place], q, r) for seat, place, q, r in layout.cells)
        self._event(events, "setup.lodge", f"The Lodge for {state.players} Mage(s): "
                    f"{', '.join(self.name(state, i) for i in ids)}.", "brw.core.layout",
                    "chance")
        return evolve(self._pop(state), rooms=rooms, cells=cells,
                      room_pool=tuple(drawn[layout.rooms - len(fixed):]),
                      rng=state.rng.advanced())

    @FLOW.resolver("gaea_model")
    def _do_gaea_model(self, state: BRWState, task: Task, action: Action,
                       events: list[Event]) -> BRWState:
        room = self.black_rose_room(state)
        card = self.c.avatar_card(AVATAR)
        self._event(events, "setup.gaea", f"Gaea's model (Health {card.health}, Strength "
                    f"{card.strength}, Speed {card.speed}) goes to {self.name(state, room)}.",
                    "brw.setup.gaea_model")
        model = Model(room, card.speed, card.strength, card.health)
        return self._pop(state).with_avatar(model=model)

    @FLOW.resolver("filius_token")
    def _do_filius_token(self, state: BRWState, task: Task, action: Action,
                         events: list[Event]) -> BRWState:
        room = self.throne_room(state)
        card = self.c.avatar_card(FILIUS)
        self._event(events, "setup.filius", f"The Filius token goes to "
                    f"{self.name(state, room)}.", "brw.setup.filius_token")
        return self._pop(state).with_avatar(
            filius=Model(room, card.speed, card.strength, card.health))

    @FLOW.resolver("filius_card")
    def _do_filius_card(self, state: BRWState, task: Task, action: Action,
                        events: list[Event]) -> BRWState:
        self._event(events, "setup.servant", "The Filius Evocation card goes in the Servant "
                    "slot of the Avatar board.", "brw.setup.filius_card")
        return self._pop(state).with_avatar(servant=FILIUS)

    @FLOW.resolver("root_tokens")
    def _do_root_tokens(self, state: BRWState, task: Task, action: Action,
                        events: list[Event]) -> BRWState:
        state = self._pop(state)
        for room in state.rooms:
            state = self.place_root(state, room.id, events, "brw.setup.root_tokens")
        return state

    @FLOW.resolver("natures_fury")
    def _do_natures_fury(self, state: BRWState, task: Task, action: Action,
                         events: list[Event]) -> BRWState:
        self._event(events, "setup.forgotten", "Nature's Fury leaves the Forgotten Spell "
                    "deck.", "brw.setup.natures_fury")
        return evolve(self._pop(state),
                      forgotten_spells=tuple(s for s in state.forgotten_spells
                                             if s != "natures_fury"),
                      removed=(*state.removed, "natures_fury"))

    @FLOW.resolver("shuffle")
    def _do_shuffle(self, state: BRWState, task: Task, action: Action,
                    events: list[Event]) -> BRWState:
        self._event(events, "commands.shuffle", f"Gaea's {len(action.args)} Command cards are "
                    "shuffled.", "brw.core.command_deck", "chance")
        avatar = evolve(state.avatar, commands=action.args, discard=())
        return evolve(self._pop(state), avatar=avatar, rng=state.rng.advanced())

    @FLOW.resolver("events")
    def _do_events(self, state: BRWState, task: Task, action: Action,
                   events: list[Event]) -> BRWState:
        sizes = [len(d) for d in state.event_decks]
        cards = list(action.args)
        decks = []
        for size in sizes:
            decks.append(tuple(cards[:size]))
            cards = cards[size:]
        self._event(events, "events.shuffle", "The Event decks of the three Moon phases are "
                    f"shuffled ({', '.join(map(str, sizes))} cards).", "brw.core.event_decks",
                    "chance")
        return evolve(self._pop(state), event_decks=tuple(decks), rng=state.rng.advanced())

    @FLOW.resolver("mages")
    def _do_mages(self, state: BRWState, task: Task, action: Action,
                  events: list[Event]) -> BRWState:
        from gaia_lab.games.black_rose_wars import modules_flow

        mages = tuple(evolve(m, model=m.model.at(cell_id(i)),
                             hand=modules_flow.spells_of(self.c, state, i), prepared=())
                      for i, m in enumerate(state.mages))
        self._event(events, "setup.mages", f"The Mages go to their Cells; "
                    f"{mages[0].name} takes the Crown.", "brw.core.mage")
        from gaia_lab.games.black_rose_wars import modules_flow

        state = evolve(self._pop(state), mages=mages, crown=0)
        return self._push(state, *modules_flow.setup_tasks(state), Task("round", "rules"))

    # the round
    def order(self, state: BRWState) -> list[int]:
        """The seats from the Crown's holder on."""
        n = len(state.mages)
        return [(state.crown + i) % n for i in range(n)]

    def round_tasks(self, state: BRWState, start: str = "black_rose") -> tuple[Task, ...]:
        """The steps of a round from ``start`` on (``black_rose``, ``study``, ``planning``,
        ``turn``, ``avatar``, ``evocation``, ``burst``)."""
        order = self.order(state)
        tasks: list[Task] = [Task("black_rose", "rules"), Task("study", "rules"),
                             *(Task("planning", s) for s in order)]
        for n in range(1, TURNS + 1):
            tasks += [*(Task("turn", s, (n,)) for s in order), Task("avatar", "rules")]
        tasks += [Task("evocation", "rules"), Task("burst", "rules"),
                  Task("cleanup", "rules")]
        first = next(i for i, t in enumerate(tasks) if t.kind == start)
        return tuple(tasks[first:])

    @FLOW.resolver("round")
    def _do_round(self, state: BRWState, task: Task, action: Action,
                  events: list[Event]) -> BRWState:
        n = state.round + 1
        self._event(events, "round.start", f"Round {n} begins (Moon phase "
                    f"{state.power_board.moon}).", "brw.core.round")
        mages = tuple(evolve(m, turns=TURNS, passed=False) for m in state.mages)
        state = evolve(self._pop(state), round=n, phase="black_rose", mages=mages, circuit=0)
        return self._push(state, *self.round_tasks(state))

    @FLOW.resolver("black_rose")
    def _do_black_rose(self, state: BRWState, task: Task, action: Action,
                       events: list[Event]) -> BRWState:
        state = evolve(self._pop(state), phase="black_rose")
        moon = state.power_board.moon
        deck = state.event_decks[moon - 1]
        rule = "brw.core.black_rose_phase"
        from gaia_lab.games.black_rose_wars import modules_flow

        if deck and deck[0] in modules_flow.scenario_card_ids():
            state, gain = modules_flow.reveal_scenario_card(self, state, events)
        elif deck:
            card = self.c.event(deck[0])
            decks = tuple(d[1:] if i == moon - 1 else d for i, d in enumerate(state.event_decks))
            state = evolve(state, event_decks=decks, events=(*state.events, card.id))
            self._event(events, "event.reveal", f"Black Rose phase: the Event {card.name} "
                        f"(Moon {moon}) is revealed: {card.summary}.", rule)
            state = self.gain_power(state, BLACK_ROSE, card.reveal_power, events, rule)
            from gaia_lab.games.black_rose_wars.events_core import play_event

            state = play_event(self, state, card, events)
            gain = 0
        else:
            self._event(events, "event.none", f"Black Rose phase: the Event deck of Moon "
                        f"{moon} is empty.", rule)
            gain = moon
        state = self.gain_power(state, BLACK_ROSE, gain, events, rule)
        return self.place_instability(state, self.black_rose_room(state), BLACK_ROSE, 1,
                                      events, "brw.core.black_rose_phase")

    @FLOW.resolver("study")
    def _do_study(self, state: BRWState, task: Task, action: Action,
                  events: list[Event]) -> BRWState:
        from gaia_lab.games.black_rose_wars import modules_flow

        held = [modules_flow.spells_of(self.c, state, i) for i in range(len(state.mages))]
        mages = tuple(evolve(m, hand=held[i], prepared=()) for i, m in enumerate(state.mages))
        spells = held[0] if all(h == held[0] for h in held) else ()
        self._event(events, "phase.study", "Study phase: every Mage takes back "
                    f"{', '.join(self.c.spell(s).name for s in spells) or 'their spells'}.",
                    "brw.core.study")
        return evolve(self._pop(state), mages=mages, phase="study")

    @FLOW.resolver("planning")
    def _do_planning(self, state: BRWState, task: Task, action: Action,
                     events: list[Event]) -> BRWState:
        seat = task.player
        mage = state.mages[seat]
        hand = tuple(s for s in mage.hand if s not in action.args)
        self._event(events, "phase.planning", f"{mage.name} prepares "
                    f"{' and '.join(self.c.spell(s).name for s in action.args)}.",
                    "brw.core.planning", seat)
        state = evolve(self._pop(state), phase="planning")
        return state.with_mage(seat, evolve(mage, hand=hand, prepared=action.args))

    @FLOW.settler("turn")
    def _settle_turn(self, state: BRWState, task: Task, events: list[Event]) -> BRWState | None:
        if state.mages[task.player].passed:
            return self._pop(state)
        if state.phase != "action" or state.circuit != task.number(0):
            return evolve(state, phase="action", circuit=task.number(0))
        return None

    @FLOW.resolver("turn")
    def _do_turn(self, state: BRWState, task: Task, action: Action,
                 events: list[Event]) -> BRWState:
        seat = task.player
        mage = state.mages[seat]
        state = self._pop(state).with_mage(seat, evolve(mage, turns=max(0, mage.turns - 1)))
        v, args = action.verb, action.args
        me = mage_id(seat)
        if v == "pass":
            self._event(events, "turn.pass", f"{mage.name} passes.", "brw.core.pass", seat)
            return state.with_mage(seat, evolve(state.mages[seat], passed=True, turns=0))
        if v == "move":
            self._event(events, "turn.move", f"{mage.name} moves to "
                        f"{self.name(state, args[0])}.", "brw.core.move", seat)
            if args[0] == cell_id(seat):
                from gaia_lab.games.black_rose_wars.events_core import to_cell

                return to_cell(self, state, seat, events)
            return state.with_model(me, mage.model.at(args[0]))
        if v == "attack":
            self._event(events, "turn.attack", f"{mage.name} attacks "
                        f"{self.name(state, args[0])}.", "brw.core.attack", seat)
            return self.damage(state, args[0], mage.model.strength, me, events,
                               "brw.core.attack")
        if v == "cast":
            return self._cast(state, seat, args[0], args[1], events)
        return self._activate(state, seat, args[0] if args else "", events)

    def _cast(self, state: BRWState, seat: int, spell_id: str, target: str,
              events: list[Event]) -> BRWState:
        mage = state.mages[seat]
        spell = self.c.spell(spell_id)
        me = mage_id(seat)
        state = state.with_mage(seat, evolve(mage, prepared=tuple(
            s for s in mage.prepared if s != spell_id)))
        self._event(events, "turn.cast", f"{mage.name} casts {spell.name} on "
                    f"{self.name(state, target)}.", "brw.core.cast", seat)
        from gaia_lab.games.black_rose_wars.events_core import in_force

        if spell.effect == "instability":
            return self.place_instability(state, target, me, spell.amount, events,
                                          "brw.core.cast")
        if spell.effect == "teleport":
            state = state.with_model(me, state.model(me).at(target))
            return self._spell_toll(state, seat, "only_war", 2, events)
        bonus = in_force(self, state, "assault")
        if bonus is not None:
            self._event(events, "event.assault", f"{bonus.name}: the spell deals 1 more "
                        "Damage.", "brw.core.event_effects")
        state = self.damage(state, target, spell.amount + (bonus is not None), me, events,
                            "brw.core.cast")
        return self._spell_toll(state, seat, "only_peace", 1, events)

    def _spell_toll(self, state: BRWState, seat: int, standing: str, amount: int,
                    events: list[Event]) -> BRWState:
        """Only War (after a move spell) or Only Peace (after a damage spell), while in
        force: the caster takes Damage of the Black Rose."""
        from gaia_lab.games.black_rose_wars.events_core import in_force

        card = in_force(self, state, standing)
        if card is None:
            return state
        kind = "move" if standing == "only_war" else "damage"
        self._event(events, f"event.{standing}", f"{card.name}: "
                    f"{state.mages[seat].name} takes {amount} Damage of the Black Rose after "
                    f"a {kind} spell.", "brw.core.event_effects")
        return self.damage(state, mage_id(seat), amount, BLACK_ROSE, events,
                           "brw.core.event_effects")

    def _activate(self, state: BRWState, seat: int, target: str,
                  events: list[Event]) -> BRWState:
        from gaia_lab.games.black_rose_wars.events_core import in_force

        mage = state.mages[seat]
        room = state.room(mage.where)
        card = in_force(self, state, "colour_power", self.c.room(room.id).colour)
        if card is not None:
            self._event(events, "event.colour_power", f"{card.name}: a Mage activates a "
                        f"{self.c.room(room.id).colour} Room, the Black Rose gains 1 Power "
                        "Point.", "brw.core.event_effects")
            state = self.gain_power(state, BLACK_ROSE, 1, events, "brw.core.event_effects")
        from gaia_lab.games.black_rose_wars.rooms_core import play_side

        name = self.c.room(room.id).name.removeprefix("The ")  # after "the ruined"
        rule = "brw.core.activate"
        side = "rebuilt" if room.rebuilt else "ruined"
        self._event(events, "room.activate", f"{mage.name} activates the {side} {name}"
                    f"{' on ' + self.name(state, target) if target else ''}.", rule, seat)
        words = self.c.room(room.id).effects(room.rebuilt)
        if room.rebuilt:
            state = state.with_room(evolve(room, used=(*room.used, seat)))
        elif "crown_cost" not in words:
            state = self.place_instability(state, room.id, mage_id(seat), 1, events, rule)
        return play_side(self, state, seat, self.c.room(room.id), room.rebuilt, target, events)

    # Gaea
    @FLOW.resolver("avatar")
    def _do_avatar(self, state: BRWState, task: Task, action: Action,
                   events: list[Event]) -> BRWState:
        state = self._pop(state)
        where = state.avatar.model.where
        if where in {c.id for c in state.cells}:
            room = self.black_rose_room(state)
            self._event(events, "gaea.dominion", f"Gaea would activate in "
                        f"{self.name(state, where)}: she does not, and places herself in "
                        f"{self.name(state, room)}.", "brw.skill.dominion")
            return state.with_avatar(model=state.avatar.model.at(room))
        if not state.avatar.commands:
            self._event(events, "gaea.reshuffle", "Gaea's Command deck is empty: its "
                        f"{len(state.avatar.discard)} discards are shuffled.",
                        "brw.core.command_deck")
            return self._push(state, Task("shuffle", "chance"), Task("avatar", "rules"))
        card = self._commands[state.avatar.commands[0]]
        self._event(events, "gaea.draw", f"Gaea activates and draws Command card "
                    f"{card.describe()}.", "brw.core.avatar_turn")
        state = state.with_avatar(commands=state.avatar.commands[1:], card=card.id)
        return self._push(state, Task("gaea_target", "rules", (card.id,)))

    @FLOW.resolver("gaea_target")
    def _do_gaea_target(self, state: BRWState, task: Task, action: Action,
                        events: list[Event]) -> BRWState:
        card = self._commands[task.word(0)]
        choice = priority.gaea_target(state, card.priority)
        rule = f"brw.priority.gaea{card.priority}"
        state = evolve(self._pop(state), choice=choice)
        if not choice.chosen:
            self._event(events, "gaea.target", choice.text(self.names(state)), rule)
            return self._push(state, self._crown(state, "gaea_target", card.id, choice.kept))
        self._event(events, "gaea.target", choice.text(self.names(state)), rule)
        return self._push(state, *self._effects(card.id, choice.chosen))

    def _effects(self, card_id: str, target: str) -> tuple[Task, ...]:
        card = self._commands[card_id]
        return (*(Task("gaea", "rules", (card.id, e, target)) for e in card.effects),
                Task("gaea_done", "rules", (card.id,)))

    def _crown(self, state: BRWState, purpose: Purpose, context: str,
               candidates: Iterable[str]) -> Task:
        return Task("crown", state.crown, (purpose, context, *candidates))

    @FLOW.resolver("gaea")
    def _do_gaea(self, state: BRWState, task: Task, action: Action,
                 events: list[Event]) -> BRWState:
        _, effect, target = task.words
        state = self._pop(state)
        rule = _EFFECT_RULE[effect]
        gaea = state.avatar.model
        name = self.name(state, target)
        if effect == "move":
            if gaea.where == target:
                self._event(events, "gaea.move", f"Gaea is already in {name}, her target.", rule)
                return state
            choice = priority.move_choice(state, AVATAR, target)
            if not choice.kept:
                self._event(events, "gaea.move", "Gaea cannot move from where she stands.",
                            rule)
                return state
            state = evolve(state, choice=choice)
            if not choice.chosen:
                self._event(events, "gaea.move", choice.text(self.names(state)), rule)
                return self._push(state, self._crown(state, "gaea_move", target, choice.kept))
            trace = choice.text(self.names(state))
            self._event(events, "gaea.move", f"Gaea moves to "
                        f"{self.name(state, choice.chosen)}.\n{trace}", rule)
            return state.with_avatar(model=gaea.at(choice.chosen))
        if effect == "attack":
            if gaea.where != target:
                self._event(events, "gaea.attack", f"Gaea is not in {name}, her target: she "
                            "attacks no one.", rule)
                return state
            victims = [m for m in state.models_in(target) if seat_of(m) is not None]
            if not victims:
                self._event(events, "gaea.attack", f"No Mage is in {name}: Gaea attacks no "
                            "one.", rule)
            for victim in victims:
                self._event(events, "gaea.attack", f"Gaea attacks {self.name(state, victim)} "
                            f"for {gaea.strength} Damage.", rule)
                state = self.damage(state, victim, gaea.strength, AVATAR, events, rule)
            return state
        if effect == "avatar":
            return self.avatar_effect(state, target, events)
        if effect == "root":
            return self.place_root(state, target, events, "brw.avatar.tool")
        if effect == "instability":
            return self.place_instability(state, target, AVATAR, 1, events, rule)
        if effect == "servant":
            self._event(events, "gaea.servant", "Gaea's Command card activates Filius.", rule)
            return self._push(state, Task("filius", "rules"))
        return self.gain_power(state, AVATAR, 1, events, rule)

    @FLOW.resolver("gaea_done")
    def _do_gaea_done(self, state: BRWState, task: Task, action: Action,
                      events: list[Event]) -> BRWState:
        card = task.word(0)
        self._event(events, "gaea.discard", f"Command card {card} is discarded.",
                    "brw.core.command_deck")
        return self._pop(state).with_avatar(card="", discard=(*state.avatar.discard, card))

    def avatar_effect(self, state: BRWState, target: str, events: list[Event]) -> BRWState:
        """The Avatar Effect (brw.avatar.effect.*): 1 Instability of Gaea in the target
        Room, 1 Instability of each Room moved onto its Root Token, and 3 full Root Tokens
        turned into an Arbor Vitae."""
        state = self.place_instability(state, target, AVATAR, 1, events,
                                       "brw.avatar.effect.instability")
        for room in state.rooms:
            if room.root is None or not room.root.free or not room.slots:
                continue
            owner = room.slots[-1]
            state = state.with_room(evolve(room, slots=room.slots[:-1],
                                           root=RootToken((*room.root.slots, owner))))
            self._event(events, "gaea.roots", f"In {self.name(state, room.id)} an Instability "
                        f"of {self.name(state, owner)} moves onto the Root Token.",
                        "brw.avatar.effect.roots")
        return self.arbor_vitae(state, 3, events)

    def full_roots(self, state: BRWState) -> tuple[str, ...]:
        return tuple(r.id for r in state.rooms if r.root is not None and r.root.full)

    def arbor_vitae(self, state: BRWState, needed: int, events: list[Event]) -> BRWState:
        """Remove ``needed`` more full Root Tokens (the Crown's holder picks when more are
        full than needed), then place an Arbor Vitae (brw.avatar.effect.arbor_vitae)."""
        full = self.full_roots(state)
        if needed == 3 and (len(full) < 3 or state.avatar.arbor_pool == 0):
            return state
        if needed and len(full) > needed:
            return self._push(state, self._crown(state, "arbor", str(needed), full))
        for room in full[:needed]:
            state = self.remove_root(state, room, events, "brw.avatar.effect.arbor_vitae")
        where = state.avatar.model.where
        self._event(events, "gaea.arbor_vitae", f"An Arbor Vitae grows in "
                    f"{self.name(state, where)}.", "brw.ruling.arbor_which")
        return evolve(state, arbor_vitae=(*state.arbor_vitae, where)).with_avatar(
            arbor_pool=state.avatar.arbor_pool - 1)

    # Filius
    @FLOW.resolver("evocation")
    def _do_evocation(self, state: BRWState, task: Task, action: Action,
                      events: list[Event]) -> BRWState:
        evoked = [Task("evoke", seat, (e.card,)) for seat in self.order(state)
                  for e in state.evocations if e.owner == seat and e.model.where]
        self._event(events, "phase.evocation", "Evocation phase: "
                    f"{'the Mages activate their Evocations, then ' if evoked else ''}"
                    "Gaea's Servant activates.", "brw.core.evocation_phase")
        return self._push(evolve(self._pop(state), phase="evocation"), *evoked,
                          Task("filius", "rules"))

    @FLOW.resolver("summon")
    def _do_summon(self, state: BRWState, task: Task, action: Action,
                   events: list[Event]) -> BRWState:
        seat, room, card_id = task.number(0), task.word(1), action.args[0]
        card = self.c.evocation(card_id)
        mage = state.mages[seat]
        self._event(events, "evocation.summon", f"{mage.name} summons {card.name} "
                    f"({card_id}: Health {card.health}, Strength {card.strength}, Speed "
                    f"{card.speed}) in {self.name(state, room)}.", "brw.core.summon", "chance")
        evocation = Evocation(card_id, seat, Model(room, card.speed, card.strength, card.health))
        return evolve(self._pop(state), rng=state.rng.advanced(),
                      evocation_deck=tuple(c for c in state.evocation_deck if c != card_id),
                      evocations=(*state.evocations, evocation))

    def summon(self, state: BRWState, seat: int, room: str, events: list[Event]) -> BRWState:
        """A Mage summons in ``room``: a chance step draws the Evocation card, unless the
        Mage has three Evocations in the Lodge or the deck is empty (brw.core.summon)."""
        mage = state.mages[seat]
        held = sum(1 for e in state.evocations if e.owner == seat)
        if held >= MAX_EVOCATIONS or not state.evocation_deck:
            why = (f"{mage.name} has {held} Evocations in the Lodge" if held >= MAX_EVOCATIONS
                   else "the Evocation deck is empty")
            self._event(events, "evocation.none", f"No Evocation is summoned: {why}.",
                        "brw.core.summon")
            return state
        return self._push(state, Task("summon", "chance", (seat, room)))

    @FLOW.resolver("evoke")
    def _do_evoke(self, state: BRWState, task: Task, action: Action,
                  events: list[Event]) -> BRWState:
        card, area, target = action.args
        seat = task.player
        state = self._pop(state)
        evocation = state.evocation(card)
        assert evocation is not None
        name = self.c.evocation(card).name
        moved = area != evocation.model.where
        if moved:
            state = state.with_model(card, evocation.model.at(area))
        went = "moves to" if moved else "stays in"
        hits = "" if target == "none" else f" and attacks {self.name(state, target)}"
        self._event(events, "evocation.activate", f"{state.mages[seat].name}'s {name} {went} "
                    f"{self.name(state, area)}{hits}.", "brw.core.evoke", seat)
        if target != "none":
            state = self.damage(state, target, evocation.model.strength, card, events,
                                "brw.core.evoke")
        from gaia_lab.games.black_rose_wars.components import LEGEND

        if card != LEGEND or state.evocation(card) is None or (not moved and target == "none"):
            return state
        return self._push(state, Task("legend", seat))

    @FLOW.settler("evoke")
    def _settle_evoke(self, state: BRWState, task: Task,
                      events: list[Event]) -> BRWState | None:
        if state.evocation(task.word(0)) is not None:
            return None
        self._event(events, "evocation.gone", f"{task.word(0)} was defeated: it does not "
                    "activate.", "brw.core.evoke")
        return self._pop(state)

    @FLOW.settler("legend")
    def _settle_legend(self, state: BRWState, task: Task,
                       events: list[Event]) -> BRWState | None:
        if self.legal(state):
            return None
        self._event(events, "legend.none", "Gaea (Legend) acted, but none of her Effects can "
                    "be picked now.", "brw.ruling.legend_action")
        return self._pop(state)

    @FLOW.resolver("legend")
    def _do_legend(self, state: BRWState, task: Task, action: Action,
                   events: list[Event]) -> BRWState:
        from gaia_lab.games.black_rose_wars.geomancy import apply_legend

        state, found = apply_legend(self._pop(state), task.player, *action.args)
        events.extend(found)
        return self.check_moon(state, events)

    @FLOW.resolver("filius")
    def _do_filius(self, state: BRWState, task: Task, action: Action,
                   events: list[Event]) -> BRWState:
        state = self._pop(state)
        filius = state.avatar.filius
        if not filius.where:
            room = self.throne_room(state)
            self._event(events, "filius.comeback", "Filius is not in the Lodge: it does not "
                        f"activate, and Gaea places it in {self.name(state, room)}.",
                        "brw.filius.comeback")
            return state.with_avatar(filius=filius.at(room))
        choice = priority.filius_target(state)
        if not choice.candidates:
            self._event(events, "filius.no_mage", "No Mage is in the Lodge: Filius does not "
                        "move and its activation ends.", "brw.filius.no_mage")
            return state
        state = evolve(state, choice=choice)
        self._event(events, "filius.target", choice.text(self.names(state)), "brw.filius.target")
        if not choice.chosen:
            return self._push(state, self._crown(state, "filius_target", "-", choice.kept))
        return self._push(state, Task("filius_move", "rules", (choice.chosen,)))

    @FLOW.resolver("filius_move")
    def _do_filius_move(self, state: BRWState, task: Task, action: Action,
                        events: list[Event]) -> BRWState:
        target = task.word(0)
        state = self._pop(state)
        goal = _area_of(state, target)
        filius = state.avatar.filius
        attack = Task("filius_attack", "rules", (target,))
        if not goal or filius.where == goal:
            return self._push(state, attack)
        choice = priority.move_choice(state, FILIUS, goal)
        if not choice.kept:
            self._event(events, "filius.move", "Filius cannot move from where it stands.",
                        "brw.filius.closer")
            return self._push(state, attack)
        state = evolve(state, choice=choice)
        if not choice.chosen:
            self._event(events, "filius.move", choice.text(self.names(state)), "brw.filius.closer")
            return self._push(state, self._crown(state, "filius_move", target, choice.kept))
        trace = choice.text(self.names(state))
        self._event(events, "filius.move", f"Filius moves to "
                    f"{self.name(state, choice.chosen)}.\n{trace}", "brw.filius.closer")
        return self._push(state.with_avatar(filius=filius.at(choice.chosen)), attack)

    @FLOW.resolver("filius_attack")
    def _do_filius_attack(self, state: BRWState, task: Task, action: Action,
                          events: list[Event]) -> BRWState:
        target = task.word(0)
        state = self._pop(state)
        filius = state.avatar.filius
        goal = _area_of(state, target)
        if not filius.where or filius.where != goal:
            self._event(events, "filius.attack", f"{self.name(state, target)} is out of "
                        "Filius's reach: no attack.", "brw.filius.closer")
            return state
        self._event(events, "filius.attack", f"Filius attacks {self.name(state, target)} for "
                    f"{filius.strength} Damage.", "brw.filius.priority")
        return self.damage(state, target, filius.strength, FILIUS, events,
                           "brw.filius.priority")

    # the Choice of the Crown
    @FLOW.resolver("crown")
    def _do_crown(self, state: BRWState, task: Task, action: Action,
                  events: list[Event]) -> BRWState:
        purpose, context = task.word(0), task.word(1)
        chosen = action.args[0]
        seat = task.player
        state = self._pop(state)
        self._event(events, "crown.choice", f"{state.mages[seat].name} makes the Choice of the "
                    f"Crown: {self.name(state, chosen)}.", "brw.core.choice_of_the_crown", seat)
        if state.choice is not None and not state.choice.chosen:
            state = evolve(state, choice=evolve(state.choice, chosen=chosen, by_crown=True))
        if purpose == "gaea_target":
            return self._push(state, *self._effects(context, chosen))
        if purpose == "gaea_move":
            return state.with_avatar(model=state.avatar.model.at(chosen))
        if purpose == "filius_target":
            return self._push(state, Task("filius_move", "rules", (chosen,)))
        if purpose == "filius_move":
            return self._push(state.with_avatar(filius=state.avatar.filius.at(chosen)),
                              Task("filius_attack", "rules", (context,)))
        state = self.remove_root(state, chosen, events, "brw.ruling.arbor_which")
        return self.arbor_vitae(state, int(context) - 1, events)

    # Clean-up
    @FLOW.resolver("burst")
    def _do_burst(self, state: BRWState, task: Task, action: Action,
                  events: list[Event]) -> BRWState:
        state = evolve(self._pop(state), phase="cleanup")
        arbor, full = len(state.arbor_vitae), len(self.full_roots(state))
        self._event(events, "gaea.burst", f"Blossoming Burst: {arbor} Arbor Vitae and {full} "
                    f"full Root Token(s) give Gaea {arbor + full} Power Point(s).",
                    "brw.skill.blossoming_burst")
        state = self.gain_power(state, AVATAR, arbor + full, events, "brw.skill.blossoming_burst")
        if arbor >= 3:
            self._event(events, "game.blossoming", f"{arbor} Arbor Vitae stand in the Lodge: "
                        "Gaea wins the game at once.", "brw.skill.blossoming_win")
            return evolve(state, tasks=(), phase="over", victory="blossoming")
        return state

    @FLOW.resolver("cleanup")
    def _do_cleanup(self, state: BRWState, task: Task, action: Action,
                    events: list[Event]) -> BRWState:
        state = evolve(self._pop(state), phase="cleanup")
        cube = state.power_board.black_rose_cube
        markers = self.markers(state)
        top = max(markers.values())
        if top >= cube:
            reached = [self.name(state, w) for w, p in markers.items() if p >= cube]
            self._event(events, "game.end", f"Clean-up step 1: {', '.join(reached)} reached "
                        f"the Black Rose cube on slot {cube}: the game ends.", "brw.core.end")
            from gaia_lab.games.black_rose_wars import modules_flow

            state = modules_flow.end_of_game(self, state, events)
            return evolve(state, tasks=(), phase="over", victory="power")
        rooms = tuple(evolve(r, used=()) for r in state.rooms)
        self._event(events, "phase.cleanup", f"Clean-up: no Power marker has reached slot "
                    f"{cube} (highest {top}); the round ends.", "brw.core.cleanup")
        return self._push(evolve(state, rooms=rooms), Task("round", "rules"))

    # -- effects shared by every step ------------------------------------------------
    def markers(self, state: BRWState) -> dict[str, int]:
        """Every Power marker on the Power board: each Mage, Gaea, the Black Rose."""
        out = {mage_id(i): m.power for i, m in enumerate(state.mages)}
        out[AVATAR] = state.avatar.power
        out[BLACK_ROSE] = state.power_board.black_rose
        return out

    def gain_power(self, state: BRWState, owner: str, amount: int, events: list[Event],
                   rule: str) -> BRWState:
        """``owner`` gains Power Points; a marker reaching the next Moon's cube starts
        that Moon phase at once (brw.core.moon)."""
        if amount <= 0:
            return state
        seat = seat_of(owner)
        if owner == AVATAR:
            state = state.with_avatar(power=state.avatar.power + amount)
        elif owner == BLACK_ROSE:
            board = state.power_board
            state = evolve(state, power_board=evolve(board, black_rose=board.black_rose + amount))
        else:
            assert seat is not None
            mage = state.mages[seat]
            state = state.with_mage(seat, evolve(mage, power=mage.power + amount))
        total = state.power_of(owner)
        self._event(events, "power.gain", f"{self.name(state, owner)} gains {amount} Power "
                    f"Point(s) ({total}).", rule, seat if seat is not None else "rules",
                    (f"{owner}.power", amount))
        return self.check_moon(state, events)

    def check_moon(self, state: BRWState, events: list[Event]) -> BRWState:
        """Start the next Moon phase at once when a Power marker has reached its cube
        (brw.core.moon)."""
        board = state.power_board
        top = max(self.markers(state).values())
        while board.moon < 3 and top >= (board.second_moon if board.moon == 1
                                         else board.third_moon):
            board = evolve(board, moon=board.moon + 1)
            self._event(events, "moon.change", f"A Power marker reaches the cube of Moon "
                        f"{board.moon}: Moon phase {board.moon} begins.", "brw.core.moon")
            from gaia_lab.games.black_rose_wars import modules_flow

            state = modules_flow.gain_personal(self, evolve(state, power_board=board), events)
        return evolve(state, power_board=board)

    def place_instability(self, state: BRWState, rid: str, owner: str, amount: int,
                          events: list[Event], rule: str) -> BRWState:
        """Place ``amount`` Instability of ``owner`` in a Room: on its Root Token's free
        slots first (only the Black Rose's in a Rebuilt Room), then on its slots; full
        slots rebuild the Room (brw.root.instability_first, brw.core.rebuild)."""
        for _ in range(amount):
            room = state.room(rid)
            name = self.name(state, rid)
            if room.root is not None and room.root.free and (not room.rebuilt
                                                              or owner == BLACK_ROSE):
                state = state.with_room(evolve(room, root=RootToken((*room.root.slots, owner))))
                self._event(events, "instability.root", f"{self.name(state, owner)} places 1 "
                            f"Instability on the Root Token of {name}.",
                            "brw.root.rebuilt_black_rose" if room.rebuilt
                            else "brw.root.instability_first")
                continue
            if room.rebuilt or len(room.slots) >= room.size:
                self._event(events, "instability.none", f"{name} takes no Instability of "
                            f"{self.name(state, owner)}: "
                            f"{'it is rebuilt' if room.rebuilt else 'its slots are full'}.",
                            "brw.root.rebuilt_black_rose" if room.rebuilt and room.root
                            else "brw.core.instability")
                break
            room = evolve(room, slots=(*room.slots, owner))
            state = state.with_room(room)
            self._event(events, "instability.place", f"{self.name(state, owner)} places 1 "
                        f"Instability in {name} ({len(room.slots)}/{room.size}).", rule)
            if len(room.slots) == room.size:
                state = self.rebuild(state, rid, events)
        if seat_of(owner) is not None and amount > 0:
            from gaia_lab.games.black_rose_wars.events_core import in_force

            card = in_force(self, state, "overload")
            if card is not None and self.room_takes(state.room(rid), BLACK_ROSE):
                self._event(events, "event.overload", f"{card.name}: the Black Rose adds 1 "
                            f"Instability in {self.name(state, rid)}.",
                            "brw.core.event_effects")
                state = self.place_instability(state, rid, BLACK_ROSE, 1, events,
                                               "brw.core.event_effects")
        return state

    def rebuild_shares(self, state: BRWState, rid: str) -> list[tuple[str, int, int]]:
        """Each owner's Instability in the Room and the Power Points it gains by
        rebuilding (brw.core.rebuild), best first.

        Owners with equal counts share a rank: each gains that rank's reward less 1
        (unless it is 1 or less) and they use up as many ranks; a sole owner gains the
        first reward plus 1."""
        room = state.room(rid)
        rewards = self.c.room(rid).rewards
        counts: dict[str, int] = {}
        for owner in room.owners():
            counts[owner] = counts.get(owner, 0) + 1
        groups = sorted({c for c in counts.values()}, reverse=True)
        out: list[tuple[str, int, int]] = []
        rank = 0
        for count in groups:
            tied = [o for o in counts if counts[o] == count]
            reward = rewards[rank] if rank < len(rewards) else 0
            if len(counts) == 1:
                reward += 1
            elif len(tied) > 1 and reward > 1:
                reward -= 1
            out += [(o, count, reward) for o in tied]
            rank += len(tied)
        return out

    def rebuild(self, state: BRWState, rid: str, events: list[Event]) -> BRWState:
        """Rebuild a Room: rank the owners, give the rewards, return every Instability,
        remove the Root Token and turn the tile (brw.core.rebuild, brw.root.rebuilding)."""
        shares = self.rebuild_shares(state, rid)
        name = self.name(state, rid)
        summary = ", ".join(f"{self.name(state, o)} {n} ({p} PP)" for o, n, p in shares)
        room = state.room(rid)
        counted = room.root is not None and bool(room.root.slots)
        note = " (the Instability on its Root Token counted)" if counted else ""
        self._event(events, "room.rebuild", f"{name} is full and is rebuilt: {summary}{note}.",
                    "brw.ruling.rebuild_roots" if counted else "brw.core.rebuild")
        if room.root is not None:
            self._event(events, "root.rebuilt", f"Rebuilding {name} removes its Root Token.",
                        "brw.root.rebuilding")
            state = state.with_avatar(root_pool=state.avatar.root_pool + 1)
        state = state.with_room(evolve(room, rebuilt=True, slots=(), root=None, used=()))
        for owner, _, points in shares:
            state = self.gain_power(state, owner, points, events, "brw.core.rebuild")
        return state

    def _puppeteer(self, state: BRWState, where: str, events: list[Event]) -> BRWState:
        """Puppeteer, while in force: a defeated Evocation's Room takes 1 Instability of the
        Black Rose."""
        from gaia_lab.games.black_rose_wars.events_core import in_force

        card = in_force(self, state, "puppeteer")
        if card is None or not state.has_room(where):
            return state
        self._event(events, "event.puppeteer", f"{card.name}: an Evocation was defeated, the "
                    f"Black Rose places 1 Instability in {self.name(state, where)}.",
                    "brw.core.event_effects")
        return self.place_instability(state, where, BLACK_ROSE, 1, events,
                                      "brw.core.event_effects")

    def place_root(self, state: BRWState, rid: str, events: list[Event], rule: str) -> BRWState:
        """Place a Root Token in a Room, unless it holds one or the pool is empty
        (brw.root.no_place); it adds two Instability slots (brw.root.placement)."""
        room = state.room(rid)
        name = self.name(state, rid)
        if room.root is not None or state.avatar.root_pool == 0:
            why = "it already holds one" if room.root is not None else "the pool is empty"
            self._event(events, "root.none", f"No Root Token is placed in {name}: {why}.",
                        "brw.root.no_place")
            return state
        self._event(events, "root.place", f"A Root Token is placed in {name}"
                    f"{' (a Rebuilt Room)' if room.rebuilt else ''}, left of its slots: "
                    f"{ROOT_SLOTS} more Instability slots.", rule)
        state = state.with_room(evolve(room, root=RootToken()))
        return state.with_avatar(root_pool=state.avatar.root_pool - 1)

    def remove_root(self, state: BRWState, rid: str, events: list[Event], rule: str) -> BRWState:
        """Take a Root Token off the Lodge: its Instability goes back to the owners'
        pools and the token to Gaea's pool."""
        room = state.room(rid)
        assert room.root is not None
        back = ", ".join(self.name(state, o) for o in room.root.slots) or "no one"
        self._event(events, "root.remove", f"The Root Token of {self.name(state, rid)} leaves "
                    f"the Lodge; its Instability goes back to {back}.", rule)
        state = state.with_room(evolve(room, root=None))
        return state.with_avatar(root_pool=state.avatar.root_pool + 1)

    def damage(self, state: BRWState, target: str, amount: int, source: str,
               events: list[Event], rule: str) -> BRWState:
        """Deal Damage to a Model or a Root Token; a Model whose Damage reaches its Health
        is defeated (brw.core.damage ...)."""
        if target.startswith("root:"):
            rid = target[5:]
            if amount < 2:
                self._event(events, "root.ignore", f"The Root Token of {self.name(state, rid)} "
                            f"ignores {amount} Damage.", "brw.root.destruction")
                return state
            from gaia_lab.games.black_rose_wars import legendary

            state = self.remove_root(state, rid, events, "brw.root.destruction")
            seat = seat_of(source)
            if seat is None:
                return state
            state, toll = legendary.toll(state, seat)
            events.extend(toll)
            return state
        owner = self.damage_owner(state, source)
        if target == FILIUS or state.evocation(target) is not None:
            from gaia_lab.games.black_rose_wars.events_core import in_force

            card = in_force(self, state, "immortals")
            if card is not None:
                self._event(events, "event.immortals", f"{card.name}: "
                            f"{self.name(state, target)} cannot be damaged.",
                            "brw.core.event_effects")
                return state
        model = state.model(target).hurt(amount, owner)
        if model.damage < model.health:
            return state.with_model(target, model)
        return self.defeat(state.with_model(target, model), target, owner, events)

    @staticmethod
    def damage_owner(state: BRWState, source: str) -> str:
        """Whose Damage a source deals: a Mage's Evocation deals its owner's, Filius the
        Avatar's (brw.core.damage_owner)."""
        if source == FILIUS:
            return AVATAR
        evocation = state.evocation(source)
        return mage_id(evocation.owner) if evocation is not None else source

    @staticmethod
    def defeat_earner(model: Model, killer: str) -> str:
        """Who gains the Power Points of a defeat: the Mage owning the most Damage on the
        defeated Model, the latest dealt among equals; with no Mage's Damage on it, the
        side that defeated it (brw.core.defeat_power).

        >>> m = Model("crypt", 2, 2, 11).hurt(2, "mage2").hurt(2, "mage3").hurt(1, "gaea")
        >>> Rules.defeat_earner(m, "gaea"), Rules.defeat_earner(m.hurt(1, "mage2"), "mage3")
        ('mage3', 'mage2')
        """
        mages = [o for o in model.dealt if seat_of(o) is not None]
        if not mages:
            return killer
        most = max(mages.count(o) for o in mages)
        return next(o for o in reversed(mages) if mages.count(o) == most)

    def defeat(self, state: BRWState, target: str, source: str,
               events: list[Event]) -> BRWState:
        """A defeated Model: a Mage goes back to their Cell, Gaea to the Black Rose Room,
        Filius settles and leaves; the defeating side gains Power Points and a Trophy."""
        model = state.model(target)
        seat = seat_of(target)
        killer = seat_of(source)
        earner = self.defeat_earner(model, source)
        if earner != source:
            self._event(events, "defeat.damage", f"{self.name(state, earner)} owns the most "
                        f"Damage on {self.name(state, target)} "
                        f"({model.owned_damage(earner)} of {model.damage}): the Power Points "
                        "of the defeat are theirs.", "brw.core.defeat_power")
        name = self.name(state, target)
        if seat is not None:
            kind, rule = "mage", "brw.core.defeat_mage"
            state = state.with_model(target, Model(cell_id(seat), model.speed, model.strength,
                                                   model.health))
            self._event(events, "defeat.mage", f"{name} is defeated and returns to their "
                        "Cell.", rule)
            from gaia_lab.games.black_rose_wars.events_core import in_force, to_cell

            state = to_cell(self, state, seat, events)
            if killer is not None and in_force(self, state, "dominion") is not None:
                self._event(events, "event.dominion", "Dominion (the Event): the defeated "
                            "Mage's Trophy goes to the Black Rose.", "brw.core.event_effects")
                killer = None
        elif target == AVATAR:
            kind, rule = "avatar", "brw.core.defeat_avatar"
            room = self.black_rose_room(state)
            state = state.with_avatar(model=Model(room, model.speed, model.strength,
                                                  model.health))
            self._event(events, "defeat.avatar", f"Gaea is defeated and returns to "
                        f"{self.name(state, room)}.", rule)
        elif target != FILIUS:
            kind, rule = "evocation", "brw.core.defeat_evocation"
            self._event(events, "defeat.evocation", f"{self.c.evocation(target).name} "
                        f"({target}) is defeated and leaves the Lodge.", rule)
            state = evolve(state, evocations=tuple(e for e in state.evocations
                                                   if e.card != target),
                           evocation_discard=(*state.evocation_discard, target))
            state = self._puppeteer(state, model.where, events)
        else:
            kind, rule = "evocation", "brw.core.defeat_evocation"
            where = model.where
            state = state.with_avatar(filius=Model("", model.speed, model.strength,
                                                   model.health))
            self._event(events, "defeat.filius", f"Filius is defeated in "
                        f"{self.name(state, where)}; Settle: it places 1 Instability there.",
                        "brw.filius.settle")
            if state.has_room(where):
                state = self.place_instability(state, where, AVATAR, 1, events,
                                               "brw.filius.settle")
            state = self._puppeteer(state, where, events)
        if killer is not None and kind == "avatar" and state.modules.legendary:
            self._event(events, "legendary.false_idols", "False Idols: defeating Gaea gives "
                        "no Avatar Trophy token.", "brw.legendary.false_idols")
        elif killer is not None:
            mage = state.mages[killer]
            state = state.with_mage(killer, evolve(mage, trophies=(*mage.trophies, kind)))
            self._event(events, "trophy.gain", f"{mage.name} gains a Trophy token ({kind}).",
                        rule, killer)
        if seat_of(earner) is None and kind != "mage":
            return state  # the Avatar's side gains Power Points only for defeating a Mage
        return self.gain_power(state, earner, DEFEAT_POWER[kind], events, rule)
