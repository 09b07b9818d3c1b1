"""A stored ruling made readable: its questions and answers, its laws, its effect, the score both ways.

Shared by the ruling page, the rubber page and the printed ruling, so they never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.engine import Reason, RubberResult, Rulebook, Seat, Side
from scoring.engine.laws import Law
from scoring.engine.rulebook.matters import Matter
from scoring.engine.rulebook.terms import Terms
from scoring.engine.rulings import (
    DEAL_WORDS,
    REMEDY_WORDS,
    Chooser,
    Deal,
    Irregularity,
    Offender,
    Remedy,
    irregularities,
)
from scoring.engine.words import DASH, SEAT_WORDS, SIDE_WORDS, plural
from scoring.models import Rubber, RubberPlayerResult, Ruling
from scoring.services.rulings import RulingPreview, ruling_words


@dataclass(frozen=True)
class RulingView:
    ruling: Ruling
    rubber: Rubber
    title: str
    facts: list[tuple[str, str]]
    election: str
    laws: list[Law]
    effect: list[str]
    deal: str
    remedies: list[str]
    before: dict[str, Any]
    after: dict[str, Any]
    chosen_by: str = "The non-offending side chose"
    """Who made the choice, and the law that gave it (from the rubber's rulebook): the side that did not offend,
    or the dealer after an interrupted deal."""
    summary: str = ""
    """What the ruling says, as the hand stands now (see `ruling_words`)."""

    @property
    def score_rows(self) -> list[tuple[str, str, str]]:
        return score_rows(self.before, self.after, self.ruling.hand.number, self.rubber.rulebook.wording.terms)


@dataclass(frozen=True)
class StandingChange:
    """What a ruling on a complete rubber does to one player's line in the event's standings."""

    player: str
    side: str
    points_before: int
    points_after: int
    result_before: str
    result_after: str
    counted_after: bool
    """Whether the rubber is still complete, and so counted in the standings, after the ruling."""

    @property
    def changes(self) -> bool:
        return (not self.counted_after
                or (self.points_before, self.result_before) != (self.points_after, self.result_after))


def standings_changes(rubber: Rubber, preview: RulingPreview) -> list[StandingChange]:
    """Each player of a complete rubber, with his rubber points and result before and after the ruling."""
    def result(outcome: RubberResult, side: Side) -> str:
        if outcome.rubber_winner is None:
            return "no winner"
        return "won" if outcome.rubber_winner is side else "lost"

    rows = []
    for line in RubberPlayerResult.objects.filter(rubber=rubber).select_related("player").order_by("side", "pk"):
        side = Side(line.side)
        index = 0 if side is Side.NS else 1
        rows.append(StandingChange(
            line.player.display_name, side.value,
            preview.before.rubber_points[index], preview.after.rubber_points[index],
            result(preview.before, side), result(preview.after, side), preview.after.complete))
    return rows


def score_rows(before: dict[str, Any], after: dict[str, Any], number: int,
               terms: Terms) -> list[tuple[str, str, str]]:
    """(what, before, after) lines for a score-change table, from two stored snapshots, in the format's words: a
    rubber's or a match's games and its figure, or a progressive round's tally."""
    def pair(value: Any) -> str:
        return "\u2014" if value is None else f"{value[0]}{DASH}{value[1]}"

    def games(snapshot: dict[str, Any]) -> str:
        listed = [f"{g['winner']} {g['score'][0]}{DASH}{g['score'][1]}" for g in snapshot.get("games", [])]
        return ", ".join(listed) or "none yet"

    if not before:
        return []
    hand = (f"Hand {number} points (NS{DASH}EW)", pair(before.get("hand")), pair(after.get("hand")))
    if not terms.games:
        return [hand, (f"The round's tally (NS{DASH}EW)", pair(before.get("current")), pair(after.get("current")))]
    return [
        hand,
        ("Games won", games(before), games(after)),
        ("Score of the game in play", pair(before.get("current")), pair(after.get("current"))),
        (f"{terms.unit.capitalize()} (NS{DASH}EW)", pair(before.get("rubber_points")),
         pair(after.get("rubber_points"))),
    ]


def _table(rubber: Rubber) -> dict[str, Irregularity]:
    return dict(irregularities(rubber.rulebook))


def effect_words(effect: dict[str, Any], rulebook: Rulebook) -> list[str]:
    """The score effect in plain words, citing the code's own laws."""

    def law(reason: Reason | Matter) -> str:
        return rulebook.noted(reason)

    words = []
    for side, count in (effect.get("revokes") or {}).items():
        words.append(f"{SIDE_WORDS[Side(side)]} charged with {plural(count, 'revoke')}"
                     f"{law(Reason.REVOKE)}")
    if effect.get("wrong_cards"):
        words.append(f"{SIDE_WORDS[Side(effect['wrong_cards'])]} had the wrong number of cards"
                     f"{law(Reason.WRONG_CARDS_VOID)}")
    if effect.get("adversary_abandoned"):
        words.append(f"The lone player scores five: an adversary abandoned his hand{law(Reason.ABANDONED)}")
    if effect.get("partner_exposed"):
        words.append("A lone march scores only two: the partner exposed a card"
                     f"{law(Reason.LONE_MARCH_PARTNER_EXPOSED)}")
    if effect.get("signal"):
        words.append(f"{SIDE_WORDS[Side(effect['signal'])]} signalled: a point to the other side{law(Reason.SIGNAL)}")
    if effect.get("thrown_in"):
        words.append(f"{SIDE_WORDS[Side(effect['thrown_in'])]} threw the cards in: the other side counts a march"
                     f"{law(Reason.THROWN_IN)}")
    for side, points in (effect.get("miscount") or {}).items():
        words.append(f"{SIDE_WORDS[Side(side).other]} count the {points} point(s) {SIDE_WORDS[Side(side)]} "
                     f"wrongly added{law(Reason.COUNTER_ERROR)}")
    for side, points in (effect.get("uncounted") or {}).items():
        words.append(f"{SIDE_WORDS[Side(side)]} lose the {points} point(s) they failed to count in time"
                     f"{law(Reason.UNCOUNTED)}")
    if effect.get("refused_penalty"):
        words.append(f"{SIDE_WORDS[Side(effect['refused_penalty'])]} lose the game in play"
                     f"{law(Reason.PENALTY_REFUSED)}")
    if effect.get("result") == "new_deal":
        words.append("The hand is void: the same dealer deals again")
    if effect.get("result") == "misdeal":
        words.append(f"The hand is a misdeal: the deal passes{law(Reason.MISDEAL)}")
    if effect.get("result") == "passed":
        words.append(f"The hand is void: all passed twice round, and the deal passes{law(Reason.PASSED)}")
    corrections = effect.get("corrections") or {}
    if corrections.get("dealer"):
        words.append(f"The deal is put down to {SEAT_WORDS[Seat(corrections['dealer'])]}, whose deal it was"
                     f"{law(Matter.PARTNERS_DEAL)}")
    if corrections.get("out_of_turn"):
        words.append(f"The deal out of turn stands{law(Reason.DEAL_OUT_OF_TURN)}")
    if "tricks" in corrections:
        alone = " alone" if corrections.get("alone") else ""
        words.append(f"Scored as {SEAT_WORDS[Seat(corrections['maker'])]} making{alone}, "
                     f"{corrections['tricks']} tricks{law(Matter.SCORE_CLAIM)}")
    elif corrections.get("alone") is False:
        words.append("Scored as a partnership hand, not a lone hand")
    return words or ["No change to the score"]


def ruling_view(ruling: Ruling, rubber: Rubber) -> RulingView:
    rulebook = rubber.rulebook
    irregularity = _table(rubber).get(ruling.irregularity)
    names = rubber.names_at_hand(ruling.hand.number)

    def seat(value: str) -> str:
        s = Seat(value)
        return f"{SEAT_WORDS[s]}: {names[s]}" if s in names else SEAT_WORDS[s]

    facts: list[tuple[str, str]] = []
    election = ruling.election
    chosen_by = f"The non-offending side chose{rulebook.noted(Matter.CHOICE)}"
    if irregularity is not None:
        if ruling.offender:
            question = "Who dealt?" if irregularity.offender is Offender.DEALER else irregularity.offender_question
            facts.append((question, seat(ruling.offender)))
        for fact in irregularity.facts:
            if fact.key not in ruling.facts:
                continue
            value = ruling.facts[fact.key]
            if fact.kind == "seat":
                answer = seat(value)
            elif isinstance(value, bool):
                answer = "Yes" if value else "No"
            else:
                answer = rulebook.cites_in(fact.label(value))
            facts.append((rulebook.cites_in(fact.question), answer))
        options = {o.key: (o.label, p.outcome.chooser) for p in irregularity.paths if p.outcome
                   for o in p.outcome.options}
        label, chooser = options.get(ruling.election, (ruling.election, Chooser.CLAIMANTS))
        election = label
        if chooser is Chooser.LEFT_ADVERSARY and ruling.offender:
            chosen_by = (f"{seat(Seat(ruling.offender).left.value)}, the offender's left-hand adversary, "
                         "chose")
        if chooser is Chooser.PARTNER and ruling.offender:
            chosen_by = (f"{seat(Seat(ruling.offender).partner.value)}, the offender's partner, "
                         f"chose{rulebook.noted(Matter.PARTNERS_CHOICE)}")
        if chooser is Chooser.DEALER:
            law = rulebook.noted(Matter.DEALERS_CHOICE)
            chosen_by = f"The dealer, {seat(ruling.hand.dealer)}, chose{law}" if ruling.hand.dealer \
                else f"The dealer chose{law}"
    return RulingView(
        ruling=ruling,
        rubber=rubber,
        title=irregularity.title if irregularity else ruling.irregularity,
        facts=facts,
        election=election,
        laws=[rulebook.law(n) for n in ruling.laws if n in rulebook.laws],
        effect=effect_words(ruling.effect, rulebook),
        deal=DEAL_WORDS[Deal(ruling.deal)],
        remedies=[REMEDY_WORDS[Remedy(r)] for r in ruling.remedies],
        before=ruling.score_before,
        after=ruling.score_after,
        chosen_by=chosen_by,
        summary=ruling_words(ruling, rubber),
    )
