"""The words of a hand and of a rubber's state, one place for every page, sheet and table that prints them:
how a hand was played (players by name), how it came to be recorded, and how a rubber ended for a player."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.utils import timezone

from scoring.engine import Declaration, HandResult, Seat
from scoring.engine.words import UNPLAYED_WORDS, moment, plural, took_trump
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
