"""The house rules in force are stated wherever a score is explained: the event page, the rubber page, the score
sheet's key, the printed standings, the tally cards and (the club's usual ones) How scoring works; each a line in
`HouseRules.stated`'s words under "House rules", and nothing at all when none are in force."""

from __future__ import annotations

import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from scoring.engine.key import scoring_key
from scoring.engine.rulebook import RULEBOOKS, read_house_rules
from scoring.models import Event
from scoring.rounds.services import entrants_set, schedule_make
from scoring.services.club import club_settings_save
from tests.builders import a_rubber, a_tournament
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db

RULES = {"lone_euchre": 4, "stick_the_dealer": True, "defend_alone": True, "defend_alone_euchre": 5}
STATED = read_house_rules(RULES).stated()
HEADING = "House rules"


def house_ruled() -> Event:
    return EventFactory(rulebook="standard", house_rules=RULES)


def without_them(code: str) -> Event:
    return EventFactory(rulebook=code)


PLAIN = ("somerset-1888", "standard")
"""A Somerset event (which takes no house rules) and a standard one played without them."""


def one_text(content: bytes) -> str:
    """A PDF's words, every run of spaces and line ends made one space (a sentence may wrap in its column)."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(content)).pages)


def page_text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def pdf(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return one_text(response.content)


def assert_stated(text: str) -> None:
    assert HEADING in text and len(STATED) == 3
    for line in STATED:
        assert line in text


def assert_none_stated(text: str) -> None:
    assert HEADING not in text and "house rule" not in text.lower()


def test_the_stated_words_are_the_rules_in_force():
    assert STATED == ("A lone hand euchred gives the defenders 4.",
                      "Stick the dealer: no deal is passed all round; the dealer must name trump.",
                      "A defender may play alone against a lone hand; if he euchres it his side scores 5.")


# The pages.

def test_the_event_page_states_its_house_rules_a_line_each(client):
    event = house_ruled()
    html = page_text(client, reverse("event", args=[event.slug]))
    assert 'data-testid="house-rules"' in html
    block = html.split('data-testid="house-rules"')[1].split("</section>")[0]
    assert block.count("<li>") == len(STATED)
    assert_stated(block)


@pytest.mark.parametrize("code", PLAIN)
def test_an_event_page_without_house_rules_shows_none(client, code):
    event = without_them(code)
    assert_none_stated(page_text(client, reverse("event", args=[event.slug])))


def test_the_event_pages_queries_do_not_grow_with_house_rules(client):
    counts = []
    for event in (without_them("standard"), house_ruled()):
        a_rubber(event)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("event", args=[event.slug])).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_rubber_page_states_the_house_rules_it_is_scored_by(client):
    rubber = a_rubber(house_ruled())
    record(rubber, maker="E", alone=True, tricks=2)  # a lone hand euchred: the defenders score 4
    html = page_text(client, reverse("rubber", args=[rubber.pk]))
    assert_stated(html)
    assert 'data-testid="current-score">NS 4' in html


@pytest.mark.parametrize("code", PLAIN)
def test_a_rubber_page_without_house_rules_shows_none(client, code):
    rubber = a_rubber(without_them(code))
    assert_none_stated(page_text(client, reverse("rubber", args=[rubber.pk])))


def test_how_scoring_works_states_the_clubs_usual_house_rules_under_the_standard_game(client):
    club_settings_save(house_rules=RULES)
    html = page_text(client, reverse("how_scoring_works") + "?code=standard")
    block = html.split('data-testid="house-rules"')[1].split("</section>")[0]
    assert "usual house rules" in block and "The club usually plays the standard game with these" in block
    assert block.count("<li>") == len(STATED) and all(line in block for line in STATED)
    # Another code takes none: its page says nothing of them.
    assert_none_stated(page_text(client, reverse("how_scoring_works") + "?code=somerset-1888"))


def test_how_scoring_works_states_none_when_the_club_plays_the_standard_game_plain(client):
    assert_none_stated(page_text(client, reverse("how_scoring_works") + "?code=standard"))


def test_how_scoring_works_from_an_event_states_that_events_own_rules_and_scores_by_them(client):
    """The event page and its rubbers' pages link to How scoring works as that event plays it: its own house rules
    (the club usually plays none), its game and match, and the worked match scored under them."""
    event = EventFactory(rulebook="standard", house_rules=RULES, game_points=5, games=3, name="N" * 36)
    rubber = a_rubber(event)
    url = f"{reverse('how_scoring_works')}?event={event.slug}"
    assert url in page_text(client, event.get_absolute_url())
    assert url in page_text(client, reverse("rubber", args=[rubber.pk]))
    html = page_text(client, url)
    block = html.split('data-testid="house-rules"')[1].split("</section>")[0]
    assert "usual" not in block and all(line in block for line in STATED)
    assert f"As <a href=\"{event.get_absolute_url()}\">{'N' * 36}</a> plays it: the standard game today: games to 5, " \
           "the best of three." in html
    assert "he gives the other side\n    <strong>4</strong>" in html  # the lone euchre as the house gives it
    assert "A game to 5, hand by hand" in html
    # The club's own page of the code still states the club's usual rules: none.
    assert_none_stated(page_text(client, reverse("how_scoring_works") + "?code=standard"))


def test_how_scoring_works_for_a_progressive_night_plays_to_no_game(client):
    night = EventFactory(rulebook="standard", mode=Event.Mode.PROGRESSIVE, house_rules=RULES)
    html = page_text(client, f"{reverse('how_scoring_works')}?event={night.slug}")
    said = html.split('data-testid="event-as-played">')[1].split("</p>")[0]
    assert "the standard game today, each round's deals scored as below and their points added up" in said
    assert "single game" not in said and all(line in html for line in STATED)


def test_how_scoring_works_names_no_event_the_reader_may_not_read(client):
    private = EventFactory(rulebook="standard", house_rules=RULES, is_public=False)
    for asked in (private.slug, "no-such-event", "%00<b>", "x" * 500):
        html = page_text(client, f"{reverse('how_scoring_works')}?event={asked}")
        assert "There is no event called" in html and 'data-testid="event-as-played"' not in html
        assert_none_stated(html)


# The printed sheets.

def test_the_score_sheet_states_the_house_rules_beside_its_key(client):
    rubber = a_rubber(house_ruled())
    text = pdf(client, reverse("rubber_sheet", args=[rubber.pk]))
    assert_stated(text)
    # At the top, under the seats and beside the key, above the hands.
    assert "Scoring key" in text and text.index(HEADING) < text.index("Penalties, rulings and their laws")


@pytest.mark.parametrize("code", PLAIN)
def test_a_score_sheet_without_house_rules_shows_none(client, code):
    rubber = a_rubber(without_them(code))
    assert_none_stated(pdf(client, reverse("rubber_sheet", args=[rubber.pk])))


def test_the_printed_standings_state_the_house_rules(client):
    event = house_ruled()
    assert_stated(pdf(client, reverse("event_standings_pdf", args=[event.slug])))


@pytest.mark.parametrize("code", PLAIN)
def test_printed_standings_without_house_rules_show_none(client, code):
    event = without_them(code)
    assert_none_stated(pdf(client, reverse("event_standings_pdf", args=[event.slug])))


def night(**extra) -> Event:
    """A progressive night of eight, its rounds seated."""
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=3, deal_limit=8, movement=Event.Movement.PROGRESSIVE,
                         **extra)
    entrants_set(event=event, players=PlayerFactory.create_batch(8))
    schedule_make(event=event, seed=3)
    return event


def test_each_tally_card_states_the_house_rules_under_its_legend(client):
    event = night(rulebook="standard", house_rules=RULES)
    text = pdf(client, reverse("tally_cards_pdf", args=[event.slug]))
    assert text.count(HEADING) == 8  # one card each
    assert_stated(text)
    assert text.count(STATED[0]) == 8


@pytest.mark.parametrize("code", PLAIN)
def test_tally_cards_without_house_rules_show_none(client, code):
    event = night(rulebook=code)
    assert_none_stated(pdf(client, reverse("tally_cards_pdf", args=[event.slug])))


def test_the_score_sheet_says_who_defended_alone_and_keys_the_lone_defenders_euchre(client, secretary):
    rubber = a_rubber(EventFactory(rulebook="standard", house_rules={"defend_alone": True, "defend_alone_euchre": 6}),
                      first_dealer="N")
    record(rubber, maker="E", alone=True, defended_alone="S", tricks=1)
    client.force_login(secretary)
    text = pdf(client, reverse("rubber_sheet", args=[rubber.pk]))
    assert f"Defended alone by S {rubber.south}" in text
    assert "Lone hand euchred by a defender playing alone (a house rule) 6 points to the defenders" in text
    # Hand 1: East alone, euchred by South alone: North-South 6.
    assert f"1 N E {rubber.east} alone 1 6 0 6–0 Defended alone by S {rubber.south}" in text


def test_a_rounds_blank_score_sheets_state_the_house_rules_and_key_their_points(client):
    """A round's blank sheets are keyed as the event plays, like a played rubber's: a lone euchre of 4 under the
    house rules, not the standard game's own 2."""
    event = a_tournament(4, rounds=1, rulebook="standard", house_rules=RULES)
    first, *_ = schedule_make(event=event)
    text = pdf(client, reverse("round_sheets_pdf", args=[first.pk]))
    assert_stated(text)
    plain = scoring_key(RULEBOOKS["standard"])
    changed = [line for line in scoring_key(event.playing) if line not in plain]
    assert changed and all(f"{line.case} {line.scores}" in text for line in changed)
    plain = a_tournament(4, rounds=1, rulebook="standard")
    assert_none_stated(pdf(client, reverse("round_sheets_pdf", args=[schedule_make(event=plain)[0].pk])))
