# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shapers of Gaia 1: setup, step by step
#
# In Shapers of Gaia two or three Shapers restore a ruined world: they place Biome tiles around
# the Vault (**Restore Biomes**) and bring animals back to them (**Introduce an Animal**),
# building an Ecosystem of Species cards that pays resources. This notebook sets up a
# three-player game one rulebook step at a time and shows the table after each step.

# %% [markdown]
# > **About the components.** The rulebook prints no Shaper board, Species card or Biome tile:
# > only the values its examples fix (a Scavenger costs 1 Shard on a Crystal, the Predator card
# > that turns 1 Nutrient into 1 Shard and 2 Prestige, the 57 VP of the Scoring Example...).
# > gaia_lab plays with a complete, plausible set that fits every number and rule the rulebook
# > states, marked `reconstructed` in its data files; the rules engine itself is complete. If
# > you own the game, load your printed values: `ShapersOfGaia(load_components("my_folder"))`.

# %% [markdown]
# ## The components

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.shapers_of_gaia import GAME, text
from gaia_lab.teaching import board

print(GAME.components.provenance_summary())
print()
print(text.resources_table(GAME))
print()
print(text.vault_table(GAME))
print()
print(text.behaviors_table(GAME))

# %% [markdown]
# The 37 Biome tiles: the Vault, three starting Water tiles and three starting land tiles, then
# stages I, II and III (each tile has two actions and may ask an extra cost to introduce an
# animal on it):

# %% tags=["nbval-check-output"]
print(text.tiles_table(GAME))

# %% [markdown]
# ## The setup steps
#
# With `auto=False` the session stops at every step, also the shuffles and the forced steps.
# `step()` resolves one of them and prints what happened with its rule. The board starts with
# the Vault in the centre and the three starting Water tiles around it; the Caretaker stands on
# the Water tile with its icon (A0).

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("shapers_of_gaia", players=3, seed=2022, auto=False)

def step():
    kind = s.state.task.kind
    for event in s.step():
        print(f"[{kind}] {event.text}  [{event.rule.citation}]")

print("pending:", s.state.task.kind)
board(s.state)

# %% [markdown]
# **Player setup.** Each player is dealt a Shaper (its board holds their ten animals).

# %% tags=["nbval-check-output"]
step()
board(s.state)

# %% [markdown]
# **Game board.** The starting Forest, Crystal and Mushroom go between the Water tiles, in a
# random order.

# %% tags=["nbval-check-output"]
step()
board(s.state)

# %% [markdown]
# The Biome tiles are shuffled by stage and stacked I over II over III.

# %% tags=["nbval-check-output"]
step()
board(s.state)

# %% [markdown]
# Each player is dealt three tiles into their hand.

# %% tags=["nbval-check-output"]
step()
board(s.state)

# %% [markdown]
# The DNA tokens go on their spaces of the board.

# %% tags=["nbval-check-output"]
step()
board(s.state)

# %% [markdown]
# The three Species decks (Scavengers, Herbivores, Predators) are shuffled. The Behavior cards
# of a first game show sides 1A, 2A and 3B.

# %% tags=["nbval-check-output"]
step()
board(s.state)

# %% [markdown]
# Two cards of each deck are turned face up as its display.

# %% tags=["nbval-check-output"]
step()
board(s.state)

# %% [markdown]
# Last, the start player is chosen at random. The game begins:

# %% tags=["nbval-check-output"]
step()
print(s.names[s.actor], "to act;", len(s.legal_actions()), "legal actions, e.g.",
      [str(a) for a in s.legal_actions()][:4])
board(s.state)

# %% [markdown]
# A move that does not fit the moment is refused with the reason and the rule:

# %% tags=["nbval-check-output"]
for move in ["intro S1 C0", "intro P1 A3", "restore i_forest_1 C5", "take"]:
    print(f"{move:22} -> {s.explain(move)}")
