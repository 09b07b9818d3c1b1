"""Tally cards as halls print them, read back from the PDFs: a box a deal, the figures the code scores, the
round's total, table, seat and partner, a line to sign; and a progressive round's table cards saying how the
movement goes from each table."""

from __future__ import annotations

import io
import os
import re
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.engine.progressive import movement_words
from scoring.models import Event, Player, RoundTable
from scoring.printing.tally import tally_cards
from scoring.rounds.services import entrants_set, schedule_make
from tests.factories import EventFactory, PlayerFactory
from tests.printing.test_long_names_on_paper import assert_name_whole_and_clear, runs

pytestmark = pytest.mark.django_db

LONG = "Bartholomew Fitzwilliam-Throckmorton"  # 36 characters
OUT = os.environ.get("TALLY_PDF_DIR", "")
"""Where to keep the PDFs for looking at, when set."""


def night(players: int = 19, rounds: int = 6, deals: int | None = 8, code: str = "standard",
          movement: str = Event.Movement.PROGRESSIVE, names: tuple[str, ...] = (), **extra) -> Event:
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=rounds, deal_limit=deals, rulebook=code,
                         movement=movement, **extra)
    named = [Player.objects.create(display_name=name) for name in names]
    entrants_set(event=event, players=named + PlayerFactory.create_batch(players - len(named)))
    schedule_make(event=event, seed=3)
    return event


def fetched(client, url: str, keep: str = "") -> bytes:
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    if OUT and keep:
        Path(OUT, keep).write_bytes(response.content)
    return response.content


def texts(content: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(content)).pages]


def tally_pdf(client, event: Event, keep: str = "") -> list[str]:
    return texts(fetched(client, reverse("tally_cards_pdf", args=[event.slug]), keep))


def card_of(pages: list[str], event: Event, name: str) -> str:
    """A player's card as read: from his name under the event's to its line to sign."""
    for page in pages:
        for piece in page.split("Signed:"):
            if f" {name} Round Table Seat" in piece:
                return piece.split(f" {name} Round Table Seat", 1)[1]
    raise AssertionError(f"no card for {name}")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_card_has_a_box_a_deal_the_standard_games_figures_and_a_line_to_sign(client, paper):
    event = night(paper_size=paper)
    pages = tally_pdf(client, event, f"standard-19-{paper}.pdf")
    whole = " ".join(pages)
    assert whole.count("Signed:") == 19
    assert whole.count("Deal 1 2 3 4 5 6 7 8 Tie Total Lone") == 19 and "8 9 Total" not in whole
    assert f"{event.name} · 8 deals a round." in whole and "Grand total" in whole and "Lone hands" in whole
    assert ("Each deal: what your side scored (1 for a point; 2 for a march or a euchre; 4 for a lone march), or X "
            "when the other side scored.") in whole
    for entrant in event.entrants.select_related("player"):  # a card is never split across pages
        assert sum(f"{entrant.player.display_name} Round Table" in page for page in pages) == 1
    assert len(pages) == 5  # two cards side by side, two rows a page


def test_somerset_gives_its_own_figures_and_a_lone_players_own_bonus_is_his_to_write(client):
    somerset = " ".join(tally_pdf(client, night(players=8, code="somerset-1888")))
    assert "(1 for a point; 2 for a march or a euchre; 4 for a lone march or a lone hand euchred)" in somerset
    assert "writes" not in somerset
    bonus = " ".join(tally_pdf(client, night(players=8, lone_bonus=1)))
    assert "A lone player who takes all five tricks writes 5 in his own box, his partner 4" in bonus
    assert tally_cards(night(players=8, code="official-1862", lone_bonus=2)).legend[1].startswith(
        "A lone player who takes all five tricks writes 6 in his own box, his partner 4")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_night_by_the_clock_prints_eight_boxes_and_says_time_decides(client, paper):
    event = night(deals=None, round_minutes=20, paper_size=paper)
    whole = " ".join(tally_pdf(client, event, f"minutes-19-{paper}.pdf"))
    assert "20 minutes a round: as many deals as time allows" in whole
    assert whole.count("Deal 1 2 3 4 5 6 7 8 Total Lone") == 19


def test_a_rotation_prints_every_rounds_table_seat_and_partner(client):
    event = night(players=16, rounds=5, movement=Event.Movement.ROTATION)
    pages = tally_pdf(client, event, "rotation-16.pdf")
    tables = RoundTable.objects.filter(round__event=event).select_related("round", "north", "east", "south", "west")
    assert {t.round.number for t in tables} == {1, 2, 3, 4, 5}
    for table in tables:
        sitting = {"North": table.north, "East": table.east, "South": table.south, "West": table.west}
        partner = {"North": "South", "South": "North", "East": "West", "West": "East"}
        for seat, player in sitting.items():
            row = f"{table.round.number} {table.number} {seat} {sitting[partner[seat]].display_name} "
            assert row in card_of(pages, event, player.display_name)


def test_winners_moving_up_know_only_round_ones_partner(client):
    event = night(players=8, rounds=4)
    card = tally_cards(event).cards[0]
    first = RoundTable.objects.get(round__event=event, round__number=1, number=1)
    assert card.rounds[0] == (1, "1", "North", first.south.display_name)
    assert card.rounds[1:] == ((2, "", "", ""), (3, "", "", ""), (4, "", "", ""))
    text = card_of(tally_pdf(client, event), event, card.player)
    assert first.south.display_name in text and "the winners move up a table" in text


def test_the_tally_cards_are_read_in_three_queries_whatever_the_entrants(django_assert_num_queries):
    for players in (8, 40):
        event = night(players=players, rounds=5, movement=Event.Movement.ROTATION)
        with django_assert_num_queries(3):
            cards = tally_cards(event)
        assert all(r[3] for card in cards.cards for r in card.rounds if r[2] not in ("", "sits out"))


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("rounds", "deals"), [(9, 10), (4, 12), (9, 4)])
def test_a_36_character_name_fits_its_card_and_its_partners(client, paper, rounds, deals):
    event = night(players=12, rounds=rounds, deals=deals, movement=Event.Movement.ROTATION, names=(LONG,),
                  paper_size=paper)
    content = fetched(client, reverse("tally_cards_pdf", args=[event.slug]), f"long-{rounds}-{deals}-{paper}.pdf")
    assert_name_whole_and_clear(content, f"tally-long-{rounds}-{deals}-{paper}.pdf")
    pages = texts(content)
    assert sum(f"{LONG} Round Table" in page for page in pages) == 1
    for page in PdfReader(io.BytesIO(content)).pages:
        assert min(size(run) for run in runs(page)) >= 7


def size(run) -> float:
    """A run's type size, from the height `runs` boxes it to (its capitals': 0.72 of its size)."""
    return round((run.y1 - run.y0 + 0.4) / 0.72, 1)


@pytest.mark.parametrize(("movement", "words"), [
    (Event.Movement.PROGRESSIVE, {
        1: "the winners stay at table 1 and split, taking North and East, and the winners of table 2 come up to "
           "sit South and West; the losers go down to table 4, the foot table",
        2: "the winners move up to table 1 and split; the losers stay at table 2 and split, taking North and "
           "East, and the winners of table 3 come up",
        4: "the winners move up to table 3 and split; the losers stay at table 4 and split, taking North and "
           "East, and the losers of table 1 come down"}),
    (Event.Movement.ROTATION, {n: "go to the table and seat printed for the next round on your tally card"
                               for n in (1, 2, 4)}),
])
def test_a_progressive_rounds_table_cards_say_how_the_movement_goes_from_each_table(client, movement, words):
    event = night(players=19, rounds=3, movement=movement)
    first = event.event_rounds.get(number=1)
    content = fetched(client, reverse("table_cards_pdf", args=[first.pk]), f"table-cards-{movement}.pdf")
    cards = re.split(r"(?=Table \d+ )", " ".join(texts(content)))
    for table, expected in words.items():
        (card,) = [c for c in cards if c.startswith(f"Table {table} ")]
        assert expected in card and movement_words(table, 4, movement, byes=True)[:60] in card
    if movement == Event.Movement.PROGRESSIVE:
        assert "level on points after the round's deals plays one more" in cards[1]
        assert "Those sitting out come back next round" in cards[1]
    last = event.event_rounds.get(number=3)
    if movement == Event.Movement.ROTATION:
        text = " ".join(texts(fetched(client, reverse("table_cards_pdf", args=[last.pk]))))
        assert "The last round: nobody moves after it." in text and "After the round" not in text


def gone_home_after_the_first_round(players: int = 8, **extra) -> tuple[Event, str]:
    """A night of four rounds whose 36-character player went home after round 1."""
    from scoring.rounds.services import gone_home, round_start

    event = night(players=players, rounds=4, names=(LONG,), **extra)
    round_start(round_id=event.event_rounds.get(number=1).pk)
    gone_home(event_id=event.pk, player_id=Player.objects.get(display_name=LONG).pk)
    return event, LONG


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_round_has_a_box_for_the_tie_and_a_player_gone_home_has_his_card_say_so(client, paper, tmp_path):
    event, name = gone_home_after_the_first_round(paper_size=paper)
    content = fetched(client, reverse("tally_cards_pdf", args=[event.slug]), f"gone-home-{paper}.pdf")
    pages = texts(content)
    whole = " ".join(pages)
    assert whole.count("Deal 1 2 3 4 5 6 7 8 Tie Total Lone") == 8
    assert "Tie: the 9th deal, only when the sides are level after the 8th." in whole
    card = card_of(pages, event, name)
    assert card.count("went home after round 3") == 0 and card.count("went home after round 1") == 3
    assert re.search(r"1 1 (North|East|South|West) .+ 2 went home after round 1 3 went home after round 1 4 went "
                     r"home after round 1", card), card
    others = [card_of(pages, event, e.player.display_name) for e in event.entrants.select_related("player")
              if e.player.display_name != name]
    assert all("went home" not in other for other in others)
    # Nothing on the page overlaps another run of text, nor runs off its page.
    for page in PdfReader(io.BytesIO(content)).pages:
        every = runs(page)
        for run in every:
            assert run.x0 >= 0 and run.y0 >= 0 and run.x1 <= float(page.mediabox.width), run.text
            assert not [other.text for other in every if other is not run and other.overlaps(run)], run.text
    png = tmp_path / paper
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-", str(png)], input=content,
                   check=True)
    assert list(tmp_path.glob(f"{paper}*.png"))  # drawn as a printer draws it
    if OUT:
        subprocess.run(["pdftoppm", "-png", "-r", "110", "-", str(Path(OUT, f"gone-home-{paper}"))],
                       input=content, check=True)


def test_a_night_by_the_clock_has_no_tie_box():
    assert not tally_cards(night(players=8, deals=None, round_minutes=20)).tie_box
    assert tally_cards(night(players=8, deals=6)).tie_box
    assert not any(text.startswith("Tie:") for text in tally_cards(night(players=8, deals=None,
                                                                           round_minutes=20)).legend)
