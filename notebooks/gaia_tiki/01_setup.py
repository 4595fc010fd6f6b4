# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # GAIA (Tiki Editions) 1: the game, its components and the setup
#
# **The goal.** Two to five players build one world together, a tile at a time, and found
# Cities on it. Each player has a handful of meeples (5, or 6 when two play). Meeples go on the
# Cities you found or help, and on the Objectives you complete. **The first player to have all
# of their meeples on the table wins.**
# ([Goal](../../docs/rules/gaia_tiki.md#rule-gt-goal))
#
# **A turn in plain words.** First you feed your Cities that eat Animals. Then you take two
# actions. Each action either **draws** a card (a face-up one, or the top of a deck) or
# **plays** one from your hand:
#
# - a **Nature** card lays a terrain tile next to the others, and you take a chip of that
#   terrain;
# - a **City** card founds a City on a tile of its terrain, if the tiles around it meet at
#   least 2 of its 4 needs;
# - an **Animal** card puts Animal tokens on a tile. Cities need them, and they get eaten.
#
# Whenever a move makes a City meet more needs, the mover puts a meeple on it. Chips complete
# Objectives, which take a meeple too.
#
# This notebook lays out the components and then sets up a three-player game one step at a
# time. The rules in English, with every rule the engine cites, are on the
# [rules page](../../docs/rules/gaia_tiki.md).

# %% [markdown]
# > **About the components.** GAIA's card lists are not public. The counts are (40 Nature cards,
# > 19 Cities and 12 Animal cards, 9 Objectives, 48 tiles, 20 Animal tokens), but not what each
# > card shows. So gaia_lab plays with a complete, plausible set that fits those counts: the
# > terrain and four needs of every City, the terrains and tokens of every Animal card, the chips
# > of every Objective, the chip supply and the whole Power deck are **reconstructed**, and
# > marked so in the data files (`gaia_lab/games/gaia_tiki/data/`). The rules engine is
# > complete. If you own the game, load your printed values:
# > `GaiaTiki(load_components("my_folder"))`.
# > ([what is known and what is reconstructed](../../docs/rules/gaia_tiki.md#gaia-tiki-components))

# %%
import gaia_lab
from gaia_lab.games.gaia_tiki import GAME
from gaia_lab.games.gaia_tiki.teaching import (
    animal_cards_table,
    cities_table,
    hand,
    objectives_table,
    terrains_table,
)
from gaia_lab.render.gaia_tiki import ABBREVIATION
from gaia_lab.teaching import board, show_events

c = GAME.components



# %% [markdown]
# ## The components
#
# Six terrains. Each has land tiles, Nature cards and chips; only the chip counts are
# reconstructed.

# %% tags=["nbval-check-output"]
print(c.provenance_summary())
print()
print(terrains_table(c))
assert sum(c.tiles_total()) == 48 and len(c.deck("nature")) == 40

# %% [markdown]
# The Life deck: 19 Cities and 12 Animal cards. A City is built on the terrain it shows (a
# star: any terrain but sea) and has four needs. A need is a terrain, or an animal: a goat
# or a fish.

# %% tags=["nbval-check-output"]
print(cities_table(c))
print()
print(animal_cards_table(c))
life = c.deck("life")
assert len(life) == 31 and sum(1 for card in life if c.is_city(card)) == 19

# %% [markdown]
# The Objectives ask for chips; the Power Objective (advanced game with Powers) asks for 4
# Power cards played.

# %% tags=["nbval-check-output"]
print(objectives_table(c))
assert len(c.objectives) == 9

# %% [markdown]
# On the board each terrain and animal is written with two letters, so the picture never
# relies on colour alone:

# %% tags=["nbval-check-output"]
print(", ".join(f"{code} {name}" for name, code in ABBREVIATION.items()))

# %% [markdown]
# ## The setup, step by step
#
# With `auto=False` the session stops at every step, including the shuffles and the steps
# the rules resolve by themselves. `s.step()` resolves one of them, and `show_events` prints
# what happened with the rule it follows.

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("gaia_tiki", players=3, seed=2014, auto=False)
print(s.pending)

# %% [markdown]
# **1. The decks are shuffled**, and so are the Objectives
# ([gt.setup.decks](../../docs/rules/gaia_tiki.md#rule-gt-setup-decks)).
#
# **2. The first tile.** The top Nature card is turned over, and a tile of its terrain goes
# on the centre square F6
# ([gt.setup.first_tile](../../docs/rules/gaia_tiki.md#rule-gt-setup-first-tile)).

# %% tags=["nbval-check-output"]
show_events(s.step())
show_events(s.step())
assert [t.at for t in s.state.tiles] == ["F6"]
print("tiles on the table:", [(t.at, t.terrain) for t in s.state.tiles])

# %%
board(s.state)

# %% [markdown]
# **3. The markets.** Three Nature cards and two Life cards are turned face up beside their
# decks ([gt.setup.market](../../docs/rules/gaia_tiki.md#rule-gt-setup-market)).
#
# **4. The hands.** Each player gets 2 Nature cards and 1 Life card
# ([gt.setup.hands](../../docs/rules/gaia_tiki.md#rule-gt-setup-hands)).

# %% tags=["nbval-check-output"]
show_events(s.step())
show_events(s.step())
print("markets:", {deck: [c.face(x) for x in s.state.market(deck)] for deck in ("nature", "life")})
for seat in range(3):
    print(f"P{seat + 1}: {hand(s.state, seat)}")
    assert sorted(c.card_kind(x) for x in s.state.seat(seat).hand) == ["life", "nature", "nature"]

# %% [markdown]
# **5. The Objectives.** As many Objectives as players, plus two, are revealed; the chips lie
# beside them ([gt.setup.objectives](../../docs/rules/gaia_tiki.md#rule-gt-setup-objectives)).
# Each player has 5 meeples
# ([gt.components.meeples](../../docs/rules/gaia_tiki.md#rule-gt-components-meeples)).

# %% tags=["nbval-check-output"]
show_events(s.step())
assert len(s.state.objectives) == 3 + 2
assert [p.meeples for p in s.state.seats] == [5, 5, 5]
print(s.pending)

# %% [markdown]
# The table is ready. Here it is. The grid shows the first tile and the free squares next
# to it, where the next tile may go. On the right are the decks with their counts, the
# markets, the Objectives, the supplies and the Cities (none yet). Below are the three
# players: their meeples, their chips and their hands.

# %%
board(s.state)

# %% [markdown]
# This is the teacher's view, with every hand face up. A player's own view shows only their
# own hand; the others show just the backs of their cards, which tell the deck (the rules
# let everyone see what kinds of card a player holds,
# [gt.goal.panel](../../docs/rules/gaia_tiki.md#rule-gt-goal-panel)).

# %%
board(s.state, viewer=1)

# %% [markdown]
# ## Two players, and the advanced game
#
# With two players each has 6 meeples. The advanced game adds the red Power deck, with its
# own market of 2 cards and one Power card in every starting hand
# ([gt.setup.hands](../../docs/rules/gaia_tiki.md#rule-gt-setup-hands)).

# %% tags=["nbval-check-output"]
two = gaia_lab.Session("gaia_tiki", players=2, seed=7, options={"advanced": True})
state = two.state
print("meeples:", [p.meeples for p in state.seats])
print("Power market:", [c.face(x) for x in state.market("power")],
      "- Power deck:", len(state.deck("power")), "cards")
for seat in range(2):
    print(f"P{seat + 1}: {hand(state, seat)}")
assert [len(p.hand) for p in state.seats] == [4, 4]

# %% [markdown]
# Next: [a turn](02_turn.ipynb).
