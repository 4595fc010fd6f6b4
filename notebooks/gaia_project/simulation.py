# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Gaia Project by simulation: does the first player win more often?
#
# The first player of Gaia Project takes the first turn of the first round; the order of the
# later rounds follows the order in which the players passed. Does going first help?
# `gaia_lab.simulate` plays seeded two-player games with random players (every legal turn
# equally likely) and returns one row per game with the winners and the final scores (see
# [the overview](../simulation.ipynb) for the table and the policies).
#
# A random game of Gaia Project takes a fraction of a second, so this notebook plays only a
# few: the 95% confidence intervals are wide, and say so.

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.render.charts import interval_chart, win_rate_chart

table = gaia_lab.simulate("gaia_project", 24, players=2, seed=1, executor="serial")
first, second = table.win_rate(0), table.win_rate(1)
for seat, rate in enumerate((first, second)):
    print(f"seat {seat + 1}: won {rate.wins} of {rate.games} "
          f"({rate.rate:.0%}, 95% interval {rate.low:.0%} to {rate.high:.0%})")

# %% [markdown]
# A shared win counts for both players. The first player won more of these games, but the
# interval still reaches below one in two (the dashed line): 24 games cannot tell this edge
# from chance. More games (`simulate("gaia_project", 400, players=2, seed=1)` on every core)
# narrow the interval.

# %% tags=["nbval-check-output"]
assert first.wins > second.wins
assert first.low < 0.5 < first.high and second.low < 0.5 < second.high
win_rate_chart(table, title="Gaia Project, 2 players, random play: who wins?")

# %% [markdown]
# ## The final scores
#
# The mean final score of each seat, with its 95% interval: the two are close and their
# intervals overlap, as the win shares suggest.

# %% tags=["nbval-check-output"]
scores = [table.estimate(f"score_{seat}", f"seat {seat + 1}") for seat in range(2)]
for score in scores:
    print(score)
assert scores[0].low < scores[1].high and scores[1].low < scores[0].high
interval_chart(scores, title="Final score by seat", unit="VP")
