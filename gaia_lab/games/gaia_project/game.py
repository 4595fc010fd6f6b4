"""The Gaia Project game object, and the replay of recorded games.

An action is one line of the recorded-log notation.  A recorded game gives its fixed
setup (``options={"setup": seeded_setup}``); without one the game starts with seven
chance steps that draw the setup from the seed (see :mod:`.setup_draw`).

>>> from gaia_lab import Session
>>> s = Session(GaiaProject(), players=4)
>>> s.actor, [str(m) for m in s.legal_actions()[:2]]
(0, ['p1 faction terrans', 'p1 faction lantids'])
>>> print(s.explain("p2 faction nevlas"))
not legal now: Seat p1 chooses now, not p2.
[Read the refresher: setup]
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from gaia_lab.core.checks import short
from gaia_lab.core.errors import (
    GaiaLabError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
)
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Task
from gaia_lab.core.game import Actor, Game, GameMeta, Step
from gaia_lab.core.options import Option, OptionError, declare
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_project import flow, power, rules, setup_draw
from gaia_lab.games.gaia_project.components import (
    FACTION_IDS,
    HOME_TYPES,
    RESEARCH_TRACKS,
    TRACK_CODES,
    load_components,
    terraforming_steps,
)
from gaia_lab.games.gaia_project.explanations import legal_verdict
from gaia_lab.games.gaia_project.factions import hooks
from gaia_lab.games.gaia_project.federation import FederationOption
from gaia_lab.games.gaia_project.flow import DRAW_TASKS, FLOW, PHASE_KINDS, head_task
from gaia_lab.games.gaia_project.notation import (
    DRAW_PARTS,
    Build,
    Init,
    LostPlanet,
    Move,
    Up,
    format_move,
    parse_listed,
    parse_move,
)
from gaia_lab.games.gaia_project.rulebook import RULES
from gaia_lab.games.gaia_project.scoring import breakdown
from gaia_lab.games.gaia_project.state import (
    DEEP_MIND_2_SETUP,
    TECH_SPACES,
    GPState,
    PlayerState,
    Setup,
)
from gaia_lab.games.gaia_project.targets import line_targets

__all__ = ["META", "GaiaProject", "ReplayError", "from_bgs", "replay", "replay_prefix"]

FINAL_RESOURCES_ONLY: Final = "final_resources_only"
"""The game option of the editions' other reading of final scoring: only the credits, ore
and knowledge left count (:attr:`.state.Setup.final_conversion` False)."""


def read_setup(value: Any) -> Setup:
    """The ``setup`` option: a :class:`.state.Setup`, or its JSON data (the
    ``seeded_setup`` of a recorded game, or what :func:`write_setup` gives), checked
    against the components.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP
    >>> read_setup(write_setup(DEEP_MIND_2_SETUP)) == DEEP_MIND_2_SETUP
    True
    >>> read_setup(5)
    Traceback (most recent call last):
    ...
    gaia_lab.core.options.OptionError: expected a recorded setup (an object with sectors, \
boosters, techTiles, roundScoring, finalScoring and terraformingFederation), not 5
    """
    if isinstance(value, Setup):
        setup = value
    else:
        try:
            setup = Setup.from_seeded(value)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            raise OptionError(
                "expected a recorded setup (an object with sectors, boosters, techTiles, "
                "roundScoring, finalScoring and terraformingFederation), not "
                f"{short(value)}") from None
    problems = _setup_problems(setup)
    if problems:
        raise OptionError("; ".join(problems))
    return setup


def _setup_problems(setup: Setup) -> list[str]:
    from gaia_lab.games.gaia_project.components import ADVANCED_POSITIONS, TECH_POSITIONS
    from gaia_lab.games.gaia_project.state import _space_map

    c = load_components()
    out: list[str] = []
    if not all(isinstance(x, tuple) and len(x) == 4 and isinstance(x[0], str)
               and all(isinstance(n, int) and not isinstance(n, bool) and abs(n) < 100
                       for n in x[1:]) for x in setup.sectors):
        return ["sectors: each is a sector id, a rotation and a centre [q, r]"]
    if len(setup.sectors) not in (7, 8, 10) or not all(0 <= k <= 5 for _, k, _, _ in setup.sectors):
        return ["sectors: 7 (two players), 8 (x-shaped layout) or 10 sectors, each turned "
                "0 to 5 times"]
    try:
        _space_map(setup.sectors)
    except (GaiaLabError, KeyError, ValueError) as exc:
        out.append(f"sectors: {exc}")
    pools = {
        "boosters": ({b.id for b in c.boosters}, setup.boosters),
        "roundScoring": ({t.id for t in c.round_scoring}, setup.round_scoring),
        "finalScoring": ({t.id for t in c.final_scoring}, setup.final_scoring),
        "techTiles": ({t.id for t in c.techs}, tuple(t for _, t in setup.techs)),
    }
    for name, (known, ids) in pools.items():
        bad = [i for i in ids if not isinstance(i, str) or i not in known]
        if bad or len(set(ids)) != len(ids):
            out.append(f"{name}: {short(list(ids))} must be different ids of "
                       f"{', '.join(sorted(known))}")
    if len(setup.round_scoring) != 6 or len(setup.final_scoring) != 2:
        out.append("roundScoring lists 6 tiles and finalScoring 2")
    places = [p for p, _ in setup.techs]
    spaces = TECH_POSITIONS + ADVANCED_POSITIONS
    if sorted(map(str, places)) != sorted(spaces):
        out.append(f"techTiles: one tile on each of {', '.join(spaces)}")
    feds = {t.id for t in c.federation_tokens if t.id != "gleens"}
    if setup.terraforming_federation not in feds:
        out.append(f"terraformingFederation: {short(setup.terraforming_federation)} is not "
                   f"one of {', '.join(sorted(feds))}")
    return out


def write_setup(setup: Setup) -> dict[str, Any]:
    """The JSON data of a setup, read back by :func:`read_setup` to an equal one (the
    tech tiles as a list of pairs, so their order survives ``sort_keys``)."""
    return {
        "sectors": [{"sector": sid, "rotation": k, "center": [q, r]}
                    for sid, k, q, r in setup.sectors],
        "boosters": list(setup.boosters),
        "techTiles": [[position, tile] for position, tile in setup.techs],
        "roundScoring": list(setup.round_scoring),
        "finalScoring": list(setup.final_scoring),
        "terraformingFederation": setup.terraforming_federation,
    } | ({"factionVariant": setup.faction_variant} if setup.faction_variant else {}) | (
        {"bids": list(setup.bids)} if setup.bids else {}) | (
        {"flexibleFederations": True} if setup.flexible_federations else {}) | (
        {} if setup.final_conversion else {"finalConversion": False})


META = GameMeta(
    name="gaia_project",
    title="Gaia Project",
    min_players=2,
    max_players=4,
    chance="cards",
    rule_source="Gaia Project rules refresher and 'A turn, played out'",
    components="published",
    options=declare(Option(
        "setup", "the seeded setup of a recorded game (sectors, tiles, boosters); without "
        "it the setup is drawn from the seed", "a recorded setup (seeded_setup)",
        read_setup, write_setup),
        Option.flag(FINAL_RESOURCES_ONLY, "final scoring counts only the credits, ore and "
                    "knowledge left, converting no power or Q.I.C. first (gp.score.resources "
                    "read to the letter; by default they are converted first, as free "
                    "actions (gp.free_action.when) would and as boardgamers.space scores)")),
    max_steps=5_000,
)


class GaiaProject(Game[GPState, Move]):
    """Gaia Project over the recorded-log notation (one action = one log line)."""

    meta = META
    rulebook = RULES
    flow = FLOW
    """The declared turn flow (:mod:`.flow`): who acts, what is pending, under which
    rule (``flow.kind_of(state.tasks[0]).rule``)."""

    def new_initial_state(self, players: int, seed: int = 0,
                          options: Mapping[str, Any] | None = None) -> GPState:
        setup = (options or {}).get("setup")
        if setup is None:
            state = setup_draw.new_game(players, seed)
        else:
            if not isinstance(setup, Setup):  # JSON data given directly, not through a Session
                setup = read_setup(setup)
            state = rules.new_game(players, setup, str(seed))
        if (options or {}).get(FINAL_RESOURCES_ONLY):
            state = evolve(state, setup=evolve(state.setup, final_conversion=False))
        return state

    def actor(self, state: GPState) -> Actor:
        """The head task's actor (:data:`~.flow.FLOW`): a seat, or chance drawing the
        setup; None when the game is over."""
        task = head_task(state)
        return task.actor if task is not None else None

    def legal_actions(self, state: GPState) -> list[Move]:
        """The legal single decisions (see :func:`candidates`); a federation is listed
        with each of its smallest satellite sets.  A Gaia project or a federation is
        listed taking its power tokens from bowl I first; the same action written with
        another choice of bowls (``using area2: 2``) is legal as well and explained so,
        but not listed, which would multiply the list by up to twenty."""
        return list(_legal(state))

    def explain(self, state: GPState, action: Move) -> Verdict:
        result = _outcome_of(state, action)
        if isinstance(result, Verdict):
            return result
        if state.phase == "setup_draw":
            return Verdict.ok(result[1][0].rule, "A possible draw of the setup.")
        return legal_verdict(state, *result)

    def apply(self, state: GPState, action: Move) -> Step[GPState]:
        result = _outcome_of(state, action)
        if isinstance(result, Verdict):
            raise IllegalActionError(result, format_move(action))
        after, events = result
        if state.phase == "setup_draw":
            return Step(after, events)
        after, more = rules.settle(after)
        return Step(after, events + tuple(more))

    def parse_action(self, state: GPState, text: str) -> Move:
        return parse_move(text)

    def action_group(self, state: GPState, action: Move) -> str:
        """The verb of the line's first command (``build`` with the building), not the
        faction that starts every line.

        >>> game = GaiaProject()
        >>> state = game.new_initial_state(4)
        >>> game.action_group(state, parse_move("terrans spend 3pw for 1o. build m 1A4"))
        'spend'
        >>> game.action_group(state, parse_move("terrans build gf 1A11"))
        'build gf'
        """
        if not action.commands:
            return super().action_group(state, action)
        first = action.commands[0]
        if isinstance(first, Build):
            return f"build {first.building}"
        return str(first.verb)

    def format_action(self, state: GPState, action: Move) -> str:
        return format_move(action)

    def chance_outcomes(self, state: GPState) -> list[tuple[Move, Fraction]]:
        """At a setup draw, the one outcome the state's seeded RNG draws."""
        if state.phase != "setup_draw":
            return []
        return [(setup_draw.draw(state), Fraction(1))]

    def chance_rng(self, state: GPState) -> random.Random:
        return state.rng.random()

    def score_breakdown(self, state: GPState) -> ScoreBreakdown:
        return breakdown(state)

    def winners(self, state: GPState) -> tuple[int, ...]:
        best = max(p.vp for p in state.seats)
        return tuple(i for i, p in enumerate(state.seats) if p.vp == best)

    state_type = GPState

    def invariants(self, state: GPState) -> list[str]:
        """The shape of the state (seats, known components and hexes, pending tasks of a
        known kind and shape), then resources over their caps, more structures or
        gaiaformers than the board holds, a hex built twice, VP not matching its
        sources."""
        out = table_problems(state)
        if out:
            return out
        board = load_components().board
        seen: dict[str, str] = {}
        for p in state.seats:
            if not p.faction:
                continue
            who = p.faction
            for name, cap in rules.CAPS.items():
                if getattr(p, name) > cap:
                    out.append(f"{who}: {getattr(p, name)} {name}, over the cap of {cap}")
            for code, sid in rules.STRUCTURE_IDS.items():
                if p.count(code) > board.structure(sid).count:
                    out.append(f"{who}: {p.count(code)} {code}")
            if len(p.gaiaformers) + p.formers_in_gaia > rules.gaiaformers(p):
                out.append(f"{who}: {len(p.gaiaformers)} gaiaformers placed and "
                           f"{p.formers_in_gaia} in the Gaia area, "
                           f"{rules.gaiaformers(p)} unlocked")
            if p.vp != 10 + sum(v for _, v in p.vp_sources):
                out.append(f"{who}: {p.vp} VP but the sources add up to "
                           f"{10 + sum(v for _, v in p.vp_sources)}")
            for h, _ in p.buildings:
                if h in seen and not (hooks(who).shared_mines
                                      or hooks(seen[h]).shared_mines):
                    out.append(f"{h} is built by {seen[h]} and {who}")
                seen[h] = who
        return out

    def player_names(self, state: GPState) -> tuple[str, ...]:
        return tuple(p.faction or f"p{i + 1}" for i, p in enumerate(state.seats))

    def scenario(self, spec: Mapping[str, Any]) -> GPState:
        """A position from a description (see :func:`.scenario.build_scenario`)."""
        from gaia_lab.games.gaia_project.scenario import build_scenario

        state = build_scenario(spec)
        problems = self.invariants(state)
        if problems:
            raise InvalidStateError(problems, "scenario")
        return state

    def action_targets(self, state: GPState, action: Move) -> tuple[str, ...]:
        """The board ids a line concerns, as the views name them: ``hex:<name>`` (builds,
        federations), ``action:<id>``, ``tech:<position>``, ``track:<code>:<level>``
        (the level reached), ``booster:<id>``, and ``seat:<seat>`` for decisions on the
        player's own board (charges, conversions, income); see :mod:`.targets`.

        >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP
        >>> s = GPState.new(2, DEEP_MIND_2_SETUP)
        >>> GaiaProject().action_targets(s, parse_move("terrans build m 10A1. pass booster3"))
        ('hex:10A1', 'booster:booster3')
        """
        return line_targets(state, action)

    def describe(self, state: GPState) -> str:
        return str(state)


Outcome = tuple[GPState, tuple[Event, ...]] | Verdict
"""What one line does to one state: the state after it and its events, or the verdict
refusing it."""


@functools.lru_cache(maxsize=4096)
def _outcome(state: GPState, action: Move) -> Outcome:
    """One line played on one state (:func:`.rules.play`, or a setup draw), remembered
    for the pair: explaining an action and applying it play the same line on the same
    state (listing the steps outside a turn plays its lines here too; a turn's lines are
    judged together by :func:`.rules.turn_lines_legal`).  The key and the value are
    immutable, so every Session and thread may share it; a refusal is kept as its
    verdict.  Only a rule's refusal is a
    verdict: anything else raised while playing is an engine bug and propagates."""
    try:
        after, events = rules.play(state, action)
    except rules.Refusal as refusal:
        return refusal.verdict
    return after, tuple(events)


_last_outcome: tuple[GPState, Move, Outcome] | None = None
"""The last pair played by :func:`_outcome_of` and its outcome: a Session explains a line
and then applies it, the same two objects, so the second look-up needs no hashing of the
whole state.  It is replaced whole (one assignment), so every thread reads a matching
triple, and it holds the objects it answers for, so their identity is never reused."""


def _outcome_of(state: GPState, action: Move) -> Outcome:
    """:func:`_outcome`, answered at once for the same two objects as the last call."""
    global _last_outcome
    last = _last_outcome
    if last is not None and last[0] is state and last[1] is action:
        return last[2]
    result = _outcome(state, action)
    _last_outcome = (state, action, result)
    return result


@functools.lru_cache(maxsize=32)
def _legal(state: GPState) -> tuple[Move, ...]:
    """The legal actions of a state (see :meth:`GaiaProject.legal_actions`)."""
    task = head_task(state)
    listed = candidates(state)
    if task is not None and task.kind == "turn":
        # a turn's candidates share their first parts: walked as a tree, each part once
        def are_legal(moves: Sequence[Move]) -> list[bool]:
            return rules.turn_lines_legal(state, moves)
    else:
        def are_legal(moves: Sequence[Move]) -> list[bool]:
            return [not isinstance(_outcome(state, m), Verdict) for m in moves]

    known = [m for m, ok in zip(listed, are_legal(listed)) if ok]
    known += _same_tile_elsewhere(state, known, are_legal)
    return tuple(known)


def candidates(state: GPState) -> list[Move]:
    """Lines worth testing for legality: every choice of the head task, as its lister in
    :data:`~.flow.FLOW` gives them; in the action phase each single free action (the
    turn stays open) and each main action with its follow-ups.  A recorded line may chain
    several of these decisions of one player (``spend 3pw for 1o. build m 2A1``): it is
    legal when each part is, in order.  At a setup draw: the outcome the seeded RNG
    draws."""
    return FLOW.legal(None, state)


_Lister = Callable[[GPState, Task], list[Move]]


def _lists(*kinds: str) -> Callable[[_Lister], _Lister]:
    """Register ``(state, task) -> lines`` as the lister of tasks of these kinds."""
    def register(lister: _Lister) -> _Lister:
        def listed(_owner: object, state: GPState, task: Task) -> list[Move]:
            return lister(state, task)
        FLOW.lister(*kinds)(listed)
        return lister
    return register


_STEP_NAV: Final = Up("nav")


def _lines(state: GPState, seat: int, texts: list[str], turn: bool = False) -> list[Move]:
    """The player's lines from their texts; at Navigation level 4 a step to level 5
    places the Lost Planet at once, so the hex is part of the line.  In a ``turn``, a
    line whose step is refused already (another player at level 5, no green token, the
    tile before it refused) gets no hexes: each of its lines would be refused there."""
    p = state.seats[seat]
    moves = [parse_listed(f"{p.faction} {t}") for t in texts]
    if p.level("navigation") != 4:
        return moves
    # the lines ending in the step (compared by type first: a dataclass's == is slow)
    stepping = [m for m in moves if type(last := m.commands[-1]) is Up and last == _STEP_NAV]
    if not stepping:
        return moves
    if turn:
        # judged as first parts: owing the Lost Planet is the only refusal allowed
        viable = {id(m) for m, ok in zip(stepping, rules.turn_lines_legal(
            state, stepping, False)) if ok}
    else:
        viable = {id(m) for m in stepping}
    spots = _station_targets(state, p) if viable else []
    steps = {id(m) for m in stepping}
    out: list[Move] = []
    for m in moves:
        if id(m) not in steps:
            out.append(m)
        elif id(m) in viable:
            out += [Move(m.actor, (*m.commands, LostPlanet(h))) for h in spots]
    return out


@_lists(*DRAW_TASKS)
def _list_draw(state: GPState, task: Task) -> list[Move]:
    return [setup_draw.draw(state)]


@_lists("faction")
def _list_faction(state: GPState, task: Task) -> list[Move]:
    return [parse_listed(f"p{_seat(task) + 1} faction {f}") for f in FACTION_IDS]


@_lists("setup_mine")
def _list_setup_mine(state: GPState, task: Task) -> list[Move]:
    seat = _seat(task)
    faction = state.seats[seat].faction
    kind = hooks(faction).setup_building
    home = load_components().faction(faction).home_planet
    # only the home planets: the rules refuse a starting mine anywhere else
    return _lines(state, seat, [f"build {kind} {name}" for name, _ in _planets(state)
                                if state.planet(name) == home])


@_lists("setup_booster")
def _list_setup_booster(state: GPState, task: Task) -> list[Move]:
    return _lines(state, _seat(task), [f"booster {b}" for b in state.boosters])


@_lists("charge")
def _list_charge(state: GPState, task: Task) -> list[Move]:
    seat, amount = _seat(task), task.number(0)
    p = state.seats[seat]
    texts = [f"charge {amount}pw", f"decline {amount}pw"]
    if hooks(p.faction).pi_token_with_charge and p.count("PI"):
        before = min(amount, power.chargeable(p.bowls))
        texts = [f"charge 1t,{amount}pw", f"charge {before}pw,1t", texts[1]]
    if p.brainstone >= 0:
        texts += [f"{t}. brainstone area{k}" for t in texts
                  if t.startswith("charge") for k in (1, 2, 3)]
    return _lines(state, seat, texts)


@_lists("income")
def _list_income(state: GPState, task: Task) -> list[Move]:
    stones = [f"brainstone area{i}" for i in (1, 2, 3)]
    items = sorted({f"income {n}{k}" for k, n in flow.power_items(task)})
    return _lines(state, _seat(task), items + [f"{i}. {b}" for i in items for b in stones]
                  + stones)


@_lists("tokens_for_tech")
def _list_tokens_for_tech(state: GPState, task: Task) -> list[Move]:
    seat = _seat(task)
    p = state.seats[seat]
    n = hooks(p.faction).pi_tokens_for_tech
    return _lines(state, seat, ["decline"] + [f"spend {n}tg for tech. {t}"
                                              for t in _tech_tails(state, p)])


@_lists("gaia_tokens")
def _list_gaia_tokens(state: GPState, task: Task) -> list[Move]:
    seat, left = _seat(task), task.number(0)
    table = hooks(state.seats[seat].faction).gaia_conversions_with_pi
    return _lines(state, seat, [f"spend {k * n}tg for {k * m}{get}" for _, n, get, m in table
                                for k in range(1, left // n + 1)])


@_lists("turn")
def _list_turn(state: GPState, task: Task) -> list[Move]:
    seat = _seat(task)
    p = state.seats[seat]
    texts = _main_actions(state, seat)
    if p.brainstone >= 0:
        # a charge in the turn (tech9's 4 power, a step to level 3) may name where the
        # brainstone ends
        charging = [t for t in texts if t == "special 4pw" or (
            t.split(". ")[-1].startswith("up ")
            and p.level(rules.CODE_TRACK[t.split(". ")[-1][3:]]) == 2)]
        texts += [f"{t}. brainstone area{k}" for t in charging for k in (1, 2, 3)]
    return _lines(state, seat, texts, turn=True)


def _seat(task: Task) -> int:
    seat = task.seat
    assert seat is not None, task
    return seat


def _station_targets(state: GPState, p: PlayerState, station: bool = False) -> list[str]:
    """Empty space within reach (with every Q.I.C.) holding nothing: where the Lost
    Planet may go; an Ivits space ``station`` may also share a hex with another player's
    satellite."""
    m = state.space_map
    reach = load_components().board.range_by_level[p.level("navigation")] + 2 * p.qic
    taken = {h for o in state.seats for h, _ in o.buildings}
    taken |= {h for o in state.seats if o is p or not station for fed in o.federations
              for h in fed}
    distance = rules.structure_distances(state, p)
    return [name for h in m if m.planet(h) is None
            and (name := m.name(h)) not in taken and distance[name] <= reach]


def _tech_tails(state: GPState, p: PlayerState) -> list[str]:
    """The follow-ups of taking a tech tile: the tile, a tile to cover, the step; tiles
    the player already has or can never take now (an advanced tile taken by someone, or
    without level 4 of its area or a green federation token) are left out."""
    codes = [TRACK_CODES[t] for t in RESEARCH_TRACKS]
    c = load_components()
    owned = {tile for _, tile, _ in p.techs}
    taken = {tile for o in state.seats for _, tile, _ in o.techs}
    green = any(not flipped and c.federation_token(t).green for t, flipped in p.fed_tokens)
    standard = [pos for pos, tile in state.setup.techs
                if not pos.startswith("adv") and tile not in owned]
    advanced = [pos for pos, tile in state.setup.techs
                if pos.startswith("adv") and tile not in taken and green
                and p.level(rules.CODE_TRACK[pos[4:]]) >= 4]
    return ([f"tech {t}. up {c}" for t in standard for c in (codes if t not in codes else [t])]
            + [f"tech {t}. cover {pos}. up {c}" for t in advanced
               for pos, _, covered in p.techs if not covered and not pos.startswith("adv")
               for c in codes])


def _main_actions(state: GPState, seat: int) -> list[str]:
    """The candidate lines of the action phase, leaving out the targets that cannot be
    legal whatever the resources (a mine on a built hex, an upgrade of another
    building, an action space taken this round), the research step the knowledge held
    cannot pay, and the board actions and upgrades the power, Q.I.C., credits and ore
    held cannot pay; :meth:`GaiaProject.explain` judges the rest."""
    p = state.seats[seat]
    codes = [TRACK_CODES[t] for t in RESEARCH_TRACKS]
    have = {"pw": p.bowls[2] * 2 + (2 if p.brainstone == 2 else 0), "t-a3": p.bowls[2],
            "c": p.credits, "o": p.ore, "k": p.knowledge, "q": p.qic,
            "gf": rules.free_gaiaformers(p)}
    out = [f"spend {k * n}{pay} for {k * m}{get}" for pay, n, get, m in rules.conversions(p)
           for k in range(1, have.get(pay, 0) // n + 1)]
    if p.brainstone == 2:
        # the brainstone in bowl III: spent (to bowl I) or kept, written after the spend
        out += [f"{t}. brainstone area{k}" for t in list(out) if " pw " in t or "pw for" in t
                for k in (1, 3)]
    out += [f"burn {k}" for k in range(1, p.bowls[1] // 2 + 1)]
    if p.knowledge >= rules.RESEARCH_COST.knowledge:
        out += [f"up {c}" for t, c in zip(RESEARCH_TRACKS, codes, strict=True)
                if p.level(t) < 5]

    @functools.cache
    def tails() -> list[str]:
        """The follow-ups of taking a tech tile, worked out once a line takes one."""
        return _tech_tails(state, p)

    taken = {h for o in state.seats for h, _ in o.buildings}
    formers = {h for i, o in enumerate(state.seats) if i != seat for h in o.gaiaformers}
    own = {h for h, _ in p.buildings}
    share = hooks(p.faction).shared_mines
    mine_targets = [name for name, planet in _planets(state)
                    if (name not in taken or (share and name not in own))
                    and name not in formers
                    and (planet != "transdim" or name in state.gaia_hexes)]
    gf_targets = [name for name, planet in _planets(state)
                  if planet == "transdim" and name not in taken and name not in formers
                  and name not in p.gaiaformers and name not in state.gaia_hexes]
    me = p.faction

    def viable(text: str) -> bool:
        """Whether a line's first part may lead somewhere (refused only as incomplete)."""
        return rules.turn_lines_legal(state, [parse_listed(f"{me} {text}")], False)[0]

    c = load_components()
    base_reach = c.board.range_by_level[p.level("navigation")] + 2 * p.qic
    per_step = c.board.terraform_cost[p.level("terraforming")]
    home = c.faction(me).home_planet
    planet_of = dict(_planets(state))
    distance = rules.structure_distances(state, p)
    mines_left = p.count("m") < c.board.structure("mine").count
    forming = rules.free_gaiaformers(p) > 0
    left = {new: p.count(new) < c.board.structure(rules.STRUCTURE_IDS[new]).count
            for new in ("ts", "PI")}

    def affordable(h: str, free_steps: int = 0, extra: int = 0) -> bool:
        """A mine: one left to place, in range with every Q.I.C. (and ``extra``), the
        ore for the terraforming steps beyond the ``free_steps``."""
        if not mines_left:
            return False
        if h in p.gaiaformers:
            return True
        if distance[h] > base_reach + extra or p.credits < 2:
            return False
        planet = planet_of[h]
        if h in taken:
            return True  # a shared mine: no terraforming
        steps = terraforming_steps(planet, home) if planet in HOME_TYPES else 0
        return bool(p.ore >= 1 + per_step * max(0, steps - free_steps))

    free_steps = {"power2": 2, "power6": 1, "step": 1}

    for a in load_components().board_actions:
        if a.id in state.board_used:
            continue  # taken this round
        if a.cost > (have["pw"] if a.kind == "power" else p.qic):
            continue  # more power (at most 2 a token) or Q.I.C. than the player holds
        if a.id in ("power2", "power6"):
            near = [h for h in mine_targets if affordable(h, free_steps[a.id])]
            if near and viable(f"action {a.id}"):
                out += [f"action {a.id}. build m {h}" for h in near]
                if p.brainstone == 2:
                    # the brainstone in bowl III: spent for the action or kept
                    out += [f"action {a.id}. brainstone area{k}. build m {h}"
                            for k in (1, 3) for h in near]
        elif a.id == "qic1":
            if viable("action qic1"):
                out += [f"action qic1. {t}" for t in tails()]
        elif a.id == "qic2":
            out += [f"action qic2. fedtile {t}" for t, _ in p.fed_tokens]
        else:
            out.append(f"action {a.id}")
            if p.brainstone == 2 and a.kind == "power":
                out += [f"action {a.id}. brainstone area{k}" for k in (1, 3)]
    for _, _, label in rules.special_actions(p):
        if label in ("range+3", "step"):
            near = [h for h in mine_targets if affordable(h, free_steps.get(label, 0),
                                                          3 if label == "range+3" else 0)]
            spots = [h for h in gf_targets if forming and label == "range+3"
                     and distance[h] <= base_reach + 3]
            if (near or spots) and viable(f"special {label}"):
                out += [f"special {label}. build m {h}" for h in near]
                out += [f"special {label}. build gf {h}" for h in spots]
        elif label == "down-lab":
            out += [f"special {label}. build ts {h}. up {c}" for h, b in p.buildings
                    if b == "lab" for c in codes]
        elif label == "swap-PI":
            out += [f"special {label}. swap-PI {h}" for h, b in p.buildings if b == "m"]
        elif label == "up-lowest":
            out += [f"special {label}. up {c}" for c in codes]
        elif label == "space-station":
            out += [f"special {label}. build sp {h}" for h in _station_targets(state, p, True)]
        else:
            out.append(f"special {label}")
    out += [f"build m {h}" for h in mine_targets if affordable(h)]
    spots = [h for h in gf_targets if forming and distance[h] <= base_reach]
    out += [f"build gf {h}" for h in spots]
    if 0 <= p.brainstone <= 2:
        out += [f"build gf {h}. brainstone {where}" for h in spots
                for where in ("gaia", f"area{p.brainstone + 1}")]
    paths = rules.upgrade_paths(me)
    structures = {new: c.board.structure(rules.STRUCTURE_IDS[new])
                  for new in ("ts", "PI", "lab", "ac1", "ac2")}
    # the upgrades the player may pay for (a trading station costs less with no other
    # player near)
    payable = {new: any(cost is not None and rules.affords(p, cost)
                        for cost in (s.cost, s.cost_alone)) for new, s in structures.items()}
    with_tile: set[str] = set()
    for name, building in p.buildings:
        for new in ("ts", "PI", "lab", "ac1", "ac2"):
            if building not in paths[new] or not payable[new]:
                continue
            if new in ("ts", "PI"):
                if left[new]:
                    out.append(f"build {new} {name}")
            elif new not in with_tile and viable(f"build {new} {name}"):
                # the tech tile does not depend on which building is upgraded: the tails
                # are tried on the first one (GaiaProject.legal_actions repeats them)
                with_tile.add(new)
                out += [f"build {new} {name}. {t}" for t in tails()]
    feds = _federations(state, seat)
    out += feds
    if 0 <= p.brainstone <= 2:
        out += [f"{f}. brainstone {where}" for f in feds
                for where in ("discard", f"area{p.brainstone + 1}")]
    if state.round >= rules.ROUNDS:
        out.append("pass")
    else:
        out += [f"pass {b}" for b in state.boosters]
    return out


@functools.lru_cache(maxsize=16)
def _planet_list(sectors: tuple[tuple[str, int, int, int], ...]
                 ) -> tuple[tuple[str, str], ...]:
    from gaia_lab.games.gaia_project.state import _space_map

    m = _space_map(sectors)
    return tuple((m.name(h), str(m.planets[h])) for h in m if m.planets[h] is not None)


def _planets(state: GPState) -> tuple[tuple[str, str], ...]:
    """``(hex name, planet type on the map)`` of every planet, in map order."""
    return _planet_list(state.setup.sectors)


def _federations(state: GPState, seat: int) -> list[str]:
    from gaia_lab.games.gaia_project.power import tokens

    p = state.seats[seat]
    f = rules.federation_setting(state, seat)
    if hooks(p.faction).one_federation:
        # the Ivits extend one federation; its satellites are paid with Q.I.C.
        grown = frozenset(h for fed in f.others for h in fed)
        names = [",".join(hexes) for hexes, _ in _federation_options(
            state.setup.sectors, tuple(sorted(f.structures.items())), (), f.blocked,
            tuple(sorted(f.values.items())), f.threshold, p.qic, f.bonus, grown)]
    else:
        options = _federation_options(state.setup.sectors,
                                      tuple(sorted(f.structures.items())), tuple(f.others),
                                      f.blocked, tuple(sorted(f.values.items())), f.threshold,
                                      tokens(p.bowls), f.bonus)
        if options:
            rules.accept_listed_federations(state, seat, options)
        names = [",".join(hexes) for hexes, _ in options]
    supply = [t for t, n in state.fed_supply if n > 0]
    return [f"federation {o} {t}" for o in names for t in supply]


@functools.lru_cache(maxsize=1024)
def _federation_options(sectors: tuple[tuple[str, int, int, int], ...],
                        structures: tuple[tuple[Any, str], ...], others: tuple[Any, ...],
                        blocked: frozenset[Any], values: tuple[tuple[str, int], ...],
                        threshold: int, tokens: int,
                        bonus: tuple[tuple[Any, int], ...] = (),
                        grown: frozenset[Any] = frozenset()
                        ) -> tuple[tuple[tuple[str, ...], FederationOption], ...]:
    """:func:`.federation.federation_options` on hashable inputs, each option with the
    log names of its hexes, remembered (the same structures come back turn after
    turn)."""
    from gaia_lab.games.gaia_project.federation import federation_options
    from gaia_lab.games.gaia_project.state import _space_map

    m = _space_map(sectors)
    options = federation_options(m, dict(structures), list(others), blocked, dict(values),
                                 threshold, value_bonus=dict(bonus) or None,
                                 max_satellites=tokens, federation=grown)
    return tuple((o.names(m), o) for o in options)


def _same_tile_elsewhere(state: GPState, legal: list[Move],
                         are_legal: Callable[[Sequence[Move]], list[bool]]) -> list[Move]:
    """The upgrades to a lab or an academy on the player's other buildings, with the same
    tech tiles and steps as the legal ones listed for the first building.  The upgrade's
    cost and the tile do not depend on the building, so one line per building is tried
    (its first tile) rather than every tile again."""
    from gaia_lab.games.gaia_project.notation import Build

    task = head_task(state)
    if task is None or task.kind != "turn":
        return []
    seat = _seat(task)
    p = state.seats[seat]
    paths = rules.upgrade_paths(p.faction)
    tails: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
    for m in legal:
        first = m.commands[0]
        if isinstance(first, Build) and first.building in ("lab", "ac1", "ac2"):
            tails.setdefault((first.building, first.hex), []).append(m.commands[1:])
    groups = [(Build(new, name), rests) for (new, done), rests in tails.items()
              for name, building in p.buildings
              if name != done and building in paths[new]]
    firsts = are_legal([Move(p.faction, (build, *rests[0])) for build, rests in groups])
    # the lines of a building whose first line is refused are never made
    return [Move(p.faction, (build, *rest)) for (build, rests), ok in zip(groups, firsts)
            if ok for rest in rests]


# ---------------------------------------------------------------------------
# Replaying a recorded game


class ReplayError(GaiaLabError):
    """A recorded line the engine refuses: its index, its text and the reason."""

    def __init__(self, index: int, line: str, reason: str, session: Any) -> None:
        self.index = index
        self.line = line
        self.reason = reason
        self.session = session
        super().__init__(f"line {index} {line!r}: {reason}")


def replay_prefix(data: Mapping[str, Any]) -> tuple[Any, int, ReplayError | None]:
    """Replay a recorded game (``{"moves": [...], "seeded_setup": {...}}``) as far as the
    engine accepts it: the session, how many lines were accepted (the ``init`` line
    included) and the error at the first refused line (None when all replay)."""
    from gaia_lab.core.session import Session

    lines: Sequence[str] = data["moves"]
    init = parse_move(lines[0]).commands[0]
    if not isinstance(init, Init):
        raise GaiaLabError(f"a recorded game starts with an init line, not {lines[0]!r}")
    players = init.players
    session = Session(GaiaProject(), players=players,
                      options={"setup": data["seeded_setup"]})
    for i, line in enumerate(lines[1:], start=1):
        try:
            session.play(line)
        except (GaiaLabError, NotationError) as exc:
            return session, i, ReplayError(i, line, str(exc), session)
    return session, len(lines), None


def replay(data: Mapping[str, Any]) -> Any:
    """Replay a whole recorded game; raises :class:`ReplayError` at a refused line."""
    session, _, error = replay_prefix(data)
    if error is not None:
        raise error
    return session


def from_bgs(data: object) -> Any:
    """A :class:`~gaia_lab.core.session.Session` from a game recorded on
    boardgamers.space, every line checked for legality in turn.  ``data`` is a recorded
    game (``moves``, ``options`` and, if known, ``seeded_setup``), the public engine's
    own saved game (``moveHistory``, ``options``) or the plain text of the log; without a
    recorded setup it is drawn from the ``init`` line's seed and the options
    (:func:`~gaia_lab.games.gaia_project.recorded.read_log`).

    :raises InvalidStateError: a malformed record or an option that cannot be replayed
        (before any line is played), or the first refused line, naming its line number
        in ``moves`` (1 is the ``init`` line), its text and the reason.

    >>> from_bgs({"options": {}, "moves": ["init 2 s", "p1 faction terrans",
    ...                                    "p2 faction terrans"]})
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.InvalidStateError: from_bgs: line 3 'p2 faction terrans': \
faction.taken: The Terrans are already chosen. [gp.setup.faction_board]
    """
    from gaia_lab.games.gaia_project.recorded import bgs_session

    return bgs_session(data)


@functools.lru_cache(maxsize=16)
def _hex_names(sectors: tuple[tuple[str, int, int, int], ...]) -> frozenset[str]:
    m = GPState.new(2, evolve(DEEP_MIND_2_SETUP, sectors=sectors)).space_map
    return frozenset(m.name(h) for h in m.planets)


def table_problems(state: GPState) -> list[str]:
    """What the rules rely on: seats, known components, hexes of the map, pending tasks
    of a known kind and shape."""
    c = load_components()
    n = len(state.seats)
    if n != state.players:
        return [f"{state.players} players but {n} seats"]
    out: list[str] = []
    for i, task in enumerate(state.pending):
        where = f"pending[{i}]"
        found = FLOW.problems(task, n, where)
        if not found and task.kind in PHASE_KINDS:
            found.append(f"{where}: {task.kind!r} is the decision of a phase, never pending")
        if not found and task.kind == "income" and (
                len(task.data) % 2 or any(task.data[j] not in ("pw", "t")
                                          or not isinstance(task.data[j + 1], int)
                                          for j in range(0, len(task.data), 2))):
            found.append(f"{where}.data: task 'income': expected pairs of 'pw' or 't' and "
                         "an amount")
        out += found
    out += [f"draws: unknown setup part {d!r}" for d in state.draws if d not in DRAW_PARTS]
    if (state.phase == "setup_draw") != bool(state.draws):
        out.append(f"draws: {len(state.draws)} setup parts to draw in phase {state.phase!r}")
    seat_lists = (("order", state.order), ("pass_order", state.pass_order),
                  ("current", () if state.current is None else (state.current,)))
    out += [f"{name}: seat {v} is not a seat of this game"
            for name, values in seat_lists for v in values if v >= n]
    if state.current is not None and state.current not in state.order:
        out.append(f"current: seat {state.current} is not in the turn order "
                   f"{list(state.order)}")
    try:
        names = _hex_names(state.setup.sectors)
    except InvalidStateError as exc:
        return [*out, *(f"setup.sectors: {p}" for p in exc.problems)]
    setup = state.setup
    known = {
        "boosters": {b.id for b in c.boosters},
        "round scoring tiles": {t.id for t in c.round_scoring},
        "final scoring tiles": {t.id for t in c.final_scoring},
        "federation tokens": {t.id for t in c.federation_tokens},
        "tech tiles": {t.id for t in c.techs},
        "hexes": names,
    }
    named = [("boosters", (*setup.boosters, *state.boosters)),
             ("round scoring tiles", setup.round_scoring),
             ("final scoring tiles", setup.final_scoring),
             ("federation tokens", (setup.terraforming_federation,
                                    *(t for t, _ in state.fed_supply))),
             ("tech tiles", tuple(t for _, t in setup.techs)),
             ("hexes", state.gaia_hexes)]
    if len(setup.round_scoring) != rules.ROUNDS or len(setup.final_scoring) != 2:
        out.append(f"setup: {len(setup.round_scoring)} round scoring tiles and "
                   f"{len(setup.final_scoring)} final scoring tiles, not {rules.ROUNDS} and 2")
    positions = dict(setup.techs)
    if tuple(positions) != TECH_SPACES or len(positions) != len(setup.techs):
        out.append(f"setup.techs: the tech spaces must be {', '.join(TECH_SPACES)} in this "
                   "order")
    for i, p in enumerate(state.seats):
        who = p.faction or f"p{i + 1}"
        if p.faction and p.faction not in FACTION_IDS:
            out.append(f"seats[{i}]: unknown faction {p.faction!r}")
        out += [f"{who}: no tech tile {t!r} at {pos!r}" for pos, t, _ in p.techs
                if positions.get(pos) != t]
        named += [("boosters", () if p.booster is None else (p.booster,)),
                  ("federation tokens", tuple(t for t, _ in p.fed_tokens)),
                  ("hexes", (*(h for h, _ in p.buildings), *p.gaiaformers,
                             *(h for fed in p.federations for h in fed)))]
    for what, ids in named:
        out += [f"unknown {what[:-1]} {x!r}" for x in dict.fromkeys(ids)
                if x not in known[what]]
    return out
