# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # GAIA (Tiki Editions) 6: the end of the game and the tie-break
#
# The game ends in one of two ways.
#
# 1. **A player places their last meeple**, on a City or an Objective. That player wins at
#    once ([gt.end.last_meeple](../../docs/rules/gaia_tiki.md#rule-gt-end-last-meeple)).
# 2. **A player draws the last card of a deck** (Nature, Life or Power). The player with the
#    most meeples on Cities and Objectives wins
#    ([gt.end.last_card](../../docs/rules/gaia_tiki.md#rule-gt-end-last-card)). The engine
#    also counts a draw that empties a deck while refilling a market (an engine ruling).
#
# **The tie-break.** If several players share the most meeples, the winner is the tied player
# who comes first going clockwise from the player who ended the game. That player comes last
# in this order ([gt.end.tie](../../docs/rules/gaia_tiki.md#rule-gt-end-tie)).
#
# Meeples on Objectives never leave them, so Objectives are the safest way to place meeples.
# Meeples on Cities can be sent home
# ([gt.objective.order](../../docs/rules/gaia_tiki.md#rule-gt-objective-order)).

# %% [markdown]
# > **About the components.** The Objectives' chip requirements are reconstructed (GAIA's card
# > lists are not public); the 9 Objectives and the players + 2 revealed are the public facts
# > ([what is reconstructed](../../docs/rules/gaia_tiki.md#gaia-tiki-components)).

# %%
import gaia_lab
from gaia_lab.games.gaia_tiki.examples import DECK_END, LAST_MEEPLE, OBJECTIVE
from gaia_lab.teaching import board, show_events

# %% [markdown]
# ## An Objective claimed
#
# As soon as you hold every chip an open Objective shows, the chips are discarded and one of
# your meeples goes on it. Nobody else can claim it after that, and it is never replaced
# ([gt.objective.claim](../../docs/rules/gaia_tiki.md#rule-gt-objective-claim)).

# %% tags=["nbval-check-output"]
print(OBJECTIVE.title, "-", OBJECTIVE.summary)
(result,) = OBJECTIVE.results()
print()
print(result.summary())
assert result.ok

# %%
board(result.session.state)

# %% [markdown]
# ## The last meeple placed
#
# Three players, 5 meeples each. P1 already has 4 on Objectives. A plain tile gives P1 the
# third plain chip that Fields asks for, and Fields takes P1's last meeple.

# %% tags=["nbval-check-output"]
print(LAST_MEEPLE.title, "-", LAST_MEEPLE.summary)
(result,) = LAST_MEEPLE.results()
print()
print(result.summary())
print()
print("\n".join(result.session.log()[-3:]))
assert result.ok

# %%
board(result.session.state)

# %% [markdown]
# ## The last card drawn, and the tie-break
#
# P2 draws the last Nature card, and the game ends. P1 and P3 have 1 meeple placed each, on
# Woods and Coast. Going clockwise from P2, P3 comes first, so P3 wins.

# %% tags=["nbval-check-output"]
print(DECK_END.title, "-", DECK_END.summary)
(result,) = DECK_END.results()
print()
print(result.summary())
print()
print(result.session.score_breakdown().table())
assert result.ok

# %%
board(result.session.state)

# %% [markdown]
# The same table, but now P3 draws the last card. The tie is the same, P1 against P3. Going
# clockwise from P3 the order is P1, P2, then P3 last, so this time P1 wins.

# %% tags=["nbval-check-output"]
scenario = dict(DECK_END.scenario, active=2)
s = gaia_lab.Session("gaia_tiki", scenario=scenario)
show_events(s.play("draw nature deck"))
print("meeples placed:", list(s.score_breakdown().totals), "- winner:",
      [s.names[w] for w in s.winners()])
assert s.winners() == (0,)

# %% [markdown]
# Next: [play a game](play.ipynb).
