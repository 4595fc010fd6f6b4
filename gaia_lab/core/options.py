"""Game options: each one declared with its type, read and written in one place.

A game lists its :class:`Option` s in :attr:`GameMeta.options
<gaia_lab.core.game.GameMeta.options>`.  :func:`read_options` checks what a user
gives before any state is built: unknown names are refused with the accepted set, and
each value is read by its declaration (a flag takes only ``true``/``false``).  A value
read into an object (such as a recorded setup) is written back to JSON data by the same
declaration, so a :class:`~gaia_lab.core.record.Record` stays plain JSON.

>>> SPELLS = Option.flag("spells", "play with the spell variant")
>>> NAMES = Option.texts("names", "player names, one per seat")
>>> declared = declare(SPELLS, NAMES)
>>> read_options(declared, {"spells": True, "names": ["Ann", "Bo"]})
{'spells': True, 'names': ('Ann', 'Bo')}
>>> read_options(declared, {"spells": "no"})
Traceback (most recent call last):
...
gaia_lab.core.errors.InvalidStateError: options: options['spells']: expected true or \
false, not 'no'
>>> read_options(declared, {"colour": 1})
Traceback (most recent call last):
...
gaia_lab.core.errors.InvalidStateError: options: unknown option 'colour' (accepted: \
names, spells)
>>> write_options(declared, {"names": ("Ann", "Bo")})
{'names': ['Ann', 'Bo']}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gaia_lab.core.checks import short
from gaia_lab.core.errors import GaiaLabError, InvalidStateError

__all__ = ["Option", "OptionError", "declare", "read_options", "write_options"]

MAX_ITEMS = 64
"""The longest list an option takes (a name per seat, a few ids)."""
MAX_TEXT = 200
"""The longest text in an option value."""


class OptionError(GaiaLabError):
    """An option value that its declaration cannot read (the message says why)."""


def _identity(value: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Option:
    """One option a game accepts: its name, what it does, and how its value is read.

    ``read`` turns a given value (JSON data, or an object the game accepts) into what
    :meth:`~gaia_lab.core.game.Game.new_initial_state` receives, raising
    :class:`OptionError` with the reason; ``write`` turns that back into JSON data.
    """

    name: str
    description: str
    expects: str
    """The accepted values in words, e.g. ``"true or false"``."""
    read: Callable[[Any], Any]
    write: Callable[[Any], Any] = _identity
    default: Any = None
    """The value used when the option is not given (documentation only)."""

    @classmethod
    def flag(cls, name: str, description: str, default: bool = False) -> Option:
        """A true/false option (``"no"``, ``0`` or ``None`` are refused)."""

        def read(value: Any) -> bool:
            if not isinstance(value, bool):
                raise OptionError(f"expected true or false, not {short(value)}")
            return value

        return cls(name, description, "true or false", read, default=default)

    @classmethod
    def texts(cls, name: str, description: str, *, choices: Iterable[str] = (),
              default: Any = None) -> Option:
        """A list of texts (each one of ``choices`` when given), read as a tuple."""
        known = tuple(choices)
        expects = "a list of texts" + (f" from {', '.join(known)}" if known else "")

        def read(value: Any) -> tuple[str, ...]:
            return _text_list(value, known)

        return cls(name, description, expects, read, _as_list, default)

    @classmethod
    def number(cls, name: str, description: str, low: int, high: int,
               default: int | None = None) -> Option:
        """A whole number from ``low`` to ``high``."""

        def read(value: Any) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or not (
                    low <= value <= high):
                raise OptionError(f"expected a whole number from {low} to {high}, "
                                  f"not {short(value)}")
            return value

        return cls(name, description, f"a whole number from {low} to {high}", read,
                   default=default)


def _as_list(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _text_list(value: Any, choices: tuple[str, ...] = ()) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise OptionError(f"expected a list of texts, not {short(value)}")
    if len(value) > MAX_ITEMS:
        raise OptionError(f"expected at most {MAX_ITEMS} items, not {len(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip() or len(item) > MAX_TEXT:
            raise OptionError(f"item {i + 1} must be non-empty text of at most {MAX_TEXT} "
                              f"characters, not {short(item)}")
        if choices and item not in choices:
            raise OptionError(f"item {i + 1} {item!r} is not one of {', '.join(choices)}")
    return tuple(value)


def declare(*options: Option) -> dict[str, Option]:
    """The ``GameMeta.options`` mapping of some declarations, by name."""
    out: dict[str, Option] = {}
    for option in options:
        if option.name in out:
            raise GaiaLabError(f"option {option.name!r} is declared twice")
        out[option.name] = option
    return out


def read_options(declared: Mapping[str, Option], given: object,
                 source: str = "options") -> dict[str, Any]:
    """Check ``given`` against the declarations and read every value.

    Raises :class:`~gaia_lab.core.errors.InvalidStateError` listing every unknown name
    (with the accepted set) and every value its declaration refuses.
    """
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise InvalidStateError(
            f"options must be a mapping of option names to values, not {short(given)}",
            source)
    accepted = ", ".join(sorted(declared)) or "none"
    problems: list[str] = []
    out: dict[str, Any] = {}
    for key, value in given.items():
        option = declared.get(key) if isinstance(key, str) else None
        if option is None:
            problems.append(f"unknown option {short(key)} (accepted: {accepted})")
            continue
        try:
            out[key] = option.read(value)
        except OptionError as exc:
            problems.append(f"options[{key!r}]: {exc}")
    if problems:
        raise InvalidStateError(problems, source)
    return out


def write_options(declared: Mapping[str, Option], values: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON data of option values read by :func:`read_options`."""
    return {key: declared[key].write(value) if key in declared else value
            for key, value in values.items()}
