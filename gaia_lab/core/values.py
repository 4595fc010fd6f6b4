"""Small helpers for the immutable values states and scenes are made of."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, TypeVar

_T = TypeVar("_T")
_Copier = Callable[[Any, Mapping[str, Any]], Any]
_COPIERS: dict[tuple[Any, ...], _Copier] = {}
"""One compiled copier per class and set of changed field names (both fixed by the code
that calls :func:`evolve`, so the table stays small); filling it twice is harmless."""


def evolve(obj: _T, **changes: Any) -> _T:
    """A copy of a frozen dataclass value with some fields changed.

    The result equals :func:`dataclasses.replace`'s, several times faster (no
    ``__init__`` or ``__post_init__`` runs, so ``changes`` must already be valid
    values), which matters where every step or every redraw builds new values.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> evolve(Point(1, 2), y=5)
    Point(x=1, y=5)
    >>> @dataclass(frozen=True)
    ... class Label:
    ...     text: str
    ...     size: int = 10
    >>> evolve(Label("a"), text="b", size=12), evolve(Label("a"))
    (Label(text='b', size=12), Label(text='a', size=10))
    """
    key = (type(obj), *changes)
    copier = _COPIERS.get(key)
    if copier is None:
        copier = _COPIERS[key] = _compile_copier(type(obj), frozenset(changes))
    result: _T = copier(obj, changes)
    return result


def _compile_copier(cls: type, changed: frozenset[str]) -> _Copier:
    """A function ``(obj, changes) -> copy`` for ``cls``: each field set once, from
    ``changes`` when it is changed, from ``obj`` otherwise, through the slot's own
    descriptor when the class has slots (faster than ``object.__setattr__``)."""
    names = [f.name for f in fields(cls)]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls,
                                 "_setattr": object.__setattr__}
    lines = ["def copier(obj, changes):", "    new = _new(_cls)"]
    for i, name in enumerate(names):
        value = f"changes[{name!r}]" if name in changed else f"obj.{name}"
        slot = cls.__dict__.get(name)
        if "__slots__" in cls.__dict__ and slot is not None and hasattr(slot, "__set__"):
            namespace[f"_set{i}"] = slot.__set__
            lines.append(f"    _set{i}(new, {value})")
        else:
            lines.append(f"    _setattr(new, {name!r}, {value})")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # noqa: S102 - source built from field names only
    copier: _Copier = namespace["copier"]
    return copier
