# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # GAIA (Tiki Editions) by simulation: does the first player win more often?
#
# In GAIA the first player places the first card and may be the first to reach a City or an
# Objective. Does that show in who wins? `gaia_lab.simulate` plays seeded three-player games
# with random players and returns one row per game with its winners (see
# [the overview](../simulation.ipynb) for the table and the policies).

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.render.charts import interval_chart, win_rate_chart

table = gaia_lab.simulate("gaia_tiki", 150, players=3, seed=1, executor="serial")
rates = [table.win_rate(seat) for seat in range(3)]
for seat, rate in enumerate(rates):
    print(f"seat {seat + 1}: won {rate.wins} of {rate.games} "
          f"({rate.rate:.0%}, 95% interval {rate.low:.0%} to {rate.high:.0%})")

# %% [markdown]
# A fair share is one game in three (the dashed line). With these games every seat's 95%
# interval holds the fair share: random play shows no first-player advantage that 150 games
# can tell from chance.

# %% tags=["nbval-check-output"]
assert all(rate.low < 1 / 3 < rate.high for rate in rates)
win_rate_chart(table, title="GAIA, 3 players, random play: who wins?")

# %% [markdown]
# ## How long is a game?
#
# The number of decisions of each game is in its row; its mean with the 95% interval:

# %% tags=["nbval-check-output"]
length = table.estimate("decisions", "3 players")
print(length)
assert 50 < length.low < length.high < 150
interval_chart([length], title="GAIA, random play: decisions a game", unit="decisions",
               width=260)
