"""Words for turns, movement, opportunity attacks, surprise and capability cards."""

from collections.abc import Mapping
from itertools import combinations

_LETTERS = ("M", "A", "G")
#: Every set of actions, in the order M, A, G: "M", "M+A", …, "M+A+G".
_SETS = ["+".join(c) for n in (1, 2, 3) for c in combinations(_LETTERS, n)]


def _shown(key: str) -> str:
    return key.replace("+", " + ")


#: Each action as a player names it, so that a trace needs no key to its letters.
_ACTIONS = {"fr": {"M": "l'action de mouvement", "A": "l'action d'attaque", "G": "l'action gratuite"},
            "en": {"M": "movement", "A": "attack", "G": "free"}}


def _named(key: str, language: str) -> str:
    """``M+A`` as « l'action de mouvement et l'action d'attaque (M + A) » / "the movement and attack
    actions (M + A)"."""
    names = [_ACTIONS[language][letter] for letter in key.split("+")]
    listed = names[-1] if len(names) == 1 else (
        ", ".join(names[:-1]) + {"fr": " et ", "en": " and "}[language] + names[-1])
    if language == "fr":
        return f"{listed} ({_shown(key)})"
    return f"the {listed} action{'' if len(names) == 1 else 's'} ({_shown(key)})"


#: The rulebook's capabilities keep their French names, as printed on their cards; an English reader
#: gets the meaning beside it, the gloss the English pages give at a name's first mention.
_CAPABILITY_GLOSSES = {"Attaque Éclair": "Lightning Strike", "Châtiment de l'Hérétique": "Heretic's Punishment",
                       "Provocation": "Taunt", "Téléportation": "Teleport"}


LABELS: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "metres": "mètres", "mp": "PM", "capability": "capacité",
        "enemies_in_contact": "ennemis au contact", "no_line_of_sight": "sans ligne de vue",
        "behind": "qui l'ont dans leur dos", "surprised": "surpris",
    },
    "en": {
        "metres": "metres", "mp": "MP", "capability": "capability",
        "enemies_in_contact": "enemies in contact", "no_line_of_sight": "no line of sight",
        "behind": "with the creature behind them", "surprised": "surprised",
    },
}

EVENTS: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "turn.move": "Déplacement",
        "turn.metres_per_action": "Distance d'une action de mouvement, changée par une capacité",
        "turn.move.second": "Déplacement, avec une 2ᵉ action de mouvement prise sur A",
        "turn.attack": "Attaque",
        "turn.capability": "Capacité",
        "turn.capability.second": "Capacité, sur une 2ᵉ action de mouvement prise sur A",
        "turn.capability.by": "Capacité {actor}",
        "turn.capability.second.by": "Capacité {actor}, sur une 2ᵉ action de mouvement prise sur A",
        "turn.free.potion": "Boire une potion",
        "turn.free.talk": "Parler",
        "turn.free.other": "Action gratuite",
        "turn.disengage": "Se désengager",
        "turn.posture.simple": ("Posture défensive simple, bonus aux deux défenses jusqu'au prochain tour "
                                "de la créature"),
        "turn.posture.double": ("Posture défensive double, bonus aux deux défenses jusqu'au prochain tour "
                                "de la créature"),
        "turn.leaves_contact": "Quitte le contact, attaques d'opportunité",
        "turn.leaves_contact.disengaged": "Quitte le contact après s'être désengagé",
        "turn.leaves_contact.disengaged.no_opportunity.zero":
            "Quitte le contact après s'être désengagé : aucune attaque d'opportunité",
        "turn.surprised": "Surpris au premier tour de combat",
        "turn.surprise_over": "Surprise terminée, tour de combat",
        "turn.mp": "Points de magie",
        "turn.mp_cost": "Coût en PM",
        "turn.left": "Fin du tour",
        "capability.cost": "Coût",
        "capability.attack.phy": "Attaque physique, contre la Def PHY, test avec",
        "capability.attack.mag": "Attaque magique, contre la Def MAG, test avec",
        "capability.support": "Soutien, sans test d'attaque",
        "capability.range": "Portée",
        "capability.mp_cost": "Coût en PM",
        "capability.damage": "Dégâts de la capacité",
        "capability.damage.critical": "Dégâts de la capacité, dés au maximum",
        "capability.extra_damage": "Dégâts supplémentaires",
        "capability.extra_damage.critical": "Dégâts supplémentaires, dés au maximum",
        "capability.doubled.demonic": "Cible démoniaque, dégâts doublés",
        "capability.doubled.non_living": "Cible non vivante, dégâts doublés",
        "capability.total": "Dégâts infligés",
        "capability.total.extra": "Dégâts ajoutés à ceux de l'arme",
    },
    "en": {
        "turn.move": "Move",
        "turn.metres_per_action": "Distance of one movement action, changed by a capability",
        "turn.move.second": "Move, with a second movement action taken from A",
        "turn.attack": "Attack",
        "turn.capability": "Capability",
        "turn.capability.second": "Capability, on a second movement action taken from A",
        "turn.capability.by": "Capability {actor}",
        "turn.capability.second.by": "Capability {actor}, on a second movement action taken from A",
        "turn.free.potion": "Drink a potion",
        "turn.free.talk": "Talk",
        "turn.free.other": "Free action",
        "turn.disengage": "Disengage",
        "turn.posture.simple": "Simple defensive posture, bonus to both defences until the creature's next turn",
        "turn.posture.double": "Double defensive posture, bonus to both defences until the creature's next turn",
        "turn.leaves_contact": "Leaves melee contact, opportunity attacks",
        "turn.leaves_contact.disengaged": "Leaves melee contact after disengaging",
        "turn.leaves_contact.disengaged.no_opportunity.zero":
            "Leaves melee contact after disengaging: no opportunity attack",
        "turn.surprised": "Surprised in the first round",
        "turn.surprise_over": "Surprise over, round number",
        "turn.mp": "Magic points",
        "turn.mp_cost": "MP cost",
        "turn.left": "End of turn",
        "capability.cost": "Cost",
        "capability.attack.phy": "Physical attack, against Def PHY, test with",
        "capability.attack.mag": "Magical attack, against Def MAG, test with",
        "capability.support": "Support, no attack roll",
        "capability.range": "Range",
        "capability.mp_cost": "MP cost",
        "capability.damage": "Capability damage",
        "capability.damage.critical": "Capability damage, dice at their maximum",
        "capability.extra_damage": "Extra damage",
        "capability.extra_damage.critical": "Extra damage, dice at their maximum",
        "capability.doubled.demonic": "Demonic target, damage doubled",
        "capability.doubled.non_living": "Non-living target, damage doubled",
        "capability.total": "Damage dealt",
        "capability.total.extra": "Added damage (on top of the weapon's)",
    },
}

VALUES: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "uses.none": "rien de plus, l'action de mouvement en cours suffit",
        **{f"uses.{s}": f"utilise {_named(s, 'fr')}" for s in _SETS},
        "left.none": "plus aucune action",
        **{f"left.{s}": f"{'reste' if '+' not in s else 'restent'} {_named(s, 'fr')}" for s in _SETS},
        "cost.M": "M (mouvement)", "cost.A": "A (attaque)", "cost.MA": "MA (mouvement et attaque)",
        "cost.G": "G (action gratuite)",
        "ability.str": "FOR", "ability.dex": "DEX", "ability.con": "CON", "ability.int": "INT",
        "ability.wis": "SAG", "ability.cha": "CHA",
        "damage_type.holy": "dégâts sacrés",
        "provokes": "provoque", "no_opportunity": "aucune attaque d'opportunité",
        "spared_by_cover": "à portée, mais l'abri empêche l'attaque d'opportunité",
        "spared_by_single_step": "à portée, mais un seul pas d'une case : pas d'attaque d'opportunité",
        "cannot_act": "aucune action, même gratuite",
        "phy": "PHY", "mag": "MAG", "holy": "sacrés",
        "living": "vivante", "demonic": "démoniaque", "non_living": "non vivante",
        "card.support": "Soutien", "card.range": "portée", "card.type.short": "type",
        "card.type": "Type de carte : le code que les règles donnent à la carte (C ou PC, pas « personnage joueur »), "
                     "qui, à notre lecture, ne change rien à sa résolution",
        "badge.used": "utilisée", "badge.left": "disponible", "badge.lost": "perdue",
        "field.used": "Actions utilisées", "field.left": "Actions restantes",
        "field.posture_bonus": "Bonus de posture défensive aux deux défenses jusqu'au prochain tour de la créature",
        "field.opportunity_attacks": "Attaques d'opportunité", "field.movement_actions": "Actions de mouvement",
        "field.uses": "Utilise", "field.cost": "Coût", "field.damage_dice": "Dés de dégâts",
        "refusal.action_used": "l'étape {step} demande {action}, déjà utilisée à l'étape {by}",
        "refusal.action_used.walk": "l'étape {step} porte le déplacement du tour à {metres}\u00a0m, plus que les "
                                    "{per_action}\u00a0m d'une action de mouvement\u202f: il lui faut une "
                                    "deuxième action de mouvement, prise sur {action}, déjà utilisée à l'étape {by}",
        "plan.move": "Se déplacer de {metres}\u00a0m", "plan.move.leaves_contact": "Se déplacer de {metres}\u00a0m en "
        "quittant le contact", "plan.attack": "Attaquer", "plan.capability": "Utiliser {name}",
        "plan.capability.cost": "Utiliser une capacité de coût {cost}", "plan.free.potion": "Boire une potion",
        "plan.free.talk": "Parler", "plan.free.other": "Une action gratuite", "plan.disengage": "Se désengager",
        "plan.posture": "Posture défensive, en renonçant à {actions}", "plan.refused": "refusé ici",
        "plan.title": "Le plan du tour", "plan.and": " et à ",
        "action.M": "l'action de mouvement (M)", "action.A": "l'action d'attaque (A)",
        "action.G": "l'action gratuite (G)",
        "refusal.third_movement_action": "l'étape {step} demanderait une troisième action de mouvement\u202f; "
                                         "un tour n'en compte que deux (une lecture\u202f: la seconde prend "
                                         "l'action d'attaque), soit {limit}\u00a0m",
        "refusal.movement_limit": "{metres} m dans le tour demanderaient trois actions de mouvement\u202f; "
                                  "un tour n'en compte que deux (une lecture\u202f: la seconde prend l'action "
                                  "d'attaque), soit {limit}\u00a0m au plus",
        "refusal.not_enough_mp": "la capacité coûte {cost} PM, il n'en reste que {mp}",
        "refusal.surprised_round_one": "une créature surprise n'agit pas au premier tour de combat, pas même "
                                       "par une action gratuite\u202f; elle peut seulement esquiver ou parer",
        "refusal.disengage_without_contact": ("se désengager suppose qu'un ennemi tienne la créature au corps à corps "
                                              "(à son contact, ou dans l'allonge de cet ennemi)"),
        "refusal.no_extra_damage": "{capability} n'ajoute pas de dés aux dégâts d'une arme",
        "refusal.not_in_contact": "ce déplacement quitte le contact, mais la créature n'est au contact d'aucun "
                                  "ennemi",
        "refusal.capability_cost": "les règles donnent à {capability} le coût {rules}, cette carte indique "
                                   "{card}",
        "refusal.capability_type": "les règles font de {capability} une carte {rules}, cette carte indique {card}",
        "refusal.capability_attack": "les règles donnent à {capability} l'attaque {rules}, cette carte indique {card}",
        "refusal.capability_range": "les règles donnent à {capability} une portée de {rules}, cette carte indique "
                                    "{card}",
        "refusal.posture_not_first": "la posture défensive se choisit au début du tour, avant le mouvement "
                                     "et l'attaque\u202f; ici, elle ne vient qu'à l'étape {step}",
        "refusal.posture_only_m": "une posture défensive sacrifie d'abord l'action d'attaque (A)\u202f; renoncer "
                                  "au seul mouvement (M) n'est pas permis",
        **{f"capability.{name}": name for name in _CAPABILITY_GLOSSES},
    },
    "en": {
        "uses.none": "nothing more, the open movement action covers it",
        **{f"uses.{s}": f"uses {_named(s, 'en')}" for s in _SETS},
        "left.none": "no action left",
        **{f"left.{s}": f"{_named(s, 'en').removeprefix('the ')} left" for s in _SETS},
        "cost.M": "M (movement)", "cost.A": "A (attack)", "cost.MA": "MA (movement and attack)",
        "cost.G": "G (free action)",
        "ability.str": "STR", "ability.dex": "DEX", "ability.con": "CON", "ability.int": "INT",
        "ability.wis": "WIS", "ability.cha": "CHA",
        "damage_type.holy": "holy damage",
        "provokes": "provokes", "no_opportunity": "no opportunity attack",
        "spared_by_cover": "in reach, but cover prevents the opportunity attack",
        "spared_by_single_step": "in reach, but a single one-square step: no opportunity attack",
        "cannot_act": "no action, not even a free one",
        "phy": "PHY", "mag": "MAG", "holy": "holy",
        "living": "living", "demonic": "demonic", "non_living": "non-living",
        "card.support": "Support", "card.range": "range", "card.type.short": "type",
        "card.type": "Card type: the code the rules give the card (C or PC, not \"player character\"), which, "
                     "as we read the rules, changes nothing in how it resolves",
        "badge.used": "used", "badge.left": "left", "badge.lost": "lost",
        "field.used": "Actions used", "field.left": "Actions left",
        "field.posture_bonus": "Defensive posture bonus to both defences until the creature's next turn",
        "field.opportunity_attacks": "Opportunity attacks", "field.movement_actions": "Movement actions",
        "field.uses": "Uses", "field.cost": "Cost", "field.damage_dice": "Damage dice",
        "refusal.action_used": "step {step} needs {action}, already used at step {by}",
        "refusal.action_used.walk": "step {step} brings the turn's movement to {metres}\u00a0m, more than the "
                                    "{per_action}\u00a0m of one movement action: it needs a second movement "
                                    "action, taken from {action}, already used at step {by}",
        "plan.move": "Move {metres}\u00a0m", "plan.move.leaves_contact": "Move {metres}\u00a0m, leaving melee contact",
        "plan.attack": "Attack", "plan.capability": "Use {name}",
        "plan.capability.cost": "Use a capability costing {cost}", "plan.free.potion": "Drink a potion",
        "plan.free.talk": "Talk", "plan.free.other": "A free action", "plan.disengage": "Disengage",
        "plan.posture": "Defensive posture, giving up {actions}", "plan.refused": "refused here",
        "plan.title": "The turn's plan", "plan.and": " and ",
        "action.M": "the movement action (M)", "action.A": "the attack action (A)",
        "action.G": "the free action (G)",
        "refusal.third_movement_action": "step {step} would need a third movement action; a turn has only "
                                         "two (a reading: the second takes the attack action), {limit}\u00a0m",
        "refusal.movement_limit": "{metres} m in one turn would need three movement actions; a turn has "
                                  "only two (a reading: the second takes the attack action), {limit}\u00a0m "
                                  "at most",
        "refusal.not_enough_mp": "the capability costs {cost} MP, and only {mp} are left",
        "refusal.surprised_round_one": "a surprised creature does not act in the first round, not even with "
                                       "a free action; it can only dodge or parry",
        "refusal.disengage_without_contact": ("disengaging needs an enemy holding the creature in melee (in contact, "
                                              "or within that enemy's reach)"),
        "refusal.no_extra_damage": "{capability} adds no dice to a weapon's damage",
        "refusal.not_in_contact": "this move leaves melee contact, but the creature is in contact with no enemy",
        "refusal.capability_cost": "the rules give {capability} the cost {rules}; this card says {card}",
        "refusal.capability_type": "the rules make {capability} a {rules} card; this card says {card}",
        "refusal.capability_attack": "the rules give {capability} the attack {rules}; this card says {card}",
        "refusal.capability_range": "the rules give {capability} a range of {rules}; this card says {card}",
        "refusal.posture_not_first": "a defensive posture is chosen at the start of the turn, before the "
                                     "movement and the attack; here it only comes at step {step}",
        "refusal.posture_only_m": "a defensive posture gives up the attack action (A) first; giving up only "
                                  "the movement action (M) is not allowed",
        **{f"capability.{name}": f"{name} ({gloss})" for name, gloss in _CAPABILITY_GLOSSES.items()},
    },
}
