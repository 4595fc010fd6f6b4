r"""Component data files: JSON documents whose entries can be traced to their lines.

Every game keeps its components in ``data/*.json`` files, one JSON object each; its
entries are the elements of a top-level array (``{"component": ..., "entries": [...]}``
for most games) or the members of a top-level object, one entry per line.  A problem
found in an entry is reported with the file and the entry's line.

>>> doc = read_text_document('{"entries": [\n {"id": "a"},\n {"id": "b"}\n]}', "demo")
>>> doc.name, doc.lines
('demo.json', (2, 3))

Entries under any other top-level key can be traced as well:

>>> doc = read_text_document('{"tiles": [\n {"id": "t1"}\n],\n "sides": {\n "1A": {},\n'
...                          ' "1B": {}\n}}', "tech")
>>> doc.lines_of("tiles"), doc.lines_of("sides"), doc.lines_of("entries")
((2,), (5, 6), ())
"""

from __future__ import annotations

import bisect
import json
import os
import re
import stat
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Final, Self, TypeVar

from gaia_lab.core.codec import read_json
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.provenance import provenance_counts

MAX_BYTES: Final = 5_000_000
"""The largest component file read (the largest packaged one is about 20 kB)."""


@dataclass(slots=True)
class DataDocument:
    """A parsed file: its component name, where it came from, its data and entry lines."""

    component: str
    path: str
    """The file's full path, or its name alone when the data did not come from a file."""
    data: Any
    lines: tuple[int, ...]
    """The line where each entry under ``"entries"`` starts, when the text is known."""
    sections: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """The entry lines under every top-level key (see :func:`section_lines`)."""
    members: Mapping[str, int] = field(default_factory=dict)
    """The line of each top-level member, when the text is known."""
    failed: bool = False
    """The file could not be read or parsed (a problem says why)."""

    @property
    def name(self) -> str:
        """The file name that problems cite."""
        return f"{self.component}.json"

    def lines_of(self, key: str) -> tuple[int, ...]:
        """The line where each entry under the top-level ``key`` starts, when known."""
        return self.lines if key == "entries" else self.sections.get(key, ())

    def line_at(self, path: str) -> int | None:
        r"""The line of a field path of the whole file (``structures.mine.cost``,
        ``tracks.navigation[3]``): the line of its entry under a top-level member, or
        of that member; None when unknown.

        >>> doc = read_text_document('{"a": 1,\n "b": {"x": 1,\n "y": [2]}}', "demo")
        >>> doc.line_at("b.y[0]"), doc.line_at("a"), doc.line_at("b"), doc.line_at("c")
        (3, 1, 2, None)
        """
        match = re.match(r"([^.\[]+)(?:\.([^.\[]+)|\[(\d{1,9})\])?", path)
        if match is None:
            return None
        top, key, index = match.groups()
        inner = self.data.get(top) if isinstance(self.data, dict) else None
        lines = self.sections.get(top, ())
        at: int | None = None
        if isinstance(inner, dict) and key is not None and key in inner:
            at = list(inner).index(key)
        elif isinstance(inner, list) and index is not None:
            at = int(index)
        if at is not None and at < len(lines):
            return lines[at]
        return self.members.get(top)


def read_document(path: Path, component: str, problems: list[str]) -> DataDocument:
    """A component file, refused with a problem unless it is a regular file of at most
    :data:`MAX_BYTES` bytes of UTF-8 JSON text (read through
    :func:`~gaia_lab.core.codec.read_json`, so bounded in depth)."""
    file = f"{component}.json"

    def fail(message: str) -> DataDocument:
        problems.append(f"{file}: {message}")
        return DataDocument(component, str(path), None, (), failed=True)

    try:
        info = os.stat(path)
        kind = _file_kind(info.st_mode)
        if kind:
            return fail(f"{path} is {kind}, not a regular file")
        if info.st_size > MAX_BYTES:
            return fail(f"{path} holds {info.st_size:,} bytes; a component file is read "
                        f"only up to {MAX_BYTES:,}")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            kind = _file_kind(os.fstat(handle.fileno()).st_mode)
            if kind:  # replaced since the first look
                return fail(f"{path} is {kind}, not a regular file")
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        return fail(f"cannot read {path}: {exc.strerror or exc}")
    if len(raw) > MAX_BYTES:
        return fail(f"{path} holds over {MAX_BYTES:,} bytes; a component file is read "
                    f"only up to {MAX_BYTES:,}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return fail(f"not UTF-8 text (byte {exc.start})")
    return _parse(text, component, str(path), problems)


def _file_kind(mode: int) -> str:
    """What a file that is not a regular file is ("" for a regular file)."""
    if stat.S_ISREG(mode):
        return ""
    for test, kind in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device")):
        if test(mode):
            return kind
    return "not a plain file"


def read_text_document(text: str, component: str, problems: list[str] | None = None
                       ) -> DataDocument:
    """A document from JSON text (no file); problems go to ``problems``."""
    problems = [] if problems is None else problems
    return _parse(text, component, f"{component}.json", problems)


def _parse(text: str, component: str, path: str, problems: list[str]) -> DataDocument:
    file = f"{component}.json"
    try:
        data = read_json(text, file, max_chars=MAX_BYTES)
    except InvalidStateError as exc:
        problems.extend(f"{file}: {p}" for p in exc.problems)
        return DataDocument(component, path, None, (), failed=True)
    members, sections = _scan(text)
    return DataDocument(component, path, data, sections.get("entries", ()), sections,
                        members)


def read_documents(directory: str | Path, default: Path, components: Sequence[str],
                   problems: list[str]) -> list[DataDocument]:
    """Each ``<component>.json`` of ``directory``, or of the ``default`` folder where the
    directory lacks it (so a user may replace a single file).

    :raises InvalidStateError: if ``directory`` is not a folder.
    """
    folder = Path(directory)
    if not folder.is_dir():
        raise InvalidStateError(f"no such directory: {folder}", source=str(folder))
    out = []
    for name in components:
        path = folder / f"{name}.json"
        out.append(read_document(path if os.path.lexists(path) else default / f"{name}.json",
                                 name, problems))
    return out


_WS = re.compile(r"[ \t\n\r]*")


def entry_lines(text: str, key: str = "entries") -> tuple[int, ...]:
    r"""The line on which each element of the top-level array under ``key`` starts (or
    each member of the top-level object under ``key``); ``()`` when there is none.

    >>> entry_lines('{"entries": [{"id": 1},\n {"id": 2}], "more": [\n\n 3]}')
    (1, 2)
    >>> entry_lines('{"entries": [{"id": 1},\n {"id": 2}], "more": [\n\n 3]}', "more")
    (4,)
    """
    return section_lines(text).get(key, ())


def section_lines(text: str) -> dict[str, tuple[int, ...]]:
    r"""For each top-level key of a JSON object whose value is an array or an object, the
    line on which each element (or member) of that value starts.  A repeated member
    counts once, in the place :func:`json.loads` gives it and at the line of the value
    it keeps (the last); text that is not a JSON object gives ``{}``.

    >>> section_lines('{"a": [1,\n 2],\n "b": {"x": 1,\n "y": 2,\n "x": 3}, "c": 4}')
    {'a': (1, 2), 'b': (5, 4)}
    """
    return _scan(text)[1]


def _scan(text: str) -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
    """The line of each top-level member, and :func:`section_lines`."""
    decoder = json.JSONDecoder()
    breaks = [m.start() for m in re.finditer("\n", text)]

    def line(i: int) -> int:
        return bisect.bisect_left(breaks, i) + 1

    def skip(i: int) -> int:
        match = _WS.match(text, i)
        return match.end() if match else i

    def members(i: int) -> list[tuple[object, int, int]]:
        """(key or None, start, value start) of each element of the array or object
        that opens at ``text[i]``."""
        keyed = text[i] == "{"
        close = "}" if keyed else "]"
        out: list[tuple[object, int, int]] = []
        i = skip(i + 1)
        while text[i : i + 1] != close:
            start, key = i, None
            if keyed:
                key, i = decoder.raw_decode(text, i)
                i = skip(skip(i) + 1)  # past the colon
            out.append((key, start, i))
            _, i = decoder.raw_decode(text, i)
            i = skip(i)
            if text[i : i + 1] == ",":
                i = skip(i + 1)
        return out

    tops: dict[str, int] = {}
    sections: dict[str, tuple[int, ...]] = {}
    try:
        i = skip(0)
        if text[i : i + 1] != "{":
            return {}, {}
        for key, start, at in members(i):
            if not isinstance(key, str):
                continue
            tops[key] = line(start)
            if text[at : at + 1] not in ("[", "{"):
                continue
            inner = members(at)
            if text[at] == "{":
                starts = list({k: start for k, start, _ in inner}.values())
            else:
                starts = [start for _, start, _ in inner]
            sections[key] = tuple(line(start) for start in starts)
    except (ValueError, IndexError):
        return {}, {}
    return tops, sections


class FileReport:
    """Records problems of a whole file's fields, each with the line of its field when
    known (see :meth:`DataDocument.line_at`)."""

    def __init__(self, doc: DataDocument, problems: list[str]) -> None:
        self.doc = doc
        self.problems = problems

    def problem(self, name: str, message: str) -> None:
        """Record a problem of the top-level field path ``name`` ("" for the file)."""
        line = self.doc.line_at(name) if name else None
        place = f"{self.doc.name}:{line}" if line is not None else self.doc.name
        at = f": field {name!r}" if name else ""
        self.problems.append(f"{place}{at}: {message}")


class DataEntry:
    """Reads the fields of one entry of a document, recording each problem with its
    file, line and field; game loaders add their own field readers.

    ``index`` counts the entries under the top-level key ``section``, whose lines the
    document gives (see :meth:`DataDocument.lines_of`).
    """

    def __init__(self, doc: DataDocument, index: int, raw: Any, key: str,
                 problems: list[str], *, section: str = "entries",
                 name: str | None = None) -> None:
        self.doc = doc
        self.index = index
        self.section = section
        self.key = key
        self.raw: dict[str, Any] = raw if isinstance(raw, dict) else {}
        self.problems = problems
        self.count = 0
        """Problems recorded for this entry."""
        ident = self.raw.get(key) if name is None else name
        ok = isinstance(ident, str) or (isinstance(ident, int) and not isinstance(
            ident, bool) and ident.bit_length() <= 64)
        self.ident: str | int | None = ident if ok else None
        """The entry's id (its member name in an object of entries), when valid."""
        self.label = f" ({key} {ident!r})" if ok else ""
        if not isinstance(raw, dict):
            kind = "null" if raw is None else type(raw).__name__
            self.problem("", f"an entry must be a JSON object, not {kind}")

    @property
    def line(self) -> int | None:
        """The line where the entry starts, when known."""
        lines = self.doc.lines_of(self.section)
        return lines[self.index] if 0 <= self.index < len(lines) else None

    @property
    def what(self) -> str:
        """The entry, as problems cite it after the file and line."""
        section = self.doc.component if self.section == "entries" else self.section
        return f"{section} entry {self.index + 1}{self.label}"

    @property
    def where(self) -> str:
        """File, line and entry, as problems cite them."""
        line = self.line
        place = f"{self.doc.name}:{line}" if line is not None else self.doc.name
        return f"{place}: {self.what}"

    @property
    def ok(self) -> bool:
        """No problem was found in this entry so far."""
        return self.count == 0

    def problem(self, name: str, message: str) -> None:
        """Record a problem of field ``name`` ("" for the entry as a whole)."""
        at = f": field {name!r}" if name else ""
        self.count += 1
        self.problems.append(f"{self.where}{at}: {message}")


def component_text(component: str, note: str, entries: Iterable[Mapping[str, Any]]) -> str:
    """The text of a component file, one entry per line.

    >>> print(component_text("mages", "", [{"number": 1}]), end="")
    {
      "component": "mages",
      "provenance_note": "",
      "entries": [
        {"number": 1}
      ]
    }
    """
    body = ",\n".join(f"    {json.dumps(dict(e), ensure_ascii=False)}" for e in entries)
    lines = ["{", f'  "component": {json.dumps(component)},',
             f'  "provenance_note": {json.dumps(note, ensure_ascii=False)},',
             '  "entries": [', *([body] if body else []), "  ]", "}"]
    return "\n".join(lines) + "\n"


def save_texts(directory: str | Path, texts: Mapping[str, str]) -> list[Path]:
    """Write each ``<component>.json`` text into ``directory``; return their paths."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in texts.items():
        path = folder / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


_K = TypeVar("_K")
_V = TypeVar("_V")


def lookup(index: Mapping[_K, _V], key: _K, what: str) -> _V:
    """``index[key]``, or a KeyError that names what was looked for and what is known.

    >>> lookup({"fox": 1}, "owl", "animal")
    Traceback (most recent call last):
    ...
    KeyError: "no animal 'owl'; known: fox"
    """
    try:
        return index[key]
    except KeyError:
        raise KeyError(f"no {what} {key!r}; known: {', '.join(map(str, index))}") from None


class ComponentSet(ABC):
    """What every game's validated set of component files does alike: count its entries
    by provenance, write its files back one entry per line, and build itself from a folder
    or from parsed documents, the packaged file standing in for each one not given.

    A game's ``Components`` (a frozen dataclass) names its files (``FILES``, without
    ``.json``) and packaged folder (``DATA_DIR``), gives its entries file by file
    (:meth:`groups`) and turns the documents read into a validated set
    (:meth:`from_documents`, raising :class:`InvalidStateError` with every problem).
    """

    __slots__ = ()
    FILES: ClassVar[tuple[str, ...]]
    DATA_DIR: ClassVar[Path]
    provenance_notes: tuple[tuple[str, str], ...]
    """Each file's note on where its values come from, by file."""

    @abstractmethod
    def groups(self) -> dict[str, Sequence[Any]]:
        """The entries of each component file, by file, in file order."""

    @classmethod
    @abstractmethod
    def from_documents(cls, documents: Sequence[DataDocument], problems: list[str],
                       where: str) -> Self:
        """The validated set built from one document per file (in ``FILES`` order);
        ``problems`` already holds those found while reading, ``where`` names the source.
        """

    @staticmethod
    def provenance_of(entry: Any) -> str:
        """An entry's provenance word (entries keep it in their ``origin``)."""
        return str(entry.origin.provenance)

    @property
    def provenance(self) -> dict[str, dict[str, int]]:
        """For each component file, its entries counted by provenance."""
        return provenance_counts({name: (self.provenance_of(e) for e in entries)
                                  for name, entries in self.groups().items()})

    def provenance_summary(self) -> str:
        """One line saying how much of each file is reconstructed (see each game's
        ``load_components``)."""
        parts = [f"{name} {c.get('reconstructed', 0)}/{sum(c.values())}"
                 for name, c in self.provenance.items()]
        return "reconstructed: " + ", ".join(parts)

    def to_json(self, component: str) -> str:
        """The text of one component file, one entry per line.

        :raises KeyError: naming the known files, if there is no such file.
        """
        if component not in self.FILES:
            raise KeyError(f"no component file {component!r}; known: "
                           f"{', '.join(self.FILES)}")
        return component_text(component, dict(self.provenance_notes).get(component, ""),
                              (e.to_dict() for e in self.groups()[component]))

    def save(self, directory: str | Path) -> list[Path]:
        """Write every component file into ``directory``; return their paths."""
        return save_texts(directory, {name: self.to_json(name) for name in self.FILES})

    @classmethod
    def load(cls, directory: str | Path) -> Self:
        """Read and validate the files of ``directory``, each missing one being the
        packaged file, so that a user may replace a single file.

        :raises InvalidStateError: listing every problem, each with its file, line and
            field.
        """
        problems: list[str] = []
        documents = read_documents(directory, cls.DATA_DIR, cls.FILES, problems)
        return cls.from_documents(documents, problems, str(Path(directory)))

    @classmethod
    def from_dicts(cls, **documents: Any) -> Self:
        """Build and validate from parsed documents by file name; each file not given is
        the packaged one.

        :raises TypeError: for a name that is not a component file.
        :raises InvalidStateError: listing every problem.
        """
        for name in documents:
            if name not in cls.FILES:
                raise TypeError(f"unknown component {name!r} (known: "
                                f"{', '.join(cls.FILES)})")
        problems: list[str] = []
        docs = []
        for name in cls.FILES:
            if name in documents:
                data = documents[name]
                plain = dict(data) if isinstance(data, Mapping) else data
                docs.append(DataDocument(name, f"{name}.json", plain, ()))
            else:
                docs.append(read_document(cls.DATA_DIR / f"{name}.json", name, problems))
        return cls.from_documents(docs, problems, "Components.from_dicts")
