# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shapers of Gaia by simulation: what is a Shaper worth?
#
# Each player is a Shaper with its own board, abilities and special cards. Does the Shaper
# change who wins? The option `shapers` gives each seat its Shaper, so every ordered pair of
# Shapers can play the same seeded games: each Shaper meets every other one, as first and as
# second player. `gaia_lab.simulate` plays them (random players, two seats); a Shaper's win
# share with its 95% Wilson interval answers the question for random play (see
# [the overview](../simulation.ipynb) for the table and the policies).

# %% tags=["nbval-check-output"]
from itertools import permutations

import gaia_lab
from gaia_lab.games.shapers_of_gaia.components import load_components
from gaia_lab.render.charts import interval_chart
from gaia_lab.simulation import Estimate

shapers = [s.id for s in load_components().shapers]
GAMES = 4  # games for each ordered pair of Shapers
won = dict.fromkeys(shapers, 0)
played = dict.fromkeys(shapers, 0)
for pair in permutations(shapers, 2):
    table = gaia_lab.simulate("shapers_of_gaia", GAMES, players=2, seed=1, executor="serial",
                              options={"shapers": list(pair)})
    for row in table.rows:
        for seat, shaper in enumerate(pair):
            played[shaper] += 1
            won[shaper] += seat in row.winners
shares = [Estimate.of_wins(s.split("_")[0].capitalize(), won[s], played[s]) for s in shapers]
for share in shares:
    print(share)

# %% [markdown]
# A fair share is one game in two (the dashed line). Under random play the Shapers are not
# equal: with these games Maldera's interval lies below one in two and Oraplexis' above it.

# %% tags=["nbval-check-output"]
by_name = {share.label: share for share in shares}
assert by_name["Maldera"].high < 0.5 < by_name["Oraplexis"].low
assert by_name["Maldera"].high < by_name["Oraplexis"].low
interval_chart(shares, title="Shapers of Gaia, 2 players, random play: win share by Shaper",
               unit="%", reference=0.5, reference_label="a fair share: 1 in 2")

# %% [markdown]
# Random players do not use a Shaper's abilities as a player would, so this measures the
# Shapers' boards under random play, not their worth in a real game. The `"greedy"` and
# `"lookahead"` policies, or one of your own, ask the same question of better play.
