# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shapers of Gaia 2: Introduce an Animal
#
# On your turn you either **introduce an animal** or **restore biomes**. To introduce one:
#
# 1. **Move your Shaper** up to 3 tiles (over Water and tiles with animals), ending on a land
#    tile without an animal; or teleport anywhere for 1 Energy.
# 2. **Pay** the animal's cost in the biome's resource (Shards on Crystal, Spores on Mushroom,
#    Seeds on Forest; any one basic on a Temple or the Vault), plus the tile's extra cost, and
#    place the animal. A missing Nutrient or Energy is paid with a Toxicity token.
# 3. **Shaper abilities** unlocked by the emptied space resolve.
# 4. **Add a Species card** of the animal's type to the row of the resource you paid with
#    (a display card or the top of the deck, side A or B).
# 5. **Activate that row**: every card in it, in the order you choose.
#
# Notation: `intro S2 A3` (the animal of space S2 onto A3), `intro H2 vh1 tp seed` (teleport to
# the Vault, pay in Seeds), `card h10 A`, `card top B replace s01`, `activate p01`, `decline p01`.

# %% [markdown]
# > **About the components.** The rulebook prints no Shaper board, Species card or Biome tile:
# > only the values its examples fix (a Scavenger costs 1 Shard on a Crystal, the Predator card
# > that turns 1 Nutrient into 1 Shard and 2 Prestige, the 57 VP of the Scoring Example...).
# > gaia_lab plays with a complete, plausible set that fits every number and rule the rulebook
# > states, marked `reconstructed` in its data files; the rules engine itself is complete. If
# > you own the game, load your printed values: `ShapersOfGaia(load_components("my_folder"))`.

# %% [markdown]
# ## Moving and paying: a Scavenger on a Crystal

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.shapers_of_gaia import text
from gaia_lab.games.shapers_of_gaia.examples import (
    ACTIVATE,
    CONVERSION,
    EXTRA_NUTRIENT,
    INTRODUCE,
    TEMPLE_SEED,
)
from gaia_lab.teaching import board


def show(example):
    print(example.title, "-", example.summary)
    results = list(example.results())
    for r in results:
        print()
        print(r.summary())
    return board(results[-1].session.state)

s = INTRODUCE.start()
board(s.state)

# %% tags=["nbval-check-output"]
show(INTRODUCE)

# %% [markdown]
# ## An extra cost paid with Toxicity

# %% tags=["nbval-check-output"]
show(EXTRA_NUTRIENT)

# %% [markdown]
# ## A Temple: the player picks the basic resource, and so the row

# %% tags=["nbval-check-output"]
show(TEMPLE_SEED)

# %% [markdown]
# ## Rows and activation

# %% tags=["nbval-check-output"]
show(ACTIVATE)

# %% [markdown]
# A card with a payment is a conversion: activating it is optional (`decline` leaves it), and a
# missing Nutrient or Energy becomes a Toxicity token.

# %% tags=["nbval-check-output"]
show(CONVERSION)

# %% [markdown]
# The whole turn of the conversion example as the log tells it:

# %% tags=["nbval-check-output"]
done = list(CONVERSION.results())[-1].session
print(text.log_lines(done.events))

# %% [markdown]
# ## Is this legal?
#
# At the start of the first example, every wrong move is refused with the reason and the rule.
# A Shaper may pass Water but not end there; a space of the Vault takes only its animal type.

# %% tags=["nbval-check-output"]
s = INTRODUCE.start()
for move in ["intro S2 A0", "intro S2 C0", "intro P1 A3", "intro S2 vh1 seed",
             "intro S2 vs1 shard", "intro S2 A3"]:
    print(f"{move:20} -> {s.explain(move)}")

# %% [markdown]
# A row holds at most four cards. A fifth card must replace one of them, and the player takes
# 2 Toxicity tokens for it:

# %% tags=["nbval-check-output"]
full = gaia_lab.Session("shapers_of_gaia", scenario={
    "shapers": ["telrin_aviary", "maldera_rivers"],
    "seats": [{"rows": [["s01", "s02", "s04", "s05"], [], []]}]})
full.play("intro S2 A3")
print(full.explain("card top A"))
print([str(a) for a in full.legal_actions()][:4], "...")
full.play("card top A replace s01")
print("Toxicity:", full.state.seat(0).toxicity, "- rows:", text.rows_text(full.state, 0))
board(full.state)

# %% [markdown]
# ## The same examples as a widget

# %%
from gaia_lab.widgets import Walkthrough

Walkthrough(ACTIVATE)
