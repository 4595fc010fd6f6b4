# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # GAIA (Tiki Editions) 0: your first game
#
# You have never played? Start here: the goal, what every part of the table is, and one
# turn told in plain words with a picture of the table after each step. The setup, the
# worked examples of each rule and the advanced game come later, in the other notebooks.
# Run the cells from top to bottom (Shift+Enter).
#
# **The goal.** Two to five players build one world together, a square tile at a time, and
# found Cities on it. Each player has a handful of **meeples** (little wooden people): 5, or
# 6 when two play. Meeples go on the Cities you found or help, and on the **Objectives** you
# complete. **The first player with all of their meeples on the table wins**
# ([gt.goal](../../docs/rules/gaia_tiki.md#rule-gt-goal)). If someone draws the last card
# of a deck first, the game ends there and the player with the most meeples on the table wins
# ([gt.end.last_card](../../docs/rules/gaia_tiki.md#rule-gt-end-last-card)).
#
# **A turn** has two parts: first your Cities that eat Animals are fed, then you take **two
# actions**. Each action either *draws* a card (one of the face-up cards, or the top of a
# deck) or *plays* a card from your hand
# ([gt.turn.actions](../../docs/rules/gaia_tiki.md#rule-gt-turn-actions)).

# %% [markdown]
# > **About the components.** GAIA's card lists are not public. The counts are (40 Nature
# > cards, 19 Cities, 12 Animal cards, 9 Objectives, 48 tiles, 20 Animal tokens), but not what
# > each card shows. So gaia_lab plays with a complete, plausible set that fits those counts:
# > the terrain and needs of every City, the Animal cards, the Objectives' chips, the chip
# > supply and the Power deck are **reconstructed**, and marked so in the data files. The
# > rules engine itself is complete. The rule source is a rules summary in Italian; the
# > [rules page](../../docs/rules/gaia_tiki.md) gives every rule in English.

# %% [markdown]
# ## What is on the table
#
# **Terrain tiles and Nature cards.** The world is a grid of squares, columns A to K and rows
# 1 to 11, with the first tile in the middle, on F6. There are six terrains. A **Nature card**
# (green back) shows one terrain: playing it lays a tile of that terrain on an empty square
# next to (sharing a side with) a tile already there, and gives you a **chip** of that
# terrain ([gt.nature.place](../../docs/rules/gaia_tiki.md#rule-gt-nature-place)). When a
# terrain's chips are used up, its Nature cards cannot be played.

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.gaia_tiki import GAME
from gaia_lab.games.gaia_tiki.components import ANIMAL_TOKENS
from gaia_lab.games.gaia_tiki.rules import meeples_per_player
from gaia_lab.games.gaia_tiki.teaching import (
    animal_cards_table,
    cities_table,
    city_needs,
    hand,
    legal_by_verb,
    objectives_table,
    powers_table,
    terrains_table,
)
from gaia_lab.teaching import board, show_events

c = GAME.components
print(terrains_table(c))
print("meeples per player:", {n: meeples_per_player(n) for n in range(2, 6)})
assert sum(c.tiles_total()) == 48 and len(c.deck("nature")) == 40
assert meeples_per_player(2) == 6 and meeples_per_player(3) == 5

# %% [markdown]
# **City cards and their needs.** The **Life** deck (blue back) holds City cards and Animal
# cards. A City card shows the terrain it is built on and **four needs**: terrains, or an
# animal (a goat or a fish). A need is **met** when a square sharing a side with the City holds
# a tile of that terrain, or tokens of that animal; diagonals never count. The number of needs
# met is the City's **satisfaction**
# ([gt.satisfaction.count](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-count)). Three
# of the 19 Cities, the ones of the turn below:

# %% tags=["nbval-check-output"]
print(cities_table(c, only=["alba", "ilio", "gelso"]))
assert len(c.cities) == 19 and c.city("gelso").needs == ("mountain", "sea", "goat", "plain")

# %% [markdown]
# Satisfaction decides everything about a City:
#
# - To **found** a City you play its card on a tile of its terrain, and at least **2** of its
#   needs must be met; one of your meeples goes on it
#   ([gt.city.needs](../../docs/rules/gaia_tiki.md#rule-gt-city-needs)). A City **covers** its
#   tile: the Cities around can no longer use that terrain.
# - Whoever **raises** a City's satisfaction, with a tile or Animals, puts a meeple on it, even
#   on another player's City, but at most one meeple of each colour per City
#   ([gt.satisfaction.raise](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-raise)).
# - A City that **falls to 1** need met sends its meeples home; **at 0** it is removed
#   ([gt.satisfaction.lower](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-lower)).
#
# **Animal cards and Animal tokens.** An Animal card puts goat or fish tokens on a tile of the
# terrain it names. Animals meet the goat and fish needs, and they do not cover their tile. But
# they get eaten: at the start of your turn, each of your Cities with an animal need eats
# one token from a tile next to it
# ([gt.feed.when](../../docs/rules/gaia_tiki.md#rule-gt-feed-when)).

# %% tags=["nbval-check-output"]
print(animal_cards_table(c))
print("Animal tokens in the bank:", ANIMAL_TOKENS)
assert sum(a.copies for a in c.animals) == 12 and ANIMAL_TOKENS == 20

# %% [markdown]
# **Objectives.** As many Objectives as players, plus two, lie face up. Each asks for a set of
# chips. As soon as you hold them all, the chips are discarded and one of your meeples goes
# on the Objective, for good: nobody can send it home
# ([gt.objective.claim](../../docs/rules/gaia_tiki.md#rule-gt-objective-claim)).

# %% tags=["nbval-check-output"]
print(objectives_table(c))
revealed = gaia_lab.Session("gaia_tiki", players=3, seed=1).state.objectives
print("revealed in a three-player game:", len(revealed))
assert len(c.objectives) == 9 and len(revealed) == 3 + 2

# %% [markdown]
# **Powers** belong to the advanced game: a third, red deck of cards such as Rain (a desert
# becomes a plain) or the Volcano (a City is destroyed). Your first game does without them;
# [notebook 5](05_advanced_powers.ipynb) plays them.

# %% tags=["nbval-check-output"]
print("\n".join(line for line in powers_table(c).splitlines()
                if line.startswith(("Rain", "Volcano"))))
assert c.power("rain").describe().startswith("turn a desert or swamp")
assert c.power("volcano").describe().startswith("destroy a City")

# %% [markdown]
# ## The table
#
# Three players, early in the game. P1 (blue) owns **Alba** on F6 (a plain), which
# needs forest, sea, goat and mountain. P2 (yellow) owns **Ilio** on G7 (a mountain), which
# needs mountain, forest, goat and desert. Goats graze on F5 and G6. P1 holds a mountain card,
# the City Gelso and a plain card, and already has a mountain chip and a sea chip.
#
# In the picture each square shows its terrain; a City shows its four needs, a filled box for a
# need met, and a black bar on each side where a neighbour meets one. On the right: the decks
# and the face-up cards, the Objectives, the supply of chips, tiles and Animal tokens, and each
# City's needs in words. Below: one panel per player, with meeples, chips and hand (this is the
# teacher's view: every hand is shown).

# %% tags=["nbval-check-output"]
FIRST_TURN = {
    "players": 3,
    "tiles": {"F6": "plain", "F5": "forest", "E6": "sea", "G6": "plain", "G7": "mountain",
              "G8": "desert", "E7": "forest"},
    "animals": {"G6": ["goat", 2], "F5": ["goat", 1]},
    "cities": {"F6": ["alba", [0]], "G7": ["ilio", [1]]},
    "objectives": ["peaks", "fields", "woods", "coast", "dunes"],
    "seats": [{"hand": ["mountain", "gelso", "plain"], "chips": {"mountain": 1, "sea": 1}}],
}
s = gaia_lab.Session("gaia_tiki", scenario=FIRST_TURN)
print(city_needs(s.state, "F6"))
print(city_needs(s.state, "G7"))
print("meeples still to place:", [p.meeples for p in s.state.seats])
print("P1's hand:", hand(s.state, 0))
assert s.state.city_at("F6").met == 3 and s.state.city_at("G7").met == 2
assert [p.meeples for p in s.state.seats] == [4, 4, 5]

# %%
board(s.state, highlight=["cell:F6", "cell:G7"])

# %% [markdown]
# ## One turn, step by step
#
# **Step 1: feeding.** Before acting, P1 must feed Alba, which needs a goat. Goats stand on two
# tiles next to it, so P1 chooses which one
# ([gt.feed.choice](../../docs/rules/gaia_tiki.md#rule-gt-feed-choice)). P1 takes the goat
# of F5, its only one: the two goats of G6 still meet Alba's goat need, so Alba keeps its 3
# needs met.

# %% tags=["nbval-check-output"]
print(s.pending)
print(legal_by_verb(s))
show_events(s.play("feed F6 from F5"))
assert s.state.tile_at("F5").animals == 0 and s.state.tile_at("G6").animals == 2
assert s.state.city_at("F6").met == 3

# %%
board(s.state, highlight=["cell:F5", "cell:F6"])

# %% [markdown]
# **Why not found Gelso now?** Gelso stands on a forest and needs mountain, sea, goat and plain.
# The squares that share a side with E7 are E6, E8, D7 and F7; of them only the sea E6 meets a
# need (Alba's plain on F6 is diagonal to E7, and covered by Alba anyway). One need is not
# enough:

# %% tags=["nbval-check-output"]
verdict = s.explain("city gelso E7")
print(verdict.message)
assert not verdict and verdict.code == "city.needs"

# %% [markdown]
# **Step 2, action 1: a Nature card.** P1 lays a mountain tile on F7 and takes a mountain chip.
# This one tile does three things:
#
# - Alba meets its fourth need, mountain: 4 of 4. P1 already has a meeple on Alba, so no
#   second one goes there.
# - P2's Ilio meets mountain too: 2 becomes 3. P1 raised it, so P1 puts a meeple on it, beside
#   P2's.
# - P1 now holds 2 mountain chips and 1 sea chip: exactly what the Objective **Peaks** asks
#   for. The chips are discarded and a third meeple of P1's goes on Peaks.
#
# P1 had 4 meeples to place; now 2.

# %% tags=["nbval-check-output"]
show_events(s.play("tile mountain F7"))
alba, ilio = s.state.city_at("F6"), s.state.city_at("G7")
peaks = s.state.objectives[0]
print("Alba:", alba.met, "needs met; Ilio:", ilio.met, "needs met, meeples of",
      [s.names[seat] for seat in ilio.meeples])
print("Peaks claimed by", s.names[peaks.claimed], "| P1's meeples to place:",
      s.state.seat(0).meeples)
assert (alba.met, ilio.met, sorted(ilio.meeples)) == (4, 3, [0, 1])
assert peaks.card == "peaks" and peaks.claimed == 0 and s.state.seat(0).meeples == 2
assert sum(s.state.seat(0).chips) == 0

# %%
board(s.state, highlight=["cell:F7", "cell:G7"])

# %% [markdown]
# **Step 3, action 2: a City card.** Now the forest E7 touches the mountain F7 and the sea E6:
# 2 needs, enough to found Gelso. P1 plays it, and a meeple goes on it. Gelso covers the forest
# of E7, but no City was using that forest. That was P1's second action: the turn ends, and
# P2's begins by feeding Ilio, which eats one of the goats of G6.

# %% tags=["nbval-check-output"]
show_events(s.play("city gelso E7"))
print(city_needs(s.state, "E7"))
print("meeples still to place:", [p.meeples for p in s.state.seats])
print(s.pending)
assert s.state.city_at("E7").met == 2 and s.state.seat(0).meeples == 1
assert s.state.city_at("F6").met == 4 and s.state.city_at("G7").met == 3
assert s.state.tile_at("G6").animals == 1

# %%
board(s.state, highlight=["cell:E7"])

# %% [markdown]
# P1 has one meeple left to place: whatever places it next (raising a City, founding one or
# claiming an Objective) wins the game. P2 and P3 will try to stop that. In the advanced game
# they could steal Ilio from P1 or send P1's meeples home with Powers; in the base game their
# best defence is to win first, or to cover the tiles P1's Cities need with Cities of their
# own.

# %% [markdown]
# ## Where next
#
# - [The components and the setup, step by step](01_setup.ipynb), then [a turn](02_turn.ipynb)
#   with the moves the rules refuse and the hand limit.
# - [The satisfaction of a City](03_satisfaction.ipynb), [feeding](04_feeding.ipynb),
#   [the advanced game with Powers](05_advanced_powers.ipynb) and
#   [the end of the game](06_ending.ipynb), each with a worked example checked step by step.
# - [Play a game](play.ipynb).
