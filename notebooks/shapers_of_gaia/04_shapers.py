# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shapers of Gaia 4: the six Shapers
#
# Each Shaper board holds 4 Scavengers, 4 Herbivores and 2 Predators. Introducing an animal
# empties its space, and the spaces unlock the Shaper's abilities: an instant ability resolves
# each time one of its animals is introduced; a persistent one works from then on, with a
# second level when its second space is emptied. Emptied spaces are also worth the VP printed
# under them at the end.

# %% [markdown]
# > **About the components.** The rulebook prints no Shaper board, Species card or Biome tile:
# > only the values its examples fix (a Scavenger costs 1 Shard on a Crystal, the Predator card
# > that turns 1 Nutrient into 1 Shard and 2 Prestige, the 57 VP of the Scoring Example...).
# > gaia_lab plays with a complete, plausible set that fits every number and rule the rulebook
# > states, marked `reconstructed` in its data files; the rules engine itself is complete. If
# > you own the game, load your printed values: `ShapersOfGaia(load_components("my_folder"))`.

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.shapers_of_gaia import GAME, text
from gaia_lab.teaching import board

print(text.shapers_table(GAME))

# %% [markdown]
# The special Species cards each Shaper may add instead of a display card:

# %% tags=["nbval-check-output"]
print("\n".join(line for line in text.species_table(GAME).splitlines() if "sp_" in line))

# %% [markdown]
# ## Purify Water (Maldera Rivers)
#
# Maldera's first Scavenger gains 1 Nutrient for each Water tile next to it:

# %% tags=["nbval-check-output"]
from gaia_lab.games.shapers_of_gaia.examples import PURIFY

for r in PURIFY.results():
    print(r.summary())
board(r.session.state)

# %% [markdown]
# ## Stasis Chambers (Maldera Rivers)
#
# Locked until a Herbivore of H1 or H2 is introduced; then, for 2 Energy, one of Maldera's
# animals on a tile moves into the Vault.

# %% tags=["nbval-check-output"]
spec = {"shapers": ["maldera_rivers", "telrin_aviary"], "seats": [{"resources": {"energy": 2}}]}
locked = gaia_lab.Session("shapers_of_gaia", scenario=dict(spec, animals=[["A3", 0, "S1"]]))
print("locked:  ", locked.explain("stasis A3 vh1"))
s = gaia_lab.Session("shapers_of_gaia", scenario=dict(spec, animals=[["A3", 0, "H2"]]))
print("unlocked:", [str(a) for a in s.legal_actions() if a.verb == "stasis"])
s.play("stasis A3 vh1")
print(s.log()[-1], "- Energy left:", s.state.seat(0).resource("energy"))
board(s.state)

# %% [markdown]
# ## Three more Shapers at the table: a seeded game after 90 moves

# %% tags=["nbval-check-output"]
import random

s = gaia_lab.Session("shapers_of_gaia", players=3, seed=4,
                     options={"shapers": ["synthara_lab", "oraplexis_terraria",
                                          "rastar_nursery"]})
rng = random.Random(4)
for _ in range(90):
    s.play(rng.choice(s.legal_actions()))
print(text.describe(GAME, s.state))
board(s.state)
