# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn 3: Root Tokens and Instability
#
# A Root Token lies left of a Room's Instability slots and adds two slots of its own, filled
# first. In a Rebuilt Room only the Black Rose's Instability goes on it. Two or more Damage
# destroy it, and its Instability goes back to its owners; rebuilding the Room removes it.
# Gaea's Avatar Effect moves Instability onto Root Tokens; three full Root Tokens become an
# **Arbor Vitae**. At the start of Clean-up, **Blossoming Burst** gives Gaea Power Points for
# each Arbor Vitae and full Root Token, and three Arbor Vitae win her the game at once.

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
from gaia_lab.games.black_rose_wars.teaching import traces
from gaia_lab.teaching import board

EX = {e.id: e for e in EXAMPLES}

# %% [markdown]
# ## Instability goes on the Root Token first

# %% tags=["nbval-check-output"]
first = EX["brw.ex.roots_first"]
print(first.title, "-", first.summary)
print("source:", first.source)
first_steps = list(first.results())
assert len(first_steps) == 2

# %% [markdown]
# Step 1 of 2, by the rule `brw.root.instability_first`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-root-instability-first)).

# %% tags=["nbval-check-output"]
print(first_steps[0].summary())
assert first_steps[0].ok

# %%
board(first_steps[0].session.state)

# %% [markdown]
# Step 2 of 2, by the rule `brw.root.no_place`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-root-no-place)).

# %% tags=["nbval-check-output"]
print(first_steps[1].summary())
assert first_steps[1].ok

# %%
board(first_steps[1].session.state)

# %% [markdown]
# ## A Root Token in a Rebuilt Room

# %% tags=["nbval-check-output"]
rebuilt = EX["brw.ex.rebuilt_root"]
print(rebuilt.title, "-", rebuilt.summary)
print("source:", rebuilt.source)
rebuilt_steps = list(rebuilt.results())
assert len(rebuilt_steps) == 2

# %% [markdown]
# Step 1 of 2, by the rule `brw.root.rebuilt_black_rose`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-root-rebuilt-black-rose)).

# %% tags=["nbval-check-output"]
print(rebuilt_steps[0].summary())
assert rebuilt_steps[0].ok

# %%
board(rebuilt_steps[0].session.state)

# %% [markdown]
# Step 2 of 2, by the rule `brw.root.rebuilt_black_rose`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-root-rebuilt-black-rose)).

# %% tags=["nbval-check-output"]
print(rebuilt_steps[1].summary())
assert rebuilt_steps[1].ok

# %%
board(rebuilt_steps[1].session.state)

# %% [markdown]
# ## Destroying a Root Token

# %% tags=["nbval-check-output"]
destroyed = EX["brw.ex.root_destroyed"]
print(destroyed.title, "-", destroyed.summary)
print("source:", destroyed.source)
destroyed_steps = list(destroyed.results())
assert len(destroyed_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.root.destruction`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-root-destruction)).

# %% tags=["nbval-check-output"]
print(destroyed_steps[0].summary())
assert destroyed_steps[0].ok

# %%
board(destroyed_steps[0].session.state)

# %% [markdown]
# ## Rebuilding a Room removes its Root Token

# %% tags=["nbval-check-output"]
rebuild = EX["brw.ex.rebuild"]
print(rebuild.title, "-", rebuild.summary)
print("source:", rebuild.source)
rebuild_steps = list(rebuild.results())
assert len(rebuild_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.root.rebuilding`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-root-rebuilding)).

# %% tags=["nbval-check-output"]
print(rebuild_steps[0].summary())
assert rebuild_steps[0].ok

# %%
board(rebuild_steps[0].session.state)

# %% [markdown]
# ## The Avatar Effect and an Arbor Vitae

# %% tags=["nbval-check-output"]
effect = EX["brw.ex.avatar_effect"]
print(effect.title, "-", effect.summary)
print("source:", effect.source)
effect_steps = list(effect.results())
assert len(effect_steps) == 3

# %% [markdown]
# **The target.** Step 1 of 3, by the rule `brw.priority.no_root`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-priority-no-root)).

# %% tags=["nbval-check-output"]
print(effect_steps[0].summary())
print()
print(traces(effect_steps[0].session))
assert effect_steps[0].ok

# %%
board(effect_steps[0].session.state)

# %% [markdown]
# **Two Avatar Effects.** Step 2 of 3, by the rule `brw.avatar.effect.arbor_vitae`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-avatar-effect-arbor-vitae)).

# %% tags=["nbval-check-output"]
print(effect_steps[1].summary())
print()
print(traces(effect_steps[1].session))
assert effect_steps[1].ok

# %%
board(effect_steps[1].session.state)

# %% [markdown]
# **Blossoming Burst.** Step 3 of 3, by the rule `brw.skill.blossoming_burst`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-skill-blossoming-burst)).

# %% tags=["nbval-check-output"]
print(effect_steps[2].summary())
print()
print(traces(effect_steps[2].session))
assert effect_steps[2].ok

# %%
board(effect_steps[2].session.state)

# %% [markdown]
# ## Four full Root Tokens: the Crown picks three

# %% tags=["nbval-check-output"]
arbor = EX["brw.ex.arbor_crown"]
print(arbor.title, "-", arbor.summary)
print("source:", arbor.source)
arbor_steps = list(arbor.results())
assert len(arbor_steps) == 2

# %% [markdown]
# Step 1 of 2, by the rule `brw.ruling.arbor_which`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-ruling-arbor-which)).

# %% tags=["nbval-check-output"]
print(arbor_steps[0].summary())
assert arbor_steps[0].ok

# %%
board(arbor_steps[0].session.state)

# %% [markdown]
# Step 2 of 2, by the rule `brw.avatar.effect.arbor_vitae`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-avatar-effect-arbor-vitae)).

# %% tags=["nbval-check-output"]
print(arbor_steps[1].summary())
assert arbor_steps[1].ok

# %%
board(arbor_steps[1].session.state)

# %% [markdown]
# ## Blossoming Burst, and Gaea winning

# %% tags=["nbval-check-output"]
burst = EX["brw.ex.blossoming_burst"]
print(burst.title, "-", burst.summary)
print("source:", burst.source)
burst_steps = list(burst.results())
assert len(burst_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.skill.blossoming_burst`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-skill-blossoming-burst)).

# %% tags=["nbval-check-output"]
print(burst_steps[0].summary())
assert burst_steps[0].ok

# %%
board(burst_steps[0].session.state)

# %% tags=["nbval-check-output"]
win = EX["brw.ex.blossoming_win"]
print(win.title, "-", win.summary)
print("source:", win.source)
win_steps = list(win.results())
assert len(win_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.skill.blossoming_win`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-skill-blossoming-win)).

# %% tags=["nbval-check-output"]
print(win_steps[0].summary())
assert win_steps[0].ok

# %%
board(win_steps[0].session.state)

# %% [markdown]
# ## Dominion

# %% tags=["nbval-check-output"]
dominion = EX["brw.ex.dominion"]
print(dominion.title, "-", dominion.summary)
print("source:", dominion.source)
dominion_steps = list(dominion.results())
assert len(dominion_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.skill.dominion`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-skill-dominion)).

# %% tags=["nbval-check-output"]
print(dominion_steps[0].summary())
assert dominion_steps[0].ok

# %%
board(dominion_steps[0].session.state)

# %% [markdown]
# ## The modelled core
#
# These examples play the core game's rules as gaia_lab models them (reconstructed): a Mage's
# turns, defeating Gaea, the Second Moon and the end of the game.

# %% tags=["nbval-check-output"]
core = EX["brw.ex.core_turns"]
print(core.title, "-", core.summary)
print("source:", core.source)
core_steps = list(core.results())
assert len(core_steps) == 2

# %% [markdown]
# Step 1 of 2, by the rule `brw.core.defeat_mage`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-defeat-mage)).

# %% tags=["nbval-check-output"]
print(core_steps[0].summary())
assert core_steps[0].ok

# %%
board(core_steps[0].session.state)

# %% [markdown]
# Step 2 of 2, by the rule `brw.core.move`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-move)).

# %% tags=["nbval-check-output"]
print(core_steps[1].summary())
assert core_steps[1].ok

# %%
board(core_steps[1].session.state)

# %% tags=["nbval-check-output"]
defeat = EX["brw.ex.avatar_defeat"]
print(defeat.title, "-", defeat.summary)
print("source:", defeat.source)
defeat_steps = list(defeat.results())
assert len(defeat_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.core.defeat_avatar`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-defeat-avatar)).

# %% tags=["nbval-check-output"]
print(defeat_steps[0].summary())
assert defeat_steps[0].ok

# %%
board(defeat_steps[0].session.state)

# %% tags=["nbval-check-output"]
moon = EX["brw.ex.moon"]
print(moon.title, "-", moon.summary)
print("source:", moon.source)
moon_steps = list(moon.results())
assert len(moon_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.core.moon`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-moon)).

# %% tags=["nbval-check-output"]
print(moon_steps[0].summary())
assert moon_steps[0].ok

# %%
board(moon_steps[0].session.state)

# %% tags=["nbval-check-output"]
end = EX["brw.ex.end"]
print(end.title, "-", end.summary)
print("source:", end.source)
end_steps = list(end.results())
assert len(end_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.core.end`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-end)).

# %% tags=["nbval-check-output"]
print(end_steps[0].summary())
assert end_steps[0].ok

# %%
board(end_steps[0].session.state)

# %% [markdown]
# Next: [Paths](04_paths.ipynb).
