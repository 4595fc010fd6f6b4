"""Records: a whole game as data (the save file, hand-out and test fixture).

A record names the game, the players, the options and the seed, then lists every
step in the game's notation with its actor and an optional comment.  The JSON text
puts one step on a line, so an error can name the line.

Reading is strict: the text goes through :func:`~gaia_lab.core.codec.read_json`
(bounded), unknown keys of the record or of a step are refused, and so is a record
without a seed.  Replaying (:meth:`Session.from_record
<gaia_lab.core.session.Session.from_record>`) reads the options by the game's
declarations and checks the version (:func:`check_version`): another major version
is refused, another minor or patch version replays with a :class:`RecordVersionWarning`.

>>> r = Record("animals_gathering", 2, seed=3, steps=(RecordStep(0, "take fox"),))
>>> Record.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gaia_lab.core.checks import MAX_NOTATION, MAX_SEED, short
from gaia_lab.core.codec import read_json
from gaia_lab.core.errors import GaiaLabError, GaiaLabWarning, InvalidStateError

FORMAT = "gaia_lab.record/1"
MAX_PLAYERS = 100
"""The most seats a record may name (each game then checks its own range)."""
HEAD = ("format", "game", "players", "seed", "options", "version", "comment", "scenario",
        "steps")
"""The keys of a record's JSON object (``game``, ``players`` and ``seed`` required)."""
STEP = ("actor", "action", "comment")
"""The keys of one step (``actor`` and ``action`` required)."""


class RecordVersionWarning(GaiaLabWarning):
    """A record written by another version of gaia_lab with the same major version."""


def _step_problems(actor: object, action: object, comment: object) -> list[str]:
    out = []
    if not (isinstance(actor, int) and not isinstance(actor, bool)
            and 0 <= actor < MAX_PLAYERS) and actor not in ("chance", "rules"):
        out.append(f"actor {short(actor)} is not a seat, 'chance' or 'rules'")
    if not isinstance(action, str) or not action.strip() or len(action) > MAX_NOTATION:
        out.append(f"'action' must be non-empty text of at most {MAX_NOTATION:,} characters, "
                   f"not {short(action)}")
    if not isinstance(comment, str):
        out.append(f"'comment' must be text, not {short(comment)}")
    return out


@dataclass(frozen=True, slots=True)
class RecordStep:
    """One step: who acted (a seat, ``"chance"`` or ``"rules"``) and what, in notation."""

    actor: int | str
    action: str
    comment: str = ""

    def __post_init__(self) -> None:
        problems = _step_problems(self.actor, self.action, self.comment)
        if problems:
            raise InvalidStateError(problems, "record step")


def _json_problem(name: str, value: object) -> list[str]:
    try:
        json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        return [f"{name!r} must be JSON data ({str(exc)[:100]})"]
    return []


def _as_json(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples become lists, keys text)."""
    return json.loads(json.dumps(value))


def _head_problems(game: object, players: object, seed: object, options: object,
                   version: object, comment: object, scenario: object) -> list[str]:
    """Every problem of a record's head (one check for records built and read)."""
    out = []
    if not isinstance(game, str) or not game:
        out.append(f"'game' must be a game name (text), not {short(game)}")
    if isinstance(players, bool) or not isinstance(players, int) or not (
            1 <= players <= MAX_PLAYERS):
        out.append(f"'players' must be a whole number from 1 to {MAX_PLAYERS}, "
                   f"not {short(players)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        what = "a huge number" if isinstance(seed, int) and seed.bit_length() > 64 \
            else short(seed)
        out.append(f"'seed' must be a whole number from 0 to 2**63 - 1, not {what}")
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        out.append(f"'options' must be an object of option names, not {short(options)}")
    else:
        out += _json_problem("options", dict(options))
    if not isinstance(version, str) or len(version) > 40:
        out.append(f"'version' must be text of at most 40 characters, not {short(version)}")
    if not isinstance(comment, str):
        out.append(f"'comment' must be text, not {short(comment)}")
    if scenario is not None:
        if not isinstance(scenario, Mapping):
            out.append(f"'scenario' must be an object, not {short(scenario)}")
        else:
            out += _json_problem("scenario", dict(scenario))
    return out


@dataclass(frozen=True, slots=True)
class Record:
    """A game as data.

    Building one checks it (InvalidStateError lists every problem), so a record always
    writes JSON that reads back equal.
    """

    game: str
    players: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    """The options as JSON data (each game's declarations read them on replay); a
    record keeps what JSON reads back (tuples become lists)."""
    steps: tuple[RecordStep, ...] = ()
    version: str = ""
    """The gaia_lab version that wrote the record ("" when unknown); see
    :func:`check_version`."""
    comment: str = ""
    scenario: Mapping[str, Any] | None = None
    """The starting position, when the game starts from a scenario description."""
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """Line of each step in the text the record was read from (for error messages)."""

    def __post_init__(self) -> None:
        problems = _head_problems(self.game, self.players, self.seed, self.options,
                                  self.version, self.comment, self.scenario)
        if not isinstance(self.steps, tuple) or not all(
                isinstance(s, RecordStep) for s in self.steps):
            problems.append(f"'steps' must be a tuple of RecordStep, not {short(self.steps)}")
        if problems:
            raise InvalidStateError(problems, "record")
        object.__setattr__(self, "options", _as_json(dict(self.options)))
        if self.scenario is not None:
            object.__setattr__(self, "scenario", _as_json(dict(self.scenario)))

    def to_json(self) -> str:
        """JSON text with one step per line."""
        head = {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "version": self.version,
            "comment": self.comment,
        }
        if self.scenario is not None:
            head["scenario"] = dict(self.scenario)
        lines = ["{"]
        for key, value in head.items():
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True)},")
        lines.append('  "steps": [')
        body = []
        for step in self.steps:
            item: dict[str, Any] = {"actor": step.actor, "action": step.action}
            if step.comment:
                item["comment"] = step.comment
            body.append("    " + json.dumps(item))
        lines.append(",\n".join(body))
        lines.append("  ]")
        lines.append("}")
        return "\n".join(line for line in lines if line) + "\n"

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> Record:
        """Read a record; InvalidStateError names the line and every problem.

        Unknown keys (of the record or of a step) are refused, and so is a record
        without a seed (it would replay another game).
        """
        if not isinstance(source, str):
            source = "record"
        data = read_json(text, source)
        if not isinstance(data, dict):
            raise InvalidStateError(f"the record must be a JSON object, not {short(data)}",
                                    source)
        problems: list[str] = []
        unknown = [k for k in data if k not in HEAD]
        if unknown:
            problems.append(f"unknown key(s) {', '.join(map(repr, unknown))} "
                            f"(a record has {', '.join(HEAD)})")
        if data.get("format", FORMAT) != FORMAT:
            problems.insert(0, f"format is {short(data.get('format'))}, expected {FORMAT!r}")
        if "seed" not in data:
            problems.append("'seed' is missing (without it the record would replay another "
                            "game)")
        game, players, seed = data.get("game"), data.get("players"), data.get("seed", 0)
        options, scenario = data.get("options", {}), data.get("scenario")
        version, comment = data.get("version", ""), data.get("comment", "")
        problems += _head_problems(game, players, seed, options, version, comment, scenario)
        raw_steps = data.get("steps", [])
        steps: list[RecordStep] = []
        if not isinstance(raw_steps, list):
            problems.append("'steps' must be a list")
            raw_steps = []
        line_of = _step_lines(text)
        for i, item in enumerate(raw_steps):
            where = f"step {i + 1}" + (f" (line {line_of[i]})" if i < len(line_of) else "")
            if not isinstance(item, dict):
                problems.append(f"{where}: must be an object with 'actor' and 'action'")
                continue
            extra = [k for k in item if k not in STEP]
            if extra:
                problems.append(f"{where}: unknown key(s) {', '.join(map(repr, extra))} "
                                f"(a step has {', '.join(STEP)})")
            found = _step_problems(item.get("actor"), item.get("action"),
                                   item.get("comment", ""))
            problems += [f"{where}: {p}" for p in found]
            if not found and not extra:
                steps.append(RecordStep(item["actor"], item["action"], item.get("comment", "")))
        if problems:
            raise InvalidStateError(problems, source)
        assert isinstance(game, str) and isinstance(players, int)
        return cls(
            game=game,
            players=players,
            seed=seed,
            options=dict(options),
            steps=tuple(steps),
            version=version,
            comment=comment,
            scenario=scenario,
            lines=tuple(line_of[: len(steps)]) if len(line_of) >= len(steps) else (),
        )

    def line_of_step(self, index: int) -> int | None:
        """The line of step ``index`` (0-based) in :meth:`to_json` text (None if there is
        no such step)."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise GaiaLabError(f"line_of_step: expected a step index, not {short(index)}")
        if index < 0:
            return None
        lines = _step_lines(self.to_json())
        return lines[index] if index < len(lines) else None


def _step_lines(text: str) -> list[int]:
    """Line numbers (1-based) of the objects inside the "steps" list, best effort."""
    out: list[int] = []
    inside = False
    for n, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not inside:
            if stripped.startswith('"steps"'):
                inside = True
                rest = stripped.split("[", 1)[1].strip() if "[" in stripped else ""
                if rest.startswith("{"):
                    out.append(n)
            continue
        if stripped.startswith("{"):
            out.append(n)
        elif stripped.startswith("]"):
            break
    return out


def _major(version: str) -> int | None:
    m = re.fullmatch(r"(\d{1,6})(?:\.\d{1,6}){0,3}(?:[.+-]?[0-9A-Za-z.+-]{0,40})?", version)
    return int(m.group(1)) if m else None


def check_version(record: Record) -> None:
    """Refuse a record of another major gaia_lab version; warn on any other difference.

    A record with no version ("", e.g. written by hand) is replayed as it is.  A
    different minor or patch version replays with a :class:`RecordVersionWarning`
    naming both versions; a different major version (or a version that is not one) is
    refused with an InvalidStateError naming both.

    >>> from gaia_lab import __version__
    >>> check_version(Record("pig", 2, version=__version__))
    >>> check_version(Record("pig", 2, version="99.0.0"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.InvalidStateError: record: written by gaia_lab 99.0.0, ...
    """
    from gaia_lab import __version__

    theirs = record.version
    if not theirs or theirs == __version__:
        return
    major = _major(theirs)
    if major is None or major != _major(__version__):
        raise InvalidStateError(
            f"written by gaia_lab {theirs[:40]}, but this is gaia_lab {__version__}: "
            "another major version, whose notation or rules may differ", "record")
    warnings.warn(RecordVersionWarning(
        f"the record was written by gaia_lab {theirs}; replaying it with gaia_lab "
        f"{__version__}"), stacklevel=3)
