# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn 4: Paths, complete and incomplete
#
# A Path is a row of cards a Mage builds during the game. Each card has tracks; the Mage's marker
# advances along a continuous track when its **Advance Condition** is met. A Mage gains a new
# Path card in one of two ways: by advancing onto another card, or instead of taking a Quest.
# When a new card comes, the Mage draws 3, keeps 1 whose tracks match, and shuffles the others
# under the deck. **Effect Passages** trigger like Traps. An **End Point** completes the Path.
# At the end, a Complete Path scores its Points box; an Incomplete one its Penalty box.
#
# The rulebook's own examples come first: a Mage gaining a Path card both ways, the **+2** of a
# Complete Path and the **-6** of an Incomplete one. They are checked below.

# %% [markdown]
# > **What comes from where.** The rules of Gaea, Filius, Root Tokens, Paths, Talia, the
# > Legendary Scenario and the Large Models come from the expansion's rulebook (*Gaea Reborn*).
# > The core game's rulebook is not public: the Lodge's layout, how a Mage moves, attacks and
# > casts, the Moon phases and the end are a small, complete core **modelled** (reconstructed)
# > for play, and so are the 30 Command cards' effects, the Path cards and the spell cards.
# > Every rule the engine cites says which it is (`rule.source`); the rules are on the
# > [rules page](../../docs/rules/black_rose_wars.md).

# %%
from gaia_lab.games.black_rose_wars.examples import EXAMPLES
from gaia_lab.teaching import board

EX = {e.id: e for e in EXAMPLES}

# %% [markdown]
# ## The Path Start cards
#
# The rulebook names three parts of a Path Start card: the Path Start, a Track and the
# **Advance Condition**. The one line it gives for the card, about gaining 1 Power Point, is
# that Advance Condition (the ruling `brw.paths.start_condition`,
# [on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-start-condition)), on
# every Start card; the six differ by their Tracks (authored).

# %% tags=["nbval-check-output"]
from gaia_lab.games.black_rose_wars.paths import load_paths

for start in load_paths().starts.values():
    print(start.id, "- Advance Condition:", start.condition.describe())

# %% [markdown]
# ## Gaining a Path card by advancing (the rulebook's example)

# %% tags=["nbval-check-output"]
adv = EX["brw.ex.gain_advance"]
print(adv.title, "-", adv.summary)
print("source:", adv.source)
adv_steps = list(adv.results())
assert len(adv_steps) == 3

# %% [markdown]
# **The Advance Condition.** Step 1 of 3, by the rule `brw.paths.advance`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-advance)).

# %% tags=["nbval-check-output"]
print(adv_steps[0].summary())
assert adv_steps[0].ok

# %%
board(adv_steps[0].session.state)

# %% [markdown]
# **Advance onto another card.** Step 2 of 3, by the rule `brw.paths.gain_advance`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-gain-advance)).

# %% tags=["nbval-check-output"]
print(adv_steps[1].summary())
assert adv_steps[1].ok

# %%
board(adv_steps[1].session.state)

# %% [markdown]
# **Keep one.** Step 3 of 3, by the rule `brw.paths.first_card`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-first-card)).

# %% tags=["nbval-check-output"]
print(adv_steps[2].summary())
assert adv_steps[2].ok

# %%
board(adv_steps[2].session.state)

# %% [markdown]
# ## Gaining a Path card instead of a Quest (the rulebook's example)

# %% tags=["nbval-check-output"]
quest = EX["brw.ex.gain_quest"]
print(quest.title, "-", quest.summary)
print("source:", quest.source)
quest_steps = list(quest.results())
assert len(quest_steps) == 3

# %% [markdown]
# **A Quest to draw.** Step 1 of 3, by the rule `brw.core.quest`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-quest)).

# %% tags=["nbval-check-output"]
print(quest_steps[0].summary())
assert quest_steps[0].ok

# %%
board(quest_steps[0].session.state)

# %% [markdown]
# **Path cards instead.** Step 2 of 3, by the rule `brw.paths.gain_quest`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-gain-quest)).

# %% tags=["nbval-check-output"]
print(quest_steps[1].summary())
assert quest_steps[1].ok

# %%
board(quest_steps[1].session.state)

# %% [markdown]
# **Keep one.** Step 3 of 3, by the rule `brw.paths.gain_quest`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-gain-quest)).

# %% tags=["nbval-check-output"]
print(quest_steps[2].summary())
assert quest_steps[2].ok

# %%
board(quest_steps[2].session.state)

# %% [markdown]
# ## A Complete Path: +2 Power Points (the rulebook's result)

# %% tags=["nbval-check-output"]
complete = EX["brw.ex.complete_path"]
print(complete.title, "-", complete.summary)
print("source:", complete.source)
complete_steps = list(complete.results())
assert len(complete_steps) == 3

# %% [markdown]
# **Rebuilding.** Step 1 of 3, by the rule `brw.paths.advance`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-advance)).

# %% tags=["nbval-check-output"]
print(complete_steps[0].summary())
assert complete_steps[0].ok

# %%
board(complete_steps[0].session.state)

# %% [markdown]
# **The End Point.** Step 2 of 3, by the rule `brw.paths.end_point`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-end-point)).

# %% tags=["nbval-check-output"]
print(complete_steps[1].summary())
assert complete_steps[1].ok

# %%
board(complete_steps[1].session.state)

# %% [markdown]
# **No more advancing.** Step 3 of 3, by the rule `brw.paths.end_point_locked`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-end-point-locked)).

# %% tags=["nbval-check-output"]
print(complete_steps[2].summary())
assert complete_steps[2].ok

# %%
board(complete_steps[2].session.state)

# %% [markdown]
# ## An Incomplete Path: -6 Power Points (the rulebook's result)

# %% tags=["nbval-check-output"]
incomplete = EX["brw.ex.incomplete_path"]
print(incomplete.title, "-", incomplete.summary)
print("source:", incomplete.source)
incomplete_steps = list(incomplete.results())
assert len(incomplete_steps) == 1

# %% [markdown]
# **The Penalty boxes.** Step 1 of 1, by the rule `brw.paths.incomplete_penalty`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-incomplete-penalty)).

# %% tags=["nbval-check-output"]
print(incomplete_steps[0].summary())
assert incomplete_steps[0].ok

# %%
board(incomplete_steps[0].session.state)

# %% [markdown]
# ## An Effect Passage

# %% tags=["nbval-check-output"]
effect = EX["brw.ex.effect_passage"]
print(effect.title, "-", effect.summary)
print("source:", effect.source)
effect_steps = list(effect.results())
assert len(effect_steps) == 2

# %% [markdown]
# **The Effect Passage.** Step 1 of 2, by the rule `brw.paths.effect_passage`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-effect-passage)).

# %% tags=["nbval-check-output"]
print(effect_steps[0].summary())
assert effect_steps[0].ok

# %%
board(effect_steps[0].session.state)

# %% [markdown]
# **The Trap.** Step 2 of 2, by the rule `brw.paths.effect_passage`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-paths-effect-passage)).

# %% tags=["nbval-check-output"]
print(effect_steps[1].summary())
assert effect_steps[1].ok

# %%
board(effect_steps[1].session.state)

# %% [markdown]
# ## Talia and the School of Geomancy
#
# Talia swaps the School of Geomancy in at setup step 9.

# %% tags=["nbval-check-output"]
geo = EX["brw.ex.geomancy"]
print(geo.title, "-", geo.summary)
print("source:", geo.source)
geo_steps = list(geo.results())
assert len(geo_steps) == 3

# %% [markdown]
# **Setup step 9.** Step 1 of 3, by the rule `brw.school.geomancy`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-school-geomancy)).

# %% tags=["nbval-check-output"]
print(geo_steps[0].summary())
assert geo_steps[0].ok

# %%
board(geo_steps[0].session.state)

# %% [markdown]
# **Talia's spell.** Step 2 of 3, by the rule `brw.models.talia`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-models-talia)).

# %% tags=["nbval-check-output"]
print(geo_steps[1].summary())
assert geo_steps[1].ok

# %%
board(geo_steps[1].session.state)

# %% [markdown]
# **A Geomancy spell.** Step 3 of 3, by the rule `brw.school.geomancy`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-school-geomancy)).

# %% tags=["nbval-check-output"]
print(geo_steps[2].summary())
assert geo_steps[2].ok

# %%
board(geo_steps[2].session.state)

# %% [markdown]
# Next: [the Legendary Scenario](05_legendary.ipynb).
