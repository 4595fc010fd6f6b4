# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Animals Gathering 1: setup, step by step
#
# In Animals Gathering two to five mages revive extinct animals: they fill the outlines on
# Animal Index Cards with Magic Stones won from dice rolls. This notebook sets up a four-player
# game one rulebook step at a time and shows the table after each step.

# %% [markdown]
# > **About the components.** The rulebook does not print the 35 Animal Index Cards, the die
# > faces or the stone outlines. gaia_lab plays with a complete, plausible set that fits
# > everything the rulebook says (the Fox steals, the Starfish has a permanent power, the
# > Butterfly scores, the Elephant ends the game early...), marked `reconstructed` in its data
# > files. The rules engine itself is complete. If you own the game, you can load your printed
# > values: `AnimalsGathering(load_components("my_folder"))`.

# %% [markdown]
# ## The components

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.animals_gathering import GAME, text

print(GAME.components.provenance_summary())
print()
print(text.stones_table(GAME))
print()
print(text.dice_table(GAME))
print()
print(text.mages_table(GAME))

# %% [markdown]
# Each Animal Index Card shows its points, its type (land, aquatic or aerial), the outline of
# stones that revives it and its power. Here are all 35:

# %% tags=["nbval-check-output"]
print(text.animals_table(GAME))

# %% [markdown]
# ## The setup steps
#
# With `auto=False` the session stops at every step, also the shuffles and the forced steps,
# so we can walk through the setup as the rulebook lists it. `step()` resolves one shuffle or
# forced step; decisions are played with `play()`.

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("animals_gathering", players=4, seed=2023, auto=False,
                     options={"names": ["Milo", "Howard", "Sandra", "Coco"]})

def step():
    for event in s.step():
        print(f"{event.text}  [{event.rule.citation}]")

print("pending:", s.state.task.kind)

# %% [markdown]
# **Step 1.** The Mage Cards are shuffled and one is dealt to each player.

# %% tags=["nbval-check-output"]
step()

# %% [markdown]
# **Step 2.** The Animal Index Cards are shuffled; each player is dealt three.

# %% tags=["nbval-check-output"]
step()

# %% [markdown]
# Each player keeps one of the three as their starting card. These are decisions: here each
# player keeps the first card offered.

# %% tags=["nbval-check-output"]
for _ in range(4):
    choice = s.legal_actions()[0]
    print(f"{s.names[s.actor]} may choose {[str(a) for a in s.legal_actions()]} and plays {choice}")
    s.play(choice)

# %% [markdown]
# **Step 3.** All other cards, including the ones not kept, are shuffled into the deck, and
# five are turned face up as the communal supply.

# %% tags=["nbval-check-output"]
step()
step()

# %% [markdown]
# **Step 4.** The stones and dice are put within reach of everyone.

# %% tags=["nbval-check-output"]
step()

# %% [markdown]
# **Step 5.** The starting cards are revealed into each player's summoning area, and the player
# with the lowest mage number starts.

# %% tags=["nbval-check-output"]
step()
s.state

# %% [markdown]
# The game is set up: the active player chooses between selecting a supply card and rolling
# the dice. A move that does not fit the moment is refused with the rule:

# %% tags=["nbval-check-output"]
print(s.names[s.actor], "to act; legal:", [str(a) for a in s.legal_actions()][:8], "...")
print(s.explain("keep fox"))
