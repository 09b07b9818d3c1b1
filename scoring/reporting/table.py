"""Which table a phone is at, and as whom it may speak.

A phone reaches its table by the table's code (`/t/<code>/`): the code opens that rubber's table page
and nothing else, and any of the four may report or answer from it, as at the table itself. A member
logged in and seated at the rubber reaches it by the rubber (`/rubbers/<pk>/table/`) and speaks only
for himself; the secretary may open any table this way and speak for any of its four.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import prefetch_related_objects
from django.http import HttpRequest
from django.urls import reverse

from scoring.access import is_secretary
from scoring.club.selectors import rubber_or_404
from scoring.engine import Seat
from scoring.models import Player, Rubber, TableCode
from scoring.reporting.codes import ALPHABET
from scoring.services.scoring import seat_changes_held

PHONE_KEY = "table_phone"


class TableClosed(Exception):
    """The table's code or rubber no longer opens it; the message says why, and `rubber` is the rubber
    that ended there (None when the code was withdrawn), so the page can show how it ended."""

    def __init__(self, message: str, rubber: Rubber | None = None) -> None:
        super().__init__(message)
        self.rubber = rubber


@dataclass
class Table:
    """A table as one phone sees it: its rubber in play, how the phone came, who it may speak for."""

    rubber: Rubber
    code: TableCode | None
    member: Any
    speakers: list[Player]
    phone: str

    @property
    def number(self) -> int:
        """The hand to report next."""
        return self.rubber.hand_count + 1

    @property
    def seated(self) -> dict[Seat, Player]:
        return self.rubber.players_at_hand(self.number)

    @property
    def dealer(self) -> Seat:
        return Seat(self.rubber.next_dealer or self.rubber.first_dealer)

    def url(self, name: str = "", **kwargs: Any) -> str:
        """A URL of this table's pages, by code or by rubber as the phone came."""
        prefix = "code_table" if self.code is not None else "member_table"
        key = {"code": self.code.code} if self.code is not None else {"pk": self.rubber.pk}
        return reverse(f"{prefix}{'_' + name if name else ''}", kwargs={**key, **kwargs})


def phone_of(request: HttpRequest) -> str:
    """A short name for this phone, kept in its session, recorded with what it reports."""
    phone = request.session.get(PHONE_KEY)
    if not isinstance(phone, str):
        phone = "".join(secrets.choice(ALPHABET) for _ in range(4))
        request.session[PHONE_KEY] = phone
    return phone


def by_code(request: HttpRequest, code: TableCode) -> Table:
    if code.withdrawn_at is not None:
        raise TableClosed("The secretary has withdrawn this table's code; ask him for the new one.")
    rubber = code.rubber  # read with the code, its event and players with it
    if getattr(code, "seat_change_count", None) == 0:
        seat_changes_held(rubber, [])
    else:
        prefetch_related_objects([rubber], "seat_changes__player")
    if rubber.status != Rubber.Status.IN_PROGRESS:
        raise TableClosed(f"The {rubber.rulebook.wording.terms.contest} at this table has ended, so its code no longer "
                          "works.", rubber)
    table = Table(rubber, code, None, [], phone_of(request))
    table.speakers = list(table.seated.values())
    return table


def by_member(request: HttpRequest, pk: int) -> Table:
    """The table of rubber `pk` for the member logged in: seated there, or the secretary."""
    rubber = rubber_or_404(pk)
    table = Table(rubber, None, request.user, [], phone_of(request))
    own = getattr(request.user, "player", None)
    seated = list(table.seated.values())
    if own is not None and own in seated:
        table.speakers = [own]
    elif is_secretary(request.user):
        table.speakers = seated
    else:
        raise PermissionDenied("You are not seated at this table.")
    if rubber.status != Rubber.Status.IN_PROGRESS:
        contest = rubber.rulebook.wording.terms.contest
        raise TableClosed(f"This {contest} has ended; its hands are on the {contest}'s page.", rubber)
    return table
