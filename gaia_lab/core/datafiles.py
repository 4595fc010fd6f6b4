r"""Component data files: JSON documents whose entries can be traced to their lines.

Every game keeps its components in ``data/*.json`` files of the form
``{"component": ..., "entries": [...]}`` with one entry per line; a problem found in an
entry is reported with the file and the entry's line.

>>> doc = read_text_document('{"entries": [\n {"id": "a"},\n {"id": "b"}\n]}', "demo")
>>> doc.name, doc.lines
('demo.json', (2, 3))
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(slots=True)
class DataDocument:
    """A parsed file: its component name, where it came from, its data and entry lines."""

    component: str
    path: str
    """The file's full path, or its name alone when the data did not come from a file."""
    data: Any
    lines: tuple[int, ...]
    """The line where each entry starts, when the text is known."""

    @property
    def name(self) -> str:
        """The file name that problems cite."""
        return f"{self.component}.json"


def read_document(path: Path, component: str, problems: list[str]) -> DataDocument:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(f"{path.name}: cannot read {path}: {exc}")
        return DataDocument(component, str(path), None, ())
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        problems.append(f"{path.name}:{exc.lineno}:{exc.colno}: malformed JSON: {exc.msg}")
        return DataDocument(component, str(path), None, ())
    return DataDocument(component, str(path), data, entry_lines(text))


_WS = re.compile(r"[ \t\n\r]*")


def entry_lines(text: str) -> tuple[int, ...]:
    """The line on which each element of the top-level ``"entries"`` array starts."""
    decoder = json.JSONDecoder()

    def skip(i: int) -> int:
        match = _WS.match(text, i)
        return match.end() if match else i

    try:
        i = skip(0)
        if text[i : i + 1] != "{":
            return ()
        i = skip(i + 1)
        while i < len(text) and text[i] != "}":
            key, i = decoder.raw_decode(text, i)
            i = skip(skip(i) + 1)  # past the colon
            if key == "entries" and text[i : i + 1] == "[":
                starts: list[int] = []
                i = skip(i + 1)
                while text[i : i + 1] not in ("]", ""):
                    starts.append(i)
                    _, i = decoder.raw_decode(text, i)
                    i = skip(i)
                    if text[i : i + 1] == ",":
                        i = skip(i + 1)
                lines, line, last = [], 1, 0
                for start in starts:
                    line += text.count("\n", last, start)
                    last = start
                    lines.append(line)
                return tuple(lines)
            _, i = decoder.raw_decode(text, i)
            i = skip(i)
            if text[i : i + 1] == ",":
                i = skip(i + 1)
    except (ValueError, IndexError):
        return ()
    return ()


def read_text_document(text: str, component: str, problems: list[str] | None = None
                       ) -> DataDocument:
    """A document from JSON text (no file); problems go to ``problems``."""
    problems = [] if problems is None else problems
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        problems.append(f"{component}.json:{exc.lineno}:{exc.colno}: malformed JSON: {exc.msg}")
        return DataDocument(component, f"{component}.json", None, ())
    return DataDocument(component, f"{component}.json", data, entry_lines(text))


class DataEntry:
    """Reads the fields of one entry of a document, recording each problem with its
    file, line and field; game loaders add their own field readers."""

    def __init__(self, doc: DataDocument, index: int, raw: Any, key: str,
                 problems: list[str]) -> None:
        self.doc = doc
        self.index = index
        self.raw: dict[str, Any] = raw if isinstance(raw, dict) else {}
        self.problems = problems
        self.start = len(problems)
        ident = self.raw.get(key)
        ok = isinstance(ident, (str, int)) and not isinstance(ident, bool)
        self.label = f" ({key} {ident!r})" if ok else ""
        if not isinstance(raw, dict):
            self.problem("", f"an entry must be a JSON object, not {type(raw).__name__}")

    @property
    def where(self) -> str:
        """File, line and entry, as problems cite them."""
        line = self.doc.lines[self.index] if self.index < len(self.doc.lines) else None
        place = f"{self.doc.name}:{line}" if line is not None else self.doc.name
        return f"{place}: {self.doc.component} entry {self.index + 1}{self.label}"

    @property
    def ok(self) -> bool:
        """No problem was found in this entry so far."""
        return len(self.problems) == self.start

    def problem(self, name: str, message: str) -> None:
        """Record a problem of field ``name`` ("" for the entry as a whole)."""
        at = f": field {name!r}" if name else ""
        self.problems.append(f"{self.where}{at}: {message}")
