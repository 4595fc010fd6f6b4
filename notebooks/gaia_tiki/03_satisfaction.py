# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # GAIA (Tiki Editions) 3: the satisfaction of a City
#
# A City card shows the terrain it is built on and **four needs**: terrains, or an animal (a
# goat or a fish). A need is **met** when a square that shares a side with the City holds one
# of these:
#
# - a tile of that terrain that no City covers (a City hides the tile under it);
# - tokens of that animal.
#
# Diagonals never count. The number of needs met is the City's **satisfaction**.
# ([gt.satisfaction.count](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-count))
#
# - To **found** a City, at least 2 of its needs must be met
#   ([gt.city.needs](../../docs/rules/gaia_tiki.md#rule-gt-city-needs)).
# - Whoever **raises** a City's satisfaction puts a meeple on it, at most one of each colour
#   ([gt.satisfaction.raise](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-raise)).
# - A City that **falls to 1** need met sends its meeples home and stays empty. **At 0** it is
#   removed ([lowering](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-lower)).
#
# The engine counts again for every City after every change.

# %% [markdown]
# > **About the components.** The 19 City cards (their terrains and needs) are reconstructed,
# > like the rest of GAIA's card lists, which are not public
# > ([what is reconstructed](../../docs/rules/gaia_tiki.md#gaia-tiki-components)).

# %%
import gaia_lab
from gaia_lab.games.gaia_tiki.examples import EMPTIED, RISING
from gaia_lab.games.gaia_tiki.teaching import city_needs
from gaia_lab.teaching import board

# %% [markdown]
# ## Founding a City: at least 2 needs
#
# Borea stands on plain and needs plain, forest, fish and mountain. Here only forest is next to
# F6, on F5 and on E6. That is one need, however many tiles meet it, so Borea cannot be founded.

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("gaia_tiki", scenario={
    "tiles": {"F6": "plain", "F5": "forest", "E6": "forest"}, "seats": [{"hand": ["borea"]}]})
verdict = s.explain("city borea F6")
print(verdict)
assert not verdict and verdict.code == "city.needs"

# %% [markdown]
# ## Satisfaction rising
#
# The engine's worked example, step by step. After each step come its checkpoints, then the
# board. On the board, each City shows its four needs: a filled box is a need met, an empty
# box a need not met. A black bar on a side marks a neighbour that meets one of the needs.

# %% tags=["nbval-check-output"]
print(RISING.title, "-", RISING.summary)
steps = list(RISING.results())
print()
print(steps[0].summary())
assert steps[0].ok

# %%
board(steps[0].session.state)

# %% [markdown]
# P2 lays a mountain on F7. **Why does Borea now have 3 needs met?** The engine reads each need
# from the squares around F6:

# %% tags=["nbval-check-output"]
print(steps[1].summary())
print()
print(city_needs(steps[1].session.state, "F6"))
assert steps[1].session.state.city_at("F6").met == 3
assert steps[1].ok

# %%
board(steps[1].session.state)

# %% [markdown]
# P2's fish meet the fourth need. P2 already has a meeple on Borea and places no second one
# ([gt.satisfaction.one_colour](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-one-colour)).
# Then P1's turn begins and Borea eats one of the fish (notebook 4).

# %% tags=["nbval-check-output"]
print(steps[2].summary())
print()
print(city_needs(steps[2].session.state, "F6"))
assert steps[2].session.state.city_at("F6").met == 4
assert steps[2].ok

# %%
board(steps[2].session.state)

# %% [markdown]
# ## Satisfaction falling: a City emptied, then removed
#
# A City covers the tile it stands on, so founding one can take a need away from a neighbour
# ([gt.city.covers](../../docs/rules/gaia_tiki.md#rule-gt-city-covers)). Here P1's Sole covers
# the plain that Borea used. Borea drops to 1 need, and P2's meeple goes home
# ([gt.satisfaction.empty](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-empty)). Then
# P1's Elce covers Borea's last forest. Borea meets nothing and is removed
# ([gt.satisfaction.removed](../../docs/rules/gaia_tiki.md#rule-gt-satisfaction-removed)).

# %% tags=["nbval-check-output"]
print(EMPTIED.title, "-", EMPTIED.summary)
start = EMPTIED.start().state
print()
print(city_needs(start, "F6"))
assert start.city_at("F6").met == 2

# %%
board(start)

# %% tags=["nbval-check-output"]
falling = list(EMPTIED.results())
print(falling[0].summary())
print()
print(city_needs(falling[0].session.state, "F6"))
assert falling[0].ok

# %%
board(falling[0].session.state)

# %% tags=["nbval-check-output"]
print(falling[1].summary())
print()
state = falling[1].session.state
assert state.city_at("F6") is None and "borea" in state.discard
print(city_needs(state, "G6"))
assert falling[1].ok

# %%
board(state)

# %% [markdown]
# Next: [feeding](04_feeding.ipynb).
