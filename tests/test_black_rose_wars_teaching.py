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
    text = traces(EX["brw.ex.filius_power"].run())
    assert "Rikkart" in text and "Armory" in text  # a Mage's and a Room's names
    assert "mage1" not in text and "armory" not in text and "black_rose_room" not in text


def test_an_activation_and_a_refused_target_read_as_room_names() -> None:
    import random

    import gaia_lab

    session, rng = gaia_lab.Session("black_rose_wars", seed=3), random.Random(2)
    activations: list[str] = []
    while not session.is_over() and len(activations) < 3:
        for event in session.play(rng.choice(session.legal_actions())):
            if event.kind == "room.activate":
                activations.append(event.text)
    assert activations, "no Room was activated"
    for text in activations:  # "the ruined Forge", never "the ruined the Forge"
        assert " the the " not in text.lower() and "ed the " not in text, text
    session = gaia_lab.Session("black_rose_wars", seed=3)
    rng = random.Random(2)
    while not any(str(a).startswith("activate root:") for a in session.legal_actions()):
        session.play(rng.choice(session.legal_actions()))
    root = next(str(a) for a in session.legal_actions() if str(a).startswith("activate root:"))
    refused = str(session.explain("activate nobody"))
    assert "the Root Token of the " in refused and f"({root})" in refused, refused
