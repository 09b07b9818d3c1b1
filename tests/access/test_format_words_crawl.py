"""Every page, phone screen, sheet and export of one table under each format, with its four 36-character names,
read for another format's words: a match has no rubber or lap, a progressive round no rubber, lap or game to a
number, a Somerset rubber no match. The secretary's pages about one hand (its correction, its take-back, a penalty,
a ruling and its sheet), the phone at each step (in play, a report waiting, the table ended), the import page under
the club's code and the new event form all included."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from scoring.reporting.services import AtTable, hand_report, working_code
from scoring.rounds.services import round_close
from scoring.services.club import club_settings_save
from scoring.services.hands import penalty_add
from scoring.services.rulings import ruling_make
from tests.formats import FOREIGN, FORMATS, a_table, play_on
from tests.printing.test_sheets import get_pdf, pdf_text

pytestmark = pytest.mark.django_db
REVOKE = {"offender": "W", "stage": "established", "claimed": "before_cut"}
"""A revoke by West, established and claimed at once: what every code's revoke asks (Somerset asks its cause and
count too)."""
SOMERSET_REVOKE = {**REVOKE, "cause": "not_following", "count": 1}
CLUB_CODE = {"somerset-rubber": ("somerset-1888", None, None), "standard-match": ("standard", 10, 3),
             "1862-best-of-three": ("official-1862", None, 3), "progressive": ("standard", 10, 1)}
"""The club's own code for each format's crawl: the import page and the new event form speak it."""


def words(response) -> str:
    """A page's own words: its main part, without markup, scripts or addresses."""
    html = response.content.decode()
    main = re.search(r"<main\b.*?</main>", html, re.S)
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", main.group(0) if main else html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split())


def read(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code in (200, 410), (url, response.status_code)
    if response["Content-Type"] == "application/pdf":
        return " ".join(pdf_text(get_pdf(client, url).content))
    return words(response)


@pytest.mark.parametrize("form", list(FORMATS))
def test_every_page_phone_sheet_and_export_of_a_table_speaks_its_formats_words(client, secretary, form):
    code, game_points, games = CLUB_CODE[form]
    club_settings_save(name="Somerset Euchre Club", rulebook=code, game_points=game_points, games=games,
                       paper_size="letter", house_rules={})
    event, round_, rubber = a_table(form)
    play_on(rubber)
    facts = SOMERSET_REVOKE if rubber.rulebook.winning.laps else REVOKE
    ruling = ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=facts, election=None,
                         note="Claimed at once", by=secretary)
    penalty_add(hand_id=rubber.hands.get(number=2).pk, kind="revoke", side="EW", count=1, note="", claimed="before_cut",
                by=secretary)
    phone = Client()
    table = f"/t/{working_code(rubber).code}/"
    texts = {"phone in play": read(phone, table)}
    hand_report(rubber_id=rubber.pk, play={"dealer": rubber.next_dealer, "maker": "N", "tricks": 3},
                by=AtTable(player=rubber.north))
    texts["phone, a report waiting"] = read(phone, table)
    client.force_login(secretary)
    last = rubber.hands.count()
    for name, url in {
        "table": reverse("rubber", args=[rubber.pk]),
        "correct": reverse("hand_correct", args=[rubber.pk, 1]),
        "take back": reverse("hand_take_back", args=[rubber.pk, last]),
        "penalty": reverse("penalty_new", args=[rubber.pk, 1]),
        "substitute": reverse("seat_change", args=[rubber.pk]),
        "abandon": reverse("rubber_abandon", args=[rubber.pk]),
        "ruling wizard": reverse("ruling_new", args=[rubber.pk]),
        "ruling": reverse("ruling", args=[ruling.pk]),
        "ruling sheet": reverse("ruling_pdf", args=[ruling.pk]),
        "score sheet": reverse("rubber_sheet", args=[rubber.pk]),
        "table code": reverse("table_code", args=[rubber.pk]),
        "event": reverse("event", args=[event.slug]),
        "rounds": reverse("event_rounds", args=[event.slug]),
        "room": reverse("room", args=[event.slug]),
        "standings": reverse("event_standings", args=[event.slug]),
        "import": reverse("rubber_import"),
    }.items():
        texts[name] = read(client, url)
    # The new event form offers every code's formats; the one the club plays is named in its own words.
    new_event = read(client, reverse("event_new"))
    assert ("Rubbers as the secretary starts them" in new_event) == (code == "somerset-1888"), new_event
    round_close(round_id=round_.pk)
    texts["phone, the table ended"] = read(phone, table)
    texts["table ended"] = read(client, reverse("rubber", args=[rubber.pk]))
    said = {name: [m.group(0) for m in FOREIGN[form].finditer(text)] for name, text in texts.items()}
    assert {name: found for name, found in said.items() if found} == {}
