# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Gaia Project: final scoring
#
# After round 6: the two final scoring tiles (18, 12 and 6 VP for the first three places, ties
# share), 4 VP for each research level above 2, and 1 VP for every 3 credits, ore and knowledge
# left (power and Q.I.C. first converted). This notebook scores deep-mind-2.

# %% [markdown]
# > **About this engine.** The Gaia Project engine plays the recorded-log notation of the
# > online implementation: one action is one line of a log (`terrans build m 1A4.`), several
# > commands of one player in a line are separated by `. `. Component values (tiles, boosters,
# > faction boards) restate public data and are marked `published` in the data files. The
# > engine replays three recorded games (deep-mind-2, JaeggaFun04 and voyager-6, nine of the
# > fourteen factions) to their last lines with every player's VP, and every source of VP,
# > equal to the recorded ones.

# %% tags=["nbval-check-output"]
from gaia_lab.games.gaia_project.game import replay
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.teaching import board

game = recorded_game("deep-mind-2")
moves = game["moves"]
print(len(moves), "lines in the record of", game["game"])

# %% tags=["nbval-check-output"]
from gaia_lab.games.gaia_project.final_scoring import FinalCounts, score_final_tile
from gaia_lab.games.gaia_project.scoring import final_counts, resource_vp

session = replay(game)
final = session.state
print(final)
print("final tiles:", final.setup.final_scoring)

# %% [markdown]
# ## The final tiles

# %% tags=["nbval-check-output"]
for tile in final.setup.final_scoring:
    counts = {}
    for p in final.seats:
        c = final_counts(final, p)
        assert isinstance(c, FinalCounts)
        counts[p.faction] = c.count(tile)
    print(score_final_tile(tile, counts))

# %% [markdown]
# ## Research and resources

# %% tags=["nbval-check-output"]
from gaia_lab.games.gaia_project.components import RESEARCH_TRACKS

for p in final.seats:
    research = sum(4 * max(0, p.level(t) - 2) for t in RESEARCH_TRACKS)
    levels = dict(zip(RESEARCH_TRACKS, p.research))
    print(f"{p.faction:14} research {research:2} VP  {levels}")

# %% [markdown]
# Resources: the Nevlas' planetary institute makes each bowl-III token worth 2 power, so their
# line is computed with 2 per token.

# %% tags=["nbval-check-output"]
for p in final.seats:
    per = 2 if p.faction == "nevlas" and p.count("PI") else 1
    vp, how = resource_vp(p.credits, p.ore, p.knowledge, p.qic, p.bowls, per)
    print(f"{p.faction:14} {vp} VP: {how}")

# %% [markdown]
# ## The whole score by source

# %% tags=["nbval-check-output"]
print(session.score_breakdown().table())

# %% tags=["nbval-check-output"]
board(final)
