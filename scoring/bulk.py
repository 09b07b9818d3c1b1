"""A large club in bulk, for benchmarks: complete random rubbers scored by the engine and stored
with the same stored results the services write, but in batched inserts rather than hand by hand."""

from __future__ import annotations

import datetime as dt
import random

from django.db import transaction

from scoring.demo import random_play
from scoring.engine import ReportedHand, Seat, Side, score_rubber
from scoring.engine.interchange import parse_hand
from scoring.models import Event, GameRecord, Hand, Player, Rubber, RubberPlayerResult
from scoring.services.reports import play_fields
from scoring.standings_cache import results_changed

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
    start = event.starts_on
    hand_rows: list[Hand] = []
    game_rows: list[GameRecord] = []
    result_rows: list[RubberPlayerResult] = []
    stored = 0

    def flush() -> None:
        nonlocal hand_rows, game_rows, result_rows
        Hand.objects.bulk_create(hand_rows, batch_size=BATCH)
        GameRecord.objects.bulk_create(game_rows, batch_size=BATCH)
        RubberPlayerResult.objects.bulk_create(result_rows, batch_size=BATCH)
        hand_rows, game_rows, result_rows = [], [], []

    for i in range(rubbers):
        four = rng.sample(players, 4)
        seats = dict(zip(Seat, four, strict=True))
        first = rng.choice(list(Seat))
        hands = _random_rubber(rng, first)
        result = score_rubber(hands, explain=True, first_dealer=first)
        rubber = Rubber.objects.create(
            event=event, north=four[0], east=four[1], south=four[2], west=four[3], first_dealer=first.value,
            table_label=str(i % 8 + 1), played_on=start + dt.timedelta(days=i // 40),
            status=Rubber.Status.COMPLETE, rubber_winner=result.rubber_winner.value if result.rubber_winner else "",
            ns_points=result.rubber_points[0], ew_points=result.rubber_points[1], next_dealer="",
            hand_count=len(hands))
        for number, (hand, scored) in enumerate(zip(hands, result.hands, strict=True), 1):
            maker = hand.maker if hand.scores else None
            hand_rows.append(Hand(
                rubber=rubber, number=number, **play_fields(hand), game=scored.game,
                ns_points=scored.points(Side.NS), ew_points=scored.points(Side.EW),
                ns_after=scored.score_after[0], ew_after=scored.score_after[1],
                maker_player=seats[maker] if maker else None,
                maker_position=maker.position_after(hand.dealer) if maker and hand.dealer else None))
        game_rows += [GameRecord(rubber=rubber, number=g.number, winner=g.winner.value, ns_score=g.score[0],
                                 ew_score=g.score[1], lap=g.lap, double=g.double, value=g.value,
                                 closed_by_hand=g.closed_by_hand) for g in result.games]
        points = dict(zip(Side, result.rubber_points, strict=True))
        for seat, player in seats.items():
            side = seat.side
            won = [g for g in result.games if g.winner is side]
            result_rows.append(RubberPlayerResult(
                rubber=rubber, player=player, side=side.value, partner=seats[seat.partner],
                points_for=points[side], points_against=points[side.other], games_won=len(won),
                doubles_won=sum(1 for g in won if g.double), won=result.rubber_winner is side))
        stored += len(hands)
        if len(hand_rows) >= BATCH:
            flush()
    flush()
    results_changed([event.pk])
    return stored
