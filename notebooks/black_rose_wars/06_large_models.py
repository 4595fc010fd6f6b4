# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn 6: Large Models on the Hunt battlefield
#
# Gaea's Model is **Large**: in the *Nova Aetas* Hunt Mission she stands on a square battlefield
# and covers a block of 2 by 2 squares. She moves as one square (counted from the square of her
# block nearest her goal), and is then placed over the squares; a Model under her is pushed to
# an adjacent free square, or the nearest one. **Scenic Elements** (Trees) are never covered.
# An **Area** attack targets each Model in the area once, and its extra effect happens once.
# **Line of Sight** to or from a Large Model is always valid.
#
# gaia_lab plays these rules as a small drill game, `black_rose_wars_hunt`. The battlefield's
# squares are named by column letter and row number (a1 at the top left), written along the
# board's edges.

# %% [markdown]
# > **What comes from where.** The Large Model rules come from the expansion's rulebook. The
# > Hunt Mission itself belongs to *Nova Aetas*, whose rules are not among the sources: the
# > drill's battlefield, its Hero and imps, their Speed and Health and the drill's turns are
# > **modelled** (reconstructed) to exercise those rules, and marked so. The rules are on the
# > [rules page](../../docs/rules/black_rose_wars.md#rule-brw-large-move).

# %%
from gaia_lab.games.black_rose_wars.examples_hunt import DRILL, EXAMPLES
from gaia_lab.teaching import board

EX = {e.id: e for e in EXAMPLES}

# %% [markdown]
# ## The drill's battlefield
#
# A 6 by 4 battlefield with one Tree, Gaea (2 by 2), a Hero and an imp.

# %% tags=["nbval-check-output"]
import gaia_lab

s = gaia_lab.Session("black_rose_wars_hunt", scenario=DRILL)
print(s.pending)
print(len(s.legal_actions()), "legal actions")

# %%
board(s.state)

# %% [markdown]
# ## The examples, step by step

# %% tags=["nbval-check-output"]
h0 = EX["brw-large-move-push"]
print(h0.title, "-", h0.summary)
print("source:", h0.source)
h0_steps = list(h0.results())
assert len(h0_steps) == 2

# %% [markdown]
# **Moving and pushing.** Step 1 of 2, by the rule `brw.large.push`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-large-push)).

# %% tags=["nbval-check-output"]
print(h0_steps[0].summary())
assert h0_steps[0].ok

# %%
board(h0_steps[0].session.state)

# %% [markdown]
# **A free block first.** Step 2 of 2, by the rule `brw.large.place`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-large-place)).

# %% tags=["nbval-check-output"]
print(h0_steps[1].summary())
assert h0_steps[1].ok

# %%
board(h0_steps[1].session.state)

# %% tags=["nbval-check-output"]
h1 = EX["brw-large-scenic"]
print(h1.title, "-", h1.summary)
print("source:", h1.source)
h1_steps = list(h1.results())
assert len(h1_steps) == 2

# %% [markdown]
# **No block fits.** Step 1 of 2, by the rule `brw.large.scenic`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-large-scenic)).

# %% tags=["nbval-check-output"]
print(h1_steps[0].summary())
assert h1_steps[0].ok

# %%
board(h1_steps[0].session.state)

# %% [markdown]
# **A square that lets her be placed.** Step 2 of 2, by the rule `brw.large.place`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-large-place)).

# %% tags=["nbval-check-output"]
print(h1_steps[1].summary())
assert h1_steps[1].ok

# %%
board(h1_steps[1].session.state)

# %% tags=["nbval-check-output"]
h2 = EX["brw-large-area"]
print(h2.title, "-", h2.summary)
print("source:", h2.source)
h2_steps = list(h2.results())
assert len(h2_steps) == 3

# %% [markdown]
# **The target, once.** Step 1 of 3, by the rule `brw.large.area_target_once`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-large-area-target-once)).

# %% tags=["nbval-check-output"]
print(h2_steps[0].summary())
assert h2_steps[0].ok

# %%
board(h2_steps[0].session.state)

# %% [markdown]
# **The additional Effect, once.** Step 2 of 3, by the rule `brw.large.area_extra_once`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-large-area-extra-once)).

# %% tags=["nbval-check-output"]
print(h2_steps[1].summary())
assert h2_steps[1].ok

# %%
board(h2_steps[1].session.state)

# %% [markdown]
# **Line of Sight.** Step 3 of 3, by the rule `brw.large.los`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-large-los)).

# %% tags=["nbval-check-output"]
print(h2_steps[2].summary())
assert h2_steps[2].ok

# %%
board(h2_steps[2].session.state)

# %% [markdown]
# Next: [play](play.ipynb).
