# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Animals Gathering 2: a turn
#
# On your turn you choose **one** action:
#
# - **select an Animal Index Card** from the supply into your summoning area (it is not revived
#   yet, so its power does not work), or
# - **roll the Magic Dice**: six dice minus your uncompleted cards, colours of your choice.
#   Every rolled stone that fits an unfilled space must be placed at once; you decide where.
#   Completed cards are revived into your companion area and their powers wake up. Stones you
#   could not use are offered to every other player in turn; then they revive too.
#
# Notation: `take fox`, `roll 2g1o1b` (two green, one orange, one blue die), `place Y starfish`,
# `done`, `use fox steal R wolf owl`, `skip fox`... The notebook shows each one in use.

# %% [markdown]
# > **About the components.** The rulebook does not print the 35 Animal Index Cards, the die
# > faces or the stone outlines. gaia_lab plays with a complete, plausible set that fits
# > everything the rulebook says (the Fox steals, the Starfish has a permanent power, the
# > Butterfly scores, the Elephant ends the game early...), marked `reconstructed` in its data
# > files. The rules engine itself is complete. If you own the game, you can load your printed
# > values: `AnimalsGathering(load_components("my_folder"))`.

# %% [markdown]
# ## The rulebook's example: Milo's roll
#
# The example is a runnable script with checkpoints. First the position it starts from:

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.animals_gathering import text

example = gaia_lab.examples("animals_gathering")[0]
print(example.title, "-", example.summary)
start = example.start()
start.state

# %% [markdown]
# Now each step, with its commentary, the moves, the rule and the checkpoints:

# %% tags=["nbval-check-output"]
results = list(example.results())
print(results[0].summary())
results[0].session.state

# %% tags=["nbval-check-output"]
print(results[1].summary())
results[1].session.state

# %% tags=["nbval-check-output"]
print(results[2].summary())
results[2].session.state

# %% tags=["nbval-check-output"]
print(results[3].summary())
results[3].session.state

# %% tags=["nbval-check-output"]
print(results[4].summary())
print(results[5].summary())
results[5].session.state

# %% [markdown]
# The whole turn as the log tells it, each line with its rule:

# %% tags=["nbval-check-output"]
print(text.log_lines(results[-1].session.events))

# %% [markdown]
# The same example as a widget: step with Next and Previous.

# %%
from gaia_lab.widgets import Walkthrough

Walkthrough(example)

# %% [markdown]
# ## Is this legal?
#
# Back at the start of Milo's turn, every wrong move is refused with the reason and the rule.
# A refused move changes nothing.

# %% tags=["nbval-check-output"]
s = example.start()
for move in ["roll 2g2o1b", "roll 2g1o", "take fox", "take parrot", "use fox steal R wolf owl"]:
    print(f"{move:26} -> {s.explain(move)}")

# %% tags=["nbval-check-output"]
s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
for move in ["place W owl", "place B starfish", "done", "place R owl"]:
    print(f"{move:18} -> {s.explain(move)}")

# %% [markdown]
# A verdict shown on its own (the last line of a cell) names its rule with a link to it on
# the rules page of the game:

# %% tags=["nbval-check-output"]
s.explain("place B starfish")

# %% [markdown]
# `play` raises `IllegalActionError` (carrying the verdict) and changes nothing:

# %% tags=["nbval-check-output"]
before = s.state
try:
    s.play("done")
except gaia_lab.IllegalActionError as error:
    print("refused:", error.verdict.code, "-", error.verdict.rule.citation)
assert s.state == before
try:
    s.play("plaice Y starfish")
except gaia_lab.NotationError as error:
    print("unreadable:", error)

# %% [markdown]
# ## Selecting a card
#
# Instead of rolling, Milo could select a supply card; the supply is refilled from the deck.

# %% tags=["nbval-check-output"]
s = example.start()
events = s.play("take parrot")
print(text.log_lines(events))
print("supply now:", ", ".join(s.game.rules.name(a) for a in s.state.supply))

# %% [markdown]
# ## The mages
#
# Each player's mage gives one ability; the engine offers it exactly when it applies.
# Mage 4 may roll two extra dice, so Milo with mage 4 could roll 4 or 6:

# %% tags=["nbval-check-output"]
import copy

from gaia_lab.games.animals_gathering.examples import MILO_SCENARIO

spec = copy.deepcopy(MILO_SCENARIO)
spec["players"][0]["mage"], spec["players"][1]["mage"] = 4, 3
milo4 = gaia_lab.Session("animals_gathering", scenario=spec)
print("dice Milo may roll:", milo4.game.rules.dice_allowed(milo4.state, 0))
print(milo4.explain("roll 2g2o2b"))

# %% [markdown]
# Mage 1 takes one extra stone of its choice when the roll shows four different stones:

# %% tags=["nbval-check-output"]
spec = copy.deepcopy(MILO_SCENARIO)
spec["players"][0]["mage"], spec["players"][1]["mage"] = 1, 3
milo1 = gaia_lab.Session("animals_gathering", scenario=spec)
milo1.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
print([str(a) for a in milo1.legal_actions() if a.verb == "bonus"][:6], "...")
milo1.play("bonus P owl")
print(milo1.log()[-1])

# %% [markdown]
# Mage 2 may discard a die it did not use, so nobody else can take its stone:

# %% tags=["nbval-check-output"]
spec = copy.deepcopy(MILO_SCENARIO)
spec["players"][0]["mage"], spec["players"][3]["mage"] = 2, 3
milo2 = gaia_lab.Session("animals_gathering", scenario=spec)
milo2.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
milo2.play_many(["place Y starfish", "place G starfish", "place O starfish", "done"])
print([str(a) for a in milo2.legal_actions()])

# %% [markdown]
# ## Free play
#
# Your turn. Click a highlighted card or die on the board, or a button; type any move in
# *Why not?* to have it explained.

# %%
from gaia_lab.widgets import Explorer

Explorer(gaia_lab.Session("animals_gathering", players=4, seed=11,
                          options={"names": ["Milo", "Howard", "Sandra", "Coco"]}))
