# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn 5: the Legendary Scenario, Stop the Threat
#
# The scenario changes the setup: the Emerald Rose Room takes the Black Rose Room's place, and
# the Thorny Clearing, Life Fountain and Indoor Forest replace the Forge, Garden and Treasure
# Room; the Moon cubes go on slots 5, 21 and 28 of the Power board, the Path deck is used and the
# scenario's cards go on the Event decks. Its special rules: **False Idols**, **Toll** and
# **Honorable Mention**.

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
# ## The setup

# %% tags=["nbval-check-output"]
setup = EX["brw.ex.legendary_setup"]
print(setup.title, "-", setup.summary)
print("source:", setup.source)
setup_steps = list(setup.results())
assert len(setup_steps) == 2

# %% [markdown]
# **Setup.** Step 1 of 2, by the rule `brw.legendary.rooms`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-legendary-rooms)).

# %% tags=["nbval-check-output"]
print(setup_steps[0].summary())
assert setup_steps[0].ok

# %%
board(setup_steps[0].session.state)

# %% [markdown]
# **The first Event.** Step 2 of 2, by the rule `brw.legendary.event_cards`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-legendary-event-cards)).

# %% tags=["nbval-check-output"]
print(setup_steps[1].summary())
assert setup_steps[1].ok

# %%
board(setup_steps[1].session.state)

# %% [markdown]
# ## Toll

# %% tags=["nbval-check-output"]
toll = EX["brw.ex.toll"]
print(toll.title, "-", toll.summary)
print("source:", toll.source)
toll_steps = list(toll.results())
assert len(toll_steps) == 1

# %% [markdown]
# **A Root Token removed.** Step 1 of 1, by the rule `brw.legendary.toll`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-legendary-toll)).

# %% tags=["nbval-check-output"]
print(toll_steps[0].summary())
assert toll_steps[0].ok

# %%
board(toll_steps[0].session.state)

# %% [markdown]
# ## False Idols

# %% tags=["nbval-check-output"]
idols = EX["brw.ex.false_idols"]
print(idols.title, "-", idols.summary)
print("source:", idols.source)
idols_steps = list(idols.results())
assert len(idols_steps) == 1

# %% [markdown]
# **Gaea defeated.** Step 1 of 1, by the rule `brw.legendary.false_idols`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-legendary-false-idols)).

# %% tags=["nbval-check-output"]
print(idols_steps[0].summary())
assert idols_steps[0].ok

# %%
board(idols_steps[0].session.state)

# %% [markdown]
# ## Honorable Mention

# %% tags=["nbval-check-output"]
mention = EX["brw.ex.honorable_mention"]
print(mention.title, "-", mention.summary)
print("source:", mention.source)
mention_steps = list(mention.results())
assert len(mention_steps) == 1

# %% [markdown]
# **The most Trophies.** Step 1 of 1, by the rule `brw.legendary.honorable_mention`
# ([on the rules page](../../docs/rules/black_rose_wars.md#rule-brw-legendary-honorable-mention)).

# %% tags=["nbval-check-output"]
print(mention_steps[0].summary())
assert mention_steps[0].ok

# %%
board(mention_steps[0].session.state)

# %% [markdown]
# Next: [Large Models](06_large_models.ipynb).
