# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn 2: an activation of Gaea and of Filius
#
# Gaea acts when a Command card is drawn. The card names a **Priority line** (1 or 2). Gaea looks
# at every Room and narrows them down, one criterion at a time, until one is left: that Room is
# her target. If Rooms are still tied after the last criterion, the holder of the **Crown**
# chooses (the *Choice of the Crown*). Filius does the same with Mages as candidates.
#
# The engine keeps every choice with its **decision trace**: each criterion, every candidate's
# value, the candidates kept and why. Below each step, the trace is printed: it is the reason Gaea
# or Filius picked that target.

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
# ## Priority 1: the most Models
#
# Priority 1 first drops the Rooms with a Root Token, then keeps the most Instability, then the
# most Models.

# %% tags=["nbval-check-output"]
p1 = EX["brw.ex.priority_1"]
print(p1.title, "-", p1.summary)
print("source:", p1.source)
p1_steps = list(p1.results())
assert len(p1_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.priority.most_models`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-priority-most-models)).

# %% tags=["nbval-check-output"]
print(p1_steps[0].summary())
print()
print(traces(p1_steps[0].session))
assert p1_steps[0].ok

# %%
board(p1_steps[0].session.state)

# %% [markdown]
# ## Priority 2: the fewest Models

# %% tags=["nbval-check-output"]
p2 = EX["brw.ex.priority_2"]
print(p2.title, "-", p2.summary)
print("source:", p2.source)
p2_steps = list(p2.results())
assert len(p2_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.priority.fewest_models`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-priority-fewest-models)).

# %% tags=["nbval-check-output"]
print(p2_steps[0].summary())
print()
print(traces(p2_steps[0].session))
assert p2_steps[0].ok

# %%
board(p2_steps[0].session.state)

# %% [markdown]
# ## Tied to the end: the Choice of the Crown
#
# When the last criterion still leaves two Rooms, the game waits for the Crown's holder.

# %% tags=["nbval-check-output"]
crown = EX["brw.ex.priority_crown"]
print(crown.title, "-", crown.summary)
print("source:", crown.source)
crown_steps = list(crown.results())
assert len(crown_steps) == 2

# %% [markdown]
# Step 1 of 2, by the rule `brw.priority.crown`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-priority-crown)).

# %% tags=["nbval-check-output"]
print(crown_steps[0].summary())
print()
print(traces(crown_steps[0].session))
assert crown_steps[0].ok

# %%
board(crown_steps[0].session.state)

# %% [markdown]
# Step 2 of 2, by the rule `brw.core.choice_of_the_crown`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-choice-of-the-crown)).

# %% tags=["nbval-check-output"]
print(crown_steps[1].summary())
print()
print(traces(crown_steps[1].session))
assert crown_steps[1].ok

# %%
board(crown_steps[1].session.state)

# %% [markdown]
# ## Filius
#
# Filius targets a Mage: the most Power Points, then on a tie the most Damage, then the
# closest, then the most Trophies, and last the Choice of the Crown. It moves as close as it
# can with its Speed, and can Settle or come back (Comeback).

# %% tags=["nbval-check-output"]
fp = EX["brw.ex.filius_power"]
print(fp.title, "-", fp.summary)
print("source:", fp.source)
fp_steps = list(fp.results())
assert len(fp_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.filius.most_power`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-filius-most-power)).

# %% tags=["nbval-check-output"]
print(fp_steps[0].summary())
print()
print(traces(fp_steps[0].session))
assert fp_steps[0].ok

# %%
board(fp_steps[0].session.state)

# %% tags=["nbval-check-output"]
fc = EX["brw.ex.filius_crown"]
print(fc.title, "-", fc.summary)
print("source:", fc.source)
fc_steps = list(fc.results())
assert len(fc_steps) == 2

# %% [markdown]
# Step 1 of 2, by the rule `brw.filius.crown`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-filius-crown)).

# %% tags=["nbval-check-output"]
print(fc_steps[0].summary())
print()
print(traces(fc_steps[0].session))
assert fc_steps[0].ok

# %%
board(fc_steps[0].session.state)

# %% [markdown]
# Step 2 of 2, by the rule `brw.core.choice_of_the_crown`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-core-choice-of-the-crown)).

# %% tags=["nbval-check-output"]
print(fc_steps[1].summary())
print()
print(traces(fc_steps[1].session))
assert fc_steps[1].ok

# %%
board(fc_steps[1].session.state)

# %% tags=["nbval-check-output"]
fcl = EX["brw.ex.filius_closer"]
print(fcl.title, "-", fcl.summary)
print("source:", fcl.source)
fcl_steps = list(fcl.results())
assert len(fcl_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.filius.closer`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-filius-closer)).

# %% tags=["nbval-check-output"]
print(fcl_steps[0].summary())
print()
print(traces(fcl_steps[0].session))
assert fcl_steps[0].ok

# %%
board(fcl_steps[0].session.state)

# %% tags=["nbval-check-output"]
fnm = EX["brw.ex.filius_no_mage"]
print(fnm.title, "-", fnm.summary)
print("source:", fnm.source)
fnm_steps = list(fnm.results())
assert len(fnm_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.filius.no_mage`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-filius-no-mage)).

# %% tags=["nbval-check-output"]
print(fnm_steps[0].summary())
print()
print(traces(fnm_steps[0].session))
assert fnm_steps[0].ok

# %%
board(fnm_steps[0].session.state)

# %% tags=["nbval-check-output"]
cb = EX["brw.ex.comeback"]
print(cb.title, "-", cb.summary)
print("source:", cb.source)
cb_steps = list(cb.results())
assert len(cb_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.filius.comeback`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-filius-comeback)).

# %% tags=["nbval-check-output"]
print(cb_steps[0].summary())
print()
print(traces(cb_steps[0].session))
assert cb_steps[0].ok

# %%
board(cb_steps[0].session.state)

# %% tags=["nbval-check-output"]
st = EX["brw.ex.settle"]
print(st.title, "-", st.summary)
print("source:", st.source)
st_steps = list(st.results())
assert len(st_steps) == 1

# %% [markdown]
# Step 1 of 1, by the rule `brw.filius.settle`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-filius-settle)).

# %% tags=["nbval-check-output"]
print(st_steps[0].summary())
print()
print(traces(st_steps[0].session))
assert st_steps[0].ok

# %%
board(st_steps[0].session.state)

# %% [markdown]
# ## Asking the engine during a game
#
# `explain_choice` gives the choice that is pending (or was made last) in any position.

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.black_rose_wars.rules import explain_choice

s = gaia_lab.Session("black_rose_wars", players=1, seed=2, auto=False)
while s.pending.kind != "gaea_target":
    _ = s.step() if s.actor in ("chance", "rules") else s.play(s.legal_actions()[-1])
choice = explain_choice(s.state)
print(choice.text(s.game.rules.names(s.state)))  # the Rooms by their names
assert choice.chooser == "gaea"

# %%
board(s.state)

# %% [markdown]
# Next: [Root Tokens and Instability](03_root_tokens.ipynb).
