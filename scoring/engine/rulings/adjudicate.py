"""From the facts of a dispute to a ruling, by reading the rulings table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.errors import RubberError
from scoring.engine.hands import HandResult, ReportedHand, Revokes
from scoring.engine.laws import Law
from scoring.engine.rulebook import SOMERSET_1888, Rulebook
from scoring.engine.rulings.effects import NO_EFFECT, Effect, apply_effects
from scoring.engine.rulings.schema import (
    DEAL_WORDS,
    REMEDY_WORDS,
    Deal,
    Fact,
    FactKind,
    Irregularity,
    Offender,
    Option,
    Outcome,
    Remedy,
    ScoreEffect,
)
from scoring.engine.rulings.somerset import IRREGULARITIES
from scoring.engine.seats import Seat, Side

TABLES: Mapping[str, Mapping[str, Irregularity]] = {SOMERSET_1888.key: IRREGULARITIES}
"""The rulings table of each rulebook."""

DERIVED_FACTS = ("lone", "role", "any_count")
"""Facts worked out from the hand, which paths may test as well as the facts asked."""

SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
SIDE_WORDS = {Side.NS: "North-South", Side.EW: "East-West"}
CHOOSING = ("{claimants} choose (law 85): they agree which of them makes the choice, may not consult on "
            "it, and a demand once made is final.")
CHOSEN = "{claimants} made the choice under law 85; a demand once made is final."


class RulingError(RubberError):
    """Facts the rulings table cannot rule on; `field` names the fact at fault."""


@dataclass(frozen=True)
class Ruling:
    """A ruling: the plain-words decision, the laws it rests on, and its effects."""

    irregularity: Irregularity
    number: int
    facts: Mapping[str, Any]
    offender: Seat | None
    text: str
    laws: tuple[Law, ...]
    effect: Effect
    deal: Deal
    remedies: tuple[Remedy, ...]
    too_late: bool
    options: tuple[Option, ...] = ()
    election: Option | None = None
    chooser: Side | None = None
    hand_before: ReportedHand = field(default_factory=ReportedHand)
    hand_after: ReportedHand = field(default_factory=ReportedHand)

    @property
    def offending_side(self) -> Side | None:
        return self.offender.side if self.offender is not None else None

    @property
    def awaiting_election(self) -> bool:
        return bool(self.options) and self.election is None

    @property
    def law_numbers(self) -> tuple[int, ...]:
        return tuple(law.number for law in self.laws)

    @property
    def remedy_words(self) -> tuple[str, ...]:
        return tuple(REMEDY_WORDS[r] for r in self.remedies)

    @property
    def deal_words(self) -> str:
        return DEAL_WORDS[self.deal]

    def to_document(self) -> dict[str, Any]:
        """The ruling as plain data (stored with the ruling, and in exports)."""
        return {
            "irregularity": self.irregularity.key,
            "hand": self.number,
            "facts": dict(self.facts),
            "offender": self.offender.value if self.offender else None,
            "election": self.election.key if self.election else None,
            "chooser": self.chooser.value if self.chooser else None,
            "ruling": self.text,
            "laws": list(self.law_numbers),
            "effect": self.effect.to_document(),
            "deal": self.deal.value,
            "remedies": [r.value for r in self.remedies],
            "too_late": self.too_late,
        }


def irregularities(rulebook: Rulebook = SOMERSET_1888) -> Mapping[str, Irregularity]:
    return TABLES[rulebook.key]


def adjudicate(
    key: str,
    facts: Mapping[str, Any],
    hand: ReportedHand,
    *,
    number: int,
    rulebook: Rulebook = SOMERSET_1888,
    election: str | None = None,
    names: Mapping[Seat, str] | None = None,
) -> Ruling:
    """Rule on irregularity `key` in hand `number` (1-based), as reported in `hand`.

    `facts` answers the irregularity's questions (and names the offender, where asked).
    Where the laws give the non-offending side a choice, `election` is the key of the
    option they chose; without it the ruling lists the options and awaits their choice.
    Raises `RulingError` naming the fact at fault.
    """
    irregularity = _irregularity(key, hand, number, rulebook)
    answers = {fact.key: _answer(fact, facts.get(fact.key), number) for fact in irregularity.facts}
    offender = _offender(irregularity, facts, hand, number)
    matched = {k: _as_match(v) for k, v in answers.items()} | _derived(hand, offender, answers)

    outcome = _find(irregularity, matched, number)
    chosen = _choose(outcome, election, number)
    final = _merge(outcome, chosen)
    if final.score is not ScoreEffect.NONE and offender is None:
        raise RulingError("name the offender: the score effect falls on his side", hand=number, field="offender")
    effect = _effect(final.score, offender, answers)
    try:
        after = apply_effects(hand, [effect], number, rulebook)
    except RubberError as exc:
        raise RulingError(f"this ruling cannot apply to hand {number}: {exc.message}", hand=number,
                          field=exc.field) from None

    words = _words(rulebook, hand, offender, answers, names)
    text = final.text.format_map(words)
    chooser = offender.side.other if offender is not None and outcome.options else None
    if outcome.options:
        text = f"{text} {(CHOSEN if chosen else CHOOSING).format_map(words)}"
    recorded = dict(answers)
    if offender is not None:
        recorded["offender"] = offender.value
    return Ruling(
        irregularity=irregularity,
        number=number,
        facts=recorded,
        offender=offender,
        text=text,
        laws=tuple(rulebook.law(n) for n in final.laws),
        effect=effect,
        deal=final.deal,
        remedies=final.remedies,
        too_late=final.too_late,
        options=outcome.options,
        election=chosen,
        chooser=chooser,
        hand_before=hand,
        hand_after=after,
    )


def _irregularity(key: str, hand: ReportedHand, number: int, rulebook: Rulebook) -> Irregularity:
    """The rulebook's irregularity `key`, if it can concern `hand`."""
    table = irregularities(rulebook)
    if key not in table:
        raise RulingError(f"unknown irregularity {key!r}", hand=number, field="irregularity")
    irregularity = table[key]
    if irregularity.needs_play and not hand.scores:
        raise RulingError(
            f"{irregularity.title} concerns the play, and hand {number} was not played "
            f"({hand.result.value.replace('_', ' ')})", hand=number, field="hand")
    return irregularity


def _answer(fact: Fact, raw: Any, number: int) -> Any:
    """One answer, checked and converted; `RulingError` names the fact when it is missing or wrong."""
    if raw is None or raw == "":
        raise RulingError("answer this question", hand=number, field=fact.key)
    if fact.kind is FactKind.SEAT:
        if raw not in Seat.__members__:
            raise RulingError(f"{raw!r} is not a seat (N, E, S, W)", hand=number, field=fact.key)
        return str(raw)
    if fact.kind is FactKind.CHOICE:
        if str(raw) not in fact.values():
            raise RulingError(f"{raw!r} is not one of the answers", hand=number, field=fact.key)
        return str(raw)
    if fact.kind is FactKind.FLAG:
        if isinstance(raw, bool):
            return raw
        if str(raw).lower() in {"true", "yes", "1"}:
            return True
        if str(raw).lower() in {"false", "no", "0"}:
            return False
        raise RulingError("answer yes or no", hand=number, field=fact.key)
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise RulingError(f"{raw!r} is not a whole number", hand=number, field=fact.key) from None
    if isinstance(raw, bool) or not fact.low <= value <= fact.high:
        raise RulingError(f"give a number from {fact.low} to {fact.high}", hand=number, field=fact.key)
    return value


def _as_match(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _offender(irregularity: Irregularity, facts: Mapping[str, Any], hand: ReportedHand, number: int) -> Seat | None:
    if irregularity.offender is Offender.DEALER:
        return hand.dealer
    raw = facts.get("offender")
    if raw is None or raw == "":
        raise RulingError("name the player at fault", hand=number, field="offender")
    if raw not in Seat.__members__:
        raise RulingError(f"{raw!r} is not a seat (N, E, S, W)", hand=number, field="offender")
    return Seat(raw)


def _derived(hand: ReportedHand, offender: Seat | None, answers: Mapping[str, Any]) -> dict[str, str]:
    """The facts paths may test besides those asked: a lone hand, the offender's role, any count."""
    role = "none"
    if hand.scores and hand.maker is not None and offender is not None:
        if hand.alone:
            role = ("lone_player" if offender is hand.maker
                    else "lone_partner" if offender is hand.maker.partner else "lone_adversary")
        else:
            role = "maker_side" if offender.side is hand.maker.side else "defender"
    derived = {"lone": "yes" if hand.alone else "no", "role": role}
    if "count" in answers:
        derived["any_count"] = "yes" if answers["count"] else "no"
    return derived


def _find(irregularity: Irregularity, matched: Mapping[str, str], number: int) -> Outcome:
    for path in irregularity.paths:
        if path.matches(matched):
            if path.outcome is None:
                raise RulingError(path.refuse, hand=number, field=path.refuse_field or None)
            return path.outcome
    raise RulingError(f"the laws table has no ruling on {irregularity.title.lower()} for these facts",
                      hand=number, field="irregularity")


def _choose(outcome: Outcome, election: str | None, number: int) -> Option | None:
    if not election:
        return None
    for option in outcome.options:
        if option.key == election:
            return option
    if not outcome.options:
        raise RulingError("the laws give no choice here", hand=number, field="election")
    choices = ", ".join(o.key for o in outcome.options)
    raise RulingError(f"{election!r} is not one of the choices ({choices})", hand=number, field="election")


def _merge(outcome: Outcome, chosen: Option | None) -> Outcome:
    """The outcome with the non-offending side's election added to it."""
    if chosen is None:
        return outcome
    extra = chosen.outcome
    laws = tuple(dict.fromkeys(outcome.laws + extra.laws))
    return Outcome(
        text=f"{outcome.text} {extra.text}",
        laws=laws,
        score=extra.score if extra.score is not ScoreEffect.NONE else outcome.score,
        deal=extra.deal if extra.deal is not Deal.STANDS else outcome.deal,
        remedies=outcome.remedies + extra.remedies,
        too_late=outcome.too_late or extra.too_late,
    )


def _effect(score: ScoreEffect, offender: Seat | None, answers: Mapping[str, Any]) -> Effect:
    """The score effect in the scorer's own terms."""
    if score is ScoreEffect.NONE:
        return NO_EFFECT
    if score is ScoreEffect.NEW_DEAL:
        return Effect(result=HandResult.NEW_DEAL)
    if score is ScoreEffect.MISDEAL:
        return Effect(result=HandResult.MISDEAL)
    if score is ScoreEffect.ADVERSARY_ABANDONED:
        return Effect(adversary_abandoned=True)
    if score is ScoreEffect.PARTNER_EXPOSED:
        return Effect(partner_exposed=True)
    if score is ScoreEffect.PARTNERSHIP:
        return Effect(corrections={"alone": False})
    if score is ScoreEffect.OUT_OF_TURN_STANDS:
        return Effect(corrections={"out_of_turn": True})
    if score is ScoreEffect.CORRECTED:
        return Effect(corrections={"maker": answers["maker"], "alone": answers["alone"],
                                   "tricks": answers["tricks"]})
    assert offender is not None
    side = offender.side
    if score is ScoreEffect.WRONG_CARDS:
        return Effect(wrong_cards=side)
    count = int(answers["count"])
    return Effect(revokes=Revokes(ns=count, ew=0) if side is Side.NS else Revokes(ns=0, ew=count))


def _words(rulebook: Rulebook, hand: ReportedHand, offender: Seat | None, answers: Mapping[str, Any],
           names: Mapping[Seat, str] | None) -> dict[str, Any]:
    """The values a ruling's text may name."""

    def who(seat: Seat | None, fallback: str) -> str:
        if seat is None:
            return fallback
        name = (names or {}).get(seat)
        return f"{name} ({SEAT_WORDS[seat]})" if name else SEAT_WORDS[seat]

    count = answers.get("count", 1) or 0
    times = {1: "once", 2: "twice"}.get(count, f"{count} times")
    maker = Seat(answers["maker"]) if "maker" in answers else None
    return {
        "offender": who(offender, "the offender"),
        "partner": who(offender.partner if offender else None, "his partner"),
        "dealer": who(hand.dealer, "the dealer"),
        "side": SIDE_WORDS[offender.side] if offender else "the offending side",
        "claimants": SIDE_WORDS[offender.side.other] if offender else "The adversaries",
        "count": count,
        "times": times,
        "revoke_points": rulebook.lone_revoke if hand.alone else rulebook.revoke,
        "forfeit": rulebook.lone_wrong_cards_forfeit if hand.alone else rulebook.wrong_cards_forfeit,
        "partner_exposed_march": rulebook.partner_exposed_march,
        "lone_euchre": rulebook.lone_euchre,
        "abandoned_lone_hand": rulebook.abandoned_lone_hand,
        "tricks": answers.get("tricks", ""),
        "alone_words": (f"{who(maker, 'the maker')} playing alone" if answers.get("alone")
                        else f"{who(maker, 'the maker')} and his partner"),
    }
