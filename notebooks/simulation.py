# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Many games at once: does the first player win more often?
#
# One game tells a story; a question about a game (does going first help? how long is a game?)
# needs hundreds. `gaia_lab.simulate` plays seeded games with a *policy* for every seat and
# returns a table: one row per game with its seed, winners, scores by player and by rulebook
# category, and its number of decisions. The same seed gives the same table on one core, a
# process pool or a cluster, so a result in class can be checked at home.

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.render.charts import win_rate_chart

table = gaia_lab.simulate("animals_gathering", 200, players=4, seed=1)
print(len(table), "games,", round(table.mean("decisions")), "decisions a game on average")
for seat in range(4):
    rate = table.win_rate(seat)
    print(f"seat {seat + 1}: won {rate.wins:3} of {rate.games} "
          f"({rate.rate:.0%}, 95% interval {rate.low:.0%} to {rate.high:.0%})")

# %% [markdown]
# A win shared by several players counts for each of them, so the wins add up to more than the
# games. The chart shows each seat's share with its 95% confidence interval; the dashed line is
# a fair share, one in four. A bar whose interval crosses the line shows no advantage that these
# games can tell apart from chance; more games make the intervals narrower.

# %% tags=["nbval-check-output"]
win_rate_chart(table, title="Animals Gathering, 4 players, random play: who wins?")

# %% [markdown]
# ## A policy is any function
#
# The built-in policies are `"random"`, `"greedy"` (the move that scores most at once) and
# `"lookahead"` (the best margin after the next player's greedy reply). A policy is any function
# `(game, state, legal_actions, rng) -> action`; here the first seat plays greedily and the others
# at random (a function written in a notebook runs on one core: `executor="serial"`).

# %% tags=["nbval-check-output"]
from gaia_lab.simulation import greedy_policy, random_policy


def first_seat_greedy(game, state, legal, rng):
    if game.actor(state) == 0:
        return greedy_policy(game, state, legal, rng)
    return random_policy(game, state, legal, rng)

mixed = gaia_lab.simulate("animals_gathering", 200, policy=first_seat_greedy, players=4,
                          seed=1, executor="serial")
first = mixed.win_rate(0)
print(f"a greedy first seat won {first.wins} of {first.games} "
      f"({first.rate:.0%}, 95% interval {first.low:.0%} to {first.high:.0%})")
win_rate_chart(mixed, title="Animals Gathering: seat 1 greedy, the others random")

# %% [markdown]
# ## Shapers of Gaia and Gaia Project
#
# The same call for every game. A random Gaia Project game takes a few tenths of a second, so
# fewer games here: the intervals are wide.

# %% tags=["nbval-check-output"]
shapers = gaia_lab.simulate("shapers_of_gaia", 200, players=3, seed=1)
print(round(shapers.mean("decisions")), "decisions a game on average")
win_rate_chart(shapers, title="Shapers of Gaia, 3 players, random play")

# %%
project = gaia_lab.simulate("gaia_project", 16, players=2, seed=1)
print(round(project.mean("decisions")), "decisions a game on average;",
      round(project.mean("score_0")), "and", round(project.mean("score_1")), "VP on average")
win_rate_chart(project, title="Gaia Project, 2 players, random play")

# %% [markdown]
# ## One question for each game
#
# `table.estimate(column)` gives a column's mean with its 95% interval and
# `gaia_lab.simulation.Estimate.of_wins` a share of games with its Wilson interval;
# `gaia_lab.render.charts.interval_chart` draws either kind as bars with whiskers. Each game's
# folder has a notebook that asks one question this way:
#
# - [Animals Gathering: how long is a game, how does it end?](animals_gathering/simulation.ipynb)
# - [Shapers of Gaia: what is a Shaper worth?](shapers_of_gaia/simulation.ipynb)
# - [Gaia Project: does the first player win more often?](gaia_project/simulation.ipynb)
# - [GAIA: does the first player win more often?](gaia_tiki/simulation.ipynb)
# - [Black Rose Wars: what is a Mage worth, can Mages win?](black_rose_wars/simulation.ipynb)
