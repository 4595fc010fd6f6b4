# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Gaia Project: replaying deep-mind-2
#
# The whole recorded game, move by move: the engine checks every line, scores every VP on its
# source, and ends with the recorded totals. The board is shown after rounds 1, 3 and 6.

# %% [markdown]
# > **About this engine.** The Gaia Project engine plays the recorded-log notation of the
# > online implementation: one action is one line of a log (`terrans build m 1A4.`), several
# > commands of one player in a line are separated by `. `. Component values (tiles, boosters,
# > faction boards) restate public data and are marked `published` in the data files. The
# > engine replays three recorded games (deep-mind-2, JaeggaFun04 and voyager-6, nine of the
# > fourteen factions) to their last lines with every player's VP, and every source of VP,
# > equal to the recorded ones.

# %% tags=["nbval-check-output"]
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.game import GaiaProject, from_bgs, replay
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.render.gaia_project import vp_chart
from gaia_lab.teaching import board, picture

game = recorded_game("deep-mind-2")
moves = game["moves"]
print(len(moves), "lines in the record of", game["game"])

# %% tags=["nbval-check-output"]
s = Session(GaiaProject(), players=4, options={"setup": game["seeded_setup"]})
shown = {}
for line in moves[1:]:
    before = s.state.round
    s.play(line)
    if s.state.round != before and before in (1, 3):
        shown[before] = shown.get(before) or s.history[-1].state
print("lines played:", len(moves) - 1, "| game over:", s.is_over())
print(s.state)

# %% [markdown]
# ## The table after round 1
#
# (The first state of round 2: income is taken, so the resources are those of the start of
# round 2.)

# %% tags=["nbval-check-output"]
board(shown[1])

# %% [markdown]
# ## The table after round 3

# %% tags=["nbval-check-output"]
board(shown[3])

# %% [markdown]
# ## The end of the game

# %% tags=["nbval-check-output"]
board(s.state)

# %% [markdown]
# ## VP by source
#
# Each bar is a player's score split by source: the starting 10 VP, round tiles, boosters (on
# passing), tech tiles, federations, the Q.I.C. actions, research (level rewards during play
# and 4 VP per level above 2 at the end), the final tiles and the resources left. VP paid to
# accept power (charges) go left of the zero line.

# %% tags=["nbval-check-output"]
picture(vp_chart(s.score_breakdown()))

# %% [markdown]
# ## VP over the game
#
# The engine's score breakdown after every decision of the replay: each faction's VP, then
# the Terrans' VP by the same sources as above (round tiles and federations climb in steps;
# charges pull the line below zero).

# %% tags=["nbval-check-output"]
from gaia_lab.render.charts import score_chart, score_history
from gaia_lab.render.gaia_project import vp_by_category

history = score_history(s, by=vp_by_category)
picture(score_chart(history, title="VP after each decision"))

# %% tags=["nbval-check-output"]
seat = history.players.index("terrans")
picture(score_chart(history, player=seat, title="terrans: VP by source"))

# %% [markdown]
# ## The engine against the record
#
# The record gives each player's VP by source (after the starting 10). The engine books every VP
# on the same sources; a cell where the two differed would show the recorded value in brackets.

# %% tags=["nbval-check-output"]
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

# %% [markdown]
# ## Two more recorded games
#
# Two more complete four-player games ship with the package: **JaeggaFun04** (Gleens, Bal T'aks,
# Bescods, Itars) and **voyager-6** (Gleens, Terrans, Itars, Ivits). Each replays the same way,
# every line checked, to the recorded VP of every player and every source. Together the three
# games play nine of the fourteen factions; the other five (Lantids, Ambas, Geodens, Firaks,
# Taklons) are checked rule by rule on built positions in the test suite.

# %% tags=["nbval-check-output"]
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

# %% [markdown]
# The end of voyager-6: the Ivits (red) grew one single federation, round after round, with
# space stations on empty hexes; each extension needed 7 more power value than the last and paid
# its satellites with Q.I.C.

# %% tags=["nbval-check-output"]
ivits = finals["voyager-6"].seats[3]
print(ivits.faction, "federation hexes by extension:")
for part in ivits.federations:
    print("   ", ", ".join(part))
board(finals["voyager-6"])

# %% [markdown]
# VP by source in JaeggaFun04 (`from_bgs` gives a session positioned at the end):

# %% tags=["nbval-check-output"]
picture(vp_chart(from_bgs(recorded_game("JaeggaFun04")).score_breakdown()))
