"""Every worked example of a rule source is a runnable Example whose checkpoints hold.

Shapers of Gaia lists its rulebook's examples in ``EXAMPLES_IN_SOURCE`` (with the numbers
each states); Animals Gathering's FAQ rulings are examples too.
"""

from __future__ import annotations

import pytest

import gaia_lab
from gaia_lab.core.example import Example
from gaia_lab.games.animals_gathering.examples import FAQ_EXAMPLES
from gaia_lab.games.animals_gathering.rulebook import RULES as AG_RULES
from gaia_lab.games.shapers_of_gaia.examples import COVERS, EXAMPLES, stated_checks
from gaia_lab.games.shapers_of_gaia.rulebook import EXAMPLES_IN_SOURCE


def _ids(examples: tuple[Example, ...] | list[Example]) -> list[str]:
    return [e.id for e in examples]


@pytest.mark.parametrize("source", EXAMPLES_IN_SOURCE, ids=[e.id for e in EXAMPLES_IN_SOURCE])
def test_every_shapers_example_in_the_source_is_checked(source: object) -> None:
    from gaia_lab.games.shapers_of_gaia.rulebook import SourceExample

    assert isinstance(source, SourceExample)
    example = COVERS[source.id]
    assert example in EXAMPLES
    checks = stated_checks(example, source.id)
    assert checks, f"{source.id}: no checkpoint checks it"
    assert {c.number: c.expected for c in checks if c.number} == dict(source.numbers)


def test_every_faq_ruling_is_an_example() -> None:
    faq = {rule_id for rule_id in AG_RULES if rule_id.startswith("ag.faq.")}
    cited = {step.rule.id for ex in FAQ_EXAMPLES for step in ex.steps if step.rule is not None}
    assert faq <= cited, faq - cited
    assert len(FAQ_EXAMPLES) == 6
    assert set(_ids(FAQ_EXAMPLES)) <= set(_ids(gaia_lab.examples("animals_gathering")))


@pytest.mark.parametrize("example", [*EXAMPLES, *FAQ_EXAMPLES],
                         ids=_ids([*EXAMPLES, *FAQ_EXAMPLES]))
def test_example_checkpoints_hold(example: Example) -> None:
    results = list(example.results())
    assert sum(len(r.checks) for r in results) >= len(results) - 1
    for result in results:
        assert result.ok, result.summary()
