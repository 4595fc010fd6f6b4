"""A seeded random-number source that lives inside the game state.

The state holds only ``(seed, draws)``; each chance step derives its own
:class:`random.Random` from them, so an undone step meets the same roll again and
a state saved to JSON carries its future.

>>> rng = Rng(7)
>>> a = rng.random().randrange(6)
>>> a == Rng(7).random().randrange(6)
True
>>> rng.advanced().draws
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.values import slot_init


@slot_init
@dataclass(frozen=True, slots=True)
class Rng:
    """Seed plus the number of chance steps already drawn."""

    seed: int
    draws: int = 0

    def random(self) -> random.Random:
        """A generator for the next chance step (the same every time for this Rng)."""
        return random.Random(self.seed * 1_000_003 + self.draws)

    def advanced(self) -> Rng:
        """The Rng after one more chance step."""
        return Rng(self.seed, self.draws + 1)

    def to_list(self) -> list[int]:
        return [self.seed, self.draws]


def below(rng: random.Random, n: int) -> int:
    """A whole number from 0 to ``n - 1``: the draw ``rng.randrange(n)`` makes, read the
    way the standard generator reads it (``n``'s bit length of fresh bits, drawn again
    while past ``n``), without its checks of the arguments: seeded play draws one at
    every decision and every die.

    >>> mine, theirs = random.Random(4), random.Random(4)
    >>> [below(mine, 6) for _ in range(9)] == [theirs.randrange(6) for _ in range(9)]
    True

    :raises GaiaLabError: when ``n`` is not a positive whole number (nothing to draw from).
    """
    if type(n) is not int or n <= 0:
        raise GaiaLabError(f"below: nothing to draw from (n = {n!r}, a positive whole number "
                           "is needed)")
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn
