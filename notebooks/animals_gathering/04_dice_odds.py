# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Animals Gathering 4: dice odds, exactly
#
# Every roll is a chance step. The engine lists each possible result with its **exact**
# probability (a fraction), so questions such as *"what is the chance that this roll revives
# the Starfish?"* have exact answers, which we then check against simulated rolls.

# %% [markdown]
# > **About the components.** The rulebook does not print the 35 Animal Index Cards, the die
# > faces or the stone outlines. gaia_lab plays with a complete, plausible set that fits
# > everything the rulebook says (the Fox steals, the Starfish has a permanent power, the
# > Butterfly scores, the Elephant ends the game early...), marked `reconstructed` in its data
# > files. The rules engine itself is complete. If you own the game, you can load your printed
# > values: `AnimalsGathering(load_components("my_folder"))`.

# %% [markdown]
# ## Every result of Milo's roll

# %% tags=["nbval-check-output"]
import gaia_lab

example = gaia_lab.examples("animals_gathering")[0]
s = example.start()
s_manual = gaia_lab.Session("animals_gathering", scenario=example.scenario, auto=False)
s_manual.play("roll 2g1o1b")
outcomes = s_manual.game.chance_outcomes(s_manual.state)
print(len(outcomes), "different results; probabilities add up to", sum(p for _, p in outcomes))
for action, p in sorted(outcomes, key=lambda o: -o[1])[:5]:
    print(f"{str(action):22} {str(p):>7} = {float(p):.4f}")

# %% [markdown]
# The same results as a histogram: how many *different* stones the four dice show (mage 1
# gives an extra stone when a roll shows four or more), each result's probability summed
# from the engine's exact outcomes.

# %% tags=["nbval-check-output"]
from collections import Counter

from gaia_lab.render.charts import odds_chart
from gaia_lab.teaching import picture

shown = Counter()
for action, p in outcomes:
    shown[f"{len({face[1] for face in action.args})} different"] += p
picture(odds_chart(sorted(shown.items()), likely_first=False,
                   title="roll 2g1o1b: how many different stones"))

# %% [markdown]
# ## Which colours give the best chance to revive the Starfish?
#
# The Starfish still needs a yellow sun, a green square and an orange leaf. For each choice of
# four dice, the exact chance that the roll can complete it (using Milo's abilities: mage 3
# could trade two orange leaves for any stone), next to 20,000 simulated rolls:

# %% tags=["nbval-check-output"]
from gaia_lab.games.animals_gathering.odds import (
    completion_odds,
    expected_fitting,
    simulate_completion,
)

odds = completion_odds(s.game, s.state, "Milo", "starfish")
print(f"{'roll':8} {'exact':>9} {'':>8} {'simulated':>9}")
for roll, p in sorted(odds.items(), key=lambda kv: -kv[1]):
    sim = simulate_completion(s.game, s.state, "Milo", "starfish", roll, trials=20_000, seed=1)
    assert abs(sim - float(p)) < 0.01
    print(f"{roll:8} {str(p):>9} {float(p):8.4f} {sim:9.4f}")

# %% tags=["nbval-check-output"]
picture(odds_chart(odds.items(), title="Chance that the roll completes the Starfish"))

# %% [markdown]
# In the rulebook Milo rolled 2 green, 1 orange, 1 blue: a 5/48 chance (about 10%). Two green
# and two orange dice would have doubled it.
#
# How many stones can he expect to place (on any of his cards) for each choice?

# %% tags=["nbval-check-output"]
for roll in odds:
    e = expected_fitting(s.game, s.state, "Milo", roll)
    print(f"{roll:8} {float(e):.3f} stones expected to fit")

# %% [markdown]
# ## Suppose you roll...
#
# A teacher can force a result to discuss it: the forced result is an ordinary chance action
# in the record.

# %% tags=["nbval-check-output"]
s.play("roll 2g2o", chance=["dice gY gG oO oO"])
print(s.log()[-2:])
print([str(a) for a in s.legal_actions()])
