"""The Gaia Project game object, and the replay of recorded games.

An action is one line of the recorded-log notation.  A recorded game gives its fixed
setup (``options={"setup": seeded_setup}``); without one the game starts with seven
chance steps that draw the setup from the seed (see :mod:`.setup_draw`).

>>> from gaia_lab import Session
>>> s = Session(GaiaProject(), players=4)
>>> s.actor, [str(m) for m in s.legal_actions()[:2]]
(0, ['p1 faction terrans', 'p1 faction lantids'])
>>> print(s.explain("p2 faction nevlas"))
illegal (turn.not_yours): Seat p1 chooses now, not p2.
[Read the refresher: setup [gp.setup.faction_board]]
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Annotated, Any, Final, Literal

from gaia_lab.core import codec
from gaia_lab.core.checks import short
from gaia_lab.core.codec import Range
from gaia_lab.core.errors import (
    GaiaLabError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
)
from gaia_lab.core.game import CHANCE, Actor, Game, GameMeta, Step
from gaia_lab.core.options import Option, OptionError, declare
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_project import rules, setup_draw
from gaia_lab.games.gaia_project.components import (
    FACTION_IDS,
    HOME_TYPES,
    RESEARCH_TRACKS,
    TRACK_CODES,
    load_components,
    terraforming_steps,
)
from gaia_lab.games.gaia_project.factions import hooks
from gaia_lab.games.gaia_project.notation import (
    DRAW_PARTS,
    Init,
    Move,
    format_move,
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

__all__ = ["META", "GaiaProject", "ReplayError", "from_bgs", "replay", "replay_prefix"]

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
    if len(setup.sectors) not in (7, 10) or not all(0 <= k <= 5 for _, k, _, _ in setup.sectors):
        return ["sectors: 7 (two players) or 10 sectors, each turned 0 to 5 times"]
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
    }


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
        read_setup, write_setup)),
    max_steps=5_000,
)


class GaiaProject(Game[GPState, Move]):
    """Gaia Project over the recorded-log notation (one action = one log line)."""

    meta = META
    rulebook = RULES

    def new_initial_state(self, players: int, seed: int = 0,
                          options: Mapping[str, Any] | None = None) -> GPState:
        setup = (options or {}).get("setup")
        if setup is None:
            return setup_draw.new_game(players, seed)
        if not isinstance(setup, Setup):  # JSON data given directly, not through a Session
            setup = read_setup(setup)
        return rules.new_game(players, setup, str(seed))

    def actor(self, state: GPState) -> Actor:
        if state.phase == "setup_draw":
            return CHANCE
        return rules.actor(state)

    def legal_actions(self, state: GPState) -> list[Move]:
        """The legal single decisions (see :func:`candidates`); a federation is listed
        with each of its smallest satellite sets.  A Gaia project or a federation is
        listed taking its power tokens from bowl I first; the same action written with
        another choice of bowls (``using area2: 2``) is legal as well and explained so,
        but not listed, which would multiply the list by up to twenty."""
        known = self._legal.get(state)
        if known is None:
            known = [m for m in candidates(state) if self.explain(state, m).legal]
            known += _same_tile_elsewhere(state, known, lambda m: self.explain(state, m).legal)
            if len(self._legal) >= 32:
                self._legal.clear()
            self._legal[state] = known
        return list(known)

    def __init__(self) -> None:
        self._memo_state: GPState | None = None
        self._memo: dict[Move, Any] = {}
        self._legal: dict[GPState, list[Move]] = {}

    def _play(self, state: GPState, action: Move) -> Any:
        """``rules.play`` remembered for the last state asked about (listing the legal
        actions, explaining one and applying it play the same line on the same state)."""
        if state is not self._memo_state:
            self._memo_state = state
            self._memo = {}
        if action not in self._memo:
            try:
                if state.phase == "setup_draw" or action.actor == "setup":
                    self._memo[action] = setup_draw.play_draw(state, action)
                else:
                    self._memo[action] = rules.play(state, action)
            except rules.Refusal as r:
                self._memo[action] = r
            except (KeyError, ValueError) as exc:
                self._memo[action] = exc
        return self._memo[action]

    def explain(self, state: GPState, action: Move) -> Verdict:
        result = self._play(state, action)
        if isinstance(result, rules.Refusal):
            return Verdict.illegal(result.code, result.message, result.rule)
        if state.phase == "setup_draw" and not isinstance(result, Exception):
            return Verdict.ok(result[1][0].rule, "A possible draw of the setup.")
        if isinstance(result, Exception):
            return Verdict.illegal("notation.invalid", f"'{action}' names something this "
                                   f"game does not have: {result}", None)
        return Verdict.ok(RULES["gp.action.turns"], "Legal.")

    def apply(self, state: GPState, action: Move) -> Step[GPState]:
        result = self._play(state, action)
        if isinstance(result, Exception):
            raise result
        after, events = result
        if state.phase == "setup_draw":
            return Step(after, tuple(events))
        after, more = rules.settle(after)
        return Step(after, tuple(events + more))

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
        from gaia_lab.games.gaia_project.notation import Build

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
        player's own board (charges, conversions, income).

        >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP
        >>> s = GPState.new(2, DEEP_MIND_2_SETUP)
        >>> GaiaProject().action_targets(s, parse_move("terrans build m 10A1. pass booster3"))
        ('hex:10A1', 'booster:booster3')
        """
        from gaia_lab.games.gaia_project import notation as n

        seat = rules.actor(state)
        p = state.seats[seat] if seat is not None else None
        levels = dict(zip(RESEARCH_TRACKS, p.research, strict=True)) if p else {}
        out: list[str] = []

        def hex_id(name: str) -> str:
            try:
                return f"hex:{state.space_map.name(state.space_map.hex(name))}"
            except KeyError:
                return f"hex:{name}"

        for cmd in action.commands:
            if isinstance(cmd, (n.Build, n.LostPlanet)):
                out.append(hex_id(cmd.hex))
            elif isinstance(cmd, n.Federation):
                out += [hex_id(h) for h in cmd.hexes]
            elif isinstance(cmd, n.Action):
                out.append(f"action:{cmd.action}")
            elif isinstance(cmd, n.Tech):
                out.append(f"tech:{cmd.position}")
            elif isinstance(cmd, n.Up):
                track = rules.CODE_TRACK.get(cmd.track, cmd.track)
                if track in levels:
                    levels[track] += 1
                    out.append(f"track:{TRACK_CODES[track]}:{levels[track]}")
            elif isinstance(cmd, (n.Booster, n.Pass)) and cmd.booster:
                out.append(f"booster:{cmd.booster}")
            elif isinstance(cmd, (n.Charge, n.Decline, n.Spend, n.Burn, n.Income)):
                if seat is not None:
                    out.append(f"seat:{seat}")
        return tuple(dict.fromkeys(out))

    def describe(self, state: GPState) -> str:
        return str(state)


def candidates(state: GPState) -> list[Move]:
    """Lines worth testing for legality: every choice of the pending decision; in the
    action phase each single free action (the turn stays open) and each main action with
    its follow-ups.  A recorded line may chain several of these decisions of one player
    (``spend 3pw for 1o. build m 2A1``): it is legal when each part is, in order.  At a
    setup draw: the outcome the seeded RNG draws."""
    if state.phase == "setup_draw":
        return [setup_draw.draw(state)]
    seat = rules.actor(state)
    if seat is None:
        return []
    if state.phase == "faction":
        return [parse_move(f"p{seat + 1} faction {f}") for f in FACTION_IDS]
    p = state.seats[seat]
    me = p.faction
    texts: list[str] = []
    if state.pending:
        task = state.pending[0]
        if task[0] == "charge":
            texts = [f"charge {task[2]}pw", f"decline {task[2]}pw"]
            h = hooks(me)
            if h.pi_token_with_charge and p.count("PI"):
                texts = [f"charge 1t,{task[2]}pw", f"charge {task[2]}pw,1t", texts[1]]
            if p.brainstone >= 0:
                texts += [f"{t}. brainstone area{k}" for t in texts
                          if t.startswith("charge") for k in (1, 2, 3)]
        elif task[0] == "income":
            texts = sorted({f"income {n}{k}" for k, n in task[2]})
        elif task[0] == "tokens_for_tech":
            n = hooks(me).pi_tokens_for_tech
            texts = ["decline"] + [f"spend {n}tg for tech. {t}"
                                   for t in _tech_tails(state, p)]
        else:
            table = hooks(me).gaia_conversions_with_pi
            texts = [f"spend {k * n}tg for {k * m}{get}" for _, n, get, m in table
                     for k in range(1, task[2] // n + 1)]
    elif state.phase == "setup_mines":
        kind = hooks(me).setup_building
        texts = [f"build {kind} {state.space_map.name(h)}" for h in state.space_map
                 if state.space_map.planets[h] is not None]
    elif state.phase == "setup_boosters":
        texts = [f"booster {b}" for b in state.boosters]
    else:
        texts = _main_actions(state, seat)
    if p.brainstone >= 0 and state.phase == "actions" and not state.pending:
        # a charge in the turn (tech9's 4 power, a step to level 3) may name where the
        # brainstone ends
        charging = [t for t in texts if t == "special 4pw" or (
            t.split(". ")[-1].startswith("up ")
            and p.level(rules.CODE_TRACK[t.split(". ")[-1][3:]]) == 2)]
        texts += [f"{t}. brainstone area{k}" for t in charging for k in (1, 2, 3)]
    if p.level("navigation") == 4:
        # Navigation level 5 places the Lost Planet at once: the hex is part of the line
        spots = _station_targets(state, p)
        texts = [f"{t}. lostPlanet {h}" if t.endswith("up nav") else t
                 for t in texts for h in (spots if t.endswith("up nav") else [""])]
    return [parse_move(f"{me} {t}") for t in texts]


def _station_targets(state: GPState, p: PlayerState) -> list[str]:
    """Empty space within reach (with every Q.I.C.) holding nothing: where an Ivits space
    station or the Lost Planet may go."""
    m = state.space_map
    reach = load_components().board.range_by_level[p.level("navigation")] + 2 * p.qic
    taken = {h for o in state.seats for h, _ in o.buildings}
    taken |= {h for o in state.seats for fed in o.federations for h in fed}
    own = [m.hex(h) for h, _ in p.buildings]
    return [m.name(h) for h in m if m.planet(h) is None and m.name(h) not in taken
            and min((m.distance(h, o) for o in own), default=99) <= reach]


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
    building); :meth:`GaiaProject.explain` judges the rest."""
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
    out += [f"up {c}" for c in codes]
    tails = _tech_tails(state, p)
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
        try:
            rules.play(state, parse_move(f"{me} {text}"))
        except rules.Refusal as r:
            return r.code == "turn.incomplete"
        return True

    c = load_components()
    base_reach = c.board.range_by_level[p.level("navigation")] + 2 * p.qic
    per_step = c.board.terraform_cost[p.level("terraforming")]
    home = c.faction(me).home_planet
    planet_of = dict(_planets(state))
    distance = {h: _distance(state, p, h) for h in mine_targets}
    near = [h for h in mine_targets if h in p.gaiaformers or distance[h] <= base_reach + 3]

    def affordable(h: str) -> bool:
        """A plain mine: in range with every Q.I.C., the ore for the terraforming."""
        if h in p.gaiaformers:
            return True
        if distance[h] > base_reach or p.credits < 2:
            return False
        planet = planet_of[h]
        if h in taken:
            return True  # a shared mine: no terraforming
        steps = terraforming_steps(planet, home) if planet in HOME_TYPES else 0
        return bool(p.ore >= 1 + per_step * steps)

    for a in load_components().board_actions:
        if a.id in ("power2", "power6"):
            if viable(f"action {a.id}"):
                out += [f"action {a.id}. build m {h}" for h in near]
                if p.brainstone == 2:
                    # the brainstone in bowl III: spent for the action or kept
                    out += [f"action {a.id}. brainstone area{k}. build m {h}"
                            for k in (1, 3) for h in near]
        elif a.id == "qic1":
            if viable("action qic1"):
                out += [f"action qic1. {t}" for t in tails]
        elif a.id == "qic2":
            out += [f"action qic2. fedtile {t}" for t, _ in p.fed_tokens]
        else:
            out.append(f"action {a.id}")
            if p.brainstone == 2 and a.kind == "power":
                out += [f"action {a.id}. brainstone area{k}" for k in (1, 3)]
    for _, _, label in rules.special_actions(p):
        if label in ("range+3", "step"):
            if viable(f"special {label}"):
                out += [f"special {label}. build m {h}" for h in near]
                if label == "range+3":
                    out += [f"special {label}. build gf {h}" for h in gf_targets
                            if _distance(state, p, h) <= base_reach + 3]
        elif label == "down-lab":
            out += [f"special {label}. build ts {h}. up {c}" for h, b in p.buildings
                    if b == "lab" for c in codes]
        elif label == "swap-PI":
            out += [f"special {label}. swap-PI {h}" for h, b in p.buildings if b == "m"]
        elif label == "up-lowest":
            out += [f"special {label}. up {c}" for c in codes]
        elif label == "space-station":
            out += [f"special {label}. build sp {h}" for h in _station_targets(state, p)]
        else:
            out.append(f"special {label}")
    out += [f"build m {h}" for h in near if affordable(h)]
    out += [f"build gf {h}" for h in gf_targets if _distance(state, p, h) <= base_reach]
    if 0 <= p.brainstone <= 2:
        out += [f"build gf {h}. brainstone {where}" for h in gf_targets
                if _distance(state, p, h) <= base_reach
                for where in ("gaia", f"area{p.brainstone + 1}")]
    paths = rules.upgrade_paths(me)
    with_tile: set[str] = set()
    for name, building in p.buildings:
        for new in ("ts", "PI", "lab", "ac1", "ac2"):
            if building not in paths[new]:
                continue
            if new in ("ts", "PI"):
                out.append(f"build {new} {name}")
            elif new not in with_tile and viable(f"build {new} {name}"):
                # the tech tile does not depend on which building is upgraded: the tails
                # are tried on the first one (GaiaProject.legal_actions repeats them)
                with_tile.add(new)
                out += [f"build {new} {name}. {t}" for t in tails]
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


def _distance(state: GPState, p: PlayerState, name: str) -> int:
    m = state.space_map
    target = m.hex(name)
    return min((m.distance(target, m.hex(h)) for h, _ in p.buildings), default=99)


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
        names = _federation_options(state.setup.sectors, tuple(sorted(f.structures.items())),
                                    (), f.blocked, tuple(sorted(f.values.items())),
                                    f.threshold, p.qic, f.bonus, grown)
    else:
        names = _federation_options(state.setup.sectors, tuple(sorted(f.structures.items())),
                                    tuple(f.others), f.blocked,
                                    tuple(sorted(f.values.items())), f.threshold,
                                    tokens(p.bowls), f.bonus)
    supply = [t for t, n in state.fed_supply if n > 0]
    return [f"federation {o} {t}" for o in names for t in supply]


@functools.lru_cache(maxsize=1024)
def _federation_options(sectors: tuple[tuple[str, int, int, int], ...],
                        structures: tuple[tuple[Any, str], ...], others: tuple[Any, ...],
                        blocked: frozenset[Any], values: tuple[tuple[str, int], ...],
                        threshold: int, tokens: int,
                        bonus: tuple[tuple[Any, int], ...] = (),
                        grown: frozenset[Any] = frozenset()) -> tuple[str, ...]:
    from gaia_lab.games.gaia_project.federation import federation_options
    from gaia_lab.games.gaia_project.state import _space_map

    m = _space_map(sectors)
    options = federation_options(m, dict(structures), list(others), blocked, dict(values),
                                 threshold, value_bonus=dict(bonus) or None,
                                 max_satellites=tokens, federation=grown)
    return tuple(",".join(o.names(m)) for o in options)


def _same_tile_elsewhere(state: GPState, legal: list[Move], is_legal: Callable[[Move], bool]
                         ) -> list[Move]:
    """The upgrades to a lab or an academy on the player's other buildings, with the same
    tech tiles and steps as the legal ones listed for the first building.  The upgrade's
    cost and the tile do not depend on the building, so one line per building is tried
    (its first tile) rather than every tile again."""
    from gaia_lab.games.gaia_project.notation import Build

    seat = rules.actor(state)
    if seat is None or state.phase != "actions" or state.pending:
        return []
    p = state.seats[seat]
    paths = rules.upgrade_paths(p.faction)
    tails: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
    for m in legal:
        first = m.commands[0]
        if isinstance(first, Build) and first.building in ("lab", "ac1", "ac2"):
            tails.setdefault((first.building, first.hex), []).append(m.commands[1:])
    out: list[Move] = []
    for (new, done), rests in tails.items():
        for name, building in p.buildings:
            if name == done or building not in paths[new]:
                continue
            here = [Move(p.faction, (Build(new, name), *rest)) for rest in rests]
            if is_legal(here[0]):
                out += here
    return out


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


def from_bgs(data: Mapping[str, Any]) -> Any:
    """A :class:`~gaia_lab.core.session.Session` from a recorded game of the
    boardgamers format (``options``, ``seeded_setup``, ``moves``): every line is checked
    for legality in turn.

    :raises InvalidStateError: a malformed record, or the first refused line, naming
        its line number in ``moves`` (1 is the ``init`` line), its text and the reason.

    >>> data = {"options": {}, "seeded_setup": None,
    ...         "moves": ["init 2 s", "p1 faction terrans", "p2 faction terrans"]}
    >>> from_bgs(data)
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.InvalidStateError: from_bgs: seeded_setup: not a recorded setup \
(the sectors, tiles and boosters the seed drew): expected a recorded setup (an object with \
sectors, boosters, techTiles, roundScoring, finalScoring and terraformingFederation), not None
    """
    from gaia_lab.core.session import Session

    source = "from_bgs"
    if not isinstance(data, Mapping):
        raise InvalidStateError("a recorded game is a JSON object", source)
    problems: list[str] = []
    moves = data.get("moves")
    if (not isinstance(moves, list) or not moves
            or not all(isinstance(m, str) for m in moves)):
        problems.append("moves: a list of log lines, starting with 'init'")
        moves = []
    setup: Setup | None = None
    try:
        setup = read_setup(data.get("seeded_setup"))
    except OptionError as exc:
        problems.append("seeded_setup: not a recorded setup (the sectors, tiles and "
                        f"boosters the seed drew): {exc}")
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        problems.append("options: expected an object")
        options = {}
    variant = options.get("factionVariant", "standard")
    if variant != "standard":
        problems.append(f"options: faction variant {variant!r} is not supported "
                        "(standard only)")
    raw_map = options.get("map")
    if isinstance(raw_map, Mapping) and raw_map.get("mirror"):
        problems.append("options: mirrored sectors are not supported")
    players = 0
    if moves:
        try:
            init = parse_move(moves[0]).commands[0]
        except (NotationError, IndexError) as exc:
            problems.append(f"line 1 {moves[0]!r}: not an init line ({exc})")
        else:
            if not isinstance(init, Init):
                problems.append(f"line 1 {moves[0]!r}: a recorded game starts with "
                                "'init <players> <seed>'")
            elif not META.min_players <= init.players <= META.max_players:
                problems.append(f"line 1: {init.players} players; Gaia Project is for 2-4")
            else:
                players = init.players
    if problems or setup is None:
        raise InvalidStateError(problems, source)
    session = Session(GaiaProject(), players=players, options={"setup": setup})
    for number, line in enumerate(moves[1:], start=2):
        try:
            session.play(line)
        except IllegalActionError as exc:
            v = exc.verdict
            rule = f" [{v.rule.id}]" if v.rule is not None else ""
            raise InvalidStateError(f"line {number} {line!r}: {v.code}: {v.message}{rule}",
                                    source) from None
        except (GaiaLabError, NotationError) as exc:
            raise InvalidStateError(f"line {number} {line!r}: {exc}", source) from None
    return session


_Seat = Annotated[int, Range(0, 3)]
TASK_SHAPES: Final[Mapping[str, Any]] = {
    "charge": tuple[Literal["charge"], _Seat, Annotated[int, Range(1, 30)]],
    "income": tuple[Literal["income"], _Seat,
                    tuple[tuple[Literal["pw", "t"], Annotated[int, Range(1, 99)]], ...]],
    "gaia_tokens": tuple[Literal["gaia_tokens"], _Seat, Annotated[int, Range(0, 99)]],
    "tokens_for_tech": tuple[Literal["tokens_for_tech"], _Seat, Annotated[int, Range(0, 99)]],
}
"""Every kind of pending task and its shape ``(kind, seat, ...)``."""


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
        shape = TASK_SHAPES.get(task[0]) if task and isinstance(task[0], str) else None
        if shape is None:
            out.append(f"pending[{i}]: unknown task {codec.to_data(task)!r}"[:120])
            continue
        out += codec.data_problems(shape, codec.to_data(task), f"pending[{i}]")
        if not out and task[1] >= n:
            out.append(f"pending[{i}]: seat {task[1]} is not a seat of this game")
    out += [f"draws: unknown setup part {d!r}" for d in state.draws if d not in DRAW_PARTS]
    if (state.phase == "setup_draw") != bool(state.draws):
        out.append(f"draws: {len(state.draws)} setup parts to draw in phase {state.phase!r}")
    seat_lists = (("order", state.order), ("pass_order", state.pass_order),
                  ("current", () if state.current is None else (state.current,)))
    out += [f"{name}: seat {v} is not a seat of this game"
            for name, values in seat_lists for v in values if v >= n]
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
