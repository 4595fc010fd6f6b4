# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shapers of Gaia 0: your first game
#
# You have never played? Start here: the goal, what is on the table, then two turns played
# slowly with a picture of the table after each step, and at the end how the game ends and
# how it is scored. Run the cells from top to bottom (Shift+Enter).
#
# **The goal.** Two or three *Shapers* bring a ruined world back to life. On your turn you
# either **restore biomes** (lay landscape tiles on the board, which pays you resources) or
# **introduce an animal** (spend those resources to put one of your animals on a tile, which
# adds a card to your *Ecosystem* that pays you more each time it works). At the end the player
# with the most points (VP) wins.

# %% [markdown]
# > **About the components.** The rulebook prints no Shaper board, Species card or Biome tile:
# > only the values its examples fix. gaia_lab plays with a complete, plausible set that fits
# > every number and rule the rulebook states, marked `reconstructed` in its data files; the
# > rules engine itself is complete.

# %% [markdown]
# ## What is on the table
#
# **The board** is a hexagon of 37 spaces in rings around the centre. Spaces are named by
# ring: **V** is the centre (the Vault), **A0-A5** the first ring, **B0-B11** the second,
# **C0-C17** the third, the **outer ring**. At the start only the Vault and the first ring
# hold tiles: three Water tiles and a Forest, a Crystal and a Mushroom between them.
#
# **Biome tiles**: Water (the Shapers may walk over it, not stop on it), Crystal, Forest,
# Mushroom, Temple, and the Vault in the centre. Each tile shows two actions (what you gain
# when you restore it) and sometimes an extra cost to introduce an animal on it.
#
# **Resources**, tracked on each player's Resource Track: three *basic* ones, **Shards**
# (paid on a Crystal), **Seeds** (on a Forest) and **Spores** (on a Mushroom), and two
# *advanced* ones, **Nutrients** and **Energy**. Whatever is left at the end scores by level:

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.shapers_of_gaia import GAME, text
from gaia_lab.teaching import board

print(text.resources_table(GAME))

# %% [markdown]
# **Toxicity** tokens are what you take when a payment asks for a Nutrient or an Energy you
# do not have: you may always pay those two with Toxicity instead. Toxicity you still hold at
# the end covers the points of your own introduced animals, so avoid it.
#
# **Prestige** tokens are victory points you collect during the game (1 or 5 VP each); some
# actions cost Prestige, and those you cannot pay with Toxicity.
#
# **DNA** tokens (yellow, blue, red: the discs marked Y, B, R) lie on empty board spaces;
# restoring a tile there gives you the token. At the end each DNA token goes on a Species
# card showing its icon.
#
# **Your Shaper board** holds your ten animals: four Scavengers (S1-S4), four Herbivores
# (H1-H4) and two Predators (P1, P2). Each space shows the animal's cost and the VP the empty
# space scores at the end; introducing some animals unlocks your Shaper's abilities.
#
# **Species cards** come in three decks (Scavengers, Herbivores, Predators), two of each face
# up as a display. A card has **two sides, A and B**, each with its own effect and DNA icon;
# when you take a card you choose the side that faces up, for good. Cards go into your three
# **Ecosystem rows**, named after the basic resource you paid: Shard, Spore and Seed.

# %% [markdown]
# ## The table at the start
#
# Two players: P1 plays Telrin Aviary (orange) and P2 Maldera Rivers (dark blue). P1's Shaper
# stands on the Forest A1, P2's on the Vault. The Caretaker (the white diamond) stands on the
# Water tile A0. Under the board, each player's resources, Shaper board, Ecosystem rows and
# hand of tiles.

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("shapers_of_gaia", scenario={
    "shapers": ["telrin_aviary", "maldera_rivers"], "positions": ["A1", "V"]})
print(text.describe(GAME, s.state))

# %%
board(s.state)

# %% [markdown]
# ## Turn 1: P1 introduces an animal
#
# **Step 1: move the Shaper.** Up to 3 tiles, over any tiles, ending on a land tile without
# an animal. P1 walks from the Forest A1 over the Water A2 to the Crystal A3: 2 tiles.
#
# **Step 2: pay and place.** On a Crystal an animal is paid in Shards, as many as its cost.
# The Scavenger S1 costs 1 Shard; it goes on A3. Telrin's S1 also unlocks an ability: 1 Energy
# at once.

# %% tags=["nbval-check-output"]
before = s.state.seat(0)
s.play("intro S1 A3")
after = s.state.seat(0)
print("Shards:", before.resource("shard"), "->", after.resource("shard"),
      "| Energy:", before.resource("energy"), "->", after.resource("energy"))
assert before.resource("shard") - after.resource("shard") == 1

# %%
board(s.state)

# %% [markdown]
# **Step 3: take a Species card** of the animal's type from the display (or the deck's top)
# and choose its side. It goes at the end of the row of the resource paid: the Shard row. P1
# takes s10 on side A (gain 1 Spore).
#
# **Step 4: the row works.** Every card of that row now activates, the new one included. The
# row holds only s10, so P1 gains 1 Spore. Then the turn passes to P2.

# %% tags=["nbval-check-output"]
print("display:", s.state.displays[0], "| legal:", [str(a) for a in s.legal_actions()][:4])
spores = s.state.seat(0).resource("spore")
s.play("card s10 A")
print("Shard row:", [rc.card for rc in s.state.seat(0).row("shard")],
      "| Spores:", spores, "->", s.state.seat(0).resource("spore"))
assert s.state.seat(0).resource("spore") == spores + 1

# %%
board(s.state)

# %% [markdown]
# ## Turn 2: P2 restores biomes
#
# **Step 1: place a tile.** P2 lays a tile from hand on an empty space touching the Caretaker's
# tile and at least one other tile (or, for 1 Energy, anywhere touching two tiles). The
# Caretaker moves onto the new tile. P2 lays the Mushroom on B1, beside the Water A0 and the
# Forest A1, and takes the yellow DNA token lying there.

# %% tags=["nbval-check-output"]
print("where the Mushroom may go:",
      sorted(a.args[1] for a in s.legal_actions()
             if a.verb == "restore" and a.args[0] == "i_mushroom_2" and len(a.args) == 2))
s.play("restore i_mushroom_2 B1")
print("P2's DNA:", s.state.seat(1).dna, "| Caretaker on", s.state.caretaker)

# %%
board(s.state)

# %% [markdown]
# **Step 2: resolve the tile.** P2 must choose one of its two actions: 1 Spore. Then each
# other player, in turn order, may resolve the other action: P1 takes the Nutrient.

# %% tags=["nbval-check-output"]
s.play("resolve 0")
s.play("take")
print("P2 Spores:", s.state.seat(1).resource("spore"),
      "| P1 Nutrients:", s.state.seat(0).resource("nutrient"))

# %% [markdown]
# P2 may lay up to three tiles a turn; P2 stops here and draws back up to three tiles.

# %% tags=["nbval-check-output"]
s.play("stop")
print("P2's hand:", len(s.state.seat(1).hand), "tiles | next:", s.names[s.actor])

# %%
board(s.state)

# %% [markdown]
# In the picture P2's score reads -4 VP now: 1 VP for the 2 Spores, and -5 for the yellow DNA
# token, which so far has neither a Species card with a yellow icon to go on nor an empty
# animal space to cover. Introducing animals fixes both.

# %% tags=["nbval-check-output"]
lines = {ln.category: ln.points for ln in s.score_breakdown().for_player(1) if ln.points}
print("P2 now:", lines)
assert lines == {"Resources": 1, "Uncovered tokens": -5}

# %% [markdown]
# ## How the game ends
#
# The end is triggered at the end of a turn in which either a player has only one type of
# animal left on their Shaper board, or the last tile is drawn from the stack. The round is
# finished, one more round is played, then the game is scored. The rulebook's two examples:

# %% tags=["nbval-check-output"]
from gaia_lab.games.shapers_of_gaia.examples import END_ONE_TYPE, END_STACK

for example in (END_ONE_TYPE, END_STACK):
    print(example.title, "-", example.summary)
    for result in example.results():
        print(result.summary())
        assert result.ok
    print()

# %%
board(list(END_ONE_TYPE.results())[-1].session.state)

# %% [markdown]
# ## How the game is scored
#
# First every DNA token goes on a Species card showing its icon. The DNA tokens that find no
# icon, and your Toxicity tokens, cover the empty spaces of your Shaper board from the bottom
# (S1 first), skipping spaces that still hold an animal; a token that finds no space costs
# 5 VP. Then you score:
#
# 1. the **Behavior cards** (three cards that reward where your animals stand);
# 2. **DNA rows**: each DNA token on a card scores the number of tokens of its colour in its
#    row, so a row with 2 red tokens scores 2 + 2 = 4 for them: colours pay to be gathered;
# 3. **animals**: the VP printed on the empty, uncovered spaces of your Shaper board;
# 4. the **Vault**: an animal introduced at the Vault goes on a Vault space, which scores its
#    VP (the spaces marked for 3 players are not used by 2);
# 5. **resources** left, by level on the track; 6. **Prestige** tokens.
#
# The rulebook's Scoring Example, every number a checkpoint:

# %% tags=["nbval-check-output"]
from gaia_lab.games.shapers_of_gaia.examples import SCORING

print(text.vault_table(GAME))
print()
for result in SCORING.results():
    print(result.summary())
    assert result.ok

# %% [markdown]
# **Ties.** The highest score wins. On a tie, the tied player who introduced **fewer**
# animals wins; if still tied, the one with more Prestige tokens; otherwise they share the
# victory. Here P1 introduced one Scavenger (1 VP for its empty space) and holds 4 Prestige;
# P2 introduced nothing and holds 5 Prestige: 5 VP each, and P2 wins on fewer animals.

# %% tags=["nbval-check-output"]
tie = gaia_lab.Session("shapers_of_gaia", scenario={
    "shapers": ["telrin_aviary", "maldera_rivers"],
    "animals": [["A3", 0, "S1"]],
    "seats": [{"prestige": 4}, {"prestige": 5}]})
totals = tie.score_breakdown().totals
print("totals:", totals, "| animals introduced:",
      [tie.state.seat(i).introduced for i in range(2)])
print("winner:", [tie.names[i] for i in tie.winners()])
assert totals[0] == totals[1] and tie.winners() == (1,)

# %% [markdown]
# ## Where next
#
# - [Setup, step by step](01_setup.ipynb), then [Introduce an Animal](02_introduce.ipynb) and
#   [Restore Biomes](03_restore.ipynb) with the rulebook's worked examples.
# - [Play a game](play.ipynb).
