"""The rules pages, docs/rules/<game>.md, kept in step with each game's rulebook.

A rules page follows its game's :class:`~gaia_lab.core.rulebook.Rulebook`: one ``##``
heading per section, in the order the rule source gives them, and under it every rule of
that section as a paragraph headed by its MyST target ``(rule-...)=`` (the anchor that
:func:`gaia_lab.core.rulebook.rule_url` links to) and its id.  Prose in our own words goes
anywhere between them; it is written by hand on the committed page.

    python docs/rules_pages.py new GAME     write the skeleton of a missing page
    python docs/rules_pages.py check [GAME] list where pages and rulebooks disagree

>>> from gaia_lab.core.rulebook import Rulebook, RuleRef
>>> book = Rulebook("Demo", [RuleRef("demo.turn", "How to Play", "Take one action.")])
>>> page = skeleton("Demo", book)
>>> print(page.split("## ", 1)[1])
How to Play
<BLANKLINE>
(rule-demo-turn)=
**`demo.turn`**: Take one action.
<BLANKLINE>
>>> problems(page, book)
[]
>>> problems(page.replace("## How to Play", "## Playing"), book)
["the section 'How to Play' is missing or out of the rulebook's order", "demo.turn is under \
'Playing', the rulebook puts it under 'How to Play'"]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from gaia_lab.core.rulebook import Rulebook, RuleRef, rule_anchor

RULES_DIR = Path(__file__).resolve().parent / "rules"
_TARGET = re.compile(r"^\((rule-[^)]*)\)=\s*$")
_ENTRY = re.compile(r"^(?:\*\*`([^`]+)`\*\*: |`([^`]+)`)")
_HEADING = re.compile(r"^#{2,3} (.+)$")


def entry(rule: RuleRef) -> str:
    """A rule's paragraph on its page: its target, its id and its paraphrase."""
    return f"({rule_anchor(rule)})=\n**`{rule.id}`**: {rule.summary}\n"


def skeleton(title: str, book: Rulebook) -> str:
    """A new page for ``book``: its sections with their rules, no prose yet."""
    parts = [f"# {title}: the rules\n"]
    for section, rules in book.sections().items():
        parts.append(f"## {section}\n")
        parts.extend(entry(rule) for rule in rules)
    return "\n".join(parts)


def outline(text: str) -> tuple[list[str], list[tuple[str, str, str]]]:
    """The ``##``/``###`` headings of a page and its rules as (section, anchor, id), in order.

    A rule's paragraph opens with its id, bold (as :func:`entry` writes it) or plain.
    """
    sections: list[str] = []
    rules: list[tuple[str, str, str]] = []
    lines = text.splitlines()
    for n, line in enumerate(lines):
        heading = _HEADING.match(line)
        if heading:
            sections.append(heading.group(1).strip())
        target = _TARGET.match(line)
        if target:
            follows = _ENTRY.match(lines[n + 1]) if n + 1 < len(lines) else None
            rules.append((sections[-1] if sections else "", target.group(1),
                          (follows.group(1) or follows.group(2)) if follows else ""))
    return sections, rules


def problems(text: str, book: Rulebook) -> list[str]:
    """Where a page and its rulebook disagree (empty when they are in step)."""
    out: list[str] = []
    sections, rules = outline(text)
    wanted = list(book.sections())
    # the rulebook's sections in its order; headings of prose in between are welcome
    found = iter(sections)
    for want in wanted:
        if not any(have == want for have in found):
            out.append(f"the section {want!r} is missing or out of the rulebook's order")
            break
    seen: set[str] = set()
    for section, anchor, rule_id in rules:
        if rule_id not in book:
            out.append(f"anchor {anchor} names no rule of {book.source}")
            continue
        rule = book[rule_id]
        if anchor != rule_anchor(rule):
            out.append(f"{rule_id} has the anchor {anchor}, not {rule_anchor(rule)}")
        if rule_id in seen:
            out.append(f"{rule_id} is stated twice")
        seen.add(rule_id)
        if section != rule.section:
            out.append(f"{rule_id} is under {section!r}, the rulebook puts it under "
                       f"{rule.section!r}")
        if _ENTRY.match(entry(rule).splitlines()[1]) and f"**`{rule_id}`**: " in text \
                and entry(rule) not in text:
            out.append(f"{rule_id}'s paraphrase differs from the rulebook's")
    out += [f"{rule_id} has no anchor" for rule_id in book if rule_id not in seen]
    order = [rule_id for _, _, rule_id in rules if rule_id in book]
    if not out and order != [r.id for rules in book.sections().values() for r in rules]:
        out.append("the rules of a section are not in the rulebook's order")
    return out


def main(argv: list[str]) -> int:
    from gaia_lab.core import registry

    if argv[:1] == ["new"] and len(argv) == 2:
        game = registry.get_game(argv[1])
        path = RULES_DIR / f"{argv[1]}.md"
        if path.exists():
            print(f"{path} exists; edit it by hand")
            return 1
        path.write_text(skeleton(game.meta.title, game.rulebook), encoding="utf-8")
        print(f"wrote {path}")
        return 0
    if argv[:1] == ["check"]:
        bad = 0
        for name in argv[1:] or registry.names():
            path = RULES_DIR / f"{name}.md"
            text = path.read_text(encoding="utf-8") if path.exists() else ""
            found = problems(text, registry.get_game(name).rulebook)
            for problem in found:
                print(f"{path.name}: {problem}")
            bad += len(found)
        return 1 if bad else 0
    print(__doc__.split("\n\n")[2])
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
