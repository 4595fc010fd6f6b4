"""Records: JSON round trip, replay, and errors that name the step and the line."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from dicegame import PIG

from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.game import CHANCE
from gaia_lab.core.record import FORMAT, Record, RecordStep
from gaia_lab.core.session import Session
from gaia_lab.testing import play_random


def played(seed: int = 0, decisions: int = 15) -> Session:
    s = Session(PIG, 3, seed, {"target": 20})
    play_random(s, random.Random(seed), decisions)
    return s


def test_record_json_round_trip() -> None:
    s = played()
    s.play(s.legal_actions()[0], comment="a note on this step")
    record = s.record(comment="a seeded game")
    text = record.to_json()
    assert Record.from_json(text) == record
    assert record.game == "pig" and record.players == 3 and record.options == {"target": 20}
    assert record.steps[0] == RecordStep("rules", "setup")
    assert any(step.comment == "a note on this step" for step in record.steps)
    data = json.loads(text)
    assert data["format"] == FORMAT and data["comment"] == "a seeded game"
    assert len(data["steps"]) == len(s.history)


def test_one_step_per_line_and_line_of_step() -> None:
    record = played().record()
    lines = record.to_json().splitlines()
    for i, step in enumerate(record.steps):
        line = record.line_of_step(i)
        assert line is not None
        assert json.loads(lines[line - 1].rstrip(",")) == {"actor": step.actor,
                                                           "action": step.action}
    assert record.line_of_step(len(record.steps)) is None


def test_empty_record_round_trip() -> None:
    record = Record("pig", 2, seed=9)
    assert Record.from_json(record.to_json()) == record


def test_replay_reproduces_every_state() -> None:
    s = played(seed=2, decisions=40)
    replay = Session.from_record(Record.from_json(s.record().to_json()))
    assert [p.state for p in replay.history] == [p.state for p in s.history]
    assert replay.log() == s.log()
    assert replay.decisions == s.decisions
    replay.undo()
    assert replay.decisions == s.decisions - 1


def test_replay_without_auto_stops_where_the_record_ends() -> None:
    s = Session(PIG, 2, 0, auto=False)
    s.step()
    s.play("roll")
    record = s.record()
    assert record.steps[-1] == RecordStep(0, "roll")
    manual = Session.from_record(record, auto=False)
    assert manual.actor == CHANCE and manual.state == s.state
    auto = Session.from_record(record)
    assert auto.actor == 0 and auto.history[-1].actor == CHANCE


def test_scenario_record_round_trip() -> None:
    s = Session(PIG, scenario={"players": 2, "scores": [10, 3], "turn": 1, "seed": 2})
    s.play("roll", chance=["die 6"])
    s.play("hold")
    record = s.record()
    assert record.scenario == {"players": 2, "scores": [10, 3], "turn": 1, "seed": 2}
    loaded = Record.from_json(record.to_json())
    assert loaded == record
    assert Session.from_record(loaded).state == s.state


def test_malformed_json_names_line_and_column() -> None:
    text = played().record().to_json().splitlines()
    text[4] = text[4].rstrip(",")  # drop the comma after "options"
    with pytest.raises(InvalidStateError) as info:
        Record.from_json("\n".join(text), source="game.json")
    assert str(info.value).startswith("game.json: line 6, column 3: not valid JSON")
    assert info.value.source == "game.json"


def test_every_problem_is_listed() -> None:
    with pytest.raises(InvalidStateError) as info:
        Record.from_json('{"format": "other/9", "players": "two", "seed": 1.5, "options": [],'
                         ' "steps": {}}')
    problems = info.value.problems
    assert len(problems) == 6
    assert "format is 'other/9'" in problems[0]
    assert any("'game' must be" in p for p in problems)
    assert any("'players' must be a whole number" in p for p in problems)
    assert str(info.value).startswith("record: 6 problems:\n  - ")
    with pytest.raises(InvalidStateError, match="must be a JSON object"):
        Record.from_json("[1, 2]")


def test_bad_step_entry_names_step_and_line() -> None:
    lines = Record("pig", 2, steps=(RecordStep("rules", "setup"), RecordStep(0, "roll"))
                   ).to_json().splitlines()
    target = next(n for n, line in enumerate(lines, start=1) if '"roll"' in line)
    lines[target - 1] = lines[target - 1].replace('"actor": 0', '"actor": "bob"')
    with pytest.raises(InvalidStateError) as info:
        Record.from_json("\n".join(lines))
    assert info.value.problems == (
        f"step 2 (line {target}): actor 'bob' is not a seat, 'chance' or 'rules'",)


def replace_step(record: Record, index: int, step: RecordStep) -> Record:
    steps = list(record.steps)
    steps[index] = step
    return replace(record, steps=tuple(steps))


def test_illegal_step_names_step_line_and_reason() -> None:
    s = Session(PIG, 2, 0)
    s.play("roll", chance=["die 1"])  # setup, roll, die 1, end turn
    record = replace_step(s.record(), 2, RecordStep("chance", "die 8"))
    text = record.to_json()
    line = text.splitlines().index('    {"actor": "chance", "action": "die 8"},') + 1
    with pytest.raises(InvalidStateError) as info:
        Session.from_record(Record.from_json(text))
    message = str(info.value)
    assert f"step 3 (line {line}): 'die 8': not legal now: " in message
    assert "not 8" in message and "[Rolling]" in message  # the reason and the rule cited


def test_wrong_actor_names_the_step() -> None:
    s = Session(PIG, 2, 0)
    s.play("roll", chance=["die 4"])
    record = replace_step(s.record(), 1, RecordStep(1, "roll"))
    with pytest.raises(InvalidStateError) as info:
        Session.from_record(record)
    assert "step 2 (line " in str(info.value)
    assert "'roll' is recorded for 1, but 0 acts here" in str(info.value)


def test_unreadable_step_names_the_step() -> None:
    record = replace_step(Session(PIG, 2, 0).record(), 0, RecordStep("rules", "shuffle"))
    with pytest.raises(InvalidStateError, match=r"step 1 \(line \d+\): cannot read 'shuffle'"):
        Session.from_record(record)


def test_steps_after_the_end_are_rejected() -> None:
    s = Session(PIG, scenario={"players": 2, "scores": [29, 0], "turn_total": 5})
    s.play("hold")
    record = s.record()
    record = replace(record, steps=(*record.steps, RecordStep(1, "roll")))
    with pytest.raises(InvalidStateError, match="step 2 .*recorded for 1, but 'over' acts"):
        Session.from_record(record)


def test_options_are_checked_by_the_game_on_replay() -> None:
    record = played().record()
    assert record.options == {"target": 20}
    with pytest.raises(InvalidStateError) as info:
        Session.from_record(replace(record, options={"target": "20", "colour": 1}))
    assert info.value.source == "record"
    assert info.value.problems == (
        "options: options['target']: expected a whole number from 1 to 10000, not '20'",
        "options: unknown option 'colour' (accepted: target)",
    )


def test_unknown_keys_and_a_missing_seed_are_refused_with_all_problems() -> None:
    text = Record("pig", 2, seed=4, steps=(RecordStep("rules", "setup", "first"),)).to_json()
    text = text.replace('"seed": 4,\n', '"colour": "red",\n')
    text = text.replace('"comment": "first"', '"comment": "first", "when": 1')
    with pytest.raises(InvalidStateError) as info:
        Record.from_json(text)
    assert info.value.problems == (
        "unknown key(s) 'colour' (a record has format, game, players, seed, options, version,"
        " comment, scenario, steps)",
        "'seed' is missing (without it the record would replay another game)",
        "step 1 (line 10): unknown key(s) 'when' (a step has actor, action, comment)",
    )


def test_a_record_is_checked_when_built() -> None:
    with pytest.raises(InvalidStateError) as info:
        Record("pig", True, seed=-1, options={"target": {1, 2}}, steps=[])  # type: ignore[arg-type]
    assert [p.split(" ")[0] for p in info.value.problems] == [
        "'players'", "'seed'", "'options'", "'steps'"]
