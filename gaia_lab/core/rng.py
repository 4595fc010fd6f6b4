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
