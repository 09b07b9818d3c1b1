"""The club's records, one module per concern. Constraints keep bad rows out; scoring lives in the
engine and services. Everything is re-exported here, so `scoring.models.Rubber` and the app's
migrations stay as they were."""

from scoring.models.choices import RULEBOOK_CHOICES, SEAT_CHOICES, SIDE_CHOICES
from scoring.models.club import Club, Event, EventQuerySet, Player
from scoring.models.clubnight import ClubTable, Cutting
from scoring.models.kept import KeptCharges, KeptFigures, KeptMaking, KeptNight, KeptOpposition
from scoring.models.reports import CodeGuess, HandReport, TableCode
from scoring.models.rounds import Entrant, Round, RoundBye, RoundTable, TotalsCorrection
from scoring.models.rubbers import (
    GameRecord,
    Hand,
    HandCorrection,
    HandTakenBack,
    Penalty,
    Rubber,
    RubberPlayerResult,
    RubberQuerySet,
    SeatChange,
)
from scoring.models.rulings import Ruling
from scoring.models.seasons import Season

__all__ = [
    "RULEBOOK_CHOICES",
    "SEAT_CHOICES",
    "SIDE_CHOICES",
    "Club",
    "ClubTable",
    "CodeGuess",
    "Cutting",
    "Entrant",
    "Event",
    "EventQuerySet",
    "GameRecord",
    "Hand",
    "HandCorrection",
    "HandReport",
    "HandTakenBack",
    "KeptCharges",
    "KeptFigures",
    "KeptMaking",
    "KeptNight",
    "KeptOpposition",
    "Penalty",
    "Player",
    "Round",
    "RoundBye",
    "RoundTable",
    "Rubber",
    "RubberPlayerResult",
    "RubberQuerySet",
    "Ruling",
    "Season",
    "SeatChange",
    "TableCode",
    "TotalsCorrection",
]
