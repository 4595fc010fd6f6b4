"""Scoring: the end of the game and the VP of each player by source.

Every VP a player gains or loses during play is booked on a source named as the
recorded games name it (``charge``, ``round3``, ``booster9``, ``tech-gaia``, ``adv-nav``,
``federation``, ``qic2``, a track code...), so a divergence from a recorded game shows
by source.  At the end :func:`final_scoring` adds the two final tiles (``final1``,
``final2``), 4 VP per research level above 2 (on the track's code) and the resources
(``spend``: power and Q.I.C. converted, then 1 VP per 3 credits, ore and knowledge).

>>> resource_vp(credits=7, ore=1, knowledge=2, qic=1, bowls=(0, 3, 2, 0))
(4, '7c + 1o + 2k + 1q as ore + 3 power as credits = 14')
"""

from __future__ import annotations

from typing import Final

from gaia_lab.core.events import Event
from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project.components import RESEARCH_TRACKS, TRACK_CODES, load_components
from gaia_lab.games.gaia_project.factions import hooks
from gaia_lab.games.gaia_project.rulebook import RULES
from gaia_lab.games.gaia_project.state import GPState, PlayerState

__all__ = ["breakdown", "final_counts", "final_scoring", "left_vp", "resource_vp",
           "source_rule", "source_sentence"]

START_VP = 10


def resource_vp(credits: int, ore: int, knowledge: int, qic: int,
                bowls: tuple[int, int, int, int], power_per_token: int = 1,
                extra_power: int = 0) -> tuple[int, str]:
    """VP of the resources left: burn and spend all power for credits, Q.I.C. as ore,
    then one VP per three of credits, ore and knowledge together.  The conversions stop
    at the caps of 30 credits and 15 ore, as every gain does (the public engine's
    reading).

    >>> resource_vp(credits=30, ore=0, knowledge=0, qic=0, bowls=(0, 0, 2, 0))
    (10, '30c + 0o + 0k + 0q as ore + 2 power as credits = 30 (2 lost at the caps)')
    """
    burnable = bowls[1] // 2
    powers = (bowls[2] + burnable) * power_per_token + extra_power
    total = credits + ore + knowledge + qic + powers
    caps = load_components().board.caps
    capped = (min(caps.credits, max(credits, credits + powers))
              + min(caps.ore, max(ore, ore + qic)) + knowledge)
    lost = f" ({total - capped} lost at the caps)" if capped < total else ""
    return capped // 3, (f"{credits}c + {ore}o + {knowledge}k + {qic}q as ore + "
                         f"{powers} power as credits = {capped}{lost}")


def left_vp(state: GPState, p: PlayerState) -> tuple[int, str]:
    """The VP of what a player has left at the end, and how they are counted: the power
    and Q.I.C. converted first (:func:`resource_vp`), or, with the setup's
    ``final_conversion`` off (the game option ``final_resources_only``), only the credits,
    ore and knowledge.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP
    >>> s = GPState.new(2, DEEP_MIND_2_SETUP)
    >>> p = evolve(PlayerState.new("terrans"), credits=7, ore=1, qic=1, bowls=(0, 3, 2, 0))
    >>> left_vp(s, p)[0], left_vp(evolve(s, setup=evolve(s.setup, final_conversion=False)), p)
    (5, (3, '7c + 1o + 3k, no power or Q.I.C. converted = 11'))
    """
    if not state.setup.final_conversion:
        total = p.credits + p.ore + p.knowledge
        return total // 3, (f"{p.credits}c + {p.ore}o + {p.knowledge}k, no power or Q.I.C. "
                            f"converted = {total}")
    per = hooks(p.faction).power_per_token_with_pi if p.count("PI") else 1
    # the brainstone (in bowl III, or in bowl II when burning moves it on) is 3 power
    stone = p.brainstone == 2 or (p.brainstone == 1 and p.bowls[1] >= 2)
    return resource_vp(p.credits, p.ore, p.knowledge, p.qic, p.bowls, per,
                       extra_power=2 if stone else 0)


def final_counts(state: GPState, p: PlayerState) -> object:
    """The final-tile counts of a player (a ``FinalCounts``)."""
    from gaia_lab.games.gaia_project.final_scoring import counts_from_board

    m = state.space_map
    structures = {m.hex(h): ("m" if b == "lp" else b) for h, b in p.buildings}
    overlay = {m.hex(h): "gaia" for h in state.gaia_hexes}
    overlay.update({m.hex(h): "lost" for h, b in p.buildings if b == "lp"})
    feds = [frozenset(m.hex(h) for h in fed) for fed in p.federations]
    from gaia_lab.games.gaia_project.rules import shared_hexes

    shared = frozenset(m.hex(h) for h in shared_hexes(state, p))
    return counts_from_board(m, structures, feds, p.satellites, planets=overlay,
                             shared_mines=shared)


def final_scoring(state: GPState) -> tuple[GPState, list[Event]]:
    """Add the final tiles, research and resources to every player."""
    from gaia_lab.games.gaia_project.final_scoring import FinalCounts, score_final

    counts: dict[str, FinalCounts] = {}
    for p in state.seats:
        c = final_counts(state, p)
        assert isinstance(c, FinalCounts)
        counts[p.faction] = c
    result = score_final(state.setup.final_scoring, counts)
    events = [Event("score.final", str(result), RULES["gp.score.final_tiles"], None, (), True)]
    seats = []
    for seat, p in enumerate(state.seats):
        for source, vp in result.by_source(p.faction).items():
            p = p.add_vp(vp, source)
        for track in RESEARCH_TRACKS:
            p = p.add_vp(4 * max(0, p.level(track) - 2), TRACK_CODES[track])
        p = p.add_vp(left_vp(state, p)[0], "spend")
        if state.setup.bids:  # the VP bid in a faction auction
            p = p.add_vp(-state.setup.bids[seat], "bid")
        seats.append(p)
        events.append(Event("score.total", f"{p.faction}: {p.vp} VP.",
                            RULES["gp.score.winner"], seat, (), True))
    return evolve(state, seats=tuple(seats)), events


_TRACK_NAMES: Final = {code: track.replace("_", " ") for track, code in TRACK_CODES.items()}


def source_rule(state: GPState, source: str) -> tuple[str, str]:
    """The rule of a VP source (``round3``, ``booster9``, ``tech-gaia``, ``final1``, a
    track code, ``charge``, ``spend``, ``bid``, a board action, a faction, ``scenario``)
    and what the VP came from, to end the sentence "gained N VP ..." (see
    :func:`source_sentence`).

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> s = GPState.new(4, DEEP_MIND_2_SETUP)
    >>> source_rule(s, "round2")
    ('gp.setup.round_scoring', 'on the round 2 scoring tile score9')
    >>> source_rule(s, "final1")[1]
    'on the final scoring tile satellite'
    """
    setup = state.setup
    if source.startswith("round") and source[5:].isdigit():
        n = int(source[5:])
        tile = setup.round_scoring[n - 1] if 0 < n <= len(setup.round_scoring) else "?"
        return "gp.setup.round_scoring", f"on the round {n} scoring tile {tile}"
    if source.startswith("final") and source[5:].isdigit():
        n = int(source[5:])
        tile = setup.final_scoring[n - 1] if 0 < n <= len(setup.final_scoring) else "?"
        return "gp.score.final_tiles", f"on the final scoring tile {tile}"
    if source.startswith("booster"):
        return "gp.pass.booster", f"from {source} on passing"
    if source.startswith(("tech-", "adv-")):
        place = source.removeprefix("tech-")
        tile = dict(setup.techs).get(place, "?")
        rule = "gp.tech.advanced" if place.startswith("adv-") else "gp.action.upgrade_tech"
        return rule, f"from the tech tile {tile} (on {place})"
    if source in _TRACK_NAMES:
        return ("gp.score.research", f"for {_TRACK_NAMES[source]} research, 4 VP per level "
                "above 2")
    fixed = {"charge": ("gp.charge.cost", "for charging power, 1 VP less than the power "
                        "each time"),
             "spend": ("gp.score.resources", "for the resources left, 1 VP per 3"),
             "federation": ("gp.action.federation", "from the federation tokens taken"),
             "bid": ("gp.setup.faction_board", "as the bid of the faction auction"),
             "scenario": ("gp.goal", "before the position the scenario describes")}
    if source in fixed:
        return fixed[source]
    if source.startswith(("qic", "power")):
        return "gp.action.board", f"from the board action {source}"
    rule = f"gp.faction.{source.replace('-', '_')}"
    return (rule if rule in RULES else "gp.goal"), f"from the {source} faction ability"


def source_sentence(state: GPState, seat: int, source: str, vp: int) -> tuple[str, str]:
    """The rule and the full sentence of one line of the score breakdown: who gained
    or lost how many VP from what; a final tile says the player's count, the resources
    left how they were counted.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP, GPState
    >>> s = GPState.new(2, DEEP_MIND_2_SETUP)
    >>> s = s.with_seat(0, PlayerState.new("terrans"))
    >>> source_sentence(s, 0, "charge", -3)
    ('gp.charge.cost', 'Terrans lost 3 VP for charging power, 1 VP less than the power each time.')
    >>> source_sentence(s, 0, "round2", 6)[1]
    'Terrans gained 6 VP on the round 2 scoring tile score9.'
    """
    from gaia_lab.games.gaia_project.rules import _name

    p = state.seats[seat]
    rule, what = source_rule(state, source)
    if source.startswith("final") and source[5:].isdigit() and state.phase == "over":
        from gaia_lab.games.gaia_project.final_scoring import FinalCounts

        tile = state.setup.final_scoring[int(source[5:]) - 1]
        counts = final_counts(state, p)
        if isinstance(counts, FinalCounts):
            what += f", counting {counts.count(tile)}"
    elif source == "spend" and state.phase == "over":
        what += f" ({left_vp(state, p)[1]})"
    verb = "gained" if vp >= 0 else "lost"
    return rule, f"{_name(p.faction or f'P{seat + 1}')} {verb} {abs(vp)} VP {what}."


def breakdown(state: GPState) -> ScoreBreakdown:
    """Each player's VP by source (the 10 starting VP as ``start``), each line with its
    rule and a full sentence (:func:`source_sentence`)."""
    from gaia_lab.games.gaia_project.rules import _name

    lines = []
    for seat, p in enumerate(state.seats):
        start = START_VP if p.faction else 0
        lines.append(ScoreLine(seat, "start", start, RULES["gp.setup.vp"],
                               f"{_name(p.faction or f'P{seat + 1}')} started with {start} "
                               "VP."))
        for source, vp in p.vp_sources:
            rule, text = source_sentence(state, seat, source, vp)
            lines.append(ScoreLine(seat, source, vp, RULES[rule], text))
    names = tuple(p.faction or f"p{i + 1}" for i, p in enumerate(state.seats))
    return ScoreBreakdown(names, tuple(lines))
