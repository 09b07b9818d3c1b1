"""A night of nineteen, its tallies worked out apart from the site: a late arrival seated from round 3 (his two
missed rounds scoring the round's average), a player gone home after round 4 (his tally kept), paper totals at
every table; then a card re-added after the last round, and what the correction moves."""

from __future__ import annotations

from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal

import pytest

from scoring.engine import Seat, Side
from scoring.models import Event, Round, RoundBye, RoundTable
from scoring.rounds.services import (
    entrants_set,
    gone_home,
    late_arrival,
    night_close,
    round_close,
    round_start,
    round_totals_enter,
    schedule_make,
)
from scoring.standings import cache
from scoring.standings.selectors import prizes
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import refusal

pytestmark = pytest.mark.django_db

NS_SEATS, EW_SEATS = (Seat.N, Seat.S), (Seat.E, Seat.W)


def card(round_: int, table: int) -> tuple[int, int, int, int]:
    """A table's card: North-South's points and East-West's over eight deals, and North's and East's lone hands
    (never level, never more lone hands than points)."""
    ns, ew = (round_ * 7 + table * 3) % 17 + 2, (round_ * 5 + table * 11) % 13 + 1
    ew += ew == ns
    return ns, ew, int(ns >= 12), int(ew >= 10)


def by_hand(event: Event) -> dict[int, dict[str, int]]:
    """Each player's tally from the stored seats, the cards and the byes alone: his side's points and the rounds
    his side won, his own lone hands, and for each round he sat out (or missed, arriving late) the points of
    everyone who played it over their number, a half going up."""
    tally: dict[int, dict[str, int]] = defaultdict(lambda: {"points": 0, "lone": 0, "won": 0, "played": 0})
    for round_ in Round.objects.filter(event=event).order_by("number"):
        total = seated = 0
        for table in RoundTable.objects.filter(round=round_).select_related("rubber"):
            totals = table.rubber.round_totals
            for seats, side, other in ((NS_SEATS, "NS", "EW"), (EW_SEATS, "EW", "NS")):
                for seat in seats:
                    player = table.player_at(seat).pk
                    tally[player]["points"] += totals[side]
                    tally[player]["lone"] += totals["lone"][seat.value]
                    tally[player]["won"] += totals[side] > totals[other]
                    tally[player]["played"] += 1
                    total, seated = total + totals[side], seated + 1
        average = int((Decimal(total) / seated).quantize(Decimal(1), rounding=ROUND_HALF_UP))
        for player in RoundBye.objects.filter(round=round_).values_list("player_id", flat=True):
            tally[player]["points"] += average
    return dict(tally)


def enter_cards(round_: Round) -> None:
    for table in round_.tables.order_by("number"):
        ns, ew, north, east = card(round_.number, table.number)
        round_totals_enter(rubber_id=table.rubber_id, points={Side.NS: ns, Side.EW: ew},
                           lone={Seat.N: north, Seat.E: east, Seat.S: 0, Seat.W: 0})


def test_a_night_of_nineteen_with_comings_and_goings_and_a_card_re_added_after_the_last_round(capsys):
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=6, deal_limit=8, rulebook="standard", prize_places=3,
                         low_prize=True, round_prize=True)
    entrants_set(event=event, players=PlayerFactory.create_batch(19))
    rounds = schedule_make(event=event)
    arrival = PlayerFactory(display_name="Arrived For Round Three Fitzwilliam")
    for round_ in rounds:
        round_start(round_id=round_.pk)
        enter_cards(round_)
        if round_.number == 2:
            late_arrival(event_id=event.pk, player=arrival)
        if round_.number == 4:
            leaver = round_.tables.get(number=3).south
            gone_home(event_id=event.pk, player_id=leaver.pk)
        round_close(round_id=round_.pk)
    event.refresh_from_db()
    expected = by_hand(event)
    rows = {row["player_id"]: row for row in cache.event_players(event)}
    assert len(rows) == 20 and set(rows) == set(expected)
    for player, row in rows.items():
        hand = expected[player]
        assert (row["scored_for"], row["lone"] or 0, row["wins"], row["rubbers"]) == (
            hand["points"], hand["lone"], hand["won"], hand["played"]), row["player__display_name"]
    assert rows[arrival.pk]["byes"] == 2 and rows[arrival.pk]["rubbers"] == 4  # rounds 1-2 at the average
    assert rows[leaver.pk]["rubbers"] + rows[leaver.pk]["byes"] == 4  # nothing after round 4, his tally kept
    before = cache.event_players(event)
    prizes_before = prizes(before, event)

    # After the last round the cards are checked at the scorer's table: table 2's North-South are 10 short. A
    # card of round 5 (round 6 was seated from it) is corrected only with a reason.
    last = rounds[-1].tables.select_related("rubber").get(number=2)
    ns, ew, north, east = card(6, 2)
    fifth = rounds[-2].tables.get(number=1)
    with refusal("later_round_seated"):
        round_totals_enter(rubber_id=fifth.rubber_id, points={Side.NS: 1, Side.EW: 2},
                           lone={s: 0 for s in Seat})
    round_totals_enter(rubber_id=last.rubber_id, points={Side.NS: ns + 10, Side.EW: ew},
                       lone={Seat.N: north, Seat.E: east, Seat.S: 0, Seat.W: 0}, reason="Card re-added")
    event.refresh_from_db()
    after = cache.event_players(event)
    expected = by_hand(event)
    moved = {row["player_id"]: row for row in after}
    changed = {p for p in moved if moved[p]["scored_for"] != {r["player_id"]: r for r in before}[p]["scored_for"]}
    sat_out = set(RoundBye.objects.filter(round=rounds[-1]).values_list("player_id", flat=True))
    assert {last.north_id, last.south_id} <= changed <= {last.north_id, last.south_id} | sat_out  # and the average
    assert all(moved[p]["scored_for"] == expected[p]["points"] for p in moved)
    prizes_after = prizes(after, event)
    night_close(event_id=event.pk)
    with refusal("night_closed"):
        round_totals_enter(rubber_id=last.rubber_id, points={Side.NS: ns, Side.EW: ew},
                           lone={Seat.N: north, Seat.E: east, Seat.S: 0, Seat.W: 0}, reason="again")
    with capsys.disabled():
        print("\nNight of 19 (+1 late), six rounds of 8 deals, paper cards; every tally as worked by hand:")
        for row in after:
            hand = expected[row["player_id"]]
            print(f"  {row['rank']:>3} {row['player__display_name'][:34]:<34} {hand['points']:>3} pts "
                  f"{hand['lone']} lone {hand['won']} won {hand['played']} played {row['byes']} byes")
        print("Correction after round 6, table 2 North-South +10:")
        for row in after:
            old = next(r for r in before if r["player_id"] == row["player_id"])
            if (old["rank"], old["scored_for"]) != (row["rank"], row["scored_for"]):
                print(f"  {row['player__display_name']}: {old['scored_for']} -> {row['scored_for']} points, "
                      f"rank {old['rank']} -> {row['rank']}")
        print("  prizes before:", [(p.name, p.winners) for p in prizes_before])
        print("  prizes after: ", [(p.name, p.winners) for p in prizes_after])
