"""Recording hands through the service, as the secretary's form does."""

from __future__ import annotations

from typing import Any

from scoring.models import Rubber
from scoring.services.hands import HandExtras, hand_record


def record(rubber: Rubber, by: Any = None, **play: Any):
    rubber.refresh_from_db()
    play.setdefault("dealer", rubber.next_dealer)
    return hand_record(rubber_id=rubber.pk, play=play, extras=HandExtras(), by=by)


def play_game(rubber: Rubber, maker: str = "N") -> None:
    """Three hands that win a game 5-0 from 0-0 for the maker's side."""
    for tricks in (5, 5, 3):
        record(rubber, maker=maker, tricks=tricks)
