"""A progressive night through the services: every deal scored by the code and added up, winners moving up a
table and partners changing each round, and standings by total points, then lone hands, then rounds won."""

from __future__ import annotations

import pytest
from django.db import transaction

from scoring.engine import Side
from scoring.engine.progressive import the_cut
from scoring.models import Event, RoundTable, RubberPlayerResult
from scoring.rounds.services import entrants_set, round_close, round_start, schedule_make
from scoring.services.events import event_create
from scoring.services.scoring import rubber_lock, rubber_rescore
from scoring.standings import cache
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record, refusal

pytestmark = pytest.mark.django_db


def night(players: int = 8, rounds: int = 3, deals: int = 4, code: str = "standard") -> Event:
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=rounds, deal_limit=deals, rulebook=code)
    entrants_set(event=event, players=PlayerFactory.create_batch(players))
    return event


def seats(table: RoundTable) -> dict[str, int]:
    return {"N": table.north_id, "E": table.east_id, "S": table.south_id, "W": table.west_id}


def test_a_new_progressive_night_plays_eight_deals_a_round_unless_told():
    event = event_create(name="Church hall euchre", slug="church-hall", starts_on="2026-12-05",
                         mode=Event.Mode.PROGRESSIVE, rounds=6, rulebook="standard")
    assert event.night.deal_limit == 8 and event.playing.winning.tally
    with refusal("deals_refused"):
        event_create(name="Odd", slug="odd", starts_on="2026-12-05", mode=Event.Mode.PROGRESSIVE, rounds=6,
                     deal_limit=5)


def test_each_deal_is_scored_by_the_code_and_no_game_ends_the_round():
    event = night()
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    rubber = first.tables.get(number=1).rubber
    for _ in range(3):
        record(rubber, maker="N", alone=True, tricks=5)  # twelve points: past any game, and the round goes on
    record(rubber, maker="E", tricks=1)  # a euchre: two to North-South
    rubber.refresh_from_db()
    assert rubber.status == "stopped" and (rubber.current_ns, rubber.current_ew) == (14, 0)
    north = RubberPlayerResult.objects.get(rubber=rubber, player_id=rubber.north_id)
    assert (north.points_for, north.lone_hands, north.euchres, north.won) == (14, 3, 1, True)


def test_the_winners_move_up_and_partners_change_as_the_movement_says():
    event = night(players=12)
    first, second, _third = schedule_make(event=event)
    assert seats(first.tables.get(number=1)) == dict(zip("NESW", [
        e.player_id for e in event.entrants.order_by("number")[:4]], strict=True))
    assert not second.tables.exists()  # seated when it starts, from the round before
    round_start(round_id=first.pk)
    results = {1: ("N", 3), 2: ("E", 4), 3: ("S", 5)}
    for table in first.tables.select_related("rubber"):
        maker, tricks = results[table.number]
        for _ in range(4):
            record(table.rubber, maker=maker, tricks=tricks)
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    # Entrants 1-4 sat at table 1 (N, E, S, W), 5-8 at table 2, 9-12 at table 3. Table 1: North-South 4-0 (1, 3
    # won); table 2: East-West 4-0 (6, 8 won); table 3: North-South 8-0 (9, 11 won). Table 1's winners stay and
    # take North and East; each lower table's losers stay; winners come up a table and take South and West in
    # the order they sat; table 1's losers (2, 4) go down to the foot table.
    number = {e.player_id: e.number for e in event.entrants.all()}
    assert [[number[p] for p in seats(t).values()] for t in first.tables.order_by("number")] == [
        [1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert [[number[p] for p in seats(t).values()] for t in second.tables.order_by("number")] == [
        [1, 3, 6, 8], [5, 7, 9, 11], [10, 12, 2, 4]]
    for table in second.tables.all():
        assert table.rubber is not None and table.rubber.deal_limit == 4


def test_the_standings_rank_by_total_points_then_lone_hands_then_rounds_won():
    event = night()
    first, _second, _ = schedule_make(event=event)
    round_start(round_id=first.pk)
    one, two = (t.rubber for t in first.tables.order_by("number"))
    for _ in range(4):
        record(one, maker="N", alone=True, tricks=5)
        record(two, maker="E", tricks=5)
    round_close(round_id=first.pk)
    rows = cache.event_players(event)
    assert [row["scored_for"] for row in rows] == [16, 16, 8, 8, 0, 0, 0, 0]
    assert rows[0]["lone"] == 4 and rows[0]["wins"] == 1
    assert rows[0]["player_id"] == one.north_id and rows[1]["player_id"] == one.south_id


def test_a_level_table_is_settled_by_lone_hands_then_a_cut_that_replays():
    # The cut is drawn from "event:round:table"; for event 900003 in round 1 it falls to East-West at table 1 and
    # at table 2 alike, so a North-South win at table 1 is the lone hand's, not the cut's.
    event = EventFactory(pk=900_003, mode=Event.Mode.PROGRESSIVE, rounds=3, deal_limit=4, rulebook="standard")
    names = ["Abel", "Baker", "Cole", "Dunn", "Eaton", "Frost", "Gray", "Hale"]
    entrants_set(event=event, players=[PlayerFactory(display_name=name) for name in names])
    first, second, _ = schedule_make(event=event)
    round_start(round_id=first.pk)
    head, foot = (t.rubber for t in first.tables.order_by("number"))
    assert [head.north.display_name, head.east.display_name, head.south.display_name,
            head.west.display_name] == ["Abel", "Baker", "Cole", "Dunn"]
    # Table 1: North alone takes three tricks (the standard game's lone point: 1, and a lone hand made), East
    # three (1), North three (1), East three (1): 2-2 on points, North-South 1 lone hand to none.
    record(head, maker="N", alone=True, tricks=3)
    for maker in "ENE":
        record(head, maker=maker, tricks=3)
    # Table 2 (Eaton, Frost, Gray, Hale): a point a deal to each side in turn, 2-2 and no lone hand.
    for maker in "NENE":
        record(foot, maker=maker, tricks=3)
    round_close(round_id=first.pk)  # level after four deals: closing the round stops the fifth

    won = {r.player.display_name: r.won for r in RubberPlayerResult.objects.select_related("player")}
    assert won == {"Abel": True, "Cole": True, "Baker": False, "Dunn": False,  # the lone hand
                   "Frost": True, "Hale": True, "Eaton": False, "Gray": False}  # the cut: East-West
    assert (the_cut(900_003, 1, 1), the_cut(900_003, 1, 2)) == (Side.EW, Side.EW)
    with transaction.atomic():
        rubber_rescore(rubber_lock(foot.pk))  # scored again, the cut is drawn again and falls the same way
    assert {r.player.display_name: r.won for r in RubberPlayerResult.objects.filter(rubber=foot)} == {
        "Frost": True, "Hale": True, "Eaton": False, "Gray": False}

    # Round 2: table 1's winners stay (North, East) and table 2's winners come up; table 2's losers stay and
    # table 1's losers go down to them.
    round_start(round_id=second.pk)
    seated = [[p.display_name for p in (t.north, t.east, t.south, t.west)] for t in second.tables.order_by("number")]
    assert seated == [["Abel", "Cole", "Frost", "Hale"], ["Eaton", "Gray", "Baker", "Dunn"]]
    # Everyone scored 2; Abel alone made a lone hand; then rounds won; then names.
    rows = [(r["player__display_name"], r["scored_for"], r["lone"], r["wins"], r["rank"])
            for r in cache.event_players(event)]
    assert rows == [("Abel", 2, 1, 1, "1"), ("Cole", 2, 0, 1, "2="), ("Frost", 2, 0, 1, "2="),
                    ("Hale", 2, 0, 1, "2="), ("Baker", 2, 0, 0, "5="), ("Dunn", 2, 0, 0, "5="),
                    ("Eaton", 2, 0, 0, "5="), ("Gray", 2, 0, 0, "5=")]


def test_beyond_a_multiple_of_four_the_last_entered_sit_out_round_one():
    event = night(players=10)
    first, *_ = schedule_make(event=event)
    numbers = {e.player_id: e.number for e in event.entrants.all()}
    assert first.tables.count() == 2
    assert sorted(numbers[b.player_id] for b in first.byes.all()) == [9, 10]


def test_the_phone_shows_the_deal_of_the_round_and_the_rounds_points(client):
    from scoring.reporting import services

    event = night()
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    rubber = first.tables.get(number=1).rubber
    record(rubber, maker="N", tricks=5)
    page = client.get(f"/t/{services.working_code(rubber).code}/").content.decode()
    assert 'data-testid="deal-of">Deal 2 of 4<' in page and "This round" in page


def test_a_progressive_night_is_backed_up_and_restored_as_it_was(tmp_path):
    from io import StringIO

    from django.core.management import call_command

    from tests.services.test_backup import snapshot, wipe

    event = night()
    first, second, _ = schedule_make(event=event)
    round_start(round_id=first.pk)
    for table in first.tables.select_related("rubber"):
        for maker in "NNES":
            record(table.rubber, maker=maker, tricks=5)
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    record(second.tables.get(number=1).rubber, maker="W", alone=True, tricks=5)
    before = snapshot()
    call_command("export_club", str(tmp_path), stdout=StringIO())
    wipe()
    call_command("import_club", str(tmp_path), stdout=StringIO())
    assert snapshot() == before
    assert Event.objects.get().playing.winning.tally


def test_the_room_and_the_standings_page_show_the_rounds_points(client):
    from django.urls import reverse

    event = night()
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    rubber = first.tables.get(number=1).rubber
    for _ in range(4):
        record(rubber, maker="E", tricks=5)
    room = client.get(reverse("room", args=[event.slug])).content.decode()
    assert 'data-testid="score-ew">8<' in room
    standings = client.get(reverse("event_standings", args=[event.slug])).content.decode()
    assert "Rounds won" in standings and "Lone hands made" in standings
    assert "total points, then lone hands made, then rounds won" in standings


def test_the_tally_cards_print_each_players_first_table_and_a_row_a_round(client, tmp_path):
    import io

    from django.urls import reverse
    from pypdf import PdfReader

    event = night(players=8, rounds=3)
    schedule_make(event=event)
    response = client.get(reverse("tally_cards_pdf", args=[event.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    first = event.entrants.order_by("number").first()
    assert first is not None and first.player.display_name in text
    assert "4 deals a round" in text and "Lone hands" in text and "Signed" in text
    assert "the winners move up a table" in text
    (tmp_path / "tally.pdf").write_bytes(response.content)
    rubbers_only = EventFactory()
    assert client.get(reverse("tally_cards_pdf", args=[rubbers_only.slug])).status_code == 404


def test_the_prizes_are_named_on_the_wall_the_standings_and_the_printed_standings(client):
    import io

    from django.urls import reverse
    from pypdf import PdfReader

    event = night()
    event.night_rules = {**event.night_rules, "low_prize": True}
    event.save()
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    one, two = (t.rubber for t in first.tables.order_by("number"))
    for _ in range(4):
        record(one, maker="N", alone=True, tricks=5)
        record(two, maker="E", tricks=3)
    round_close(round_id=first.pk)
    north = one.north.display_name
    wall = client.get(reverse("room", args=[event.slug]), {"projector": "1"}).content.decode()
    # North: 16 points and four lone hands, first alone (South has 16 and none); one prize a person, and nobody
    # else made a lone hand, so no lone-hand prize; the four on 0 share the lowest score.
    assert f"<strong>First</strong> (16): {north}<" in wall
    assert "Most lone hands" not in wall and "<strong>Lowest score</strong> (0)" in wall
    page = client.get(reverse("event_standings", args=[event.slug])).content.decode()
    assert 'data-testid="prizes"' in page and 'data-testid="progressive-standings"' in page
    pdf = client.get(reverse("event_standings_pdf", args=[event.slug])).content
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "First (16)" in text and "Lowest score (0)" in text
