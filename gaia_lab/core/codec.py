"""Reading JSON text from outside: bounded in size and depth, every problem named.

Everything gaia_lab reads from a user (a saved state, a record, a component file, a
scenario) passes through :func:`read_json`, so a hostile text gets the same clear
:class:`~gaia_lab.core.errors.InvalidStateError` wherever it is read: never a
``RecursionError``, a ``MemoryError`` or Python's integer-size ``ValueError``.

>>> read_json('{"players": 2}', "state")
{'players': 2}
>>> read_json("[" * 100 + "]" * 100, "state")
Traceback (most recent call last):
...
gaia_lab.core.errors.InvalidStateError: state: nested deeper than 64 levels
>>> read_json('{"seed": ' + "9" * 5000 + "}", "record")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gaia_lab.core.errors.InvalidStateError: record: a number with more than 4300 digits ...
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import UnionType
from typing import Annotated, Any, Literal, Union, cast, get_args, get_origin, get_type_hints

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.rng import Rng

MAX_DEPTH = 64
"""The deepest nesting of lists and objects any gaia_lab file needs (states use ~8)."""
MAX_CHARS = 20_000_000
"""The longest text read (a long recorded game's state or record is well under 1 MB)."""
MAX_DIGITS = 4300
"""Python's own limit on the digits of an integer read from text."""


def read_json(
    text: object,
    source: str,
    *,
    max_depth: int = MAX_DEPTH,
    max_chars: int = MAX_CHARS,
) -> Any:
    """Parse JSON ``text``; raise InvalidStateError naming ``source`` and the problem.

    Refuses non-text input, texts over ``max_chars`` characters, nesting deeper than
    ``max_depth`` levels, integers too long for Python, and invalid JSON (with its line
    and column).
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidStateError(f"not UTF-8 text (byte {exc.start})", source) from None
    if not isinstance(text, str):
        raise InvalidStateError(
            f"expected JSON text, got {type(text).__name__}", source)
    if len(text) > max_chars:
        raise InvalidStateError(
            f"the text is {len(text):,} characters long; at most {max_chars:,} are read",
            source)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidStateError(
            f"line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})", source
        ) from None
    except ValueError as exc:  # an integer longer than Python reads from text
        limit = getattr(sys, "get_int_max_str_digits", lambda: MAX_DIGITS)()
        raise InvalidStateError(
            f"a number with more than {limit} digits cannot be read ({exc})", source
        ) from None
    except RecursionError:
        raise InvalidStateError(f"nested deeper than {max_depth} levels", source) from None
    _check_depth(data, source, max_depth)
    return data


def _check_depth(value: Any, source: str, max_depth: int) -> None:
    """Refuse parsed data nested deeper than ``max_depth`` levels (no recursion)."""
    level: list[Any] = [value]
    depth = 0
    while level:
        inner: list[Any] = []
        for item in level:
            if isinstance(item, Mapping):
                inner.extend(v for v in item.values() if isinstance(v, Mapping | list | tuple))
            elif isinstance(item, list | tuple):
                inner.extend(v for v in item if isinstance(v, Mapping | list | tuple))
        if inner:
            depth += 1
            if depth >= max_depth:
                raise InvalidStateError(f"nested deeper than {max_depth} levels", source)
        level = inner


# -- values <-> JSON data, driven by the types -------------------------------------------

@dataclass(frozen=True, slots=True)
class Range:
    """A bound on an ``int`` field: ``Annotated[int, Range(0, 5)]`` (None: unbounded).

    >>> from typing import Annotated
    >>> from_data(Annotated[int, Range(1, 5)], 7, "mage")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.InvalidStateError: mage: must be from 1 to 5, got 7
    """

    low: int | None = None
    high: int | None = None

    def problem(self, value: int) -> str | None:
        if (self.low is None or value >= self.low) and (self.high is None or value <= self.high):
            return None
        if self.low is not None and self.high is not None and self.high - self.low < 10**6:
            return f"must be from {self.low} to {self.high}, got {_shown(value)}"
        if self.low is not None and value < self.low:
            return f"must be at least {self.low}, got {_shown(value)}"
        return f"must be at most {self.high}, got {_shown(value)}"


@dataclass(frozen=True, slots=True)
class Size:
    """A bound on the length of a text, tuple or mapping: ``Annotated[tuple[int, ...],
    Size(5, 5)]`` (None: unbounded)."""

    low: int = 0
    high: int | None = None

    def problem(self, size: int) -> str | None:
        if size >= self.low and (self.high is None or size <= self.high):
            return None
        if self.high == self.low:
            return f"must hold {self.low} items, got {size}"
        if self.high is None:
            return f"must hold at least {self.low} items, got {size}"
        return f"must hold {self.low} to {self.high} items, got {size}"


@dataclass(frozen=True, slots=True)
class OneOf:
    """The values a field may take: ``Annotated[str, OneOf(("", "placed"))]``."""

    values: tuple[object, ...]

    def problem(self, value: object) -> str | None:
        if value in self.values:
            return None
        shown = [_shown(v) for v in self.values]
        if len(shown) > 12:
            shown = [*shown[:3], f"... {shown[-1]} ({len(shown)} values)"]
        return f"must be one of {', '.join(shown)}, got {_shown(value)}"


Count = Annotated[int, Range(0, 10**9)]
"""A whole number that cannot be negative (bounded far above any game's supply)."""


def to_data(value: Any) -> Any:
    """The JSON data of a value: dataclasses become objects (every field), tuples lists,
    an :class:`~gaia_lab.core.rng.Rng` ``[seed, draws]``, a Fraction ``"n/d"``.

    >>> to_data(Rng(7, 2)), to_data((1, ("a", None)))
    ([7, 2], [1, ['a', None]])
    """
    if isinstance(value, Rng):
        return value.to_list()
    if isinstance(value, (str, int, float)) or value is None:
        return value
    if isinstance(value, tuple | list):
        return [to_data(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): to_data(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_data(getattr(value, name)) for name, _, _ in _fields(type(value))}
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def to_json(value: Any) -> str:
    """Canonical JSON text of a value (:func:`to_data`, sorted keys, compact)."""
    return json.dumps(to_data(value), sort_keys=True, separators=(",", ":"))


def from_data(tp: Any, data: Any, source: str) -> Any:
    """Read JSON ``data`` as a value of type ``tp``; InvalidStateError (naming
    ``source``) lists every problem, each with its path (``seats[2].credits: ...``).

    >>> @dataclass(frozen=True)
    ... class Seat:
    ...     name: str
    ...     credits: Annotated[int, Range(0, 30)] = 0
    ...     bowls: tuple[int, ...] = ()
    >>> from_data(Seat, {"name": "a", "bowls": [1, 2]}, "seat")
    Seat(name='a', credits=0, bowls=(1, 2))
    >>> from_data(Seat, {"credits": 31, "cash": 2, "bowls": [1, True]}, "seat")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.InvalidStateError: seat: 4 problems:
      - unknown field 'cash'
      - name: missing
      - credits: must be from 0 to 30, got 31
      - bowls[1]: expected a whole number, got true
    """
    value, problems = decode(tp, data)
    if problems:
        raise InvalidStateError(problems, source)
    return value


def decode(tp: Any, data: Any, path: str = "") -> tuple[Any, list[str]]:
    """Read ``data`` as ``tp`` as far as it goes: the value (a field whose value is
    unreadable takes its default, an unreadable list item or mapping entry is left out;
    None when the value itself or a required field is unreadable) and every problem
    found.
    For checks that go on to report the problems of meaning too (scenarios).

    >>> decode(tuple[Annotated[int, Range(0, 9)], ...], [1, -2, 3], "dice")
    ((1, 3), ['dice[1]: must be from 0 to 9, got -2'])

    A tuple type may end with ``*tuple[T, ...]``: its first items, then any number of
    ``T`` s.

    >>> decode(tuple[Literal["row"], *tuple[int, ...]], ["row", 4, "x"], "task")
    (None, ['task[2]: expected a whole number, got "x"'])
    """
    try:
        _check_depth(data, path, MAX_DEPTH)
    except InvalidStateError as exc:
        return None, list(exc.problems)
    problems: list[str] = []
    value = _decoder(tp)(data, path, problems)
    return value, problems


def data_problems(tp: Any, data: Any, path: str = "") -> list[str]:
    """Every problem :func:`from_data` finds reading ``data`` as ``tp``, each prefixed
    by ``path`` (for checks of a part of a value, such as a task's shape).

    >>> data_problems(tuple[str, Annotated[int, Range(0, 3)]], ["a", 5], "pending[0]")
    ['pending[0][1]: must be from 0 to 3, got 5']
    """
    return decode(tp, data, path)[1]


def from_json(tp: Any, text: object, source: str) -> Any:
    """Read JSON text (:func:`read_json`) as a value of type ``tp`` (:func:`from_data`)."""
    return from_data(tp, read_json(text, source), source)


_Decoder = Callable[[Any, str, list[str]], Any]
_NoneType = type(None)


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def _describe(tp: Any) -> str:
    names = {int: "a whole number", str: "a text", bool: "true or false", float: "a number",
             _NoneType: "null", Fraction: "a fraction"}
    if tp in names:
        return names[tp]
    origin = get_origin(tp)
    if origin is Annotated:
        return _describe(get_args(tp)[0])
    if origin is Literal:
        return "one of " + ", ".join(sorted(_shown(a) for a in get_args(tp)))
    if origin in (tuple, list) or tp is Rng:
        return "a list"
    if dataclasses.is_dataclass(tp) or origin in (dict, Mapping):
        return "an object"
    if origin in (Union, UnionType):
        # sorted: equal unions (int | str, str | int) share one cached decoder
        return " or ".join(sorted(_describe(a) for a in get_args(tp)))
    return str(tp)


def _where(path: str, key: str) -> str:
    """The path of a field or key of the value at ``path``."""
    if not key.isidentifier():
        return f"{path}[{_shown(key)}]"
    return f"{path}.{key}" if path else key


def _at(path: str, problem: str) -> str:
    return f"{path}: {problem}" if path else problem


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """``(name, type, required)`` of each field of a dataclass, string annotations
    resolved (once per class)."""
    hints = get_type_hints(cls, include_extras=True)
    return tuple(
        (f.name, hints[f.name],
         f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        for f in dataclasses.fields(cls) if f.init)


@functools.cache
def _decoder(tp: Any) -> _Decoder:  # noqa: C901 - one case per kind of type
    """The function reading JSON data as ``tp`` (built once per type)."""
    if tp is Any:
        def any_(data: Any, path: str, problems: list[str]) -> Any:
            return _frozen(data)
        return any_
    if tp in (int, str, bool, float, _NoneType):
        kinds: tuple[type, ...] = (int, float) if tp is float else (tp,)

        def plain(data: Any, path: str, problems: list[str]) -> Any:
            if isinstance(data, kinds) and (tp is bool or not isinstance(data, bool)):
                return float(cast(float, data)) if tp is float else data
            problems.append(_at(path, f"expected {_describe(tp)}, got {_shown(data)}"))
            return None
        return plain
    if tp is Rng:
        def rng(data: Any, path: str, problems: list[str]) -> Any:
            if (isinstance(data, list) and len(data) == 2
                    and all(type(v) is int for v in data) and data[1] >= 0):
                return Rng(data[0], data[1])
            problems.append(_at(path, "expected [seed, draws] (whole numbers), "
                                f"got {_shown(data)}"))
            return None
        return rng
    if tp is Fraction:
        def fraction(data: Any, path: str, problems: list[str]) -> Any:
            if type(data) is int:
                return Fraction(data)
            if isinstance(data, str) and len(data) < 100:
                try:
                    return Fraction(data)
                except (ValueError, ZeroDivisionError):
                    pass
            problems.append(_at(path, f"expected a fraction such as \"1/3\", got {_shown(data)}"))
            return None
        return fraction
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        inner = _decoder(args[0])
        checks = [a for a in tp.__metadata__ if isinstance(a, Range | Size | OneOf)]

        def annotated(data: Any, path: str, problems: list[str]) -> Any:
            before = len(problems)
            value = inner(data, path, problems)
            if len(problems) > before:
                return value
            for check in checks:
                problem = (check.problem(len(value)) if isinstance(check, Size)
                           else check.problem(value))
                if problem is not None:
                    problems.append(_at(path, problem))
                    return None
            return value
        return annotated
    if origin is Literal:
        def literal(data: Any, path: str, problems: list[str]) -> Any:
            for a in args:
                if data == a and type(data) is type(a):
                    return a
            problems.append(_at(path, f"expected {_describe(tp)}, got {_shown(data)}"))
            return None
        return literal
    if origin in (Union, UnionType):
        arms = [_decoder(a) for a in args if a is not _NoneType]
        optional = _NoneType in args

        def union(data: Any, path: str, problems: list[str]) -> Any:
            if data is None and optional:
                return None
            if len(arms) == 1:
                return arms[0](data, path, problems)
            for arm in arms:
                mine: list[str] = []
                value = arm(data, path, mine)
                if not mine:
                    return value
            problems.append(_at(path, f"expected {_describe(tp)}, got {_shown(data)}"))
            return None
        return union
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])

            def tuple_of(data: Any, path: str, problems: list[str]) -> Any:
                if not isinstance(data, list | tuple):
                    problems.append(_at(path, f"expected a list, got {_shown(data)}"))
                    return None
                out = []
                for i, v in enumerate(data):
                    before = len(problems)
                    value = item(v, f"{path}[{i}]", problems)
                    if value is not None or len(problems) == before:
                        out.append(value)
                return tuple(out)
            return tuple_of
        if args and getattr(args[-1], "__unpacked__", False):  # tuple[A, *tuple[B, ...]]
            first = [_decoder(a) for a in args[:-1]]
            more = _decoder(get_args(args[-1])[0])

            def led(data: Any, path: str, problems: list[str]) -> Any:
                if not isinstance(data, list | tuple) or len(data) < len(first):
                    problems.append(_at(path, f"expected a list of at least {len(first)} "
                                        f"items, got {_shown(data)}"))
                    return None
                before = len(problems)
                value = tuple((first[i] if i < len(first) else more)(v, f"{path}[{i}]", problems)
                              for i, v in enumerate(data))
                return value if len(problems) == before else None
            return led
        items = [_decoder(a) for a in args]

        def fixed(data: Any, path: str, problems: list[str]) -> Any:
            if not isinstance(data, list | tuple) or len(data) != len(items):
                problems.append(_at(path, f"expected a list of {len(items)} items, "
                                    f"got {_shown(data)}"))
                return None
            before = len(problems)
            value = tuple(d(v, f"{path}[{i}]", problems)
                          for i, (d, v) in enumerate(zip(items, data, strict=True)))
            return value if len(problems) == before else None
        return fixed
    if origin in (dict, Mapping) or tp in (dict, Mapping):
        key_type, value_type = args or (str, Any)
        if key_type is not str:
            raise TypeError(f"cannot read {tp}: keys must be texts")
        value_of = _decoder(value_type)

        def mapping(data: Any, path: str, problems: list[str]) -> Any:
            if not isinstance(data, Mapping):
                problems.append(_at(path, f"expected an object, got {_shown(data)}"))
                return None
            out = {}
            for k, v in data.items():
                before = len(problems)
                if not isinstance(k, str):
                    problems.append(_at(path, f"keys must be texts, got {_shown(k)}"))
                    continue
                value = value_of(v, _where(path, k), problems)
                if value is not None or len(problems) == before:
                    out[k] = value
            return out
        return mapping
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        cls = tp

        def record(data: Any, path: str, problems: list[str]) -> Any:
            if not isinstance(data, Mapping):
                problems.append(_at(path, f"expected an object, got {_shown(data)}"))
                return None
            fields = _fields(cls)
            names = {name for name, _, _ in fields}
            problems.extend(_at(path, f"unknown field {k!r}") for k in data if k not in names)
            kwargs = {}
            complete = True
            for name, hint, required in fields:
                before = len(problems)
                if name in data:
                    value = _decoder(hint)(data[name], _where(path, name), problems)
                    if value is not None or len(problems) == before:
                        kwargs[name] = value
                    elif required:
                        complete = False
                elif required:
                    problems.append(_at(_where(path, name), "missing"))
                    complete = False
            return cls(**kwargs) if complete else None
        return record
    raise TypeError(f"cannot read values of type {tp!r}")


def _frozen(data: Any) -> Any:
    """JSON data with lists made tuples (for fields typed ``Any``)."""
    if isinstance(data, list):
        return tuple(_frozen(v) for v in data)
    if isinstance(data, dict):
        return {k: _frozen(v) for k, v in data.items()}
    return data
