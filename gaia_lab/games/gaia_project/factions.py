"""Faction hooks: the small differences each faction makes to the generic rules.

The generic rules ask :func:`hooks` for a faction's :class:`Hooks` and never test a
faction's name themselves.  The four factions of the recorded game ``deep-mind-2`` are
covered (and replay exactly), and so are the abilities of the ten others from the
faction data (shared mines, special actions, the Ivits' growing federation, the Bal
T'aks' gaiaformer trade, the Bescods' board, the Itars' tech trade, the Taklons'
brainstone); where the data leaves a detail open the reference implementation's
convention is followed and said so beside the rule.

>>> hooks("terrans").gaia_return_bowl, hooks("xenos").setup_mines
(1, 3)
>>> hooks("hadsch-hallas").pi_conversions[0]
('c', 4, 'q', 1)
>>> hooks("firaks").special, hooks("taklons").brainstone, hooks("darloks") == Hooks()
('down-lab', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

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
    gaiaformer_for_qic: bool = False
    """Free action ``spend 1gf for 1q``: an unused gaiaformer goes to the Gaia area (it
    comes back in the next Gaia phase)."""
    special: str = ""
    """The faction's own special action, once a round, by its log name (``down-lab``,
    ``swap-PI``, ``up-lowest``)."""
    special_needs_pi: bool = True
    """The special action comes with the institute."""
    special_rule: str = ""
    """The rule id of the special action."""
    upgrades_from: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Upgrade paths that differ from the board's: ``(new building, what it replaces)``."""
    ts_income: Resources | None = None
    """Each trading station's income when it differs from the board's."""
    lab_income_by_built: tuple[Resources, ...] = ()
    """The labs' income by number built, when it differs from the board's."""
    shared_mines: bool = False
    """May build a mine on a planet another player occupies (no terraforming, no Gaia
    cost); such a mine cannot be upgraded and counts for neither planet types nor Gaia
    planets."""
    pi_shared_mine_gain: Resources = Resources()
    """Gained with the institute for each mine built on an occupied planet."""
    pi_tokens_for_tech: int = 0
    """With the institute, in the Gaia phase: Gaia-area tokens discarded for a tech tile
    (as often as they last)."""
    gaia_mine_vp: int = 0
    """VP for each mine built on a Gaia planet (Gleens, an engine ruling)."""
    one_federation: bool = False
    """All federations are one that grows (7 power value per federation formed), its
    satellites paid with Q.I.C."""
    brainstone: bool = False
    """Owns the brainstone: a token worth 3 power when spent, starting in bowl I."""
    pi_token_with_charge: bool = False
    """With the institute, each accepted charge from another player's building also
    gives 1 power token, before or after the charge."""
    pi_planet_bonus: tuple[str, int] = ("", 0)
    """With the institute: the power value added to structures on this planet type."""


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
                     pi_income=Resources(charge_power=4), shared_mines=True,
                     pi_shared_mine_gain=Resources(knowledge=2)),
    "gleens": Hooks("gp.faction.gleens", "gp.faction.gleens.pi",
                    pi_income=Resources(ore=1, charge_power=4),
                    gaia_planet_cost=Resources(ore=1), qic_as_ore_before_ac2=True,
                    pi_token="gleens", gaia_mine_vp=2),
    "ambas": Hooks("gp.faction.ambas", "gp.faction.ambas.pi",
                   pi_income=Resources(power_tokens=2, charge_power=4), special="swap-PI",
                   special_rule="gp.faction.ambas.pi"),
    "bescods": Hooks("gp.faction.bescods", "gp.faction.bescods.pi",
                     pi_income=Resources(power_tokens=2, charge_power=4),
                     special="up-lowest", special_needs_pi=False,
                     special_rule="gp.faction.bescods.special",
                     pi_planet_bonus=("titanium", 1),
                     upgrades_from=(("PI", ("lab",)), ("ac1", ("ts",)), ("ac2", ("ts",))),
                     ts_income=Resources(knowledge=1),
                     lab_income_by_built=(Resources(credits=3), Resources(credits=4),
                                          Resources(credits=5))),
    "geodens": Hooks("gp.faction.geodens", "gp.faction.geodens.pi",
                     pi_new_type_gain=Resources(knowledge=3)),
    "baltaks": Hooks("gp.faction.baltaks", "gp.faction.baltaks.pi",
                     ac2_action=Resources(credits=4), navigation_needs_pi=True,
                     gaiaformer_for_qic=True),
    "firaks": Hooks("gp.faction.firaks", "gp.faction.firaks.pi", special="down-lab",
                    special_rule="gp.faction.firaks.pi"),
    "ivits": Hooks("gp.faction.ivits", "gp.faction.ivits.pi", setup_mines=1,
                   setup_building="PI", special="space-station",
                   special_rule="gp.faction.ivits.pi", one_federation=True),
    "itars": Hooks("gp.faction.itars", "gp.faction.itars.pi",
                   ac1_income=Resources(knowledge=3), burn_to_gaia=True,
                   pi_tokens_for_tech=4),
    "taklons": Hooks("gp.faction.taklons", "gp.faction.taklons.pi", brainstone=True,
                     pi_token_with_charge=True),
    "nevlas": Hooks("gp.faction.nevlas", "gp.faction.nevlas.pi",
                    conversions=(("t-a3", 1, "k", 1),), power_per_token_with_pi=2,
                    lab_income=Resources(charge_power=2)),
}

COVERED: tuple[str, ...] = tuple(sorted(_HOOKS))
"""Factions whose differences are implemented."""


_GENERIC: Final = Hooks()


def hooks(faction: str) -> Hooks:
    """The hooks of a faction (the generic board for a faction not covered yet)."""
    return _HOOKS.get(faction, _GENERIC)
