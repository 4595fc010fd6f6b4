"""Checks of the arguments every public entry point takes, each with one message.

A hostile argument (a float for a count, a list for notation, a googol for a seed)
gets a :class:`~gaia_lab.core.errors.GaiaLabError` naming the argument, what is
accepted and what was given, before anything changes.

>>> whole_number(3, "undo", 0, 5)
3
>>> whole_number(1.5, "undo", 0, 5)
Traceback (most recent call last):
...
gaia_lab.core.errors.GaiaLabError: undo: expected a whole number from 0 to 5, not 1.5 (float)
>>> notation_text(None, "Pig")
Traceback (most recent call last):
...
gaia_lab.core.errors.NotationError: an action of Pig is its notation (text) or an action \
object, not None (NoneType)
"""

from __future__ import annotations

from gaia_lab.core.errors import GaiaLabError, NotationError

__all__ = ["MAX_NOTATION", "MAX_SEED", "given", "notation_text", "short", "whole_number"]

MAX_NOTATION = 10_000
"""The longest action notation read (the longest real line, a Gaia Project turn, is
well under 300 characters)."""
MAX_SEED = 2**63
"""Seeds are whole numbers ``0 <= seed < MAX_SEED``."""


def short(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters (for messages about any input).

    >>> short("x" * 100, 10)
    "'xxxx...(102 characters)"
    """
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile object's __repr__
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[:limit - 5]}...({len(text)} characters)"


def given(value: object) -> str:
    """What a message says was given: a short repr and the type, or a number's size."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a {len(str(abs(value))) if value.bit_length() < 10_000 else 'huge'}-digit number"
    return f"{short(value)} ({type(value).__name__})"


def whole_number(value: object, what: str, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) with ``low <= value <= high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GaiaLabError(f"{what}: expected a whole number from {low} to {high}, "
                           f"not {given(value)}")
    return value


def notation_text(value: object, title: str) -> str:
    """``value`` if it is text of at most :data:`MAX_NOTATION` characters."""
    if not isinstance(value, str):
        raise NotationError(f"an action of {title} is its notation (text) or an action "
                            f"object, not {given(value)}")
    if len(value) > MAX_NOTATION:
        raise NotationError(f"the action text is {len(value):,} characters long; "
                            f"an action of {title} has at most {MAX_NOTATION:,}")
    return value
