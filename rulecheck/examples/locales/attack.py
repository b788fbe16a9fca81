"""Words for attacks, reactions, criticals and damage."""

from collections.abc import Mapping

LABELS: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "d20": "d20", "level": "niveau", "bonus": "bonus", "attack": "attaque", "posture": "posture",
        "damage": "dégâts", "flat": "fixe",
        "str": "FOR", "dex": "DEX", "con": "CON", "int": "INT", "wis": "SAG", "cha": "CHA",
        "def_phy": "Def PHY", "def_mag": "Def MAG", "fumble_threshold": "seuil d'échec critique",
        "def_phy.modified": "Def PHY modifiée", "def_mag.modified": "Def MAG modifiée",
        "extra_damage": "dégâts supplémentaires",
    },
    "en": {
        "d20": "d20", "level": "level", "bonus": "bonus", "attack": "attack", "posture": "posture",
        "damage": "damage", "flat": "flat",
        "str": "STR", "dex": "DEX", "con": "CON", "int": "INT", "wis": "WIS", "cha": "CHA",
        "def_phy": "Def PHY", "def_mag": "Def MAG", "fumble_threshold": "critical failure threshold",
        "def_phy.modified": "modified Def PHY", "def_mag.modified": "modified Def MAG",
        "extra_damage": "extra damage",
    },
}

EVENTS: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "attack.test": "Test d'attaque",
        "attack.given": "Total du test d'attaque",
        "attack.critical": "20 naturel : réussite critique",
        "attack.fumble": "1 naturel : échec critique, l'attaque échoue",
        "attack.fumble_threshold": "Échec critique (seuil relevé), l'attaque échoue",
        "attack.against_defence": "Attaque contre défense",
        "attack.against_defence.fumbled": "Attaque contre défense, après l'échec critique",
        "posture.simple": "Posture défensive simple",
        "posture.double": "Posture défensive double",
        "reaction.refused.magic": "Ni esquive ni parade contre une attaque magique",
        "reaction.refused.area": "Ni esquive ni parade contre une attaque de zone",
        "reaction.refused.opportunity": "Ni esquive ni parade contre une attaque d'opportunité",
        "reaction.refused.lost": ("Esquive ou parade impossible pendant ce tour de combat "
                                  "(échec critique au tour de combat précédent)"),
        "reaction.dodge": "Test d'esquive",
        "reaction.parry": "Test de parade",
        "reaction.dodge.instead_of_defence": ("La cible esquive : l'attaque se compare à son esquive, "
                                              "et non plus à sa défense ; celle-ci, calculée ci-dessous, ne "
                                              "mesure qu'un éventuel bonus de dégâts si l'esquive échoue"),
        "reaction.parry.instead_of_defence": ("La cible pare : l'attaque se compare à sa parade, "
                                              "et non plus à sa défense ; celle-ci, calculée ci-dessous, ne "
                                              "mesure qu'un éventuel bonus de dégâts si la parade échoue"),
        "reaction.dodge.instead_of_defence.idle": ("La cible esquive : l'attaque se compare à son esquive, et non "
                                                   "plus à sa défense ; celle-ci, calculée ci-dessous, ne change rien "
                                                   "ici : elle ne mesurerait que le bonus de dégâts d'un critique ou "
                                                   "de la règle du bonus progressif, et ce coup n'en a pas"),
        "reaction.parry.instead_of_defence.idle": ("La cible pare : l'attaque se compare à sa parade, et non "
                                                   "plus à sa défense ; celle-ci, calculée ci-dessous, ne change rien "
                                                   "ici : elle ne mesurerait que le bonus de dégâts d'un critique ou "
                                                   "de la règle du bonus progressif, et ce coup n'en a pas"),
        "reaction.dodge.against_critical": "Test d'esquive, sans effet contre une réussite critique",
        "reaction.parry.against_critical": "Test de parade, sans effet contre une réussite critique",
        "reaction.dodge.natural_20": "Test d'esquive, 20 naturel (réussite critique)",
        "reaction.parry.natural_20": "Test de parade, 20 naturel (réussite critique)",
        "reaction.dodge.natural_1": "Test d'esquive, 1 naturel (échec critique)",
        "reaction.parry.natural_1": "Test de parade, 1 naturel (échec critique)",
        "reaction.dodge.fumble_threshold": "Test d'esquive, échec critique (seuil relevé)",
        "reaction.parry.fumble_threshold": "Test de parade, échec critique (seuil relevé)",
        "reaction.counter_attack": "Contre-attaque possible (au contact)",
        "reaction.no_counter_attack_surprised": "Pas de contre-attaque : surprise au premier tour, la cible "
                                                "n'engage aucune action offensive",
        "reaction.no_counter_attack_out_of_contact": "Pas de contre-attaque : la cible n'est pas au contact "
                                                     "de l'attaquant",
        "reaction.lost_next_turn": "Ni esquive ni parade au tour de combat suivant",
        "damage.roll": "Dégâts",
        "damage.critical": "Dégâts critiques, dés au maximum",
        "damage.bonus": "Bonus de dégâts",
        "damage.bonus.failed_reaction": "Bonus de dégâts après une réaction ratée",
        "damage.bonus.failed_reaction.no_bonus": ("Bonus de dégâts après une réaction ratée\u00a0: aucun "
                                                  "(pas de réussite critique)"),
        "damage.total": "Dégâts subis",
        # A Soin test is a combat action: a raised critical failure threshold applies to it too.
        "dying.stabilise.fumble_threshold": "Test de Soin, échec critique (seuil relevé)",
        "damage.total.hit": "L'attaque touche, dégâts subis",
        "damage.total.miss.zero": "L'attaque rate : aucun dégât",
        "damage.total.parried.zero": "Attaque parée : aucun dégât",
        "damage.total.dodged.zero": "Attaque esquivée : aucun dégât",
    },
    "en": {
        "attack.test": "Attack roll",
        "attack.given": "Attack roll total",
        "attack.critical": "Natural 20: critical success",
        "attack.fumble": "Natural 1: critical failure, the attack fails",
        "attack.fumble_threshold": "Critical failure (raised threshold), the attack fails",
        "attack.against_defence": "Attack against defence",
        "attack.against_defence.fumbled": "Attack against defence, after the critical failure",
        "posture.simple": "Simple defensive posture",
        "posture.double": "Double defensive posture",
        "reaction.refused.magic": "No dodge or parry against a magical attack",
        "reaction.refused.area": "No dodge or parry against an area attack",
        "reaction.refused.opportunity": "No dodge or parry against an opportunity attack",
        "reaction.refused.lost": "Dodge or parry not allowed this round (critical failure in the previous round)",
        "reaction.dodge": "Dodge test",
        "reaction.parry": "Parry test",
        "reaction.dodge.instead_of_defence": ("The target dodges: the attack is compared to its dodge, "
                                              "no longer to its defence; the defence worked out below only "
                                              "measures a damage bonus should the dodge fail"),
        "reaction.parry.instead_of_defence": ("The target parries: the attack is compared to its parry, "
                                              "no longer to its defence; the defence worked out below only "
                                              "measures a damage bonus should the parry fail"),
        "reaction.dodge.instead_of_defence.idle": ("The target dodges: the attack is compared to its dodge, no "
                                                   "longer to its defence; the defence worked out below changes "
                                                   "nothing here: it would only measure the damage bonus of a "
                                                   "critical or of the progressive rule, and this blow has none"),
        "reaction.parry.instead_of_defence.idle": ("The target parries: the attack is compared to its parry, no "
                                                   "longer to its defence; the defence worked out below changes "
                                                   "nothing here: it would only measure the damage bonus of a "
                                                   "critical or of the progressive rule, and this blow has none"),
        "reaction.dodge.against_critical": "Dodge test, useless against a critical success",
        "reaction.parry.against_critical": "Parry test, useless against a critical success",
        "reaction.dodge.natural_20": "Dodge test, natural 20 (critical success)",
        "reaction.parry.natural_20": "Parry test, natural 20 (critical success)",
        "reaction.dodge.natural_1": "Dodge test, natural 1 (critical failure)",
        "reaction.parry.natural_1": "Parry test, natural 1 (critical failure)",
        "reaction.dodge.fumble_threshold": "Dodge test, critical failure (raised threshold)",
        "reaction.parry.fumble_threshold": "Parry test, critical failure (raised threshold)",
        "reaction.counter_attack": "Counter-attack allowed (in contact)",
        "reaction.no_counter_attack_surprised": "No counter-attack: surprised in the first round, the target "
                                                "starts no offensive action",
        "reaction.no_counter_attack_out_of_contact": "No counter-attack: the target is not in contact with "
                                                     "its attacker",
        "reaction.lost_next_turn": "No dodge or parry in the next round",
        "damage.roll": "Damage",
        "damage.critical": "Critical damage, dice at their maximum",
        "damage.bonus": "Damage bonus",
        "damage.bonus.failed_reaction": "Damage bonus after a failed reaction",
        "damage.bonus.failed_reaction.no_bonus": "Damage bonus after a failed reaction: none (no critical success)",
        "damage.total": "Damage taken",
        "dying.stabilise.fumble_threshold": "Healing test, critical failure (raised threshold)",
        "damage.total.hit": "The attack hits, damage taken",
        "damage.total.miss.zero": "The attack misses: no damage",
        "damage.total.parried.zero": "The attack is parried: no damage",
        "damage.total.dodged.zero": "The attack is dodged: no damage",
    },
}

VALUES: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "hit": "touché", "miss": "raté", "dodged": "esquivée", "parried": "parée",
        "fumbled_would_hit": "aurait touché, mais l'échec critique l'emporte : raté",
        "dodge_succeeds": "esquive réussie", "dodge_fails": "esquive ratée",
        "parry_succeeds": "parade réussie", "parry_fails": "parade ratée",
        "dodge_fumbled_would_succeed": "aurait réussi, mais l'échec critique l'emporte : esquive ratée",
        "parry_fumbled_would_succeed": "aurait réussi, mais l'échec critique l'emporte : parade ratée",
        "dodge_critical_would_fail": "aurait échoué, mais la réussite critique l'emporte : esquive réussie",
        "parry_critical_would_fail": "aurait échoué, mais la réussite critique l'emporte : parade réussie",
        "dodge_against_critical": "quel que soit son total, la réussite critique l'emporte : esquive ratée",
        "parry_against_critical": "quel que soit son total, la réussite critique l'emporte : parade ratée",
        "bonus": "bonus", "no_bonus": "aucun bonus", "critical_failure": "échec critique",
        "refused": "pas de réaction, l'attaque se mesure à la défense",
        "none": "aucune", "dodge": "esquive", "parry": "parade",
        "melee": "au contact", "ranged": "à distance", "magic": "magique",
        "field.outcome": "Résultat", "field.damage": "Dégâts",
        "field.damage.extra": "Dégâts ajoutés à l'arme",
    },
    "en": {
        "hit": "hit", "miss": "miss", "dodged": "dodged", "parried": "parried",
        "fumbled_would_hit": "would have hit, but the critical failure prevails: miss",
        "dodge_succeeds": "dodge succeeds", "dodge_fails": "dodge fails",
        "parry_succeeds": "parry succeeds", "parry_fails": "parry fails",
        "dodge_fumbled_would_succeed": "would have succeeded, but the critical failure prevails: dodge fails",
        "parry_fumbled_would_succeed": "would have succeeded, but the critical failure prevails: parry fails",
        "dodge_critical_would_fail": "would have failed, but the critical success prevails: dodge succeeds",
        "parry_critical_would_fail": "would have failed, but the critical success prevails: parry succeeds",
        "dodge_against_critical": "whatever its total, the critical success prevails: dodge fails",
        "parry_against_critical": "whatever its total, the critical success prevails: parry fails",
        "bonus": "bonus", "no_bonus": "no bonus", "critical_failure": "critical failure",
        "refused": "no reaction, the attack is compared with the defence",
        "none": "none", "dodge": "dodge", "parry": "parry",
        "melee": "melee", "ranged": "ranged", "magic": "magical",
        "field.outcome": "Outcome", "field.damage": "Damage",
        "field.damage.extra": "Added to the weapon's damage",
    },
}
