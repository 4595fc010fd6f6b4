"""core.values.evolver: a copy with a fixed set of changed fields, as its own function,
equals what evolve and dataclasses.replace make, for every kind of class evolve copies."""

from __future__ import annotations

import dataclasses
from itertools import permutations
from typing import Any

import pytest

from gaia_lab.core.flow import Task
from gaia_lab.core.values import evolve, evolver
from tests.test_speed import Child, Plain, Slotted


@pytest.mark.parametrize("value", [Slotted(1, (2,)), Child(1, (2,), "y", 5), Plain(3, [1]),
                                   Task("collect", 2, ("0", "3"))])
def test_evolver_copies_as_evolve_and_replace_do(value: Any) -> None:
    names = [f.name for f in dataclasses.fields(value)]
    for k in range(len(names) + 1):
        for changed in permutations(names, k):
            values = [getattr(value, name) * 2 for name in changed]
            copy = evolver(type(value), *changed)(value, *values)
            changes = dict(zip(changed, values))
            assert copy == evolve(value, **changes) == dataclasses.replace(value, **changes)
            assert type(copy) is type(value) and copy is not value
            for name in names:
                expected = changes[name] if name in changes else getattr(value, name)
                assert getattr(copy, name) is expected
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(evolver(type(value), names[0])(value, 7), names[0], 8)


def test_evolver_refuses_a_field_the_class_does_not_have() -> None:
    with pytest.raises(TypeError, match="Slotted has no field 'z'"):
        evolver(Slotted, "a", "z")
    with pytest.raises(TypeError, match="a field of Slotted is named twice"):
        evolver(Slotted, "a", "a")
