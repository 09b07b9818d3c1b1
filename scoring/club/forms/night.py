"""The fields of how a night in rounds is run (the engine's `NightRules`), each with its words; the limits and the
values each may take are the engine's."""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.engine.progressive.night import NIGHT_KEYS, NUMBERS, NightRules
from scoring.models import Event
from scoring.models.choices import MISSED_CHOICES, PRIZE_TIES_CHOICES, RANKING_CHOICES, TIME_CALLED_CHOICES

CHOSEN = {"time_called": TIME_CALLED_CHOICES, "movement": Event.Movement.choices, "ranking": RANKING_CHOICES,
          "missed_rounds": MISSED_CHOICES, "prize_ties": PRIZE_TIES_CHOICES}
LABELS = {"deal_limit": "Deals a round", "round_minutes": "Minutes a round", "time_called": "When time is called",
          "movement": "Movement", "ranking": "Ranked", "missed_rounds": "Rounds a late arrival missed",
          "lone_bonus": "The lone player's own bonus", "prize_places": "Prizes for places",
          "lone_prize": "A prize for the most lone hands", "round_prize": "A prize for the best single round",
          "one_prize_each": "One prize a person", "prize_ties": "Players level for a prize",
          "low_prize": "A prize for the lowest score"}
# The fields of a progressive night, or of an event in rounds, show only for it: their help is short.
HELP = {"deal_limit": "Optional: a table stops after this many deals, the score as it stands.",
        "round_minutes": "Optional: the room and the phones count them down.",
        "time_called": "At a table still playing when time is up.",
        "lone_bonus": "Points beyond his partner's for a lone march (1: five and four); 0 for none.",
        "prize_places": "First, second, …", "prize_ties": "After the tie-breaks.",
        "one_prize_each": "A player holding a prize takes no other; the next in line does.",
        "lone_prize": "Only when somebody made one.", "low_prize": "Among those who played every round."}


def night_fields(rules: NightRules) -> dict[str, forms.Field]:
    """A field for each of a night's rules, starting from `rules` (the event's, or the defaults)."""
    kept = rules.document()
    fields: dict[str, forms.Field] = {}
    for key in NIGHT_KEYS:
        words: dict[str, Any] = {"label": LABELS[key], "help_text": HELP.get(key, ""), "initial": kept[key],
                                 "required": False}
        if key in NUMBERS:
            _, least, most, _ = NUMBERS[key]
            fields[key] = forms.IntegerField(min_value=least, max_value=most, **words)
        elif key in CHOSEN:
            fields[key] = forms.ChoiceField(choices=CHOSEN[key], **words)
        else:
            fields[key] = forms.BooleanField(**words)
    return fields


def night_cleaned(cleaned: dict[str, Any]) -> dict[str, Any]:
    """The rules as posted, a choice or number left empty at the rules' default (the deals and minutes a round may
    stay empty)."""
    defaults = NightRules().document()
    for key in NIGHT_KEYS:
        if cleaned.get(key) in (None, "") and key in cleaned:
            cleaned[key] = defaults[key]
    return cleaned
