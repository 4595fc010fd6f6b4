"""Small helpers for the immutable values states and scenes are made of."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from typing import Any, TypeVar

_T = TypeVar("_T")
_Copier = Callable[[Any, Mapping[str, Any]], Any]
_COPIERS: dict[type, dict[tuple[str, ...], _Copier]] = {}
"""One compiled copier per class, then per set of changed field names in the order given
(both fixed by the code that calls :func:`evolve`, so the table stays small); filling it
twice is harmless."""


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
    names = tuple(changes)
    try:
        copier = _COPIERS[type(obj)][names]
    except KeyError:
        copier = _COPIERS.setdefault(type(obj), {})[names] = _compile_copier(type(obj), names)
    result: _T = copier(obj, changes)
    return result


def evolver(cls: type[_T], *names: str) -> Callable[..., _T]:
    """:func:`evolve` for one class and one set of changed fields, as a function of its
    own taking the new values in the order of ``names``: the same copy without reading
    keywords, for the few copies a game makes at nearly every step.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> moved = evolver(Point, "y", "x")
    >>> moved(Point(1, 2), 5, 7)
    Point(x=7, y=5)
    >>> evolver(Point, "z")
    Traceback (most recent call last):
    ...
    TypeError: evolver: Point has no field 'z'
    """
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    for name in names:
        if name not in known or not name.isidentifier():
            raise TypeError(f"evolver: {cls.__name__} has no field {name!r}")
    if len(set(names)) != len(names):
        raise TypeError(f"evolver: a field of {cls.__name__} is named twice")
    copier: Callable[..., _T] = _compile_copier(cls, names, positional=True)
    return copier


def _compile_copier(cls: type, changed: tuple[str, ...], positional: bool = False) -> _Copier:
    """A function ``(obj, changes) -> copy`` for ``cls``: each field set once, from
    ``changes`` when it is changed, from ``obj`` otherwise (``positional``: a function
    ``(obj, *values)`` taking the changed fields' values in the order of ``changed``).

    A slotted class whose only base is ``object`` is filled as its :func:`_twin` (plain
    attribute stores, the cheapest) and then given its own class; another slotted class
    through each slot's own descriptor (faster than ``object.__setattr__``)."""
    names = [f.name for f in fields(cls)]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls,
                                 "_setattr": object.__setattr__}
    params = ", ".join(["obj", *(f"_v{i}" for i in range(len(changed)))] if positional
                       else ["obj", "changes"])

    def value(name: str) -> str:
        if name not in changed:
            return f"obj.{name}"
        return f"_v{changed.index(name)}" if positional else f"changes[{name!r}]"

    twin = _twin(cls)
    if twin is not None:
        namespace["_twin"] = twin
        lines = [f"def copier({params}):", "    new = _new(_twin)"]
        lines += [f"    new.{name} = {value(name)}" for name in names]
        lines += ["    new.__class__ = _cls", "    return new"]
    else:
        lines = [f"def copier({params}):", "    new = _new(_cls)"]
        for i, name in enumerate(names):
            slot = cls.__dict__.get(name)
            if "__slots__" in cls.__dict__ and slot is not None and hasattr(slot, "__set__"):
                namespace[f"_set{i}"] = slot.__set__
                lines.append(f"    _set{i}(new, {value(name)})")
            else:
                lines.append(f"    _setattr(new, {name!r}, {value(name)})")
        lines.append("    return new")
    exec("\n".join(lines), namespace)  # noqa: S102 - source built from field names only
    copier: _Copier = namespace["copier"]
    return copier


def _twin(cls: type) -> type | None:
    """A plain class with the same slots as the slotted class ``cls`` whose only base
    is ``object``, or None for any other class.  The two have the same layout, so an
    instance of the twin, filled by ordinary attribute stores, may be given ``cls`` as
    its class: a frozen value built without going through its frozen ``__setattr__``.
    Each compiled copier makes its own (they are few: one per class and set of changed
    fields)."""
    slots = cls.__dict__.get("__slots__")
    if slots is None or cls.__bases__ != (object,) or "__dict__" in cls.__dict__:
        return None
    names = (slots,) if isinstance(slots, str) else tuple(slots)
    return type(f"_{cls.__name__}Twin", (), {"__slots__": names})


def slot_init(cls: type[_T]) -> type[_T]:
    """Give a frozen, slotted dataclass a faster ``__init__`` that sets each slot through
    its own descriptor, as :func:`evolve`'s copiers do (the generated one goes through
    ``object.__setattr__``): the same signature, defaults and result.  For small values
    built by the thousand while listing legal actions.  A class with ``__post_init__``,
    default factories, keyword-only or non-init fields is refused.

    >>> from dataclasses import dataclass
    >>> @slot_init
    ... @dataclass(frozen=True, slots=True)
    ... class Move:
    ...     verb: str
    ...     args: tuple[str, ...] = ()
    >>> Move("pass"), Move("take", args=("fox",)) == Move("take", ("fox",))
    (Move(verb='pass', args=()), True)
    >>> Move("pass").verb = "take"
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'verb'
    """
    found = fields(cls)  # type: ignore[arg-type]
    if ("__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__")
            or any(f.default_factory is not MISSING or f.kw_only or not f.init
                   for f in found)):
        raise TypeError(f"slot_init: {cls.__name__} is not a plain frozen slotted dataclass")
    namespace: dict[str, Any] = {}
    params, body = ["self"], []
    for i, f in enumerate(found):
        namespace[f"_set{i}"] = cls.__dict__[f.name].__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        body.append(f"    _set{i}(self, {f.name})")
    source = f"def __init__({', '.join(params)}):\n" + "\n".join(body or ["    pass"])
    exec(source, namespace)  # noqa: S102 - source built from field names only
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
