# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # GAIA (Tiki Editions) 4: hunting and feeding
#
# Animal tokens (goats and fish) meet the needs of the Cities around them, but they do not
# last. **At the start of your turn, before your two actions, you must feed each of your
# Cities that has an animal among its needs.** For each such City, one token of that animal
# is taken from a tile next to it and goes back to the bank.
# ([gt.feed.when](../../docs/rules/gaia_tiki.md#rule-gt-feed-when),
# [gt.feed.one](../../docs/rules/gaia_tiki.md#rule-gt-feed-one))
#
# - Your Cities are the ones with a meeple of yours on them
#   ([gt.feed.own](../../docs/rules/gaia_tiki.md#rule-gt-feed-own), an engine ruling).
# - If the tokens stand on more than one tile next to the City, **you choose the tile**
#   ([gt.feed.choice](../../docs/rules/gaia_tiki.md#rule-gt-feed-choice)). With only one
#   tile, the rules take the token by themselves.
# - When the last token next to a City is eaten, its animal need is no longer met, and its
#   satisfaction falls
#   ([gt.satisfaction.lower](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-lower)).
#
# Notation: `feed F6 from G6` (the City on F6 eats from the tile G6).

# %% [markdown]
# > **About the components.** The Animal cards (which animal, how many tokens, on which
# > terrains) and the Cities' needs are reconstructed; the 20 double-sided tokens are the
# > public count ([what is reconstructed](../../docs/rules/gaia_tiki.md#gaia-tiki-components)).

# %%
from gaia_lab.games.gaia_tiki.examples import FEEDING
from gaia_lab.games.gaia_tiki.teaching import city_needs
from gaia_lab.teaching import board, show_events

# %% [markdown]
# ## A choice of tile
#
# P1's Alba (on F6) needs forest, sea, goat and mountain. A goat stands on F5 and another on
# G6, so P1's turn opens with a choice. Both tiles are highlighted.

# %% tags=["nbval-check-output"]
print(FEEDING.title, "-", FEEDING.summary)
s = FEEDING.start()
print()
print(s.pending)
print("legal:", [str(a) for a in s.legal_actions()])
print(city_needs(s.state, "F6"))
assert [str(a) for a in s.legal_actions()] == ["feed F6 from F5", "feed F6 from G6"]

# %%
board(s.state, highlight=["cell:F6", "cell:F5", "cell:G6"])

# %% [markdown]
# Feeding comes first: no action can be taken before it. Only a tile next to Alba with an
# animal Alba needs can feed it.

# %% tags=["nbval-check-output"]
for move in ["draw nature 1", "feed F6 from E6", "feed F6 from F7"]:
    print(f"{move:16} -> {s.explain(move)}")

# %% [markdown]
# ## The example, step by step
#
# P1 takes the goat of G6. The goat of F5 still meets the need, so Alba keeps all 4. Then P1
# and P2 pass. At the start of P1's next turn only F5 can feed Alba, so the rules take that
# goat by themselves, and Alba falls to 3.

# %% tags=["nbval-check-output"]
results = list(FEEDING.results())
print(results[0].summary())
assert results[0].ok

# %%
board(results[0].session.state)

# %% tags=["nbval-check-output"]
print(results[1].summary())
print()
state = results[1].session.state
print(city_needs(state, "F6"))
print("Animal tokens in the bank:", state.bank)
eaten = {t.at: t.eaten for t in state.tiles if t.eaten}
print("Animals eaten, by tile:", eaten)
assert results[1].ok and eaten == {"F5": 1, "G6": 1}

# %% [markdown]
# The board counts on each tile the Animals eaten from it ("eaten 1" on F5 and G6).

# %%
board(state)

# %% [markdown]
# The log says what the rules did, each line with its rule:

# %% tags=["nbval-check-output"]
show_events(results[1].session.events[-4:])

# %% [markdown]
# Next: [the advanced game, with Powers and disasters](05_advanced_powers.ipynb).
