# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Animals Gathering by simulation: how long is a game, and how does it end?
#
# A game ends when a player has five companions (or fewer with the Elephant's power), or in a
# stalemate when nobody can take a card or roll. How many decisions does that take with 2, 3, 4
# or 5 players? `gaia_lab.simulate` plays seeded games with random players and returns one row
# per game; `estimate` gives a column's mean with its 95% confidence interval (see
# [the overview](../simulation.ipynb) for the table and the policies).
#
# The games here are few, so the notebook runs in a few seconds; the intervals say how far
# the answer could move with more games. Random players are not good players: the figures
# describe random play, a baseline to compare a better policy with.

# %% tags=["nbval-check-output"]
from collections import Counter

import gaia_lab
from gaia_lab.render.charts import interval_chart
from gaia_lab.simulation import Estimate

GAMES = 40
tables = {n: gaia_lab.simulate("animals_gathering", GAMES, players=n, seed=1, executor="serial",
                             progress=False)
          for n in range(2, 6)}
lengths = [tables[n].estimate("decisions", f"{n} players") for n in tables]
for length in lengths:
    print(length)

# %% [markdown]
# Each player added makes the game longer, and with these games the intervals of 2 and of 5
# players are far apart:

# %% tags=["nbval-check-output"]
means = [length.value for length in lengths]
assert means == sorted(means)
assert lengths[0].high < lengths[-1].low
interval_chart(lengths, title="Animals Gathering, random play: decisions a game",
               unit="decisions")

# %% [markdown]
# ## Per player, the game is about as long
#
# Divided by the number of players, the length hardly moves: every interval below overlaps
# the others, so these games cannot tell the counts apart.

# %% tags=["nbval-check-output"]
per_player = [Estimate.of_mean(f"{n} players", [r.decisions / n for r in t.rows])
              for n, t in tables.items()]
for e in per_player:
    print(e)
assert all(a.low < b.high and b.low < a.high for a in per_player for b in per_player)
interval_chart(per_player, title="Decisions a game per player", unit="decisions per player")

# %% [markdown]
# ## How does a game end?
#
# The end reason of each game is in its row. Random players often reach a stalemate with two
# players (nobody can take a card or roll), rarely with four or five: more players empty the
# supply and fill the summoning areas faster. The share of stalemates, with its Wilson
# interval:

# %% tags=["nbval-check-output"]
stalemates = []
for n, t in tables.items():
    ends = Counter(r.end_reason for r in t.rows)
    print(f"{n} players:", dict(sorted(ends.items())))
    stalemates.append(Estimate.of_wins(f"{n} players", ends["stalemate"], len(t)))
assert stalemates[0].low > stalemates[2].high  # 2 players: more stalemates than 4
interval_chart(stalemates, title="Games ended in a stalemate", unit="%")
