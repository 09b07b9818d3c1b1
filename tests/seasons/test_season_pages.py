"""A season's pages: its table (every cell worked by hand below), its CSV download and printed sheet, the list of
seasons, who may read them, their cost in queries as the nights grow, and a phone's width."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Event, Season
from scoring.services.seasons import season_create
from tests.factories import PlayerFactory
from tests.seasons.test_seasons import a_night, a_season

pytestmark = pytest.mark.django_db

LONG = "Hester Hale-Fotheringay of Wincanton"  # 36 characters, as long as a name the printed sheet must hold
NAMES = ["Abigail Ames", "Bartholomew Bell", "Cecily Cobb", "Dorothy Dunn", "Edmund Eyre", "Frances Fell",
         "Gideon Gale", LONG]
AMES, BELL, COBB, DUNN, EYRE, FELL, GALE, HALE = NAMES
DATES = ["2026-01-07", "2026-01-14", "2026-01-21", "2026-01-28"]

# Each night's tables as the schedule seats them (asserted below), with their totals on paper (NS, EW): a player's
# figure is his side's points.
NIGHTS = [
    (7, [(AMES, COBB, BELL, DUNN, 7, 1), (EYRE, GALE, FELL, HALE, 2, 6)]),
    (14, [(AMES, GALE, BELL, HALE, 3, 5)]),
    (21, [(AMES, COBB, BELL, DUNN, 4, 4), (EYRE, GALE, FELL, HALE, 8, 0)]),
    (28, [(AMES, COBB, BELL, DUNN, 6, 2)]),
]
# Counting each player's best 2 nights, 3 to qualify. Ames and Cobb are level at 13: the nights not counted decide,
# Ames's (4), (3) ahead of Cobb's (4) alone. Gale and Hale level at 11: Gale's (2) beats Hale's (0). Eyre and Fell
# played two nights: no place, listed after in the same order.
TABLE = [
    ("1", AMES, ["7", "(3)", "(4)", "6"], "13", "4"),
    ("2", COBB, ["7", None, "(4)", "6"], "13", "3"),
    ("3", GALE, ["(2)", "3", "8", None], "11", "3"),
    ("4", HALE, ["6", "5", "(0)", None], "11", "3"),
    ("5", BELL, ["(1)", "5", "4", "(2)"], "9", "4"),
    ("6", DUNN, ["(1)", None, "4", "2"], "6", "3"),
    ("", EYRE, ["2", None, "8", None], "10", "2"),
    ("", FELL, ["6", None, "0", None], "6", "2"),
]
MARKS = [f"High 7 {AMES}, {COBB} · Low 1 {BELL}, {DUNN}", f"High 5 {BELL}, {HALE} · Low 3 {AMES}, {GALE}",
         f"High 8 {EYRE}, {GALE} · Low 0 {FELL}, {HALE}", f"High 6 {AMES}, {COBB} · Low 2 {BELL}, {DUNN}"]


@pytest.fixture
def players():
    return {name: PlayerFactory(display_name=name) for name in NAMES}


def seated(players, tables) -> list:
    """The night's players in the order the schedule seats them: a table's north, east, south and west."""
    return [players[name] for north, south, east, west, *_points in tables for name in (north, east, south, west)]


def worked_season(players, nights=NIGHTS, **extra: object) -> Season:
    season = a_season(**{"best": 2, "qualify": 3, "prize_places": 2, "night_prize": True, "lone_prize": True} | extra)
    for day, tables in nights:
        event = a_night(season, day, seated(players, tables), [(ns, ew) for *_names, ns, ew in tables])
        for rubber, (north, south, east, west, *_points) in zip(event.rubbers.order_by("pk"), tables, strict=True):
            assert [str(p) for p in (rubber.north, rubber.south, rubber.east, rubber.west)] == [
                north, south, east, west], "the schedule seats the night as written"
    return Season.objects.get(pk=season.pk)


class Cells(HTMLParser):
    """The season table's rows, each cell's text (its words for screen readers included)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.in_row = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "tr":
            self.in_row = ("data-testid", "season-row") in attrs
            if self.in_row:
                self.rows.append([])
        elif tag in ("td", "th") and self.in_row and self.cell is None:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def shown(figure: str | None) -> str:
    if figure is None:
        return "· did not play"
    return f"{figure} not counted" if figure.startswith("(") else figure


def test_the_page_shows_every_cell_as_worked_by_hand(client, players):
    season = worked_season(players)
    page = client.get(reverse("season", args=[season.slug]))
    assert page.status_code == 200
    parser = Cells()
    parser.feed(page.content.decode())
    expected = [[place or "– no place", name, total, played, *map(shown, figures)]
                for place, name, figures, total, played in TABLE]
    assert parser.rows == expected
    text = " ".join(re.sub(r"<[^>]+>", " ", page.content.decode()).split())
    assert "Each player's best 2 nights count; 3 nights to qualify." in text.replace("&#x27;", "'")
    assert "Not yet qualified (3 nights to qualify): no place yet." in text
    for date, marks in zip(["7 Jan 2026", "14 Jan 2026", "21 Jan 2026", "28 Jan 2026"], MARKS, strict=True):
        assert f"{date} · {marks}" in text
    assert f"Champion (13 points): {AMES}" in text and f"2nd place (13 points): {COBB}" in text
    assert f"Best single night (8 points): 21 Jan: {EYRE}, {GALE}" in text
    assert "Most lone hands" not in text  # nobody made one
    for event in Event.objects.filter(season=season):
        assert f'href="{event.get_absolute_url()}"><time datetime="{event.starts_on.isoformat()}"' in (
            page.content.decode())


def test_the_csv_is_the_table_with_the_contracts_header(client, players):
    season = worked_season(players)
    response = client.get(reverse("season_standings_csv", args=[season.slug]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["place", "name", *DATES, "total", "played"]
    header = "place,name,2026-01-07,2026-01-14,2026-01-21,2026-01-28,total,played"
    assert response.content.decode().splitlines()[0] == header
    assert rows[1:] == [[place, name, *(figure.strip("()") if figure else "" for figure in figures), total, played]
                        for place, name, figures, total, played in TABLE]


def test_the_printed_sheet_reads_back(client, players, settings):
    season = worked_season(players)
    response = client.get(reverse("season_standings_pdf", args=[season.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert "Winter league: standings" in text and "Not yet qualified" in text
    assert "Hester Hale-" in text and "Wincanton" in text  # the long name whole, wrapped in its column
    for place, name, figures, total, _played in TABLE[:1]:
        assert f"{place} {name} {' '.join(figures)} {total}" in text
    width, height = reader.pages[0].mediabox.width, reader.pages[0].mediabox.height
    assert width < height  # four nights fit the paper upright
    a4 = client.get(reverse("season_standings_pdf", args=[season.slug]) + "?paper=a4")
    assert round(float(PdfReader(io.BytesIO(a4.content)).pages[0].mediabox.width)) == 595


def test_a_long_season_prints_sideways(client, players):
    season = a_season(best=None, qualify=1)
    for day in range(1, 29, 3):  # ten nights
        a_night(season, day, [players[name] for name in NAMES[4:]], [(5, 3)])  # the longest name among them
    reader = PdfReader(io.BytesIO(client.get(reverse("season_standings_pdf", args=[season.slug])).content))
    assert reader.pages[0].mediabox.width > reader.pages[0].mediabox.height


def test_a_members_only_night_hides_the_season_from_visitors(client, member, players):
    season = worked_season(players)
    urls = [reverse(name, args=[season.slug]) for name in ("season", "season_standings_csv", "season_standings_pdf")]
    assert all(client.get(url).status_code == 200 for url in urls)
    assert season.name in client.get(reverse("seasons")).content.decode()
    Event.objects.filter(season=season, starts_on__day=14).update(is_public=False)
    for url in urls:
        assert client.get(url).status_code == 404, url
    assert season.name not in client.get(reverse("seasons")).content.decode()
    client.force_login(member)
    assert all(client.get(url).status_code == 200 for url in urls)
    assert client.get(reverse("season", args=["no-such-season"])).status_code == 404


def test_the_list_puts_the_current_season_first_with_its_leader(client, players):
    worked_season(players)
    today = dt.date.today()
    season_create(name="This year", slug="this-year", key="progressive", starts_on=today - dt.timedelta(days=30),
                  ends_on=today + dt.timedelta(days=30), best=None, qualify=1, prize_places=1, lone_prize=False,
                  night_prize=False)
    text = " ".join(re.sub(r"<[^>]+>", " ", client.get(reverse("seasons")).content.decode()).split())
    assert text.index("This year") < text.index("Winter league")
    assert f"4 nights · champion: {AMES}, 13 points" in text and "0 nights so far" in text  # the one ended


def test_the_page_reads_in_a_constant_number_of_queries(client, players):
    season = worked_season(players, NIGHTS[:2])
    url = reverse("season", args=[season.slug])
    client.get(url)  # the nights' tables kept
    with CaptureQueriesContext(connection) as two_nights:
        client.get(url)
    for day, tables in NIGHTS[2:]:
        a_night(season, day, seated(players, tables), [(ns, ew) for *_names, ns, ew in tables])
    client.get(url)
    with CaptureQueriesContext(connection) as four_nights:
        assert client.get(url).status_code == 200
    assert len(two_nights) == len(four_nights)


def test_on_a_phone_the_table_scrolls_in_its_own_frame_with_the_names_held(client, players):
    season = worked_season(players)
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    frame = html.index('<div class="table-responsive" data-testid="season-table">')
    assert frame < html.index('<table class="table table-sm table-striped standings season-table')
    assert html.count('class="held fw-normal"') == len(TABLE)  # the name column stays put as the nights slide


def plain(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split()).replace("&#x27;", "'")


def test_where_a_club_meets_its_season(client, players):
    season = worked_season(players, ends_on=dt.date.today() + dt.timedelta(days=1))  # under way today
    night = Event.objects.filter(season=season).first()
    link = f'<a href="{season.get_absolute_url()}">Winter league</a>'
    assert link in client.get(night.get_absolute_url()).content.decode()
    home = plain(client.get(reverse("home"))).replace(" ,", ",")  # a name is a link
    assert f"Winter league 1 {AMES}, 13 points 2 {COBB}, 13 points 3 {GALE}, 11 points The season's table" in home
    page = plain(client.get(season.get_absolute_url()))
    assert f"Leading (13 points): {AMES}" in page and "Champion" not in page and "4 nights so far" in page
    ames, eyre = (plain(client.get(reverse("player", args=[players[name].pk]))) for name in (AMES, EYRE))
    assert "Winter league: 1st, 13 points (7, (3), (4), 6)" in ames
    assert "Winter league: not yet qualified, 10 points (2, 8)" in eyre
    Event.objects.filter(pk=night.pk).update(is_public=False)  # a members-only night: the season hidden from visitors
    other = Event.objects.filter(season=season).exclude(pk=night.pk).first()
    for page in (other.get_absolute_url(), reverse("home"), reverse("player", args=[players[AMES].pk])):
        assert season.get_absolute_url() not in client.get(page).content.decode(), page


def test_the_pages_that_name_a_season_read_it_in_constant_queries(client, players):
    season = worked_season(players, NIGHTS[:2], ends_on=dt.date.today() + dt.timedelta(days=1))
    night = Event.objects.filter(season=season).first()
    pages = [night.get_absolute_url(), reverse("home"), reverse("player", args=[players[AMES].pk]), reverse("seasons")]

    def counted() -> list[int]:
        for page in pages:
            client.get(page)  # the tables kept
        counts = []
        for page in pages:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(page).status_code == 200
            counts.append(len(queries))
        return counts

    two_nights = counted()
    for day, tables in NIGHTS[2:]:
        a_night(season, day, seated(players, tables), [(ns, ew) for *_names, ns, ew in tables])
    assert counted() == two_nights


FORM = {"name": "Summer of the standard game", "slug": "summer", "key": "progressive", "starts_on": "2026-06-01",
        "ends_on": "2026-08-31", "best": "4", "qualify": "3", "prize_places": "2", "night_prize": "on"}


def test_the_secretary_makes_and_edits_a_season(client, secretary):
    client.force_login(secretary)
    made = client.post(reverse("season_new"), FORM)
    season = Season.objects.get(slug="summer")
    assert made.status_code == 302 and made["Location"] == season.get_absolute_url()
    assert (season.best, season.qualify, season.prize_places, season.night_prize, season.lone_prize) == (
        4, 3, 2, True, False)
    edited = client.post(reverse("season_edit", args=["summer"]), FORM | {"name": "Summer league", "best": ""})
    assert edited.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.best, season.slug) == ("Summer league", None, "summer")


@pytest.mark.parametrize(("field", "value", "error"), [
    ("best", "0", "Nights counted: a whole number from 1 to 200."),
    ("qualify", "²", "Nights to qualify: a whole number from 1 to 200."),
    ("prize_places", "9" * 5000, "Prizes for places: a whole number from 1 to 10."),
    ("ends_on", "2026-05-01", ""),
    ("slug", "new", "That address is the page for a new season"),
    ("key", "no-such-format", ""),
])
def test_a_season_refused_saves_nothing_and_says_where(client, secretary, field, value, error):
    client.force_login(secretary)
    response = client.post(reverse("season_new"), FORM | {field: value})
    assert response.status_code == 200 and not Season.objects.exists()
    assert error in response.content.decode().replace("&#x27;", "'")
    assert "is-invalid" in response.content.decode() or "alert" in response.content.decode()


def test_a_taken_address_is_refused_on_its_field(client, secretary):
    client.force_login(secretary)
    client.post(reverse("season_new"), FORM)
    again = client.post(reverse("season_new"), FORM | {"name": "Another"})
    assert again.status_code == 200 and "is taken by" in again.content.decode()
    assert Season.objects.count() == 1


def test_the_most_lone_hands_made_wins_its_prize(client, players):
    from scoring.rounds.services import entrants_set, round_close, round_start, round_totals_enter, schedule_make
    from tests.factories import EventFactory

    season = a_season(lone_prize=True)
    for day, lone in ((7, {"N": 1, "E": 0, "S": 0, "W": 2}), (14, {"N": 1, "E": 0, "S": 0, "W": 0})):
        event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4, rulebook="standard",
                             starts_on=dt.date(2026, 1, day), season=season)
        entrants_set(event=event, players=[players[name] for name in (AMES, BELL, COBB, DUNN)])  # N, E, S, W
        first = schedule_make(event=event)[0]
        round_start(round_id=first.pk)
        round_totals_enter(rubber_id=first.tables.get().rubber_id, points={"NS": 6, "EW": 2}, lone=lone)
        round_close(round_id=first.pk)
    text = plain(client.get(reverse("season", args=[season.slug])))
    assert f"Most lone hands (2 lone hands made): {AMES}; {DUNN}" in text
