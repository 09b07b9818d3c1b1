"""The rulings table as plain data for other programs: the list of irregularities, and the time limits on claims.

`irregularity_catalogue` is what `manage.py rule --list` prints; `claim_limit` is what the
site's penalty form asks before it adds a penalty to a hand.
"""

from __future__ import annotations

from typing import Any

from scoring.engine.rulebook import SOMERSET_1888, Rulebook
from scoring.engine.rulings.adjudicate import RulingError, irregularities
from scoring.engine.rulings.options import CLAIMED
from scoring.engine.rulings.schema import Fact, FactKind, Irregularity, Offender
from scoring.engine.words import SEAT_WORDS


def claim_limit(kind: str, claimed: str, rulebook: Rulebook = SOMERSET_1888) -> tuple[int, ...]:
    """The laws that make a claim of `kind`, made at `claimed`, too late; empty when it is in time.

    `kind` is an irregularity of the rulings table, or a penalty the site records: a revoke
    is limited by law 68 (and law 5 once the next trump card is turned), anything else that
    changes a score by law 5. An irregularity that never changes the score has no limit.
    `claimed` is one of the answers to the table's `claimed` question.
    """
    if claimed not in CLAIMED.values():
        answers = ", ".join(CLAIMED.values())
        raise RulingError(f"{claimed!r} is not one of the answers ({answers})", field=CLAIMED.key)
    table = irregularities(rulebook)
    if kind in table:
        limit = table[kind].limit
        return limit.laws(claimed) if limit is not None else ()
    return rulebook.claim_limits["revoke" if kind == "revoke" else "score"].get(claimed, ())


def irregularity_catalogue(rulebook: Rulebook = SOMERSET_1888) -> list[dict[str, Any]]:
    """Every irregularity as plain data: key, title, laws, the questions asked (the offender first, where he
    is asked) with their answers, the choices the laws may give, and the limit on a claim."""
    return [_entry(irregularity, rulebook) for irregularity in irregularities(rulebook).values()]


def _entry(irregularity: Irregularity, rulebook: Rulebook) -> dict[str, Any]:
    facts = [_fact(fact, rulebook) for fact in irregularity.facts]
    if irregularity.offender is Offender.ASKED:
        facts.insert(0, {"key": "offender", "question": irregularity.offender_question, "kind": FactKind.SEAT.value,
                         "choices": _seat_choices(), "required": True, "default": None, "help": ""})
    options: dict[str, str] = {}
    for path in irregularity.paths:
        for option in path.outcome.options if path.outcome else ():
            options.setdefault(option.key, option.label)
    return {
        "key": irregularity.key,
        "title": irregularity.title,
        "laws": list(irregularity.laws),
        "cited": [rulebook.law(n).cited for n in irregularity.laws],
        "needs_play": irregularity.needs_play,
        "offender": irregularity.offender.value,
        "offender_from_hand": [{"when": {key: sorted(values) for key, values in rule.when.items()},
                                "offender": rule.offender.value} for rule in irregularity.offender_from],
        "facts": facts,
        "elections": [{"key": key, "label": label} for key, label in options.items()],
        "claim_limit": ({"kind": irregularity.limit.key,
                         "late": {claimed: list(laws) for claimed, laws in irregularity.limit.late.items()}}
                        if irregularity.limit is not None else None),
    }


def _fact(fact: Fact, rulebook: Rulebook) -> dict[str, Any]:
    """A question with its answers, the laws in its words as the code cites them."""
    words = rulebook.cites_in
    entry: dict[str, Any] = {"key": fact.key, "question": words(fact.question), "kind": fact.kind.value}
    if fact.kind is FactKind.CHOICE:
        entry["choices"] = [{"value": value, "label": words(label)} for value, label in fact.choices]
    elif fact.kind is FactKind.SEAT:
        entry["choices"] = _seat_choices()
    elif fact.kind is FactKind.FLAG:
        entry["choices"] = [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]
    else:
        entry["choices"] = [{"value": str(n), "label": str(n)} for n in range(fact.low, fact.high + 1)]
        entry |= {"low": fact.low, "high": fact.high}
    entry |= {"required": fact.required and fact.default is None, "default": fact.default,
              "help": words(fact.help)}
    return entry


def _seat_choices() -> list[dict[str, str]]:
    return [{"value": seat.value, "label": words} for seat, words in SEAT_WORDS.items()]
