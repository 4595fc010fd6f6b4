"""Where a component value comes from: the one provenance vocabulary of every game.

Every entry of a component file says where its values come from:

* ``rulebook``: the game's rule source states them (``source`` names the section);
* ``published``: a public fact, such as an open-source implementation (``source`` names it);
* ``reconstructed``: authored to agree with every number the rule source gives, for
  values the source does not print (``rulebook_fields`` may list the fields it fixes).

The rule: an entry that cites the rulebook or a publication names its ``source``; so
does an entry that lists ``rulebook_fields``.

>>> PROVENANCES
('rulebook', 'published', 'reconstructed')
>>> Origin("rulebook", "Components").to_dict()
{'provenance': 'rulebook', 'source': 'Components'}
>>> origin_problems("published", "", ())
[('source', "required when provenance is 'published'")]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Literal, cast

Provenance = Literal["rulebook", "published", "reconstructed"]

PROVENANCES: Final[tuple[Provenance, ...]] = ("rulebook", "published", "reconstructed")
"""The allowed provenance words, most authoritative first."""

MEANINGS: Final[Mapping[str, str]] = MappingProxyType({
    "rulebook": "stated by the game's rule source (source: the section)",
    "published": "a public fact, e.g. an open-source implementation (source: where)",
    "reconstructed": "authored to agree with every number the rule source gives",
})
"""What each provenance word means."""

SOURCED: Final = frozenset({"rulebook", "published"})
"""The provenances whose entries must name their ``source``."""

ORIGIN_FIELDS: Final = ("provenance", "source", "rulebook_fields", "note")
"""The fields an entry may give to say where it comes from."""


@dataclass(frozen=True, slots=True)
class Origin:
    """Where an entry's values come from.

    >>> o = Origin("reconstructed", "Components", ("count",), "counts from the box")
    >>> o.parts()
    ('reconstructed', 'Components', ('count',), 'counts from the box')
    """

    provenance: Provenance
    source: str = ""
    rulebook_fields: tuple[str, ...] = ()
    """The fields a source states when the rest of the entry is reconstructed."""
    note: str = ""

    def parts(self) -> tuple[Provenance, str, tuple[str, ...], str]:
        """Provenance, source, rulebook fields and note, in this order."""
        return self.provenance, self.source, self.rulebook_fields, self.note

    def to_dict(self) -> dict[str, Any]:
        """The fields as a data file writes them (empty ones left out)."""
        out: dict[str, Any] = {"provenance": self.provenance}
        if self.source:
            out["source"] = self.source
        if self.rulebook_fields:
            out["rulebook_fields"] = list(self.rulebook_fields)
        if self.note:
            out["note"] = self.note
        return out


def origin_problems(provenance: str, source: str, rulebook_fields: Sequence[str],
                    fields: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The problems of an entry's origin, each as (field, message); ``fields`` lists the
    names ``rulebook_fields`` may give (any, when None).

    >>> origin_problems("reconstructed", "", ("count",))
    [('source', 'required when rulebook_fields are given')]
    >>> origin_problems("reconstructed", "x", ("size",), ("count",))
    [('rulebook_fields', "unknown field name 'size'")]
    """
    out: list[tuple[str, str]] = []
    if fields is not None:
        out += [("rulebook_fields", f"unknown field name {f!r}") for f in rulebook_fields
                if f not in fields]
    if provenance in SOURCED and not source:
        out.append(("source", f"required when provenance is {provenance!r}"))
    elif rulebook_fields and not source:
        out.append(("source", "required when rulebook_fields are given"))
    return out


def provenance_counts(groups: Mapping[str, Iterable[str]]) -> dict[str, dict[str, int]]:
    """For each group of provenance words, how many there are of each (in order).

    >>> provenance_counts({"dice": ["reconstructed", "rulebook"]})
    {'dice': {'rulebook': 1, 'reconstructed': 1}}
    """
    out: dict[str, dict[str, int]] = {}
    for name, words in groups.items():
        counts = Counter(words)
        out[name] = {p: counts[p] for p in PROVENANCES if counts[p]}
    return out


def origin_of(values: Mapping[str, Any], default_source: str = "") -> Origin:
    """The :class:`Origin` of checked entry values (see :data:`ORIGIN_FIELDS`)."""
    return Origin(cast(Provenance, values.get("provenance", "reconstructed")),
                  str(values.get("source") or default_source),
                  tuple(values.get("rulebook_fields") or ()), str(values.get("note") or ""))
