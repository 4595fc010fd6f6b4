"""What the GAIA (Tiki Editions) notebooks print: the components as tables, the legal
actions by verb, and why a City has the needs it has.

Every reading comes from the engine (:meth:`Rules.needs_met` says which squares meet each
need); these functions only put it into words.

>>> from gaia_lab.games.gaia_tiki.examples import RISING
>>> print(city_needs(RISING.run().state, "F6"))
Borea on F6: 4 of 4 needs met
    plain: met by G6
    forest: met by F5
    fish: met by E6
    mountain: met by F7
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from gaia_lab.core.errors import GaiaLabError
from gaia_lab.games.gaia_tiki.components import STAR, Components
from gaia_lab.games.gaia_tiki.rules import NeedMet
from gaia_lab.games.gaia_tiki.state import GTState

if TYPE_CHECKING:  # pragma: no cover
    from gaia_lab.core.session import Session
    from gaia_lab.games.gaia_tiki.game import GaiaTiki

__all__ = ["animal_cards_table", "cities_table", "city_needs", "hand", "legal_by_verb",
           "need_text", "objectives_table", "powers_table", "terrains_table"]


def _game(game: GaiaTiki | None) -> GaiaTiki:
    if game is not None:
        return game
    from gaia_lab.games.gaia_tiki import GAME

    return GAME


def need_text(need: NeedMet) -> str:
    """One need in words, with the squares that meet it.

    >>> need_text(NeedMet("forest", ("F5", "E6"))), need_text(NeedMet("fish", ()))
    ('forest: met by F5, E6', 'fish: not met')
    """
    return f"{need.need}: met by {', '.join(need.by)}" if need.by else f"{need.need}: not met"


def city_needs(state: GTState, cell: str, game: GaiaTiki | None = None) -> str:
    """The City on ``cell``: how many of its needs are met, and by which squares each.

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> city_needs(GAME.scenario({}), "F6")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: city_needs: no City on F6
    """
    g = _game(game)
    city = state.city_at(cell)
    if city is None:
        raise GaiaLabError(f"city_needs: no City on {cell}")
    needs = g.rules.needs_met(state, city.card, cell)
    met = sum(1 for need in needs if need)
    lines = [f"{g.components.city(city.card).name} on {cell}: {met} of 4 needs met"]
    lines += [f"    {need_text(need)}" for need in needs]
    return "\n".join(lines)


def legal_by_verb(session: Session) -> str:
    """The legal actions of a session, one line per verb.

    >>> import gaia_lab
    >>> print(legal_by_verb(gaia_lab.Session("gaia_tiki", players=2, seed=1)).splitlines()[-1])
    pass  pass
    """
    groups: dict[str, list[str]] = {}
    for action in session.legal_actions():
        groups.setdefault(action.verb, []).append(str(action))
    return "\n".join(f"{verb:5} {', '.join(actions)}" for verb, actions in groups.items())


def terrains_table(components: Components) -> str:
    """The six terrains: land tiles, Nature cards and chips, with the totals.

    >>> from gaia_lab.games.gaia_tiki.components import load_components
    >>> print(terrains_table(load_components()).splitlines()[-1])
    total         48           40    30
    """
    rows = [f"{'terrain':10} {'tiles':>5} {'Nature cards':>12} {'chips':>5}"]
    rows += [f"{t.name:10} {t.tiles:5} {t.nature_cards:12} {t.chips:5}"
             for t in components.terrains]
    rows.append(f"{'total':10} {sum(components.tiles_total()):5} "
                f"{len(components.deck('nature')):12} {sum(components.chips_total()):5}")
    return "\n".join(rows)


def cities_table(components: Components, only: Iterable[str] | None = None) -> str:
    """Every City card (or the ones ``only`` names, in that order): its terrain (a star:
    any terrain but sea) and its four needs.

    >>> from gaia_lab.games.gaia_tiki.components import load_components
    >>> print(cities_table(load_components()).splitlines()[1])
    Borea    on plain        needs plain, forest, fish, mountain
    >>> print(cities_table(load_components(), only=["sole"]))
    Sole     on any but sea  needs plain, forest, sea, goat
    """
    cities = (components.cities if only is None
              else tuple(components.city(card) for card in only))
    return "\n".join(
        f"{city.name:8} on {'any but sea' if city.terrain == STAR else city.terrain:12} "
        f"needs {', '.join(city.needs)}" for city in cities)


def animal_cards_table(components: Components) -> str:
    """Every Animal card: its copies, its tokens and the terrains it may go on.

    >>> from gaia_lab.games.gaia_tiki.components import load_components
    >>> print(animal_cards_table(load_components()).splitlines()[0])
    Herd        2 cards: 3 goat tokens on a plain tile
    """
    return "\n".join(
        f"{a.name:11} {a.copies} card{'s' * (a.copies != 1)}: {a.tokens} {a.animal} tokens on "
        f"a {' or '.join(a.terrains)} tile" for a in components.animals)


def objectives_table(components: Components) -> str:
    """Every Objective and what it asks for.

    >>> from gaia_lab.games.gaia_tiki.components import load_components
    >>> print(objectives_table(load_components()).splitlines()[-1])
    Power Objective  4 Power cards played
    """
    return "\n".join(f"{o.name:16} {o.describe()}" for o in components.objectives)


def powers_table(components: Components) -> str:
    """Every Power: its copies, whether it is a disaster, and its effect.

    >>> from gaia_lab.games.gaia_tiki.components import load_components
    >>> print(powers_table(load_components()).splitlines()[4])
    Volcano     2 cards disaster  destroy a City; its tile becomes mountain
    """
    return "\n".join(
        f"{p.name:11} {p.copies} card{'s' * (p.copies != 1)}{' ' * (p.copies == 1)} "
        f"{'disaster' if p.disaster else '        '}  {p.describe()}"
        for p in components.powers)


def hand(state: GTState, seat: int, game: GaiaTiki | None = None) -> list[Any]:
    """The cards of a seat's hand by the names the notation gives them.

    >>> from gaia_lab.games.gaia_tiki import GAME
    >>> hand(GAME.scenario({"seats": [{"hand": ["borea", "plain"]}]}), 0)
    ['borea', 'plain']
    """
    components = _game(game).components
    return [components.face(card) for card in state.seat(seat).hand]
