"""Two progressive nights worked by hand, every figure written here as a hall's scorer works it from the tally
cards, then entered into the site through its services: a night of paper tables with a lone bonus of 1, and a
night of fixed pairs. The site must give exactly the figures, places, seats and prizes worked out below."""

from __future__ import annotations

import pytest

from scoring.models import Event, Player, RoundTable
from scoring.rounds.services import entrants_set, round_close, round_start, round_totals_enter, schedule_make
from scoring.standings import cache
from scoring.standings.selectors import prizes
from tests.factories import EventFactory

pytestmark = pytest.mark.django_db

NO_LONE = {"N": 0, "E": 0, "S": 0, "W": 0}


def _enter(table: RoundTable, ns: int, ew: int, lone: dict[str, int] | None = None,
           marches: dict[str, int] | None = None) -> None:
    assert table.rubber_id is not None
    round_totals_enter(rubber_id=table.rubber_id, points={"NS": ns, "EW": ew}, lone=NO_LONE | (lone or {}),
                       marches=NO_LONE | (marches or {}))


def _players(tag: str) -> list[Player]:
    return [Player.objects.create(display_name=f"{tag} {n}") for n in range(1, 9)]


def test_a_night_of_paper_tables_with_a_lone_bonus_worked_by_hand():
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard", lone_bonus=1,
                         prize_places=3)
    p = {n: player for n, player in enumerate(_players("Paper"), start=1)}
    entrants_set(event=event, players=list(p.values()))
    first, second = schedule_make(event=event)
    round_start(round_id=first.pk)
    t1, t2 = first.tables.order_by("number")
    assert [t1.player_ids(), t2.player_ids()] == [tuple(p[n].pk for n in (1, 2, 3, 4)),
                                                  tuple(p[n].pk for n in (5, 6, 7, 8))]
    # Table 1: North marched alone (4, and his own bonus), then two points; East-West one march. Table 2: North-
    # South one march; East made a lone hand of three tricks (1) and two marches.
    _enter(t1, 6, 2, lone={"N": 1}, marches={"N": 1})
    _enter(t2, 2, 5, lone={"E": 1})
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    # Table 1's winners (1, 3) stay at the head table taking North and East; table 2's winners (6, 8) come up to
    # South and West. Table 2's losers (5, 7) stay, and table 1's (2, 4) go down to South and West.
    h1, h2 = second.tables.order_by("number")
    assert h1.player_ids() == (p[1].pk, p[3].pk, p[6].pk, p[8].pk)
    assert h2.player_ids() == (p[5].pk, p[7].pk, p[2].pk, p[4].pk)
    # Head table: 4-4 after four deals, so a fifth, a march to North-South. Table 2: West (4) marched alone.
    _enter(h1, 6, 4)
    _enter(h2, 1, 8, lone={"W": 1}, marches={"W": 1})
    round_close(round_id=second.pk)

    rows = {r["player_id"]: r for r in cache.event_players(event)}
    by_hand = {1: (7, 6, 13, 1, 2), 2: (2, 1, 3, 0, 0), 3: (6, 4, 10, 0, 1), 4: (2, 9, 11, 1, 1),
               5: (2, 1, 3, 0, 0), 6: (5, 6, 11, 1, 2), 7: (2, 8, 10, 0, 1), 8: (5, 4, 9, 0, 1)}
    for n, (one, two, points, lone, won) in by_hand.items():
        row = rows[p[n].pk]
        assert (row["round_1"], row["round_2"], row["scored_for"], row["lone"], row["wins"]) == (
            one, two, points, lone, won), n
    # Points, then lone hands, then rounds won: 6 and 4 have 11 and a lone hand each, 6 won two rounds.
    order = [(r["rank"], r["player_id"]) for r in cache.event_players(event)]
    assert order == [("1", p[1].pk), ("2", p[6].pk), ("3", p[4].pk), ("4=", p[3].pk), ("4=", p[7].pk),
                     ("6", p[8].pk), ("7=", p[2].pk), ("7=", p[5].pk)]
    got = {prize.name: (prize.winners, prize.figure) for prize in prizes(cache.event_players(event), event)}
    assert got == {"First": (("Paper 1",), 13), "Second": (("Paper 6",), 11), "Third": (("Paper 4",), 11)}
    # Nobody is left for the lone-hand prize: its three holders have a place each.


def test_a_night_of_fixed_pairs_worked_by_hand():
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, movement=Event.Movement.PAIRS, rounds=2, deal_limit=4,
                         rulebook="standard", lone_bonus=1, prize_places=3)
    p = {n: player for n, player in enumerate(_players("Pairs"), start=1)}
    entrants_set(event=event, players=list(p.values()))  # pairs A (1, 2), B (3, 4), C (5, 6), D (7, 8)
    pair = {frozenset((p[1].pk, p[2].pk)): "A", frozenset((p[3].pk, p[4].pk)): "B",
            frozenset((p[5].pk, p[6].pk)): "C", frozenset((p[7].pk, p[8].pk)): "D"}

    def sides(table: RoundTable) -> tuple[str, str]:
        north, east, south, west = table.player_ids()
        return pair[frozenset((north, south))], pair[frozenset((east, west))]

    def lead(table: RoundTable, side: str) -> str:
        """The seat at `table` of the pair's first-entered partner."""
        first = {"A": p[1], "B": p[3], "C": p[5], "D": p[7]}[side].pk
        return "NESW"[table.player_ids().index(first)]

    first, second = schedule_make(event=event)
    round_start(round_id=first.pk)
    tables = {sides(t): t for t in first.tables.all()}
    assert set(tables) == {("A", "B"), ("C", "D")}  # round 1 in order of entry
    ab, cd = tables["A", "B"], tables["C", "D"]
    _enter(ab, 7, 3, lone={lead(ab, "A"): 1}, marches={lead(ab, "A"): 1})  # A: 7 and a lone march's bonus, 8
    _enter(cd, 4, 6)
    round_close(round_id=first.pk)
    # After round 1: A 8, D 6, C 4, B 3. Round 2 pairs by that standing, no rematch: A meets D, C meets B.
    round_start(round_id=second.pk)
    tables = {frozenset(sides(t)): t for t in second.tables.all()}
    assert set(tables) == {frozenset("AD"), frozenset("BC")}
    ad, bc = tables[frozenset("AD")], tables[frozenset("BC")]
    a_ns = sides(ad)[0] == "A"
    d_seat = lead(ad, "D")
    _enter(ad, 2 if a_ns else 8, 8 if a_ns else 2, lone={d_seat: 1}, marches={d_seat: 1})  # D 8, and 1: 9
    _enter(bc, 5, 5, lone={lead(bc, "B"): 1})  # level: B won on its lone hand (a point, no bonus)
    round_close(round_id=second.pk)

    rows = cache.event_players(event)
    worked = [("D", 15, 1, 2, 6, 9), ("A", 10, 1, 1, 8, 2), ("C", 9, 0, 0, 4, 5), ("B", 8, 1, 1, 3, 5)]
    assert [(pair[frozenset((r["player_id"], r["partner_id"]))], r["scored_for"], r["lone"], r["wins"],
             r["round_1"], r["round_2"]) for r in rows] == worked
    assert [r["rank"] for r in rows] == ["1", "2", "3", "4"]
    got = {prize.name: (prize.winners, prize.figure) for prize in prizes(rows, event)}
    assert got == {"First": (("Pairs 7 & Pairs 8",), 15), "Second": (("Pairs 1 & Pairs 2",), 10),
                   "Third": (("Pairs 5 & Pairs 6",), 9), "Most lone hands": (("Pairs 3 & Pairs 4",), 1)}

