# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn 1: Gaea's setup
#
# **The game in plain words.** In *Black Rose Wars* each player is a Mage in the Lodge, a
# building of Rooms. Mages cast spells, fight and pile **Instability** into the Rooms to win
# **Power Points**. *Gaea Reborn* adds **Gaea**, an Avatar that no player controls: she and her
# servant **Filius** act by themselves, choosing their targets by fixed **Priority** lines. Gaea
# grows **Root Tokens** in the Rooms; if three of them flower into **Arbor Vitae**, she wins.
#
# This notebook sets Gaea up, one step at a time, with the engine's worked example and its
# checkpoints. After each step comes the board.

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
# ## Gaea's setup, step by step
#
# Gaea's Model starts in the Black Rose Room, Filius in the Throne Room; the Filius card goes in
# the Servant slot of her Avatar board; a Root Token goes in every Room; the spell *Nature's Fury*
# leaves the Forgotten Spells. The example plays it with two Mages on the small Lodge.

# %% tags=["nbval-check-output"]
setup = EX["brw.ex.gaea_setup"]
print(setup.title, "-", setup.summary)
print("source:", setup.source)
setup_steps = list(setup.results())
assert len(setup_steps) == 5

# %% [markdown]
# **Gaea's model.** Step 1 of 5, by the rule `brw.setup.gaea_model`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-setup-gaea-model)).

# %% tags=["nbval-check-output"]
print(setup_steps[0].summary())
assert setup_steps[0].ok

# %%
board(setup_steps[0].session.state)

# %% [markdown]
# **The Filius token.** Step 2 of 5, by the rule `brw.setup.filius_token`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-setup-filius-token)).

# %% tags=["nbval-check-output"]
print(setup_steps[1].summary())
assert setup_steps[1].ok

# %%
board(setup_steps[1].session.state)

# %% [markdown]
# **The Servant slot.** Step 3 of 5, by the rule `brw.setup.filius_card`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-setup-filius-card)).

# %% tags=["nbval-check-output"]
print(setup_steps[2].summary())
assert setup_steps[2].ok

# %%
board(setup_steps[2].session.state)

# %% [markdown]
# **Root Tokens.** Step 4 of 5, by the rule `brw.setup.root_tokens`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-setup-root-tokens)).

# %% tags=["nbval-check-output"]
print(setup_steps[3].summary())
assert setup_steps[3].ok

# %%
board(setup_steps[3].session.state)

# %% [markdown]
# **Nature's Fury.** Step 5 of 5, by the rule `brw.setup.natures_fury`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-setup-natures-fury)).

# %% tags=["nbval-check-output"]
print(setup_steps[4].summary())
assert setup_steps[4].ok

# %%
board(setup_steps[4].session.state)

# %% [markdown]
# ## Five Mages: one Room too many
#
# The Root Token pool is finite: when it is empty, a Room gets none (`brw.root.no_place`).

# %% tags=["nbval-check-output"]
pool = EX["brw.ex.root_pool_empty"]
print(pool.title, "-", pool.summary)
print("source:", pool.source)
pool_steps = list(pool.results())
assert len(pool_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.root.no_place`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-root-no-place)).

# %% tags=["nbval-check-output"]
print(pool_steps[0].summary())
assert pool_steps[0].ok

# %%
board(pool_steps[0].session.state)

# %% [markdown]
# ## A whole game's setup
#
# A full session with two Mages plays every setup step, then waits for the first Mage's plan.

# %% tags=["nbval-check-output"]
import gaia_lab

s = gaia_lab.Session("black_rose_wars", players=2, seed=1)
print(s.pending)
print("Gaea in", s.state.avatar.model.where, "- Filius in", s.state.avatar.filius.where)
assert s.state.avatar.model.where == "black_rose_room"

# %%
board(s.state)

# %% [markdown]
# Next: [an activation of Gaea and of Filius](02_activations.ipynb).
