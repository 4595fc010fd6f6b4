# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn 7: the Legend in play, and the modelled core around it
#
# The expansion adds the **Forgotten Evocation Gaea (Legend)** to the core game's Evocation
# deck. For her to come into play the engine needs what the core game has and the expansion's
# rulebook leaves out: an Evocation deck, a way to summon, Evocations that act in the Evocation
# phase, and Damage that remembers **who dealt it** (her Effect converts Damage).

# %% [markdown]
# > **What comes from where.** The rules of Gaea, Filius, Root Tokens, Paths, Talia, the
# > Legendary Scenario and the Large Models come from the expansion's rulebook (*Gaea Reborn*).
# > The core game's rulebook is not public. Everything on this page except the Legend's card
# > (Speed 2, Strength 1, Health 6 and her three Effects) is part of the small core
# > **modelled** (reconstructed) for play: the Evocation deck (the core Evocations' values are
# > a fan reading, unverified), summoning, the Evocation phase, Damage owners and who gains a
# > defeat's Power Points. Every rule the engine cites says which it is; the rules are on the
# > [rules page](../../docs/rules/black_rose_wars.md).

# %%
from gaia_lab.games.black_rose_wars.components import load_components
from gaia_lab.games.black_rose_wars.examples import EXAMPLES
from gaia_lab.teaching import board

EX = {e.id: e for e in EXAMPLES}
C = load_components()

# %% [markdown]
# ## The Evocation deck
#
# Four core Evocations (with their copies) and the Legend. The `origin` says where each
# entry's values come from.

# %% tags=["nbval-check-output"]
for e in C.evocations:
    print(f"{e.name:14} x{e.copies}  Health {e.health}, Strength {e.strength}, Speed "
          f"{e.speed}  ({e.origin.provenance})")
print(len(C.evocation_deck()), "cards")

# %% [markdown]
# ## The Legend comes into play

# %% tags=["nbval-check-output"]
summon = EX["brw.ex.summon_legend"]
print(summon.title, "-", summon.summary)
summon_steps = list(summon.results())
assert len(summon_steps) == 2

# %% [markdown]
# **The Evocation deck.** Step 1 of 2, by the rule `brw.forgotten.decks`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-forgotten-decks)).

# %% tags=["nbval-check-output"]
print(summon_steps[0].summary())
assert summon_steps[0].ok

# %% [markdown]
# **A summon draws the Legend.** Step 2 of 2, by the rule `brw.core.summon`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-summon)). The card a
# summon draws is chance; the example supposes it is the Legend.

# %% tags=["nbval-check-output"]
print(summon_steps[1].summary())
assert summon_steps[1].ok

# %%
board(summon_steps[1].session.state)

# %% [markdown]
# ## Her Effect: convert 3 Damage
#
# Each Damage on a Model belongs to whoever dealt it, and the Power Points of a defeat go to
# the Mage who owns the most Damage on the defeated Model. Converting Damage therefore changes
# who would gain them.

# %% tags=["nbval-check-output"]
legend = EX["brw.ex.legend"]
print(legend.title, "-", legend.summary)
legend_steps = list(legend.results())
assert len(legend_steps) == 3

# %% [markdown]
# **Damage with owners.** Step 1 of 3, by the rule `brw.core.damage_owner`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-damage-owner)).

# %% tags=["nbval-check-output"]
print(legend_steps[0].summary())
assert legend_steps[0].ok

# %% [markdown]
# **Her action.** Step 2 of 3, by the rule `brw.ruling.legend_action`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-ruling-legend-action)).

# %% tags=["nbval-check-output"]
print(legend_steps[1].summary())
assert legend_steps[1].ok

# %% [markdown]
# **Convert 3 Damage.** Step 3 of 3, by the rule `brw.forgotten.gaea_legend`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-forgotten-gaea-legend)).

# %% tags=["nbval-check-output"]
print(legend_steps[2].summary())
assert legend_steps[2].ok

# %%
board(legend_steps[2].session.state)

# %% [markdown]
# ## Talia's personal spells at the Moon changes
#
# In the core game every Mage gains a personal spell when the Moon changes. Of the personal
# spells only Talia's three are in this box: she holds the first from the start and gains the
# second and third as the Second and Third Moons begin (the spells' effects are authored,
# reconstructed).

# %% tags=["nbval-check-output"]
talia = EX["brw.ex.talia_moon"]
print(talia.title, "-", talia.summary)
talia_steps = list(talia.results())
assert len(talia_steps) == 2

# %% [markdown]
# **Moon 1.** Step 1 of 2, by the rule `brw.core.personal_spells`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-personal-spells)).

# %% tags=["nbval-check-output"]
print(talia_steps[0].summary())
assert talia_steps[0].ok

# %% [markdown]
# **The Moon changes.** Step 2 of 2, by the rule `brw.core.moon`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-moon)).

# %% tags=["nbval-check-output"]
print(talia_steps[1].summary())
assert talia_steps[1].ok

# %% [markdown]
# ## The core Events, played
#
# Each round the Black Rose phase reveals the top Event of the Moon's deck. The printed cards
# are not public: each Event's effect is authored (reconstructed) from a fan reading in a few
# effect words, played at once, or **standing** until the next Event is revealed.

# %% tags=["nbval-check-output"]
for card in C.events[:6]:
    print(f"{card.name:18} Moon {card.moon}: {', '.join(card.effects)}")

# %% tags=["nbval-check-output"]
rebirth = EX["brw.ex.event_rebirth"]
print(rebirth.title, "-", rebirth.summary)
rebirth_steps = list(rebirth.results())
assert len(rebirth_steps) == 1

# %% [markdown]
# **Rebirth at Sunset.** Step 1 of 1, by the rule `brw.core.event_effects`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-event-effects)).

# %% tags=["nbval-check-output"]
print(rebirth_steps[0].summary())
assert rebirth_steps[0].ok

# %%
board(rebirth_steps[0].session.state)

# %% tags=["nbval-check-output"]
battle = EX["brw.ex.event_battle"]
print(battle.title, "-", battle.summary)
battle_steps = list(battle.results())
assert len(battle_steps) == 2

# %% [markdown]
# **Battle in force.** Step 1 of 2, by the rule `brw.core.event_effects`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-event-effects)).

# %% tags=["nbval-check-output"]
print(battle_steps[0].summary())
assert battle_steps[0].ok

# %% [markdown]
# **A red Room activated.** Step 2 of 2, by the rule `brw.core.event_effects`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-event-effects)).

# %% tags=["nbval-check-output"]
print(battle_steps[1].summary())
assert battle_steps[1].ok

# %% [markdown]
# ## Each Room's own effect
#
# Activating a ruined Room places 1 of the Mage's Instability in it, then plays the effect of
# that side; a rebuilt side plays its own effect once per Mage a round. The tiles' texts are
# not public: each side's effect is authored (reconstructed) from a fan reading, in a few
# effect words. A targeted effect takes the activation's target.

# %% tags=["nbval-check-output"]
for card in C.rooms[:8]:
    print(f"{card.name:22} ruined: {', '.join(card.ruined_effects):26} "
          f"rebuilt: {', '.join(card.rebuilt_effects)}")

# %% tags=["nbval-check-output"]
arena = EX["brw.ex.room_effects"]
print(arena.title, "-", arena.summary)
arena_steps = list(arena.results())
assert len(arena_steps) == 2

# %% [markdown]
# **Its targets.** Step 1 of 2, by the rule `brw.core.room_effects`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-room-effects)).

# %% tags=["nbval-check-output"]
print(arena_steps[0].summary())
assert arena_steps[0].ok

# %% [markdown]
# **The Arena's effect.** Step 2 of 2, by the rule `brw.core.activate`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-activate)).

# %% tags=["nbval-check-output"]
print(arena_steps[1].summary())
assert arena_steps[1].ok

# %%
board(arena_steps[1].session.state)
