# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # GAIA (Tiki Editions) 2: a turn
#
# A turn has two parts:
#
# 1. **Feeding.** Each of your Cities that needs Animals eats one from a tile next to it
#    (notebook 4).
# 2. **Two actions.** Each action is one of these:
#    - **draw** a card: one of the face-up cards of a market, which is refilled at once, or
#      the top card of a deck, unseen;
#    - **play** a card from your hand.
#
#    You may take the same action twice. You may also stop after one.
#
# Your hand holds at most 6 cards; with a 7th you discard one at once. In the advanced game,
# at most 2 of them may be Power cards.
# ([Turn](../../docs/rules/gaia_tiki.md#rule-gt-turn-actions),
# [hand limit](../../docs/rules/gaia_tiki.md#rule-gt-hand-limit))
#
# Notation: `draw nature 2` (face-up card 2 of the Nature market), `draw life deck` (the top
# of the Life deck), `tile desert F5` (a Nature card: a desert tile on F5), `city borea F7`,
# `animals herd F7`, `power rain F7`, `pass`, `discard plain`, `feed F7 from F8`.

# %% [markdown]
# > **About the components.** The Cities, Animal cards, Objectives, chip counts and Powers are
# > reconstructed: GAIA's card lists are not public, so gaia_lab plays with a complete,
# > plausible set that fits every known count, marked `reconstructed` in its data files
# > ([what is reconstructed](../../docs/rules/gaia_tiki.md#gaia-tiki-components)).

# %%
import gaia_lab
from gaia_lab.games.gaia_tiki.examples import HAND_LIMITS
from gaia_lab.games.gaia_tiki.teaching import hand, legal_by_verb
from gaia_lab.teaching import board, show_events

# %% [markdown]
# ## P1's first turn
#
# A fresh three-player game. P1 has no City yet, so there is nothing to feed, and the first
# action is pending. Here is every legal action, grouped by verb.

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("gaia_tiki", players=3, seed=2014)
c = s.game.components
print(s.pending)
print("P1's hand:", hand(s.state, 0))
print(legal_by_verb(s))
assert s.pending.kind == "act"

# %% [markdown]
# A new tile must share a side with a tile already on the table
# ([gt.nature.adjacent](../../docs/rules/gaia_tiki.md#rule-gt-nature-adjacent)): the four free
# squares around F6. The gold outlines on the board are the targets of the legal actions; the
# Explorer (the `play` notebook) lets you click them.

# %%
targets = {t for a in s.legal_actions() for t in s.game.action_targets(s.state, a)}
board(s.state, highlight=sorted(targets))

# %% [markdown]
# **Action 1: draw.** P1 takes the City Lago, face-up card 1 of the Life market. The market
# is refilled from its deck at once
# ([gt.turn.refill](../../docs/rules/gaia_tiki.md#rule-gt-turn-refill)).

# %% tags=["nbval-check-output"]
before = len(s.state.deck("life"))
show_events(s.play("draw life 1"))
print("P1's hand:", hand(s.state, 0))
print("Life deck:", before, "->", len(s.state.deck("life")), "cards;",
      "market:", [c.face(card) for card in s.state.market("life")])
assert len(s.state.deck("life")) == before - 1
print(s.pending)

# %% [markdown]
# **Action 2: play a Nature card.** P1 lays a desert tile on F5 and takes a desert chip
# ([gt.nature.place](../../docs/rules/gaia_tiki.md#rule-gt-nature-place)). That ends P1's turn,
# and P2 begins.

# %% tags=["nbval-check-output"]
show_events(s.play("tile desert F5"))
assert s.state.seat(0).chip("desert") == 1
assert s.state.tile_at("F5").terrain == "desert"
print(s.pending)

# %%
board(s.state)

# %% [markdown]
# ## Moves the rules refuse
#
# `explain` answers any move, legal or not. It gives the reason and the rule. A refused
# `play` changes nothing.

# %% tags=["nbval-check-output"]
for move in ["tile forest F9", "tile forest F5", "tile forest F4", "city lago F6",
             "draw power 1", "dance"]:
    print(f"{move:15} -> {s.explain(move)}")
before = s.state
try:
    s.play("tile forest F9")
except gaia_lab.IllegalActionError as error:
    print("refused:", error)
assert s.state == before

# %% [markdown]
# ## Both hand limits
#
# The engine's worked example for the hand limits is played in the advanced game with Powers.
# P1 holds 6 cards, 2 of them Powers. Drawing a third Power forces a Power discard, and
# drawing a seventh card forces a discard of any card.
# ([gt.hand.limit](../../docs/rules/gaia_tiki.md#rule-gt-hand-limit),
# [gt.power.hand_limit](../../docs/rules/gaia_tiki.md#rule-gt-power-hand-limit))
# Each step prints its checkpoints; the cell fails if one does not hold.

# %% tags=["nbval-check-output"]
print(HAND_LIMITS.title, "-", HAND_LIMITS.summary)
print()
for result in HAND_LIMITS.results():
    print(result.summary())
    print("P1's hand:", hand(result.session.state, 0))
    print()
    assert result.ok

# %%
board(result.session.state)

# %% [markdown]
# Next: [the satisfaction of a City](03_satisfaction.ipynb).
