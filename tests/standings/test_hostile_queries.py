"""Downloads no spreadsheet runs, and query values or hosts that answer a clear status, never a 500."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from scoring.models import Player
from scoring.standings.export import inert
from tests.helpers import play_game

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

HOSTILE = ['=HYPERLINK("http://evil.example","Click")', "+1+2", "-2+3", "@SUM(A1)", "\tTab", "Bell\x07Ringer"]


@pytest.mark.parametrize(("value", "written"), [
    ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'), ("+1", "+1"), ("-3", "-3"), ("-", "'-"),
    ("@me", "'@me"), ("Abigail Ames", "Abigail Ames"), (7, 7), ("Bell\x07Ringer", "BellRinger"),
])
def test_a_cell_a_spreadsheet_would_run_is_written_as_text(value, written):
    assert inert(value) == written


def _club_with_names(rubber, names):
    for player, name in zip(Player.objects.order_by("pk"), names, strict=False):
        Player.objects.filter(pk=player.pk).update(display_name=name)
    for maker in ("N", "N", "E"):
        play_game(rubber, maker=maker)


def test_the_standings_downloads_carry_no_live_formula(client, rubber):
    _club_with_names(rubber, HOSTILE[:4])
    slug = rubber.event.slug
    rows = list(csv.reader(io.StringIO(client.get(reverse("event_standings", args=[slug]) + "?_export=csv")
                                       .content.decode())))
    names = {row[0] for row in rows[1:]}
    assert names >= {"'" + name for name in HOSTILE[:1] + HOSTILE[3:4]}
    assert not any(cell.startswith(("=", "@")) for row in rows for cell in row)
    sheet = load_workbook(io.BytesIO(client.get(reverse("event_standings", args=[slug]) + "?_export=xlsx").content))
    assert {row[0].value for row in sheet.active.iter_rows(min_row=2)} >= set(HOSTILE[:4])  # as they are
    assert all(c.data_type != "f" for row in sheet.active.iter_rows() for c in row)  # string cells: never run


def test_a_control_character_in_a_name_does_not_break_the_xlsx(client, rubber):
    _club_with_names(rubber, ["Bell\x07Ringer"])
    response = client.get(reverse("event_standings", args=[rubber.event.slug]) + "?_export=xlsx")
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content))
    assert "BellRinger" in [c.value for row in sheet.active.iter_rows() for c in row]


@pytest.mark.parametrize("query", ["per_page=-1", "per_page=0", "per_page=abc", "per_page=100000", "page=-3",
                                   "page=x", "pairs-per_page=-1", "sort=nonsense", "code=", "code=bridge",
                                   "code=progressive&_export=xlsx", "code=standard&code=somerset-1888"])
def test_bad_paging_on_the_standings_falls_back(client, rubber, query):
    play_game(rubber)
    for url in (reverse("event_standings", args=[rubber.event.slug]), reverse("standings")):
        assert client.get(f"{url}?{query}").status_code in (200, 404)


@pytest.mark.parametrize("query", ["r-per_page=-5", "r-page=0", "r-per_page=x", "r-sort=nonsense"])
def test_bad_paging_on_a_player_page_falls_back(client, rubber, query):
    play_game(rubber)
    player = Player.objects.first()
    assert client.get(reverse("player", args=[player.pk]) + f"?{query}").status_code in (200, 404)


@override_settings(ALLOWED_HOSTS=["testserver"])
def test_a_host_not_allowed_is_a_400_page(client):
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400


# Every query parameter of the list pages, drawn by hypothesis: a page or a clear refusal, never a 500.

QUERY_VALUES = st.one_of(
    st.sampled_from(["-1", "0", "1", "2", "999999999999999999999", "1e9", "NaN", "x", "", " ", "%00", "\x00",
                     "2026-02-30", "2026-11-21", "-name", "name", "rank", "net", "--net", "csv", "xlsx", "json",
                     "pdf", "<script>", "'; --", "[]", "../..", "somerset-1888", "standard", "progressive",
                     "official-1862", "STANDARD"]),
    st.text(max_size=12),
)
QUERY_NAMES = st.sampled_from(["page", "per_page", "sort", "event", "played_from", "played_to", "_export",
                               "pairs-page", "pairs-per_page", "pairs-sort", "r-page", "r-per_page", "r-sort",
                               "q", "tab", "next", "code"])
QUERIES = st.dictionaries(QUERY_NAMES, QUERY_VALUES, max_size=5)
HYPOTHESIS = settings(max_examples=40, deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.fixture
def played(rubber):
    for maker in ("N", "N", "E"):  # a complete rubber, so that the standings list its four players
        play_game(rubber, maker=maker)
    return rubber


@HYPOTHESIS
@given(query=QUERIES, which=st.sampled_from(["home", "events", "players", "standings", "event", "event_standings",
                                             "player", "laws"]))
def test_any_query_on_a_list_page_answers_without_a_server_error(client, played, query, which):
    args = {"event": [played.event.slug], "event_standings": [played.event.slug],
            "player": [Player.objects.first().pk]}.get(which, [])
    response = client.get(reverse(which, args=args), query)
    assert response.status_code in (200, 400, 404), (which, query, response.status_code)


# Any text a database can hold (PostgreSQL holds no NUL), control characters included.
NAMES = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"], exclude_characters="\x00"),
                min_size=1, max_size=30)


@HYPOTHESIS
@given(names=st.lists(NAMES, min_size=4, max_size=4))
def test_the_downloads_of_any_names_are_inert_and_read_back(client, played, names):
    """Whatever names the roll holds (even ones written past the forms), the CSV and XLSX open, and no cell
    a spreadsheet would run is left live."""
    for player, name in zip(Player.objects.order_by("pk"), names, strict=False):
        Player.objects.filter(pk=player.pk).update(display_name=f"{name}{player.pk}")
    cache.clear()  # the rows are cached by results version, which a rename past the forms does not raise
    url = reverse("event_standings", args=[played.event.slug])
    body = client.get(url + "?_export=csv")
    assert body.status_code == 200
    rows = list(csv.reader(io.StringIO(body.content.decode())))
    sheet = load_workbook(io.BytesIO(client.get(url + "?_export=xlsx").content))
    for cell in [c for row in rows for c in row]:
        assert not (cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not _number(cell)), cell
    cells = [c for row in sheet.active.iter_rows() for c in row]
    assert all(c.data_type in ("s", "n") for c in cells)  # an XLSX names its text: no formula, no error cell
    assert len(rows) == 1 + 4  # the header and the four players, whatever their names


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True
