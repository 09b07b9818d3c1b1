"""Standings and player pages: figures that agree with the engine, exports, filters, visibility, and
a fixed number of SQL queries whatever the size of the club."""

from __future__ import annotations

import csv
import datetime as dt
import io
import random
from collections import defaultdict

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from scoring.engine import Seat, Side, score_rubber
from scoring.models import Event, Hand, KeptFigures, Player, Rubber
from scoring.seeding.bulk import seed_bulk
from scoring.seeding.demo import play_rubber
from scoring.services.play import as_scored
from scoring.services.rubbers import rubber_abandon
from scoring.services.scoring import results_changed, rubber_hands
from scoring.standings import selectors
from tests.builders import a_rubber
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db

HEADER = ["Player", "Rubbers", "Won", "Lost", "Games won", "Doubles won", "Points for", "Points against", "Net"]


def rubbers_of(context) -> selectors.FormatRecord | None:
    """His Somerset rubbers on his page (these tests' events are Somerset's), None before he has one."""
    return next((f for f in context["formats"] if f.standing.key == "somerset-1888"), None)


def club(event: Event, players: list[Player], rubbers: int, seed: int = 7) -> None:
    """Rubbers entered hand by hand through the secretary's service, seated at random."""
    rng = random.Random(seed)
    for i in range(rubbers):
        four = rng.sample(players, 4)
        rubber = a_rubber(event, four, first_dealer=rng.choice("NESW"),
                          played_on=event.starts_on + dt.timedelta(days=i))
        play_rubber(rubber, rng)


def expected_totals(event: Event) -> dict[str, list[int]]:
    """Each player's figures recomputed from the hands with `score_rubber`, complete rubbers only."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0] * 8)
    for rubber in event.rubbers.filter(status=Rubber.Status.COMPLETE):
        rulebook = rubber.rulebook
        result = score_rubber([as_scored(h, rulebook) for h in rubber_hands(rubber)], rulebook,
                              first_dealer=Seat(rubber.first_dealer))
        assert result.complete
        points = dict(zip(Side, result.rubber_points, strict=True))
        for seat in Seat:
            side = seat.side
            won = [g for g in result.games if g.winner is side]
            row = totals[rubber.player_at(seat).display_name]
            for i, value in enumerate((1, result.rubber_winner is side, result.rubber_winner is side.other,
                                       len(won), sum(g.double for g in won), points[side], points[side.other])):
                row[i] += int(value)
            row[7] = row[5] - row[6]
    return totals


def csv_rows(client, url: str) -> list[list[str]]:
    response = client.get(url + ("&" if "?" in url else "?") + "_export=csv")
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_standings_csv_agrees_with_the_engine_player_by_player(client):
    event = EventFactory(is_public=True)
    players = PlayerFactory.create_batch(7)
    club(event, players, 6)
    live = a_rubber(event, players[:4])
    record(live, maker="N", tricks=5)  # in progress: not counted
    gone = a_rubber(event, (players[4], players[5], players[6], players[0]), first_dealer="E")
    record(gone, maker="E", tricks=5)
    rubber_abandon(rubber_id=gone.pk, reason="The lights went out")

    rows = csv_rows(client, reverse("event_standings", args=[event.slug]))

    assert rows[0][:9] == HEADER
    got = {r[0]: [int(x) for x in r[1:9]] for r in rows[1:]}
    assert got == {name: figures for name, figures in expected_totals(event).items()}
    nets = [int(r[8]) for r in rows[1:]]
    assert nets == sorted(nets, reverse=True)  # best first
    page = client.get(reverse("event_standings", args=[event.slug])).content.decode()
    assert "The lights went out" in page and "1 in progress not counted" in page


def test_standings_excel_export_has_the_same_columns(client):
    event = EventFactory(is_public=True)
    seed_bulk(rubbers=5, event=event, players=PlayerFactory.create_batch(6))
    response = client.get(reverse("event_standings", args=[event.slug]), {"_export": "xlsx"})
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert list(rows[0][:9]) == HEADER
    assert sum(int(r[1]) for r in rows[1:]) == 5 * 4


def test_sorting_and_pagination(client):
    event = EventFactory(is_public=True)
    seed_bulk(rubbers=40, event=event, players=PlayerFactory.create_batch(30))
    url = reverse("event_standings", args=[event.slug])
    first = client.get(url)
    assert len(first.context["table"].page.object_list) == 25
    assert first.context["table"].page.paginator.num_pages == 2
    by_points = client.get(url, {"sort": "scored_for"}).context["table"]
    values = [row.record["scored_for"] for row in by_points.page.object_list]
    assert values == sorted(values)


def test_partnerships_pair_each_side_once(client):
    event = EventFactory(is_public=True)
    seed_bulk(rubbers=3, event=event, players=PlayerFactory.create_batch(4))
    pairs = client.get(reverse("event_standings", args=[event.slug])).context["pairs"]
    assert sum(row.record["rubbers"] for row in pairs.rows) == 3 * 2


def test_members_only_standings_are_not_found_until_login(client, member):
    event = EventFactory(is_public=False)
    url = reverse("event_standings", args=[event.slug])
    assert client.get(url).status_code == 404
    client.force_login(member)
    assert client.get(url).status_code == 200


def test_club_standings_filter_by_event_and_dates(client):
    players = PlayerFactory.create_batch(6)
    spring = EventFactory(is_public=True, starts_on=dt.date(2026, 3, 1))
    autumn = EventFactory(is_public=True, starts_on=dt.date(2026, 9, 1))
    hidden = EventFactory(is_public=False, starts_on=dt.date(2026, 9, 1))
    for event, n in ((spring, 3), (autumn, 5), (hidden, 7)):
        seed_bulk(rubbers=n, event=event, players=players)

    def counted(**params: object) -> int:
        table = client.get(reverse("standings"), params).context["table"]
        return sum(row.record["rubbers"] for row in table.rows) // 4

    assert counted() == 8  # the members-only event is left out for the public
    assert counted(event=spring.pk) == 3
    assert counted(played_from="2026-09-01") == 5
    assert counted(played_to="2026-08-31") == 3
    rows = csv_rows(client, reverse("standings") + f"?event={autumn.pk}")
    assert sum(int(r[1]) for r in rows[1:]) == 5 * 4


def test_standings_and_player_pages_cost_a_fixed_number_of_queries(client):
    event = EventFactory(is_public=True)
    players = PlayerFactory.create_batch(8)
    seed_bulk(rubbers=2, event=event, players=players)
    urls = [reverse("event_standings", args=[event.slug]), reverse("standings"),
            reverse("player", args=[players[0].pk])]
    client.get(reverse("home"))  # the club's settings, read once and kept in the cache
    counts = []
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    seed_bulk(rubbers=60, event=event, players=players, seed=2)
    club(EventFactory(is_public=True), players, 2)
    for url, before in zip(urls, counts, strict=True):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        assert len(queries) == before, url


def test_player_page_record_and_statistics(client):
    event = EventFactory(is_public=True)
    players = PlayerFactory.create_batch(5)
    club(event, players, 4, seed=3)
    me = players[0]
    response = client.get(reverse("player", args=[me.pk]))
    context = response.context
    made = Hand.objects.filter(maker_player=me).count()
    assert context["stats"].maker.made == made
    assert sum(f.made for f in context["stats"].by_position) == made
    somerset = rubbers_of(context)
    summary = somerset.summary if somerset else None
    assert summary is None or summary["rubbers"] == sum(r.rubbers for r in somerset.partners)
    body = response.content.decode()
    assert "Eldest hand" in body and "Dealer" in body
    if summary:
        assert 'data-testid="net-chart"' in body
        assert somerset.chart.final == summary["net"]


def test_player_page_hides_members_only_rubbers_from_the_public(client, member):
    players = PlayerFactory.create_batch(4)
    seed_bulk(rubbers=2, event=EventFactory(is_public=True), players=players)
    seed_bulk(rubbers=3, event=EventFactory(is_public=False), players=players, seed=5)
    url = reverse("player", args=[players[0].pk])
    assert rubbers_of(client.get(url).context).summary["rubbers"] == 2
    client.force_login(member)
    assert rubbers_of(client.get(url).context).summary["rubbers"] == 5


def test_cached_standings_are_never_stale(client, event, players):
    from tests.helpers import play_game

    url = reverse("event_standings", args=[event.slug])
    first = a_rubber(event, players[:4], played_on=event.starts_on)
    for maker in ("N", "N", "E"):
        play_game(first, maker)
    assert players[0].display_name in client.get(url).content.decode()
    assert players[4].display_name not in client.get(url).content.decode()

    second = a_rubber(event, (players[4], players[5], players[2], players[3]), played_on=event.starts_on)
    for maker in ("N", "N", "N"):
        play_game(second, maker)
    page = client.get(url).content.decode()
    assert players[4].display_name in page and players[5].display_name in page  # the new result shows at once

    players[4].display_name = "Renamed Player"
    players[4].save()
    page = client.get(url).content.decode()
    assert "Renamed Player" in page

    club = reverse("standings")
    assert "Renamed Player" in client.get(club).content.decode()
    third = a_rubber(event, (players[0], players[1], players[5], players[3]), played_on=event.starts_on)
    for maker in ("E", "E"):
        play_game(third, maker)
    rows = list(csv.reader(io.StringIO(client.get(club + "?_export=csv").content.decode())))
    assert sum(int(r[1]) for r in rows[1:]) == 2 * 4  # the unfinished third rubber is not counted yet
    play_game(third, "E")
    rows = list(csv.reader(io.StringIO(client.get(club + "?_export=csv").content.decode())))
    assert sum(int(r[1]) for r in rows[1:]) == 3 * 4


def test_a_cached_standings_page_reads_less(client, event, players):
    from tests.helpers import play_game

    rubber = a_rubber(event, players[:4], played_on=event.starts_on)
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    url = reverse("event_standings", args=[event.slug])
    with CaptureQueriesContext(connection) as cold:
        client.get(url)
    with CaptureQueriesContext(connection) as warm:
        client.get(url)
    assert len(warm) < len(cold)
    assert not any("SUM(" in q["sql"].upper() for q in warm.captured_queries)  # no aggregation when cached


def test_a_players_cached_figures_are_never_stale(client, secretary, rubber):
    """The player page keeps his figures under the results version: a new result shows at once."""
    from tests.helpers import play_game

    player = rubber.north
    url = reverse("player", args=[player.pk])
    assert rubbers_of(client.get(url).context) is None
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    first = rubbers_of(client.get(url).context).summary
    assert first["rubbers"] == 1 and first["wins"] == 1
    with CaptureQueriesContext(connection) as warm:
        again = rubbers_of(client.get(url).context).summary
    assert again == first
    assert not any("scoring_hand" in q["sql"] for q in warm.captured_queries)  # his figures came from the cache
    Player.objects.filter(pk=rubber.east.pk).update(display_name="Renamed Partner")
    results_changed()  # as renaming a player does
    response = client.get(url)
    assert "Renamed Partner" in [r.name for r in rubbers_of(response.context).opponents]
    opponents = response.content.decode().split('data-testid="opponents"')[1].split("</table>")[0]
    assert "Renamed Partner" in opponents  # the figures as drawn, not only as read


def test_a_players_drawn_figures_are_kept_apart_for_members_and_the_public(client, member, players):
    """His figures as drawn are kept for whoever reads: a member's page, with a members-only night in it, never
    reaches the public from the cache."""
    from tests.helpers import play_game

    private = EventFactory(is_public=False, name="Members night", slug="members-night")
    rubber = a_rubber(private, players[:4], played_on=private.starts_on)
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    url = reverse("player", args=[players[0].pk])
    client.force_login(member)
    assert 'data-testid="format-somerset-1888"' in client.get(url).content.decode()
    client.logout()
    public = client.get(url).content.decode()
    assert 'data-testid="format-somerset-1888"' not in public and 'data-testid="no-results"' in public


@pytest.mark.parametrize("name", ["event_standings", "standings"])
@pytest.mark.parametrize("export", ["ods", "xls", "yaml", "tsv", "json", "latex", "html", "CSV", "", "csv\x00"])
def test_only_csv_and_xlsx_are_downloads_and_any_other_format_shows_the_page(client, rubber, name, export):
    args = [rubber.event.slug] if name == "event_standings" else []
    response = client.get(reverse(name, args=args), {"_export": export})
    assert response.status_code == 200 and "attachment" not in response.get("Content-Disposition", "")
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("export", ["csv", "xlsx"])
def test_csv_and_xlsx_download(client, rubber, export):
    response = client.get(reverse("event_standings", args=[rubber.event.slug]), {"_export": export})
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]


def test_a_players_page_stays_cached_while_other_players_score(client, event, players):
    """His page's figures are kept under the results of the events he played in: a rubber elsewhere, with
    none of his games, leaves them in the cache; a result of his own shows at once."""
    from tests.helpers import play_game

    mine = a_rubber(event, players[:4], played_on=event.starts_on)
    for maker in ("N", "N", "E"):
        play_game(mine, maker)
    url = reverse("player", args=[players[0].pk])
    assert rubbers_of(client.get(url).context).summary["rubbers"] == 1
    with CaptureQueriesContext(connection) as warm:
        client.get(url)
    elsewhere = a_rubber(EventFactory(), players[2:6], played_on=event.starts_on)
    play_game(elsewhere, "N")
    with CaptureQueriesContext(connection) as after:
        assert rubbers_of(client.get(url).context).summary["rubbers"] == 1
    assert len(after) == len(warm)  # read from the cache, as before the other rubber
    assert not any('"made"' in q["sql"] for q in after.captured_queries)
    again = a_rubber(EventFactory(), players[:4], played_on=event.starts_on)
    for maker in ("N", "N", "E"):
        play_game(again, maker)
    assert rubbers_of(client.get(url).context).summary["rubbers"] == 2  # a new event of his counts at once


def test_a_drawn_standings_table_is_kept_for_its_own_sorting_and_version(client, event, players):
    """The drawn table comes back from the cache for the same address and results, and is drawn afresh for
    another sorting or a new result."""
    from tests.helpers import play_game

    rubber = a_rubber(event, players[:4], played_on=event.starts_on)
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    url = reverse("event_standings", args=[event.slug])

    def table(sort: str) -> str:
        page = client.get(url, {"sort": sort}).content.decode()
        return page[page.index('data-testid="standings"'):page.index("</table>", page.index('data-testid="standings"'))]

    first = table("player")
    assert table("player") == first
    names = sorted(p.display_name for p in players[:4])
    backwards = table("-player")
    assert first.index(names[0]) < first.index(names[-1])
    assert backwards.index(names[0]) > backwards.index(names[-1])
    later = a_rubber(event, (players[4], players[5], players[2], players[3]), played_on=event.starts_on)
    for maker in ("N", "N", "N"):
        play_game(later, maker)
    assert players[4].display_name in table("player")


def test_the_net_timeline_counts_back_from_his_net_over_his_last_days(monkeypatch):
    """His cumulative net after each day he played, as the stored results give it; when his past is longer than
    the chart, only his last days are read and the line starts from his net before them."""
    from scoring.models import RubberPlayerResult

    event = EventFactory()
    players = PlayerFactory.create_batch(5)
    club(event, players, 7, seed=11)
    me = players[0]
    by_day: dict[dt.date, int] = defaultdict(int)
    for result in RubberPlayerResult.objects.filter(player=me).select_related("rubber"):
        by_day[result.rubber.played_on] += result.points_for - result.points_against
    running, expected = 0, []
    for day in sorted(by_day):
        running += by_day[day]
        expected.append((day, running))
    assert len(expected) >= 3  # he played on at least three days, so two are fewer than his past
    kept = KeptFigures.objects.filter(player=me, code="somerset-1888")
    final = expected[-1][1]
    assert selectors.net_timeline(kept, final) == (0, expected)
    monkeypatch.setattr(selectors, "CHART_POINTS", 2)
    start, last_two = selectors.net_timeline(kept, final)
    assert last_two == expected[-2:]
    assert start == expected[-3][1]
    chart = selectors.net_chart(last_two, start)
    assert chart is not None and chart.final == expected[-1][1] and chart.recent


def test_an_address_with_stray_values_is_drawn_afresh_and_not_kept(client, event, players):
    """Only the addresses a standings page reads keep a drawn table: anything else a visitor adds (or a sort
    by no column, a page past the last) leaves nothing behind in the cache."""
    from django.core.cache import cache

    from tests.helpers import play_game

    rubber = a_rubber(event, players[:4], played_on=event.starts_on)
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    url = reverse("event_standings", args=[event.slug])
    cache.clear()
    assert client.get(url, {"sort": "-net"}).status_code == 200
    kept = len(cache._cache)  # type: ignore[attr-defined]  # the local memory cache of the tests
    assert kept >= 2  # the rows and the drawn tables
    for query in ({"sort": "-net", "utm": "x"}, {"sort": "no-such-column"}, {"sort": "-net", "page": "9"},
                  {"sort": "-net", "x" * 300: "y"}):
        page = client.get(url, query)
        assert page.status_code == 200 and players[0].display_name in page.content.decode()
    assert len(cache._cache) == kept  # type: ignore[attr-defined]
