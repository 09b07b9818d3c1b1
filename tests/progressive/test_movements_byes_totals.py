"""A progressive night's other movements (the individual rotation, fixed pairs), its byes and what they score,
the extra deal a level table plays, a paper table's totals in one step, the next round's seats on the phone,
the event's own ranking, and the standard game as the usual code."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.models import Event, Round, RoundBye, RoundTable, Rubber, RubberPlayerResult
from scoring.rounds.services import entrants_set, round_close, round_start, round_totals_enter, schedule_make
from scoring.services.events import event_create, event_update
from scoring.services.hands import HandExtras, hand_correct, hand_take_back
from scoring.standings import cache
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record, refusal

pytestmark = pytest.mark.django_db

NS, EW = "NS", "EW"


def night(players: int = 8, rounds: int = 3, deals: int = 4, movement: str = "progressive", **more) -> Event:
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=rounds, deal_limit=deals, rulebook="standard",
                         movement=movement, **more)
    entrants_set(event=event, players=PlayerFactory.create_batch(players))
    return event


def partners(round_: Round) -> set[frozenset[int]]:
    return {frozenset(pair) for t in round_.tables.all() for pair in ((t.north_id, t.south_id), (t.east_id, t.west_id))}


def play_round(round_: Round, makers: str = "NNES") -> None:
    for table in round_.tables.select_related("rubber"):
        for maker in makers:
            record(table.rubber, maker=maker, tricks=5)


def test_byes_rotate_nobody_keeps_a_partner_and_a_bye_scores_the_rounds_average():
    event = night(players=10)
    first, second, _third = schedule_make(event=event)
    out_first = set(first.byes.values_list("player_id", flat=True))
    round_start(round_id=first.pk)
    play_round(first)
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    out_second = set(second.byes.values_list("player_id", flat=True))
    assert len(out_second) == 2 and not out_first & out_second  # those who sat out play; two others sit out
    assert out_first <= {p for t in second.tables.all() for p in (t.north_id, t.east_id, t.south_id, t.west_id)}
    assert not partners(first) & partners(second)
    # At each table North-South march three times (2 points each in the standard game) and East-West once (2):
    # its North-South players score 6, its East-West players 2. Eight played: (6 + 6 + 2 + 2) * 2 = 32 points
    # over 8 players, an average of 4, which each of the two who sat out scores.
    results = RubberPlayerResult.objects.filter(rubber__round_table__round=first)
    assert sorted(r.points_for for r in results) == [2, 2, 2, 2, 6, 6, 6, 6]
    rows = {row["player_id"]: row for row in cache.event_players(event)}
    for player in out_first:
        assert rows[player]["byes"] == 1 and rows[player]["scored_for"] == 4
    page = reverse("event_standings", args=[event.slug])
    from django.test import Client

    html = Client().get(page).content.decode()
    assert "Sat out" in html and "scores its average" in html
    import io

    from pypdf import PdfReader

    pdf = Client().get(reverse("event_standings_pdf", args=[event.slug]))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Sat out" in text and "scores its average" in text and "plays one more" in text


def test_the_individual_rotation_seats_every_round_by_the_schedule_with_byes():
    event = night(players=9, rounds=4, movement="rotation")
    made = schedule_make(event=event)
    for round_ in made:
        assert round_.tables.count() == 2 and round_.byes.count() == 1  # every round known before the night
    byes = [b.player_id for b in RoundBye.objects.filter(round__event=event)]
    assert len(set(byes)) == len(byes)  # nobody sits out twice in four rounds of nine
    round_start(round_id=made[0].pk)
    assert all(t.rubber.deal_limit == 4 for t in made[0].tables.select_related("rubber"))


def test_fixed_pairs_stay_together_and_need_an_even_number():
    event = night(players=8, rounds=3, movement="pairs")
    made = schedule_make(event=event)
    numbers = {e.player_id: e.number for e in event.entrants.all()}
    for round_ in made:
        for table in round_.tables.all():
            for a, b in ((table.north_id, table.south_id), (table.east_id, table.west_id)):
                assert (numbers[a] + 1) // 2 == (numbers[b] + 1) // 2  # entrants 1-2, 3-4, ... sit together
    odd = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=3, deal_limit=4, movement="pairs")
    with refusal("pairs_uneven"):
        entrants_set(event=odd, players=PlayerFactory.create_batch(9))


def test_the_secretary_enters_a_progressive_night_of_fixed_pairs_pair_by_pair(client, secretary):
    """The entry page of a progressive night of fixed pairs takes pairs, as a tournament of pairs does."""
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=3, deal_limit=4, movement="pairs")
    players = PlayerFactory.create_batch(4)
    client.force_login(secretary)
    url = reverse("entrants", args=[event.slug])
    page = client.get(url)
    assert page.status_code == 200 and "One pair a row" in page.content.decode()
    response = client.post(url, {"pair_1_a": players[0].pk, "pair_1_b": players[1].pk,
                                 "pair_2_a": players[2].pk, "pair_2_b": players[3].pk})
    assert response.status_code == 302
    assert [e.player_id for e in event.entrants.order_by("number")] == [p.pk for p in players]
    half = client.post(url, {"pair_1_a": players[0].pk, "pair_2_a": players[2].pk, "pair_2_b": players[3].pk})
    assert half.status_code == 200 and "Pair 1 needs two players." in half.content.decode()


def test_a_table_level_after_its_deals_plays_one_more():
    event = night()
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    rubber = first.tables.get(number=1).rubber
    for maker in "NENE":
        record(rubber, maker=maker, tricks=3)  # a point each deal: level, 2-2
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.IN_PROGRESS and rubber.deals_words == "4 deals, level: one more for the tie"
    record(rubber, maker="E", tricks=3)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.STOPPED and (rubber.current_ns, rubber.current_ew) == (2, 3)
    assert "level after 4, the table played one more" in rubber.stopped_words
    first_hand = rubber.hands.get(number=1)
    with refusal("tie_deal_played"):
        hand_correct(hand_id=first_hand.pk, play={"dealer": first_hand.dealer, "maker": "N", "tricks": 5},
                     extras=HandExtras(), reason="Five tricks, not three", by=None)
    hand_take_back(rubber_id=rubber.pk, number=5, reason="played for a tie there was not", by=None)
    hand_correct(hand_id=first_hand.pk, play={"dealer": first_hand.dealer, "maker": "N", "tricks": 5},
                 extras=HandExtras(), reason="Five tricks, not three", by=None)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.STOPPED and (rubber.current_ns, rubber.current_ew) == (3, 2)


def test_closing_the_round_stops_a_level_table_before_its_extra_deal(client):
    event = night()
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    rubber = first.tables.get(number=1).rubber
    for maker in "NENE":
        record(rubber, maker=maker, tricks=3)
    from scoring.reporting import services

    page = client.get(f"/t/{services.working_code(rubber).code}/").content.decode()
    assert "Deal 5: level after 4, one more for the tie" in page
    round_close(round_id=first.pk, unplayed="bye")  # table 2 never reported
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.STOPPED and rubber.time_called and rubber.hand_count == 4


def test_a_paper_table_enters_its_rounds_totals_in_one_step(client, secretary):
    event = night()
    first, second, _ = schedule_make(event=event)
    round_start(round_id=first.pk)
    paper, phones = (t.rubber for t in first.tables.order_by("number"))
    url = reverse("round_totals", args=[paper.pk])
    assert client.get(url).status_code in (302, 403)  # the secretary's alone
    client.force_login(secretary)
    page = client.get(url)
    assert page.status_code == 200 and paper.north.display_name in page.content.decode()
    wrong = client.post(url, {"ns": "0", "ew": "5", "north": "1", "east": "0", "south": "0", "west": "0"})
    assert wrong.status_code == 200 and "scores at least a point" in wrong.content.decode()
    assert client.post(url, {"ns": "x", "ew": "5", "north": "0", "east": "0", "south": "0",
                             "west": "0"}).status_code == 200
    paper.refresh_from_db()
    assert paper.round_totals is None and paper.status == Rubber.Status.IN_PROGRESS  # nothing saved
    done = client.post(url, {"ns": "9", "ew": "5", "north": "1", "east": "0", "south": "1", "west": "1"})
    assert done.status_code == 302
    paper.refresh_from_db()
    assert paper.status == Rubber.Status.STOPPED and (paper.current_ns, paper.current_ew) == (9, 5)
    north = RubberPlayerResult.objects.get(rubber=paper, player_id=paper.north_id)
    west = RubberPlayerResult.objects.get(rubber=paper, player_id=paper.west_id)
    assert (north.points_for, north.lone_hands, north.won) == (9, 1, True)
    assert (west.points_for, west.lone_hands, west.won) == (5, 1, False)
    rows = {row["player_id"]: row for row in cache.event_players(event)}
    assert rows[paper.north_id]["scored_for"] == 9 and rows[paper.west_id]["lone"] == 1  # counted in the standings
    record(phones, maker="N", tricks=3)
    with refusal("deals_entered"):
        round_totals_enter(rubber_id=phones.pk, points={"NS": 1, "EW": 0}, lone=dict.fromkeys("NESW", 0))
    with refusal("totals_entered"):
        record(paper, maker="N", tricks=3)
    round_close(round_id=first.pk)
    round_totals_enter(rubber_id=paper.pk, points={"NS": 9, "EW": 6}, lone={"N": 1, "E": 0, "S": 1, "W": 1})
    round_start(round_id=second.pk)
    with refusal("later_round_seated"):
        round_totals_enter(rubber_id=paper.pk, points={"NS": 9, "EW": 7}, lone=dict.fromkeys("NESW", 0))


def test_a_finished_tables_phone_shows_where_each_player_sits_next_before_the_round_starts(client):
    from scoring.reporting import services

    event = night()
    first, second, _ = schedule_make(event=event)
    round_start(round_id=first.pk)
    one, two = (t.rubber for t in first.tables.order_by("number"))
    codes = [services.working_code(r).code for r in (one, two)]
    assert client.get(f"/t/{codes[0]}/").status_code == 200  # the phone at table 1 opened it in play
    for maker in "NNES":
        record(one, maker=maker, tricks=5)
    page = client.get(f"/t/{codes[0]}/").content.decode()
    assert "once every table has finished" in page  # table 2 still plays
    for maker in "EEWS":
        record(two, maker=maker, tricks=5)
    page = client.get(f"/t/{codes[0]}/").content.decode()
    assert 'data-testid="next-preview"' in page and "the round&#x27;s tally NS" in page
    assert "Games won" not in page  # a progressive round plays to no game
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    for table in second.tables.select_related("north", "east", "south", "west"):
        for seat, word in (("north", "North"), ("east", "East"), ("south", "South"), ("west", "West")):
            player = getattr(table, seat)
            if player.pk in {one.north_id, one.east_id, one.south_id, one.west_id}:
                assert f"<strong>{player.display_name}</strong>: table {table.number}, {word}," in page


def test_the_event_reorders_its_ranking():
    event = night()
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    one, two = (t.rubber for t in first.tables.order_by("number"))
    for _ in range(4):
        record(one, maker="N", tricks=5)  # two a deal to NS: 8 points, no lone hands
    for _ in range(3):
        record(two, maker="E", tricks=4)  # a point a deal to EW
    record(two, maker="E", alone=True, tricks=3)  # a lone hand for East: 4 points, 1 lone hand
    assert cache.event_players(event)[0]["player_id"] in (one.north_id, one.south_id)
    event = event_update(event_id=event.pk, ranking="lone,points,rounds")
    rows = cache.event_players(event)
    assert rows[0]["player_id"] == two.east_id and rows[0]["lone"] == 1
    rubbers = EventFactory()
    with refusal("progressive_only"):
        event_update(event_id=rubbers.pk, ranking="lone,points,rounds")


def test_the_standard_game_is_the_usual_code_of_a_progressive_night(client, secretary):
    client.force_login(secretary)
    base = {"name": "Church hall", "starts_on": "2026-12-05", "rounds": "4", "paper_size": "letter",
            "is_public": "on"}
    assert client.post(reverse("event_new"), base | {"mode": "progressive"}).status_code == 302
    assert Event.objects.get(name="Church hall").rulebook == "standard"
    assert client.post(reverse("event_new"), base | {"name": "Rubbers", "rounds": "", "mode": "rubbers"}
                       ).status_code == 302
    assert Event.objects.get(name="Rubbers").rulebook == "somerset-1888"
    chosen = event_create(name="Old laws", slug="old-laws", starts_on="2026-12-05", mode=Event.Mode.PROGRESSIVE,
                          rounds=3, rulebook="official-1862")
    assert chosen.rulebook == "official-1862"


def test_the_movement_is_fixed_once_the_schedule_is_made():
    event = night()
    schedule_make(event=event)
    with refusal("fixed"):
        event_update(event_id=event.pk, movement="rotation")
    assert RoundTable.objects.filter(round__event=event).count() == 2


def test_fixed_pairs_with_fewer_rounds_than_a_round_robin_pair_round_two_by_the_tallies():
    event = night(players=8, rounds=2, movement="pairs")
    first, second = schedule_make(event=event)
    assert not second.tables.exists()
    round_start(round_id=first.pk)
    play_round(first, makers="NNNN")  # North-South win at both tables
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    winners = {frozenset((t.north_id, t.south_id)) for t in first.tables.all()}
    head = second.tables.get(number=1)
    assert {frozenset((head.north_id, head.south_id)), frozenset((head.east_id, head.west_id))} == winners


def test_a_table_level_on_points_and_lone_hands_is_settled_by_the_cut_and_its_winners_won_the_round():
    """Event 4242, round 1: table 1 ends 3-3 with no lone hand, and the cut (drawn from the event, the round and
    the table) gives North-South; table 2 ends 4-2 to North-South on points. Written out: both North-South pairs
    won their round, both East-West pairs lost it; table 1's North and South stay at the head table, table 2's
    come up to it, and an event ranked by rounds won counts one each for the four winners."""
    from scoring.engine.progressive import the_cut

    assert the_cut(4242, 1, 1).value == "NS"  # the draw itself, replayed: the same side every time
    event = EventFactory(pk=4242, mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard",
                         ranking="rounds,points,lone")
    players = PlayerFactory.create_batch(8)
    entrants_set(event=event, players=players)
    first, second = schedule_make(event=event)
    round_start(round_id=first.pk)
    one, two = (table.rubber for table in first.tables.order_by("number"))
    round_totals_enter(rubber_id=one.pk, points={"NS": 3, "EW": 3}, lone=dict.fromkeys("NESW", 0))
    round_totals_enter(rubber_id=two.pk, points={"NS": 4, "EW": 2}, lone=dict.fromkeys("NESW", 0))
    won = {row.player_id: row.won for row in RubberPlayerResult.objects.filter(rubber__in=[one, two])}
    assert won == {one.north_id: True, one.south_id: True, one.east_id: False, one.west_id: False,
                   two.north_id: True, two.south_id: True, two.east_id: False, two.west_id: False}
    rows = {row["player_id"]: row for row in cache.event_players(event)}
    assert [rows[p]["wins"] for p in (one.north_id, one.south_id, one.east_id, one.west_id)] == [1, 1, 0, 0]
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    head = second.tables.get(number=1)
    assert {head.north_id, head.east_id} == {one.north_id, one.south_id}  # the cut's winners stay
    assert {head.south_id, head.west_id} == {two.north_id, two.south_id}  # table 2's winners come up


def test_progressive_move_seats_every_round_as_the_site_does_with_byes(tmp_path):
    """Ten players over five rounds (two sit out each round): each round's document, written from what the site
    stored, gives `manage.py progressive-move` the next round's tables and sitters-out exactly as the site
    seated them."""
    import io
    import itertools
    import json
    from collections import Counter

    from django.core.management import call_command

    event = night(players=10, rounds=5)
    rounds = schedule_make(event=event)
    numbers = {e.player_id: e.number for e in event.entrants.all()}
    byes: Counter[int] = Counter()
    round_start(round_id=rounds[0].pk)
    for played, following in itertools.pairwise(rounds):
        play_round(played, makers="NESN")
        round_close(round_id=played.pk)
        out = sorted(RoundBye.objects.filter(round=played).values_list("player_id", flat=True), key=numbers.get)
        byes.update(out)
        tables = []
        for table in played.tables.order_by("number").select_related("rubber"):
            lone = Counter()
            for row in RubberPlayerResult.objects.filter(rubber=table.rubber):
                lone[row.side] += row.lone_hands
            tables.append({"seats": {"N": table.north_id, "E": table.east_id, "S": table.south_id,
                                     "W": table.west_id},
                           "points": {"NS": table.rubber.current_ns, "EW": table.rubber.current_ew},
                           "lone": {"NS": lone["NS"], "EW": lone["EW"]}})
        document = tmp_path / f"round-{played.number}.json"
        document.write_text(json.dumps({"tables": tables, "sitting_out": out,
                                        "byes": {str(p): n for p, n in byes.items()}}))
        printed = io.StringIO()
        call_command("progressive-move", str(document), stdout=printed)
        round_start(round_id=following.pk)
        expected = {"tables": [{"N": t.north_id, "E": t.east_id, "S": t.south_id, "W": t.west_id}
                               for t in following.tables.order_by("number")],
                    "sitting_out": sorted(RoundBye.objects.filter(round=following).values_list("player_id",
                                                                                               flat=True),
                                          key=numbers.get)}
        got = json.loads(printed.getvalue())
        assert got["tables"] == expected["tables"], following.number
        assert sorted(got["sitting_out"], key=numbers.get) == expected["sitting_out"], following.number


@pytest.mark.parametrize(("ns", "ew", "refused"), [(70, 3, True), (16, 16, True), (14, 11, False), (13, 13, True),
                                                   (21, 0, True), (20, 0, False), (12, 10, False), (17, 5, True)])
def test_paper_totals_the_rounds_deals_cannot_give_are_refused(ns, ew, refused):
    """Four deals under the standard game, and one more for a tie: a deal gives the sides 5 points at most
    between them (a lone march of 4, or a lone hand's revoke award of 4, and a signal's point), so 20 in four
    deals; past 20 only where a fifth deal took level totals to them (21-0 and 17-5 never were level a deal
    before; 12-10 was, at 9-9 or 10-10), and never past 25."""
    from scoring.engine.rulebook import STANDARD

    assert STANDARD.most_in_a_deal == 5
    event = night(deals=4)
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    rubber = first.tables.get(number=1).rubber
    enter = lambda: round_totals_enter(rubber_id=rubber.pk, points={"NS": ns, "EW": ew},  # noqa: E731
                                       lone=dict.fromkeys("NESW", 0))
    if refused:
        with pytest.raises(ValidationError, match=f"{ns + ew} points between the sides cannot come from 4 deals"):
            enter()
        rubber.refresh_from_db()
        assert rubber.round_totals in (None, {})
    else:
        enter()
        rubber.refresh_from_db()
        assert (rubber.current_ns, rubber.current_ew) == (ns, ew)


def test_whoever_sat_in_a_seat_is_credited_with_its_deals_and_nobody_else():
    """North leaves after two deals and a substitute takes his seat (law 18). Deal 1: North's lone march, 4 to
    North-South, his lone hand; deal 2: East's point, 1 to East-West; deal 3: the substitute's march, 2 to
    North-South; deal 4: South's point, 1. North: 4 for, 1 against, one lone hand, no round (he did not finish
    it); the substitute: 3 for, none against, the round won; South, who sat every deal: 7-1 and the round."""
    from scoring.services.rubbers import seat_change_add

    event = night(deals=4)
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    rubber = first.tables.get(number=1).rubber
    record(rubber, maker="N", tricks=5, alone=True)
    record(rubber, maker="E", tricks=3)
    substitute = PlayerFactory(display_name="Late Substitute")
    seat_change_add(rubber_id=rubber.pk, seat="N", player=substitute, from_hand=3, reason="North went home",
                    consented=True)
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="S", tricks=3)
    rows = {row.player_id: row for row in RubberPlayerResult.objects.filter(rubber=rubber)}
    north, south = rows[rubber.north_id], rows[rubber.south_id]
    sub, east = rows[substitute.pk], rows[rubber.east_id]
    assert (north.points_for, north.points_against, north.lone_hands, north.won) == (4, 1, 1, None)
    assert (sub.points_for, sub.points_against, sub.lone_hands, sub.won) == (3, 0, 0, True)
    assert (south.points_for, south.points_against, south.won) == (7, 1, True)
    assert (east.points_for, east.points_against, east.won) == (1, 7, False)
