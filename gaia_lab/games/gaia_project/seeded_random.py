"""The seeded random numbers of boardgamers.space, so a log's seed draws the same setup.

The public engine of boardgamers.space draws its map, tiles and boosters from one
stream seeded by the ``init`` line's seed: an RC4 ("ARC4") key stream keyed by the
seed text (the npm package ``seedrandom``, version 2.4), each draw a double in
``[0, 1)`` built from 7 bytes of the stream.  Its shuffles (npm ``shuffle-seed``) seed a
second stream with one draw of the first, written as JavaScript writes a number, and
take the items one by one at a random place among those left.

>>> r = ArcFourRandom("hello.")
>>> round(r.random(), 12)
0.928257879579
>>> shuffle_seed(["a", "b", "c", "d"], 0.5)
['a', 'b', 'd', 'c']

Written from the packages' behaviour (key mixing, key schedule, the 256 bytes dropped
after keying, the double built from whole bytes); checked against every seeded setup of
the recorded games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["ArcFourRandom", "js_number_text", "shuffle_seed"]

_T = TypeVar("_T")

_WIDTH = 256
_MASK = _WIDTH - 1
_START_DENOMINATOR = float(_WIDTH ** 6)
_SIGNIFICANCE = float(2 ** 52)
_OVERFLOW = float(2 ** 53)


def _code_units(text: str) -> list[int]:
    """The UTF-16 code units of ``text`` (what JavaScript's ``charCodeAt`` reads)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data), 2)]


def _mixed_key(seed_text: str) -> list[int]:
    """The RC4 key ``seedrandom`` mixes from a seed text: each character is added to a
    running smear of the key bytes already written, into byte ``i mod 256``."""
    key: list[int] = []
    smear = 0
    for j, unit in enumerate(_code_units(seed_text)):
        slot = j & _MASK
        old = key[slot] if slot < len(key) else 0
        smear ^= old * 19
        value = _MASK & (smear + unit)
        if slot < len(key):
            key[slot] = value
        else:
            key.append(value)
    return key


class ArcFourRandom:
    """The ``seedrandom`` stream of a seed: :meth:`random` gives the next double.

    A text seed is used as it is; a number is written as JavaScript writes it followed
    by a NUL character (as the package flattens a non-text seed).

    >>> a, b = ArcFourRandom("deep-mind-2"), ArcFourRandom("deep-mind-2")
    >>> [a.random() for _ in range(3)] == [b.random() for _ in range(3)]
    True
    >>> 0 <= ArcFourRandom(0.25).random() < 1
    True
    """

    __slots__ = ("_i", "_j", "_s")

    def __init__(self, seed: str | float) -> None:
        text = seed if isinstance(seed, str) else js_number_text(seed) + "\0"
        key = _mixed_key(text) or [0]
        s = list(range(_WIDTH))
        j = 0
        n = len(key)
        for i in range(_WIDTH):
            t = s[i]
            j = (j + key[i % n] + t) & _MASK
            s[i] = s[j]
            s[j] = t
        # the package drops the first 256 bytes of the stream
        i = j = 0
        for _ in range(_WIDTH):
            i = (i + 1) & _MASK
            t = s[i]
            j = (j + t) & _MASK
            s[i] = s[j]
            s[j] = t
        self._s = s
        self._i = i
        self._j = j

    def _bytes(self, count: int) -> int:
        """The next ``count`` bytes of the key stream as one big-endian number."""
        s, i, j = self._s, self._i, self._j
        out = 0
        for _ in range(count):
            i = _MASK & (i + 1)
            t = s[i]
            j = _MASK & (j + t)
            s[i] = s[j]
            s[j] = t
            out = out * _WIDTH + s[_MASK & (s[i] + t)]
        self._i, self._j = i, j
        return out

    def random(self) -> float:
        """The next double in ``[0, 1)``: 52 significant bits of whole stream bytes
        (the same float operations as the package, so the same double)."""
        n = float(self._bytes(6))
        d = _START_DENOMINATOR
        x = 0
        while n < _SIGNIFICANCE:
            n = (n + x) * _WIDTH
            d *= _WIDTH
            x = self._bytes(1)
        while n >= _OVERFLOW:
            n /= 2
            d /= 2
            x >>= 1
        return (n + x) / d


def js_number_text(value: float) -> str:
    """``value`` written as JavaScript's ``String(number)`` writes it (shortest digits
    that read back exactly; plain decimals from 1e-6 up to 1e21, exponents outside).

    >>> js_number_text(0.5), js_number_text(3.0), js_number_text(1.5e-7), js_number_text(1e-5)
    ('0.5', '3', '1.5e-7', '0.00001')
    """
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    mantissa, _, exponent = repr(abs(value)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction.rstrip("0")) if fraction.strip("0") else whole
    point = len(whole) + (int(exponent) if exponent else 0)
    stripped = digits.lstrip("0")
    point -= len(digits) - len(stripped)
    digits = stripped.rstrip("0") or "0"
    k, n = len(digits), point
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    tail = ("." + digits[1:]) if k > 1 else ""
    return f"{sign}{digits[0]}{tail}e{'+' if e >= 0 else '-'}{abs(e)}"


def shuffle_seed(items: Sequence[_T], seed: float | str) -> list[_T]:
    """``items`` shuffled as ``shuffle-seed`` shuffles them with ``seed``: a stream
    seeded by ``seed`` (0 or an empty text count as the text ``none``) picks, for each
    place in turn, one of the items not yet taken.

    >>> shuffle_seed([1, 2, 3], 0.25) == shuffle_seed([1, 2, 3], 0.25)
    True
    >>> sorted(shuffle_seed(list(range(10)), 0.7))
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    rng = ArcFourRandom(seed if seed else "none")
    left = list(range(len(items)))
    out: list[_T] = []
    for _ in range(len(items)):
        r = int(rng.random() * len(left))
        out.append(items[left.pop(r)])
    return out
