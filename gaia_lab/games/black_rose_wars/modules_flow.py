"""The expansion's modules in the game's flow (the School of Geomancy and Talia, the
Paths, the Legendary Scenario): the handlers of the steps :data:`~.modules.MODULE_KINDS`
declares, and the hooks the game's rules call.

Talia may be chosen as a Mage (``mages`` option, id ``talia``) and plays with her three
personal spells; with the ``geomancy`` option the School of Geomancy takes the place of
the modelled core's spells at setup step 9: every other Mage is dealt three Geomancy
spells (chance) and takes them back at each Study phase.

Setup (after the regular setup): in the Legendary Scenario the Moon cubes move to slots
5, 21 and 28; the Path Start cards are dealt and the Path deck shuffled (chance); from
the Crown's holder on, each Mage draws three cards, keeps one whose Tracks match and the
others go under the deck (chance).  In play, after every step each Mage whose Advance
Condition the step met may advance their marker (:func:`after_step`); an Effect Passage
offers its Effect as a triggered Trap, an End Point gives the Avatar its Power Points, a
new card is drawn on entering another card.  The modelled core has no Quest deck: a
Mage who activates the ruined side of a yellow Room (the Rooms whose ruined side draws a
Quest in the fan data) would draw a Quest there, and may draw Path cards instead
(``brw.core.quest``).  At the end the Points and Penalty boxes count, with the
scenario's Honorable Mention (:func:`end_of_game`).

>>> from gaia_lab import Session
>>> s = Session("black_rose_wars", players=2, seed=4, options={"paths": True})
>>> len(s.state.modules.paths.rows), s.pending.kind, len(s.state.modules.paths.offer)
(2, 'path_keep', 3)
>>> s.pending.text
'Rikkart keeps one of the drawn Path cards with matching Tracks (setup)'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from gaia_lab.core.errors import IllegalActionError
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Task
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.black_rose_wars import geomancy, legendary
from gaia_lab.games.black_rose_wars.actions import Action
from gaia_lab.games.black_rose_wars.modules import MODULE_KINDS, Modules
from gaia_lab.games.black_rose_wars.parts_rules import rule
from gaia_lab.games.black_rose_wars.paths import (
    Happening,
    PathCards,
    PathEffect,
    PathRow,
    PathsState,
    Spot,
    advance,
    condition,
    draw,
    explain_advance,
    explain_place,
    explain_quest_swap,
    keep,
    load_paths,
    next_spots,
    paths_problems,
    score,
    start_row,
)
from gaia_lab.games.black_rose_wars.rules import FLOW, Rules
from gaia_lab.games.black_rose_wars.state import AVATAR, BRWState, mage_id

if TYPE_CHECKING:
    from gaia_lab.games.black_rose_wars.components import Components, MageCard

__all__ = ["after_step", "diagnose", "end_of_game", "explain_chance", "fixed_rooms",
           "free_rooms", "happenings", "module_problems", "new_modules", "setup_tasks"]

CHANCE_KINDS: Final = frozenset({"school", "path_starts", "path_shuffle", "path_under"})
TALIA: Final = "talia"
SCHOOL_SPELLS: Final = 3
"""Spells a Mage holds from the School of Geomancy (as many as the core's three)."""


def _cards() -> PathCards:
    return load_paths()


def _paths(state: BRWState) -> PathsState:
    paths = state.modules.paths
    assert paths is not None
    return paths


def _with_paths(state: BRWState, **changes: object) -> BRWState:
    return evolve(state, modules=evolve(state.modules, paths=evolve(_paths(state), **changes)))


def _with_row(state: BRWState, seat: int, row: PathRow) -> BRWState:
    rows = list(_paths(state).rows)
    rows[seat] = row
    return _with_paths(state, rows=tuple(rows))


def _event(events: list[Event], kind: str, text: str, rule_id: str,
           actor: int | str = "rules", *delta: tuple[str, int]) -> None:
    events.append(Event(kind, text, rule(rule_id), actor, tuple(delta), actor == "rules"))


# -- setup ------------------------------------------------------------------------------------


def new_modules(paths: bool, scenario: bool, school: bool = False,
                mages: tuple[str, ...] = ()) -> Modules:
    """The modules of a new game (the Legendary Scenario plays the Paths too); Talia
    (Mage id ``talia`` in ``mages``) holds her first personal spell."""
    deck = tuple(_cards().cards) if paths or scenario else None
    first = talia_personal()[:1]
    personal = tuple(first if m == TALIA else () for m in mages)
    return Modules(None if deck is None else PathsState(deck=deck), scenario,
                   geomancy=school, personal=personal if any(personal) else ())


def talia_personal() -> tuple[str, ...]:
    """Talia's three personal spells, in the order she gains them (data order)."""
    return tuple(s.id for s in geomancy.load_geomancy().personal)


def gain_personal(rules: Rules, state: BRWState, events: list[Event]) -> BRWState:
    """At a Moon change each Mage with personal spells still to gain takes the next one
    into hand (brw.core.personal_spells); only Talia's are in this box."""
    personal = list(state.modules.personal)
    full = talia_personal()
    for seat, gained in enumerate(personal):
        if not gained or len(gained) >= len(full):
            continue
        spell = full[len(gained)]
        personal[seat] = (*gained, spell)
        mage = state.mages[seat]
        state = state.with_mage(seat, evolve(mage, hand=(*mage.hand, spell)))
        _event(events, "spell.personal", f"Moon phase {state.power_board.moon}: {mage.name} "
               f"gains her personal spell {rules.c.spell(spell).name} into hand.",
               "brw.core.personal_spells")
    return evolve(state, modules=evolve(state.modules, personal=tuple(personal)))


def mage_ids(components: Components) -> tuple[str, ...]:
    """The Mages a player may choose: the core's, and Talia (setup step 8)."""
    return (*(m.id for m in components.mages), TALIA)


def mage_card(components: Components, mid: str) -> MageCard:
    """A Mage's card, Talia's from this box."""
    return geomancy.talia_card() if mid == TALIA else components.mage(mid)


def spells_of(components: Components, state: BRWState, seat: int) -> tuple[str, ...]:
    """The spells a Mage holds each round: their own (Talia's, or dealt from the School of
    Geomancy), or else the modelled core's three."""
    own = state.modules.spells
    base = own[seat] if seat < len(own) and own[seat] else components.core_spells()
    gained = state.modules.personal[seat] if seat < len(state.modules.personal) else ()
    return (*base, *(s for s in gained if s not in base))


def school_tasks(school: bool) -> tuple[Task, ...]:
    """Setup step 9's dealing of the Geomancy spells, when the School is in play."""
    return (Task("school", "chance"),) if school else ()


def _dealt_seats(state: BRWState) -> list[int]:
    own = state.modules.spells
    return [i for i in range(len(state.mages)) if not (i < len(own) and own[i])]


@FLOW.lister("school")
def _list_school(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    deck = list(geomancy.library(geomancy.load_geomancy(), state.rng.random()))
    return [Action("geomancy", tuple(deck[: SCHOOL_SPELLS * len(_dealt_seats(state))]))]


@FLOW.resolver("school")
def _do_school(rules: Rules, state: BRWState, task: Task, action: Action,
               events: list[Event]) -> BRWState:
    own = list(state.modules.spells) or [()] * len(state.mages)
    for k, seat in enumerate(_dealt_seats(state)):
        own[seat] = action.args[SCHOOL_SPELLS * k: SCHOOL_SPELLS * (k + 1)]
    _event(events, "school.deal", "Setup step 9: the School of Geomancy replaces the "
           "modelled core's spells; " + "; ".join(
               f"{rules.name(state, mage_id(i))} holds "
               f"{', '.join(rules.c.spell(x).name for x in own[i])}"
               for i in range(len(state.mages))) + ".", "brw.school.geomancy", "chance")
    return evolve(_pop(state), rng=state.rng.advanced(),
                  modules=evolve(state.modules, spells=tuple(own)))


def free_rooms(components: Components, scenario: bool) -> tuple[str, ...]:
    """The Rooms drawn for a layout's free places (the scenario's Rooms replacing three)."""
    free = components.random_rooms()
    if not scenario:
        return free
    swaps = legendary.replacements(components.rooms)
    return legendary.swap_rooms((), free, swaps)[1]


def fixed_rooms(components: Components, state: BRWState, fixed: Iterable[str]
                ) -> tuple[str, ...]:
    """The fixed Rooms of the layout (the Emerald Rose Room in the scenario)."""
    if not state.modules.legendary:
        return tuple(fixed)
    return legendary.swap_rooms(tuple(fixed), (), legendary.replacements(components.rooms))[0]


def setup_tasks(state: BRWState) -> tuple[Task, ...]:
    """The modules' setup steps, once the regular setup is done (from the Crown on)."""
    tasks: list[Task] = []
    if state.modules.legendary:
        tasks.append(Task("stop_the_threat", "rules"))
    if state.modules.paths is not None:
        tasks += [Task("path_starts", "chance"), Task("path_shuffle", "chance")]
        n = len(state.mages)
        for seat in ((state.crown + i) % n for i in range(n)):
            tasks += _gain_tasks(seat, "setup")
    return tuple(tasks)


def _gain_tasks(seat: int, how: str) -> tuple[Task, ...]:
    return (Task("path_draw", "rules", (mage_id(seat), how)), Task("path_keep", seat, (how,)),
            Task("path_under", "chance"))


# -- listing ----------------------------------------------------------------------------------


@FLOW.lister("stop_the_threat", "path_draw")
def _list_rules(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    return [Action(task.kind)]


@FLOW.lister("path_starts")
def _list_starts(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    starts = sorted(_cards().starts)
    state.rng.random().shuffle(starts)
    return [Action("starts", tuple(starts[: len(state.mages)]))]


@FLOW.lister("path_shuffle")
def _list_shuffle(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    deck = list(_paths(state).deck)
    state.rng.random().shuffle(deck)
    return [Action("paths", tuple(deck))]


@FLOW.lister("path_under")
def _list_under(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    rest = list(_paths(state).offer)
    state.rng.random().shuffle(rest)
    return [Action("under", tuple(rest))]


@FLOW.lister("path_keep")
def _list_keep(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    paths, cards = _paths(state), _cards()
    row = paths.rows[task.player]
    fitting = [c for c in paths.offer
               if explain_place(cards, row, paths.offer, c, how=task.word(0))]  # type: ignore[arg-type]
    return [Action("keep", (c,)) for c in fitting] or [Action("keep", ("none",))]


@FLOW.lister("path_advance")
def _list_advance(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    row = _paths(state).rows[task.player]
    spots = next_spots(_cards(), row)
    return [*(Action("advance", (f"{s.card}:{s.passage}",)) for s in spots),
            Action("advance", ("stay",))]


@FLOW.lister("path_effect")
def _list_effect(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    targets = effect_targets(rules, state, task.player, _effect_of(task))
    return [*(Action("trap", (t,)) for t in targets), Action("trap", ("skip",))]


@FLOW.lister("path_quest")
def _list_quest(rules: Rules, state: BRWState, task: Task) -> list[Action]:
    row = _paths(state).rows[task.player]
    swap = explain_quest_swap(row, _paths(state).deck)
    return [*([Action("quest", ("paths",))] if swap else []), Action("quest", ("skip",))]


def _effect_of(task: Task) -> PathEffect:
    card = _cards().cards[task.word(0)]
    return card.effect


def effect_targets(rules: Rules, state: BRWState, seat: int, effect: PathEffect
                   ) -> tuple[str, ...]:
    """What a Path card's Effect may aim at: the Mage themself (Power Points, healing),
    a Model or Root Token in their Room (Damage), their Room (Instability)."""
    me, where = mage_id(seat), state.mages[seat].where
    if effect.kind in ("gain_power", "heal"):
        return ("self",)
    if not state.has_room(where):
        return ()
    if effect.kind == "damage":
        room = state.room(where)
        models = tuple(m for m in state.models_in(where) if m != me)
        return (*models, *((f"root:{where}",) if room.root is not None else ()))
    return (where,) if rules.room_takes(state.room(where), me) else ()


# -- resolving --------------------------------------------------------------------------------


def _pop(state: BRWState) -> BRWState:
    return evolve(state, tasks=state.tasks[1:])


def _push(state: BRWState, *tasks: Task) -> BRWState:
    return evolve(state, tasks=(*tasks, *state.tasks))


@FLOW.resolver("stop_the_threat")
def _do_stop(rules: Rules, state: BRWState, task: Task, action: Action,
             events: list[Event]) -> BRWState:
    state = legendary.with_moon_cubes(_pop(state))
    _event(events, "legendary.cubes", "Stop the Threat: the Second Moon cube goes on slot 5, "
           "the Third Moon cube on slot 21, the Black Rose cube on slot 28.",
           "brw.legendary.moon_cubes")
    decks = legendary.stack_events(state.event_decks, legendary.load_scenario_cards())
    _event(events, "legendary.cards", "Stop the Threat: the scenario card of each Moon phase "
           "goes on top of its Event deck.", "brw.legendary.event_cards")
    return evolve(state, event_decks=decks)


def scenario_card_ids() -> frozenset[str]:
    """The ids of the Legendary Scenario's cards (they lie on the Event decks)."""
    return frozenset(c.id for c in legendary.load_scenario_cards())


def reveal_scenario_card(rules: Rules, state: BRWState, events: list[Event]
                         ) -> tuple[BRWState, int]:
    """The Black Rose phase reveals the scenario card on top of the Moon's Event deck: it
    is resolved as the phase's first Event; the Black Rose gains the Moon's Power Points
    (the card prints none of its own).  The state and the Black Rose's gain."""
    moon = state.power_board.moon
    card = legendary.card_of_moon(moon)
    decks = tuple(d[1:] if i == moon - 1 else d for i, d in enumerate(state.event_decks))
    state = evolve(state, event_decks=decks, events=(*state.events, card.id))
    _event(events, "legendary.reveal", f"Black Rose phase: the Event {card.name} (Moon "
           f"{moon}) is revealed and resolved.", "brw.legendary.event_cards")
    state, done = legendary.resolve_card(
        state, card, lambda s, r: rules.place_root(s, r, events, "brw.legendary.event_cards"))
    events.extend(done)
    return state, moon


@FLOW.resolver("path_starts")
def _do_starts(rules: Rules, state: BRWState, task: Task, action: Action,
               events: list[Event]) -> BRWState:
    rows = tuple(start_row(s) for s in action.args)
    _event(events, "paths.starts", "Paths: the Path Start cards are "
           + ", ".join(f"{rules.name(state, mage_id(i))} {s}" for i, s in enumerate(action.args))
           + "; each Path marker is on its Path Start.", "brw.paths.start_card", "chance")
    return _with_paths(evolve(_pop(state), rng=state.rng.advanced()), rows=rows)


@FLOW.resolver("path_shuffle")
def _do_shuffle(rules: Rules, state: BRWState, task: Task, action: Action,
                events: list[Event]) -> BRWState:
    _event(events, "paths.shuffle", f"Paths: the {len(action.args)} Path cards are shuffled "
           "into the Path deck.", "brw.paths.deck", "chance")
    return _with_paths(evolve(_pop(state), rng=state.rng.advanced()), deck=action.args)


@FLOW.resolver("path_draw")
def _do_draw(rules: Rules, state: BRWState, task: Task, action: Action,
             events: list[Event]) -> BRWState:
    offer, deck = draw(_paths(state).deck)
    name = rules.name(state, task.word(0))
    drawn = ", ".join(offer) or "no Path card (the deck is empty)"
    _event(events, "paths.draw", f"{name} draws {drawn}.", "brw.paths.first_card")
    return _with_paths(_pop(state), offer=offer, deck=deck)


@FLOW.settler("path_keep", "path_under")
def _settle_nothing_drawn(rules: Rules, state: BRWState, task: Task,
                          events: list[Event]) -> BRWState | None:
    return _pop(state) if not _paths(state).offer else None


@FLOW.resolver("path_keep")
def _do_keep(rules: Rules, state: BRWState, task: Task, action: Action,
             events: list[Event]) -> BRWState:
    seat, paths = task.player, _paths(state)
    chosen = None if action.args[0] == "none" else action.args[0]
    row, rest = keep(_cards(), paths.rows[seat], paths.offer, chosen,
                     how=task.word(0))  # type: ignore[arg-type]
    name = state.mages[seat].name
    text = (f"{name} keeps {chosen} right of {paths.rows[seat].last}." if chosen else
            f"No drawn card matches {paths.rows[seat].last}: {name} keeps none.")
    _event(events, "paths.keep", text, "brw.paths.first_card" if chosen
           else "brw.paths.no_match", seat)
    return _with_row(_with_paths(_pop(state), offer=rest), seat, row)


@FLOW.resolver("path_under")
def _do_under(rules: Rules, state: BRWState, task: Task, action: Action,
              events: list[Event]) -> BRWState:
    _event(events, "paths.under", f"{', '.join(action.args)} go(es) under the Path deck.",
           "brw.paths.first_card", "chance")
    paths = _paths(state)
    return _with_paths(evolve(_pop(state), rng=state.rng.advanced()), offer=(),
                       deck=paths.deck + action.args)


@FLOW.resolver("path_advance")
def _do_advance(rules: Rules, state: BRWState, task: Task, action: Action,
                events: list[Event]) -> BRWState:
    seat = task.player
    state, name = _pop(state), state.mages[seat].name
    if action.args[0] == "stay":
        _event(events, "paths.stay", f"{name} does not advance their Path marker.",
               "brw.paths.advance", seat)
        return state
    cards, row = _cards(), _paths(state).rows[seat]
    moved = advance(cards, row, _spot(action.args[0]))
    state = _with_row(state, seat, moved.row)
    card = moved.row.cards[moved.row.marker.card]
    _event(events, "paths.advance", f"{name}'s Path marker moves to {action.args[0]} "
           f"({card}).", "brw.paths.advance", seat)
    if moved.avatar_power:
        _event(events, "paths.complete", f"{name} reaches an End Point: a Complete Path; "
               f"the Avatar gains {moved.avatar_power} Power Points.", "brw.paths.end_point",
               seat)
        state = rules.gain_power(state, AVATAR, moved.avatar_power, events,
                                 "brw.paths.end_point")
    follow: list[Task] = []
    if moved.effect is not None:
        follow.append(Task("path_effect", seat, (card,)))
    if moved.draws_card:
        follow += _gain_tasks(seat, "advance")
    return _push(state, *follow)


def _spot(word: str) -> Spot:
    card, _, passage = word.partition(":")
    return Spot(int(card), passage)


@FLOW.resolver("path_effect")
def _do_effect(rules: Rules, state: BRWState, task: Task, action: Action,
               events: list[Event]) -> BRWState:
    seat, target = task.player, action.args[0]
    state, me, name = _pop(state), mage_id(seat), state.mages[seat].name
    effect = _effect_of(task)
    cite = "brw.paths.effect_passage"
    if target == "skip":
        _event(events, "paths.effect", f"{name} leaves the Effect of {task.word(0)} "
               "unresolved.", cite, seat)
        return state
    _event(events, "paths.effect", f"{name} resolves the Effect of {task.word(0)} as a "
           f"triggered Trap: {effect.describe()}.", cite, seat)
    if effect.kind == "gain_power":
        return rules.gain_power(state, me, effect.amount, events, cite)
    if effect.kind == "heal":
        model = state.model(me)
        return state.with_model(me, model.healed(effect.amount))
    if effect.kind == "damage":
        return rules.damage(state, target, effect.amount, me, events, cite)
    return rules.place_instability(state, target, me, effect.amount, events, cite)


@FLOW.resolver("path_quest")
def _do_quest(rules: Rules, state: BRWState, task: Task, action: Action,
              events: list[Event]) -> BRWState:
    seat = task.player
    state, name = _pop(state), state.mages[seat].name
    if action.args[0] == "skip":
        _event(events, "paths.quest", f"{name} keeps the Quest draw (the modelled core holds "
               "no Quest deck).", "brw.core.quest", seat)
        return state
    _event(events, "paths.quest", f"{name} draws Path cards instead of a Quest.",
           "brw.paths.gain_quest", seat)
    return _push(state, *_gain_tasks(seat, "quest"))


# -- explaining -------------------------------------------------------------------------------


def explain_chance(state: BRWState, task: Task, action: Action) -> Verdict:
    """Whether a chance outcome of the modules' shuffles is possible (any order of the
    right cards)."""
    kind = MODULE_KINDS[task.kind]
    cite = rule(kind.rule)
    verb = next(iter(kind.verbs))
    if action.verb != verb:
        return Verdict.illegal(f"phase.{task.kind}", f"This is the {task.kind} chance step "
                               f"({verb} ...), not {action.verb!r}.", cite)
    if task.kind == "school":
        dealt = 3 * len(_dealt_seats(state))
        known = {s.id for s in geomancy.load_geomancy().spells}
        ok = len(action.args) == dealt and len(set(action.args)) == dealt and set(
            action.args) <= known
        if ok:
            return Verdict.ok(cite, "A possible deal.")
        return Verdict.illegal("school.not_a_deal", f"The deal must hold {dealt} different "
                               "Geomancy spells.", cite)
    paths = _paths(state)
    if task.kind == "path_starts":
        ok = len(action.args) == len(state.mages) and len(set(action.args)) == len(
            action.args) and set(action.args) <= set(_cards().starts)
        what = f"{len(state.mages)} different Path Start cards"
    else:
        pool = paths.deck if task.kind == "path_shuffle" else paths.offer
        ok = sorted(action.args) == sorted(pool)
        what = f"each of the {len(pool)} cards once"
    if ok:
        return Verdict.ok(cite, "A possible order.")
    return Verdict.illegal(f"{task.kind}.not_a_shuffle", f"The outcome must hold {what}.",
                           cite)


def diagnose(rules: Rules, state: BRWState, task: Task, action: Action) -> Verdict:
    """Why an unlisted action is illegal at a module's step."""
    kind = MODULE_KINDS[task.kind]
    cite = rule(kind.rule)
    if task.seat is None:
        return Verdict.illegal(f"phase.{task.kind}", f"This is a step of the rules "
                               f"({FLOW.describe(task)}), not {action}.", cite)
    seat = task.player
    name = state.mages[seat].name
    if action.verb not in kind.verbs:
        return Verdict.illegal(f"phase.{task.kind}", f"{name} must now {kind.ask}; "
                               f"{action.verb!r} does not do that.", cite)
    paths, cards = _paths(state), _cards()
    row = paths.rows[seat]
    word = action.args[0] if action.args else ""
    if task.kind == "path_keep":
        if word == "none":
            try:
                keep(cards, row, paths.offer, None)
            except IllegalActionError as exc:
                return exc.verdict
        return explain_place(cards, row, paths.offer, word,
                             how=task.word(0))  # type: ignore[arg-type]
    if task.kind == "path_advance":
        card, _, passage = word.partition(":")
        to = Spot(int(card), passage) if card.isdigit() and len(card) < 4 else Spot(-1, word)
        return explain_advance(cards, row, to)
    if task.kind == "path_quest":
        verdict = explain_quest_swap(row, paths.deck)
        return verdict if not verdict else Verdict.illegal(
            "quest.word", f"Write 'quest paths' or 'quest skip', not {action}.", cite)
    targets = effect_targets(rules, state, seat, _effect_of(task))
    aims = ", ".join(rules.name(state, t) for t in targets) or "nothing here"
    return Verdict.illegal("paths.effect_target", f"The Effect of {task.word(0)} "
                           f"({_effect_of(task).describe()}) aims at {aims}; {word!r} is "
                           "not one of them (or skip).", cite)


# -- during play -------------------------------------------------------------------------------


def happenings(rules: Rules, before: BRWState, after: BRWState, seat: int,
               action: Action | None) -> tuple[Happening, ...]:
    """What the step from ``before`` to ``after`` did for Mage ``seat`` that an Advance
    Condition may ask for (``action`` is the Mage's own action, None for any other step).
    """
    me = mage_id(seat)
    was, now = before.mages[seat], after.mages[seat]
    out: list[Happening] = []

    def colour(rid: str) -> str:
        return rules.c.room(rid).colour

    if now.power > was.power:
        out.append(Happening("gain_power"))
    if now.model.damage > was.model.damage or (
            now.where != was.where and now.where == f"cell{seat + 1}" and action is None):
        out.append(Happening("suffer_damage"))
    if len(now.trophies) > len(was.trophies):
        out.append(Happening("defeat_model"))
    if now.where != was.where and after.has_room(now.where):
        out.append(Happening("enter_room", colour(now.where)))
    mine_before = sum(r.owners().count(me) for r in before.rooms)
    mine_after = sum(r.owners().count(me) for r in after.rooms)
    rebuilt = [r.id for r in after.rooms if r.rebuilt and before.has_room(r.id)
               and not before.room(r.id).rebuilt]
    if mine_after > mine_before or (action is not None and rebuilt):
        out.append(Happening("place_instability"))
    if action is not None:
        if rebuilt:
            out.append(Happening("rebuild_room"))
        if action.verb == "attack":
            out.append(Happening("attack_model"))
        if action.verb == "cast":
            out.append(Happening("cast_spell"))
        if action.verb == "activate" and before.has_room(was.where):
            out.append(Happening("activate_room", colour(was.where)))
    return tuple(out)


def after_step(rules: Rules, before: BRWState, after: BRWState, action: Action,
               events: list[Event]) -> BRWState:
    """The modules' reactions to a step: a Path advance offered to each Mage whose Advance
    Condition the step met; Path cards offered instead of a Quest."""
    task = before.task
    if task is None:
        return after
    paths = after.modules.paths
    if paths is None or not paths.rows or after.victory or not after.tasks:
        return after
    acting = task.player if task.kind == "turn" else None
    cards = _cards()
    offers: list[Task] = []
    queued = {t.actor for t in after.tasks if t.kind == "path_advance"}
    n = len(after.mages)
    for seat in ((after.crown + i) % n for i in range(n)):
        row = paths.rows[seat]
        if row.complete or seat in queued or not next_spots(cards, row):
            continue
        wanted = condition(cards, row)
        met = [h for h in happenings(rules, before, after, seat,
                                     action if seat == acting else None) if wanted.met_by(h)]
        if met:
            offers.append(Task("path_advance", seat, (met[0].kind,)))
    if acting is not None and action.verb == "activate":
        room = before.mages[acting].where
        if (before.has_room(room)
                and "quest" in rules.c.room(room).effects(before.room(room).rebuilt)
                and explain_quest_swap(paths.rows[acting], paths.deck)):
            offers.append(Task("path_quest", acting))
    return _push(after, *offers) if offers else after


# -- the end ------------------------------------------------------------------------------------


def end_of_game(rules: Rules, state: BRWState, events: list[Event]) -> BRWState:
    """The end-of-game additions: each Mage's Path (its Points or Penalty boxes; Power
    Points never go below 0) and, in the scenario, the Honorable Mention."""
    paths = state.modules.paths
    if paths is not None and paths.rows:
        cards = _cards()
        for seat, row in enumerate(paths.rows):
            result = score(cards, row)
            mage = state.mages[seat]
            power = max(0, mage.power + result.points)
            state = state.with_mage(seat, evolve(mage, power=power))
            _event(events, "paths.score", f"{mage.name}: {result.describe()}.",
                   "brw.paths.complete_score" if result.complete
                   else "brw.paths.incomplete_penalty", "rules",
                   (f"{mage_id(seat)}.power", power - mage.power))
    state, more = legendary.with_honorable_mention(state)
    events.extend(more)
    return state


# -- checks -------------------------------------------------------------------------------------


def module_problems(state: BRWState) -> list[str]:
    """What is wrong with the modules of a state (empty when they are sound)."""
    out: list[str] = []
    paths = state.modules.paths
    if state.modules.legendary and paths is None:
        out.append("modules: the Legendary Scenario plays the Paths")
    if paths is not None:
        out += paths_problems(_cards(), paths, len(state.mages))
        if paths.offer and not any(t.kind in ("path_keep", "path_under")
                                   for t in state.tasks[:2]):
            out.append("paths.offer: drawn Path cards wait for a choice")
    own = state.modules.spells
    known = {s.id for s in (*geomancy.load_geomancy().spells, *geomancy.load_geomancy().personal)}
    if own and (len(own) != len(state.mages) or any(
            s and (len(s) != SCHOOL_SPELLS or not set(s) <= known) for s in own)):
        out.append(f"modules.spells: for each of the {len(state.mages)} Mages, none or "
                   f"{SCHOOL_SPELLS} spells of this box")
    personal = state.modules.personal
    full = talia_personal()
    if personal and (len(personal) != len(state.mages) or any(
            p != full[:len(p)] for p in personal)):
        out.append(f"modules.personal: for each of the {len(state.mages)} Mages, none or "
                   f"the first of Talia's personal spells ({', '.join(full)})")
    placed = [e for d in state.event_decks for e in d] + list(state.events)
    ours = sorted(e for e in placed if e in scenario_card_ids())
    if (ours != sorted(scenario_card_ids()) if state.modules.legendary and state.round
            else ours and not state.modules.legendary):
        out.append("event_decks: the Legendary Scenario's three cards, each once, exactly "
                   "in the scenario")
    if state.rooms and state.modules.legendary != legendary.is_legendary(state):
        out.append("modules.legendary: the scenario is played exactly when the Emerald "
                   "Rose Room is in the Lodge")
    return out


def scenario_paths(state: BRWState, rows: tuple[PathRow, ...] | None,
                   problems: list[str]) -> BRWState:
    """A scenario's Paths: each Mage's row as given, the deck the other cards in the
    data's order (so a scenario knows what is drawn); problems name what does not fit."""
    paths = state.modules.paths
    if rows is None or paths is None:
        return state
    if len(rows) != len(state.mages):
        problems.append(f"paths: {len(rows)} rows for {len(state.mages)} Mages")
        return state
    used = {c for row in rows for c in row.cards[1:]}
    return evolve(state, modules=evolve(state.modules, paths=PathsState(
        tuple(c for c in _cards().cards if c not in used), tuple(rows))))


def scenario_personal(state: BRWState) -> BRWState:
    """A scenario's personal spells: Talia has gained one per Moon phase begun."""
    full = talia_personal()
    moon = state.power_board.moon
    personal = list(state.modules.personal)
    for seat, gained in enumerate(personal):
        if gained and len(gained) < moon:
            personal[seat] = full[:moon]
            mage = state.mages[seat]
            state = state.with_mage(seat, evolve(mage, hand=(
                *mage.hand, *(x for x in full[len(gained):moon]
                              if x not in mage.hand + mage.prepared))))
    return evolve(state, modules=evolve(state.modules, personal=tuple(personal)))


def scenario_spells(state: BRWState, spells: tuple[tuple[str, ...], ...] | None,
                    problems: list[str]) -> BRWState:
    """A scenario's spells: each Mage's own three (``()`` for the core's)."""
    if spells is None:
        return state
    if len(spells) != len(state.mages):
        problems.append(f"spells: {len(spells)} sets for {len(state.mages)} Mages")
        return state
    return evolve(state, modules=evolve(state.modules, spells=spells))
