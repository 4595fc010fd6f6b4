"""The notebooks' helpers: every AI choice of an example, in order, each once."""

from __future__ import annotations

from gaia_lab.games.black_rose_wars.examples import EXAMPLES
from gaia_lab.games.black_rose_wars.teaching import choices, traces

EX = {e.id: e for e in EXAMPLES}


def test_priority_1_gathers_gaeas_target_then_filius_move() -> None:
    found = choices(EX["brw.ex.priority_1"].run())
    assert found[0].chooser == "gaea" and found[0].line == "Priority 1"
    assert found[0].chosen == "crypt"
    assert [s.criterion for s in found[0].steps] == ["-Root Token", "+Instability", "+Models"]
    assert len(found) == len(set(found))  # each choice once
    assert any(c.chooser == "filius" and c.purpose == "move" for c in found)


def test_traces_print_each_choice() -> None:
    text = traces(EX["brw.ex.priority_1"].run())
    assert text.startswith("Gaea chooses a target by Priority 1")
    assert text.count("chosen:") == len(choices(EX["brw.ex.priority_1"].run()))


def test_no_choice_is_said() -> None:
    assert traces(EX["brw.ex.gaea_setup"].run()) == "(no choice made)"


def test_traces_name_the_mages() -> None:
    assert "mage1 (Rikkart)" in traces(EX["brw.ex.filius_power"].run())
