"""The Gaia Project game object, and the replay of recorded games.

An action is one line of the recorded-log notation; the setup is the one a recorded
seed drew (``options={"setup": seeded_setup}``, by default the one of ``deep-mind-2``).

>>> from gaia_lab import Session
>>> s = Session(GaiaProject(), players=4)
>>> s.actor, [str(m) for m in s.legal_actions()[:2]]
(0, ['p1 faction terrans', 'p1 faction lantids'])
>>> print(s.explain("p2 faction nevlas"))
illegal (turn.not_yours): Seat p1 chooses now, not p2.
[Read the refresher: setup [gp.setup.faction_board]]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from gaia_lab.core.errors import GaiaLabError, InvalidStateError, NotationError
from gaia_lab.core.game import Actor, Game, GameMeta, Step
from gaia_lab.core.scoring import ScoreBreakdown
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_project import rules
from gaia_lab.games.gaia_project.components import (
    FACTION_IDS,
    RESEARCH_TRACKS,
    TRACK_CODES,
    load_components,
)
from gaia_lab.games.gaia_project.factions import hooks
from gaia_lab.games.gaia_project.notation import Init, Move, format_move, parse_move
from gaia_lab.games.gaia_project.rulebook import RULES
from gaia_lab.games.gaia_project.scoring import breakdown
from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState, Setup

__all__ = ["META", "GaiaProject", "ReplayError", "replay", "replay_prefix"]

META = GameMeta(
    name="gaia_project",
    title="Gaia Project",
    min_players=2,
    max_players=4,
    chance="none",
    rule_source="Gaia Project rules refresher and 'A turn, played out'",
    components="published",
    options={"setup": "the seeded setup of a recorded game (sectors, tiles, boosters)"},
    max_steps=5_000,
)


class GaiaProject(Game[GPState, Move]):
    """Gaia Project over the recorded-log notation (one action = one log line)."""

    meta = META
    rulebook = RULES

    def new_initial_state(self, players: int, seed: int = 0,
                          options: Mapping[str, Any] | None = None) -> GPState:
        raw = (options or {}).get("setup")
        setup = raw if isinstance(raw, Setup) else (
            Setup.from_seeded(raw) if raw is not None else DEEP_MIND_2_SETUP)
        return rules.new_game(players, setup, str(seed))

    def actor(self, state: GPState) -> Actor:
        return rules.actor(state)

    def legal_actions(self, state: GPState) -> list[Move]:
        """The legal single decisions (see :func:`candidates`); federations are listed
        with one smallest satellite set per set of structures."""
        return [m for m in candidates(state) if self.explain(state, m).legal]

    def explain(self, state: GPState, action: Move) -> Verdict:
        try:
            after, _ = rules.play(state, action)
        except rules.Refusal as r:
            return Verdict.illegal(r.code, r.message, r.rule)
        except (KeyError, ValueError) as exc:
            return Verdict.illegal("notation.invalid", f"'{action}' names something this "
                                   f"game does not have: {exc}", None)
        return Verdict.ok(RULES["gp.action.turns"], "Legal.")

    def apply(self, state: GPState, action: Move) -> Step[GPState]:
        after, events = rules.play(state, action)
        after, more = rules.settle(after)
        return Step(after, tuple(events + more))

    def parse_action(self, state: GPState, text: str) -> Move:
        return parse_move(text)

    def format_action(self, state: GPState, action: Move) -> str:
        return format_move(action)

    def chance_outcomes(self, state: GPState) -> list[tuple[Move, Fraction]]:
        return []

    def chance_rng(self, state: GPState) -> random.Random:
        return random.Random(0)

    def score_breakdown(self, state: GPState) -> ScoreBreakdown:
        return breakdown(state)

    def winners(self, state: GPState) -> tuple[int, ...]:
        best = max(p.vp for p in state.seats)
        return tuple(i for i, p in enumerate(state.seats) if p.vp == best)

    def state_from_json(self, text: str) -> GPState:
        try:
            return GPState.from_json(text)
        except (ValueError, TypeError, KeyError) as exc:
            raise InvalidStateError(str(exc), source="GaiaProject.state_from_json") from None

    def invariants(self, state: GPState) -> list[str]:
        """Negative amounts, resources over their caps, more structures or gaiaformers
        than the board holds, a hex built twice, VP not matching its sources."""
        out = []
        board = load_components().board
        seen: dict[str, str] = {}
        for p in state.seats:
            if not p.faction:
                continue
            who = p.faction
            if min(p.bowls) < 0 or min(p.credits, p.ore, p.knowledge, p.qic) < 0:
                out.append(f"{who}: a negative amount")
            for name, cap in rules.CAPS.items():
                if getattr(p, name) > cap:
                    out.append(f"{who}: {getattr(p, name)} {name}, over the cap of {cap}")
            for code, sid in rules.STRUCTURE_IDS.items():
                if p.count(code) > board.structure(sid).count:
                    out.append(f"{who}: {p.count(code)} {code}")
            if len(p.gaiaformers) > rules.gaiaformers(p):
                out.append(f"{who}: {len(p.gaiaformers)} gaiaformers placed")
            if p.vp != 10 + sum(v for _, v in p.vp_sources):
                out.append(f"{who}: {p.vp} VP but the sources add up to "
                           f"{10 + sum(v for _, v in p.vp_sources)}")
            for h, _ in p.buildings:
                if h in seen:
                    out.append(f"{h} is built by {seen[h]} and {who}")
                seen[h] = who
        return out

    def player_names(self, state: GPState) -> tuple[str, ...]:
        return tuple(p.faction or f"p{i + 1}" for i, p in enumerate(state.seats))

    def scenario(self, spec: Mapping[str, Any]) -> GPState:
        raise InvalidStateError("Gaia Project scenarios are not available yet",
                                source="GaiaProject.scenario")

    def describe(self, state: GPState) -> str:
        return str(state)


def candidates(state: GPState) -> list[Move]:
    """Lines worth testing for legality: every choice of the pending decision; in the
    action phase each single free action (the turn stays open) and each main action with
    its follow-ups.  A recorded line may chain several of these decisions of one player
    (``spend 3pw for 1o. build m 2A1``): it is legal when each part is, in order."""
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
        elif task[0] == "income":
            texts = sorted({f"income {n}{k}" for k, n in task[2]})
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
    return [parse_move(f"{me} {t}") for t in texts]


def _main_actions(state: GPState, seat: int) -> list[str]:
    p = state.seats[seat]
    m = state.space_map
    codes = [TRACK_CODES[t] for t in RESEARCH_TRACKS]
    techs = [pos for pos, _ in state.setup.techs]
    have = {"pw": p.bowls[2] * 2, "t-a3": p.bowls[2], "c": p.credits, "o": p.ore,
            "k": p.knowledge, "q": p.qic}
    out = [f"spend {k * n}{pay} for {k * m}{get}" for pay, n, get, m in rules.conversions(p)
           for k in range(1, have.get(pay, 0) // n + 1)]
    out += [f"burn {k}" for k in range(1, p.bowls[1] // 2 + 1)]
    out += [f"up {c}" for c in codes]
    tails = ([f"tech {t}. up {c}" for t in techs if not t.startswith("adv") for c in codes]
             + [f"tech {t}. cover {pos}. up {c}" for t in techs if t.startswith("adv")
                for pos, _, covered in p.techs if not covered and not pos.startswith("adv")
                for c in codes])
    for a in load_components().board_actions:
        if a.id in ("power2", "power6"):
            out += [f"action {a.id}. build m {m.name(h)}" for h in m if m.planets[h]]
        elif a.id == "qic1":
            out += [f"action qic1. {t}" for t in tails]
        elif a.id == "qic2":
            out += [f"action qic2. fedtile {t}" for t, _ in p.fed_tokens]
        else:
            out.append(f"action {a.id}")
    for _, _, label in rules.special_actions(p):
        if label in ("range+3", "step"):
            out += [f"special {label}. build m {m.name(h)}" for h in m if m.planets[h]]
        else:
            out.append(f"special {label}")
    for h in m:
        if m.planets[h] is None:
            continue
        name = m.name(h)
        out.append(f"build m {name}")
        out.append(f"build gf {name}")
        for new in ("ts", "PI"):
            out.append(f"build {new} {name}")
        if p.building_at(name) in ("ts", "lab"):
            out += [f"build {new} {name}. {t}" for new in ("lab", "ac1", "ac2")
                    for t in tails]
    out += _federations(state, seat)
    if state.round >= rules.ROUNDS:
        out.append("pass")
    else:
        out += [f"pass {b}" for b in state.boosters]
    return out


def _federations(state: GPState, seat: int) -> list[str]:
    from gaia_lab.games.gaia_project.federation import federation_options
    from gaia_lab.games.gaia_project.power import tokens

    f = rules.federation_setting(state, seat)
    m = state.space_map
    options = federation_options(m, f.structures, f.others, f.blocked, f.values, f.threshold,
                                 max_satellites=tokens(state.seats[seat].bowls))
    supply = [t for t, n in state.fed_supply if n > 0]
    return [f"federation {','.join(o.names(m))} {t}" for o in options for t in supply]


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
