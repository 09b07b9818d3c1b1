"""May this table's record change now: the one question every write that changes a hand or a score asks, with the
rubber's row locked (`record_lock`).

- A progressive night the secretary has closed (its tallies checked at the scorer's table): no change at all,
  until he reopens it.
- A round whose next round was seated from its results: a change says why (those seats stand; the standings and
  prizes follow it). A deal is no longer taken back there: it is corrected, with its reason.
- The rubber's own state: an abandoned rubber takes no change; a rubber the laws have finished (or its round
  stopped) takes no new deal, report, substitute or abandonment, though what was entered can still be put right.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from django.core.exceptions import ValidationError

from scoring.engine.words import plural
from scoring.models import Event, Round, Rubber
from scoring.services.scoring import rubber_lock


@dataclass(frozen=True)
class _Asks:
    """What a change is refused for, in its own words."""

    doing: str
    """What the secretary would reopen a closed night to do."""
    abandoned: str = ""
    ended: str = ""
    """Said when the rubber is finished (or stopped); empty where a finished rubber may still take the change."""
    why: str = ""
    """What to say once a later round was seated from this one; empty where the change needs no reason."""
    stays_once_round_closed: str = ""
    """Said where the change is refused outright once the table's round is closed."""


class Change(enum.Enum):
    """Each kind of write that changes a table's hands or score."""

    HAND = _Asks("enter a deal", "The rubber was abandoned; no more hands can be entered.",
                 ended="The rubber is complete; no more hands can be entered.")
    """A deal recorded: the secretary's entry, a phone's confirmed report, a report he settles."""
    REPORT = _Asks("report a deal", "Play at this table was abandoned.",
                   ended="Play at this table has ended, so its code no longer works.")
    """A phone's report of the next deal, or the other side's answer to it."""
    CORRECTION = _Asks("correct one", "The rubber was abandoned; its hands can no longer be corrected.",
                       why="say why it is corrected")
    TAKE_BACK = _Asks("take a deal back", "The rubber was abandoned; its hands stay as they are.",
                      stays_once_round_closed="The rubber's round is closed and its score stands; correct a hand "
                                              "instead.")
    PENALTY = _Asks("add a penalty", "The rubber was abandoned.", why="say why in the penalty's note")
    RULING = _Asks("make a ruling", "The rubber was abandoned; no rulings can be made on it.",
                   why="say why in the ruling's note")
    WITHDRAWAL = _Asks("withdraw a ruling", "The rubber was abandoned; no rulings can be made on it.")
    """A ruling withdrawn (its reason is asked always)."""
    SUBSTITUTE = _Asks("seat a substitute", "The rubber was abandoned; no substitute can take a seat in it.",
                       ended="The rubber is complete; no substitute can take a seat in it.")
    ABANDON = _Asks("abandon a table", "The rubber was abandoned already.",
                    ended="A complete rubber cannot be abandoned.")
    TOTALS = _Asks("enter a table's totals", "The table's rubber was abandoned; it takes no totals.",
                   why="say why it is corrected")
    """A progressive table's round totals entered from its paper tally."""
    IMPORT = _Asks("import a table's deals")
    """A rubber read from an interchange document into an event: a table of its own, not yet locked."""

    @property
    def asks(self) -> _Asks:
        asks: _Asks = self.value
        return asks


def record_lock(rubber_id: int, change: Change, *, reason: str = "", seen: Rubber | None = None) -> Rubber:
    """Lock the rubber's row (`rubber_lock`, which `seen` spares a read) and refuse `change` when its record may
    not change now."""
    rubber = rubber_lock(rubber_id, seen=seen)
    record_check(rubber, change, reason=reason)
    return rubber


def record_check(rubber: Rubber, change: Change, *, reason: str = "") -> None:
    """Refuse `change` to the (locked) rubber's record, saying why, when it may not change now."""
    asks = change.asks
    night_open_check(rubber.event, change)
    if rubber.status == Rubber.Status.ABANDONED:
        raise ValidationError(asks.abandoned, code="rubber_abandoned")
    if asks.ended and rubber.status != Rubber.Status.IN_PROGRESS:
        raise _ended(rubber, asks)
    if asks.stays_once_round_closed and Round.objects.filter(tables__rubber=rubber,
                                                              status=Round.Status.CLOSED).exists():
        raise ValidationError(asks.stays_once_round_closed, code="score_stands")
    if asks.why and not reason.strip() and (later := later_round(rubber)) is not None:
        raise ValidationError(f"Round {later} was seated from this round's results: {asks.why} (the seats made "
                              "stand; the standings and prizes follow).", code="later_round_seated")


def night_open_check(event: Event, change: Change) -> None:
    """Refuse any change to a progressive night the secretary has closed, its tallies checked."""
    if event.progressive and event.closed_at is not None:
        raise ValidationError(f"The night is closed, its tallies checked: reopen it on the rounds page to "
                              f"{change.asks.doing}.", code="night_closed")


def _ended(rubber: Rubber, asks: _Asks) -> ValidationError:
    if rubber.status == Rubber.Status.STOPPED and rubber.round_totals is None:
        return ValidationError(f"The rubber stopped after {plural(rubber.hand_count, 'deal')}, at its round's end; "
                               "its score stands as it is.", code="rubber_stopped")
    if rubber.status == Rubber.Status.STOPPED:
        return ValidationError("The round's totals were entered from the table's tally; it takes no deals.",
                               code="totals_entered")
    return ValidationError(asks.ended, code="rubber_ended")


def later_round(rubber: Rubber) -> int | None:
    """The number of the round after this table's, when it has started (seated from this round's results)."""
    table = getattr(rubber, "round_table", None)
    if table is None or not rubber.event.progressive:
        return None
    started = Round.objects.filter(event_id=rubber.event_id, number__gt=table.round.number).exclude(
        status=Round.Status.PLANNED).order_by("number").values_list("number", flat=True).first()
    return started
