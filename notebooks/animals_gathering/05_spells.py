# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Animals Gathering 5: the Spell Card variant
#
# With the variant, each player is dealt two Spell Cards at setup and keeps one. A spell stays
# hidden until used, is used **once**, and may be used **at any time**: even on another
# player's turn or at final scoring.
#
# The engine offers a spell during any of its holder's own decisions, and opens a short window
# (cast or `no-spell`) for every holder whose spell fits the moments the FAQ names: before a
# player chooses their action, after a roll, before the active player revives, before unused
# stones are offered, and at final scoring. Notation: `cast <spell> <choices>`.

# %% [markdown]
# > **About the components.** The rulebook does not print the 35 Animal Index Cards, the die
# > faces or the stone outlines. gaia_lab plays with a complete, plausible set that fits
# > everything the rulebook says (the Fox steals, the Starfish has a permanent power, the
# > Butterfly scores, the Elephant ends the game early...), marked `reconstructed` in its data
# > files. The rules engine itself is complete. If you own the game, you can load your printed
# > values: `AnimalsGathering(load_components("my_folder"))`.

# %% tags=["nbval-check-output"]
import copy

import gaia_lab
from gaia_lab.games.animals_gathering import GAME, text
from gaia_lab.games.animals_gathering.examples import MILO_SCENARIO

print(text.spells_table(GAME))

# %% [markdown]
# ## Rock 'n' Roll on someone else's roll
#
# The FAQ: a spell can force another player to reroll dice of *your* choosing. Sandra holds
# Rock 'n' Roll; right after Milo's roll she gets a window:

# %% tags=["nbval-check-output"]
spec = copy.deepcopy(MILO_SCENARIO)
spec["spells"] = True
spec["players"][2]["spells"] = ["rock_n_roll"]
s = gaia_lab.Session("animals_gathering", scenario=spec)
s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
print(s.names[s.actor], "may:", [str(a) for a in s.legal_actions()][:5], "...")
s.play("cast rock_n_roll gY gG", chance=["dice gB gR"])
print(text.log_lines(s.history[-2].events + s.history[-1].events))
s.state

# %% [markdown]
# ## Bubble-Burster and Blessed by Glory
#
# Coco keeps the others from the unused stones with Bubble-Burster; at the end of the game a
# Blessed by Glory raises one scoring power by half.

# %% tags=["nbval-check-output"]
spec = copy.deepcopy(MILO_SCENARIO)
spec["spells"] = True
spec["players"][3]["spells"] = ["bubble_burster"]
s = gaia_lab.Session("animals_gathering", scenario=spec)
s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
s.play_many(["place Y starfish", "place G starfish", "place O starfish", "done",
             "use fox steal R wolf owl"])
print(s.names[s.actor], "may:", [str(a) for a in s.legal_actions()])
s.play("cast bubble_burster")
print(text.log_lines(s.history[-1].events))

# %% tags=["nbval-check-output"]
final = gaia_lab.Session("animals_gathering", scenario={
    "spells": True,
    "players": [
        {"name": "Ada", "mage": 1, "companions": ["giraffe", "octopus", "crab", "starfish"],
         "summoning": {"hummingbird": "RG"}, "spells": ["blessed_by_glory"]},
        {"name": "Ben", "mage": 2, "companions": ["lion"], "summoning": {"salmon": "RRB"}},
    ],
    "active": 0,
    "supply": ["rabbit", "tortoise", "parrot", "shark", "deer"],
})
final.play("roll 2g2o1b", chance=["dice gG gY oO oR bB"])
final.play_many(["place O hummingbird", "done"])
print(final.names[final.actor], "may:", [str(a) for a in final.legal_actions()])
final.play("cast blessed_by_glory giraffe")
print(final.score_breakdown().table())

# %% [markdown]
# ## Free play with spells

# %%
from gaia_lab.widgets import Explorer

Explorer(gaia_lab.Session("animals_gathering", players=3, seed=3, options={"spells": True}))
