"""How scoring works under the standard game with house rules: the points of a hand are said as the rules in force
give them, for the club and for an event, and the worked game is played under those rules to its end, every figure
on the page the engine's own."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring.engine import RULEBOOKS, Rulebook, Seat, Side, score_rubber
from scoring.engine.explain import describe_award, describe_hand, game_line, house_rule_notes
from scoring.engine.worked import worked_game
from scoring.models import Event
from scoring.services.club import club_settings_save, the_club
from tests.engine.test_worked import HOUSES
from tests.factories import EventFactory

pytestmark = pytest.mark.django_db

STUCK = {"lone_euchre": 4, "stick_the_dealer": True}
CANADIAN = {"canadian_loner": True, "defend_alone": True, "defend_alone_euchre": 6}


class WorkedTable(HTMLParser):
    """The worked game's rows as a reader sees them at a desktop's width: each cell's lines (split at its line
    breaks), leaving out the copy of the reasons a phone shows under each hand."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[list[str]]] = []
        self.inside = self.in_body = False
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "table" and named.get("data-testid") == "worked-rubber":
            self.inside = True
        elif self.inside and tag == "tbody":
            self.in_body = True
        elif self.in_body and tag == "tr":
            self.rows.append([])
        elif self.in_body and tag == "td":
            self.rows[-1].append([""])
        elif self.in_body and tag == "div" and "d-md-none" in (named.get("class") or ""):
            self.skipping += 1
        elif self.in_body and tag == "br" and not self.skipping:
            self.rows[-1][-1].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.inside = self.in_body = False
        elif tag == "div" and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if self.in_body and self.rows and self.rows[-1] and not self.skipping:
            self.rows[-1][-1][-1] += data


def one_line(text: str) -> str:
    return " ".join(text.split())


def worked_rows(html: str) -> list[tuple[str, ...]]:
    """Each row: number, dealer, what happened, NS, EW, score, and its reasons and games as one line each."""
    table = WorkedTable()
    table.feed(html)
    rows = []
    for cells in table.rows:
        number, dealer, report, ns, ew, score, why = ([one_line(line) for line in cell if one_line(line)]
                                                       for cell in cells)
        rows.append((*(" ".join(cell) for cell in (number, dealer, report, ns, ew, score)), *why))
    return rows


def points_said(html: str) -> str:
    """The points of a hand, as the page says them, tags left out."""
    block = html.split('data-testid="hand-points">')[1].split("</ul>")[0]
    return one_line(re.sub(r"<[^>]+>", "", block))


def page(client: Any, query: str = "") -> str:
    response = client.get(reverse("how_scoring_works") + query)
    assert response.status_code == 200
    return response.content.decode()


def engine_rows(rulebook: Rulebook) -> list[tuple[str, ...]]:
    """The engine's own scoring of the worked game under the rulebook, a row to a hand as the page shows it."""
    result = score_rubber(worked_game(rulebook), rulebook, first_dealer=Seat.N)
    games = {game.number: game for game in result.games}
    rows = []
    for scored in result.hands:
        closed = [games[number] for number in scored.games_closed]
        ns, ew = closed[-1].score if closed else scored.score_after
        rows.append((str(scored.number), scored.hand.dealer.value if scored.hand.dealer else "",
                     describe_hand(scored.hand), str(scored.points(Side.NS) or ""), str(scored.points(Side.EW) or ""),
                     f"{ns}–{ew}", *house_rule_notes(scored.hand, rulebook),
                     *(describe_award(award, rulebook) for award in scored.awards),
                     *(game_line(game, rulebook) for game in closed)))
    return rows


# What the page says, written out.

def test_the_club_on_a_lone_euchre_of_four_and_the_dealer_stuck(client):
    club_settings_save(rulebook="standard", house_rules=STUCK)
    html = page(client)
    said = points_said(html)
    assert "euchred alone, he gives the other side 4 (house rule: 4 for euchring a lone hand)." in said
    assert "as a side does" not in said and "pass twice scores nothing" not in said
    assert ("No deal is passed all round: when the other three have passed twice, the dealer must name trump, and "
            "his side scores as the makers do (house rule: stick the dealer).") in said
    assert [row[:6] for row in worked_rows(html)] == [
        ("1", "N", "North took it up, 3 tricks", "1", "", "1–0"),
        ("2", "E", "South ordered it up alone, 2 tricks", "", "4", "1–4"),
        ("3", "S", "South took it up, 3 tricks revokes NS 0 EW 1", "2", "", "3–4"),
        ("4", "W", "North ordered it up, 5 tricks", "2", "", "5–4"),
        ("5", "N", "North named trump, 3 tricks", "1", "", "6–4"),
        ("6", "E", "East took it up alone, 5 tricks", "", "4", "6–8"),
        ("7", "S", "West ordered it up, 3 tricks EW signalled", "1", "", "7–8"),
        ("8", "W", "West took it up, 2 tricks", "2", "", "9–8"),
        ("9", "N", "North took it up, 3 tricks", "1", "", "10–8"),
    ]
    rows = worked_rows(html)
    assert rows[1][6:] == ("EW +4 lone hand euchred (house rule: 4 for euchring a lone hand)",)
    assert rows[4][6] == "North was stuck: the others passed twice, so he named trump (house rule: stick the dealer)"
    assert rows[8][-1] == "Game 1: NS won 10–8"
    assert "All passed" not in html
    assert 'data-testid="worked-result">NS win the game and the match.' in html


def test_the_club_on_the_canadian_loner_and_a_lone_defenders_euchre_of_six(client):
    club_settings_save(rulebook="standard", house_rules=CANADIAN)
    html = page(client)
    said = points_said(html)
    assert "euchred alone, he gives the other side 2, as a side does." in said
    assert ("A defender may play alone against him: if the lone defender euchres him, his side scores 6 (house rule: "
            "6 for euchring a lone hand defended alone); if not, the lone player scores as above.") in said
    assert ("The dealer's partner who orders him up plays the hand alone, and scores as a lone player (house rule: "
            "the Canadian loner).") in said
    rows = worked_rows(html)
    assert rows[7][:7] == ("8", "W", "East assisted alone, 3 tricks", "", "1", "7–6",
                           "East ordered his partner up, so he played alone (house rule: the Canadian loner)")
    assert rows[9][:7] == ("10", "E", "East took it up alone, 2 tricks defended alone by South", "6", "", "13–8",
                           "NS +6 lone hand euchred by a lone defender (house rule: 6 for euchring a lone hand "
                           "defended alone)")
    assert len(rows) == 10 and rows[-1][-1] == "Game 1: NS won 13–8"


def test_an_event_says_its_own_lone_euchre_not_a_sides(client):
    club_settings_save(rulebook="standard", house_rules={})
    event = EventFactory(rulebook="standard", house_rules={"lone_euchre": 4}, game_points=10, games=1)
    said = points_said(page(client, f"?event={event.slug}"))
    assert "euchred alone, he gives the other side 4 (house rule: 4 for euchring a lone hand)." in said
    assert "as a side does" not in said
    # The club's own page of the code: the club plays it plain.
    assert "euchred alone, he gives the other side 2, as a side does." in points_said(page(client))


# Every figure the engine's.

@pytest.mark.parametrize("house", HOUSES, ids=lambda h: "-".join(f"{k}={v}" for k, v in h.document().items()) or "none")
def test_under_every_combination_of_house_rules_the_page_says_them_and_the_engine_scores_every_line(client, house):
    club_settings_save(rulebook="standard", house_rules=house.document())
    rulebook = the_club().playing
    assert rulebook.house == house
    html = page(client)
    assert worked_rows(html) == engine_rows(rulebook)
    said = points_said(html)
    assert f"euchred alone, he gives the other side {house.lone_euchre}" in said
    assert (f"his side scores {house.defend_alone_euchre} (house rule" in said) is house.defend_alone
    assert ("The dealer's partner who orders him up plays the hand alone" in said) is house.canadian_loner
    assert ("No deal is passed all round" in said) is house.stick_the_dealer
    passes = ("All passed" in html, "pass twice scores nothing" in said)
    assert passes == ((False, False) if house.stick_the_dealer else (True, True))
    assert f"table gives the other side <strong>{house.table_talk}</strong>" in html


CLUB_CASES = [
    pytest.param({"rulebook": "standard", "house_rules": STUCK}, "", id="club-stuck"),
    pytest.param({"rulebook": "standard", "house_rules": CANADIAN}, "", id="club-canadian"),
    pytest.param({"rulebook": "standard", "house_rules": {**STUCK, **CANADIAN, "table_talk": 2}, "game_points": 5,
                  "games": 3}, "", id="club-every-rule-game-5"),
    # The club usually plays Somerset, and keeps its house rules for the standard game.
    pytest.param({"rulebook": "somerset-1888", "house_rules": CANADIAN}, "?code=standard", id="another-code"),
    pytest.param({"rulebook": "standard", "house_rules": STUCK}, "?code=official-1862", id="official"),
]


@pytest.mark.parametrize(("club", "query"), CLUB_CASES)
def test_the_club_pages_figures_are_the_engines_line_by_line(client, club, query):
    club_settings_save(**club)
    rulebook = RULEBOOKS[query.split("=")[1]] if query else the_club().playing
    if rulebook.asks.house_rules and not rulebook.house:
        rulebook = rulebook.housed(the_club().house)
    html = page(client, query)
    assert worked_rows(html) == engine_rows(rulebook)
    assert f"A game to {rulebook.winning.game_points}, hand by hand" in html


@pytest.mark.parametrize("event", [
    pytest.param({"house_rules": {"lone_euchre": 4, "table_talk": 2}, "game_points": 5, "games": 3}, id="match"),
    pytest.param({"house_rules": CANADIAN, "game_points": 11, "games": 1}, id="single-game"),
    pytest.param({"house_rules": STUCK, "mode": Event.Mode.PROGRESSIVE}, id="progressive"),
])
def test_an_events_page_figures_are_the_engines_under_its_own_rules(client, event):
    club_settings_save(rulebook="standard", house_rules={})
    event = EventFactory(rulebook="standard", **event)
    html = page(client, f"?event={event.slug}")
    assert worked_rows(html) == engine_rows(event.code_as_played)
    assert event.code_as_played.house and all(escape(line) in html for line in event.code_as_played.house.stated())
