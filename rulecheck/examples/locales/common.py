"""Words every card and value uses, whatever the rule."""

from collections.abc import Mapping

VALUES: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "true": "oui", "false": "non", "checked": "vérifié", "checked_refusal": "refusé (vérifié)",
        # What a player asks of the badge ("checked against what?"), answered on hovering it.
        "checked.tip": "Ces nombres sont recalculés par le moteur de règles du site à chaque publication",
        "checked_refusal.tip": ("Les règles refusent ce plan ; le moteur de règles du site le vérifie à chaque "
                                "publication"),
        "show_yaml": "Pour les auteurs\u00a0: les données de l'exemple (YAML, clés en anglais)",
        "copy_yaml": "Copier les données", "copied_yaml": "Copié",
        "source_unloaded": "Les données n'ont pas pu se charger\u00a0: il y faut JavaScript et les fichiers du site.",
        "error": "Exemple en erreur", "odds": "Probabilité", "card.refused": "Refusé",
        "against": "contre", "see_rule": "La règle de cette étape",
        "chance.of": "{count} sur {total}", "chance.of.results": "{count} résultats sur {total}",
        "chance.of.odds": "{count} chances sur {total}", "chance.of.odds.one": "{count} chance sur {total}",
        "spread": "Dégâts possibles", "spread.to": "Dégâts possibles infligés {to}", "spread.this": "ce résultat",
        "spread.extra": "Dégâts ajoutés possibles",
        "spread.critical_bonus": ", et le bonus de dégâts d'un critique",
        "spread.progressive_bonus": ", et le bonus de dégâts progressif",
        "spread.doubled": ", doublés",
        "spread.summary": "de {low} à {high}, {mean} en moyenne",
        "spread.summary.either": "{low} ou {high}, {mean} en moyenne",
        "spread.over": "sur tous les jets {dice}", "spread.over.and": " et ",
        "spread.over.attack": "du d20 d'attaque", "spread.over.reaction": "du d20 de la réaction",
        "spread.over.miss_chance": "du d100 du camouflage", "spread.over.damage": "des dés de dégâts",
        "spread.over.poison_damage": "des dés du poison", "spread.over.miss": " (0 quand le coup ne porte pas)",
        "spread.over.miss_or_harmless": " (0 quand le coup ne porte pas, ou porte sans blesser)",
        "unchecked": "Ce bloc est affiché comme un exemple, mais la vérification ne l'a pas vu\u00a0: "
                     "écrivez-le directement sur la page, dans un bloc ```rulecheck.",
    },
    "en": {
        "true": "yes", "false": "no", "checked": "checked", "checked_refusal": "refused (checked)",
        "checked.tip": "These numbers are worked out again by the site's rules engine each time the site is published",
        "checked_refusal.tip": ("The rules refuse this plan; the site's rules engine checks that each time the site "
                                "is published"),
        "show_yaml": "For authors: the example's data (YAML)",
        "copy_yaml": "Copy the data", "copied_yaml": "Copied",
        "source_unloaded": "The data could not load: it needs JavaScript and the site's files.",
        "error": "Example in error", "odds": "Probability", "card.refused": "Refused",
        "against": "against", "see_rule": "The rule behind this step",
        "chance.of": "{count} in {total}", "chance.of.results": "{count} of {total} results",
        "chance.of.odds": "{count} chances in {total}", "chance.of.odds.one": "{count} chance in {total}",
        "spread": "Possible damage", "spread.to": "Possible damage {to}", "spread.this": "this outcome",
        "spread.extra": "Possible added damage",
        "spread.critical_bonus": ", plus a critical's damage bonus",
        "spread.progressive_bonus": ", plus the Progressive Damage Bonus",
        "spread.doubled": ", doubled",
        "spread.summary": "from {low} to {high}, {mean} on average",
        "spread.summary.either": "{low} or {high}, {mean} on average",
        "spread.over": "over every roll of {dice}", "spread.over.and": " and ",
        "spread.over.attack": "the attack d20", "spread.over.reaction": "the reaction d20",
        "spread.over.miss_chance": "the concealment d100", "spread.over.damage": "the damage dice",
        "spread.over.poison_damage": "the poison's dice", "spread.over.miss": " (0 when the blow does not land)",
        "spread.over.miss_or_harmless": " (0 when the blow does not land, or lands without wounding)",
        "unchecked": "This block is shown as an example, but the check never saw it: "
                     "write it on the page itself, in a ```rulecheck block.",
    },
}
