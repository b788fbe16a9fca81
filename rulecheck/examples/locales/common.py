"""Words every card and value uses, whatever the rule."""

from collections.abc import Mapping

VALUES: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "true": "oui", "false": "non", "checked": "vérifié", "checked_refusal": "refus vérifié",
        "show_yaml": "Pour les auteurs\u00a0: les données de l'exemple (YAML, clés en anglais)",
        "copy_yaml": "Copier les données", "copied_yaml": "Copié",
        "error": "Exemple en erreur", "odds": "Probabilité", "card.refused": "Refusé",
        "against": "contre", "see_rule": "La règle de cette étape",
        "chance.of": "{count} sur {total}",
        "spread": "Dégâts possibles", "spread.this": "ce résultat",
        "spread.extra": "Dégâts ajoutés possibles",
        "spread.summary": "de {low} à {high}, {mean} en moyenne",
        "unchecked": "Ce bloc est affiché comme un exemple, mais la vérification ne l'a pas vu\u00a0: "
                     "écrivez-le directement sur la page, dans un bloc ```rulecheck.",
    },
    "en": {
        "true": "yes", "false": "no", "checked": "checked", "checked_refusal": "refusal checked",
        "show_yaml": "For authors: the example's data (YAML)",
        "copy_yaml": "Copy the data", "copied_yaml": "Copied",
        "error": "Example in error", "odds": "Probability", "card.refused": "Refused",
        "against": "against", "see_rule": "The rule behind this step",
        "chance.of": "{count} in {total}",
        "spread": "Possible damage", "spread.this": "this outcome",
        "spread.extra": "Possible added damage",
        "spread.summary": "from {low} to {high}, {mean} on average",
        "unchecked": "This block is shown as an example, but the check never saw it: "
                     "write it on the page itself, in a ```rulecheck block.",
    },
}
