"""Printed documents: the rubber score sheet, event standings and a player's record, read back with pypdf
(and page one rendered with poppler's pdftoppm) to check what a secretary would check on paper."""

from __future__ import annotations

import datetime as dt
import io
import re
import shutil
import subprocess

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from PIL import Image
from pypdf import PdfReader

from scoring.engine import SOMERSET_1888
from scoring.engine.key import scoring_key
from scoring.models import Event, Hand, Player, Rubber, RubberPlayerResult
from scoring.printing.pdf.rubber_sheet import rubber_sheet_pdf
from scoring.printing.sheets import MIN_BLANK_ROWS, ROWS_ON_SHEET, rubber_sheet
from scoring.services.hands import HandExtras, hand_correct
from scoring.services.rubbers import rubber_abandon, seat_change_add
from scoring.services.rulings import ruling_make
from scoring.standings.selectors import standings
from tests.builders import a_rubber
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import play_game, record

pytestmark = pytest.mark.django_db

DASH = "\u2013"
REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


def pdf_text(content: bytes) -> list[str]:
    """Each page's text laid out as printed, a table row to a line, runs of spaces made single."""
    pages = PdfReader(io.BytesIO(content)).pages
    return ["\n".join(" ".join(line.split()) for line in page.extract_text(extraction_mode="layout").splitlines())
            for page in pages]


def lines_of(content: bytes) -> list[str]:
    return [line.strip() for page in pdf_text(content) for line in page.splitlines()]


def get_pdf(client, url: str, status: int = 200):
    response = client.get(url)
    assert response.status_code == status, response.content[:300]
    if status == 200:
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")
    return response


def complete_rubber(rubber: Rubber) -> Rubber:
    """NS win two doubles, EW a double: rubber points NS 2+2+2 (bonus) = 6, EW 2 (law 7)."""
    play_game(rubber, "N")
    play_game(rubber, "N")
    play_game(rubber, "E")
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.COMPLETE
    return rubber


# The rubber score sheet.

def test_complete_sheet_has_players_hands_games_and_rubber_points(client, rubber, players):
    complete_rubber(rubber)
    response = get_pdf(client, reverse("rubber_sheet", args=[rubber.pk]))
    text = "\n".join(pdf_text(response.content))
    lines = lines_of(response.content)

    assert rubber.event.name in text and "table 1" in text and "3 Nov 2026" in text
    for seat, player in zip(("North", "East", "South", "West"), players[:4], strict=False):
        assert any(line.startswith(f"{seat} {player.display_name}") for line in lines)  # the seats table
        assert f"{seat} ({player.display_name})" in text  # the signature lines
    assert any(line.startswith(f"NS {players[0].display_name} & {players[2].display_name}") for line in lines)

    # Nine hands, each a row: number, dealer by rotation from N, maker, tricks, points, running score.
    dealers = "NESWNESWN"
    running = [f"{ns}{DASH}{ew}" for ns, ew in ((2, 0), (4, 0), (5, 0), (2, 0), (4, 0), (5, 0), (0, 2), (0, 4), (0, 5))]
    for number in range(1, 10):
        maker = "N" if number <= 6 else "E"
        name = players[0].display_name if maker == "N" else players[1].display_name
        row = next(line for line in lines if line.startswith(f"{number} {dealers[number - 1]} {maker} {name}"))
        assert row.endswith(running[number - 1]), row

    for game, winner in ((1, "NS"), (2, "NS"), (3, "EW")):  # the tally from the winner's side, as on the page
        assert any(line.startswith(f"Game {game}: {winner} won 5\u20130, double game (2 rubber points)")
                   for line in lines), game
    assert "won the rubber. Rubber points: NS 6 \u2013 EW 2 (law 7)." in text
    for player, points in zip(players[:4], (6, 2, 6, 2), strict=True):
        assert any(line.endswith(f"{player.display_name} {'NS' if points == 6 else 'EW'} {points}") for line in lines)
    assert any(line.endswith("Rubber points, NS\u2013EW 6\u20132") for line in lines)
    assert "Secretary" in text
    assert not re.search(r"^\d+ [NESW]$", text, re.M)  # a finished rubber has no blank rows


def test_sheet_file_name_and_paper_follow_the_event(client, rubber):
    response = get_pdf(client, reverse("rubber_sheet", args=[rubber.pk]))
    assert response["Content-Disposition"] == (
        f'inline; filename="{rubber.event.slug}-rubber-{rubber.pk}-table-1-2026-11-03.pdf"')
    assert round(float(PdfReader(io.BytesIO(response.content)).pages[0].mediabox.width)) == 612  # Letter

    Event.objects.filter(pk=rubber.event_id).update(paper_size="a4")
    a4 = get_pdf(client, reverse("rubber_sheet", args=[rubber.pk]))
    assert round(float(PdfReader(io.BytesIO(a4.content)).pages[0].mediabox.width)) == 595
    letter = get_pdf(client, reverse("rubber_sheet", args=[rubber.pk]) + "?paper=letter")
    assert round(float(PdfReader(io.BytesIO(letter.content)).pages[0].mediabox.width)) == 612


def test_blank_sheet_before_play_prints_each_dealer_by_rotation(client, event, players):
    rubber = a_rubber(event, players[:4], first_dealer="S", played_on=dt.date(2026, 11, 4))
    lines = lines_of(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content)
    assert any("Blank sheet: no hands recorded yet" in line for line in lines)
    blanks = [line for line in lines if re.fullmatch(r"\d+ [NESW]", line)]
    assert len(blanks) == ROWS_ON_SHEET
    rotation = "SWNE"
    assert blanks == [f"{n} {rotation[(n - 1) % 4]}" for n in range(1, ROWS_ON_SHEET + 1)]


def test_unfinished_sheet_prints_recorded_rows_then_blank_rows_from_the_next_dealer(client, rubber):
    record(rubber, maker="E", tricks=4)
    record(rubber, result="new_deal")  # law 33: the same dealer (E) deals again
    record(rubber, maker="S", tricks=2, alone=True)
    lines = lines_of(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content)
    assert any(line.startswith("1 N E ") and line.endswith(f"0{DASH}1") for line in lines)
    assert any(line.startswith("2 E New deal") and "new deal by the same dealer (laws 33" in line for line in lines)
    assert any(line.startswith("3 E S ") and " alone 2 0 4 " in line for line in lines)
    blanks = [line for line in lines if re.fullmatch(r"\d+ [NESW]", line)]
    assert blanks[0] == "4 S" and blanks[1:4] == ["5 W", "6 N", "7 E"]
    assert len(blanks) == ROWS_ON_SHEET - 3
    assert any(line.startswith("Game 1: EW won 5\u20130") for line in lines)  # the lone euchre (law 3)
    assert any("In progress: game 2, NS 0 \u2013 EW 0; next to deal South." in line for line in lines)


def test_a_long_rubber_flows_onto_a_second_page_with_the_header_repeated(client, rubber):
    for _ in range(45):
        record(rubber, result="passed")
    record(rubber, maker="N", tricks=3)
    pages = pdf_text(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content)
    assert len(pages) >= 2
    header = "Penalties, rulings and their laws"
    assert header in pages[0] and header in pages[1]
    assert any(line.startswith("46 E N ") for page in pages for line in page.splitlines())
    blanks = [line for page in pages for line in page.splitlines() if re.fullmatch(r"\d+ [NESW]", line.strip())]
    assert len(blanks) == MIN_BLANK_ROWS  # 46 hands recorded, so only the minimum of blank rows follows
    assert "1 N All passed" in pages[0]


def test_penalties_rulings_and_corrections_are_listed_with_their_laws(client, secretary, rubber):
    record(rubber, maker="N", tricks=5, revokes={"EW": 1})
    record(rubber, maker="E", tricks=3)
    first = Hand.objects.get(rubber=rubber, number=2)
    hand_correct(hand_id=first.pk, play={"dealer": "E", "maker": "E", "tricks": 4}, extras=HandExtras(),
                 reason="The table counted four tricks.", by=secretary)
    record(rubber, maker="S", tricks=3)
    ruling = ruling_make(rubber_id=rubber.pk, hand_number=3, irregularity="revoke", facts=REVOKE, election=None,
                         by=secretary)
    text = "\n".join(pdf_text(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content))
    assert "NS +3 revoke (laws 63, 71, 4)" in text.replace("\n", " ")
    assert f"Ruling {ruling.pk}: Revoke (laws {', '.join(str(n) for n in ruling.laws)})" in text.replace("\n", " ")
    assert "Rulings" in text and ruling.summary[:40] in text.replace("\n", " ")
    assert "Entry corrections (what was entered, put right)" in text
    assert "Hand 2" in text and "by sec: The table counted four tricks." in text


def test_withdrawn_and_late_rulings_say_so(client, secretary, rubber):
    from scoring.services.rulings import ruling_withdraw

    record(rubber, maker="N", tricks=3)
    ruling = ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE, election=None,
                         by=secretary)
    ruling_withdraw(ruling_id=ruling.pk, reason="Misheard the claim", by=secretary)
    text = " ".join(pdf_text(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content)).replace("\n", " ")
    assert "(withdrawn: Misheard the claim)" in text
    assert f"Ruling {ruling.pk}: Revoke" in text and "- withdrawn" in text


def test_every_sheet_carries_the_scoring_key_from_the_rulebook(client, rubber):
    text = " ".join(pdf_text(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content)).replace("\n", " ")
    key = scoring_key(SOMERSET_1888)
    assert {line.law for line in key} >= {"2", "3", "7"}
    for line in key:
        assert f"{line.law} {line.case} {line.scores}" in text


def test_substitutes_and_abandonment_are_printed(client, secretary, rubber, players):
    record(rubber, maker="N", tricks=3)
    seat_change_add(rubber_id=rubber.pk, seat="E", player=players[4], from_hand=2, reason="called away", consented=True)
    record(rubber, maker="E", tricks=3)
    rubber_abandon(rubber_id=rubber.pk, reason="The hall closed")
    lines = lines_of(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content)
    text = " ".join(lines)
    assert f"Law 18: {players[4].display_name} sits East from hand 2 (called away)" in text
    assert "Abandoned: The hall closed. Not counted in the standings." in text
    assert f"East ({players[4].display_name})" in text  # the player at the table at the end signs
    assert not any(re.fullmatch(r"\d+ [NESW]", line) for line in lines)


def test_names_with_markup_print_as_typed(client, event):
    four = [PlayerFactory(display_name=name) for name in ("<b>Bold</b> & Co", "Ann <i>", "O'Neil \"Ned\"", "Zed")]
    rubber = a_rubber(event, four[:4], played_on=dt.date(2026, 11, 5))
    record(rubber, maker="N", tricks=3)
    text = "\n".join(pdf_text(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content))
    assert "<b>Bold</b> & Co" in text and "Ann <i>" in text and "O'Neil \"Ned\"" in text


def test_drawing_reads_only_plain_data(rubber):
    complete_rubber(rubber)
    sheet = rubber_sheet(Rubber.objects.get(pk=rubber.pk))
    with CaptureQueriesContext(connection) as queries:
        pdf = rubber_sheet_pdf(sheet)
    assert len(queries) == 0 and pdf.startswith(b"%PDF")


def test_sheet_query_count_does_not_grow_with_hands_or_rulings(client, secretary, rubber):
    record(rubber, maker="N", tricks=3)
    url = reverse("rubber_sheet", args=[rubber.pk])
    with CaptureQueriesContext(connection) as few:
        get_pdf(client, url)
    for _ in range(2):
        play_game(rubber, "E")
    for number in (2, 4):
        ruling_make(rubber_id=rubber.pk, hand_number=number, irregularity="revoke", facts=REVOKE, election=None,
                    by=secretary)
    with CaptureQueriesContext(connection) as many:
        get_pdf(client, url)
    assert len(many) == len(few)


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils not installed")
def test_page_one_renders_to_a_png_that_is_not_blank(client, rubber, tmp_path):
    complete_rubber(rubber)
    (tmp_path / "sheet.pdf").write_bytes(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", "-gray",
                    str(tmp_path / "sheet.pdf"), str(tmp_path / "page")], check=True)
    image = Image.open(tmp_path / "page.png")
    assert image.format == "PNG" and image.width == 510  # 8.5 inches at 60 dpi
    histogram = image.convert("L").histogram()
    dark = sum(histogram[:128])
    assert dark > 0.01 * image.width * image.height  # text and rules, not an empty page
    assert histogram[255] > 0.5 * image.width * image.height  # mostly paper, not a black box


# Visibility.

def test_members_only_documents_are_not_found_until_login(client, member, players):
    private = EventFactory(is_public=False, name="Members night", slug="members-night")
    rubber = a_rubber(private, players[:4], played_on=dt.date(2026, 11, 6))
    complete_rubber(rubber)
    for url in (reverse("rubber_sheet", args=[rubber.pk]), reverse("event_standings_pdf", args=[private.slug])):
        assert client.get(url).status_code == 404  # as if there were no such sheet
    anonymous = "\n".join(pdf_text(get_pdf(client, reverse("player_record_pdf", args=[players[0].pk])).content))
    assert "Members night" not in anonymous and "No rubbers recorded." in anonymous
    client.force_login(member)
    get_pdf(client, reverse("rubber_sheet", args=[rubber.pk]))
    get_pdf(client, reverse("event_standings_pdf", args=[private.slug]))
    known = "\n".join(pdf_text(get_pdf(client, reverse("player_record_pdf", args=[players[0].pk])).content))
    assert "Members night" in known


def test_missing_documents_are_404(client):
    assert client.get(reverse("rubber_sheet", args=[999])).status_code == 404
    assert client.get(reverse("event_standings_pdf", args=["no-such-event"])).status_code == 404
    assert client.get(reverse("player_record_pdf", args=[999])).status_code == 404


def test_pages_offer_their_pdf(client, rubber, players):
    complete_rubber(rubber)
    pages = {
        reverse("rubber", args=[rubber.pk]): reverse("rubber_sheet", args=[rubber.pk]),
        reverse("event", args=[rubber.event.slug]): reverse("event_standings_pdf", args=[rubber.event.slug]),
        reverse("event_standings", args=[rubber.event.slug]): reverse("event_standings_pdf",
                                                                      args=[rubber.event.slug]),
        reverse("player", args=[players[0].pk]): reverse("player_record_pdf", args=[players[0].pk]),
    }
    for page, pdf in pages.items():
        assert f'href="{pdf}"' in client.get(page).content.decode(), page


# Event standings.

def test_standings_pdf_agrees_with_the_standings_rows(client, event, players):
    from tests.standings.test_standings import club

    club(event, players, rubbers=6)
    response = get_pdf(client, reverse("event_standings_pdf", args=[event.slug]))
    assert response["Content-Disposition"] == f'inline; filename="{event.slug}-standings.pdf"'
    lines = lines_of(response.content)
    text = " ".join(lines)
    assert "Ranked by net rubber points, then rubbers won, then double games won, then games won, then name" in text
    rows = list(standings(RubberPlayerResult.objects.filter(rubber__event=event)))
    assert rows
    for row in rows:
        net = f"{row['net']:+d}" if row["net"] else "0"
        figures = (f"{row['player__display_name']} {row['rubbers']} {row['wins']} {row['losses']} {row['games']} "
                   f"{row['doubles']} {row['scored_for']} {row['scored_against']} {net} {row['net_per_rubber']:.2f}")
        assert any(line.endswith(figures) for line in lines), figures
    complete = event.rubbers.filter(status="complete").count()
    assert f"{complete} complete rubber{'s' if complete != 1 else ''} counted." in text


def test_standings_pdf_shares_ranks_between_players_level_on_every_tie_breaker(client, event, players):
    rubber = a_rubber(event, players[:4])
    complete_rubber(rubber)
    lines = lines_of(get_pdf(client, reverse("event_standings_pdf", args=[event.slug])).content)
    winners = sorted(p.display_name for p in (players[0], players[2]))
    losers = sorted(p.display_name for p in (players[1], players[3]))
    assert f"1= {winners[0]} 1 1 0 2 2 6 2 +4 4.00" in lines
    assert f"1= {winners[1]} 1 1 0 2 2 6 2 +4 4.00" in lines
    assert f"3= {losers[0]} 1 0 1 1 1 2 6 -4 -4.00" in lines


def test_standings_pdf_query_count_does_not_grow_with_players(client, event):
    from tests.standings.test_standings import club

    club(event, PlayerFactory.create_batch(5), rubbers=2, seed=1)
    url = reverse("event_standings_pdf", args=[event.slug])
    with CaptureQueriesContext(connection) as few:
        get_pdf(client, url)
    club(event, PlayerFactory.create_batch(12), rubbers=6, seed=2)
    with CaptureQueriesContext(connection) as many:
        get_pdf(client, url)
    assert len(many) == len(few)


# A player's record.

def test_record_pdf_lists_his_rubbers_and_figures(client, rubber, players):
    complete_rubber(rubber)
    player = players[1]
    response = get_pdf(client, reverse("player_record_pdf", args=[player.pk]))
    slug = player.display_name.lower().replace(" ", "-")
    assert response["Content-Disposition"] == f'inline; filename="{slug}-{player.pk}-record.pdf"'
    lines = lines_of(response.content)
    text = " ".join(lines)
    assert f"{player.display_name}: record" in text
    for figure in ("Complete rubbers 1", "Lost 1", "Net -4"):
        assert any(line.startswith(figure) for line in lines), figure
    assert "Partner Rubbers Won Lost Net" in text and "Opponent Rubbers Won Lost Net" in text
    assert any(players[3].display_name in line and line.endswith("1 0 1 -4") for line in lines)  # his partner
    assert f"3 Nov 2026 Rubber #{rubber.pk} {rubber.event.name} EW {players[3].display_name}" in text
    assert re.search(rf"{players[0].display_name} & .*2–6 rubber\s+lost", text)
    made = Hand.objects.filter(rubber=rubber, maker_player=player).count()
    assert any(f"All hands made {made} " in line for line in lines), [line for line in lines if "All hands" in line]


def test_record_of_a_player_without_rubbers(client):
    player = Player.objects.create(display_name="New Member")
    text = " ".join(pdf_text(get_pdf(client, reverse("player_record_pdf", args=[player.pk])).content))
    assert "New Member: record" in text and "No rubbers recorded." in text


def test_a_player_can_read_but_printing_writes_nothing(client, member, rubber):
    complete_rubber(rubber)
    client.force_login(member)
    before = (Hand.objects.count(), RubberPlayerResult.objects.count())
    get_pdf(client, reverse("rubber_sheet", args=[rubber.pk]))
    assert client.post(reverse("rubber_sheet", args=[rubber.pk])).status_code == 405
    assert (Hand.objects.count(), RubberPlayerResult.objects.count()) == before


def test_abandoned_rubbers_are_noted_on_the_standings(client, event, players):
    rubber = a_rubber(event, players[:4])
    record(rubber, maker="N", tricks=3)
    rubber_abandon(rubber_id=rubber.pk, reason="Fire alarm")
    text = " ".join(lines_of(get_pdf(client, reverse("event_standings_pdf", args=[event.slug])).content))
    assert "No complete rubbers yet." in text
    assert f"Rubber {rubber.pk}, 3 Nov 2026: abandoned, not counted (Fire alarm)." in text


def test_ruling_sheet_is_drawn_from_plain_data(client, secretary, rubber):
    from scoring.club.selectors import rubber_for_page
    from scoring.printing.pdf.ruling import ruling_pdf
    from scoring.printing.sheets import ruling_sheet
    from scoring.rulings.display import ruling_view

    record(rubber, maker="N", tricks=3)
    ruling = ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE, election=None,
                         by=secretary)
    sheet = ruling_sheet(ruling_view(ruling, rubber_for_page(rubber.pk)))
    with CaptureQueriesContext(connection) as queries:
        pdf = ruling_pdf(sheet)
    assert len(queries) == 0
    assert f"Ruling {ruling.pk}: Revoke" in "\n".join(pdf_text(pdf))
    response = get_pdf(client, reverse("ruling_pdf", args=[ruling.pk]) + "?paper=a4")
    assert response["Content-Disposition"] == f'inline; filename="ruling-{ruling.pk}.pdf"'
    assert round(float(PdfReader(io.BytesIO(response.content)).pages[0].mediabox.width)) == 595


# Names in any script.

WIDE_NAMES = ("Zoë Brontë", "Ἀλέξανδρος Παπᾶς", "Дмитрий Орлов", "Łukasz Żółć")


def _fonts_of(content: bytes) -> set[str]:
    """The embedded font programs of every page: their base names, only when a font file is present."""
    found = set()
    for page in PdfReader(io.BytesIO(content)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                found.add(str(font["/BaseFont"]).split("+")[-1])
    return found


def test_every_pdf_prints_accented_greek_and_cyrillic_names_in_an_embedded_font(client, secretary, event):
    four = [PlayerFactory(display_name=name) for name in WIDE_NAMES]
    rubber = a_rubber(event, four[:4], played_on=dt.date(2026, 11, 5))
    complete_rubber(rubber)
    ruling = ruling_make(rubber_id=rubber.pk, hand_number=2, irregularity="revoke", facts=REVOKE, election=None,
                         by=secretary)
    for url in (reverse("rubber_sheet", args=[rubber.pk]), reverse("event_standings_pdf", args=[event.slug]),
                reverse("player_record_pdf", args=[four[1].pk]), reverse("ruling_pdf", args=[ruling.pk])):
        content = get_pdf(client, url).content
        assert _fonts_of(content) >= {"DejaVuSansCondensed"}, url
        assert not _fonts_of(content) & {"Helvetica", "Helvetica-Bold"}, url
        text = "\n".join(pdf_text(content))
        assert [name for name in WIDE_NAMES if name in text], url
        if "ruling" not in url and "record" not in url:  # the sheets that name all four players
            assert all(name in text for name in WIDE_NAMES), url


def test_a_sheet_in_play_with_two_rulings_and_a_correction_keeps_to_one_page_with_its_signatures(
        client, secretary, rubber):
    from scoring.seeding.demo import _disputes

    for maker, tricks in (("N", 5), ("E", 3), ("S", 3), ("W", 4), ("N", 3), ("E", 3)):
        record(rubber, maker=maker, tricks=tricks)
    _disputes(rubber, secretary)  # a correction, a revoke penalty, and two rulings on the last hand
    response = client.get(reverse("rubber_sheet", args=[rubber.pk]))
    pages = pdf_text(response.content)
    assert len(pages) == 1
    assert "Signed as a true record" in pages[0] and "Rulings" in pages[0] and "Entry corrections" in pages[0]
    blank = [line for line in lines_of(response.content) if re.fullmatch(r"\d+ [NESW]", line)]
    assert 2 <= len(blank) < 10  # blank rows given up for the rulings, never all of them
