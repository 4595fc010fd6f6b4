# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Gaia Project 0: your first game
#
# You have never played? Start here: the goal, what every part of the table means, and one
# turn told in plain words with a picture of the table after each step. The replays of real
# recorded games come later, in the other notebooks. Run the cells from top to bottom
# (Shift+Enter).
#
# **The goal.** Each player leads a faction spreading over a galaxy of planets. Over **six
# rounds** you build mines on planets and upgrade them, advance in research and link your
# buildings into federations. Points (VP) come from the round's scoring tile, from research,
# federations and many small bonuses, and at the end from two final scoring tiles. The most
# VP wins.
#
# A round has four phases: **income** (resources from your faction board and booster),
# **Gaia phase**, **actions** (players take one action each in turn, until everyone has
# passed) and **clean-up**.

# %% [markdown]
# > **About this engine.** Component values (tiles, boosters, faction boards) restate public
# > data and are marked `published` in the data files. Moves are written in the notation of
# > the online implementation: one player's action is one line, e.g. `terrans build m 10A1`
# > (the Terrans build a mine on hex 10A1: sector 10, position A1).

# %% [markdown]
# ## What is on the table
#
# **Planets and planet types.** Each hex of the map is empty space or a planet. There are
# seven *home* planet types (terra, oxide, volcanic, desert, swamp, titanium, ice), plus
# green **Gaia planets** and purple **Transdim planets**. Each faction lives on one home type
# and can build a mine right away only on a planet of that type.
#
# **The terraforming wheel.** The seven home types sit on a wheel; to build on another type
# you first *terraform* it, one step for each place between the two types on the wheel (the
# shorter way round). For the Terrans, whose home is terra:

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.gaia_project.examples import TURN_SCENARIO
from gaia_lab.games.gaia_project.teaching import buildings_table, terraforming_table, wheel_table
from gaia_lab.teaching import board

print(wheel_table("terra"))

# %% [markdown]
# Each step costs ore, and less the further you are on the **Terraforming** research track.
# From level 3 up, every step costs 1 ore, also at levels 4 and 5:

# %% tags=["nbval-check-output"]
print(terraforming_table())

# %% [markdown]
# **Resources.** Ore (o), credits (c), knowledge (k) and **Q.I.C.** (q, the green cubes:
# each Q.I.C. you spend adds 2 to your range for one build, and some research-board actions
# cost Q.I.C.).
#
# **Power and the three bowls.** Your power tokens sit in bowls I, II and III. Only tokens in
# bowl III can be *spent* (for power actions or to convert into resources), and spent tokens
# go back to bowl I. *Charging* power moves a token one bowl on: from I to II while any is in
# I, then from II to III. You charge when a neighbour builds within 2 spaces of your
# buildings, paying VP for it (1 VP less than the power charged). Tokens in the **Gaia area**
# are busy in a Gaia project and come back in the Gaia phase.
#
# **Buildings.** A mine goes on a planet; the others are upgrades of a building already
# there. Each building taken off your board raises your income; its *power value* counts
# for federations and decides how much power your neighbours may charge:

# %% tags=["nbval-check-output"]
print(buildings_table())

# %% [markdown]
# **Research.** Six tracks: Terraforming (cheaper steps), Navigation (range: how far from
# your buildings you may build), Artificial Intelligence (Q.I.C.), Gaia Project (turning
# Transdim planets into Gaia planets), Economy and Science (income). Advancing one level
# costs 4 knowledge.
#
# **Round boosters.** Each player holds one booster per round: extra income and sometimes
# an action or VP when passing. When you **pass**, you give your booster back and take one
# of the boosters lying in the supply (also one another player gave back this round), not
# the one you return. In the last round you give it back and take none.

# %% [markdown]
# ## The table
#
# Round 3. The Xenos (yellow) have already passed; the Terrans (blue) are to act, then the
# Nevlas (white). The highlighted hexes are the Terrans' mine on 3A10 and the oxide planet
# 10A1 they want. Beside the map: the round and final scoring tiles, the boosters in the
# supply and the power and Q.I.C. actions; under it, the legend and the research board; last,
# one row per player with resources, bowls, booster and tiles.

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("gaia_project", scenario=TURN_SCENARIO)
terrans = s.state.seats[s.state.seat_of("terrans")]
print("to act:", s.names[s.actor], "| ore", terrans.ore, "credits", terrans.credits,
      "Q.I.C.", terrans.qic, "| bowls I, II, III:", terrans.bowls[:3],
      "| booster:", terrans.booster)

# %%
board(s.state, highlight=["hex:3A10", "hex:10A1"])

# %% [markdown]
# ## One turn, step by step
#
# **Step 1: is it in range?** At Navigation level 1 the range is 1: a new mine must be at
# most 1 space from one of your buildings. 10A1 is 3 spaces from the mine on 3A10, so the
# Terrans spend one Q.I.C. for 2 more: range 3, enough.
#
# **Step 2: terraform and pay.** Oxide is 1 step from terra; at Terraforming level 2 a step
# costs 2 ore. The mine itself costs 2 credits and 1 ore. So: 3 ore, 2 credits, 1 Q.I.C.

# %% tags=["nbval-check-output"]
before = (terrans.ore, terrans.credits, terrans.qic)
s.play("terrans build m 10A1")
terrans = s.state.seats[s.state.seat_of("terrans")]
after = (terrans.ore, terrans.credits, terrans.qic)
print("ore, credits, Q.I.C.:", before, "->", after)
assert (before[0] - after[0], before[1] - after[1], before[2] - after[2]) == (3, 2, 1)

# %%
board(s.state, highlight=["hex:10A1"])

# %% [markdown]
# **Step 3: the neighbours may charge.** The Xenos have a trading station 2 spaces from
# 10A1 (power value 2) and a mine 1 space away: a player charges once, for their best
# building in reach, so 2 power, for 2 - 1 = 1 VP. They accept (having passed does not
# matter). Their bowls go from (3, 3, 0) to (1, 5, 0): two tokens move from I to II.

# %% tags=["nbval-check-output"]
xenos = s.state.seats[s.state.seat_of("xenos")]
print("Xenos may:", [str(a) for a in s.legal_actions()])
vp_before, bowls_before = xenos.vp, xenos.bowls[:3]
s.play("xenos charge 2pw")
xenos = s.state.seats[s.state.seat_of("xenos")]
print("Xenos VP:", vp_before, "->", xenos.vp, "| bowls:", bowls_before, "->", xenos.bowls[:3])
assert vp_before - xenos.vp == 1 and xenos.bowls[:3] == (1, 5, 0)

# %% [markdown]
# **Step 4: passing and the boosters.** The Nevlas pass, taking booster 2. The Terrans pass
# too: they give back booster 1 and take booster 3, the one the Xenos gave back earlier this
# round. Keeping booster 1 is not allowed:

# %% tags=["nbval-check-output"]
s.play("nevlas pass booster2")
print("supply:", sorted(s.state.boosters))
print(s.explain("terrans pass booster1").message)
s.play("terrans pass booster3")
terrans = s.state.seats[s.state.seat_of("terrans")]
print("Terrans hold", terrans.booster, "| supply now:", sorted(s.state.boosters))
assert terrans.booster == "booster3" and "booster1" in s.state.boosters

# %% [markdown]
# Everyone has passed: income, the Gaia phase, and round 4 begins with the Xenos, who passed
# first.

# %% tags=["nbval-check-output"]
print("round", s.state.round, "| to act:", s.names[s.actor])

# %%
board(s.state)

# %% [markdown]
# In the **last round** passing returns the booster and takes none:

# %% tags=["nbval-check-output"]
last = gaia_lab.Session("gaia_project", scenario={**TURN_SCENARIO, "round": 6})
print("legal passes:", [str(a) for a in last.legal_actions() if " pass" in str(a)])
print(last.explain("terrans pass booster3").message)
assert [str(a) for a in last.legal_actions() if " pass" in str(a)] == ["terrans pass"]

# %% [markdown]
# ## Terraforming at Terraforming level 4
#
# Desert is 3 steps from terra. At level 4 each step costs 1 ore, so the three steps cost
# 3 ore (9 at level 0), plus the mine's 1 ore; the planet is 2 spaces away, so a Q.I.C. pays
# for the range.

# %% tags=["nbval-check-output"]
far = gaia_lab.Session("gaia_project", scenario={
    "round": 2,
    "players": [
        {"faction": "terrans", "structures": {"10A2": "m"}, "ore": 6,
         "research": {"terraforming": 4}},
        {"faction": "xenos", "structures": {"5A10": "m"}, "ore": 6},
    ]})
for event in far.play("terrans build m 10B2"):
    print(event.text)
t = far.state.seats[0]
print("ore left:", t.ore, "of 6")
assert 6 - t.ore == 3 * 1 + 1

# %% [markdown]
# ## Where next
#
# - [A round's four phases](02_round.ipynb) and [a turn played out](06_turn_played_out.ipynb),
#   with the numbers of the rule refresher checked.
# - [Setup from a recorded game](01_setup.ipynb) and the replays of whole games.
# - [Play a game](play.ipynb).
