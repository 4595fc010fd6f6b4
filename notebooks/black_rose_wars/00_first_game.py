# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn 0: your first game
#
# You have never played? Start here: the goal, what every part of the table is, and one
# round played in plain words with a picture of the table after each step. Gaea's setup,
# the worked examples of her rules, the Paths and the Legendary Scenario come later, in the
# other notebooks. Run the cells from top to bottom (Shift+Enter).
#
# **The goal.** Each player is a **Mage** in the **Lodge**, a building of magical Rooms. The
# Mages move from Room to Room, cast spells, fight, and pile **Instability** into the Rooms
# until a Room is full and gets *rebuilt*: that pays **Power Points** to whoever put the most
# Instability into it. Defeating other Models pays too. When a Power marker reaches the
# **Black Rose cube** on slot 30 of the Power board, the game ends at the next Clean-up and
# the Mage with the most Power Points wins
# ([brw.core.end](../../docs/rules/black_rose_wars.md#rule-brw-core-end)).
#
# *Gaea Reborn* adds an opponent nobody controls: **Gaea**, an Avatar who acts by herself.
# She grows **Root Tokens** in the Rooms; if three **Arbor Vitae** flower in the Lodge she
# wins at once, and if she or the Black Rose ends with more Power Points than every Mage,
# no Mage wins.

# %% [markdown]
# > **What is modelled, and what is reconstructed.** The rule source is the expansion's
# > rulebook (*Gaea Reborn*): Gaea, Filius, Root Tokens, Arbor Vitae, the Paths, Talia, the
# > Legendary Scenario. It adds to the core game, whose rulebook is **not** a source. So
# > the core (the Lodge's layouts, how a Mage moves, attacks, casts and activates a Room, the
# > phases of a round, rebuilding, the Moon phases and the end) is a small, complete game
# > **modelled** by gaia_lab: its rules have ids `brw.core.*` and say "(reconstructed)". The
# > components are marked too: `rulebook` (printed in the expansion's rulebook), `published`
# > (from a fan implementation, unverified) or `reconstructed` (authored to fit). Gaea's 30
# > Command cards, the layouts and four of the six Mages are authored, and so are the Path
# > cards. Every rule is on the [rules page](../../docs/rules/black_rose_wars.md).

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.black_rose_wars import GAME
from gaia_lab.games.black_rose_wars.examples import ROOMS
from gaia_lab.games.black_rose_wars.rules import DEFEAT_POWER
from gaia_lab.games.black_rose_wars.state import ARBOR_VITAE, ROOT_TOKENS
from gaia_lab.games.black_rose_wars.teaching import (
    choices,
    lodge_table,
    resolve_until,
    round_phases,
)
from gaia_lab.teaching import board, show_events

c = GAME.components
for part, counts in c.provenance.items():
    print(f"{part:9}", ", ".join(f"{n} {kind}" for kind, n in counts.items()))
assert len(c.commands) == 30 and c.provenance["commands"] == {"reconstructed": 30}
assert c.provenance["mages"] == {"published": 2, "reconstructed": 4}

# %% [markdown]
# ## What is on the table
#
# **The Lodge and its Rooms.** Each Room is a hexagon; Rooms that share a side are joined,
# and moving one Room on is one *step*. Each Mage also has a **Cell**, a private room that
# opens onto one Room and that only its Mage may enter. The **Black Rose Room** stands in the
# middle and the **Throne Room** beside it; the others are drawn (here they are named, so
# that this example always plays the same). A Room has a row of
# **Instability slots**. When its printed slots are all full it is *rebuilt*: its owners rank
# by the Instability they put in it and win its rewards, the Instability goes back, and the
# Room turns to its rebuilt side, which takes no more
# ([brw.core.rebuild](../../docs/rules/black_rose_wars.md#rule-brw-core-rebuild)). The
# Forge, for instance, has 4 slots, and pays 2 Power Points to the first, 1 to the second and
# none to the third. Here is a two-Mage Lodge:

# %% tags=["nbval-check-output"]
FIRST_ROUND = {"players": 2, "rooms": list(ROOMS), "at": "planning", "commands": ["c22", "c05"]}
s = gaia_lab.Session("black_rose_wars", scenario=FIRST_ROUND, auto=False)
print(lodge_table(s.state))
forge = c.room("forge")
print("the Forge:", forge.slots, "slots; rebuilding pays", forge.rewards, "Power Points")
assert (forge.slots, forge.rewards) == (4, (2, 1, 0))

# %% [markdown]
# **Mages.** Each player's Mage has Health 11, Strength 2 and Speed 2 in the modelled core,
# and three spells: **Arcane Bolt** (2 Damage to a Model 1 step away), **Destabilize** (2 of
# your Instability into a Room 1 step away) and **Blink** (go to a Room up to 3 steps away).
# Each round a Mage prepares two of them, and casts each at most once
# ([brw.core.cast](../../docs/rules/black_rose_wars.md#rule-brw-core-cast)). The holder of the
# **Crown** acts first and settles ties (the *Choice of the Crown*).
#
# **The Black Rose and the Power board.** The Black Rose is the Lodge's own power. Every
# round it reveals an **Event**, gains the Power Points the Event shows and puts 1 Instability
# in the Black Rose Room (an Event also has an effect of its own: the rule of the Black Rose
# phase, printed below with the round, says how gaia_lab plays it). The Power board carries
# a marker for each Mage, for Gaea and for the Black Rose, and three cubes: the Second Moon
# (slot 6), the Third Moon (slot 18) and the Black Rose cube (slot 30).

# %% tags=["nbval-check-output"]
rikkart, angela = s.state.mages
pb = s.state.power_board
print(f"{rikkart.name} and {angela.name}: Health, Strength, Speed",
      [(m.model.health, m.model.strength, m.model.speed) for m in s.state.mages])
spells = [c.spell(x) for x in rikkart.hand]
for spell in spells:
    print(f"  {spell.name:12} {spell.effect:11} amount {spell.amount}, range {spell.range}")
print("cubes on slots", pb.second_moon, pb.third_moon, pb.black_rose_cube)
assert [(m.model.health, m.model.strength, m.model.speed) for m in s.state.mages] == [
    (11, 2, 2)] * 2
assert [(x.amount, x.range) for x in spells] == [(2, 1), (2, 1), (0, 3)]
assert (pb.second_moon, pb.third_moon, pb.black_rose_cube) == (6, 18, 30)

# %% [markdown]
# **Gaea.** Her Model starts in the Black Rose Room: Health 12, Strength 1, Speed 2. She acts
# through her deck of 30 **Command cards**: after every round of turns she draws one. The card
# names a **Priority line** (1 or 2), which picks her target Room: first the Rooms without a
# Root Token, then the most Instability, then the most Models (line 1) or the fewest (line 2);
# a tie left at the end goes to the Choice of the Crown
# ([brw.priority.gaea1](../../docs/rules/black_rose_wars.md#rule-brw-priority-gaea1)). Then
# the card's effects happen in order: move toward the target, attack, the **Avatar Effect**
# (Instability into the target, Instability moved onto Root Tokens, an Arbor Vitae), a Root
# Token, Filius...
#
# **Root Tokens.** A Root Token lies left of a Room's slots and adds 2 slots of its own, which
# fill **first**
# ([the rule](../../docs/rules/black_rose_wars.md#rule-brw-root-instability-first)). Its
# Instability still counts as the Room's, but Gaea profits from it: at the start of each
# Clean-up, **Blossoming Burst** gives her 1 Power Point per full Root Token and per Arbor
# Vitae; when 3 Root Tokens are full her Avatar Effect turns them into an **Arbor Vitae**, and
# 3 Arbor Vitae win her the game
# ([Blossoming Burst](../../docs/rules/black_rose_wars.md#rule-brw-skill-blossoming-burst)).
# A Root Token counts as a Model, so the Mages can attack it to destroy it
# ([notebook 3](03_root_tokens.ipynb)). At setup every Room gets one.
#
# **Filius.** Gaea's Servant, a faun, starts in the Throne Room: Health 3, Strength 2, Speed
# 2. It hunts Mages: the most Power Points, then the most Damage, then the closest, then the
# most Trophies ([brw.filius.target](../../docs/rules/black_rose_wars.md#rule-brw-filius-target)).
# Defeated, it leaves 1 Instability where it fell, and comes back to the Throne Room later.

# %% tags=["nbval-check-output"]
avatar = s.state.avatar
name = s.game.rules.name
roots = sum(1 for room in s.state.rooms if room.root is not None)
print("Gaea in", name(s.state, avatar.model.where),
      (avatar.model.health, avatar.model.strength, avatar.model.speed),
      "| Filius in", name(s.state, avatar.filius.where),
      (avatar.filius.health, avatar.filius.strength, avatar.filius.speed))
print("Command deck:", len(avatar.commands), "cards | Root Tokens:", roots, "in the Lodge,",
      avatar.root_pool, "in the pool | Arbor Vitae:", ARBOR_VITAE)
assert (avatar.model.health, avatar.model.strength, avatar.model.speed) == (12, 1, 2)
assert (avatar.filius.health, avatar.filius.strength, avatar.filius.speed) == (3, 2, 2)
assert roots == 7 and roots + avatar.root_pool == ROOT_TOKENS == 12 and ARBOR_VITAE == 3

# %% [markdown]
# **Paths** are an optional module of the expansion: each Mage builds a row of Path cards and
# moves a marker along it by meeting each card's *Advance Condition* (gain a Power Point,
# defeat a Model, rebuild a Room...). Reaching an End Point completes the Path, which scores
# its Points boxes at the end; an unfinished Path loses its Penalty boxes. The rulebook shows
# the cards' anatomy but prints no card, so gaia_lab's Path cards are reconstructed. Your first
# game does without them; [notebook 4](04_paths.ipynb) plays them.
#
# **A round** has these phases, in order (each rule says where it comes from):

# %% tags=["nbval-check-output"]
print(round_phases())

# %% [markdown]
# ## The table
#
# Round 1, two Mages: Rikkart (red) in his Cell, which opens onto the Armory, and Angela (blue)
# in hers, which opens onto the Forge. Rikkart holds the Crown. Gaea (G) is in the Black Rose
# Room, Filius (F) in the Throne Room, and every Room has an empty Root Token (the brown bar
# of two slots left of its Instability slots). This table starts at the Planning phase: the
# Black Rose phase is shown at the end of the round, when round 2 begins.
#
# On the right: the Power board, Gaea's Avatar board, and one panel per Mage (Damage, Power
# Points, Trophies, spells). The panel of the Mage to act is highlighted.

# %%
board(s.state)

# %% [markdown]
# ## One round, step by step
#
# **Step 1: Planning.** From the Crown's holder on, each Mage prepares two of their three
# spells. Rikkart takes Arcane Bolt and Destabilize, Angela Destabilize and Blink.

# %% tags=["nbval-check-output"]
print(s.pending)
show_events(s.play("prepare arcane_bolt destabilize"))
show_events(s.play("prepare destabilize blink"))
assert s.state.crown == 0
assert [m.prepared for m in s.state.mages] == [("arcane_bolt", "destabilize"),
                                               ("destabilize", "blink")]

# %% [markdown]
# **Step 2: the first round of turns.** Each Mage takes one action. Rikkart walks out of his
# Cell through the Armory into the Throne Room: 2 steps, his Speed. Angela, still in her Cell,
# casts Destabilize on the Forge, 1 step away: her 2 Instability go onto the Forge's Root Token
# first, and fill it.

# %% tags=["nbval-check-output"]
print(s.pending, "| legal:", ", ".join(str(a) for a in s.legal_actions()))
show_events(s.play("move throne_room"))
show_events(s.play("cast destabilize forge"))
forge_now = s.state.room("forge")
print("on the Forge's Root Token:", [name(s.state, o) for o in forge_now.root.slots],
      "| on its printed slots:", [name(s.state, o) for o in forge_now.slots])
assert s.state.mages[0].where == "throne_room"
assert forge_now.root.slots == ("mage2", "mage2") and forge_now.slots == ()

# %%
board(s.state, highlight=["room:forge", "room:throne_room"])

# %% [markdown]
# **Step 3: Gaea activates.** She draws *Gaea's Gaze*: Priority 1, then *move* and the
# *Avatar Effect*. Her decision trace shows the choice: every Room has a Root Token, so that
# criterion keeps them all; the Forge has the most Instability (2), so it is her target. She
# walks 1 step into it. The Avatar Effect puts 1 of her Instability in the Forge, on its
# printed slots since the Root Token is full (1 of 4). Its other parts do nothing yet: no
# Room has Instability to move onto a free Root Token, and only 1 Root Token is full, not 3.

# %% tags=["nbval-check-output"]
show_events(resolve_until(s))
forge_now = s.state.room("forge")
assert s.state.avatar.model.where == "forge" and forge_now.slots == ("gaea",)
assert [(ch.chooser, ch.chosen) for ch in choices(s)] == [("gaea", "forge")] * 2

# %%
board(s.state, highlight=["room:forge"])

# %% [markdown]
# **Step 4: the second round of turns.** Rikkart attacks Filius, who shares his Room: his
# Strength, 2 Damage of Filius's Health 3. Not enough to defeat it (that would pay Rikkart 1
# Power Point and an Evocation Trophy).

# %% tags=["nbval-check-output"]
print(s.pending)
show_events(s.play("attack filius"))
print("Filius:", s.state.avatar.filius.damage, "Damage of", s.state.avatar.filius.health,
      "| defeating an Evocation would pay", DEFEAT_POWER["evocation"], "Power Point")
assert s.state.avatar.filius.damage == 2 and DEFEAT_POWER["evocation"] == 1

# %%
board(s.state, highlight=["model:filius"])

# %% [markdown]
# Angela walks into the Forge, where Gaea stands. Then Gaea activates again, with *Thorn
# Lash*: Priority 1, move and attack. The Forge still has the most Instability, now 3 (2 on
# the Root Token, 1 on the slots), so she stays, and attacks every Mage in her Room: Angela
# takes her Strength, 1 Damage.

# %% tags=["nbval-check-output"]
show_events(s.play("move forge"))
show_events(resolve_until(s, "evocation"))
angela = s.state.mages[1]
print("Angela:", angela.where, "|", angela.damage, "Damage")
assert s.state.room("forge").instability == 3 and angela.damage == 1

# %%
board(s.state, highlight=["room:forge"])

# %% [markdown]
# **Step 5: the Evocation phase.** Filius activates. Neither Mage has a Power Point, so the
# next criterion decides: Angela has the most Damage (1). Filius walks the 2 steps from the
# Throne Room to the Forge (its Speed is 2) and attacks her for 2: she now has 3 Damage of
# 11.

# %% tags=["nbval-check-output"]
show_events(resolve_until(s, "burst"))
assert choices(s)[-2].chooser == "filius" and choices(s)[-2].chosen == "mage2"
angela = s.state.mages[1]
assert s.state.avatar.filius.where == "forge" and angela.damage == 3

# %%
board(s.state, highlight=["model:filius", "model:mage2"])

# %% [markdown]
# **Step 6: Blossoming Burst and Clean-up.** The Forge's Root Token is full, so Gaea gains 1
# Power Point. Clean-up checks the end: no marker has reached slot 30, so round 2 begins. Its
# Black Rose phase reveals the first Event of Moon 1: the Black Rose gains the Power Points it
# shows and puts 1 Instability in the Black Rose Room, on its Root Token first. Then the Study
# phase gives every Mage their spells back, and Rikkart, the Crown's holder, plans first.

# %% tags=["nbval-check-output"]
show_events(resolve_until(s))
event = c.event(s.state.events[-1])
black_rose_room = s.state.room("black_rose_room")
print("Gaea:", s.state.avatar.power, "Power Point(s) | the Black Rose:",
      s.state.power_board.black_rose, f"(the Event {event.name} shows {event.reveal_power})")
print("on the Black Rose Room's Root Token:",
      [name(s.state, o) for o in black_rose_room.root.slots])
print(s.pending)
assert s.state.avatar.power == 1 and s.state.round == 2
assert s.state.power_board.black_rose == event.reveal_power
assert black_rose_room.root.slots == ("black_rose",)

# %%
board(s.state)

# %% [markdown]
# After one round Gaea and the Black Rose have Power Points and the Mages none. The Mages
# score by filling Rooms, and that takes a few rounds: the Forge holds 3 Instability, but
# only its printed slots count toward rebuilding, and they hold 1 of 4 (Gaea's). Sharing a
# Room with Gaea and Filius costs Damage, too.

# %% tags=["nbval-check-output"]
forge_now = s.state.room("forge")
print("Power Points of the Mages:", [m.power for m in s.state.mages],
      "| the Forge:", forge_now.instability, "Instability,", len(forge_now.slots), "of",
      forge_now.size, "printed slots full")
assert [m.power for m in s.state.mages] == [0, 0]
assert (forge_now.instability, len(forge_now.slots), forge_now.size) == (3, 1, 4)

# %% [markdown]
# ## How a Mage wins Power Points: rebuilding a Room
#
# Later in a game: the Forge has 3 of its 4 printed slots full, 2 of them Rikkart's and 1
# Angela's (its Root Token is gone). Rikkart stands in it and *activates* it: on its ruined
# side a Room takes 1 Instability from the Mage who activates it
# ([brw.core.activate](../../docs/rules/black_rose_wars.md#rule-brw-core-activate)). That
# fills it. Rikkart, first with 3 Instability, wins the first reward, 2 Power Points; Angela,
# second with 1, wins the second, 1 Power Point.

# %% tags=["nbval-check-output"]
later = gaia_lab.Session("black_rose_wars", scenario={
    "players": 2, "rooms": list(ROOMS),
    "seats": [{"where": "forge"}, {"where": "garden"}],
    "lodge": {"forge": {"slots": ["mage1", "mage2", "mage1"], "root": None}}})
show_events(later.play("activate"))
print("Power Points:", [m.power for m in later.state.mages], "| the Forge rebuilt:",
      later.state.room("forge").rebuilt)
assert [m.power for m in later.state.mages] == [2, 1] and later.state.room("forge").rebuilt

# %%
board(later.state, highlight=["room:forge"])

# %% [markdown]
# ## Where next
#
# - [Gaea's setup](01_gaea_setup.ipynb), step by step, then
#   [her activations and Filius's](02_activations.ipynb) with every decision trace, and
#   [Root Tokens, Blossoming Burst and the modelled core](03_root_tokens.ipynb) (defeats, the
#   Moon phases and the end).
# - [Paths](04_paths.ipynb) with the rulebook's examples,
#   [the Legendary Scenario](05_legendary.ipynb) and
#   [Large Models on the Hunt battlefield](06_large_models.ipynb).
# - [Play a game](play.ipynb) against Gaea.
