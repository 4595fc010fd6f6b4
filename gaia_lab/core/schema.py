r"""A small schema language for component files: each game declares the shape of its
files, and one reader checks them, reporting every problem with its file, line and field.

A schema is built of nodes: :class:`Text`, :class:`Integer`, :class:`Flag`,
:class:`Nullable`, :class:`ListOf`, :class:`MapOf`, :class:`Record` (a JSON object of
named :class:`Field`\ s, required or optional with a default) and :class:`Ref` (an id of
another table).  A :class:`Table` is the list of entries under one key of a file, with
unique ids; a :class:`FileSchema` is a whole file.  Reading gives the checked values (JSON
values with the defaults filled in); the game builds its objects from them and keeps only
the checks across entries that its rulebook fixes.

>>> colour = Record({"code": Field(Text(choices=("g", "o"))),
...                  "count": Field(Integer(1, 6)),
...                  "note": optional(Text(), "")})
>>> problems: list[str] = []
>>> colour.read({"code": "g", "count": 2}, At(lambda f, m: problems.append(f"{f}: {m}")))
{'code': 'g', 'count': 2, 'note': ''}
>>> colour.read({"code": "x", "count": [2], "size": 1},
...             At(lambda f, m: problems.append(f"{f}: {m}")))  # doctest: +ELLIPSIS
{...}
>>> for p in problems:
...     print(p)
size: unknown field (known: code, count, note)
code: unknown value 'x' (known: g, o)
count: must be a whole number, not [2]
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Protocol

from gaia_lab.core.datafiles import DataDocument, DataEntry, FileReport
from gaia_lab.core.provenance import PROVENANCES, origin_problems

__all__ = [
    "Anything",
    "At",
    "Field",
    "FileSchema",
    "Flag",
    "Integer",
    "ListOf",
    "MapOf",
    "Node",
    "Nullable",
    "Record",
    "Ref",
    "Row",
    "Table",
    "Text",
    "optional",
    "read_file",
    "show",
]

Report = Callable[[str, str], None]
"""Records a problem: (field path, message)."""


def show(value: Any) -> str:
    """A value as problems quote it: its JSON, cut short when long.

    >>> show([1, "a"]), show(None), len(show("x" * 80))
    ('[1, "a"]', 'null', 60)
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON, or an integer too long to write
        text = ("a number too long to show" if isinstance(value, int)
                else f"a value of type {type(value).__name__}")
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(slots=True)
class Context:
    """What a reading shares: the references to check later, the file's own source."""

    refs: list[tuple[str, Any, At]] = field(default_factory=list)
    default_source: str = ""


@dataclass(frozen=True, slots=True)
class At:
    """Where a value sits: the report of its entry, the field path, the shared context."""

    report: Report
    path: str = ""
    context: Context = field(default_factory=Context)

    def key(self, name: str) -> At:
        """The place of member ``name``."""
        return At(self.report, f"{self.path}.{name}" if self.path else name, self.context)

    def index(self, i: int) -> At:
        """The place of element ``i``."""
        return At(self.report, f"{self.path}[{i}]", self.context)

    def problem(self, message: str) -> None:
        """Record a problem of this place."""
        self.report(self.path, message)


class Node(Protocol):
    """A schema node: checks a JSON value, reports its problems, gives the checked value."""

    def read(self, value: Any, at: At) -> Any:
        """The checked value (problems go to ``at``)."""


@dataclass(frozen=True, slots=True)
class Text:
    """A string: non-empty unless ``empty``, among ``choices`` if given, matching
    ``pattern`` if given (``what`` says what it must look like)."""

    choices: tuple[str, ...] = ()
    pattern: re.Pattern[str] | None = None
    what: str = ""
    empty: bool = False

    def read(self, value: Any, at: At) -> Any:
        if not isinstance(value, str):
            at.problem(f"must be a string, not {show(value)}")
        elif not value and not self.empty:
            at.problem("must not be empty")
        elif self.choices and value not in self.choices:
            at.problem(f"unknown value {value!r} (known: {', '.join(self.choices)})")
        elif self.pattern is not None and not self.pattern.match(value):
            at.problem(f"{value!r} is not {self.what or 'valid'}")
        return value


@dataclass(frozen=True, slots=True)
class Integer:
    """A whole number (not a boolean) in ``low..high`` (either bound may be None)."""

    low: int | None = None
    high: int | None = None

    def read(self, value: Any, at: At) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            at.problem(f"must be a whole number, not {show(value)}")
        elif (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high):
            if self.high is None:
                at.problem(f"{show(value)} is below the least value {self.low}")
            elif self.low is None:
                at.problem(f"{show(value)} is above the greatest value {self.high}")
            else:
                at.problem(f"{show(value)} is out of range {self.low}..{self.high}")
        return value


@dataclass(frozen=True, slots=True)
class Flag:
    """``true`` or ``false``."""

    def read(self, value: Any, at: At) -> Any:
        if not isinstance(value, bool):
            at.problem(f"must be true or false, not {show(value)}")
        return value


@dataclass(frozen=True, slots=True)
class Nullable:
    """``null`` (read as None) or a value of ``node``."""

    node: Node

    def read(self, value: Any, at: At) -> Any:
        return None if value is None else self.node.read(value, at)


@dataclass(frozen=True, slots=True)
class ListOf:
    """A list of values of ``item``, of ``low`` to ``high`` elements."""

    item: Node
    low: int = 0
    high: int | None = None

    def read(self, value: Any, at: At) -> Any:
        if not isinstance(value, list):
            at.problem(f"must be a list, not {show(value)}")
            return value
        n = len(value)
        if n < self.low or (self.high is not None and n > self.high):
            size = (f"exactly {self.low}" if self.low == self.high else
                    f"at least {self.low}" if self.high is None else f"{self.low} to {self.high}")
            at.problem(f"{n} elements; must be {size}")
        return [self.item.read(v, at.index(i)) for i, v in enumerate(value)]


@dataclass(frozen=True, slots=True)
class MapOf:
    """A JSON object whose keys are among ``keys`` (any, if empty) and whose values are
    of ``value``."""

    value: Node
    keys: tuple[str, ...] = ()

    def read(self, value: Any, at: At) -> Any:
        if not isinstance(value, dict):
            at.problem(f"must be a JSON object, not {show(value)}")
            return value
        out = {}
        for key, item in value.items():
            if self.keys and key not in self.keys:
                at.problem(f"unknown key {key!r} (known: {', '.join(self.keys)})")
            else:
                out[key] = self.value.read(item, at.key(key))
        return out


@dataclass(frozen=True, slots=True)
class Anything:
    """Any JSON value, unchecked (its reader checks it)."""

    def read(self, value: Any, at: At) -> Any:
        return value


@dataclass(frozen=True, slots=True)
class Field:
    """A member of a :class:`Record`: its node, and its default when it may be left out."""

    node: Node
    required: bool = True
    default: Any = None


def optional(node: Node, default: Any = None) -> Field:
    """A field that may be left out, then read as ``default``."""
    return Field(node, required=False, default=default)


_PROVENANCE: Final[Mapping[str, Field]] = MappingProxyType({
    "provenance": Field(Text(choices=PROVENANCES)),
    "source": optional(Text(), ""),
    "rulebook_fields": optional(ListOf(Text()), []),
    "note": optional(Text(empty=True), ""),
})


@dataclass(frozen=True, slots=True)
class Record:
    """A JSON object of named fields; unknown members are problems unless ``extra``.

    With ``origin`` the record also takes the provenance fields
    (:data:`~gaia_lab.core.provenance.ORIGIN_FIELDS`) and obeys their rule; ``cited``
    adds names ``rulebook_fields`` may give besides the record's own fields.
    ``origin="optional"`` makes ``provenance`` itself optional (the entry around it
    tells then).
    """

    fields: Mapping[str, Field]
    extra: bool = False
    origin: bool | str = False
    cited: tuple[str, ...] = ()

    def read(self, value: Any, at: At) -> Any:
        if not isinstance(value, dict):
            at.problem(f"must be a JSON object, not {show(value)}")
            return value
        fields = dict(self.fields)
        if self.origin:
            fields.update(_PROVENANCE)
            if self.origin == "optional":
                fields["provenance"] = optional(Text(choices=PROVENANCES), None)
        if not self.extra:
            for name in value:
                if name not in fields:
                    at.key(name).problem(f"unknown field (known: {', '.join(sorted(fields))})")
        out: dict[str, Any] = {}
        for name, spec in fields.items():
            if name in value:
                out[name] = spec.node.read(value[name], at.key(name))
            elif spec.required:
                at.key(name).problem("missing")
            else:
                out[name] = spec.default
        if self.origin and out.get("provenance") is not None:
            given = out.get("rulebook_fields")
            names = given if isinstance(given, list) and all(
                isinstance(f, str) for f in given) else []
            source = out.get("source") if isinstance(out.get("source"), str) else ""
            for name, message in origin_problems(str(out["provenance"]),
                                                 source or at.context.default_source, names,
                                                 tuple(self.fields) + self.cited):
                at.key(name).problem(message)
        return out


@dataclass(frozen=True, slots=True)
class Ref:
    """The id of an entry of another table (checked once every table is read)."""

    table: str
    node: Node = Text()

    def read(self, value: Any, at: At) -> Any:
        at.context.refs.append((self.table, value, at))
        return self.node.read(value, at)


@dataclass(slots=True)
class Row:
    """One entry read: where it is (for further problems) and its checked values."""

    entry: DataEntry
    values: dict[str, Any] | None
    """None when the entry has a problem."""

    @property
    def ident(self) -> Any:
        """The entry's id (None when it has none, or not a string or number)."""
        return self.entry.ident


@dataclass(frozen=True, slots=True)
class Table:
    """The entries under the top-level ``section`` of a file: a list of records, or with
    ``keyed`` an object whose member names are the ids.  Ids under ``key`` are unique;
    at least ``min_entries`` entries are required."""

    entry: Record
    key: str = "id"
    section: str = "entries"
    keyed: bool = False
    min_entries: int = 1

    def read(self, doc: DataDocument, value: Any, problems: list[str],
             context: Context) -> list[Row] | None:
        """The rows of ``value`` (the section's content); None when the section itself
        is not a list (an object) of enough entries."""
        report = FileReport(doc, problems)
        if not isinstance(value, dict if self.keyed else list):
            report.problem(self.section, f"must be a {'JSON object' if self.keyed else 'list'}"
                                         f" of entries, not {show(value)}")
            return None
        items: list[tuple[str | None, Any]] = (
            list(value.items()) if isinstance(value, dict) else [(None, v) for v in value])
        if len(items) < self.min_entries:
            report.problem(self.section, f"{len(items)} entries; at least "
                                         f"{self.min_entries} required")
            return None
        rows: list[Row] = []
        first: dict[object, int] = {}
        for index, (name, raw) in enumerate(items):
            entry = DataEntry(doc, index, raw, self.key, problems, section=self.section,
                              name=name)
            if not isinstance(raw, dict):
                rows.append(Row(entry, None))
                continue
            values = self.entry.read(raw, At(entry.problem, "", context))
            ident = entry.ident if self.key else None
            if ident is not None and ident != "":
                if ident in first:
                    lines = doc.lines_of(self.section)
                    at = first[ident]
                    where = f"line {lines[at]}" if at < len(lines) else f"entry {at + 1}"
                    entry.problem(self.key, f"duplicate {self.key} {ident!r} (first at {where})")
                else:
                    first[ident] = index
            rows.append(Row(entry, values if entry.ok else None))
        return rows


@dataclass(frozen=True, slots=True)
class FileSchema:
    """A whole file: a JSON object with its top-level ``fields`` and its ``tables``
    (unknown top-level members are problems unless ``extra``)."""

    tables: Sequence[Table] = ()
    fields: Mapping[str, Field] = field(default_factory=dict)
    extra: bool = False
    what: str = ""
    """What the file holds, for the problem of a file that is not a JSON object."""


@dataclass(slots=True)
class FileRead:
    """A file read by :func:`read_file`: its top-level values and each table's rows."""

    values: dict[str, Any]
    rows: dict[str, list[Row]]
    ok: bool
    """No problem was found in the file's outer shape and its tables' sizes (its entries
    may have some)."""


def read_file(doc: DataDocument, schema: FileSchema, problems: list[str],
              context: Context | None = None) -> FileRead:
    """Check ``doc`` against ``schema``; problems go to ``problems``."""
    context = Context() if context is None else context
    data = doc.data
    empty = FileRead({}, {t.section: [] for t in schema.tables}, False)
    if doc.failed:
        return empty
    report = FileReport(doc, problems)
    if not isinstance(data, dict):
        what = f" ({schema.what})" if schema.what else ""
        report.problem("", f"must hold a JSON object{what}, not {_kind(data)}")
        return empty
    start = len(problems)
    top = Record({**schema.fields, **{t.section: Field(Anything()) for t in schema.tables}},
                 extra=schema.extra)
    values = top.read(data, At(report.problem, "", context))
    ok = len(problems) == start
    rows: dict[str, list[Row]] = {}
    for table in schema.tables:
        got = table.read(doc, data[table.section], problems, context) if (
            table.section in data) else None
        ok = ok and got is not None
        rows[table.section] = got or []
    return FileRead(values, rows, ok)


def check_references(ids: Mapping[str, Sequence[Any]], context: Context) -> None:
    """Report each :class:`Ref` whose value is no id of its table."""
    for table, value, at in context.refs:
        known = ids.get(table, ())
        if isinstance(value, (str, int)) and value not in known:
            at.problem(f"no {table} entry has the id {value!r}")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return "a list" if isinstance(value, list) else "a string"


