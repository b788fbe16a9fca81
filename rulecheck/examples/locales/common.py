"""Words every card and value uses, whatever the rule."""

from collections.abc import Mapping

VALUES: Mapping[str, Mapping[str, str]] = {
    "fr": {
        "true": "oui", "false": "non", "checked": "vérifié", "show_yaml": "Voir l'exemple (YAML)",
        "error": "Exemple en erreur", "odds": "Probabilité", "card.refused": "Refusé",
    },
    "en": {
        "true": "yes", "false": "no", "checked": "checked", "show_yaml": "Show the example (YAML)",
        "error": "Example in error", "odds": "Probability", "card.refused": "Refused",
    },
}
