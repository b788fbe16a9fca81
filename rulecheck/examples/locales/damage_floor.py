"""Words for the floor of damage at zero (a hit never heals)."""

from collections.abc import Mapping

EVENTS: Mapping[str, Mapping[str, str]] = {
    "fr": {"damage.floor": "Plancher des dégâts (un coup ne soigne pas)"},
    "en": {"damage.floor": "Damage floor (a hit never heals)"},
}
