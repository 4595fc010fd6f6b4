"""The power cycle: pure functions on a player's bowls ``(I, II, III, Gaia area)``.

Charging moves tokens from bowl I to bowl II, and only when bowl I is empty from bowl II
to bowl III.  Spending takes tokens from bowl III back to bowl I.  Burning removes one
token of bowl II for each token it moves to bowl III.  New tokens go to bowl I.

>>> charge((2, 4, 0, 0), 3)
((0, 5, 1, 0), 3)
>>> charge((0, 1, 5, 0), 4)
((0, 0, 6, 0), 1)
>>> spend((0, 2, 5, 1), 4)
(4, 2, 1, 1)
>>> burn((0, 4, 1, 0), 2)
(0, 0, 3, 0)
>>> chargeable((1, 2, 3, 0))
4
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = [
    "Bowls",
    "burn",
    "charge",
    "charge_stone",
    "chargeable",
    "from_gaia",
    "gain_tokens",
    "remove_tokens",
    "spend",
    "take_stone",
    "to_gaia",
    "tokens",
]

Bowls: TypeAlias = tuple[int, int, int, int]
"""Tokens in bowl I, bowl II, bowl III and the Gaia area."""


def chargeable(bowls: Bowls) -> int:
    """How much power the bowls can still take: two per token of bowl I, one per token of II.

    >>> chargeable((2, 4, 0, 0))
    8
    """
    return 2 * bowls[0] + bowls[1]


def charge(bowls: Bowls, amount: int) -> tuple[Bowls, int]:
    """Charge ``amount`` power; returns the new bowls and the power actually charged."""
    one, two, three, gaia = bowls
    done = 0
    step = min(one, amount)
    one, two, done = one - step, two + step, step
    step = min(two, amount - done)
    two, three, done = two - step, three + step, done + step
    return (one, two, three, gaia), done


def spend(bowls: Bowls, amount: int) -> Bowls:
    """Spend ``amount`` power from bowl III (it returns to bowl I); the caller checks it."""
    if amount > bowls[2]:
        raise ValueError(f"cannot spend {amount} power with {bowls[2]} in bowl III")
    return (bowls[0] + amount, bowls[1], bowls[2] - amount, bowls[3])


def burn(bowls: Bowls, amount: int) -> Bowls:
    """Burn ``amount``: that many tokens go from bowl II to III and as many leave the game."""
    if 2 * amount > bowls[1]:
        raise ValueError(f"cannot burn {amount} with {bowls[1]} tokens in bowl II")
    return (bowls[0], bowls[1] - 2 * amount, bowls[2] + amount, bowls[3])


def gain_tokens(bowls: Bowls, amount: int) -> Bowls:
    """New tokens go to bowl I.

    >>> gain_tokens((0, 2, 1, 0), 2)
    (2, 2, 1, 0)
    """
    return (bowls[0] + amount, bowls[1], bowls[2], bowls[3])


def tokens(bowls: Bowls) -> int:
    """Tokens in bowls I to III (the Gaia area not counted)."""
    return bowls[0] + bowls[1] + bowls[2]


def remove_tokens(bowls: Bowls, amount: int) -> Bowls:
    """Take ``amount`` tokens out of the bowls, from bowl I first, then II, then III.

    >>> remove_tokens((1, 2, 3, 0), 4)
    (0, 0, 2, 0)
    """
    if amount > tokens(bowls):
        raise ValueError(f"cannot remove {amount} tokens from {tokens(bowls)}")
    left = list(bowls)
    for i in range(3):
        step = min(left[i], amount)
        left[i] -= step
        amount -= step
    return (left[0], left[1], left[2], left[3])


def take_from(bowls: Bowls, using: tuple[int, int, int], to_gaia: bool) -> Bowls:
    """Take ``using[i]`` tokens out of bowl ``i`` (I, II, III) into the Gaia area or out of
    the game; the caller checks the bowls hold them.

    >>> take_from((4, 4, 2, 0), (0, 3, 1), True)
    (4, 1, 1, 4)
    """
    moved = sum(using)
    return (bowls[0] - using[0], bowls[1] - using[1], bowls[2] - using[2],
            bowls[3] + (moved if to_gaia else 0))


def to_gaia(bowls: Bowls, amount: int) -> Bowls:
    """Move ``amount`` tokens to the Gaia area, from bowl I first, then II, then III.

    >>> to_gaia((4, 4, 0, 0), 6)
    (0, 2, 0, 6)
    """
    b = remove_tokens(bowls, amount)
    return (b[0], b[1], b[2], b[3] + amount)


def from_gaia(bowls: Bowls, into: int = 0) -> Bowls:
    """Return every token of the Gaia area to bowl I (``into=1``: bowl II).

    >>> from_gaia((0, 2, 0, 6)), from_gaia((0, 2, 0, 6), into=1)
    ((6, 2, 0, 0), (0, 8, 0, 0))
    """
    left = [bowls[0], bowls[1], bowls[2], 0]
    left[into] += bowls[3]
    return (left[0], left[1], left[2], left[3])


# ---------------------------------------------------------------------------
# The Taklons' brainstone: one of the tokens counted in the bowls, at index ``stone``
# (0-2 the bowls, 3 the Gaia area, -1 out of play); worth 3 power when spent.


def charge_stone(bowls: Bowls, stone: int, amount: int, first: bool = True
                 ) -> tuple[Bowls, int, int]:
    """Charge ``amount`` power with the brainstone among the tokens: it moves before the
    other tokens of its bowl when ``first``, else only when its whole bowl moves.
    Returns the bowls, the brainstone's bowl and the power charged.

    >>> charge_stone((3, 4, 0, 0), 0, 1)
    ((2, 5, 0, 0), 1, 1)
    >>> charge_stone((3, 4, 0, 0), 0, 1, first=False)
    ((2, 5, 0, 0), 0, 1)
    >>> charge_stone((1, 2, 0, 0), 0, 3)
    ((0, 1, 2, 0), 2, 3)
    """
    one, two, three, gaia = bowls
    step = min(one, amount)
    if stone == 0 and step and (first or step == one):
        stone = 1
    one, two, done = one - step, two + step, step
    step = min(two, amount - done)
    if stone == 1 and step and (first or step == two):
        stone = 2
    two, three, done = two - step, three + step, done + step
    return (one, two, three, gaia), stone, done


def take_stone(bowls: Bowls, stone: int, amount: int, with_stone: bool, to_gaia: bool,
               using: tuple[int, int, int] | None = None) -> tuple[Bowls, int]:
    """Take ``amount`` tokens out of bowls I-III (bowl I first, or the other tokens as
    ``using`` says) into the Gaia area or out of the game; the brainstone is one of them
    only ``with_stone`` (it then goes to the Gaia area, index 3, or out of play, -1).

    >>> take_stone((3, 2, 0, 0), 0, 4, False, True)
    ((1, 0, 0, 4), 0)
    >>> take_stone((3, 2, 0, 0), 0, 4, True, False)
    ((0, 1, 0, 0), -1)
    """
    if 0 <= stone <= 2:
        rest = list(bowls)
        rest[stone] -= 1
        n = amount - (1 if with_stone else 0)
        plain = (rest[0], rest[1], rest[2], rest[3])
        moved = take_from(plain, using, False) if using else remove_tokens(plain, n)
        left = list(moved)
        if with_stone:
            stone = 3 if to_gaia else -1
        else:
            left[stone] += 1
        out = (left[0], left[1], left[2], left[3] + (amount if to_gaia else 0))
        return out, stone
    moved = take_from(bowls, using, False) if using else remove_tokens(bowls, amount)
    return (moved[0], moved[1], moved[2], moved[3] + (amount if to_gaia else 0)), stone
