"""Rescoring a rubber through the engine and storing its result (never edited by hand)."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.engine import ReportedHand, RubberResult, Seat, Side, score_rubber
from scoring.models import GameRecord, Hand, Rubber, RubberPlayerResult
from scoring.services.reports import reported, rulebook_of
from scoring.standings_cache import results_changed


def rubber_hands(rubber: Rubber) -> list[Hand]:
    return list(rubber.hands.order_by("number").prefetch_related("penalties", "rulings"))


def rubber_result(rubber: Rubber, hands: Sequence[Hand] | None = None, *, explain: bool = True) -> RubberResult:
    """Score a rubber's stored hands (raises the engine's errors)."""
    rulebook = rulebook_of(rubber)
    rows = rubber_hands(rubber) if hands is None else hands
    return score_rubber([reported(h, rulebook) for h in rows], rulebook, explain=explain,
                        first_dealer=Seat(rubber.first_dealer))


def rubber_store(rubber: Rubber, hands: Sequence[Hand], reports: Sequence[ReportedHand]) -> RubberResult:
    """Score `reports` (the rubber's hands, in order) and store the result on the rows."""
    rulebook = rulebook_of(rubber)
    result = score_rubber(reports, rulebook, first_dealer=Seat(rubber.first_dealer))
    seated = rubber.player_ids_by_hand(len(hands))
    for row, scored, players in zip(hands, result.hands, seated, strict=True):
        row.game = scored.game
        row.ns_points, row.ew_points = scored.points(Side.NS), scored.points(Side.EW)
        row.ns_after, row.ew_after = scored.score_after
        maker, dealer = scored.hand.maker, scored.hand.dealer
        row.maker_player_id = players[maker] if maker is not None and scored.hand.scores else None
        row.maker_position = maker.position_after(dealer) if row.maker_player_id and dealer is not None else None
    Hand.objects.bulk_update(hands, ["game", "ns_points", "ew_points", "ns_after", "ew_after", "maker_player",
                                     "maker_position"])

    GameRecord.objects.filter(rubber=rubber).delete()
    GameRecord.objects.bulk_create([
        GameRecord(rubber=rubber, number=g.number, winner=g.winner.value, ns_score=g.score[0],
                   ew_score=g.score[1], lap=g.lap, double=g.double, value=g.value, closed_by_hand=g.closed_by_hand)
        for g in result.games
    ])
    _store_player_results(rubber, result)

    rubber.rubber_winner = result.rubber_winner.value if result.rubber_winner else ""
    rubber.ns_points, rubber.ew_points = result.rubber_points
    rubber.current_ns, rubber.current_ew = result.current_score or (None, None)
    rubber.next_dealer = result.next_dealer.value if result.next_dealer else ""
    rubber.hand_count = len(hands)
    if rubber.status != Rubber.Status.ABANDONED:
        rubber.status = Rubber.Status.COMPLETE if result.complete else Rubber.Status.IN_PROGRESS
    rubber.save(update_fields=["rubber_winner", "ns_points", "ew_points", "current_ns", "current_ew",
                               "next_dealer", "hand_count", "status"])
    results_changed([rubber.event_id])
    return result


def _store_player_results(rubber: Rubber, result: RubberResult) -> None:
    """Every player who sat in a seat during the rubber shares that side's result (law 18)."""
    RubberPlayerResult.objects.filter(rubber=rubber).delete()
    sitters: dict[int, Seat] = {}
    for seat in Seat:
        sitters.setdefault(seat_player_id(rubber, seat), seat)
    for change in rubber.seat_changes.all():
        sitters.setdefault(change.player_id, Seat(change.seat))
    games = {side: [g for g in result.games if g.winner is side] for side in Side}
    points = dict(zip(Side, result.rubber_points, strict=True))
    rows = []
    for player_id, seat in sitters.items():
        side = seat.side
        rows.append(RubberPlayerResult(
            rubber=rubber, player_id=player_id, side=side.value,
            partner_id=seat_player_id(rubber, seat.partner),
            points_for=points[side], points_against=points[side.other],
            games_won=len(games[side]), doubles_won=sum(1 for g in games[side] if g.double),
            won=None if result.rubber_winner is None else result.rubber_winner is side,
        ))
    RubberPlayerResult.objects.bulk_create(rows)


SEAT_FIELD = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}


def seat_player_id(rubber: Rubber, seat: Seat) -> int:
    return getattr(rubber, f"{SEAT_FIELD[seat]}_id")


def rubber_rescore(rubber: Rubber) -> RubberResult:
    """Rescore a rubber from its stored hands and penalties, and store the result."""
    hands = rubber_hands(rubber)
    rulebook = rulebook_of(rubber)
    return rubber_store(rubber, hands, [reported(h, rulebook) for h in hands])
