"""The quick uniform draw of seeded play is the draw random.randrange makes: the same
numbers and the generator left in the same state, for small and large ranges."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.rng import below
from gaia_lab.testing.random_play import choose


@pytest.mark.parametrize("n", [*range(1, 70), 127, 128, 129, 1000, 1479, 2**20 + 3, 10**30])
def test_below_draws_what_randrange_draws(n: int) -> None:
    for seed in range(4):
        mine, theirs = random.Random(seed), random.Random(seed)
        assert [below(mine, n) for _ in range(25)] == [theirs.randrange(n) for _ in range(25)]
        assert mine.getstate() == theirs.getstate()


def test_the_policy_and_a_die_draw_as_before() -> None:
    legal = [f"a{i}" for i in range(37)]
    mine, theirs = random.Random(9), random.Random(9)
    assert [choose(mine, legal) for _ in range(50)] == \
        [legal[theirs.randrange(len(legal))] for _ in range(50)]
    faces = "RRYGBP"
    mine, theirs = random.Random(3), random.Random(3)
    assert [faces[below(mine, len(faces))] for _ in range(50)] == \
        [theirs.choice(faces) for _ in range(50)]


@pytest.mark.parametrize("n", [0, -3, -10**100, 2.0, "6", None, True])
def test_below_refuses_an_empty_range_or_not_a_whole_number(n: Any) -> None:
    rng = random.Random(1)
    before = rng.getstate()
    with pytest.raises(GaiaLabError, match="nothing to draw from"):
        below(rng, n)
    assert rng.getstate() == before
