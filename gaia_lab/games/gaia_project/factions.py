"""Faction hooks: the small differences each faction makes to the generic rules.

The generic rules ask :func:`hooks` for a faction's :class:`Hooks` and never test a
faction's name themselves.  The four factions of the recorded game ``deep-mind-2`` are
covered (and replay exactly); the simpler board differences of eight more are in, while
their special actions (Ambas, Bescods, Firaks, Ivits, Bal T'aks' gaiaformer trade), the
Ivits' federation and space stations, the Lantids' shared mines, the Taklons' brainstone
and the Itars' tech trade are not yet.

>>> hooks("terrans").gaia_return_bowl, hooks("xenos").setup_mines
(1, 3)
>>> hooks("hadsch-hallas").pi_conversions[0]
('c', 4, 'q', 1)
>>> hooks("firaks") == Hooks()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from gaia_lab.games.gaia_project.components import Resources

__all__ = ["COVERED", "Hooks", "hooks"]

Conversion = tuple[str, int, str, int]
"""``(pay code, amount, get code, amount)`` in the log's reward codes."""


@dataclass(frozen=True, slots=True)
class Hooks:
    """Where a faction departs from the generic board."""

    rule: str = ""
    """The rule id of the faction's ability."""
    pi_rule: str = ""
    """The rule id of its planetary institute."""
    setup_mines: int = 2
    """Mines placed during setup."""
    setup_building: str = "m"
    """What the faction places during setup (the Ivits: their institute, last)."""
    gaia_return_bowl: int = 0
    """The bowl (0 = I, 1 = II) tokens return to from the Gaia area."""
    gaia_conversions_with_pi: tuple[Conversion, ...] = ()
    """Conversions of returning Gaia-area tokens (``tg``) with the institute."""
    pi_income: Resources | None = None
    """The institute's income when it differs from the board's."""
    pi_conversions: tuple[Conversion, ...] = ()
    """Extra free actions with the institute."""
    conversions: tuple[Conversion, ...] = ()
    """Extra free actions from the start."""
    lab_income: Resources | None = None
    """Each research lab's income when it differs from the board's."""
    power_per_token_with_pi: int = 1
    """Power one bowl-III token is worth when spent, with the institute."""
    ac1_income: Resources | None = None
    """The left academy's income when it differs from the board's."""
    ac2_action: Resources = Resources(qic=1)
    """What the right academy's action gives."""
    burn_to_gaia: bool = False
    """Tokens removed by burning go to the Gaia area."""
    gaia_planet_cost: Resources = Resources(qic=1)
    """The extra cost of a mine on a Gaia planet."""
    qic_as_ore_before_ac2: bool = False
    """Q.I.C. gained during play is ore until the right academy is built."""
    pi_new_type_gain: Resources = Resources()
    """Gained with the institute for a mine on a planet type not colonised before."""
    pi_token: str = ""
    """A federation token taken when the institute is built."""
    navigation_needs_pi: bool = False
    """Navigation cannot be advanced before the institute is built."""


_TG = (("tg", 4, "q", 1), ("tg", 3, "o", 1), ("tg", 4, "k", 1), ("tg", 1, "c", 1))

_HOOKS: dict[str, Hooks] = {
    "terrans": Hooks("gp.faction.terrans", "gp.faction.terrans.pi", gaia_return_bowl=1,
                     gaia_conversions_with_pi=_TG),
    "xenos": Hooks("gp.faction.xenos", "gp.faction.xenos.pi", setup_mines=3,
                   pi_income=Resources(qic=1, charge_power=4)),
    "hadsch-hallas": Hooks("gp.faction.hadsch_hallas", "gp.faction.hadsch_hallas.pi",
                           pi_conversions=(("c", 4, "q", 1), ("c", 3, "o", 1),
                                           ("c", 4, "k", 1))),
    "lantids": Hooks("gp.faction.lantids", "gp.faction.lantids.pi",
                     pi_income=Resources(charge_power=4)),
    "gleens": Hooks("gp.faction.gleens", "gp.faction.gleens.pi",
                    pi_income=Resources(ore=1, charge_power=4),
                    gaia_planet_cost=Resources(ore=1), qic_as_ore_before_ac2=True,
                    pi_token="gleens"),
    "ambas": Hooks("gp.faction.ambas", "gp.faction.ambas.pi",
                   pi_income=Resources(power_tokens=2, charge_power=4)),
    "bescods": Hooks("gp.faction.bescods", "gp.faction.bescods.pi",
                     pi_income=Resources(power_tokens=2, charge_power=4)),
    "geodens": Hooks("gp.faction.geodens", "gp.faction.geodens.pi",
                     pi_new_type_gain=Resources(knowledge=3)),
    "baltaks": Hooks("gp.faction.baltaks", "gp.faction.baltaks.pi",
                     ac2_action=Resources(credits=4), navigation_needs_pi=True),
    "ivits": Hooks("gp.faction.ivits", "gp.faction.ivits.pi", setup_mines=1,
                   setup_building="PI"),
    "itars": Hooks("gp.faction.itars", "gp.faction.itars.pi",
                   ac1_income=Resources(knowledge=3), burn_to_gaia=True),
    "nevlas": Hooks("gp.faction.nevlas", "gp.faction.nevlas.pi",
                    conversions=(("t-a3", 1, "k", 1),), power_per_token_with_pi=2,
                    lab_income=Resources(charge_power=2)),
}

COVERED: tuple[str, ...] = tuple(sorted(_HOOKS))
"""Factions whose differences are implemented."""


def hooks(faction: str) -> Hooks:
    """The hooks of a faction (the generic board for a faction not covered yet)."""
    return _HOOKS.get(faction, Hooks())
