"""A player with results in three formats: a Somerset rubber, a standard match to ten and a progressive round.
Each format's figures stand apart in its own units on his page, his printed record and the club's standings by
code; every figure below is worked by hand from the laws, not read back from the engine."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import Event, KeptFigures, Player
from scoring.rounds.services import entrants_set, round_start, schedule_make
from tests.builders import a_finished_rubber, a_rubber
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db


@pytest.fixture
def abby() -> Player:
    """Abby sits North in all three.

    Somerset (laws 1, 2, 7): North-South win games 1 and 2 by three hands each (a march, a march, a point: 5-0,
    a double, 2 rubber points each); the third game is still played and East-West win it 5-0 (a double, 2);
    the rubber's 2 go to North-South: 6-2 in rubber points, two games, two doubles.
    The standard game, a single game to ten: five marches by North, 10-0, one match and one game won.
    A progressive round of four deals under the standard game: North's lone march (4), East euchred (2 to
    North-South), East's point (1 to East-West), North's point (1): 7-1 to North-South, her lone hand made, the
    round won."""
    abby = Player.objects.create(display_name="Abigail Ames")
    somerset = a_rubber(EventFactory(rulebook="somerset-1888"), [abby, *PlayerFactory.create_batch(3)])
    a_finished_rubber(somerset)
    match = a_rubber(EventFactory(rulebook="standard", game_points=10, games=1),
                     [abby, *PlayerFactory.create_batch(3)])
    for _ in range(5):
        record(match, maker="N", tricks=5)
    night = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4, rulebook="standard")
    entrants_set(event=night, players=[abby, *PlayerFactory.create_batch(3)])
    first, = schedule_make(event=night)
    round_start(round_id=first.pk)
    table = first.tables.get(number=1)
    assert table.north_id == abby.pk
    rubber = table.rubber
    for play in ({"maker": "N", "alone": True, "tricks": 5}, {"maker": "E", "tricks": 1},
                 {"maker": "E", "tricks": 3}, {"maker": "N", "tricks": 4}):
        record(rubber, **play)
    return abby


def _section(html: str, key: str) -> str:
    found = re.search(rf'<section[^>]*data-testid="format-{key}".*?</section>', html, re.S)
    assert found, f"no {key} section"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0)))


def _testid(html: str, key: str, testid: str) -> str:
    section = re.search(rf'<section[^>]*data-testid="format-{key}".*?</section>', html, re.S)
    assert section
    value = re.search(rf'data-testid="{testid}">([^<]*)<', section.group(0))
    assert value, f"no {testid} in {key}"
    return value.group(1).strip()


def test_the_kept_rows_carry_each_events_standings_key(abby: Player) -> None:
    codes = set(KeptFigures.objects.filter(player=abby, day__isnull=True).values_list("code", flat=True))
    assert codes == {"somerset-1888", "standard", "progressive"}


def test_his_page_shows_each_format_in_its_own_units(abby: Player, client: Client) -> None:
    html = client.get(reverse("player", args=[abby.pk])).content.decode()
    assert _testid(html, "somerset-1888", "played") == "1"
    assert _testid(html, "somerset-1888", "games") == "2"
    assert _testid(html, "somerset-1888", "points") == "6–2"
    assert _testid(html, "somerset-1888", "net") == "4"
    assert "2 doubles" in _section(html, "somerset-1888")
    assert _testid(html, "standard", "played") == "1"
    assert _testid(html, "standard", "points") == "10–0"
    assert _testid(html, "standard", "net") == "10"
    standard = _section(html, "standard")
    assert "Matches" in standard and "Rubber" not in standard and "rubber" not in standard
    assert _testid(html, "progressive", "points") == "7"
    assert _testid(html, "progressive", "lone") == "1"
    assert _testid(html, "progressive", "rounds-won") == "1"
    assert _testid(html, "progressive", "net") == "6"
    assert "rubber" not in _section(html, "progressive").lower()
    # Never a figure added across formats: 6 + 10 + 7 points for, 4 + 10 + 6 net.
    figures = {value.strip() for value in re.findall(r'data-testid="[^"]+">([^<]*)<', html)}
    assert figures >= {"6–2", "10–0", "7"} and not figures & {"23", "16–2", "20"}


def _standings(client: Client, code: str | None) -> list[dict[str, str]]:
    query = {"_export": "csv"} | ({"code": code} if code else {})
    response = client.get(reverse("standings"), query)
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_the_club_standings_rank_each_code_apart(abby: Player, client: Client) -> None:
    somerset = {row["Player"]: row for row in _standings(client, "somerset-1888")}
    assert (somerset["Abigail Ames"]["Rubbers"], somerset["Abigail Ames"]["Net"]) == ("1", "4")
    assert somerset["Abigail Ames"]["Doubles won"] == "2"
    standard = {row["Player"]: row for row in _standings(client, "standard")}
    assert (standard["Abigail Ames"]["Matches"], standard["Abigail Ames"]["Points for"],
            standard["Abigail Ames"]["Net"]) == ("1", "10", "10")
    assert "Rubbers" not in standard["Abigail Ames"]
    progressive = {row["Player"]: row for row in _standings(client, "progressive")}
    assert (progressive["Abigail Ames"]["Points"], progressive["Abigail Ames"]["Lone hands made"],
            progressive["Abigail Ames"]["Rounds won"]) == ("7", "1", "1")
    assert len(somerset) == len(standard) == len(progressive) == 4  # each format's own four players


def test_the_club_standings_open_on_the_clubs_code_and_refuse_an_unknown_one(abby: Player, client: Client) -> None:
    rows = _standings(client, None)
    assert rows and "Rubbers" in rows[0]  # the club plays Somerset unless its settings say otherwise
    page = client.get(reverse("standings"), {"code": "bridge"})
    assert page.status_code == 200
    assert "No format of play is called “bridge”" in page.content.decode()
    assert "Abigail Ames" not in page.content.decode()


def test_his_printed_record_prints_each_format_apart(abby: Player, client: Client) -> None:
    User.objects.create_user("member", password="pw")
    response = client.get(reverse("player_record_pdf", args=[abby.pk]))
    assert response.status_code == 200
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder, "record.pdf")
        pdf.write_bytes(response.content)
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
    somerset = text[text.index("Rubbers under the Somerset laws of 1888"):text.index("Matches under the standard")]
    assert re.search(r"Rubber points for\s+6\b", somerset) and re.search(r"Rubber points against\s+2\b", somerset)
    assert re.search(r"Doubles won\s+2\b", somerset)
    standard = text[text.index("Matches under the standard game"):text.index("Progressive nights")]
    assert re.search(r"Complete matches\s+1\b", standard) and re.search(r"Points for\s+10\b", standard)
    assert "ubber" not in standard
    progressive = text[text.index("Progressive nights"):text.index("In every format")]
    assert re.search(r"Points\s+7\b", progressive) and re.search(r"Lone hands made\s+1\b", progressive)
    assert re.search(r"Rounds won\s+1\b", progressive)
