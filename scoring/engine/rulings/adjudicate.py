"""From the facts of a dispute to a ruling, by reading the rulings table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.errors import RubberError
from scoring.engine.hands import Declaration, HandResult, Miscount, ReportedHand, Revokes
from scoring.engine.laws import Law
from scoring.engine.rulebook import RULEBOOKS, SOMERSET_1888, Reason, Rulebook
from scoring.engine.rulebook.house import is_house_rule
from scoring.engine.rulings import official
from scoring.engine.rulings.effects import NO_EFFECT, Effect, apply_effects
from scoring.engine.rulings.schema import (
    CONSULTED_KEY,
    DEAL_WORDS,
    REMEDY_WORDS,
    Chooser,
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
from scoring.engine.scorer import score_rubber
from scoring.engine.seats import Seat, Side
from scoring.engine.words import SEAT_WORDS, SIDE_WORDS, plural

RULINGS: Mapping[str, Mapping[str, Irregularity]] = {
    "somerset-1888": IRREGULARITIES,
    "official-1862": official.OFFICIAL_1862,
    "rules-1877": official.RULES_1877,
}
"""The rulings tables, by the name a rulebook gives for the one it rules by (`Rulebook.sources.rulings`)."""
TABLES: Mapping[str, Mapping[str, Irregularity]] = {rb.key: RULINGS[rb.sources.rulings] for rb in RULEBOOKS.values()}
"""The rulings table of each rulebook."""

DERIVED_FACTS = ("lone", "role", "any_count", "declaration", "within_won")
"""Facts worked out from the hand, which paths may test as well as the facts asked: `declaration` is how the
trump was made as the hand records it (`Declaration`), or "none" where it does not say; `within_won`, where
points are asked, whether they are no more than the offender's side counted from the hand."""

SIDE_EFFECTS = frozenset({ScoreEffect.REVOKES, ScoreEffect.WRONG_CARDS, ScoreEffect.SIGNAL, ScoreEffect.THROWN_IN,
                          ScoreEffect.MISCOUNT, ScoreEffect.UNCOUNTED, ScoreEffect.REFUSED_PENALTY})
"""Score effects that fall on the offender's side, so need an offender."""
TURNED_CARD = {Declaration.ORDERED_UP, Declaration.ASSISTED, Declaration.ADOPTED}
"""Declarations that take up the turned card; which one depends on the maker's seat (laws 74-76)."""


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
    chosen_by: Chooser | None = None
    """Who makes the choice: the side that did not offend (law 85), or the dealer himself (law 44)."""
    hand_before: ReportedHand = field(default_factory=ReportedHand)
    hand_after: ReportedHand = field(default_factory=ReportedHand)

    @property
    def offending_side(self) -> Side | None:
        return self.offender.side if self.offender is not None else None

    @property
    def awaiting_election(self) -> bool:
        return bool(self.options) and self.election is None

    @property
    def open_options(self) -> tuple[Option, ...]:
        """The choices still to be made: none once the election is made."""
        return () if self.election is not None else self.options

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
        """The ruling as plain data, ready for JSON (stored with the ruling, in exports, and by `manage.py rule`)."""
        return {
            "irregularity": self.irregularity.key,
            "title": self.irregularity.title,
            "hand": self.number,
            "facts": dict(self.facts),
            "offender": self.offender.value if self.offender else None,
            "election": self.election.key if self.election else None,
            "options": [option.key for option in self.open_options],
            "awaiting_election": self.awaiting_election,
            "chooser": self.chooser.value if self.chooser else None,
            "ruling": self.text,
            "text": self.text,
            "laws": list(self.law_numbers),
            "cited": [law.cited for law in self.laws],
            "effect": self.effect.to_document(),
            "deal": self.deal.value,
            "deal_words": self.deal_words,
            "remedies": [r.value for r in self.remedies],
            "remedy_words": list(self.remedy_words),
            "too_late": self.too_late,
        }


def irregularities(rulebook: Rulebook = SOMERSET_1888) -> Mapping[str, Irregularity]:
    return RULINGS[rulebook.sources.rulings]


def adjudicate(
    key: str,
    facts: Mapping[str, Any],
    hand: ReportedHand,
    *,
    number: int,
    rulebook: Rulebook = SOMERSET_1888,
    election: str | None = None,
    names: Mapping[Seat, str] | None = None,
    counted: tuple[int, int] | None = None,
) -> Ruling:
    """Rule on irregularity `key` in hand `number` (1-based), as reported in `hand`.

    `facts` answers the irregularity's questions (and names the offender, where asked). `counted` is what
    each side (North-South, East-West) counted from the hand as its rubber scored it (`rule` gives it); without
    it the hand is scored alone, from love.
    Where the laws give a choice, `election` is the key of the option chosen; without it
    the ruling lists the options and awaits the choice. Raises `RulingError` naming the
    fact at fault.

    North revokes once, established, claimed before the cut; East-West score 3 (law 63):

    >>> from scoring.engine import parse_rubber
    >>> hand = parse_rubber({"hands": [{"dealer": "N", "maker": "E", "tricks": 3}]}).hands[0]
    >>> ruling = adjudicate("revoke", {"offender": "N", "cause": "not_following", "stage": "established",
    ...                                "count": 1, "claimed": "before_cut"}, hand, number=1)
    >>> ruling.effect.revokes, [law.number for law in ruling.laws][:3]
    (Revokes(ns=1, ew=0), [62, 63, 64])
    >>> ruling.text.endswith("So East-West score 3 points.")
    True
    """
    irregularity = _irregularity(key, hand, number, rulebook)
    _asked_only(irregularity, facts, number)
    answers = _answers(irregularity, facts, number)
    offender = _offender(irregularity, facts, answers, hand, number)
    _offender_as_named(irregularity, facts, offender, number)
    won = _won(hand, offender, answers, rulebook, counted)
    matched = {k: _as_match(v) for k, v in answers.items()} | _derived(hand, offender, answers, won)
    words = _words(rulebook, hand, offender, answers, names, won)

    outcome = _find(irregularity, matched, number, words, rulebook)
    chosen = _choose(outcome, election, number)
    final = _merge(outcome, chosen)
    if final.score in SIDE_EFFECTS and offender is None:
        raise RulingError("name the offender: the score effect falls on his side", hand=number, field="offender")
    effect = _effect(final.score, offender, answers, hand)
    after = _applied(hand, effect, number, rulebook)
    tally = _revoke_tally(rulebook, hand, after) if effect.revokes else ""
    recorded = {**answers, **({"offender": offender.value} if offender is not None else {})}
    return Ruling(
        irregularity=irregularity,
        number=number,
        facts=recorded,
        offender=offender,
        text=_text(rulebook, outcome, final, chosen, words, tally),
        laws=tuple(rulebook.law(n) for n in _with_penalty_laws(final.laws, effect, rulebook)),
        effect=effect,
        deal=final.deal,
        remedies=final.remedies,
        too_late=final.too_late,
        options=outcome.options,
        election=chosen,
        chooser=_chooser(outcome, offender, hand),
        chosen_by=outcome.chooser if outcome.options else None,
        hand_before=hand,
        hand_after=after,
    )


def _applied(hand: ReportedHand, effect: Effect, number: int, rulebook: Rulebook) -> ReportedHand:
    """The hand as the ruling leaves it; a ruling the hand cannot take is refused on the fact at fault."""
    try:
        return apply_effects(hand, [effect], number, rulebook)
    except RubberError as exc:
        raise RulingError(f"this ruling cannot apply to hand {number}: {exc.message}", hand=number,
                          field=exc.field) from None


def _text(rulebook: Rulebook, outcome: Outcome, final: Outcome, chosen: Option | None, words: Mapping[str, Any],
          tally: str) -> str:
    """The ruling in words: what the laws say of the case, the revokes' tally, and the choice awaited or made."""
    text = " ".join(filter(None, (final.text.format_map(words), tally)))
    if outcome.options and not (chosen is not None and chosen.key == CONSULTED_KEY):
        words_of = rulebook.wording.choice_words.chosen if chosen else rulebook.wording.choice_words.choosing
        text = f"{text} {words_of(outcome.chooser.value).format_map(words)}"
    return rulebook.cites_in(text)  # the Official Laws as the code cites them (theirs, under the standard game)


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


def _asked_only(irregularity: Irregularity, facts: Mapping[str, Any], number: int) -> None:
    """Refuse a fact the irregularity does not ask (a misspelt key, a fact worked out from the hand): the laws
    cannot rule on it, and dropping it would rule on other facts than those given. The offender may always be
    given: where he is not asked, `_offender_as_named` holds him to the seat the laws name."""
    asked = [fact.key for fact in irregularity.facts]
    for key in facts:
        if key != "offender" and key not in asked:
            questions = ", ".join(["offender", *asked] if irregularity.offender is Offender.ASKED else asked)
            raise RulingError(f"{key!r} is not a question of this dispute ({irregularity.title.lower()} asks: "
                              f"{questions or 'nothing'})", hand=number, field=str(key))


def _offender_as_named(irregularity: Irregularity, facts: Mapping[str, Any], offender: Seat | None,
                       number: int) -> None:
    """Where the laws and the hand name the offender and he is not asked, a seat given must be theirs (a stored
    ruling's facts record him so)."""
    given = facts.get("offender")
    if irregularity.offender is Offender.ASKED or given is None or given == "":
        return
    if offender is None:
        raise RulingError("nobody is at fault here, by the laws and the hand: name no offender", hand=number,
                          field="offender")
    if given != offender.value:
        who = {Offender.DEALER: "the dealer", Offender.LONE_PLAYER: "the lone player"}.get(irregularity.offender,
                                                                                            "the player")
        raise RulingError(f"the laws and the hand name {who}, {SEAT_WORDS[offender]}, as the offender here; name "
                          f"him or nobody", hand=number, field="offender")


def _answers(irregularity: Irregularity, facts: Mapping[str, Any], number: int) -> dict[str, Any]:
    """The answers, checked; a fact asked only where a row tests it may be left out (see `_find`)."""
    answers: dict[str, Any] = {}
    for fact in irregularity.facts:
        raw = facts.get(fact.key)
        if raw is None or raw == "":
            if fact.default is not None:
                raw = fact.default
            elif not fact.required:
                continue
        answers[fact.key] = _answer(fact, raw, number)
    return answers


def _answer(fact: Fact, raw: Any, number: int) -> Any:
    """One answer, checked and converted; `RulingError` names the fact when it is missing or wrong."""
    if raw is None or raw == "":
        raise RulingError("answer this question", hand=number, field=fact.key)
    if fact.kind is FactKind.SEAT:
        if not (isinstance(raw, str) and raw in Seat.__members__):
            raise RulingError(f"{raw!r} is not a seat (N, E, S, W)", hand=number, field=fact.key)
        return raw
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
        if isinstance(raw, float) and raw != value:  # a fraction is no count, and is never rounded away
            raise ValueError
    except (TypeError, ValueError):
        raise RulingError(f"{raw!r} is not a whole number", hand=number, field=fact.key) from None
    if isinstance(raw, bool) or not fact.low <= value <= fact.high:
        raise RulingError(f"give a number from {fact.low} to {fact.high}", hand=number, field=fact.key)
    return value


def _as_match(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _offender(irregularity: Irregularity, facts: Mapping[str, Any], answers: Mapping[str, Any],
              hand: ReportedHand, number: int) -> Seat | None:
    """Who offended: the seat named, or, where the table says what happened fixes him, the seat the hand gives.

    A seat the hand cannot give (no dealer recorded, or not a lone hand) falls back on the seat named.
    """
    source = irregularity.offender
    matched = {k: _as_match(v) for k, v in answers.items()}
    for rule in irregularity.offender_from:
        if all(matched.get(key) in accepted for key, accepted in rule.when.items()):
            source = rule.offender
            break
    if source is Offender.NOBODY:
        return None
    if source is Offender.ASKED:
        return _named(facts, number)
    if source is Offender.DEALT_BY:
        return Seat(answers["dealt_by"]) if "dealt_by" in answers else None
    seat = offender_seat(source, hand)
    if seat is not None or irregularity.offender is not Offender.ASKED:
        return seat
    if source is Offender.DEALER or facts.get("offender"):
        return _named(facts, number)
    return None


def offender_seat(source: Offender, hand: ReportedHand) -> Seat | None:
    """The seat the hand as reported gives the offender: its dealer, its lone player or his partner."""
    if source is Offender.DEALER:
        return hand.dealer
    if not (hand.scores and hand.alone and hand.maker is not None):
        return None
    if source is Offender.LONE_PLAYER:
        return hand.maker
    if source is Offender.LONE_PARTNER:
        return hand.maker.partner
    return None


def _named(facts: Mapping[str, Any], number: int) -> Seat:
    raw = facts.get("offender")
    if raw is None or raw == "":
        raise RulingError("name the player at fault: the ruling falls on him or his side", hand=number,
                          field="offender")
    if not (isinstance(raw, str) and raw in Seat.__members__):
        raise RulingError(f"{raw!r} is not a seat (N, E, S, W)", hand=number, field="offender")
    return Seat(raw)


def _won(hand: ReportedHand, offender: Seat | None, answers: Mapping[str, Any], rulebook: Rulebook,
         counted: tuple[int, int] | None) -> int | None:
    """Where points are asked, what the offender's side counted from the hand (XXXI: the points a side failed to
    count are points it won); None where no points are asked, or the hand cannot be scored alone."""
    if "points" not in answers or offender is None or not hand.scores:
        return None
    if counted is None:
        try:
            scored = score_rubber([hand], rulebook).hands[0]
        except RubberError:
            return None
        counted = scored.points(Side.NS), scored.points(Side.EW)
    return counted[0] if offender.side is Side.NS else counted[1]


def _derived(hand: ReportedHand, offender: Seat | None, answers: Mapping[str, Any],
             won: int | None = None) -> dict[str, str]:
    """The facts paths may test besides those asked: a lone hand, the offender's role, any count, how the trump
    was made."""
    role = "none"
    if hand.scores and hand.maker is not None and offender is not None:
        if hand.alone:
            role = ("lone_player" if offender is hand.maker
                    else "lone_partner" if offender is hand.maker.partner else "lone_adversary")
        else:
            role = "maker_side" if offender.side is hand.maker.side else "defender"
    derived = {"lone": "yes" if hand.scores and hand.alone else "no", "role": role,
               "declaration": hand.declaration.value if hand.declaration is not None else "none"}
    if "count" in answers:
        derived["any_count"] = "yes" if answers["count"] else "no"
    if won is not None:
        derived["within_won"] = "yes" if int(answers["points"]) <= won else "no"
    return derived


def _find(irregularity: Irregularity, matched: Mapping[str, str], number: int,
          words: Mapping[str, Any] | None = None, rulebook: Rulebook = SOMERSET_1888) -> Outcome:
    """The first row whose conditions hold. A row that tests a question left unanswered, and whose other
    conditions hold, needs its answer: the ruling depends on it. A refusal names the values it concerns from
    `words`."""
    for path in irregularity.paths:
        unanswered = [key for key in path.when if key not in matched]
        if unanswered:
            if all(matched[key] in accepted for key, accepted in path.when.items() if key in matched):
                raise RulingError("answer this question: the ruling depends on it", hand=number,
                                  field=unanswered[0])
            continue
        if path.matches(matched):
            if path.outcome is None:
                raise RulingError(rulebook.cites_in(path.refuse.format_map(words or {})), hand=number,
                                  field=path.refuse_field or None)
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


def _with_penalty_laws(laws: tuple[int, ...], effect: Effect, rulebook: Rulebook) -> tuple[int, ...]:
    """A revoke paid by one side cites, after the ruling's own laws, the code's law giving the revoke's points
    (the summary's under the Official Laws' codes) and, where the offenders then count nothing, the law that says
    so (XXXIV). A signal's points set by a house rule cite the house rule."""
    if effect.signal is not None:
        laws += tuple(n for n in rulebook.laws_for(Reason.SIGNAL) if is_house_rule(n))
    revokes = effect.revokes
    if not revokes or (revokes.ns and revokes.ew):
        return laws
    void = rulebook.laws_for(Reason.OFFENDERS_VOID) if not rulebook.penalties.revoke_ends_hand else ()
    return tuple(dict.fromkeys(laws + rulebook.laws_for(Reason.REVOKE) + void))


def _chooser(outcome: Outcome, offender: Seat | None, hand: ReportedHand) -> Side | None:
    """The side that makes the choice the ruling offers: the non-offending side, the dealer's (law 44), or the
    offender's own, where his partner chooses (1877 §9)."""
    if not outcome.options:
        return None
    if outcome.chooser is Chooser.DEALER:
        return hand.dealer.side if hand.dealer is not None else None
    if outcome.chooser is Chooser.PARTNER:  # 1877 §9: the offender's own partner
        return offender.side if offender is not None else None
    return offender.side.other if offender is not None else None


def _merge(outcome: Outcome, chosen: Option | None) -> Outcome:
    """The outcome with the election added to it."""
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


def _effect(score: ScoreEffect, offender: Seat | None, answers: Mapping[str, Any], hand: ReportedHand) -> Effect:
    """The score effect in the scorer's own terms."""
    if score is ScoreEffect.NONE:
        return NO_EFFECT
    results = {ScoreEffect.NEW_DEAL: HandResult.NEW_DEAL, ScoreEffect.MISDEAL: HandResult.MISDEAL,
               ScoreEffect.PASSED: HandResult.PASSED}
    if score in results:
        return Effect(result=results[score])
    if score is ScoreEffect.PARTNERS_MISDEAL:
        # law 45: a hand recorded as dealt out of turn by the partner is put down to the player whose deal it was.
        if hand.out_of_turn and hand.dealer is not None:
            return Effect(result=HandResult.MISDEAL,
                          corrections={"dealer": hand.dealer.partner.value, "out_of_turn": False})
        return Effect(result=HandResult.MISDEAL)
    if score is ScoreEffect.ADVERSARY_ABANDONED:
        return Effect(adversary_abandoned=True)
    if score is ScoreEffect.PARTNER_EXPOSED:
        return Effect(partner_exposed=True)
    if score is ScoreEffect.PARTNERSHIP:
        return Effect(corrections={"alone": False, **({"declared_by": None} if hand.declared_by else {})})
    if score is ScoreEffect.OUT_OF_TURN_STANDS:
        # Law 40: the hand is recorded as dealt by the player who dealt it; the rotation goes on from him.
        dealt_by = {"dealer": answers["dealt_by"]} if "dealt_by" in answers else {}
        return Effect(corrections={"out_of_turn": True, **dealt_by})
    if score is ScoreEffect.CORRECTED:
        return Effect(corrections=_corrections(answers, hand))
    assert offender is not None
    side = offender.side
    if score is ScoreEffect.WRONG_CARDS:
        return Effect(wrong_cards=side)
    if score is ScoreEffect.SIGNAL:
        return Effect(signal=side)
    if score is ScoreEffect.THROWN_IN:
        return Effect(thrown_in=side)
    if score is ScoreEffect.REFUSED_PENALTY:
        return Effect(refused_penalty=side)
    if score is ScoreEffect.MISCOUNT:
        points = int(answers["points"])
        return Effect(miscount=Miscount(ns=points) if side is Side.NS else Miscount(ew=points))
    if score is ScoreEffect.UNCOUNTED:
        points = int(answers["points"])
        return Effect(uncounted=Miscount(ns=points) if side is Side.NS else Miscount(ew=points))
    # A code that scores one award for a side's revokes (XXV) does not ask how many.
    count, other = int(answers.get("count", 1)), int(answers.get("other_count", 0))
    return Effect(revokes=Revokes(ns=count, ew=other) if side is Side.NS else Revokes(ns=other, ew=count))


def _corrections(answers: Mapping[str, Any], hand: ReportedHand) -> dict[str, Any]:
    """Law 5: the maker, lone hand and tricks put right, and the declaration made to fit the maker's seat."""
    maker = Seat(answers["maker"])
    corrections: dict[str, Any] = {"maker": maker.value, "alone": answers["alone"], "tricks": answers["tricks"]}
    declaration = fitting_declaration(hand, maker)
    if declaration is not hand.declaration:
        corrections["declaration"] = declaration.value if declaration is not None else None
    return corrections


def fitting_declaration(hand: ReportedHand, maker: Seat) -> Declaration | None:
    """The hand's declaration as it reads with `maker` as the maker.

    Taking up the turned card is ordering up from the dealer's adversaries, assisting from his
    partner and adopting by the dealer himself (laws 74-76); making a suit (law 77) may come
    from anyone. With no dealer recorded, a turned-card declaration stays only while the maker
    stays on the same side, and is dropped otherwise.
    """
    declaration = hand.declaration
    if declaration not in TURNED_CARD:
        return declaration
    if hand.dealer is None:
        return declaration if hand.maker is not None and maker.side is hand.maker.side else None
    if maker is hand.dealer:
        return Declaration.ADOPTED
    return Declaration.ASSISTED if maker is hand.dealer.partner else Declaration.ORDERED_UP


def _revoke_tally(rulebook: Rulebook, before: ReportedHand, after: ReportedHand) -> str:
    """Laws 63 and 71 in words, when the ruled hand holds revokes besides those this ruling charges:
    every revoke of the hand counted, how they cancel, and what scores."""
    ns, ew = after.revokes.ns, after.revokes.ew
    if not (ns or ew):
        return ""
    if not rulebook.penalties.revoke_each:
        return _one_award_tally(rulebook, after)
    each = rulebook.revoke_award(Side.NS if ns > ew else Side.EW, after.makers, after.alone)  # the side left over
    if ns and ew:
        told = f"In all, North-South revoked {times(ns)} in this hand and East-West {times(ew)}"
    elif before.revokes:
        told = f"In all, {SIDE_WORDS[Side.NS if ns else Side.EW]} revoked {times(ns or ew)} in this hand"
    else:  # this ruling's revokes are the hand's only ones
        left, to = ns or ew, SIDE_WORDS[Side.EW if ns else Side.NS]
        return f"So {to} score {left * each} points."
    if ns == ew:
        return f"{told}: the revokes cancel one for one, and no revoke points are scored."
    left, to = abs(ns - ew), SIDE_WORDS[Side.EW if ns > ew else Side.NS]
    if not (ns and ew):
        return f"{told}: {to} score {left * each} points for them."
    over = "the one revoke left over gives" if left == 1 else f"the {left} revokes left over give"
    return f"{told}: the revokes cancel one for one, and {over} {to} {left * each} points."


def _one_award_tally(rulebook: Rulebook, hand: ReportedHand) -> str:
    """What a side's revokes give under a code that scores one award for them (XXV-XXVI, XXXIV; the standard
    game ends the hand there)."""
    ns, ew = hand.revokes.ns, hand.revokes.ew
    if ns and ew and rulebook.penalties.revokes_offset:
        return (f"Revokes by both sides in one hand offset: the hand is void and the same dealer deals again "
                f"({rulebook.cite(rulebook.laws_for(Reason.REVOKES_OFFSET))}).")
    revoked = Side.NS if ns else Side.EW
    points, to = rulebook.revoke_award(revoked, hand.makers, hand.alone), SIDE_WORDS[revoked.other]
    if rulebook.penalties.revoke_ends_hand:
        return f"So {to} score {points} points, and the hand ends there: nothing else in it is scored."
    return (f"So {to} score {points} points, and their own points from the hand as well; {SIDE_WORDS[revoked]} "
            f"count nothing from it.")


def times(count: int) -> str:
    """How often: "once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def code_words(rulebook: Rulebook) -> dict[str, Any]:
    """The values a ruling's text may name that the code fixes, whatever the hand: the laws table's stand-ins
    (`scoring.rulings.laws_table.generic_words`) take them as they are."""
    return {
        "partner_exposed_march": rulebook.points.partner_exposed_march,
        "lone_euchre": rulebook.points.lone_euchre,
        # what a signal gives the other side: "one point" (XXXIII), or a house rule's "two points"
        "signal_points": {1: "one point", 2: "two points"}.get(rulebook.points.signal,
                                                               f"{rulebook.points.signal} points"),
        "abandoned_lone_hand": rulebook.points.abandoned_lone_hand,
    }


def _words(rulebook: Rulebook, hand: ReportedHand, offender: Seat | None, answers: Mapping[str, Any],
           names: Mapping[Seat, str] | None, won: int | None = None) -> dict[str, Any]:
    """The values a ruling's text may name."""

    def who(seat: Seat | None, fallback: str) -> str:
        if seat is None:
            return fallback
        name = (names or {}).get(seat)
        return f"{name} ({SEAT_WORDS[seat]})" if name else SEAT_WORDS[seat]

    count = answers.get("count", 1) or 0
    points = answers.get("points", 0)
    maker = Seat(answers["maker"]) if "maker" in answers else None
    return {
        **code_words(rulebook),
        "offender": who(offender, "the offender"),
        "partner": who(offender.partner if offender else None, "his partner"),
        "left": who(offender.left if offender else None, "his left-hand adversary"),
        "dealer": who(hand.dealer, "the dealer"),
        "side": SIDE_WORDS[offender.side] if offender else "the offending side",
        "claimants": SIDE_WORDS[offender.side.other] if offender else "The adversaries",
        "count": count,
        "times": times(count),
        "revoke_points": rulebook.revoke_award(offender.side if offender else None, hand.makers, hand.alone),
        "forfeit": rulebook.points.lone_wrong_cards_forfeit if hand.alone else rulebook.points.wrong_cards_forfeit,
        "tricks": answers.get("tricks", ""),
        "points": points,
        "points_words": plural(points, "point"),
        "won": plural(won or 0, "point"),
        "alone_words": (f"{who(maker, 'the maker')} playing alone" if answers.get("alone")
                        else f"{who(maker, 'the maker')} and his partner"),
    }
