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
  - players[1].ore: must be from 0 to 15, got -1
  - players[0] (terrans): structures: no hex 99A1 on this map
  - players[1]: faction 'terrans' is taken twice
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any

from gaia_lab.core import codec
from gaia_lab.core.codec import OneOf, Range, Size
from gaia_lab.core.errors import GaiaLabError, InvalidStateError
from gaia_lab.core.flow import Task
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project import power as pw
from gaia_lab.games.gaia_project.components import (
    FACTION_IDS,
    RESEARCH_TRACKS,
    TRACK_CODES,
    load_components,
)
from gaia_lab.games.gaia_project.factions import hooks
from gaia_lab.games.gaia_project.map import SpaceMap
from gaia_lab.games.gaia_project.rules import gaiaformers, settle
from gaia_lab.games.gaia_project.state import (
    DEEP_MIND_2_SETUP,
    GPState,
    PlayerState,
    Setup,
)

__all__ = ["PlayerSpec", "ScenarioSpec", "build_scenario"]

_BUILDINGS = {"m": "mine", "ts": "trading_station", "lab": "research_lab",
              "PI": "planetary_institute", "ac1": "academy_left", "ac2": "academy_right"}
_ON_SPACE = {"sp": "a space station", "lp": "the Lost Planet"}
"""The structures placed on empty space: the Ivits' space stations, the Lost Planet."""
_CODE_TRACK = {code: track for track, code in TRACK_CODES.items()}
_PHASES = ("actions", "income", "gaia", "over")
_NOT_GIVEN = -1


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One player of a scenario: what differs from a fresh faction board (see
    :func:`build_scenario`)."""

    faction: str
    structures: Mapping[str, str] = field(default_factory=dict)
    gaiaformers: tuple[str, ...] = ()
    credits: Annotated[int, Range(0, 30)] | None = None
    ore: Annotated[int, Range(0, 15)] | None = None
    knowledge: Annotated[int, Range(0, 15)] | None = None
    qic: Annotated[int, Range(0, 99)] | None = None
    vp: Annotated[int, Range(0, 999)] | None = None
    bowls: Annotated[tuple[Annotated[int, Range(0, 99)], ...], Size(3, 4)] | None = None
    research: Mapping[str, Annotated[int, Range(0, 5)]] = field(default_factory=dict)
    brainstone: Annotated[int, Range(0, 3)] | None = _NOT_GIVEN
    """The bowl of the Taklons' brainstone, null for out of play (not given: the start)."""
    techs: tuple[str | tuple[str, str], ...] = ()
    fed_tokens: tuple[str, ...] = ()
    federations: tuple[tuple[str, ...], ...] = ()
    satellites: Annotated[int, Range(0, 25)] | None = None
    booster: str | None = None
    passed: bool = False
    used: tuple[str, ...] = ()
    income_order: tuple[str, ...] = ()
    """The income sources in the order gained, oldest first (structure kinds, tech tile
    ids, research areas): the order the power income is taken in; sources not named
    count as gained before those named."""


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """A scenario description, as :func:`build_scenario` reads it."""

    players: Annotated[tuple[PlayerSpec, ...], Size(2, 4)]
    round: Annotated[int, Range(1, 6)] = 1
    phase: Annotated[str, OneOf(_PHASES)] = "actions"
    current: int | str | None = None
    order: tuple[int | str, ...] | None = None
    pass_order: tuple[int | str, ...] | None = None
    boosters: tuple[str, ...] | None = None
    board_used: tuple[str, ...] = ()
    gaia_hexes: tuple[str, ...] = ()
    setup: Mapping[str, Any] | None = None
    init: str | None = None
    """A boardgamers.space ``init`` line (``"init 4 GaiaRocks"``): the setup that seed
    draws, with ``options`` (the engine's options), for any recorded map."""
    options: Mapping[str, Any] | None = None
    round_scoring: Annotated[tuple[str, ...], Size(6, 6)] | None = None
    final_scoring: Annotated[tuple[str, ...], Size(2, 2)] | None = None
    seed: str | int = ""
    charges: tuple[tuple[int | str, Annotated[int, Range(1, 5)]], ...] = ()
    """Charge offers pending before the current player's turn, in order: ``[seat or
    faction, power]`` each (the position right after a structure was built)."""
    final_resources_only: bool = False
    """The game option of that name: final scoring counts only the credits, ore and
    knowledge left (:attr:`.state.Setup.final_conversion` False)."""


def _may_share(faction: str, code: str, first: str) -> bool:
    """Whether two players may both hold the hex (a Lantids' mine on another player's
    planet)."""
    return (hooks(faction).shared_mines and code == "m") or hooks(first).shared_mines


def build_scenario(spec: Mapping[str, Any]) -> GPState:
    """A position in the action phase (or at the start of a round) from a description.

    ``spec`` keys: ``players`` (2-4 objects, in seat order, each with ``faction`` and
    optionally ``structures`` ``{hex: m|ts|lab|PI|ac1|ac2}`` (on empty space ``sp``, an
    Ivits space station, or ``lp``, the Lost Planet), ``gaiaformers`` (hexes),
    ``credits ore knowledge qic vp`` (default: the faction's start), ``bowls``
    ``[I, II, III, gaia]``, ``research`` ``{track or code: level}`` (default: the
    faction's start), ``brainstone`` (Taklons: the bowl index 0-3 of their brainstone,
    one of the tokens counted in ``bowls``, or null), ``techs`` (tech positions taken,
    ``"adv-…"`` ones with the ``cover`` they sit on as ``["adv-nav", "terra"]``),
    ``fed_tokens`` (ids, ``"-"`` suffix for flipped ones), ``federations`` (hex lists),
    ``satellites``, ``booster``,
    ``passed``, ``used`` (special actions taken this round), ``income_order`` (the
    income sources in the order gained, oldest first: structure kinds, tech tile ids,
    research areas; the power income is taken in that order, which moves the Taklons'
    brainstone)); ``round`` (1-6, default
    1); ``phase`` (``actions``; ``income``: the start of the round, whose income and
    Gaia phase are then played, stopping where a player decides (the order of the power
    income, the Gaia-phase choices below); ``gaia``: the Gaia phase, the income already
    taken: Gaiaformers on Transdim planets make them Gaia planets and the Gaia area's
    tokens return, stopping at the Terrans' conversion of the returning tokens or the
    Itars' tech tiles for 4 of them (their institutes); ``over``: the game ends now and
    final scoring is played, to see what each player would score); ``current`` (seat or
    faction, default the first player in ``order`` who has not passed); ``order`` (turn
    order of the round, seats or factions); ``pass_order``; ``boosters`` (the supply);
    ``board_used`` (power and Q.I.C. actions taken); ``gaia_hexes``; ``setup`` (a recorded
    ``seeded_setup``), or ``init`` (a boardgamers.space ``init`` line, with ``options``:
    the map and tiles its seed draws), and ``round_scoring`` / ``final_scoring`` to
    replace the tiles; ``charges`` (``[seat or faction, power]`` offers pending, in
    order, before the current player goes on); ``final_resources_only`` (the game option:
    final scoring converts no power or Q.I.C.).
    The description is read as a :class:`ScenarioSpec`; every problem is listed.
    Federations, satellites and tokens are checked against each other and the supply:
    a federation's planets hold the player's structures, no hex is in two federations,
    ``satellites`` (when given) covers the federations' space hexes, each federation
    holds a token (not the Ivits', whose one federation brings one per 7 of its value),
    and no more tokens of a kind are held than the supply has.
    """
    parsed, problems = codec.decode(ScenarioSpec, spec)
    if not isinstance(parsed, ScenarioSpec):
        raise InvalidStateError(problems, "scenario")
    setup = _setup(parsed, problems)
    if parsed.final_resources_only:
        setup = evolve(setup, final_conversion=False)
    base = GPState.new(len(parsed.players), setup, str(parsed.seed))
    m = base.space_map
    c = load_components()
    factions: list[str] = []
    players: list[PlayerState] = []
    taken: dict[str, str] = {}
    for i, raw in enumerate(parsed.players):
        where = f"players[{i}]"
        faction = raw.faction
        if faction not in FACTION_IDS:
            problems.append(f"{where}: unknown faction {faction!r}")
            factions.append("")
            players.append(base.seats[i])
            continue
        if faction in factions:
            problems.append(f"{where}: faction {faction!r} is taken twice")
        factions.append(faction)
        players.append(_player(raw, f"{where} ({faction})", base, taken, problems))
    seat_of = {f: i for i, f in enumerate(factions) if f}
    n = len(players)

    def seat(value: int | str, what: str) -> int | None:
        if isinstance(value, str) and value in seat_of:
            return seat_of[value]
        if isinstance(value, int) and 0 <= value < n:
            return value
        problems.append(f"{what}: {value!r} is not a seat or a faction of this game")
        return None

    rnd = parsed.round
    phase = parsed.phase
    order_raw = parsed.order if parsed.order is not None else tuple(range(n))
    order = [s for s in (seat(v, "order") for v in order_raw) if s is not None]
    if sorted(order) != list(range(n)):
        problems.append(f"order must name every seat once, got {list(order_raw)!r}")
        order = list(range(n))
    passed = [i for i, p in enumerate(players) if p.passed]
    pass_raw = parsed.pass_order if parsed.pass_order is not None else tuple(passed)
    pass_order = [s for s in (seat(v, "pass_order") for v in pass_raw) if s is not None]
    if sorted(pass_order) != passed:
        problems.append(f"pass_order must list exactly the passed seats {passed}, got "
                        f"{list(pass_raw)!r}")
        pass_order = passed
    if phase != "actions" and parsed.current is not None:
        problems.append(f"current: {parsed.current!r}, but in phase {phase} nobody is to act")
    if phase in ("income", "gaia") and passed:
        problems.append(f"in phase {phase} nobody has passed yet (passing ends a turn of "
                        "the action phase) [gp.round.count]")
    current: int | None = None
    if phase == "actions":
        if parsed.current is not None:
            current = seat(parsed.current, "current")
            if current is not None and players[current].passed:
                problems.append(f"current: seat {current} has passed")
        else:
            current = next((s for s in order if not players[s].passed), None)
            if current is None:
                problems.append("every player has passed: the round is over")
    held = [p.booster for p in players if p.booster]
    supply_raw = (parsed.boosters if parsed.boosters is not None
                  else tuple(b for b in setup.boosters if b not in held))
    known_boosters = {b.id for b in c.boosters}
    supply = []
    for b in supply_raw:
        if b not in known_boosters:
            problems.append(f"boosters: unknown booster {b!r}")
        else:
            supply.append(b)
    for b in set(held + supply):
        if (held + supply).count(b) > 1:
            problems.append(f"booster {b} is in play twice")
    board_ids = {a.id for a in c.board_actions}
    board_used = list(parsed.board_used)
    for a in board_used:
        if a not in board_ids:
            problems.append(f"board_used: unknown action {a!r}")
    gaia_hexes = []
    for h in parsed.gaia_hexes:
        name = _hex_name(m, h, "gaia_hexes", problems)
        if name is None:
            continue
        if m.planets[m.hex(name)] != "transdim":
            problems.append(f"gaia_hexes: {name} is not a Transdim planet")
        gaia_hexes.append(name)
    for track in RESEARCH_TRACKS:
        top = [factions[i] for i, p in enumerate(players) if p.level(track) == 5]
        if len(top) > 1:
            problems.append(f"research: only one player reaches level 5 of {track}, not "
                            f"{', '.join(top)}")
    fed_used: dict[str, int] = {}
    for p in players:
        for t, _ in p.fed_tokens:
            fed_used[t] = fed_used.get(t, 0) + 1
    for t, k in base.fed_supply:
        if fed_used.get(t, 0) > k:
            problems.append(f"fed_tokens: the players hold {fed_used[t]} {t} tokens, the "
                            f"supply has {k} [gp.action.federation]")
    offers = []
    for i, (who, power) in enumerate(parsed.charges):
        if phase != "actions":
            problems.append(f"charges[{i}]: charge offers wait in the action phase, not "
                            f"in phase {phase}")
            break
        charger = seat(who, f"charges[{i}]")
        if charger is None:
            continue
        room = pw.chargeable(players[charger].bowls)
        if power > room:
            problems.append(f"charges[{i}]: {factions[charger]} can take {room} power "
                            f"(bowls {players[charger].bowls[:3]}), not {power} "
                            "[gp.charge.trigger]")
        elif power > players[charger].vp + 1:
            problems.append(f"charges[{i}]: {factions[charger]} hold "
                            f"{players[charger].vp} VP, so an offer is at most "
                            f"{players[charger].vp + 1} power, not {power} [gp.charge.cost]")
        offers.append(Task("charge", charger, (power,)))
    if problems:
        raise InvalidStateError(problems, "scenario")
    fed_supply = tuple((t, k - fed_used.get(t, 0)) for t, k in base.fed_supply)
    state = evolve(base, seats=tuple(players), phase=phase, round=rnd, order=tuple(order),
                   current=current, pass_order=tuple(pass_order), boosters=tuple(supply),
                   board_used=tuple(board_used), gaia_hexes=tuple(sorted(gaia_hexes)),
                   fed_supply=fed_supply, pending=tuple(offers))
    if phase in ("income", "gaia"):  # played on to the first decision
        state, _ = settle(state)
    elif phase == "over":  # the game ends now: final scoring is played
        from gaia_lab.games.gaia_project.scoring import final_scoring

        state, _ = final_scoring(evolve(state, current=None))
    return state


def _federation_problems(raw: PlayerSpec, where: str, m: SpaceMap,
                         buildings: Mapping[str, str], feds: list[tuple[str, ...]],
                         tokens: int, problems: list[str]) -> None:
    """Federations, satellites and federation tokens checked against each other: each
    federation's planets hold the player's structures, no hex is in two federations,
    the satellites given cover the federations' space hexes, and each federation
    brought a token (the Ivits' one federation brings one per 7 of its value)."""
    seen: dict[str, int] = {}
    space = 0
    for i, fed in enumerate(feds):
        for name in fed:
            h = m.hex(name)
            if m.planets[h] is None:
                space += 1
            elif name not in buildings:
                problems.append(f"{where}: federations[{i}]: {name} is a planet without "
                                "a structure of the player [gp.action.federation]")
            if name in seen:
                problems.append(f"{where}: federations[{i}]: {name} is also in "
                                f"federations[{seen[name]}] [gp.federation.exclusive]")
            seen.setdefault(name, i)
    if raw.satellites is not None and raw.satellites < space:
        problems.append(f"{where}: satellites: {raw.satellites}, but the federations hold "
                        f"{space} satellite hexes [gp.federation.satellites]")
    if not hooks(raw.faction).one_federation and tokens < len(feds):
        problems.append(f"{where}: fed_tokens: {tokens} tokens for {len(feds)} "
                        "federations (each federation formed takes one) "
                        "[gp.action.federation]")


def _space_structure_problem(faction: str, code: str, name: str, is_space: bool,
                             taken: dict[str, str]) -> str:
    """Why a space station or the Lost Planet may not be on ``name``, or "" (the Lost
    Planet is one for the whole table, noted in ``taken`` under ``"lp"``)."""
    what = _ON_SPACE[code]
    if not is_space:
        return f"{name} is a planet; {what} goes on empty space"
    if code == "sp" and not hooks(faction).one_federation:
        return f"{name}: only the Ivits place space stations [gp.faction.ivits.pi]"
    if code == "lp":
        if "lp" in taken:
            return (f"{name}: the Lost Planet is already on {taken['lp']} (there is one) "
                    "[gp.action.research]")
        taken["lp"] = name
    return ""


def _hex_name(m: SpaceMap, text: str, what: str, problems: list[str]) -> str | None:
    """The log name of a hex of the map, or None (the problem noted)."""
    try:
        return m.name(m.hex(text))
    except KeyError as exc:
        problems.append(f"{what}: {exc.args[0]}")
        return None


def _setup(spec: ScenarioSpec, problems: list[str]) -> Setup:
    setup = DEEP_MIND_2_SETUP
    if spec.init is not None:
        from gaia_lab.games.gaia_project.recorded import read_log

        if spec.setup is not None:
            problems.append("init: give the setup or the init line, not both")
        try:
            log = read_log({"moves": [spec.init], "options": dict(spec.options or {})})
        except GaiaLabError as exc:
            problems.append(f"init: {exc}")
        else:
            if log.players != len(spec.players):
                problems.append(f"init: {spec.init!r} seats {log.players} players, the "
                                f"scenario lists {len(spec.players)}")
            setup = log.setup
    elif spec.options is not None:
        problems.append("options: the engine options go with an init line")
    if spec.setup is not None:
        try:
            seeded = Setup.from_seeded(spec.setup)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            problems.append(f"setup: not a recorded seeded setup ({exc})")
        else:
            found = codec.data_problems(Setup, codec.to_data(seeded), "setup")
            if not found:
                from gaia_lab.games.gaia_project.game import table_problems

                found = [f"setup: {p}" for p in table_problems(GPState.new(2, seeded))]
            problems += found
            setup = setup if found else seeded
    c = load_components()
    for key, tiles, known in (("round_scoring", spec.round_scoring,
                               {t.id for t in c.round_scoring}),
                              ("final_scoring", spec.final_scoring,
                               {t.id for t in c.final_scoring})):
        if tiles is not None:
            unknown = [t for t in tiles if t not in known]
            if unknown:
                problems.append(f"{key}: unknown tiles {unknown}")
            else:
                setup = evolve(setup, **{key: tiles})
    return setup


def _income_order(raw: PlayerSpec, where: str, techs: list[tuple[str, str, bool]],
                  problems: list[str]) -> tuple[str, ...]:
    """The player's ``income_order``, each source a structure kind, a tech tile the
    player holds or a research area (code or name), each once."""
    order: list[str] = []
    held = {tile for _, tile, _ in techs}
    for source in raw.income_order:
        name = _CODE_TRACK.get(source, source)
        if name not in ("ts", "lab", "PI", "ac1", "ac2", *RESEARCH_TRACKS, *held):
            problems.append(f"{where}: income_order: {source!r} is no structure kind "
                            "(ts lab PI ac1 ac2), research area or tech tile of theirs")
        elif name in order:
            problems.append(f"{where}: income_order: {source!r} is named twice")
        else:
            order.append(name)
    return tuple(order)


def _player(raw: PlayerSpec, where: str, base: GPState, taken: dict[str, str],
            problems: list[str]) -> PlayerState:
    m = base.space_map
    c = load_components()
    faction = raw.faction
    p = PlayerState.new(faction)
    changes: dict[str, Any] = {
        name: getattr(raw, name) for name in ("credits", "ore", "knowledge", "qic", "vp",
                                              "satellites")
        if getattr(raw, name) is not None}
    if raw.bowls is not None:
        changes["bowls"] = (*raw.bowls, 0) if len(raw.bowls) == 3 else raw.bowls
    if raw.brainstone != _NOT_GIVEN:
        if not hooks(faction).brainstone:
            problems.append(f"{where}: brainstone: only the Taklons have it")
        else:
            changes["brainstone"] = -1 if raw.brainstone is None else raw.brainstone
    stone = changes.get("brainstone", p.brainstone)
    if stone >= 0 and changes.get("bowls", p.bowls)[stone] < 1:
        problems.append(f"{where}: brainstone: it is one of the tokens of its bowl, and "
                        f"bowl {stone + 1} holds none")
    research = list(p.research)
    for track, level in raw.research.items():
        full = _CODE_TRACK.get(track, track)
        if full not in RESEARCH_TRACKS:
            problems.append(f"{where}: research: unknown area {track!r}")
        else:
            research[RESEARCH_TRACKS.index(full)] = level
    changes["research"] = tuple(research)
    buildings: list[tuple[str, str]] = []
    for hx, code in raw.structures.items():
        name = _hex_name(m, hx, f"{where}: structures", problems)
        if name is None:
            continue
        h = m.hex(name)
        if code in _ON_SPACE:
            problem = _space_structure_problem(faction, code, name, m.planets[h] is None,
                                               taken)
            if problem:
                problems.append(f"{where}: structures: {problem}")
            elif name in taken:
                problems.append(f"{where}: structures: {name} is already built by "
                                f"{taken[name]}")
            else:
                taken[name] = faction
                buildings.append((name, code))
            continue
        if code not in _BUILDINGS:
            problems.append(f"{where}: structures: {name}: unknown building {code!r} "
                            f"(known: {', '.join((*_BUILDINGS, *_ON_SPACE))})")
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
    for hx in raw.gaiaformers:
        name = _hex_name(m, hx, f"{where}: gaiaformers", problems)
        if name is None:
            continue
        if m.planets[m.hex(name)] != "transdim":
            problems.append(f"{where}: gaiaformers: {name} is not a Transdim planet")
        if name in taken and not _may_share(faction, "gf", taken[name]):
            problems.append(f"{where}: gaiaformers: {name} is already taken by "
                            f"{taken[name]}")
        taken[name] = faction
        formers.append(name)
    changes["gaiaformers"] = tuple(sorted(formers))
    techs: list[tuple[str, str, bool]] = []
    positions = dict(base.setup.techs)
    covered_by: list[str] = []
    for entry in raw.techs:
        pos, cover = (entry, None) if isinstance(entry, str) else entry
        if pos not in positions:
            problems.append(f"{where}: techs: unknown tech position {pos!r}")
            continue
        if pos.startswith("adv"):
            if cover is None:
                problems.append(f"{where}: techs: {pos} needs the standard tile it covers")
            else:
                covered_by.append(cover)
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
    for t in raw.fed_tokens:
        tid = t.rstrip("-")
        if tid not in token_ids:
            problems.append(f"{where}: fed_tokens: unknown token {tid!r}")
            continue
        tokens.append((tid, t.endswith("-")))
    changes["fed_tokens"] = tuple(tokens)
    feds = []
    for fed in raw.federations:
        names = [x for x in (_hex_name(m, hx, f"{where}: federations", problems)
                             for hx in fed) if x is not None]
        feds.append(tuple(sorted(names)))
    changes["federations"] = tuple(feds)
    _federation_problems(raw, where, m, dict(buildings), feds, len(tokens), problems)
    if raw.booster is not None:
        if raw.booster not in {b.id for b in c.boosters}:
            problems.append(f"{where}: unknown booster {raw.booster!r}")
        else:
            changes["booster"] = raw.booster
    changes["passed"] = raw.passed
    changes["used"] = raw.used
    changes["income_order"] = _income_order(raw, where, techs, problems)
    p = evolve(p, **changes)
    if p.vp != 10:
        p = evolve(p, vp_sources=(("scenario", p.vp - 10),))
    if len(p.gaiaformers) > gaiaformers(p):
        problems.append(f"{where}: {len(p.gaiaformers)} gaiaformers placed, the Gaia "
                        f"Project level gives {gaiaformers(p)}")
    return p
