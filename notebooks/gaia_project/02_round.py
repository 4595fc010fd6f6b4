# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Gaia Project: a round in four phases
#
# A round has four phases: **income** (credits, ore, knowledge, Q.I.C. and power from the
# structures, research levels, booster and tech tiles), the **Gaia phase** (Transdim planets with
# a Gaiaformer become Gaia planets; power tokens in the Gaia area come back), the **actions**
# (in turn order, one action each, until everyone has passed) and the **clean-up** (boosters
# returned, used actions freed). This notebook follows round 1 of deep-mind-2 and the passage
# into round 2.

# %% [markdown]
# > **About this engine.** The Gaia Project engine plays the recorded-log notation of the
# > online implementation: one action is one line of a log (`terrans build m 1A4.`), several
# > commands of one player in a line are separated by `. `. Component values (tiles, boosters,
# > faction boards) restate public data and are marked `published` in the data files. The
# > engine replays three recorded games (deep-mind-2, JaeggaFun04 and voyager-6, nine of the
# > fourteen factions) to their last lines with every player's VP, and every source of VP,
# > equal to the recorded ones.

# %% tags=["nbval-check-output"]
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.games.gaia_project.teaching import replay_upto
from gaia_lab.teaching import board, show_events

game = recorded_game("deep-mind-2")
moves = game["moves"]
print(len(moves), "lines in the record of", game["game"])

# %% [markdown]
# ## Income and the first action
#
# Round 1 begins right after the boosters. Here is the table when the first player acts, with
# the Terrans' options for a mine: each label is what the mine costs on top of its 1 ore and
# 2 credits (ore for terraforming steps, Q.I.C. for range or a Gaia planet). Only hexes where the
# engine accepts `build m` are labelled.

# %% tags=["nbval-check-output"]
from gaia_lab.games.gaia_project.components import load_components
from gaia_lab.games.gaia_project.rules import mine_costs

mine = load_components().board.structure("mine").cost
s = replay_upto(game, 18)
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

# %% [markdown]
# ## The actions of round 1
#
# Each line is one turn. A building offers power to the neighbours within 2 hexes (the `charge`
# and `decline` lines that follow it, each charge costing one VP less than the power); passing
# returns the booster and takes a new one.

# %% tags=["nbval-check-output"]
i = 18
while s.state.round == 1:
    line = moves[i]
    events = s.play(line)
    i += 1
    print(line)
    if line.split()[1] not in ("charge", "decline"):
        show_events(events)

# %% [markdown]
# ## Which bowls pay for a Gaia project
#
# A Gaia project moves power tokens into the Gaia area: 4 of them for the Terrans' project on
# 2A3 in round 3 (at level 3 of the Gaia Project area). The rules let the player take them from
# bowls I, II or III; unwritten, the engine takes bowl I first, and a line may name the bowls as
# recording programs write them: `using area1: 2, area3: 2`. Each choice leaves different bowls
# (the fourth number is the Gaia area; the 6 tokens already there come back in the next Gaia
# phase); an impossible choice is refused with its reason. The list of legal actions shows the
# default only; the other choices are typed.

# %% tags=["nbval-check-output"]
k = next(n for n, line in enumerate(moves) if "build gf 2A3" in line)
gp_line = moves[k]
print(gp_line, "| bowls before:", replay_upto(game, k).state.seats[0].bowls)
for using in ("", " using area1: 1, area2: 1, area3: 2", " using area1: 2, area3: 2",
              " using area1: 1, area2: 3", " using area1: 2"):
    trial = replay_upto(game, k)
    line = gp_line.rstrip(".") + using
    verdict = trial.explain(line)
    if verdict.legal:
        trial.play(line)
        print(f"{using or ' (bowl I first)':38} -> bowls {trial.state.seats[0].bowls}")
    else:
        print(f"{using:38} -> {verdict.message} [{verdict.rule.id}]")

# %% [markdown]
# ## From round 1 to round 2
#
# The last pass ends the action phase. The clean-up, the income of round 2 (players with two
# power items order them: `income` lines) and the Gaia phase follow; the Terrans' Gaiaformer
# turns its Transdim planet into a Gaia planet, and their Gaia-area tokens come back and are
# converted with their planetary institute.

# %% tags=["nbval-check-output"]
while not (s.state.round == 2 and s.state.phase == "actions"):
    line = moves[i]
    events = s.play(line)
    i += 1
    print(line)
    show_events(events)
print(s.state)

# %% tags=["nbval-check-output"]
board(s.state, highlight=[f"hex:{h}" for h in s.state.gaia_hexes])
