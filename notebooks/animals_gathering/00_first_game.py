# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Animals Gathering 0: your first game
#
# You have never played? Start here. This notebook tells you what the game is about, what is
# on the table, and then plays one turn slowly, with a picture of the table after every step.
# Run the cells from top to bottom (Shift+Enter).
#
# **The goal.** You are a mage. Extinct animals wait on *Animal Index Cards*; each card shows
# the outline of the *Magic Stones* that bring the animal back. Fill an outline and the animal
# is *revived*: it moves to your *companion area*, it is worth the points printed on its card,
# and its power starts to work. When someone has five revived animals (four if one of them is
# the Elephant) the game ends; the most points wins.

# %% [markdown]
# > **About the components.** The rulebook does not print the 35 Animal Index Cards, the die
# > faces or the stone outlines. gaia_lab plays with a complete, plausible set that fits
# > everything the rulebook says, marked `reconstructed` in its data files. The rules engine
# > itself is complete.

# %% [markdown]
# ## What is on the table
#
# - **Magic Stones**, seven kinds, each with a colour and a shape:

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.animals_gathering import GAME, text
from gaia_lab.teaching import board

print(text.stones_table(GAME))

# %% [markdown]
# - **Magic Dice**: two green, two orange, two blue. Each face shows a stone; the colours
#   differ in which stones they show, so the colours you pick matter:

# %% tags=["nbval-check-output"]
print(text.dice_table(GAME))

# %% [markdown]
# - **Mage Cards**: each player has one, with a number (the lowest number starts) and an
#   ability you may use:

# %% tags=["nbval-check-output"]
print(text.mages_table(GAME))

# %% [markdown]
# - **Animal Index Cards**: points, a type (land, aquatic, aerial), the outline of stones and
#   a power. A card you *select* goes to your **summoning area**, where you fill it; a card
#   you *complete* moves to your **companion area** and its power works from then on. Powers
#   come in three kinds: *permanent* (always on), *scoring* (extra points at the end) and
#   *activation* (see below). Five cards lie face up as the **supply**.

# %% [markdown]
# ## The table at the start
#
# Four players; Milo has already revived a Fox and is filling a Starfish and an Owl. In the
# picture the supply and the dice are at the top; each player has a panel: the mage and its
# ability on the first line, the revived animals (companions) on the left, then the cards
# being filled (summoning) with the stones placed so far shown solid and the empty spaces
# as outlines.

# %% tags=["nbval-check-output"]
from gaia_lab.games.animals_gathering.examples import MILO_SCENARIO

s = gaia_lab.Session("animals_gathering", scenario=MILO_SCENARIO)
print(s.names[s.actor], "is the active player; legal now:",
      ", ".join(sorted({a.verb for a in s.legal_actions()})))

# %%
board(s.state)

# %% [markdown]
# ## One turn, step by step
#
# On your turn you do **one** of two things: *select* a card from the supply into your
# summoning area, or *roll the dice*. Milo rolls.
#
# **Step 1: how many dice.** Six, minus the cards in your summoning area that are not yet
# complete. Milo has two (Starfish and Owl), so he rolls exactly four, and chooses their
# colours: two green, one orange, one blue. (In the notation `roll 2g1o1b` asks for those
# dice, and a die is written by its colour and its stone: `gY` is a green die showing a
# yellow sun.)

# %% tags=["nbval-check-output"]
allowed = GAME.rules.dice_allowed(s.state, 0)
s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
roll = [d.label for d in s.state.roll.dice]
print("Milo may roll", allowed[0], "dice; the dice show", roll)
assert allowed == [4]

# %%
board(s.state)

# %% [markdown]
# **Step 2: take the stones that fit.** Every die gives one stone. Milo must take each stone
# that fits an empty space on one of his cards, and decides where it goes. A stone that fits
# nowhere cannot be kept for later. The yellow sun, green square and orange leaf go on the
# Starfish; the white star fits none of his cards (the Owl's white space is already filled).

# %% tags=["nbval-check-output"]
s.play_many(["place Y starfish", "place G starfish", "place O starfish"])
print("Starfish:", s.state.seats[0].card("starfish").stones,
      "| dice left unused:", [s.state.roll.dice[i].label for i in s.state.roll.unused()])
print(s.explain("place W owl").message)

# %%
board(s.state)

# %% [markdown]
# **Step 3: revive.** Milo says he is done placing. The Starfish's outline is full, so it is
# revived and moves to his companion area.
#
# **How activation powers trigger.** An *activation* power fires once every time its owner
# moves a newly revived animal into the companion area, and that includes the animal whose
# power it is. Milo's Fox has an activation power, so reviving the Starfish fires it: the Fox
# may steal one stone from another player's unfinished card, if Milo can place it at once.
# If a power makes another card complete, that revival fires every activation power again.
# Using a power is always optional.

# %% tags=["nbval-check-output"]
s.play("done")
milo = s.state.seats[0]
print("Milo's companions:", milo.companions)
print("the Fox may:", [str(a) for a in s.legal_actions()])
assert "starfish" in milo.companions

# %%
board(s.state)

# %% [markdown]
# Milo uses the Fox: he takes the red triangle from Sandra's Wolf and puts it on his Owl.

# %% tags=["nbval-check-output"]
s.play("use fox steal R wolf owl")
print("Milo's Owl:", s.state.seats[0].card("owl").stones,
      "| Sandra's Wolf:", s.state.seats[2].card("wolf").stones)

# %%
board(s.state)

# %% [markdown]
# **Step 4: the stones Milo could not use.** Every other player, in turn order from Milo's
# left, may take the stone of an unused die, again only to place it at once. **Who gets it
# when several players want it? Each of them**: an unused die does not run out, every other
# player who can place its stone takes one. Howard cannot use a white star; Sandra and Coco
# both can, and both take one.

# %% tags=["nbval-check-output"]
print(s.names[s.actor], "may:", [str(a) for a in s.legal_actions()])
s.play("place W jellyfish")
print(s.names[s.actor], "may:", [str(a) for a in s.legal_actions()])
s.play("place W butterfly")
sandra, coco = s.state.seats[2], s.state.seats[3]
print("Sandra's Jellyfish:", sandra.card("jellyfish").stones,
      "| Coco's companions:", coco.companions)
assert "W" in sandra.card("jellyfish").stones and "butterfly" in coco.companions

# %% [markdown]
# Coco's white star completed her Butterfly, so she revives it too. Milo's turn is over;
# Howard, on his left, is the next active player.

# %% tags=["nbval-check-output"]
print("next:", s.names[s.actor])

# %%
board(s.state)

# %% [markdown]
# ## The end, and who wins
#
# When a player has five animals in their companion area (four with the Elephant), the turn
# is played to its end and the game is scored: the points of the revived animals plus their
# scoring powers. The most points wins; on a tie, the tied player with **fewer** revived
# animals wins; if that is equal too, the tied players share the victory.
#
# Here Ada has five revived animals worth 1 + 2 + 2 + 2 + 1 = 8 points, Ben two worth
# 4 + 4 = 8. Ben takes a card, the game ends, and the tie is decided by the rule:

# %% tags=["nbval-check-output"]
from gaia_lab.games.animals_gathering.examples import TIE_SCENARIO

tie = gaia_lab.Session("animals_gathering", scenario=TIE_SCENARIO)
tie.play("take parrot")
totals = tie.score_breakdown().totals
print(tie.score_breakdown().table())
print("revived animals:", [len(p.companions) for p in tie.state.seats])
print("winner:", [tie.names[i] for i in tie.winners()])
assert totals[0] == totals[1] == 8 and tie.winners() == (1,)

# %% [markdown]
# ## Where next
#
# - [Setup, step by step](01_setup.ipynb): how the table above is dealt.
# - [A turn](02_turn.ipynb): this turn as the rulebook's worked example, with checkpoints.
# - [Play a game](play.ipynb) against the rules.
