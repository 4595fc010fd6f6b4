"""Positions from descriptions: the starting points of worked examples.

A description names the factions and, for each, only what differs from a fresh faction
board: structures by hex, resources, bowls, research levels, tiles, booster.  Every
problem is collected and reported at once.

>>> spec = {"round": 2, "players": [
...     {"faction": "terrans", "structures": {"1B5": "m"}, "ore": 5},
...     {"faction": "xenos", "structures": {"5A4": "ts"}, "passed": True}],
...     "boosters": ["booster1", "booster2", "booster3"]}
>>> s = build_scenario(spec)
>>> s.phase, s.round, s.current, s.seats[0].ore, s.seats[1].building_at("5A4")
('actions', 2, 0, 5, 'ts')
>>> build_scenario({"players": [{"faction": "terrans", "structures": {"99A1": "m"}},
...                             {"faction": "terrans", "ore": -1}]})
Traceback (most recent call last):
...
gaia_lab.core.errors.InvalidStateError: scenario: 3 problems:
  - players[0] (terrans): structures: no hex 99A1 on this map
  - players[1]: faction 'terrans' is taken twice
  - players[1] (terrans): ore must be a whole number from 0 to 15, got -1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project.components import (
    FACTION_IDS,
    RESEARCH_TRACKS,
    TRACK_CODES,
    load_components,
)
from gaia_lab.games.gaia_project.factions import hooks
from gaia_lab.games.gaia_project.rules import gaiaformers, settle
from gaia_lab.games.gaia_project.state import (
    DEEP_MIND_2_SETUP,
    GPState,
    PlayerState,
    Setup,
)

__all__ = ["build_scenario"]

_BUILDINGS = {"m": "mine", "ts": "trading_station", "lab": "research_lab",
              "PI": "planetary_institute", "ac1": "academy_left", "ac2": "academy_right"}
_CODE_TRACK = {code: track for track, code in TRACK_CODES.items()}
_RESOURCES = {"credits": 30, "ore": 15, "knowledge": 15, "qic": 99, "vp": 999}
_PHASES = ("actions", "income")
_KEYS = {"players", "round", "phase", "current", "order", "pass_order", "boosters",
         "board_used", "gaia_hexes", "setup", "round_scoring", "final_scoring", "seed"}
_PLAYER_KEYS = {"faction", "structures", "gaiaformers", "credits", "ore", "knowledge",
                "qic", "vp", "bowls", "research", "techs", "fed_tokens", "federations",
                "satellites", "booster", "passed", "used", "brainstone"}


def _may_share(faction: str, code: str, first: str) -> bool:
    """Whether two players may both hold the hex (a Lantids' mine on another player's
    planet)."""
    return (hooks(faction).shared_mines and code == "m") or hooks(first).shared_mines


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def build_scenario(spec: Mapping[str, Any]) -> GPState:
    """A position in the action phase (or at the start of a round) from a description.

    ``spec`` keys: ``players`` (2-4 objects, in seat order, each with ``faction`` and
    optionally ``structures`` ``{hex: m|ts|lab|PI|ac1|ac2}``, ``gaiaformers`` (hexes),
    ``credits ore knowledge qic vp`` (default: the faction's start), ``bowls``
    ``[I, II, III, gaia]``, ``research`` ``{track or code: level}`` (default: the
    faction's start), ``brainstone`` (Taklons: the bowl index 0-3 of their brainstone,
    one of the tokens counted in ``bowls``, or null), ``techs`` (tech positions taken,
    ``"adv-…"`` ones with the ``cover`` they sit on as ``["adv-nav", "terra"]``),
    ``fed_tokens`` (ids, ``"-"`` suffix for flipped ones), ``federations`` (hex lists),
    ``satellites``, ``booster``,
    ``passed``, ``used`` (special actions taken this round)); ``round`` (1-6, default
    1); ``phase`` (``actions`` or ``income``: the start of the round, whose income and
    Gaia phase are then played); ``current`` (seat or faction, default the first
    player in ``order`` who has not passed); ``order`` (turn order of the round,
    seats or factions); ``pass_order``; ``boosters`` (the supply); ``board_used``
    (power and Q.I.C. actions taken); ``gaia_hexes``; ``setup`` (a recorded
    ``seeded_setup``) or ``round_scoring`` / ``final_scoring`` to replace the tiles.
    """
    problems: list[str] = []
    for key in spec:
        if key not in _KEYS:
            problems.append(f"unknown key {key!r} (known: {', '.join(sorted(_KEYS))})")
    raw_players = spec.get("players")
    if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 4:
        raise InvalidStateError("'players' must list 2 to 4 players", "scenario")
    setup = _setup(spec, problems)
    base = GPState.new(len(raw_players), setup, str(spec.get("seed", "")))
    m = base.space_map
    c = load_components()
    factions: list[str] = []
    seats: list[PlayerState] = []
    taken: dict[str, str] = {}
    for i, raw in enumerate(raw_players):
        where = f"players[{i}]"
        if not isinstance(raw, Mapping):
            problems.append(f"{where}: expected an object")
            factions.append("")
            seats.append(base.seats[i])
            continue
        faction = raw.get("faction")
        if faction not in FACTION_IDS:
            problems.append(f"{where}: unknown faction {faction!r}")
            factions.append("")
            seats.append(base.seats[i])
            continue
        if faction in factions:
            problems.append(f"{where}: faction {faction!r} is taken twice")
        factions.append(faction)
        seats.append(_player(raw, f"{where} ({faction})", faction, base, taken, problems))
    seat_of = {f: i for i, f in enumerate(factions) if f}

    def seat(value: Any, what: str) -> int | None:
        if isinstance(value, str) and value in seat_of:
            return seat_of[value]
        if _whole(value, 0, len(seats) - 1):
            return int(value)
        problems.append(f"{what}: {value!r} is not a seat or a faction of this game")
        return None

    rnd = spec.get("round", 1)
    if not _whole(rnd, 1, 6):
        problems.append(f"round must be 1 to 6, got {rnd!r}")
        rnd = 1
    phase = spec.get("phase", "actions")
    if phase not in _PHASES:
        problems.append(f"phase must be one of {', '.join(_PHASES)}, got {phase!r}")
        phase = "actions"
    order_raw = spec.get("order", list(range(len(seats))))
    order = [s for s in (seat(v, "order") for v in order_raw) if s is not None]
    if sorted(order) != list(range(len(seats))):
        problems.append(f"order must name every seat once, got {order_raw!r}")
        order = list(range(len(seats)))
    passed = [i for i, p in enumerate(seats) if p.passed]
    pass_raw = spec.get("pass_order", passed)
    pass_order = [s for s in (seat(v, "pass_order") for v in pass_raw) if s is not None]
    if sorted(pass_order) != passed:
        problems.append(f"pass_order must list exactly the passed seats {passed}, got "
                        f"{pass_raw!r}")
        pass_order = passed
    if phase == "income" and passed:
        problems.append("at the start of a round nobody has passed yet")
    current: int | None = None
    if phase == "actions":
        if "current" in spec:
            current = seat(spec["current"], "current")
            if current is not None and seats[current].passed:
                problems.append(f"current: seat {current} has passed")
        else:
            current = next((s for s in order if not seats[s].passed), None)
            if current is None:
                problems.append("every player has passed: the round is over")
    held = [p.booster for p in seats if p.booster]
    supply_raw = spec.get("boosters", [b for b in setup.boosters if b not in held])
    known_boosters = {b.id for b in c.boosters}
    supply = []
    for b in supply_raw:
        if b not in known_boosters:
            problems.append(f"boosters: unknown booster {b!r}")
        else:
            supply.append(str(b))
    for b in set(held + supply):
        if (held + supply).count(b) > 1:
            problems.append(f"booster {b} is in play twice")
    board_ids = {a.id for a in c.board_actions}
    board_used = [str(a) for a in spec.get("board_used", [])]
    for a in board_used:
        if a not in board_ids:
            problems.append(f"board_used: unknown action {a!r}")
    gaia_hexes = []
    for h in spec.get("gaia_hexes", []):
        try:
            name = m.name(m.hex(str(h)))
        except KeyError as exc:
            problems.append(f"gaia_hexes: {exc.args[0]}")
            continue
        if m.planets[m.hex(name)] != "transdim":
            problems.append(f"gaia_hexes: {name} is not a Transdim planet")
        gaia_hexes.append(name)
    for track in RESEARCH_TRACKS:
        top = [factions[i] for i, p in enumerate(seats) if p.level(track) == 5]
        if len(top) > 1:
            problems.append(f"research: only one player reaches level 5 of {track}, not "
                            f"{', '.join(top)}")
    if problems:
        raise InvalidStateError(problems, "scenario")
    fed_used: dict[str, int] = {}
    for p in seats:
        for t, _ in p.fed_tokens:
            fed_used[t] = fed_used.get(t, 0) + 1
    fed_supply = tuple((t, max(0, n - fed_used.get(t, 0))) for t, n in base.fed_supply)
    state = evolve(base, seats=tuple(seats), phase=phase, round=rnd, order=tuple(order),
                   current=current, pass_order=tuple(pass_order), boosters=tuple(supply),
                   board_used=tuple(board_used), gaia_hexes=tuple(sorted(gaia_hexes)),
                   fed_supply=fed_supply)
    if phase == "income":
        state, _ = settle(state)
    return state


def _setup(spec: Mapping[str, Any], problems: list[str]) -> Setup:
    setup = DEEP_MIND_2_SETUP
    if "setup" in spec:
        try:
            setup = Setup.from_seeded(spec["setup"])
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(f"setup: not a recorded seeded setup ({exc})")
    c = load_components()
    for key, count, known in (("round_scoring", 6, {t.id for t in c.round_scoring}),
                              ("final_scoring", 2, {t.id for t in c.final_scoring})):
        if key in spec:
            tiles = spec[key]
            if (not isinstance(tiles, list) or len(tiles) != count
                    or any(t not in known for t in tiles)):
                problems.append(f"{key} must list {count} known tiles, got {tiles!r}")
            else:
                setup = evolve(setup, **{key: tuple(tiles)})
    return setup


def _player(raw: Mapping[str, Any], where: str, faction: str, base: GPState,
            taken: dict[str, str], problems: list[str]) -> PlayerState:
    m = base.space_map
    c = load_components()
    p = PlayerState.new(faction)
    for key in raw:
        if key not in _PLAYER_KEYS:
            problems.append(f"{where}: unknown key {key!r}")
    changes: dict[str, Any] = {}
    for name, cap in _RESOURCES.items():
        if name in raw:
            if not _whole(raw[name], 0, cap):
                problems.append(f"{where}: {name} must be a whole number from 0 to {cap}, "
                                f"got {raw[name]!r}")
            else:
                changes[name] = raw[name]
    if "bowls" in raw:
        bowls = raw["bowls"]
        if (not isinstance(bowls, (list, tuple)) or len(bowls) not in (3, 4)
                or not all(_whole(b, 0, 99) for b in bowls)):
            problems.append(f"{where}: bowls must be [I, II, III] or [I, II, III, gaia], "
                            f"got {bowls!r}")
        else:
            changes["bowls"] = (*bowls, 0) if len(bowls) == 3 else tuple(bowls)
    if "brainstone" in raw:
        stone = raw["brainstone"]
        if not hooks(faction).brainstone:
            problems.append(f"{where}: brainstone: only the Taklons have it")
        elif stone is not None and not _whole(stone, 0, 3):
            problems.append(f"{where}: brainstone must be 0-2 (bowls I-III), 3 (Gaia "
                            f"area) or null (out of play), got {stone!r}")
        else:
            changes["brainstone"] = -1 if stone is None else stone
    stone = changes.get("brainstone", p.brainstone)
    if isinstance(stone, int) and stone >= 0 and changes.get("bowls", p.bowls)[stone] < 1:
        problems.append(f"{where}: brainstone: it is one of the tokens of its bowl, and "
                        f"bowl {stone + 1} holds none")
    research = list(p.research)
    for track, level in dict(raw.get("research", {})).items():
        full = _CODE_TRACK.get(track, track)
        if full not in RESEARCH_TRACKS:
            problems.append(f"{where}: research: unknown area {track!r}")
        elif not _whole(level, 0, 5):
            problems.append(f"{where}: research: {track} must be 0 to 5, got {level!r}")
        else:
            research[RESEARCH_TRACKS.index(full)] = level
    changes["research"] = tuple(research)
    buildings: list[tuple[str, str]] = []
    for hx, code in dict(raw.get("structures", {})).items():
        try:
            h = m.hex(str(hx))
        except KeyError as exc:
            problems.append(f"{where}: structures: {exc.args[0]}")
            continue
        name = m.name(h)
        if code not in _BUILDINGS:
            problems.append(f"{where}: structures: {name}: unknown building {code!r} "
                            f"(known: {', '.join(_BUILDINGS)})")
            continue
        if m.planets[h] is None:
            problems.append(f"{where}: structures: {name} is empty space")
            continue
        if name in taken and not _may_share(faction, code, taken[name]):
            problems.append(f"{where}: structures: {name} is already built by "
                            f"{taken[name]}")
            continue
        taken[name] = faction
        buildings.append((name, code))
    for code, sid in _BUILDINGS.items():
        n = sum(1 for _, b in buildings if b == code)
        limit = c.board.structure(sid).count
        if n > limit:
            problems.append(f"{where}: {n} {sid.replace('_', ' ')}s, the board has {limit}")
    changes["buildings"] = tuple(sorted(buildings))
    formers = []
    for hx in raw.get("gaiaformers", []):
        try:
            name = m.name(m.hex(str(hx)))
        except KeyError as exc:
            problems.append(f"{where}: gaiaformers: {exc.args[0]}")
            continue
        if m.planets[m.hex(name)] != "transdim":
            problems.append(f"{where}: gaiaformers: {name} is not a Transdim planet")
        if name in taken and not _may_share(faction, code, taken[name]):
            problems.append(f"{where}: gaiaformers: {name} is already taken by "
                            f"{taken[name]}")
        taken[name] = faction
        formers.append(name)
    changes["gaiaformers"] = tuple(sorted(formers))
    techs: list[tuple[str, str, bool]] = []
    positions = dict(base.setup.techs)
    covered_by: list[str] = []
    for entry in raw.get("techs", []):
        pos, cover = (entry, None) if isinstance(entry, str) else (entry[0], entry[1])
        if pos not in positions:
            problems.append(f"{where}: techs: unknown tech position {pos!r}")
            continue
        if pos.startswith("adv"):
            if cover is None:
                problems.append(f"{where}: techs: {pos} needs the standard tile it covers")
            else:
                covered_by.append(str(cover))
        techs.append((pos, positions[pos], False))
    for cover in covered_by:
        for i, (pos, tile, covered) in enumerate(techs):
            if pos == cover and not covered and not pos.startswith("adv"):
                techs[i] = (pos, tile, True)
                break
        else:
            problems.append(f"{where}: techs: no uncovered standard tile {cover!r} to cover")
    changes["techs"] = tuple(techs)
    token_ids = {t.id for t in c.federation_tokens}
    tokens = []
    for t in raw.get("fed_tokens", []):
        flipped = str(t).endswith("-")
        tid = str(t).rstrip("-")
        if tid not in token_ids:
            problems.append(f"{where}: fed_tokens: unknown token {tid!r}")
            continue
        tokens.append((tid, flipped))
    changes["fed_tokens"] = tuple(tokens)
    feds = []
    for fed in raw.get("federations", []):
        names = []
        for hx in fed:
            try:
                names.append(m.name(m.hex(str(hx))))
            except KeyError as exc:
                problems.append(f"{where}: federations: {exc.args[0]}")
        feds.append(tuple(sorted(names)))
    changes["federations"] = tuple(feds)
    if "satellites" in raw:
        if not _whole(raw["satellites"], 0, 25):
            problems.append(f"{where}: satellites must be 0 to 25")
        else:
            changes["satellites"] = raw["satellites"]
    booster = raw.get("booster")
    if booster is not None:
        if booster not in {b.id for b in c.boosters}:
            problems.append(f"{where}: unknown booster {booster!r}")
        else:
            changes["booster"] = str(booster)
    changes["passed"] = bool(raw.get("passed", False))
    used = raw.get("used", [])
    if isinstance(used, Sequence) and not isinstance(used, str):
        changes["used"] = tuple(str(u) for u in used)
    else:
        problems.append(f"{where}: used must list special actions")
    p = evolve(p, **changes)
    if p.vp != 10:
        p = evolve(p, vp_sources=(("scenario", p.vp - 10),))
    if len(p.gaiaformers) > gaiaformers(p):
        problems.append(f"{where}: {len(p.gaiaformers)} gaiaformers placed, the Gaia "
                        f"Project level gives {gaiaformers(p)}")
    return p
