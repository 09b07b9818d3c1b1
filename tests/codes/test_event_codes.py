"""An event plays under one code, with its game and match; every page that scores or explains follows it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Event, Hand, Penalty, RubberPlayerResult
from scoring.reporting import services as reporting
from tests.builders import a_rubber
from tests.factories import EventFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db


def new_event(**changes) -> dict:
    return {"name": "Standard Tuesday", "slug": "", "starts_on": "2026-12-01", "rulebook": "standard",
            "paper_size": "letter", "mode": "rubbers", **changes}


def entry(**fields) -> dict:
    return {"result": "played", "revokes_ns": 0, "revokes_ew": 0, **fields}


@pytest.mark.parametrize(("posted", "points", "games"), [
    ({}, 10, 1),
    ({"game_points": "7", "games": "3"}, 7, 3),
    ({"rulebook": "official-1862"}, 5, 1),
    ({"rulebook": "rules-1877", "game_points": "11"}, 11, 1),
])
def test_an_event_chooses_its_code_game_and_match(client, secretary, posted, points, games):
    client.force_login(secretary)
    response = client.post(reverse("event_new"), new_event(**posted))
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get()
    assert (event.playing.winning.game_points, event.playing.games) == (points, games)


@pytest.mark.parametrize(("posted", "field", "words"), [
    ({"rulebook": "somerset-1888", "game_points": "10"}, "game_points", "5 points"),
    ({"rulebook": "somerset-1888", "games": "3"}, "games", "takes no"),
    ({"game_points": "9"}, "game_points", "not one of the available choices"),
    ({"games": "2"}, "games", "not one of the available choices"),
    ({"game_points": "abc"}, "game_points", "not one of the available choices"),
])
def test_a_game_or_match_the_code_does_not_allow_is_refused_on_its_field(client, secretary, posted, field, words):
    client.force_login(secretary)
    response = client.post(reverse("event_new"), new_event(**posted))
    assert response.status_code == 200 and not Event.objects.exists()
    assert any(words in error for error in response.context["form"].errors[field])


def test_the_code_game_and_match_are_fixed_once_the_event_has_a_rubber(client, secretary, players):
    event = EventFactory(rulebook="standard")
    a_rubber(event, players[:4])
    client.force_login(secretary)
    data = {"name": event.name, "starts_on": "2026-11-01", "rulebook": "standard", "game_points": "5", "games": "",
            "paper_size": "letter", "mode": "rubbers", "is_public": "on"}
    response = client.post(reverse("event_edit", args=[event.slug]), data)
    assert response.status_code == 200
    assert "can no longer change" in " ".join(response.context["form"].errors["game_points"])
    event.refresh_from_db()
    assert event.game_points is None


def test_the_hand_form_offers_what_the_code_scores(client, secretary, players):
    client.force_login(secretary)
    forms = {}
    for code in ("somerset-1888", "official-1862", "rules-1877", "standard"):
        rubber = a_rubber(EventFactory(rulebook=code), players[:4])
        forms[code] = set(client.get(reverse("rubber", args=[rubber.pk])).context["form"].fields)
    assert {"adversary_abandoned", "partner_exposed"} <= forms["somerset-1888"]
    assert not {"signal", "thrown_in", "taken_from_partner"} & forms["somerset-1888"]
    assert "signal" in forms["official-1862"] and "adversary_abandoned" not in forms["official-1862"]
    assert {"thrown_in", "taken_from_partner", "signal"} <= forms["rules-1877"]
    assert "thrown_in" not in forms["standard"] and "signal" in forms["standard"]


def test_a_standard_game_entered_by_the_secretary_scores_to_ten(client, secretary, players):
    event = EventFactory(rulebook="standard")
    rubber = a_rubber(event, players[:4])
    client.force_login(secretary)
    hands = [dict(maker="N", tricks=3), dict(maker="E", alone="on", tricks=2),
             dict(maker="N", tricks=4, revokes_ew=1), dict(maker="W", tricks=5), dict(maker="passed"),
             dict(maker="S", alone="on", tricks=5), dict(maker="E", tricks=3, signal="NS"), dict(maker="N", tricks=4)]
    for hand in hands:
        rubber.refresh_from_db()
        response = client.post(reverse("hand_new", args=[rubber.pk]), entry(dealer=rubber.next_dealer, **hand))
        assert response.status_code == 302, (hand, response.context["form"].errors)
    rubber.refresh_from_db()
    assert rubber.status == "complete" and rubber.rubber_winner == "NS"
    assert (rubber.ns_points, rubber.ew_points) == (1, 0)
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "Game 1: NS won 10–4" in page and "won the match" in page
    assert "signal across the table (Official Laws, XXXIII)" in page  # borrowed, and cited as theirs
    assert Penalty.objects.filter(kind="signal", side="NS").count() == 1
    # The standings count matches, games, the hands' points, lone hands made and euchres.
    results = {r.player.display_name: r for r in RubberPlayerResult.objects.filter(rubber=rubber)}
    north = results[players[0].display_name]
    assert (north.points_for, north.points_against, north.games_won, north.won) == (10, 4, 1, True)
    assert north.euchres == 1  # East's lone hand was euchred
    assert results[players[2].display_name].lone_hands == 1  # South's lone march
    standings = client.get(reverse("event_standings", args=[event.slug]))
    body = standings.content.decode()
    assert "Lone hands made" in body and "Euchres" in body and "Matches" in body
    assert "matches won, then games won, then net points" in body


def test_a_rubber_stopped_by_its_round_counts_its_points_not_a_game(players):
    event = EventFactory(rulebook="standard", mode=Event.Mode.RUBBERS)
    rubber = a_rubber(event, players[:4], deal_limit=2)
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="E", tricks=3)
    rubber.refresh_from_db()
    assert rubber.status == "stopped" and (rubber.ns_points, rubber.ew_points) == (0, 0)
    north = RubberPlayerResult.objects.get(rubber=rubber, player=players[0])
    assert (north.points_for, north.points_against, north.games_won, north.won) == (2, 1, 0, None)


def test_the_1877_privileges_refuse_a_lone_hand_taken_before_its_turn(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="rules-1877"), players[:4], first_dealer="N")
    client.force_login(secretary)
    # East (the dealer's left) takes his partner West's order-up: he had his turn first (1877 §6).
    response = client.post(reverse("hand_new", args=[rubber.pk]), entry(
        dealer="N", maker="E", alone="on", taken_from_partner="on", declaration="ordered_up", tricks=5))
    assert response.status_code == 400 and "1877 §6" in response.content.decode()
    assert not Hand.objects.exists()
    # West (the dealer's right) may take East's order-up out of his hands.
    response = client.post(reverse("hand_new", args=[rubber.pk]), entry(
        dealer="N", maker="W", alone="on", taken_from_partner="on", declaration="ordered_up", tricks=5))
    assert response.status_code == 302
    assert Hand.objects.get().declared_by == "E"


def test_the_penalty_page_lists_the_codes_own_penalties(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="rules-1877"), players[:4])
    record(rubber, maker="N", tricks=3)
    client.force_login(secretary)
    url = reverse("penalty_new", args=[rubber.pk, 1])
    kinds = dict(client.get(url).context["form"].fields["kind"].choices)
    assert set(kinds) == {"revoke", "wrong_cards", "signal", "thrown_in"}
    assert kinds["thrown_in"].endswith("(1877 §9)") and kinds["revoke"].endswith("(the 1862 summary)")
    response = client.post(url, {"kind": "abandoned", "claimed": "in_play", "count": 1})
    assert response.status_code == 200 and not Penalty.objects.exists()
    response = client.post(url, {"kind": "thrown_in", "side": "EW", "claimed": "in_play", "count": 1})
    assert response.status_code == 302
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (2, 0)  # NS count the march in place of their point


def test_a_phone_under_1877_reports_a_lone_hand_taken_from_a_partner(client, players):
    rubber = a_rubber(EventFactory(rulebook="rules-1877"), players[:4], first_dealer="N")
    code = reporting.working_code(rubber)
    page = client.get(f"/t/{code.code}/").content.decode()
    assert 'data-testid="taken"' in page
    response = client.post(f"/t/{code.code}/report/", {"reporter": players[3].pk, "maker": "W",
                                                        "declaration": "turned", "taken": "on", "tricks": 5})
    assert response.status_code in (200, 302)
    report = rubber.hand_reports.get()
    assert report.play["declared_by"] == "E" and report.play["alone"] is True
    other = a_rubber(EventFactory(rulebook="standard"), players[:4])
    assert 'data-testid="taken"' not in client.get(f"/t/{reporting.working_code(other).code}/").content.decode()


@pytest.mark.parametrize("code", ["official-1862", "rules-1877", "standard"])
def test_how_scoring_works_follows_the_code(client, code):
    body = client.get(reverse("how_scoring_works"), {"code": code}).content.decode()
    assert 'data-testid="worked-rubber"' in body and "win the game and the match" in body
    assert ("1877 §6" in body) is (code == "rules-1877")
    # The code named inside the sentence, and the points of a hand credited to the code's own summary.
    summary = "the standard game" if code == "standard" else "the 1862 summary"
    assert f"a hand scores as {summary} says" in body and "Under The " not in body


def test_the_printed_standings_and_score_sheet_of_a_match(client, players):
    from tests.printing.test_sheets import pdf_text

    event = EventFactory(rulebook="standard")
    rubber = a_rubber(event, players[:4])
    for _ in range(4):
        record(rubber, maker="N", tricks=5)
    record(rubber, maker="S", alone=True, tricks=5)
    text = " ".join(pdf_text(client.get(reverse("event_standings_pdf", args=[event.slug])).content))
    assert "Euchres" in text and "Matches" in text and "matches won, then games won" in text
    assert "Doubles" not in text
    sheet = " ".join(pdf_text(client.get(reverse("rubber_sheet", args=[rubber.pk])).content))
    assert "won the match" in sheet and "Game 1: NS won 12" in sheet and "rubber point" not in sheet


def test_a_round_under_the_standard_game_plays_one_match_a_table_and_counts_a_game_cut_off():
    from scoring.rounds.services import round_close, round_start, schedule_make
    from tests.builders import a_tournament

    event = a_tournament(8, rounds=2, rulebook="standard")
    first, _second = schedule_make(event=event, seed=4)
    round_start(round_id=first.pk)
    tables = list(first.tables.select_related("rubber"))
    done, cut_off = tables[0].rubber, tables[1].rubber
    for _ in range(5):
        record(done, maker="N", tricks=5)
    record(cut_off, maker="E", tricks=5)
    record(cut_off, maker="N", tricks=3)
    round_close(round_id=first.pk)
    done.refresh_from_db()
    cut_off.refresh_from_db()
    assert done.status == "complete" and cut_off.status == "stopped"
    east = RubberPlayerResult.objects.get(rubber=cut_off, player=cut_off.east)
    assert (east.points_for, east.points_against, east.games_won, east.won) == (2, 1, 0, None)
    rows = {row["player__display_name"]: row for row in
            __import__("scoring.standings.cache", fromlist=["event_players"]).event_players(event)}
    assert rows[cut_off.east.display_name]["scored_for"] == 2  # the game cut off counts its points
    assert rows[done.north.display_name]["wins"] == 1 and rows[done.north.display_name]["rank"] == "1="
