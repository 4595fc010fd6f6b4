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

import json
import sys
from typing import Any

from gaia_lab.core.errors import InvalidStateError

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
            if isinstance(item, dict):
                inner.extend(v for v in item.values() if isinstance(v, (dict, list)))
            elif isinstance(item, list):
                inner.extend(v for v in item if isinstance(v, (dict, list)))
        if inner:
            depth += 1
            if depth >= max_depth:
                raise InvalidStateError(f"nested deeper than {max_depth} levels", source)
        level = inner
