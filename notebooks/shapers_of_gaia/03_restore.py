# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shapers of Gaia 3: Restore Biomes
#
# The other action: place up to three tiles from your hand.
#
# 1. **Place a tile** on an empty space touching the Caretaker's tile and at least one more tile
#    (or teleport the Caretaker for 1 Energy to any space touching two tiles). Take the DNA token
#    of the space, if any. The Caretaker moves onto the new tile.
# 2. **Resolve one of its two actions.** Each opponent, in turn order, may then take the other.
# 3. Restore another tile or stop; at the end of the turn draw back up to your hand size.
#
# Notation: `restore i_mushroom_1 B7` (`tp` to teleport), `resolve 0`, `take` / `pass`, `stop`.

# %% [markdown]
# > **About the components.** The rulebook prints no Shaper board, Species card or Biome tile:
# > only the values its examples fix (a Scavenger costs 1 Shard on a Crystal, the Predator card
# > that turns 1 Nutrient into 1 Shard and 2 Prestige, the 57 VP of the Scoring Example...).
# > gaia_lab plays with a complete, plausible set that fits every number and rule the rulebook
# > states, marked `reconstructed` in its data files; the rules engine itself is complete. If
# > you own the game, load your printed values: `ShapersOfGaia(load_components("my_folder"))`.

# %% [markdown]
# ## The rulebook's Mushroom

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.shapers_of_gaia import GAME, text
from gaia_lab.games.shapers_of_gaia.examples import (
    CRYSTAL_CONVERSION,
    RESTORE,
    TELEPORT,
    TEMPLE_DNA,
)
from gaia_lab.teaching import board

s = RESTORE.start()
print(GAME.components.tile("i_mushroom_1").describe())
print("hand:", s.state.seat(0).hand, "- Caretaker on", s.state.caretaker)
board(s.state, highlight=[f"space:{x}" for x in ("B7", "B9")])

# %% tags=["nbval-check-output"]
for r in RESTORE.results():
    print(r.summary())
    print()
print(text.log_lines(r.session.events))
board(r.session.state)

# %% [markdown]
# ## Where a tile may not go
#
# The new tile must touch the Caretaker's tile **and** one more tile; teleporting needs 1 Energy
# and a space touching two tiles.

# %% tags=["nbval-check-output"]
s = RESTORE.start()
for move in ["restore i_mushroom_1 B5", "restore i_mushroom_1 B5 tp",
             "restore i_mushroom_1 C0 tp", "restore i_mushroom_1 A0",
             "restore i_water_1 B1"]:
    print(f"{move:28} -> {s.explain(move)}")

# %% [markdown]
# ## Three players: each opponent in turn order
#
# P1 restores a Forest and takes its Seed; P2 leaves the Shard, P3 takes it. Then P1 stops and
# draws back up to three tiles.

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("shapers_of_gaia", scenario={
    "players": 3, "shapers": ["telrin_aviary", "maldera_rivers", "xanarin_preserve"],
    "seats": [{"hand": ["i_mushroom_1", "i_forest_1", "i_crystal_1"]}]})
s.play_many(["restore i_forest_1 B1", "resolve 0", "pass", "take", "stop"])
for line in s.log()[-7:]:
    print(line)
board(s.state)

# %% [markdown]
# ## A DNA token under the tile, a teleport, a conversion

# %% tags=["nbval-check-output"]
for example in (TEMPLE_DNA, TELEPORT, CRYSTAL_CONVERSION):
    print(example.title, "-", example.summary)
    for r in example.results():
        print(r.summary())
    print()
board(r.session.state)
