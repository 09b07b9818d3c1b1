"""A large club in bulk, for benchmarks: complete random rubbers scored by the engine and stored
through the same `result_records` as `rubber_rescore`, but in batched inserts rather than hand by hand."""

from __future__ import annotations

import datetime as dt
import random

from django.db import transaction

from scoring.engine import ReportedHand, Seat, score_rubber
from scoring.engine.interchange import parse_hand
from scoring.models import Event, GameRecord, Hand, Player, Rubber, RubberPlayerResult
from scoring.seeding.demo import random_play
from scoring.services.kept import totals_rebuild
from scoring.services.play import play_fields
from scoring.services.scoring import ResultRecords, result_records, results_changed

BATCH = 2000


def _random_rubber(rng: random.Random, first: Seat) -> list[ReportedHand]:
    """Random hands until the rubber is complete."""
    hands: list[ReportedHand] = []
    dealer = first
    while True:
        hand = parse_hand(random_play(rng, dealer), len(hands) + 1)
        hands.append(hand)
        result = score_rubber(hands, explain=False)
        if result.complete:
            return hands
        dealer = dealer.left


@transaction.atomic
def seed_bulk(*, rubbers: int, event: Event, players: list[Player], seed: int = 1888) -> int:
    """Add `rubbers` complete rubbers to `event`, seated from `players`; returns how many hands were stored."""
    rng = random.Random(seed)
    batch = _Batch()
    stored = 0
    for i in range(rubbers):
        four = rng.sample(players, 4)
        first = rng.choice(list(Seat))
        reports = _random_rubber(rng, first)
        rubber = Rubber(event=event, north=four[0], east=four[1], south=four[2], west=four[3],
                        first_dealer=first.value, table_label=str(i % 8 + 1),
                        played_on=event.starts_on + dt.timedelta(days=i // 40))
        hands = [Hand(rubber=rubber, number=number, **play_fields(hand)) for number, hand in enumerate(reports, 1)]
        result = score_rubber(reports, rubber.rulebook, first_dealer=first)
        records = result_records(rubber, hands, result, seat_changes=[])  # what rubber_rescore stores
        rubber.save()
        batch.add(hands, records)
        stored += len(hands)
    batch.flush()
    totals_rebuild([event.pk])
    results_changed([event.pk])
    return stored


class _Batch:
    """Rows waiting to be inserted, a few thousand at a time."""

    def __init__(self) -> None:
        self.hands: list[Hand] = []
        self.games: list[GameRecord] = []
        self.players: list[RubberPlayerResult] = []

    def add(self, hands: list[Hand], records: ResultRecords) -> None:
        self.hands += hands
        self.games += records.games
        self.players += records.players
        if len(self.hands) >= BATCH:
            self.flush()

    def flush(self) -> None:
        Hand.objects.bulk_create(self.hands, batch_size=BATCH)
        GameRecord.objects.bulk_create(self.games, batch_size=BATCH)
        RubberPlayerResult.objects.bulk_create(self.players, batch_size=BATCH)
        self.hands, self.games, self.players = [], [], []
