"""Rescoring a rubber and storing its result: the one path every change to a rubber takes.

Hands, penalties, corrections, seat changes, rulings, imports and restores lock the rubber's row
(`rubber_lock`), change what they change, and end in `rubber_rescore`, which scores the stored
hands through the engine and writes the result. Bulk seeding builds its rows with the same
`result_records`, so benchmark data is exactly what real scoring stores. Stored results are
never edited by hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Count, F, OuterRef, Subquery, prefetch_related_objects
from django.db.models.functions import Coalesce
from django.dispatch import Signal

from scoring.engine import (
    HandScore,
    IllegalReport,
    Reason,
    ReportedHand,
    RubberError,
    RubberResult,
    Seat,
    Side,
    score_rubber,
)
from scoring.engine.progressive import round_deals, table_winner, the_cut
from scoring.models import (
    Event,
    GameRecord,
    Hand,
    HandReport,
    Penalty,
    RoundTable,
    Rubber,
    RubberPlayerResult,
    SeatChange,
)
from scoring.services.kept import figures_keep, making_add, making_keep
from scoring.services.play import as_scored, as_validation_error

HAND_RESULT_FIELDS = ["game", "ns_points", "ew_points", "ns_after", "ew_after", "maker_player", "maker_position"]
HAND_RESULT_STORED = ["game", "ns_points", "ew_points", "ns_after", "ew_after", "maker_player_id", "maker_position"]
"""The same fields as the hand object holds them, to tell which hands a rescore moved."""
RUBBER_RESULT_FIELDS = ["rubber_winner", "ns_points", "ew_points", "current_ns", "current_ew", "next_dealer",
                        "hand_count", "status"]


def rubber_lock(rubber_id: int, *, seen: Rubber | None = None) -> Rubber:
    """Lock the rubber's row for this transaction, so changes to one rubber queue rather than race. A write that
    changes the table's record asks `record.record_lock` instead, which locks through this.

    Locks are always taken in one order, the event's row before its rubbers' (in id order when there are
    several), so a round's close and its tables' phones queue rather than deadlock: every rescore writes
    the event's results version, so writers of one event meet at its row anyway. Only the rubber's own
    row is locked, never the players' or the event's through the join. `seen` is the rubber as the caller read it
    before the lock: its substitutes are not read again when none can have been seated since (`seat_changes_read`).
    The rubber comes with the id of its report open at the table, if any (`open_report_id`)."""
    # The event's row locked through the rubber's, in one query: only the event's row (`of`).
    list(Event.objects.select_for_update(of=("self",)).filter(rubbers__pk=rubber_id).values_list("pk", flat=True))
    # Read once the event's row is locked: what the last writer to hold it committed is read, its counts too.
    open_report = HandReport.objects.filter(rubber=OuterRef("pk"), status__in=HandReport.OPEN).values("pk")[:1]
    rubber = (Rubber.objects.select_for_update(of=("self",)).select_related("event", "north", "east", "south", "west")
              .annotate(seat_change_count=seat_changes_counted(), open_report_id=Subquery(open_report))
              .get(pk=rubber_id))
    seat_changes_read(rubber, seen)
    return rubber


def seat_changes_counted(rubber: str = "pk") -> Coalesce:
    """The substitutes of the rubber (`rubber`: the field holding its id) counted, as an annotation
    (`seat_change_count`, which `seat_changes_read` reads)."""
    counted = (SeatChange.objects.filter(rubber=OuterRef(rubber)).order_by().values("rubber")
               .annotate(n=Count("pk")).values("n"))
    return Coalesce(Subquery(counted), 0)


def seat_changes_read(rubber: Rubber, seen: Rubber | None = None) -> None:
    """Have the rubber (annotated by `seat_changes_counted`) hold its substitutes for `players_at_hand`, without
    reading them where it need not: a rubber with none holds none, and one with as many as `seen` (the same rubber
    read before it was locked, its substitutes with it) holds those, for substitutes are only ever added. Otherwise
    they are read when first asked for, as a rubber's are."""
    count: int = getattr(rubber, "seat_change_count", -1)
    held = getattr(seen, "_prefetched_objects_cache", {}).get("seat_changes")
    if count == 0:
        seat_changes_held(rubber, [])
    elif held is not None and len(held) == count:
        seat_changes_held(rubber, list(held))
    elif seen is not None:
        prefetch_related_objects([rubber], "seat_changes__player")


def seat_changes_held(rubber: Rubber, changes: list[SeatChange]) -> None:
    """Give the rubber its substitutes as a prefetch would, so that `rubber.seat_changes.all()` reads nothing."""
    rows = rubber.seat_changes.all()
    rows._result_cache = changes
    rows._prefetch_done = True  # type: ignore[attr-defined]
    cache = rubber.__dict__.setdefault("_prefetched_objects_cache", {})
    cache["seat_changes"] = rows


def rubber_hands(rubber: Rubber) -> list[Hand]:
    return list(rubber.hands.order_by("number").prefetch_related("penalties", "rulings"))


def rubber_result(rubber: Rubber, hands: Sequence[Hand] | None = None) -> RubberResult:
    """Score a rubber's stored hands, with their explanations (raises the engine's errors)."""
    rulebook = rubber.rulebook
    rows = rubber_hands(rubber) if hands is None else hands
    return score_rubber([as_scored(h, rulebook) for h in rows], rulebook, first_dealer=Seat(rubber.first_dealer))


def rubber_rescore(rubber: Rubber, *, illegal: str = "") -> RubberResult:
    """Rescore a rubber (locked by the caller's transaction) from its stored hands and store the result.

    Only the hands whose result moved are written. A hand the laws now refuse becomes a ValidationError naming
    it, worded with `illegal` in front when the caller gives one."""
    hands = rubber_hands(rubber)
    stored = _hand_figures(hands)
    status_before, counted_before = rubber.status, rubber.counts_in_standings
    result, records = rubber_scored(rubber, hands, list(rubber.seat_changes.all()), illegal=illegal)
    _moved_save(hands, stored)
    GameRecord.objects.filter(rubber=rubber).delete()
    GameRecord.objects.bulk_create(records.games)
    RubberPlayerResult.objects.filter(rubber=rubber).delete()
    RubberPlayerResult.objects.bulk_create(records.players)
    _rubber_save(rubber, status_before)
    _figures_keep(rubber, counted_before)
    return result


def deal_store(rubber: Rubber, hand: Hand, penalties: Sequence[Penalty]) -> RubberResult:
    """Store the next deal of a rubber locked by the caller: `hand` with its `penalties` (both unsaved), scored
    after the rubber's hands and saved with its figures, and of what the rubber stores only what the deal moved.

    What a rubber stores is always what its hands score (`rubber_rescore`), so what it stores before the deal is
    scored from its hands, not read. A deal that scores nobody a maker's figure in a rubber still in play changes
    nothing a standing or a player's page reads, so their kept figures are kept; one that does moves its maker's
    kept figures by itself, where no penalty came with it and no earlier hand moved."""
    earlier = rubber_hands(rubber) if rubber.hand_count else []  # a rubber with no hands recorded has none to read
    stored = _hand_figures(earlier)
    status_before, counted_before = rubber.status, rubber.counts_in_standings
    seat_changes = list(rubber.seat_changes.all())
    _, was = rubber_scored(rubber, earlier, seat_changes)
    rulebook = rubber.rulebook
    def scored_as(row: Hand) -> ReportedHand:  # the new deal as it will score once saved, with no ruling yet
        return as_scored(row, rulebook, penalties=penalties, rulings=[]) if row is hand else as_scored(row, rulebook)

    result, records = rubber_scored(rubber, [*earlier, hand], seat_changes, scored_as=scored_as)
    hand.save()
    for penalty in penalties:
        penalty.hand = hand
        penalty.save()
    moved = _moved_save(earlier, stored)
    _records_store(rubber, was, records)
    _rubber_save(rubber, status_before)
    if status_before == rubber.status == Rubber.Status.IN_PROGRESS and hand.maker_player_id is None and not penalties:
        return result
    if moved or penalties or counted_before or rubber.counts_in_standings:
        _figures_keep(rubber, counted_before)
        return result
    if hand.maker_player_id is not None:
        making_add(rubber.event, rubber.played_on, hand)
    results_changed([rubber.event_id], figures=rubber.event.season_id is not None)
    return result


def _hand_figures(hands: Sequence[Hand]) -> list[list[Any]]:
    return [[getattr(hand, name) for name in HAND_RESULT_STORED] for hand in hands]


def _moved_save(hands: Sequence[Hand], stored: list[list[Any]]) -> bool:
    """Write the hands whose result moved from what they `stored`; whether any did."""
    moved = [hand for hand, before in zip(hands, stored, strict=True) if _hand_figures([hand])[0] != before]
    if moved:
        Hand.objects.bulk_update(moved, HAND_RESULT_FIELDS)
    return bool(moved)


def _records_store(rubber: Rubber, was: ResultRecords, records: ResultRecords) -> None:
    """Write the rubber's games and players' results where `records` differ from those stored, `was`: a new
    game added to those closed, players' results written again only when one moved."""
    closed = len(was.games)
    if _values(was.games) != _values(records.games[:closed]):
        GameRecord.objects.filter(rubber=rubber).delete()
        closed = 0
    GameRecord.objects.bulk_create(records.games[closed:])
    if _values(was.players) != _values(records.players):
        RubberPlayerResult.objects.filter(rubber=rubber).delete()
        RubberPlayerResult.objects.bulk_create(records.players)


def _values(rows: Sequence[GameRecord | RubberPlayerResult]) -> list[tuple[Any, ...]]:
    return [tuple(getattr(row, field.attname) for field in row._meta.concrete_fields if not field.primary_key)
            for row in rows]


def _rubber_save(rubber: Rubber, status_before: str) -> None:
    # The history keeps the rubber's status; its running score is not history, so a save that moves only
    # the score writes no history row.
    if rubber.status == status_before:
        rubber.skip_history_when_saving = True  # type: ignore[attr-defined]  # (its presence is what counts)
    try:
        rubber.save(update_fields=RUBBER_RESULT_FIELDS)
    finally:
        rubber.__dict__.pop("skip_history_when_saving", None)


def _figures_keep(rubber: Rubber, counted_before: bool) -> None:
    """Rewrite the figures kept from the rubber's event-day (with each partner and opponent while it counts or
    counted, and its makers'), and mark its event's results changed."""
    if counted_before or rubber.counts_in_standings:
        figures_keep(rubber.event, rubber.played_on)
    making_keep(rubber.event, rubber.played_on)
    # A night in a season keeps its figures from its standings: a rubber of any other event has none to keep.
    results_changed([rubber.event_id], figures=rubber.event.season_id is not None)


def rubber_scored(rubber: Rubber, hands: Sequence[Hand], seat_changes: Sequence[SeatChange], *,
                  scored_as: Callable[[Hand], ReportedHand] | None = None,
                  illegal: str = "") -> tuple[RubberResult, ResultRecords]:
    """Score a rubber's hands through the engine and build what is stored (`result_records`), unsaved:
    `rubber_rescore` stores it for one rubber, a restore for many at once, so both store the same result.

    `scored_as` gives a hand as it scores, its standing rulings applied (by default `as_scored`, from the
    hand's saved penalties and rulings). A hand the laws refuse becomes a ValidationError naming it,
    worded with `illegal` in front when given."""
    rulebook = rubber.rulebook
    read = scored_as or (lambda hand: as_scored(hand, rulebook))
    try:
        result = score_rubber([read(h) for h in hands], rulebook, first_dealer=Seat(rubber.first_dealer))
    except IllegalReport as exc:
        raise (ValidationError(f"{illegal}{exc}", code="illegal_hand") if illegal
               else as_validation_error(exc)) from None
    except RubberError as exc:
        raise as_validation_error(exc) from None
    return result, result_records(rubber, hands, result, seat_changes)


@dataclass(frozen=True)
class ResultRecords:
    """The rows a scored rubber stores beside its hands (unsaved)."""

    games: list[GameRecord]
    players: list[RubberPlayerResult]


def result_records(
    rubber: Rubber, hands: Sequence[Hand], result: RubberResult, seat_changes: Sequence[SeatChange],
) -> ResultRecords:
    """Write `result` onto the rubber and hand objects (unsaved) and build its game and player rows."""
    seated = rubber.player_ids_by_hand(seat_changes, len(hands))
    # A progressive night may credit the lone player beyond his partner for a lone march (his tally only).
    tallies = PlayerTallies(lone_bonus=rubber.event.night.lone_bonus if rubber.rulebook.winning.tally else 0)
    if rubber.round_totals is not None:
        tallies.add_totals(rubber.round_totals, {seat: rubber.player_id_at(seat) for seat in Seat})
    for row, scored, players in zip(hands, result.hands, seated, strict=True):
        tallies.add(scored, players)
        row.game = scored.game
        row.ns_points, row.ew_points = scored.points(Side.NS), scored.points(Side.EW)
        row.ns_after, row.ew_after = scored.score_after
        maker, dealer = scored.hand.maker, scored.hand.dealer
        row.maker_player_id = players[maker] if maker is not None and scored.hand.scores else None
        row.maker_position = (maker.position_after(dealer)
                              if maker is not None and row.maker_player_id is not None and dealer is not None else None)

    rubber.rubber_winner = result.rubber_winner.value if result.rubber_winner else ""
    rubber.ns_points, rubber.ew_points = result.rubber_points
    rubber.current_ns, rubber.current_ew = result.current_score or (None, None)
    rubber.next_dealer = result.next_dealer.value if result.next_dealer else ""
    rubber.hand_count = len(hands)
    if rubber.round_totals is not None:
        rubber.current_ns, rubber.current_ew = tallies.points[Side.NS], tallies.points[Side.EW]
    deals = _deals_due(rubber, result)
    if rubber.status != Rubber.Status.ABANDONED:
        rubber.status = (Rubber.Status.COMPLETE if result.complete
                         else Rubber.Status.STOPPED if rubber.round_totals is not None
                         or (deals is not None and len(hands) >= deals)
                         else Rubber.Status.IN_PROGRESS)
    if rubber.rulebook.winning.tally and rubber.status == Rubber.Status.STOPPED:
        # A progressive table's round is won on its deals' points, then lone hands, then the cut: decided here
        # once and kept, for its players' results and the movement to read.
        won = table_winner(tallies.points, tallies.lone_by_side) or _cut(rubber)
        rubber.rubber_winner = won.value if won else ""

    games = [GameRecord(rubber=rubber, number=g.number, winner=g.winner.value, ns_score=g.score[0],
                        ew_score=g.score[1], lap=g.lap, double=g.double, value=g.value,
                        closed_by_hand=g.closed_by_hand) for g in result.games]
    return ResultRecords(games, _player_results(rubber, result, seat_changes, tallies))


LONE_MADE = frozenset({Reason.LONE_POINT, Reason.LONE_MARCH, Reason.LONE_MARCH_PARTNER_EXPOSED, Reason.ABANDONED})
EUCHRED = frozenset({Reason.EUCHRE, Reason.LONE_EUCHRE, Reason.DEFENDED_LONE_EUCHRE})


def _deals_due(rubber: Rubber, result: RubberResult) -> int | None:
    """The deals the rubber's round lets it play: its limit, and under a progressive night's tally one more when
    the sides are level after them. Deals beyond those (a correction having broken the tie) are refused."""
    limit = rubber.deal_limit
    if limit is None:
        return None
    if not rubber.rulebook.winning.tally or rubber.time_called:
        return limit
    due = round_deals(limit, [scored.score_after for scored in result.hands])
    if len(result.hands) > due:
        raise ValidationError(f"Deal {due + 1} was played because the sides were level after {limit} deals; they "
                              f"no longer are, so take deal {due + 1} back first.", code="tie_deal_played")
    return due


@dataclass
class PlayerTallies:
    """What each player did over a rubber's hands: lone hands made, euchres his side made, and each side's
    points from the hands (a match's points for and against, the game cut off by its round included)."""

    lone: Counter[int] = field(default_factory=Counter)
    euchres: Counter[int] = field(default_factory=Counter)
    points: Counter[Side] = field(default_factory=Counter)
    lone_by_side: Counter[Side] = field(default_factory=Counter)
    points_for: Counter[int] = field(default_factory=Counter)
    """Each player's side's points over the deals he sat in (a progressive tally credits nobody else)."""
    points_against: Counter[int] = field(default_factory=Counter)
    lone_bonus: int = 0
    """What a lone march adds to the lone player's own tally on a progressive night that says so."""

    def add_totals(self, totals: dict[str, Any], players: dict[Seat, int]) -> None:
        """A round's totals entered from a paper tally: each side's points, each player's lone hands and, where
        the card holds them, his lone marches, each crediting his own tally with the night's lone bonus as a
        lone march entered deal by deal does (the euchres are not on a tally card). Totals stored without
        marches read as none."""
        marches = totals.get("marches") or {}
        for side in Side:
            self.points[side] += totals[side.value]
            self._credit(side, totals[side.value], players)
        for seat in Seat:
            made = totals["lone"][seat.value]
            self.lone[players[seat]] += made
            self.lone_by_side[seat.side] += made
            self.points_for[players[seat]] += self.lone_bonus * marches.get(seat.value, 0)

    def add(self, scored: HandScore, players: dict[Seat, int]) -> None:
        for award in scored.awards:
            if not award.counted:
                continue
            self.points[award.side] += award.points
            self._credit(award.side, award.points, players)
            if award.reason in LONE_MADE and scored.hand.maker is not None:
                self.lone[players[scored.hand.maker]] += 1
                if award.reason is Reason.LONE_MARCH:
                    self.points_for[players[scored.hand.maker]] += self.lone_bonus
                self.lone_by_side[award.side] += 1
            elif award.reason in EUCHRED:
                for seat in award.side.seats:
                    self.euchres[players[seat]] += 1

    def _credit(self, side: Side, points: int, players: dict[Seat, int]) -> None:
        """`side` scored `points` with `players` seated: for its two players, against the other two."""
        for seat in Seat:
            (self.points_for if seat.side is side else self.points_against)[players[seat]] += points


def _player_results(rubber: Rubber, result: RubberResult, seat_changes: Sequence[SeatChange],
                    tallies: PlayerTallies) -> list[RubberPlayerResult]:
    """Every player who sat in a seat during the rubber shares that side's result (law 18). A rubber's points
    are its rubber points (law 7); a match's, the points its hands gave each side; a progressive round's, those
    of the deals each player sat in, and the round won or lost is theirs who finished it."""
    sitters: dict[int, Seat] = {}
    for seat in Seat:
        sitters.setdefault(rubber.player_id_at(seat), seat)
    for change in seat_changes:
        sitters.setdefault(change.player_id, Seat(change.seat))
    games = {side: [g for g in result.games if g.winner is side] for side in Side}
    rulebook = rubber.rulebook
    points = (dict(zip(Side, result.rubber_points, strict=True)) if rulebook.winning.laps and not rulebook.winning.tally
              else {side: tallies.points[side] for side in Side})
    winner = result.rubber_winner
    last = {seat: rubber.player_id_at(seat) for seat in Seat}
    if rulebook.winning.tally:
        # A progressive round credits each player with the deals he sat, and the round to those who finished it;
        # it is won on its deals' points, then lone hands, then the cut.
        last.update({Seat(change.seat): change.player_id for change in sorted(seat_changes,
                                                                             key=lambda c: c.from_hand)})
        winner = Side(rubber.rubber_winner) if rubber.rubber_winner else None  # the round's winner, kept above
    return [
        RubberPlayerResult(
            rubber=rubber, player_id=player_id, side=seat.side.value,
            partner_id=rubber.player_id_at(seat.partner),
            points_for=tallies.points_for[player_id] if rulebook.winning.tally else points[seat.side],
            points_against=tallies.points_against[player_id] if rulebook.winning.tally else points[seat.side.other],
            games_won=len(games[seat.side]), doubles_won=sum(1 for g in games[seat.side] if g.double),
            won=None if winner is None or (rulebook.winning.tally and last[seat] != player_id) else winner is seat.side,
            lone_hands=tallies.lone[player_id], euchres=tallies.euchres[player_id],
        )
        for player_id, seat in sitters.items()
    ]


def _cut(rubber: Rubber) -> Side | None:
    """The cut that settles a progressive table if its round ends level (drawn only where the table knows its
    round; one query). A restore scores its rubbers before their rounds' tables are stored again, so it tells
    each rubber where it was played (`cut_at`: event, round, table)."""
    cut_at: tuple[int, int, int] | None = getattr(rubber, "cut_at", None)
    if cut_at is not None:
        return the_cut(*cut_at)
    table = RoundTable.objects.filter(rubber=rubber).values("round__event_id", "round__number", "number").first()
    return None if table is None else the_cut(table["round__event_id"], table["round__number"], table["number"])


figures_moved = Signal()
"""Sent with `event_ids` (None: every event) in the transaction that moved those events' results, so what is kept
from their standings is rewritten with them: a season's nights' figures (`scoring.standings.services`, which
draws the standings; the shared layers import no app, so it listens here)."""


def results_changed(event_ids: Iterable[int] | None = None, *, figures: bool = True) -> None:
    """Mark the events' stored results as changed (every event when None), so cached standings are read afresh,
    and rewrite the figures kept from them; `figures` False where only the names they are shown by changed, or
    where none of the events keeps any (it is in no season)."""
    ids = None if event_ids is None else list(event_ids)
    events = Event.objects.all() if ids is None else Event.objects.filter(pk__in=ids)
    # The update locks each event's row until the transaction ends: figures kept from its standings are drawn
    # by one transaction at a time, each reading the results the one before it stored.
    events.update(results_version=F("results_version") + 1)
    if figures:
        figures_moved.send(sender=Event, event_ids=ids)
