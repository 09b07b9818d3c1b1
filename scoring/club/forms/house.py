"""The house rules' fields, and the rows and folds the event and club settings forms lay their fields out in."""

from __future__ import annotations

from typing import Any

from crispy_forms.layout import HTML, Column, Row
from django import forms

from scoring.engine.rulebook import HOUSE_RULES, read_house_rules
from scoring.engine.words import sentence

HOUSE = "house_"
"""The form fields of the house rules are named by the rule's key after this."""

HOUSE_ROWS = (tuple(HOUSE + key for key, rule in HOUSE_RULES.items() if not rule.switch),
              tuple(HOUSE + key for key, rule in HOUSE_RULES.items() if rule.switch))
"""The house rules' two rows: the points, then the switches, each in the order a page states them (so a lone
defender's euchre stands above the switch it needs)."""

# The event form's rows: short fields side by side, so the whole form and its Save fit on a laptop's screen.
EVENT_ROWS = (("name", "slug"), ("starts_on", "ends_on", "paper_size", "is_public"),
              ("mode", "rulebook", "season"), ("game_points", "games"),
              ("rounds", "deal_limit", "round_minutes", "time_called"),
              *(NIGHT_ROWS := (
                  ("movement", "ranking"), ("missed_rounds", "lone_bonus"),
                  ("prize_places", "prize_ties", "one_prize_each"), ("lone_prize", "round_prize", "low_prize"))),
              *HOUSE_ROWS,
              ("notes",))
EDIT_ROWS = (("name", "starts_on", "ends_on"), ("paper_size", "is_public"), *EVENT_ROWS[2:])  # the address is kept


def house_rule_fields(rules: Any) -> dict[str, forms.Field]:
    """A field for each house rule of the standard game, starting from `rules` (a stored `house_rules`)."""
    kept = read_house_rules(rules or None)
    fields: dict[str, forms.Field] = {}
    for key, rule in HOUSE_RULES.items():
        value = getattr(kept, key)
        if rule.switch:
            fields[HOUSE + key] = forms.BooleanField(label=rule.label, required=False, initial=value)
        else:
            fields[HOUSE + key] = forms.TypedChoiceField(
                label=rule.label, choices=[(v, str(v)) for v in rule.values], coerce=int, initial=value,
                required=False, empty_value=None)  # left out of a post: the standard game's own
        fields[HOUSE + key].widget.attrs["data-for"] = "standard"
    return fields


def house_rules_cleaned(form: forms.BaseForm, takes_them: bool) -> dict[str, Any]:
    """The house rules the form gives, as the event or the club keeps them; none under a code that takes none
    (the fields are hidden there). A rule that needs another is kept only where that one is on (a lone defender's
    euchre only where a defender may play alone)."""
    if not takes_them:
        return {}
    raw = {key: form.cleaned_data[HOUSE + key] for key in HOUSE_RULES
           if form.cleaned_data.get(HOUSE + key) is not None}
    raw = {key: value for key, value in raw.items() if not HOUSE_RULES[key].needs or raw.get(HOUSE_RULES[key].needs)}
    try:
        return read_house_rules(raw).document()
    except ValueError as exc:
        form.add_error(None, sentence(str(exc), "."))
        return {}


# The house rules, and a progressive night's late arrivals, lone bonus and prizes, fold into one line each (the
# house rules' saying how many are in force), opened to change them and where one is refused, so that the form
# and its Save stay on a laptop's screen.
HOUSE_OPEN = HTML('<details class="col-md mb-2" data-for="standard" data-testid="house-rules"'
                  '{% if form.house_open %} open{% endif %}><summary class="fw-semibold mb-1">House rules of the '
                  'standard game: {% if form.house_in_force %}{{ form.house_in_force }} in force{% else %}none'
                  '{% endif %}</summary>')
NIGHT_OPEN = HTML('<details class="col-md mb-2" data-for="progressive" data-testid="night-rules"'
                  '{% if form.night_open %} open{% endif %}><summary class="fw-semibold mb-1">The night: movement, '
                  'ranking, late arrivals, the lone player\'s bonus and the prizes</summary>')
FOLD_CLOSE = HTML("</details>")
FOLDS = ((NIGHT_ROWS, NIGHT_OPEN), (HOUSE_ROWS, HOUSE_OPEN))


def laid_out(names: list[str]) -> list[Any]:
    """A row of fields side by side; the house rules' rows, and a progressive night's, inside their folds."""
    row = Row(*(Column(name, css_class="col-md") for name in names))
    for rows, opening in FOLDS:
        if names[0] == rows[0][0]:
            return [opening, row]
        if names[0] == rows[-1][0]:
            return [row, FOLD_CLOSE]
    return [row]


class HouseRulesFields:
    """A form that asks the house rules: their fields, how many are in force, and whether their fold opens."""

    fields: dict[str, forms.Field]
    errors: Any
    is_bound: bool
    house_in_force = 0

    def house_fields_add(self, rules: Any) -> None:
        self.fields.update(house_rule_fields(rules))
        self.house_in_force = len(read_house_rules(rules or None).stated())

    @property
    def house_open(self) -> bool:
        return self.is_bound and any(HOUSE + key in self.errors for key in HOUSE_RULES)
