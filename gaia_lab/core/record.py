"""Records: a whole game as data (the save file, hand-out and test fixture).

A record names the game, the players, the options and the seed, then lists every
step in the game's notation with its actor and an optional comment.  The JSON text
puts one step on a line, so an error can name the line.

>>> r = Record("animals_gathering", 2, seed=3, steps=(RecordStep(0, "take fox"),))
>>> Record.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gaia_lab.core.errors import InvalidStateError

FORMAT = "gaia_lab.record/1"


@dataclass(frozen=True, slots=True)
class RecordStep:
    """One step: who acted (a seat, ``"chance"`` or ``"rules"``) and what, in notation."""

    actor: int | str
    action: str
    comment: str = ""


@dataclass(frozen=True, slots=True)
class Record:
    """A game as data."""

    game: str
    players: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    steps: tuple[RecordStep, ...] = ()
    version: str = ""
    comment: str = ""
    scenario: Mapping[str, Any] | None = None
    """The starting position, when the game starts from a scenario description."""
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """Line of each step in the text the record was read from (for error messages)."""

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
        """Read a record; InvalidStateError names the line and every problem."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidStateError(
                f"line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})", source
            ) from None
        if not isinstance(data, dict):
            raise InvalidStateError("the record must be a JSON object", source)
        problems: list[str] = []
        if data.get("format", FORMAT) != FORMAT:
            problems.append(f"format is {data.get('format')!r}, expected {FORMAT!r}")
        game = data.get("game")
        if not isinstance(game, str):
            problems.append("'game' must be a game name (text)")
        players = data.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            problems.append("'players' must be a whole number")
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            problems.append("'seed' must be a whole number")
        options = data.get("options", {})
        if not isinstance(options, dict):
            problems.append("'options' must be an object")
        scenario = data.get("scenario")
        if scenario is not None and not isinstance(scenario, dict):
            problems.append("'scenario' must be an object")
            scenario = None
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
            actor = item.get("actor")
            action = item.get("action")
            if not (isinstance(actor, int) and not isinstance(actor, bool)) and actor not in (
                "chance",
                "rules",
            ):
                problems.append(f"{where}: actor {actor!r} is not a seat, 'chance' or 'rules'")
                continue
            if not isinstance(action, str) or not action.strip():
                problems.append(f"{where}: 'action' must be non-empty text")
                continue
            comment = item.get("comment", "")
            steps.append(RecordStep(actor, action, comment if isinstance(comment, str) else ""))
        if problems:
            raise InvalidStateError(problems, source)
        assert isinstance(game, str) and isinstance(players, int) and isinstance(seed, int)
        return cls(
            game=game,
            players=players,
            seed=seed,
            options=dict(options) if isinstance(options, dict) else {},
            steps=tuple(steps),
            version=str(data.get("version", "")),
            comment=str(data.get("comment", "")),
            scenario=scenario,
            lines=tuple(line_of[: len(steps)]) if len(line_of) >= len(steps) else (),
        )

    def line_of_step(self, index: int) -> int | None:
        """The line of step ``index`` (0-based) in :meth:`to_json` text."""
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
