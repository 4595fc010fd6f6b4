"""The Gaia Project notebooks' cells: (kind, source, flags); kind "md" or "code", flags "check".

Every notebook starts from the recorded four-player game ``deep-mind-2`` (a real game,
shipped with the package in ``gaia_project/data/recorded``) and shows its boards with
``gaia_lab.render.gaia_project.scene``.
"""

from __future__ import annotations

Cell = tuple[str, str, str]


def md(text: str) -> Cell:
    return ("md", text, "")


def code(text: str, flags: str = "") -> Cell:
    return ("code", text, flags)


GP = "Gaia Project"

LOAD = code("""
import json
from pathlib import Path

from IPython.display import SVG

import gaia_lab
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.game import GaiaProject, from_bgs, replay, replay_prefix
from gaia_lab.render.gaia_project import scene, vp_chart

from gaia_lab.games.gaia_project.recorded import recorded_game

game = recorded_game("deep-mind-2")
moves = game["moves"]


def board(state, **kw):
    \"\"\"The table of a Gaia Project state, as SVG.\"\"\"
    return SVG(scene(state, **kw).to_svg())


def upto(n):
    \"\"\"A session that has played the first n lines of the record (the init line counts).\"\"\"
    session, played, error = replay_prefix({**game, "moves": moves[:n]})
    assert error is None and played == n, error
    return session


def show_events(events):
    for e in events:
        rule = f"  [{e.rule.id}]" if e.rule is not None else ""
        print(f"    {e.text}{rule}")


print(len(moves), "lines in the record of", game["game"])
""", "check")

ABOUT = md("""
> **About this engine.** The Gaia Project engine plays the recorded-log notation of the
> online implementation: one action is one line of a log (`terrans build m 1A4.`), several
> commands of one player in a line are separated by `. `. Component values (tiles, boosters,
> faction boards) restate public data and are marked `published` in the data files. The
> engine replays three recorded games (deep-mind-2, JaeggaFun04 and voyager-6, nine of the
> fourteen factions) to their last lines with every player's VP, and every source of VP,
> equal to the recorded ones.
""")

# ---------------------------------------------------------------------------------------
# 1. Setup

SETUP: list[Cell] = [
    md(f"""
# {GP}: setting up

This notebook sets up the recorded game **deep-mind-2**: four players, the ten-sector map, the
seeded tiles, then the factions, the starting mines and the boosters, line by line from the
record.
"""),
    ABOUT,
    LOAD,
    md("""
## What the seed drew

The setup lists each sector with its rotation and centre hex, the boosters in play, the tech
tiles on the research board, the six round scoring tiles and the two final scoring tiles.
"""),
    code("""
from gaia_lab.games.gaia_project.state import Setup

setup = Setup.from_seeded(game["seeded_setup"])
for sector, rotation, q, r in setup.sectors:
    print(f"sector {sector:3} rotated {rotation} x 60 degrees, centre ({q}, {r})")
print("boosters:", ", ".join(setup.boosters))
print("tech tiles:", ", ".join(f"{pos}={tile}" for pos, tile in setup.techs))
print("round scoring:", ", ".join(setup.round_scoring))
print("final scoring:", ", ".join(setup.final_scoring))
print("federation token on terraforming 5:", setup.terraforming_federation)
""", "check"),
    md("""
## The empty table

A hex is named by its sector's tile number and its place around the sector's centre: `C` the
centre, `B0`..`B5` the inner ring, `A0`..`A11` the outer ring. The board's ids use those
names (`hex:5A4`), so a click on the map names the hex a move would write.
"""),
    code("""
s = Session(GaiaProject(), players=4, options={"setup": game["seeded_setup"]})
print(s.state)
board(s.state)
""", "check"),
    md("""
## Factions

Each player in turn chooses a faction. Every choice is a line of the log; a move out of turn,
or a faction already taken, is refused with the reason and the rule.
"""),
    code("""
print([str(m) for m in s.legal_actions()][:6], "...")
s.play(moves[1])
print(moves[1])
print(s.explain("p2 faction terrans"))
print(s.explain("p3 faction nevlas"))
for line in moves[2:5]:
    s.play(line)
    print(line)
""", "check"),
    md("""
## Starting mines

Mines go on home planets in seat order, then in reverse order; the Xenos place a third mine
last. A mine on a planet of another type, or out of turn, is refused.
"""),
    code("""
print(s.explain("terrans build m 5A4"))
print(s.explain("nevlas build m 5A4"))
for line in moves[5:14]:
    events = s.play(line)
    print(line)
    show_events(events)
""", "check"),
    code("""
mines = [f"hex:{h}" for p in s.state.seats for h, _ in p.buildings]
board(s.state, highlight=mines)
""", "check"),
    md("""
## Boosters

In reverse seat order each player takes a round booster; then round 1 begins with income.
"""),
    code("""
print("in the supply:", ", ".join(s.state.boosters))
for line in moves[14:18]:
    events = s.play(line)
    print(line)
    show_events(events)
""", "check"),
    code("""
board(s.state)
""", "check"),
    md("""
## A new game, set up step by step

Without a recorded setup, a new game draws its setup from its seed, one step per part, as the
refresher lists them: the map (all ten sectors for three or four players; sectors 1-7 with 5,
6 and 7 on their outlined side for two), the nine standard tech tiles, six advanced tiles, the
federation token for Terraforming level 5 (never the Gleens' token), six round scoring tiles,
two final scoring tiles, and the boosters (players + 3). With `auto=False` the session stops
at each draw.
"""),
    code("""
new = gaia_lab.Session("gaia_project", players=2, seed=7, auto=False)
while new.actor == "chance":
    events = new.step()
    print(new.history[-1].notation[:90])
    show_events(events)
""", "check"),
    code("""
board(new.state)
""", "check"),
]

# ---------------------------------------------------------------------------------------
# 2. A round

ROUND: list[Cell] = [
    md(f"""
# {GP}: a round in four phases

A round has four phases: **income** (credits, ore, knowledge, Q.I.C. and power from the
structures, research levels, booster and tech tiles), the **Gaia phase** (Transdim planets with
a Gaiaformer become Gaia planets; power tokens in the Gaia area come back), the **actions**
(in turn order, one action each, until everyone has passed) and the **clean-up** (boosters
returned, used actions freed). This notebook follows round 1 of deep-mind-2 and the passage
into round 2.
"""),
    ABOUT,
    LOAD,
    md("""
## Income and the first action

Round 1 begins right after the boosters. Here is the table when the first player acts, with
the Terrans' options for a mine: each label is what the mine costs on top of its 1 ore and
2 credits (ore for terraforming steps, Q.I.C. for range or a Gaia planet). Only hexes where the
engine accepts `build m` are labelled.
"""),
    code("""
from gaia_lab.games.gaia_project.components import load_components
from gaia_lab.games.gaia_project.rules import mine_costs

mine = load_components().board.structure("mine").cost
s = upto(18)
state = s.state
print(state)
p = state.seats[s.actor]
print(p.faction, "has", p.ore, "ore,", p.credits, "credits,", p.knowledge, "knowledge,",
      p.qic, "Q.I.C., power bowls", p.bowls[:3])

base = mine_costs(state, s.actor)
costs = {}
for name, cost in base.items():
    if s.explain(f"{p.faction} build m {name}").legal:
        extra_ore, qic = cost.ore - mine.ore, cost.qic
        costs[name] = " ".join(x for x in (f"{extra_ore}o" if extra_ore else "",
                                           f"{qic}q" if qic else "") if x) or "free"
print(costs)
board(state, annotate=costs, highlight=[f"hex:{h}" for h in costs])
""", "check"),
    md("""
## The actions of round 1

Each line is one turn. A building offers power to the neighbours within 2 hexes (the `charge`
and `decline` lines that follow it, each charge costing one VP less than the power); passing
returns the booster and takes a new one.
"""),
    code("""
i = 18
while s.state.round == 1:
    line = moves[i]
    events = s.play(line)
    i += 1
    print(line)
    if line.split()[1] not in ("charge", "decline"):
        show_events(events)
""", "check"),
    md("""
## Which bowls pay for a Gaia project

A Gaia project moves power tokens into the Gaia area: 4 of them for the Terrans' project on
2A3 in round 3 (at level 3 of the Gaia Project area). The rules let the player take them from bowls
I, II or III; unwritten, the engine takes bowl I first, and a line may name the bowls as
recording programs write them: `using area1: 2, area3: 2`. Each choice leaves different bowls
(the fourth number is the Gaia area; the 6 tokens already there come back in the next Gaia
phase); an impossible choice is refused with its reason. The list of legal actions shows the
default only; the other choices are typed.
"""),
    code("""
k = next(n for n, line in enumerate(moves) if "build gf 2A3" in line)
gp_line = moves[k]
print(gp_line, "| bowls before:", upto(k).state.seats[0].bowls)
for using in ("", " using area1: 1, area2: 1, area3: 2", " using area1: 2, area3: 2",
              " using area1: 1, area2: 3", " using area1: 2"):
    trial = upto(k)
    line = gp_line.rstrip(".") + using
    verdict = trial.explain(line)
    if verdict.legal:
        trial.play(line)
        print(f"{using or ' (bowl I first)':38} -> bowls {trial.state.seats[0].bowls}")
    else:
        print(f"{using:38} -> {verdict.message} [{verdict.rule.id}]")
""", "check"),
    md("""
## From round 1 to round 2

The last pass ends the action phase. The clean-up, the income of round 2 (players with two
power items order them: `income` lines) and the Gaia phase follow; the Terrans' Gaiaformer
turns its Transdim planet into a Gaia planet, and their Gaia-area tokens come back and are
converted with their planetary institute.
"""),
    code("""
while not (s.state.round == 2 and s.state.phase == "actions"):
    line = moves[i]
    events = s.play(line)
    i += 1
    print(line)
    show_events(events)
print(s.state)
""", "check"),
    code("""
board(s.state, highlight=[f"hex:{h}" for h in s.state.gaia_hexes])
""", "check"),
]

# ---------------------------------------------------------------------------------------
# 3. Federations

FEDERATIONS: list[Cell] = [
    md(f"""
# {GP}: federations

A federation is a set of one's structures, joined into one group by satellites on empty space,
whose power value reaches 7 (mine 1, trading station and research lab 2, planetary institute
and academies 3). Satellites cost one power token each, and a federation must use **as few
satellites as possible**. The engine checks each proposed federation and computes the fewest
satellites exactly (a Steiner tree on the hex graph).
"""),
    ABOUT,
    LOAD,
    md("""
## The Hadsch Hallas' first federation

Line 263 of the record: the Hadsch Hallas join their structures in sectors 5 and 9. Here is
the table just before, with the hexes of that federation highlighted.
"""),
    code("""
from gaia_lab.games.gaia_project.federation import check_federation, federation_options
from gaia_lab.games.gaia_project.rules import federation_setting

print(moves[263])
s = upto(263)
state = s.state
seat = state.seat_of("hadsch-hallas")
m = state.space_map
fed = moves[263].split()[2].split(",")
board(state, highlight=[f"hex:{h}" for h in fed])
""", "check"),
    code("""
f = federation_setting(state, seat)
power = {m.name(h): f.values[k] for h, k in sorted(f.structures.items()) if m.name(h) in fed}
satellites = [h for h in fed if m.name(m.hex(h)) not in power]
print("structures and their power values:", power, "=", sum(power.values()))
print("satellites:", satellites)
check = check_federation(m, f.structures, frozenset(m.hex(h) for h in satellites),
                         frozenset(m.hex(h) for h in power), f.others, f.blocked, f.values,
                         f.threshold)
print(check.verdict)
""", "check"),
    md("""
**Why three satellites?** The structures form two groups: 5A6, 5A7 and 5B1 touch one another,
9B1 lies apart. The shortest chain of empty hexes between the groups is three hexes long
(5B3, 5C, 9A2 as recorded; other chains are as short, and any of them may be chosen). Four
satellites are refused with a smaller set named, and two do not connect the groups:
"""),
    code("""
longer = frozenset(m.hex(h) for h in ("5B3", "5C", "9A2", "5B4"))
print(check_federation(m, f.structures, longer, frozenset(m.hex(h) for h in power), f.others,
                       f.blocked, f.values, f.threshold).verdict)
fewer = frozenset(m.hex(h) for h in ("5B3", "5C"))
print(check_federation(m, f.structures, fewer, frozenset(m.hex(h) for h in power), f.others,
                       f.blocked, f.values, f.threshold).verdict)
""", "check"),
    md("""
## Every federation one could form

`federation_options` lists the federations open to a player: each set of structures with
every one of its smallest satellite sets (all of them equally legal). The legal actions of the
game list exactly these, once per federation token left in the supply.
"""),
    code("""
options = federation_options(m, f.structures, f.others, f.blocked, f.values, f.threshold)
for option in options:
    sats = sorted(m.name(h) for h in option.satellites)
    print(f"power {option.power}, {len(sats)} satellites {sats}: {', '.join(option.names(m))}")
recorded_sats = frozenset(m.hex(h) for h in satellites)
print("the recorded satellites are among them:",
      any(o.satellites == recorded_sats for o in options))
""", "check"),
    md("""
A log line may also name only the satellites: the structures they link up belong to the
federation anyway, since no structure touching it may be left out. Both lines below are the
same federation:
"""),
    code("""
short = f"hadsch-hallas federation {','.join(satellites)} fed5"
print(short, "->", s.explain(short).legal)
print(moves[263], "->", s.explain(moves[263]).legal)
""", "check"),
    code("""
events = s.play(moves[263])
show_events(events)
board(s.state)
""", "check"),
    md("""
## All federations of the game

At the end of the game, each player's federations are outlined on the map in the player's
colour; the satellites are the small discs on empty space.
"""),
    code("""
final = replay(game).state
for p in final.seats:
    print(f"{p.faction:14} {len(p.federations)} federations, {p.satellites} satellites,"
          f" tokens {[t for t, _ in p.fed_tokens]}")
board(final)
""", "check"),
]

# ---------------------------------------------------------------------------------------
# 4. Final scoring

FINAL: list[Cell] = [
    md(f"""
# {GP}: final scoring

After round 6: the two final scoring tiles (18, 12 and 6 VP for the first three places, ties
share), 4 VP for each research level above 2, and 1 VP for every 3 credits, ore and knowledge
left (power and Q.I.C. first converted). This notebook scores deep-mind-2.
"""),
    ABOUT,
    LOAD,
    code("""
from gaia_lab.games.gaia_project.final_scoring import FinalCounts, score_final_tile
from gaia_lab.games.gaia_project.scoring import final_counts, resource_vp

session = replay(game)
final = session.state
print(final)
print("final tiles:", final.setup.final_scoring)
""", "check"),
    md("## The final tiles"),
    code("""
for tile in final.setup.final_scoring:
    counts = {}
    for p in final.seats:
        c = final_counts(final, p)
        assert isinstance(c, FinalCounts)
        counts[p.faction] = c.count(tile)
    print(score_final_tile(tile, counts))
""", "check"),
    md("## Research and resources"),
    code("""
from gaia_lab.games.gaia_project.components import RESEARCH_TRACKS

for p in final.seats:
    research = sum(4 * max(0, p.level(t) - 2) for t in RESEARCH_TRACKS)
    levels = dict(zip(RESEARCH_TRACKS, p.research))
    print(f"{p.faction:14} research {research:2} VP  {levels}")
""", "check"),
    md("""
Resources: the Nevlas' planetary institute makes each bowl-III token worth 2 power, so their
line is computed with 2 per token.
"""),
    code("""
for p in final.seats:
    per = 2 if p.faction == "nevlas" and p.count("PI") else 1
    vp, how = resource_vp(p.credits, p.ore, p.knowledge, p.qic, p.bowls, per)
    print(f"{p.faction:14} {vp} VP: {how}")
""", "check"),
    md("## The whole score by source"),
    code("""
print(session.score_breakdown().table())
""", "check"),
    code("""
board(final)
""", "check"),
]

# ---------------------------------------------------------------------------------------
# 5. Replay

REPLAY: list[Cell] = [
    md(f"""
# {GP}: replaying deep-mind-2

The whole recorded game, move by move: the engine checks every line, scores every VP on its
source, and ends with the recorded totals. The board is shown after rounds 1, 3 and 6.
"""),
    ABOUT,
    LOAD,
    code("""
s = Session(GaiaProject(), players=4, options={"setup": game["seeded_setup"]})
shown = {}
for n, line in enumerate(moves[1:], start=1):
    before = s.state.round
    s.play(line)
    if s.state.round != before and before in (1, 3):
        shown[before] = shown.get(before) or s.history[-1].state
print("lines played:", len(moves) - 1, "| game over:", s.is_over())
print(s.state)
""", "check"),
    md("""
## The table after round 1

(The first state of round 2: income is taken, so the resources are those of the start of
round 2.)
"""),
    code("""
board(shown[1])
""", "check"),
    md("## The table after round 3"),
    code("""
board(shown[3])
""", "check"),
    md("## The end of the game"),
    code("""
board(s.state)
""", "check"),
    md("""
## VP by source

Each bar is a player's score split by source: the starting 10 VP, round tiles, boosters (on
passing), tech tiles, federations, the Q.I.C. actions, research (level rewards during play
and 4 VP per level above 2 at the end), the final tiles and the resources left. VP paid to
accept power (charges) go left of the zero line.
"""),
    code("""
SVG(vp_chart(s.score_breakdown()).to_svg())
""", "check"),
    md("""
## The engine against the record

The record gives each player's VP by source (after the starting 10). The engine books every VP
on the same sources; a cell where the two differed would show the recorded value in brackets.
"""),
    code("""
recorded = {f["faction"]: f["vp_by_source_after_start_10"] for f in game["final"]}
ours = {p.faction: dict(p.vp_sources) for p in s.state.seats}
sources = sorted({k for d in (*recorded.values(), *ours.values()) for k in d})
factions = [p.faction for p in s.state.seats]
print(f"{'source':10}" + "".join(f"{f[:13]:>15}" for f in factions))
mismatches = 0
for source in sources:
    cells = []
    for f in factions:
        a, b = ours[f].get(source, 0), recorded[f].get(source, 0)
        mismatches += a != b
        cells.append(f"{a} (rec {b})" if a != b else str(a))
    print(f"{source:10}" + "".join(f"{c:>15}" for c in cells))
print(f"{'total':10}" + "".join(f"{p.vp:>15}" for p in s.state.seats))
print("recorded  " + "".join(f"{f['vp']:>15}" for f in game["final"]))
print("sources that differ:", mismatches)
""", "check"),
    md("""
## Two more recorded games

Two more complete four-player games ship with the package: **JaeggaFun04** (Gleens, Bal T'aks,
Bescods, Itars) and **voyager-6** (Gleens, Terrans, Itars, Ivits). Each replays the same way,
every line checked, to the recorded VP of every player and every source. Together the three
games play nine of the fourteen factions; the other five (Lantids, Ambas, Geodens, Firaks,
Taklons) are checked rule by rule on built positions in the test suite.
"""),
    code("""
from gaia_lab.games.gaia_project.recorded import RECORDED_GAMES

finals = {}
for name in RECORDED_GAMES:
    data = recorded_game(name)
    final = replay(data).state
    finals[name] = final
    differ = sum(
        dict(p.vp_sources).get(k, 0) != f["vp_by_source_after_start_10"].get(k, 0)
        for p, f in zip(final.seats, data["final"])
        for k in {*dict(p.vp_sources), *f["vp_by_source_after_start_10"]})
    print(f"{name:12} {len(data['moves']):4} lines | engine VP",
          [p.vp for p in final.seats], "| recorded", [f["vp"] for f in data["final"]],
          "| sources that differ:", differ)
    for p in final.seats:
        print(f"{'':15}{p.faction:14} {p.vp:4} VP")
""", "check"),
    md("""
The end of voyager-6: the Ivits (red) grew one single federation, round after round, with
space stations on empty hexes; each extension needed 7 more power value than the last and paid
its satellites with Q.I.C.
"""),
    code("""
ivits = finals["voyager-6"].seats[3]
print(ivits.faction, "federation hexes by extension:")
for part in ivits.federations:
    print("   ", ", ".join(part))
board(finals["voyager-6"])
""", "check"),
    md("VP by source in JaeggaFun04 (`from_bgs` gives a session positioned at the end):"),
    code("""
SVG(vp_chart(from_bgs(recorded_game("JaeggaFun04")).score_breakdown()).to_svg())
""", "check"),
]

TURN: list[Cell] = [
    md("""
# Gaia Project 6: a turn, played out, and the cost rules

The refresher ends with one turn told in full. Here it is as a runnable script: each step
plays moves in the recorded-log notation and checks the numbers the text gives (range,
terraforming ore, what is left, the neighbour's charge and its VP price, the returned booster,
the first player of the next round). After it, one short example for each cost rule.
"""),
    code("""
import gaia_lab

examples = {e.id: e for e in gaia_lab.examples("gaia_project")}
turn = examples["gp.example.turn_played_out"]
print(turn.title, "-", turn.summary)
start = turn.start()
start.state
""", "check"),
    code("""
results = list(turn.results())
for result in results:
    print(result.summary())
    print()
""", "check"),
    md("The table after the turn, as the example leaves it:"),
    code("results[-1].session.state", "check"),
    md("""
## The cost rules, one example each

Terraforming cost by Terraforming level, range by Navigation level and Q.I.C., the Gaia
project's power by level, the trading station's cheaper price next to a neighbour, a
federation's power value and satellites, and ties on the final scoring tiles.
"""),
    code("""
for key in ["gp.example.terraforming_cost", "gp.example.range", "gp.example.gaia_project_cost",
            "gp.example.trading_station_cost", "gp.example.federation", "gp.example.final_ties"]:
    example = examples[key]
    print("=" * 8, example.title, "=" * 8)
    for result in example.results():
        print(result.summary())
    print()
""", "check"),
]

PLAY: list[Cell] = [
    md("""
# Gaia Project: play

A four-player table on the recorded game's map: choose factions, place the first mines, then
play rounds with any of the fourteen factions. Click a highlighted hex or a move button; type
any log line into *Why not?* to have it explained, or play it (a choice the lists leave out,
such as the bowls paying for a Gaia project, `using area2: 4`, is typed this way).
"""),
    code("""
import gaia_lab
from gaia_lab.widgets import Explorer

Explorer(gaia_lab.Session("gaia_project", players=4, seed=1))
"""),
]


QUESTIONS: list[Cell] = [
    md("""
# Gaia Project 7: questions players ask

Each question below came up in real games. The position is built from a description with
`GAME.scenario` (only what matters is given; the rest is a plain round-2 table), the line in
question is asked with `explain` or played, and the engine answers with its reason and the
rule. A refusal prints its code, its sentence and the rule; a play prints what it caused.
"""),
    code("""
import gaia_lab
from gaia_lab.games.gaia_project import GAME
from gaia_lab.render.gaia_project import scene
from IPython.display import SVG


def table(first, *others, round=2):
    \"\"\"A round-2 position: the described player to act, the Xenos far away.\"\"\"
    players = [first, *(others or [{"faction": "xenos", "structures": {"5A10": "m"}}])]
    return gaia_lab.Session(GAME, scenario={"round": round, "players": players})


def ask(session, line):
    verdict = session.explain(line)
    where = f" [{verdict.rule.id}]" if verdict.rule is not None else ""
    print(f"{line}\\n  -> {'legal' if verdict.legal else verdict.code}: {verdict.message}{where}")


def pending(session):
    names = session.names
    for task in session.state.pending:
        print("  next:", GAME.flow.describe(task, names))
""", "check"),
    md("""
## "We have used up our satellites: can we still form a federation?"

A player has 25 satellites. With 24 on the board, a federation that needs two is refused,
and it is not among the legal actions; with 23 it is formed and the supply is empty.
"""),
    code("""
line = "terrans federation 10A2,10B0,10B1,10B2,10B5 fed1"
for placed in (24, 23):
    s = table({"faction": "terrans", "structures": {"10B2": "PI", "10A2": "ts", "10B5": "ts"},
               "bowls": [2, 3, 1], "satellites": placed})
    print(f"{placed} satellites placed;",
          "listed" if line in {str(a) for a in s.legal_actions()} else "not listed")
    ask(s, line)
s.play(line)
print("satellites placed now:", s.state.seats[0].satellites)
""", "check"),
    md("""
## "Can I take the ore action when my ore is full?"

Not when the whole reward is lost at the cap (ore stops at 15); a reward that is partly kept
still counts.
"""),
    code("""
for ore in (15, 14):
    s = table({"faction": "terrans", "structures": {"10A2": "m"}, "ore": ore,
               "bowls": [0, 0, 4]})
    ask(s, "terrans action power3")
""", "check"),
    md("""
## "Can I spend a terraforming action on a Gaia planet?"

The free terraforming steps of a power action or of the step booster must be used by the
mine built with them; a Gaia planet (or a planet of the player's own type) takes no step.
"""),
    code("""
s = table({"faction": "terrans", "structures": {"10A2": "m"}, "qic": 2, "bowls": [0, 0, 6],
           "booster": "booster4"})
for line in ("terrans action power6. build m 10B5", "terrans special step. build m 10B5",
             "terrans action power6. build m 10A1"):
    ask(s, line)
""", "check"),
    md("""
## "A lab upgrade reaches Navigation 5 and places the Lost Planet: who may charge?"

Every structure placed or upgraded in the line gives its own charge offers, in table order
from the builder: the Xenos and the Gleens next to the lab, then the Gleens again next to the
Lost Planet.
"""),
    code("""
s = table({"faction": "terrans", "structures": {"10A2": "ts"}, "research": {"nav": 4},
           "fed_tokens": ["fed2"], "ore": 9, "credits": 20},
          {"faction": "xenos", "structures": {"3A7": "m", "5A10": "m"}},
          {"faction": "gleens", "structures": {"10B2": "m"}})
line = "terrans build lab 10A2. tech nav. up nav. lostPlanet 10A4"
ask(s, line)
s.play(line)
pending(s)
""", "check"),
    code("SVG(scene(s.state).to_svg())", "check"),
    md("""
## "The Itars place the Lost Planet in the Gaia phase: when do the neighbours charge?"

At once, before the Itars are asked about their remaining tokens.
"""),
    code("""
itars = {"faction": "itars", "structures": {"3A7": "PI"}, "bowls": [2, 2, 0, 8],
         "research": {"nav": 4}, "fed_tokens": ["fed2"]}
xenos = {"faction": "xenos", "structures": {"10A2": "m", "5A10": "m"}}
s = gaia_lab.Session(GAME, scenario={"round": 3, "phase": "income", "players": [itars, xenos]})
while s.state.pending and s.state.pending[0].kind == "income":
    s.play(s.legal_actions()[0])
s.play("itars spend 4tg for tech. tech nav. up nav. lostPlanet 3A6")
pending(s)
""", "check"),
    md("""
## "With the Nevlas' institute, can I split a token's 2 power?"

Yes, within one line: two bowl III tokens are 4 power, 3 for an ore and 1 for a credit,
written as one spend or as two. One token is 2 power, not 4.
"""),
    code("""
def nevlas(tokens):
    return table({"faction": "nevlas", "structures": {"10A2": "PI"}, "ore": 3,
                  "credits": 10, "bowls": [2, 2, tokens]})

for line in ("nevlas spend 4pw for 1o,1c", "nevlas spend 3pw for 1o. spend 1pw for 1c"):
    s = nevlas(2)
    ask(s, line)
    s.play(line)
    p = s.state.seats[0]
    print(f"  bowls {p.bowls[:3]}, ore {p.ore}, credits {p.credits}")
ask(nevlas(1), "nevlas spend 4pw for 1o,1c")
""", "check"),
    md("""
## "Can I pass and keep my booster for the next round?"

No: a player passing returns the booster and takes another one from the supply.
"""),
    code("""
s = table({"faction": "terrans", "structures": {"10A2": "m"}, "booster": "booster3"})
ask(s, "terrans pass booster3")
""", "check"),
]


NOTEBOOKS_GP: list[tuple[str, str, list[Cell]]] = [
    ("gaia_project/01_setup.ipynb", "setup", SETUP),
    ("gaia_project/02_round.ipynb", "round", ROUND),
    ("gaia_project/03_federations.ipynb", "federations", FEDERATIONS),
    ("gaia_project/04_final_scoring.ipynb", "final scoring", FINAL),
    ("gaia_project/05_replay.ipynb", "replay", REPLAY),
    ("gaia_project/06_turn_played_out.ipynb", "a turn, played out", TURN),
    ("gaia_project/07_questions.ipynb", "questions players ask", QUESTIONS),
    ("gaia_project/play.ipynb", "play", PLAY),
]
