# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shapers of Gaia 5: scoring
#
# The game ends after the round in which a player has only one type of animal left, or the tile
# stack runs out, plus one more full round. Then each player:
#
# 1. places DNA tokens on matching icons of their Species cards and covers empty Shaper-board
#    spaces with the others (and with Toxicity tokens), bottom first;
# 2. scores the three **Behavior cards**, the **DNA** rows, the **animals introduced** (the VP of
#    the emptied spaces), the **Vault**, the **Resource Track**, **Prestige**, and loses 5 VP for
#    every token that covers nothing.
#
# The rulebook's Scoring Example reaches 57 VP. Here it is as a runnable script.

# %% [markdown]
# > **About the components.** The rulebook prints no Shaper board, Species card or Biome tile:
# > only the values its examples fix (a Scavenger costs 1 Shard on a Crystal, the Predator card
# > that turns 1 Nutrient into 1 Shard and 2 Prestige, the 57 VP of the Scoring Example...).
# > gaia_lab plays with a complete, plausible set that fits every number and rule the rulebook
# > states, marked `reconstructed` in its data files; the rules engine itself is complete. If
# > you own the game, load your printed values: `ShapersOfGaia(load_components("my_folder"))`.

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.shapers_of_gaia.examples import SCORING
from gaia_lab.teaching import board

print(SCORING.title, "-", SCORING.summary)
for r in SCORING.results():
    print(r.summary())
s = r.session

# %% [markdown]
# The breakdown, by rulebook category:

# %% tags=["nbval-check-output"]
print(s.score_breakdown().table())

# %% tags=["nbval-check-output"]
for line in s.score_breakdown().lines:
    if line.player == 0 and line.points:
        print(f"{line.category:20} {line.points:>3}  {line.explanation}")

# %% [markdown]
# The table: Telrin's Scavengers on the outer ring (C0, C1, C9), the Herbivores next to them and
# in the Vault, the Predator on C11 next to two Herbivores.

# %% tags=["nbval-check-output"]
board(s.state)

# %% [markdown]
# ## A whole game

# %% tags=["nbval-check-output"]
import random

game = gaia_lab.Session("shapers_of_gaia", players=3, seed=8)
rng = random.Random(8)
while not game.is_over():
    game.play(rng.choice(game.legal_actions()))
print(f"{game.decisions} decisions")
print(game.score_breakdown().table())
print("winner:", [game.names[i] for i in game.winners()])
board(game.state)

# %% [markdown]
# The game as charts: each player's prestige after every decision, where the first player's
# points came from, and the final breakdown (the engine's own score breakdown throughout).

# %% tags=["nbval-check-output"]
from gaia_lab.render.charts import score_bars, score_chart, score_history
from gaia_lab.teaching import picture

history = score_history(game)
picture(score_chart(history, title="Points after each decision"))

# %% tags=["nbval-check-output"]
picture(score_chart(history, player=0, title=f"{game.names[0]}: points by source"))

# %% tags=["nbval-check-output"]
picture(score_bars(game.score_breakdown(), title="Final points by category"))
