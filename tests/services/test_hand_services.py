"""Recording, correcting and penalising hands; the stored result always equals a fresh rescore."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.models import GameRecord, Hand, HandCorrection, Penalty, Rubber, RubberPlayerResult
from scoring.services.hands import HandExtras, hand_correct, penalty_add
from scoring.services.rubbers import rubber_abandon, rubber_start
from scoring.services.scoring import rubber_result
from tests.helpers import play_game, record, refusal

pytestmark = pytest.mark.django_db


def stored_matches_rescore(rubber: Rubber) -> None:
    rubber.refresh_from_db()
    fresh = rubber_result(rubber)
    assert (rubber.ns_points, rubber.ew_points) == fresh.rubber_points
    games = list(GameRecord.objects.filter(rubber=rubber).values_list("winner", "ns_score", "ew_score", "lap",
                                                                        "value"))
    assert games == [(g.winner.value, *g.score, g.lap, g.value) for g in fresh.games]


def test_hands_are_numbered_and_dealt_in_rotation(rubber):
    record(rubber, maker="N", tricks=3)
    record(rubber, result="passed")
    rubber.refresh_from_db()
    assert list(rubber.hands.values_list("number", "dealer")) == [(1, "N"), (2, "E")]
    assert rubber.next_dealer == "S"
    assert (rubber.current_ns, rubber.current_ew) == (1, 0)


def test_dealer_out_of_turn_is_refused_at_the_field_and_nothing_saved(rubber):
    with pytest.raises(ValidationError) as err:
        record(rubber, dealer="S", maker="N", tricks=3)
    assert "dealer" in err.value.message_dict
    assert Hand.objects.count() == 0


def test_deal_out_of_turn_that_stood(rubber):
    record(rubber, dealer="S", out_of_turn=True, maker="N", tricks=3)
    rubber.refresh_from_db()
    assert rubber.next_dealer == "W"


def test_lone_flag_on_partnership_hand_is_refused(rubber):
    with pytest.raises(ValidationError) as err:
        record(rubber, maker="N", tricks=5, partner_exposed=True)
    assert "partner_exposed" in err.value.message_dict
    assert Hand.objects.count() == 0


def test_complete_rubber_accepts_no_more_hands(rubber):
    play_game(rubber, "N")
    play_game(rubber, "E")
    play_game(rubber, "E")
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.COMPLETE
    assert (rubber.rubber_winner, rubber.ns_points, rubber.ew_points) == ("EW", 2, 6)
    with refusal("rubber_ended"):
        record(rubber, maker="N", tricks=3)
    assert rubber.hands.count() == 9
    stored_matches_rescore(rubber)


def test_player_results_are_stored(rubber, players):
    play_game(rubber, "N")
    play_game(rubber, "N")
    play_game(rubber, "E")
    results = {r.player_id: r for r in RubberPlayerResult.objects.filter(rubber=rubber)}
    north = results[players[0].pk]
    assert (north.side, north.points_for, north.points_against, north.won) == ("NS", 6, 2, True)
    assert north.partner_id == players[2].pk
    assert results[players[1].pk].won is False


def test_penalties_are_records_and_rescore(rubber, secretary):
    hand = record(rubber, maker="N", tricks=3)
    penalty_add(hand_id=hand.pk, kind="revoke", side="EW", count=1, note="", claimed="before_cut", by=secretary)
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (4, 0)
    hand.refresh_from_db()
    assert (hand.tricks, hand.maker) == (3, "N")  # the report itself is untouched
    assert Penalty.objects.get().kind == "revoke"
    stored_matches_rescore(rubber)


def test_penalty_entered_with_the_hand(rubber):
    record(rubber, maker="N", tricks=5, revokes={"NS": 1})
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (2, 3)
    assert Penalty.objects.get().side == "NS"


def test_last_hand_corrects_freely(rubber, secretary):
    hand = record(rubber, maker="N", tricks=3)
    hand_correct(hand_id=hand.pk, play={"dealer": "N", "maker": "N", "tricks": 5}, extras=HandExtras(),
                 reason="", by=secretary)
    rubber.refresh_from_db()
    assert rubber.current_ns == 2
    assert HandCorrection.objects.count() == 0
    assert hand.history.count() == 2  # the change is in the history all the same


def test_earlier_hand_needs_a_reason_and_is_recorded(rubber, secretary):
    first = record(rubber, maker="N", tricks=3)
    record(rubber, maker="N", tricks=3)
    with refusal("correction_unexplained", field="reason"):
        hand_correct(hand_id=first.pk, play={"dealer": "N", "maker": "N", "tricks": 5}, extras=HandExtras(),
                     reason=" ", by=secretary)
    hand_correct(hand_id=first.pk, play={"dealer": "N", "maker": "N", "tricks": 5}, extras=HandExtras(),
                 reason="Table said five.", by=secretary)
    correction = HandCorrection.objects.get()
    assert correction.before["tricks"] == 3 and correction.after["tricks"] == 5
    rubber.refresh_from_db()
    assert rubber.current_ns == 3


def test_correction_that_breaks_a_later_hand_is_refused(rubber, secretary):
    first = record(rubber, maker="N", tricks=3)
    record(rubber, maker="N", tricks=3)
    with pytest.raises(ValidationError):
        hand_correct(hand_id=first.pk, play={"dealer": "N", "result": "new_deal"}, extras=HandExtras(),
                     reason="It was a new deal.", by=secretary)
    first.refresh_from_db()
    assert first.result == "played"


def test_abandon_needs_a_reason(rubber):
    with pytest.raises(ValidationError):
        rubber_abandon(rubber_id=rubber.pk, reason="")
    rubber_abandon(rubber_id=rubber.pk, reason="Fire drill.")
    rubber.refresh_from_db()
    assert rubber.status == "abandoned"
    with refusal("rubber_abandoned"):
        record(rubber, maker="N", tricks=3)


def test_four_different_players(event, players):
    with pytest.raises(ValidationError):
        rubber_start(event=event, north=players[0], east=players[1], south=players[0], west=players[3],
                     first_dealer="N")
    assert Rubber.objects.count() == 0


def test_history_records_who_and_when(rubber, secretary):
    hand = record(rubber, by=secretary, maker="N", tricks=3)
    assert hand.entered_by == secretary
    assert Rubber.history.filter(id=rubber.pk).exists()


def test_penalty_that_breaks_the_laws_is_refused(rubber, secretary):
    hand = record(rubber, maker="N", tricks=3)
    with pytest.raises(ValidationError):
        penalty_add(hand_id=hand.pk, kind="partner_exposed", side="", count=1, note="", claimed="before_cut",
                    by=secretary)
    assert Penalty.objects.count() == 0


def test_a_penalty_its_code_does_not_score_is_refused_naming_the_code_as_it_is_spelt(secretary):
    from tests.builders import a_rubber
    from tests.factories import EventFactory

    rubber = a_rubber(EventFactory(rulebook="official-1862"))
    hand = record(rubber, maker="N", tricks=3)
    with refusal("no_such_penalty", field="kind") as refused:
        penalty_add(hand_id=hand.pk, kind="thrown_in", side="NS", count=1, note="", claimed="before_cut", by=secretary)
    assert "The Official Laws of 1862" in refused.value.message_dict["kind"][0]  # the code in force names itself


def test_substitute_shares_the_sides_result(rubber, players):
    from scoring.services.rubbers import seat_change_add

    record(rubber, maker="N", tricks=3)
    seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=2, reason="called away", consented=True)
    with pytest.raises(ValidationError):
        seat_change_add(rubber_id=rubber.pk, seat="E", player=players[0], from_hand=2, reason="", consented=True)
    play_game(rubber, "N")
    result = RubberPlayerResult.objects.get(rubber=rubber, player=players[4])
    assert (result.side, result.partner_id, result.games_won) == ("NS", players[0].pk, 1)


@pytest.mark.parametrize(("kind", "side", "claimed", "late"), [
    ("revoke", "EW", "before_cut", False),
    ("revoke", "EW", "before_trump", True),  # law 68: after the cut
    ("wrong_cards", "EW", "before_trump", False),  # law 5 allows until the next trump card is turned
    ("wrong_cards", "EW", "after_trump", True),
])
def test_a_penalty_on_an_earlier_hand_passes_the_rulings_time_check(rubber, secretary, kind, side, claimed, late):
    first = record(rubber, maker="N", tricks=3)
    record(rubber, maker="E", tricks=3)
    before = Rubber.objects.values_list("current_ns", "current_ew").get(pk=rubber.pk)
    add = {"hand_id": first.pk, "kind": kind, "side": side, "count": 1, "note": "", "claimed": claimed,
           "by": secretary}
    if late:
        with refusal("claim_too_late", field="claimed"):
            penalty_add(**add)
        assert Penalty.objects.count() == 0
        assert Rubber.objects.values_list("current_ns", "current_ew").get(pk=rubber.pk) == before
    else:
        penalty_add(**add)
        assert Penalty.objects.count() == 1
        assert Rubber.objects.values_list("current_ns", "current_ew").get(pk=rubber.pk) != before


def test_the_penalty_page_asks_when_the_claim_was_made(client, secretary, rubber):
    record(rubber, maker="N", tricks=3)
    record(rubber, maker="E", tricks=3)
    client.force_login(secretary)
    for number in (1, 2):  # no answer is given for the secretary: clicking through must not record "too late"
        page = client.get(reverse("penalty_new", args=[rubber.pk, number]))
        assert "claimed" not in page.context["form"].initial and " checked" not in page.content.decode()
    unanswered = client.post(reverse("penalty_new", args=[rubber.pk, 1]), {"kind": "revoke", "side": "EW", "count": 1})
    assert unanswered.status_code == 200 and Penalty.objects.count() == 0
    response = client.post(reverse("penalty_new", args=[rubber.pk, 1]),
                           {"kind": "revoke", "side": "EW", "count": 1, "claimed": "after_trump"})
    assert response.status_code == 200 and "Too late" in response.content.decode()
    assert Penalty.objects.count() == 0
