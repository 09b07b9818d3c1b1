"""The words of a hand and of a rubber's state, one place for every page, sheet and table that prints them:
how a hand was played (players by name), how it came to be recorded, how a rubber, a match or a progressive
table stands (`rubber_state_words`, the same sentence on its page, its score sheet and its closed table page),
and how a rubber ended for a player."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.utils import timezone

from scoring.engine import Declaration, HandResult, RubberResult, Seat, Side
from scoring.engine.rulebook.matters import Matter
from scoring.engine.words import SEAT_WORDS, SIDE_WORDS, UNPLAYED_WORDS, moment, plural, score, took_trump
from scoring.models import Hand, HandReport, Player, Rubber

REPORT_PEOPLE = ("reported_by", "answered_by", "reported_member", "answered_member", "settled_by")
HAND_RECORD = ("entered_by", *(f"report__{who}" for who in REPORT_PEOPLE))
"""What a hand's record names: select these with the hand, and `hand_record_words` costs no query."""

SETTLED: dict[str, str] = {
    HandReport.Status.ACCEPTED: "accepted", HandReport.Status.CORRECTED: "corrected",
    HandReport.Status.SUPERSEDED: "entered instead", HandReport.Status.WITHDRAWN: "taken back",
    HandReport.Status.DROPPED: "dropped, not recorded"}


def play_words(play: dict[str, Any], seated: dict[Seat, Player]) -> str:
    """"Ann Avery ordered it up alone, 5 tricks", or how the deal ended unplayed."""
    result = HandResult(play.get("result", HandResult.PLAYED.value))
    if result is not HandResult.PLAYED:
        return UNPLAYED_WORDS[result]
    declaration = Declaration(play["declaration"]) if play.get("declaration") else None
    names = {seat: str(player) for seat, player in seated.items()}
    who = took_trump(Seat(play["maker"]), declaration, bool(play.get("alone")), names)
    return f"{who}, {plural(play.get('tricks') or 0, 'trick')}"


RECORDED_OTHERWISE = (HandReport.Status.CORRECTED, HandReport.Status.SUPERSEDED)
"""Reports whose hand was recorded otherwise than reported: their record says what the table reported."""


def record_words(report: HandReport, as_reported: str = "") -> str:
    """"reported by Henry Hale (phone K3F7) 20:14 · confirmed by Ann Avery (phone Q9XR) 20:15".

    `as_reported` (the report in words) is named when the hand was recorded otherwise: "reported as
    “All passed” by ...", so the record keeps what the table said as well as what was recorded.
    """
    what = f"as “{as_reported}” " if as_reported and report.status in RECORDED_OTHERWISE else ""
    day = timezone.localtime(report.reported_at).date()
    parts = [f"reported {what}by {report.reported_by}{_how(report.reported_phone, report.reported_member)} "
             f"{moment(timezone.localtime(report.reported_at))}"]
    if report.answered_by_id is not None and report.answered_at is not None:
        verb = "disputed" if report.dispute or report.status == HandReport.Status.DISPUTED else "confirmed"
        # A dispute always says why (the form and the service require it), so a reason marks one.
        parts.append(f"{verb} by {report.answered_by}{_how(report.answered_phone, report.answered_member)} "
                     f"{_at(report.answered_at, day)}" + (f": “{report.dispute}”" if report.dispute else ""))
    settled = SETTLED.get(report.status)
    if report.settled_at is not None and settled:
        who = f" by {report.settled_by}" if report.settled_by_id else ""
        parts.append(f"{settled}{who} {_at(report.settled_at, day)}")
    return " · ".join(parts)


def _at(when: datetime, day: date) -> str:
    """The time of a later step of the same report: its day is said once, unless it changed."""
    local = timezone.localtime(when)
    return f"{local:%H:%M}" if local.date() == day else moment(local)


def _how(phone: str, member: Any) -> str:
    bits = [f"logged in as {member}"] if member is not None else []
    if phone:
        bits.append(f"phone {phone}")
    return f" ({', '.join(bits)})" if bits else ""


def hand_played(hand: Hand) -> dict[str, Any]:
    """A recorded hand's play, as `play_words` reads it."""
    return {"result": hand.result, "maker": hand.maker, "declaration": hand.declaration, "alone": hand.alone,
            "tricks": hand.tricks}


def hand_record_words(hand: Hand, rubber: Rubber | None = None) -> str:
    """How a recorded hand came: reported and confirmed at the table, or entered by the secretary.
    Given its rubber, a hand recorded otherwise than reported also says what the table reported."""
    report = getattr(hand, "report", None)
    if report is not None:
        as_reported = ""
        if rubber is not None and report.status in RECORDED_OTHERWISE:
            seated = rubber.players_at_hand(report.number)
            as_reported = play_words(report.play, seated)
            if as_reported == play_words(hand_played(hand), seated):
                as_reported = ""  # entered instead, but just as the table reported it
        return record_words(report, as_reported)
    return f"entered by {hand.entered_by} {moment(timezone.localtime(hand.entered_at))}" if hand.entered_by_id else ""


def rubber_result_words(status: str, won: bool | None) -> str:
    """How a rubber went for a player: "won", "lost", "stopped" (by its round), "abandoned", or
    "undecided, in progress"; a table stopped by its round that it decided (a progressive round, a round's match
    won on its games), "won, stopped" or "lost, stopped". The rubbers table, the record PDF and the player's page
    all print this."""
    if status == Rubber.Status.ABANDONED:
        return "abandoned"
    if status == Rubber.Status.STOPPED:
        return "stopped" if won is None else f"{'won' if won else 'lost'}, stopped"
    verdict = "won" if won else "lost" if won is False else "undecided"
    return verdict if status == Rubber.Status.COMPLETE else f"{verdict}, in progress"


def rubber_state_words(rubber: Rubber, result: RubberResult | None) -> str:
    """How the table stands, in its format's words, its sides named by who began: "North-South (Hale & Jewett)
    won the rubber. Rubber points: NS 6 - EW 2 (law 7).", "In play: game 2 to 10, NS 3 - EW 1; next to deal
    South. Games won: NS 1 - EW 0.", "Stopped after 8 deals, the round's limit: the round's tally NS 14 - EW 9."
    (en dashes). `result` is the rubber scored from its hands; None when they could not be scored."""
    if rubber.status == Rubber.Status.ABANDONED:
        return f"Abandoned: {rubber.abandon_reason}. Not counted in the standings."
    if result is None:
        return "The recorded hands could not be scored; see the rubber page."
    current = score(*result.current_score) if result.current_score else score(0, 0)
    if rubber.rulebook.wording.terms.tally:  # a progressive round: its deals' points added up, no game won
        state = rubber.stopped_words if rubber.status == Rubber.Status.STOPPED else f"In play, {rubber.deals_words}"
        return f"{state}: the round's tally {current}."
    if not rubber.rulebook.winning.laps:
        return _match_state(rubber, result, current)
    return _rubber_state(rubber, result, current)


def _sides(rubber: Rubber, side: Side) -> str:
    """A side by who began the rubber in it: "North-South (Henry Hale & James Jewett)"."""
    return f"{SIDE_WORDS[side]} ({' & '.join(rubber.player_at(s).display_name for s in side.seats)})"


def _next_dealer(result: RubberResult) -> str:
    return f"; next to deal {SEAT_WORDS[result.next_dealer]}" if result.next_dealer else ""


def _rubber_state(rubber: Rubber, result: RubberResult, current: str) -> str:
    """A Somerset rubber's state: won, stopped by its round (the game in play does not count), or in progress."""
    code, points, games = rubber.rulebook, score(*result.rubber_points), len(result.games)
    if result.complete and result.rubber_winner:
        return (f"{_sides(rubber, result.rubber_winner)} won the rubber. "
                f"Rubber points: {points}{code.noted(Matter.RUBBER_POINTS)}.")
    if rubber.status == Rubber.Status.STOPPED:
        # The games finished count; the rubber's bonus only if two of the first three had already decided it.
        bonus = (f"{SIDE_WORDS[result.rubber_winner]} had already won the rubber (two of the first three games), "
                 f"so its bonus counts{code.noted(Matter.RUBBER_POINTS)}" if result.rubber_winner
                 else "nor does the rubber's bonus")
        return f"{rubber.stopped_words}: game {games + 1} stood {current} and does not count; {bonus}. " \
               f"Rubber points: {points}."
    words = f"In progress: game {games + 1}, {current}{_next_dealer(result)}."
    if result.rubber_winner:
        still = ("the third game ended with a lap, so a fourth is played" if games >= 3
                 else "the third game is still played")
        words += f" {SIDE_WORDS[result.rubber_winner]} have won the rubber; {still}{code.noted(Matter.THIRD_GAME)}."
    return words


def _match_state(rubber: Rubber, result: RubberResult, current: str) -> str:
    """A match's state: won, cut off by its round (the game in play counts its points, not as won), or in play."""
    games = score(*result.rubber_points)
    if result.complete and result.rubber_winner:
        return f"{_sides(rubber, result.rubber_winner)} won the match. Games won: {games}."
    if rubber.status == Rubber.Status.STOPPED:
        return (f"{rubber.stopped_words}: game {len(result.games) + 1} stood {current}; it counts its points, not "
                f"as a game won. Games won: {games}.")
    return (f"In play: game {len(result.games) + 1} to {rubber.rulebook.winning.game_points}, {current}"
            f"{_next_dealer(result)}. Games won: {games}.")
