"""The standings downloads read back: in XLSX every figure a number cell (a spreadsheet sums and sorts it)
and every name a string cell, shown as it is; in CSV a name a spreadsheet would run stays behind its
apostrophe."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from scoring.models import Event, Player, Rubber
from scoring.rounds.services import round_close, round_start, schedule_make
from scoring.standings.export import OFFERED, InertTableExport
from scoring.standings.tables import PartnershipTable
from tests.builders import a_finished_rubber, a_rubber, a_tournament
from tests.factories import EventFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db

TEXT_COLUMNS = {"Player", "Partners"}
HOSTILE = ['=HYPERLINK("http://evil.example","Click")', "@SUM(A1)", "+1+2", "#N/A"]


def xlsx(client, url: str) -> list[list]:
    """The sheet's cells, row by row."""
    response = client.get(url, {"_export": "xlsx"})
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"], url
    return [list(row) for row in load_workbook(io.BytesIO(response.content)).active.iter_rows()]


def csv_rows(client, url: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(client.get(url, {"_export": "csv"}).content.decode())))


def played_out(rubber: Rubber) -> None:
    """Lone hands by North until the rubber or match is over (or the round's deals are dealt)."""
    for _ in range(30):
        rubber.refresh_from_db()
        if rubber.status != Rubber.Status.IN_PROGRESS:
            return
        record(rubber, maker="N", alone=True, tricks=5)
    raise AssertionError("the rubber never ended")


def a_round_played(event: Event) -> None:
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    for table in first.tables.select_related("rubber"):
        played_out(table.rubber)
    round_close(round_id=first.pk)


def every_kind_of_standings() -> list[str]:
    """An event of each kind the standings draw (rubbers, matches of the standard game, fixed pairs of
    each, a progressive night), and the club's standings over them all."""
    for code in ("somerset-1888", "standard"):
        played_out(a_rubber(EventFactory(rulebook=code)))
        a_round_played(a_tournament(4, rounds=1, mode=Event.Mode.PAIRS, rulebook=code))
    a_round_played(a_tournament(4, rounds=1, mode=Event.Mode.PROGRESSIVE, rulebook="standard", deal_limit=4))
    return [reverse("standings")] + [reverse("event_standings", args=[e.slug]) for e in Event.objects.all()]


def test_every_xlsx_download_holds_its_figures_as_numbers_to_the_places_of_the_csv(client):
    assert "xlsx" in OFFERED
    headers_seen = set()
    for url in every_kind_of_standings():
        sheet, text = xlsx(client, url), csv_rows(client, url)
        headers = [cell.value for cell in sheet[0]]
        assert headers == text[0], url
        headers_seen.add(tuple(headers))
        assert len(sheet) == len(text) > 1, url
        for row, written in zip(sheet[1:], text[1:], strict=True):
            for header, cell, as_text in zip(headers, row, written, strict=True):
                if header in TEXT_COLUMNS:
                    assert cell.data_type == "s" and cell.value == as_text, (url, header)
                    continue
                assert cell.data_type == "n" and type(cell.value) in (int, float), (url, header, cell.value)
                if header == "Net per rubber":
                    assert cell.number_format == "0.000", url
                    assert Decimal(as_text) == Decimal(f"{cell.value:.3f}"), url  # the CSV's "-0.250"
                    assert as_text == f"{Decimal(as_text):.3f}", url
                elif header == "Rank":  # pairs level on every tie-breaker share a rank, shown "2=" in both
                    shown = {"0": "", '0"="': "="}[cell.number_format]
                    assert type(cell.value) is int and f"{cell.value}{shown}" == as_text, url
                else:
                    assert type(cell.value) is int and str(cell.value) == as_text, (url, header)
    # Every table the standings download: players and pairs, rubbers and matches, a progressive night.
    assert any("Player" in h for h in headers_seen) and any("Partners" in h for h in headers_seen)
    assert any("Net per rubber" in h for h in headers_seen) and any("Matches" in h for h in headers_seen)
    assert any("Sat out" in h for h in headers_seen)


def test_pairs_level_share_a_rank_that_is_a_number_in_xlsx_and_reads_as_on_the_page():
    figures = dict.fromkeys(("rubbers", "wins", "losses", "games", "doubles", "scored_for", "scored_against", "net"), 1)
    rows = [{**figures, "rank": rank, "player_id": n, "player__display_name": f"A{n}", "partner_id": n + 10,
             "partner__display_name": f"B{n}", "net_per_rubber": -0.25} for n, rank in enumerate(["1=", "1=", "3"])]
    table = PartnershipTable(rows)
    text = csv.reader(io.StringIO(InertTableExport("csv", table).export()))
    assert [row[0] for row in text] == ["Rank", "1=", "1=", "3"]
    sheet = load_workbook(io.BytesIO(InertTableExport("xlsx", table).export())).active
    assert [(c.value, c.number_format) for c in sheet["A"][1:]] == [(1, '0"="'), (1, '0"="'), (3, "0")]
    assert [(c.value, c.number_format) for c in sheet[2][-1:]] == [(-0.25, "0.000")]


@pytest.fixture
def hostile_names(players):
    rubber = a_finished_rubber(a_rubber(EventFactory(), players[:4]))
    for player, name in zip(players[:4], HOSTILE, strict=True):
        Player.objects.filter(pk=player.pk).update(display_name=name)
    from scoring.services.scoring import results_changed

    results_changed()  # as a rename on the player form does
    return rubber


def test_a_name_a_spreadsheet_would_run_is_a_plain_string_cell_in_xlsx(client, hostile_names):
    for url in (reverse("event_standings", args=[hostile_names.event.slug]), reverse("standings")):
        names = {row[0].value: row[0].data_type for row in xlsx(client, url)[1:]}
        assert names == dict.fromkeys(HOSTILE, "s"), url  # no apostrophe, no formula, no error cell


def test_a_name_a_spreadsheet_would_run_stays_guarded_in_csv(client, hostile_names):
    for url in (reverse("event_standings", args=[hostile_names.event.slug]), reverse("standings")):
        names = {row[0] for row in csv_rows(client, url)[1:]}
        assert names == {"'" + HOSTILE[0], "'" + HOSTILE[1], "'+1+2", "#N/A"}, url
