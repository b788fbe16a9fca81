"""Words of the cast page: its statistics' column heads and its list of appearances."""

from collections.abc import Mapping

VALUES: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "cast.level": "Niveau", "cast.str": "FOR", "cast.dex": "DEX", "cast.con": "CON",
        "cast.int": "INT", "cast.wis": "SAG", "cast.cha": "CHA", "cast.def_phy": "Def PHY",
        "cast.def_mag": "Def MAG", "cast.hp_max": "PV max", "cast.mp_max": "PM max",
        "cast.hit_dice": "Dés de vie", "cast.rank": "Rang",
        "cast.appears_in": "Apparaît dans",
        "cast.title": "Les personnages de l'exemple", "cast.nowhere": "aucun exemple pour l'instant",
    },
    "en": {
        "cast.level": "Level", "cast.str": "STR", "cast.dex": "DEX", "cast.con": "CON",
        "cast.int": "INT", "cast.wis": "WIS", "cast.cha": "CHA", "cast.def_phy": "Def PHY",
        "cast.def_mag": "Def MAG", "cast.hp_max": "Max HP", "cast.mp_max": "Max MP",
        "cast.hit_dice": "Hit dice", "cast.rank": "Rank",
        "cast.appears_in": "Appears in",
        "cast.title": "The example's characters", "cast.nowhere": "no example yet",
    },
}
