"""The paper of an event in rounds, built through the services on a real database and read back from the
PDFs: table cards, a round's score sheets, the movement sheet, and the standings after a given round."""

from __future__ import annotations

import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from scoring.engine import Seat
from scoring.models import Event, Player, Round, RoundTable, Rubber
from scoring.rounds.services import round_close, round_start, schedule_make
from tests.builders import a_tournament
from tests.factories import EventFactory
from tests.helpers import play_game, record

pytestmark = pytest.mark.django_db

DASH = "\u2013"
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
# Accented, Cyrillic and Greek names, and long ones: the embedded DejaVu font prints them all.
NAMES = ["Élodie Dubois", "Дмитрий Шостакович", "Henry Hale", "Ada Lovelace", "Åsa Nilsson", "Oscar Wilde",
         "Margaret Thompson-Williams", "Νίκος Παπαδόπουλος", "Ivy Chen", "Mary Shelley", "Jean-Luc Picard",
         "Zoë Brontë", "Alexandra Konstantinopoulou", "Björn Ulvaeus", "Chloé Martin", "Tomás O'Brien"]


# Reading the PDFs back.

def pdf(client, url: str):
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")
    return PdfReader(io.BytesIO(response.content))


def flat(reader: PdfReader) -> list[str]:
    """Each page's text in drawing order, runs of white space (a name wrapped in its cell too) made one."""
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def lines(reader: PdfReader) -> list[list[str]]:
    """Each page's lines laid out as printed (a table row to a line), runs of spaces made single."""
    return [[" ".join(line.split()) for line in page.extract_text(extraction_mode="layout").splitlines()
             if line.strip()] for page in reader.pages]


def font_sizes(page, text: str) -> list[float]:
    """The sizes at which `text` is drawn on the page."""
    sizes: list[float] = []

    def visit(found, cm, tm, font, size):
        if found.strip() == text:
            sizes.append(size * tm[3])
    page.extract_text(visitor_text=visit)
    return sizes


# The data, through the services.

def tournament(count: int, rounds: int, mode: str = Event.Mode.INDIVIDUALS, names=NAMES, **extra):
    event = a_tournament(count, rounds, mode, names=[*names, *(f"Player {i:02d}" for i in range(len(names), count))],
                         name="Autumn Drive · Осень", **extra)
    players = [e.player for e in event.entrants.select_related("player").order_by("number")]
    return event, schedule_make(event=event, seed=3), players


def tables_of(round_: Round) -> list[RoundTable]:
    return list(round_.tables.select_related("north", "east", "south", "west").order_by("number"))


def movement_of(rounds: list[Round]) -> dict[int, str]:
    """What the movement sheet should print on each player's row: '3 N', 'out' or a dash, round by round."""
    cells: dict[int, list[str]] = {}
    for number, round_ in enumerate(rounds):
        for table in round_.tables.all():
            for seat, word in SEATS.items():
                cells.setdefault(getattr(table, f"{word.lower()}_id"), [DASH] * len(rounds))[number] = \
                    f"{table.number} {seat}"
        for bye in round_.byes.all():
            cells.setdefault(bye.player_id, [DASH] * len(rounds))[number] = "out"
    return {player: " ".join(row) for player, row in cells.items()}


def finish(rubber: Rubber) -> None:
    """NS win two double games, EW a double: rubber points NS 6, EW 2 (law 7)."""
    for maker in "NNE":
        play_game(rubber, maker)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.COMPLETE


# Table cards.

def test_table_cards_put_the_table_number_large_the_players_by_seat_and_the_first_dealer(client):
    event, rounds, _ = tournament(12, 3)
    for round_ in rounds:
        reader = pdf(client, reverse("table_cards_pdf", args=[round_.pk]))
        assert len(reader.pages) == 2  # three tables, two cards a page, no byes with 12 players
        text = " ".join(flat(reader))
        # Each card ends with who are partners and who deals first.
        *cards, rest = re.split(r"North and South are partners against East and West\. First to deal: [^.]+\.", text)
        assert len(cards) == 3 and "Sitting out" not in rest
        for card, table in zip(cards, tables_of(round_), strict=True):
            assert f"{event.name} Round {round_.number} " in card
            assert f"Table {table.number}" in card
            for seat, word in SEATS.items():
                name = table.player_at(Seat(seat)).display_name
                dealing = " \u00b7 deals first" if seat == table.first_dealer else ""
                assert f"{word}{dealing} {name}" in card, (table.number, word)
            dealer = table.player_at(Seat(table.first_dealer))
            assert f"First to deal: {SEATS[table.first_dealer]}: {dealer.display_name}." in text
    assert max(font_sizes(reader.pages[0], "1")) >= 48  # table 1's number, very large


def test_the_first_dealer_turns_from_table_to_table_and_round_to_round(client):
    _, rounds, _ = tournament(12, 3)
    dealers = [[t.first_dealer for t in tables_of(r)] for r in rounds]
    assert len({d for row in dealers for d in row}) > 1  # not every table's North
    for round_, row in zip(rounds, dealers, strict=True):
        text = " ".join(flat(pdf(client, reverse("table_cards_pdf", args=[round_.pk]))))
        assert [SEATS[d] for d in row] == re.findall(r"First to deal: (\w+):", text)


def test_the_players_sitting_out_get_a_small_card_of_their_own(client):
    _, rounds, _ = tournament(13, 2)
    reader = pdf(client, reverse("table_cards_pdf", args=[rounds[0].pk]))
    assert len(reader.pages) == 2  # three tables and the card of who sits out, two to a page
    (bye,) = rounds[0].byes.select_related("player")
    last = flat(reader)[-1]
    assert f"Sitting out this round {bye.player.display_name}" in last
    assert all(f"Table {t.number}" not in last.split("Sitting out")[1] for t in tables_of(rounds[0]))


@pytest.mark.parametrize(("count", "pages"), [(8, 1), (16, 2), (20, 3)])
def test_two_cards_a_page_and_no_blank_page_at_the_end(client, count, pages):
    _, rounds, _ = tournament(count, 1)
    reader = pdf(client, reverse("table_cards_pdf", args=[rounds[0].pk]))
    assert len(reader.pages) == pages
    assert all("Table" in text for text in flat(reader))


def test_fixed_pairs_sit_partners_north_south_or_east_west(client):
    _, rounds, players = tournament(8, 3, mode=Event.Mode.PAIRS)  # four pairs: a round robin in three rounds
    partner = {p.pk: players[i ^ 1].pk for i, p in enumerate(players)}  # entered 1-2, 3-4, ...
    for round_ in rounds:
        text = " ".join(flat(pdf(client, reverse("table_cards_pdf", args=[round_.pk]))))
        for table in tables_of(round_):
            assert partner[table.north_id] == table.south_id and partner[table.east_id] == table.west_id
            assert table.north.display_name in text and table.east.display_name in text


def test_a_swiss_round_after_the_first_has_no_cards_until_it_starts(client):
    _, rounds, _ = tournament(8, 2, mode=Event.Mode.PAIRS)  # fewer rounds than a round robin: Swiss
    first = " ".join(flat(pdf(client, reverse("table_cards_pdf", args=[rounds[0].pk]))))
    assert "Table 1" in first and "Table 2" in first  # round 1 is paired in order of entry, ahead of play
    text = " ".join(flat(pdf(client, reverse("table_cards_pdf", args=[rounds[1].pk]))))
    assert "no tables yet" in text
    round_start(round_id=rounds[0].pk)
    round_close(round_id=rounds[0].pk)
    round_start(round_id=rounds[1].pk)
    text = " ".join(flat(pdf(client, reverse("table_cards_pdf", args=[rounds[1].pk]))))
    assert "Table 1" in text and "Table 2" in text and "no tables yet" not in text


def test_table_cards_follow_the_events_paper_or_the_paper_asked_for(client):
    _, rounds, _ = tournament(8, 1, paper_size="a4")
    url = reverse("table_cards_pdf", args=[rounds[0].pk])
    assert round(float(pdf(client, url).pages[0].mediabox.width)) == 595
    assert round(float(pdf(client, url + "?paper=letter").pages[0].mediabox.width)) == 612
    response = client.get(url)
    assert response["Content-Disposition"].endswith('-round-1-table-cards.pdf"')


# A round's score sheets.

def test_a_planned_rounds_sheets_have_the_seats_and_the_first_dealer_one_page_a_table(client):
    event, rounds, _ = tournament(12, 3)
    round_ = rounds[1]
    reader = pdf(client, reverse("round_sheets_pdf", args=[round_.pk]))
    tables = tables_of(round_)
    assert len(reader.pages) == len(tables) == 3  # long names too: each sheet on its own page
    texts = flat(reader)
    for page, table in zip(lines(reader), tables, strict=True):
        assert page[0] == f"{event.name}: Round 2, table {table.number}"
        dealer = table.player_at(Seat(table.first_dealer))
        assert page[1] == (f"1 Nov 2026 · Blank sheet: the round has not started · first to deal: "
                           f"{SEATS[table.first_dealer]} ({dealer.display_name})")
        for seat, word in SEATS.items():
            side = "NS" if seat in "NS" else "EW"
            name = table.player_at(Seat(seat)).display_name
            assert any(line.startswith(f"{word} {name} {side}") for line in page), word
            assert any(line.startswith(f"{name} {side} 0") for line in page), name  # rubber points
        assert f"NS {table.north.display_name} & {table.south.display_name} EW" in texts[table.number - 1]
        rotation = "NESW" * 5
        start = rotation.index(table.first_dealer)
        blanks = [line for line in page if re.fullmatch(r"\d+ [NESW]", line)]
        assert blanks == [f"{n} {rotation[start + n - 1]}" for n in range(1, 17)]  # law 28, from the first dealer
        assert "Signed as a true record" in "\n".join(page)


def test_a_started_rounds_sheets_are_its_rubbers_sheets(client):
    event, rounds, _ = tournament(12, 3, paper_size="a4")
    round_start(round_id=rounds[0].pk)
    tables = tables_of(rounds[0])
    record(tables[0].rubber, maker=tables[0].first_dealer, tricks=5)
    reader = pdf(client, reverse("round_sheets_pdf", args=[rounds[0].pk]))
    assert len(reader.pages) == 3 and round(float(reader.pages[0].mediabox.width)) == 595
    pages = lines(reader)
    for page, table in zip(pages, tables, strict=True):
        assert page[0] == f"{event.name}: Round 1, table {table.number}"
        for seat, word in SEATS.items():
            assert any(line.startswith(f"{word} {table.player_at(Seat(seat)).display_name}") for line in page)
    maker = tables[0].player_at(Seat(tables[0].first_dealer))
    assert any(line.startswith(f"1 {tables[0].first_dealer} {tables[0].first_dealer} {maker.display_name}")
               for line in pages[0])  # the hand recorded, on the rubber's own sheet
    assert "In progress" in pages[0][1]
    assert all("Blank sheet: no hands recorded yet" in page[1] for page in pages[1:])


def test_an_unpaired_swiss_round_prints_a_note_not_a_500(client):
    _, rounds, _ = tournament(8, 2, mode=Event.Mode.PAIRS)
    assert "This round has no tables yet." in flat(pdf(client, reverse("round_sheets_pdf", args=[rounds[1].pk])))[0]


# The movement sheet.

def test_the_movement_sheet_gives_each_player_his_table_and_seat_round_by_round(client):
    event, rounds, players = tournament(13, 3)
    page = lines(pdf(client, reverse("movement_pdf", args=[event.slug])))[0]
    assert page[0] == f"{event.name}: movement"
    assert "Player R1 R2 R3" in page
    rows = [line for line in page if any(line.startswith(p.display_name + " ") for p in players)]
    assert len(rows) == 13
    expected = movement_of(rounds)
    for player in players:
        assert f"{player.display_name} {expected[player.pk]}" in rows, player
    assert sum(row.count("out") for row in rows) == 3  # one player sits out each round
    ordered = [next(p for p in players if row.startswith(p.display_name + " ")) for row in rows]
    assert [p.display_name for p in ordered][:3] == ["Ada Lovelace", "Alexandra Konstantinopoulou",
                                                     "Åsa Nilsson"]  # by name, accents aside


def test_a_swiss_round_shows_a_dash_until_it_is_paired(client):
    event, rounds, _players = tournament(8, 2, mode=Event.Mode.PAIRS)
    url = reverse("movement_pdf", args=[event.slug])
    entrants = [e.player.display_name for e in event.entrants.select_related("player").order_by("number")]
    pairs = [f"{n // 2 + 1}. {entrants[n]} & {entrants[n + 1]}" for n in range(0, 8, 2)]

    def pair_rows() -> list[list[str]]:
        text = lines(pdf(client, url))[0]
        # A long pair's name wraps in its cell: the row is found by its start, its rounds are its last cells.
        return [next(line for line in text if line.startswith(name[:24])).split()[-3:] for name in pairs]

    # Round 1 is paired as the schedule is made (each pair at a table and side); round 2 waits for the standing.
    rows = pair_rows()
    assert len(rows) == 4 and all(t.isdigit() and side in ("NS", "EW") and r2 == DASH for t, side, r2 in rows)
    round_start(round_id=rounds[0].pk)
    assert all(r2 == DASH for _, _, r2 in pair_rows())


def test_64_players_and_15_rounds_fit_landscape_pages_with_the_header_repeated_and_every_name(client):
    names = [f"{NAMES[i % len(NAMES)]} {i}" for i in range(64)]
    event, rounds, players = tournament(64, 15, names=names)
    reader = pdf(client, reverse("movement_pdf", args=[event.slug]))
    assert len(reader.pages) == 2
    header = "Player " + " ".join(f"R{n}" for n in range(1, 16))
    pages = lines(reader)
    for page in reader.pages:
        assert float(page.mediabox.width) > float(page.mediabox.height)  # landscape
    for page in pages:
        assert header in page  # the header row on every page
    assert pages[1][0] == f"{event.name}: movement (continued)"
    printed = {line for page in pages for line in page}
    expected = movement_of(rounds)
    for player in players:  # every player's row, whole: his name and his fifteen cells
        assert f"{player.display_name} {expected[player.pk]}" in printed, player


def test_the_movement_sheet_reads_the_same_few_queries_for_12_players_as_for_40(
        client, django_assert_max_num_queries):
    small, _, _ = tournament(12, 3)
    big, _, _ = tournament(40, 9, names=[f"Player {i}" for i in range(40)])
    with CaptureQueriesContext(connection) as counted:
        pdf(client, reverse("movement_pdf", args=[small.slug]))
    assert len(counted) <= 6
    with django_assert_max_num_queries(len(counted)):
        pdf(client, reverse("movement_pdf", args=[big.slug]))


def test_an_event_not_in_rounds_has_no_movement_sheet(client):
    event = EventFactory(mode=Event.Mode.RUBBERS)
    assert client.get(reverse("movement_pdf", args=[event.slug])).status_code == 404


# The standings after a round.

def test_the_standings_after_a_round_count_only_the_rubbers_of_the_rounds_up_to_it(client):
    event, rounds, _ = tournament(12, 3)
    first, second, _third = rounds
    round_start(round_id=first.pk)
    won = tables_of(first)[0]
    finish(won.rubber)
    round_close(round_id=first.pk)  # the other two tables stop at 0-0, counted as they stand
    round_start(round_id=second.pk)
    # In round 2, a North who did not sit at round 1's finished table wins too.
    later = next(t for t in tables_of(second)
                 if t.north_id not in {won.north_id, won.east_id, won.south_id, won.west_id})
    finish(later.rubber)
    url = reverse("event_standings_pdf", args=[event.slug])

    def row_of(page: list[str], player: Player) -> list[str]:
        line = next(line for line in page if f" {player.display_name} " in line)
        return line.split(player.display_name)[1].split()

    after_one = lines(pdf(client, url + "?after_round=1"))[0]
    assert after_one[0] == f"{event.name}: standings after round 1"
    assert "1 complete rubber counted." in after_one
    assert "2 tables stopped before dealing a hand: no rubber played, none counted." in after_one
    assert not any("in progress" in line for line in after_one)  # round 2's rubbers are left out
    assert row_of(after_one, won.north)[:2] == ["1", "1"]  # one rubber, won
    assert row_of(after_one, won.north)[-2:] == ["+4", "4.00"]  # 6-2 in rubber points
    # His round 1 table never dealt: no rubber of his counts yet, and the sheet names him.
    assert not any(f" {later.north.display_name} " in line for line in after_one if line[:1].isdigit())
    assert any("No rubber counted yet" in line for line in after_one)
    assert later.north.display_name in " ".join(after_one)

    after_two = lines(pdf(client, url + "?after_round=2"))[0]
    assert after_two[0] == f"{event.name}: standings after round 2"
    assert "2 complete rubbers counted." in after_two and "2 rubbers in progress, not counted yet." in after_two
    assert row_of(after_two, later.north)[:2] == ["1", "1"]  # his round 2 rubber, won: his first counted
    assert row_of(after_two, later.north)[-2] == "+4"

    overall = lines(pdf(client, url))[0]
    assert overall[0] == f"{event.name}: standings"
    response = client.get(url + "?after_round=1")
    assert response["Content-Disposition"].endswith('-standings-after-round-1.pdf"')


@pytest.mark.parametrize("bad", ["0", "4", "x", "", "-1", "1.5", "\u00b2", "\u0661", "99999", "1e3", " 1"])
def test_a_bad_round_for_the_standings_is_a_404(client, bad):
    event, _, _ = tournament(12, 3)
    response = client.get(reverse("event_standings_pdf", args=[event.slug]), {"after_round": bad})
    assert response.status_code == 404


def test_after_round_on_an_event_not_in_rounds_is_a_404(client):
    event = EventFactory(mode=Event.Mode.RUBBERS)
    url = reverse("event_standings_pdf", args=[event.slug])
    assert client.get(url + "?after_round=1").status_code == 404
    assert client.get(url).status_code == 200


# Who may read.

def test_a_missing_round_is_a_404(client):
    for name in ("table_cards_pdf", "round_sheets_pdf"):
        assert client.get(reverse(name, args=[999999])).status_code == 404
    assert client.get(reverse("movement_pdf", args=["no-such-event"])).status_code == 404


def test_the_paper_of_a_members_only_event_is_a_404_to_the_public_and_read_by_members(client, member, secretary):
    event, rounds, _ = tournament(12, 3, is_public=False)
    round_start(round_id=rounds[0].pk)
    urls = [reverse("table_cards_pdf", args=[rounds[0].pk]), reverse("round_sheets_pdf", args=[rounds[0].pk]),
            reverse("table_cards_pdf", args=[rounds[1].pk]), reverse("movement_pdf", args=[event.slug]),
            reverse("event_standings_pdf", args=[event.slug]) + "?after_round=1"]
    for url in urls:
        assert client.get(url).status_code == 404, url
    for user in (member, secretary):
        client.force_login(user)
        for url in urls:
            pdf(client, url)
