# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn by simulation: what is a Mage worth, and can random Mages win?
#
# In the modelled core a Mage is its Health, Strength and Speed (no Mage board or personal
# spell is played), and the six Mages of the data have the same values. So the choice of Mage
# should change nothing: the same seeds should play the same games whatever the Mages. The
# option `mages` gives each seat its Mage; `gaia_lab.simulate` plays seeded games with random
# players and returns one row per game (see [the overview](../simulation.ipynb)).

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.black_rose_wars.components import load_components
from gaia_lab.render.charts import interval_chart
from gaia_lab.simulation import Estimate

mages = load_components().mages
print({(m.health, m.strength, m.speed) for m in mages})
one = gaia_lab.simulate("black_rose_wars", 10, players=2, seed=1, executor="serial",
                        options={"mages": ["rikkart", "angela"]})
other = gaia_lab.simulate("black_rose_wars", 10, players=2, seed=1, executor="serial",
                          options={"mages": ["sefu", "gramigna"]})
same = [(a.winners, a.scores, a.decisions) == (b.winners, b.scores, b.decisions)
        for a, b in zip(one.rows, other.rows)]
print(f"{sum(same)} of {len(same)} games the same")
assert all(same) and one.rows[0].players != other.rows[0].players

# %% [markdown]
# ## Can random Mages beat Gaea?
#
# The Mages win when, at the end, one of them has at least as many Power Points as Gaea and
# the Black Rose, and Gaea has not bloomed
# ([brw.core.end](../../docs/rules/black_rose_wars.md#rule-brw-core-end)). Random Mages, 1 to
# 3 of them, a few games each: the share of games a Mage won, with its 95% Wilson interval.
# No random Mage won one of these games; the
# interval says how large the true share could still be.

# %% tags=["nbval-check-output"]
GAMES = 16
wins, power = [], []
for players in (1, 2, 3):
    table = gaia_lab.simulate("black_rose_wars", GAMES, players=players, seed=1,
                              executor="serial")
    label = f"{players} Mage{'s' if players > 1 else ''}"
    wins.append(Estimate.of_wins(label, sum(bool(r.winners) for r in table.rows), len(table)))
    power.append(Estimate.of_mean(label, [max(r.scores) for r in table.rows]))
for share in wins:
    print(share)
assert all(share.value == 0 and share.high < 0.25 for share in wins)
interval_chart(wins, title="Black Rose Wars, random play: games a Mage won", unit="%")

# %% [markdown]
# The best Mage's Power Points at the end of each game, their mean with its interval:
# random Mages gather only a few points.

# %% tags=["nbval-check-output"]
for e in power:
    print(e)
assert all(e.high < 10 for e in power)
interval_chart(power, title="The best Mage's Power Points at the end", unit="Power Points")
