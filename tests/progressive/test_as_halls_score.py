"""A progressive night as halls score it: a fixed-pairs night stands, pairs and awards as pairs; a round never
closes silently over a table that did not report; level players share the places they cover or are drawn; the
CSV has its places and a column a round adding up to the points."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache as django_cache
from django.urls import reverse

from scoring.models import Event, Round, RoundBye, RoundTable
from scoring.rounds.services import entrants_set, round_close, round_start, round_totals_enter, schedule_make
from scoring.standings import cache
from scoring.standings.selectors import prizes
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import refusal
from tests.printing.test_house_rules_stated import one_text

pytestmark = pytest.mark.django_db


def _night(players: int, rounds: int, **extra: object) -> tuple[Event, list[Round]]:
    """A progressive night of the standard game, eight deals a round, its players' names 36 characters long."""
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=rounds, deal_limit=8, rulebook="standard", **extra)
    entrants_set(event=event, players=[PlayerFactory(display_name=f"Player {event.pk}-{n:02d} of a long-named hall"
                                                     .ljust(36, ".")[:36]) for n in range(1, players + 1)])
    return event, schedule_make(event=event)


def _totals(table: RoundTable, ns: int, ew: int, lone: dict[str, int] | None = None) -> None:
    assert table.rubber_id is not None
    round_totals_enter(rubber_id=table.rubber_id, points={"NS": ns, "EW": ew},
                       lone={"N": 0, "E": 0, "S": 0, "W": 0} | (lone or {}))


def _csv(client: object, event: Event) -> list[dict[str, str]]:
    response = client.get(reverse("event_standings", args=[event.slug]), {"_export": "csv"})  # type: ignore[attr-defined]
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def _names(event: Event) -> dict[int, str]:
    return {e.player_id: e.player.display_name for e in event.entrants.select_related("player")}


# A fixed-pairs night: one row a pair, its places, prizes and next pairing by pair.

def test_a_fixed_pairs_night_ranks_and_awards_pairs_one_row_a_pair(client):
    event, rounds = _night(12, 2, movement=Event.Movement.PAIRS, prize_places=3, lone_prize=False)
    round_start(round_id=rounds[0].pk)
    scores = [(9, 3), (5, 7), (6, 6)]
    tables = list(rounds[0].tables.order_by("number"))
    for table, (ns, ew) in zip(tables, scores, strict=True):
        _totals(table, ns, ew, {"N": 1} if (ns, ew) == (6, 6) else None)
    round_close(round_id=rounds[0].pk)
    names = _names(event)
    rows = cache.event_players(event)
    assert len(rows) == 6  # twelve players make six pairs
    pair = {frozenset((r["player_id"], r["partner_id"])): r for r in rows}
    for table, (ns, ew) in zip(tables, scores, strict=True):
        assert pair[frozenset((table.north_id, table.south_id))]["scored_for"] == ns
        assert pair[frozenset((table.east_id, table.west_id))]["scored_for"] == ew
    got = {p.name: p.winners for p in prizes(rows, event)}
    first = tables[0]
    assert got["First"] == (f"{names[first.north_id]} & {names[first.south_id]}",)
    # Table 2's East-West and table 3's North-South both have 7 and 6: second and third go to whole pairs.
    assert got["Second"] == (f"{names[tables[1].east_id]} & {names[tables[1].west_id]}",)
    assert got["Third"] == (f"{names[tables[2].north_id]} & {names[tables[2].south_id]}",)  # 6 and a lone hand

    exported = _csv(client, event)
    assert list(exported[0])[:2] == ["Place", "Pair"] and len(exported) == 6
    assert exported[0]["Pair"] == got["First"][0] and exported[0]["Place"] == "1"

    # Round 2 is paired by the night's own standing: the first pair meets the second (they have not met).
    round_start(round_id=rounds[1].pk)
    seated = {frozenset(t.player_ids()) for t in rounds[1].tables.all()}
    top, second = rows[0], rows[1]
    assert frozenset((top["player_id"], top["partner_id"], second["player_id"], second["partner_id"])) in seated


def test_the_fixed_pairs_standings_page_and_wall_list_pairs(client):
    event, rounds = _night(8, 1, movement=Event.Movement.PAIRS)
    round_start(round_id=rounds[0].pk)
    for table in rounds[0].tables.all():
        _totals(table, 7, 5)
    round_close(round_id=rounds[0].pk)
    page = client.get(reverse("event_standings", args=[event.slug])).content.decode()
    names = _names(event)
    for name in names.values():
        assert page.count(f">{name}</a>") == 1, name  # each player once, in his pair's row
    assert 'data-testid="not-counted"' not in page  # a partner stands in his pair's row, not apart
    wall = client.get(reverse("room", args=[event.slug]), {"projector": "1"}).content.decode()
    assert wall.count(" &amp; ") >= 4 and "Pairs level on every tie-break share the places" in wall
    printed = one_text(client.get(reverse("event_standings_pdf", args=[event.slug])).content)
    assert "Place Pair Points" in printed and "Pairs level on every tie-break share the places" in printed
    for row in cache.event_players(event):
        assert f"{row['player__display_name']} & {row['partner__display_name']}" in printed
    assert "No points counted yet (sat out" not in printed


# A round that cannot close half-reported.

def test_closing_a_round_with_a_table_that_never_reported_asks_what_happened(client, secretary):
    event, rounds = _night(8, 2)
    first = rounds[0]
    round_start(round_id=first.pk)
    one, two = first.tables.order_by("number")
    _totals(one, 9, 5)
    with refusal("unreported"):
        round_close(round_id=first.pk)
    first.refresh_from_db()
    assert first.status == Round.Status.IN_PLAY and not RoundBye.objects.exists()

    # Through the page: the close is refused and the secretary is asked.
    client.force_login(secretary)
    answer = client.post(reverse("round_close", args=[first.pk]), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("round_close_confirm", args=[first.pk])
    asked = answer.content.decode()
    assert 'data-testid="unreported"' in asked and reverse("round_totals", args=[two.rubber_id]) in asked
    client.post(reverse("round_close", args=[first.pk]), {"unplayed": "bye"})
    first.refresh_from_db()
    assert first.status == Round.Status.CLOSED
    assert set(RoundBye.objects.filter(round=first, scored=True).values_list("player_id", flat=True)) == set(
        two.player_ids())

    # They score the round's average (table 1's 9, 9, 5, 5: 7), and nobody is seated from a 0-0 never given.
    rows = {r["player_id"]: r for r in cache.event_players(event)}
    assert all(rows[p]["scored_for"] == 7 and rows[p]["round_1"] == 7 and rows[p]["byes"] == 1
               for p in two.player_ids())
    round_start(round_id=rounds[1].pk)
    head, foot = rounds[1].tables.order_by("number")
    assert set(head.player_ids()) == set(one.player_ids())  # table 1's four play on at the head table
    assert set(foot.player_ids()) == set(two.player_ids())  # those who did not play come back together


def test_a_table_that_did_not_play_may_score_nothing_or_enter_its_totals_first():
    event, rounds = _night(8, 1)
    first = rounds[0]
    round_start(round_id=first.pk)
    one, two = first.tables.order_by("number")
    _totals(one, 9, 5)
    round_close(round_id=first.pk, unplayed="nothing")
    rows = {r["player_id"]: r for r in cache.event_players(event)}
    assert all(rows[p]["scored_for"] == 0 and rows[p]["round_1"] == 0 for p in two.player_ids())

    _, rounds = _night(8, 1)
    round_start(round_id=rounds[0].pk)
    for table in rounds[0].tables.all():
        _totals(table, 6, 8)
    round_close(round_id=rounds[0].pk)  # every table reported: nothing to ask
    assert not RoundBye.objects.filter(round=rounds[0]).exists()


# Places as halls share them.

def _level_for_first(prize_ties: str) -> Event:
    event, rounds = _night(8, 1, prize_places=3, lone_prize=False, prize_ties=prize_ties)
    round_start(round_id=rounds[0].pk)
    one, two = rounds[0].tables.order_by("number")
    _totals(one, 9, 5)
    _totals(two, 9, 3)
    round_close(round_id=rounds[0].pk)
    return event


def test_players_level_for_first_share_first_and_second_and_the_next_is_third(client):
    event = _level_for_first("share")
    rows = cache.event_players(event)
    assert [r["rank"] for r in rows] == ["1=", "1=", "1=", "1=", "5=", "5=", "7=", "7="]
    got = [(p.name, len(p.winners)) for p in prizes(rows, event)]
    assert got == [("First, Second and Third", 4)]  # four level take the three places there are
    wall = client.get(reverse("room", args=[event.slug]), {"projector": "1"}).content.decode()
    assert "First, Second and Third" in wall and "share the places they cover (1=, 1=, 3)" in wall


def test_a_drawn_night_places_level_players_by_a_draw_that_replays(client):
    event = _level_for_first("draw")
    first = cache.event_players(event)
    django_cache.clear()
    again = cache.event_players(event)
    assert [r["player_id"] for r in first] == [r["player_id"] for r in again]
    assert [r["rank"] for r in first] == [str(n) for n in range(1, 9)]
    assert all(r.get("drawn") for r in first)
    wall = client.get(reverse("room", args=[event.slug]), {"projector": "1"}).content.decode()
    assert "1 (drawn)" in wall and "placed in an order the site draws" in wall
    page = client.get(reverse("event_standings", args=[event.slug])).content.decode()
    assert "1 (drawn)" in page and "placed in an order the site draws" in page
    got = prizes(first, event)
    places = zip(("First", "Second", "Third"), first[:3], strict=True)
    assert [(p.name, p.winners[0], p.drawn) for p in got] == [(place, r["player__display_name"], True)
                                                              for place, r in places]


# What the secretary exports.

def test_the_csv_begins_with_the_place_and_has_a_column_a_round_adding_up_to_the_points(client):
    event, rounds = _night(9, 2)  # nine players: one sits out each round
    for round_ in rounds:
        round_start(round_id=round_.pk)
        for n, table in enumerate(round_.tables.order_by("number")):
            _totals(table, 7 + n, 4)
        round_close(round_id=round_.pk)
    rows = _csv(client, event)
    assert next(iter(rows[0])) == "Place" and {"Round 1", "Round 2"} <= set(rows[0])
    for row in rows:
        assert sum(int(row[f"Round {n}"] or 0) for n in (1, 2)) == int(row["Points"]), row
    sat_out = [row for row in rows if row["Sat out"] == "1"]
    assert sat_out and all(row["Round 1"] or row["Round 2"] for row in sat_out)


def test_changing_how_level_players_are_placed_redraws_the_standings_at_once(client):
    event = _level_for_first("share")
    url = reverse("event_standings", args=[event.slug])
    assert "1=" in client.get(url).content.decode()  # drawn and kept
    Event.objects.filter(pk=event.pk).update(night_rules={**event.night_rules, "prize_ties": "draw"})
    page = client.get(url).content.decode()
    assert "1 (drawn)" in page and "1=" not in page
