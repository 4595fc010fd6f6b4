"""benchmarks/run.py on tiny sizes: the JSON record's shape, the comparison with an earlier
record and the message for a malformed one (figures are never asserted: machines are
noisy)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "run.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(SCRIPT), "--games", "2",
                           "--only", "animals_gathering", *args],
                          capture_output=True, text=True, env=env, timeout=300, check=True)


@pytest.fixture(scope="module")
def first_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp("bench") / "record.json"
    out = run("--json", str(path))
    return path, out.stdout


def test_record_shape(first_run: tuple[Path, str]) -> None:
    path, stdout = first_run
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) == {"version", "date", "python", "cpu_count", "load_average", "figures"}
    assert data["python"].count(".") == 2
    assert data["cpu_count"] == os.cpu_count()
    assert data["load_average"] is None or len(data["load_average"]) == 3
    names = [f["name"] for f in data["figures"]]
    assert len(names) == len(set(names))
    assert {"animals_gathering.random_games", "animals_gathering.explorer_step",
            "animals_gathering.simulate", "import_time"} <= set(names)
    for figure in data["figures"]:
        assert set(figure) == {"name", "label", "value", "unit", "goal", "met", "note"}
        assert isinstance(figure["value"], float) and figure["value"] >= 0
        assert figure["unit"] in {"games/s", "decisions/s", "ms", "s"}
        if figure["goal"] is None:
            assert figure["met"] is None
        else:
            assert figure["goal"]["op"] in {">=", "<=", "<"}
            assert isinstance(figure["met"], bool)
    growth = [f for f in data["figures"] if ".legal_actions.turn_" in f["name"]]
    assert growth and all(f["note"].endswith(" us per action") for f in growth)
    assert [int(f["name"].rsplit("_", 1)[1]) for f in growth] == sorted(
        int(f["name"].rsplit("_", 1)[1]) for f in growth)
    goals = {f["name"]: f["goal"] for f in data["figures"]}
    assert goals["animals_gathering.random_games"] == {"op": ">=", "target": 200}
    assert goals["import_time"] == {"op": "<", "target": 0.3}
    # every figure with a goal is printed beside it, with its verdict
    for figure in data["figures"]:
        if figure["goal"] is not None:
            line = next(x for x in stdout.splitlines() if x.strip().startswith(figure["label"]))
            verdict = "met]" if figure["met"] else "not met]"
            assert line.endswith(verdict) or f"{verdict}  (" in line


def test_compare_with_earlier_record(first_run: tuple[Path, str], tmp_path: Path) -> None:
    earlier, _ = first_run
    again = tmp_path / "again.json"
    out = run("--json", str(again), "--compare", str(earlier))
    assert f"compared with {earlier}" in out.stdout
    figure_lines = [x for x in out.stdout.splitlines()
                    if x.startswith("  ") and not x.endswith(":")]  # not the headings
    assert figure_lines and all("%" in x for x in figure_lines)
    assert json.loads(again.read_text(encoding="utf-8"))["figures"]


@pytest.mark.parametrize(("text", "problem"), [
    ("{not json", "line 1, column 2: not valid JSON"),
    ('{"figures": 3}', "not a benchmark record"),
    ('{"figures": [{"name": "x", "value": "fast"}]}', "figures[0]"),
])
def test_malformed_compare_file(tmp_path: Path, text: str, problem: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    out = run("--compare", str(bad))
    assert f"cannot compare: {bad}: " in out.stderr
    assert problem in out.stderr
    assert "compared with" not in out.stdout
    assert "random games (4p)" in out.stdout  # the run goes on, without the comparison


def test_missing_compare_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    out = run("--compare", str(missing))
    assert f"cannot compare: {missing}: " in out.stderr
    assert "import gaia_lab" in out.stdout


def test_a_short_game_is_timed_from_its_middle() -> None:
    """The one-player drill ends within a few decisions: its Explorer figure still has
    steps to time."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(SCRIPT), "--games", "2", "--only",
                          "black_rose_wars_hunt"], capture_output=True, text=True, env=env,
                         timeout=300, check=True).stdout
    assert "Explorer step (play + redraw), median" in out
