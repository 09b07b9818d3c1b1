"""Rulings on the site: the services that store and withdraw them, the wizard, the pages and the PDF."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from scoring.engine import RULEBOOKS, SOMERSET_1888, HandResult
from scoring.models import Hand, Rubber, Ruling
from scoring.services.rubbers import rubber_abandon
from scoring.services.rulings import ruling_make, ruling_preview, ruling_withdraw
from scoring.services.transfer import rubber_export
from tests.engine.test_rulings import CASES, Case
from tests.helpers import play_game, record, refusal

REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


def make(rubber: Rubber, number: int, key: str, facts: dict[str, Any], election: str | None = None,
         by: Any = None) -> Ruling:
    return ruling_make(rubber_id=rubber.pk, hand_number=number, irregularity=key, facts=facts, election=election,
                       by=by)


def stored_points(rubber: Rubber, number: int) -> tuple[int, int]:
    hand = Hand.objects.get(rubber=rubber, number=number)
    return hand.ns_points, hand.ew_points


# The services.

def test_a_revoke_ruling_is_stored_applied_and_rescored(rubber, secretary):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "revoke", REVOKE, by=secretary)

    assert ruling.laws == [62, 63, 64, 71, 4, 66, 70]  # with the remedies of laws 66 and 70
    assert ruling.effect == {"revokes": {"EW": 1}}
    assert ruling.made_by == secretary and ruling.offender == "W" and not ruling.too_late
    assert ruling.score_before["hand"] == [0, 1] and ruling.score_after["hand"] == [3, 1]
    assert stored_points(rubber, 1) == (3, 1)
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (3, 1)
    assert rubber_export(rubber)["hands"][0]["revokes"] == {"EW": 1}


def test_law_4_a_ruled_revoke_ends_the_game_and_the_makers_point_is_lost(rubber, secretary):
    record(rubber, maker="S", tricks=4)  # NS 1
    record(rubber, maker="N", tricks=5)  # NS 3
    record(rubber, maker="E", alone=True, tricks=5)  # EW 4
    record(rubber, maker="E", tricks=3)  # EW 5: game to EW, as reported
    rubber.refresh_from_db()
    assert list(rubber.games.values_list("winner", "ns_score", "ew_score")) == [("EW", 3, 5)]

    make(rubber, 4, "revoke", REVOKE, by=secretary)

    assert list(rubber.games.values_list("winner", "ns_score", "ew_score")) == [("NS", 6, 4)]
    assert stored_points(rubber, 4) == (3, 0)


def test_a_claim_too_late_is_recorded_and_changes_nothing(rubber, secretary):
    record(rubber, maker="E", tricks=4)
    record(rubber, maker="N", tricks=3)
    ruling = make(rubber, 1, "revoke", {**REVOKE, "claimed": "after_trump"}, by=secretary)
    assert ruling.too_late and ruling.laws == [68, 5] and ruling.effect == {}
    assert "too late" in ruling.summary
    assert stored_points(rubber, 1) == (0, 1)


def test_withdrawing_rescores_and_keeps_both_versions(rubber, secretary):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "revoke", REVOKE, by=secretary)
    ruling_withdraw(ruling_id=ruling.pk, reason="West had no heart after all", by=secretary)

    ruling.refresh_from_db()
    assert ruling.withdrawn_at is not None and ruling.withdrawn_by == secretary
    assert stored_points(rubber, 1) == (0, 1)
    assert ruling.history.count() == 2
    assert Ruling.objects.filter(pk=ruling.pk).exists()
    with refusal("ruling_withdrawn"):
        ruling_withdraw(ruling_id=ruling.pk, reason="again", by=secretary)


def test_withdrawal_needs_a_reason(rubber, secretary):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "revoke", REVOKE, by=secretary)
    with pytest.raises(ValidationError) as caught:
        ruling_withdraw(ruling_id=ruling.pk, reason="  ", by=secretary)
    assert "reason" in caught.value.error_dict
    ruling.refresh_from_db()
    assert ruling.withdrawn_at is None and stored_points(rubber, 1) == (3, 1)


def test_a_ruling_is_never_edited(rubber, secretary):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "revoke", REVOKE, by=secretary)
    ruling.summary = "something else"
    with pytest.raises(ValueError, match="never edited"):
        ruling.save()
    with pytest.raises(ValueError, match="never edited"):
        ruling.save(update_fields=["summary"])


def test_an_election_is_needed_before_the_ruling_is_made(rubber, secretary):
    record(rubber, maker="E", tricks=4)
    with pytest.raises(ValidationError) as caught:
        make(rubber, 1, "lead_out_of_turn", {"offender": "S", "followed": "none"}, by=secretary)
    assert "election" in caught.value.error_dict
    assert not Ruling.objects.exists()


def test_a_ruling_that_would_break_a_later_hand_saves_nothing(rubber, secretary):
    record(rubber, maker="E", tricks=4)
    record(rubber, maker="N", tricks=3)  # dealt by E, after N's hand 1
    with refusal("later_hand_unscorable"):
        make(rubber, 1, "deal", {"offender": "N", "what": "imperfect_pack", "claimed": "before_cut"}, by=secretary)
    assert not Ruling.objects.exists()
    assert stored_points(rubber, 1) == (0, 1)


def test_no_rulings_on_an_abandoned_rubber(rubber, secretary):
    record(rubber, maker="E", tricks=4)
    rubber_abandon(rubber_id=rubber.pk, reason="fire alarm")
    with refusal("rubber_abandoned"):
        make(rubber, 1, "revoke", REVOKE, by=secretary)


def test_bad_facts_are_named_and_nothing_is_saved(rubber, secretary):
    record(rubber, maker="E", tricks=4)
    with pytest.raises(ValidationError) as caught:
        make(rubber, 1, "revoke", {**REVOKE, "count": 0}, by=secretary)
    assert "count" in caught.value.error_dict
    with pytest.raises(ValidationError) as caught:
        make(rubber, 9, "revoke", REVOKE, by=secretary)
    assert "hand" in caught.value.error_dict
    assert not Ruling.objects.exists()


def test_second_ruling_builds_on_the_first(rubber, secretary):
    record(rubber, maker="E", alone=True, tricks=5)
    make(rubber, 1, "lone_hand", {"offender": "W", "what": "partner_exposed", "claimed": "in_play"}, by=secretary)
    assert stored_points(rubber, 1) == (0, 2)  # law 102
    preview = ruling_preview(rubber=rubber, hand_number=1, irregularity="revoke",
                             facts={**REVOKE, "offender": "N"})
    assert preview.hand_points_before == (0, 2) and preview.hand_points_after == (0, 7)


# The wizard, walked with the test client for every kind of irregularity.

def _field_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def walk(client, rubber: Rubber, number: int, key: str, facts: dict[str, Any], election: str | None = None,
         note: str = "") -> Any:
    """Post each step of the wizard in turn; returns the last response."""
    url = reverse("ruling_new", args=[rubber.pk])
    prefix = f"ruling_{rubber.pk}"
    assert client.get(url).status_code == 200
    response = client.post(url, {f"{prefix}-current_step": "case", "case-hand": number, "case-irregularity": key})
    assert response.status_code == 200, response
    step = f"facts_{key}"
    assert response.context["wizard"]["steps"].current == step
    data = {f"{prefix}-current_step": step, **{f"{step}-{k}": _field_value(v) for k, v in facts.items()}}
    response = client.post(url, data)
    if response.status_code != 200 or response.context["wizard"]["steps"].current == step:
        return response
    if response.context["wizard"]["steps"].current == "election":
        response = client.post(url, {f"{prefix}-current_step": "election", "election-election": election})
        if response.status_code != 200 or response.context["wizard"]["steps"].current == "election":
            return response
    assert response.context["wizard"]["steps"].current == "review"
    return client.post(url, {f"{prefix}-current_step": "review", "review-note": note})


FIRST_CASE_OF_EACH_KIND: dict[str, Case] = {}
for _case in CASES:
    if _case.hand.dealer.value == "N" and (_case.options == () or _case.election):
        FIRST_CASE_OF_EACH_KIND.setdefault(_case.key, _case)


def _record_case_hand(rubber: Rubber, case: Case) -> None:
    hand = case.hand
    if hand.result is HandResult.PLAYED:
        record(rubber, maker=hand.maker.value, tricks=hand.tricks, alone=hand.alone)
    else:
        record(rubber, result=hand.result.value)


@pytest.mark.parametrize("case", list(FIRST_CASE_OF_EACH_KIND.values()), ids=list(FIRST_CASE_OF_EACH_KIND))
def test_wizard_walk_for_each_kind(client, secretary, rubber, case: Case):
    client.force_login(secretary)
    _record_case_hand(rubber, case)
    before = stored_points(rubber, 1)

    response = walk(client, rubber, 1, case.key, case.facts, case.election, note="table 1 asked")

    assert response.status_code == 302, getattr(response, "context", None) and response.context["form"].errors
    ruling = Ruling.objects.get()
    assert response.url.endswith(f"#ruling-{ruling.pk}")
    assert (ruling.irregularity, ruling.laws, ruling.effect) == (case.key, list(case.laws), case.effect)
    assert ruling.election == (case.election or "") and ruling.note == "table 1 asked"
    assert stored_points(rubber, 1) == (case.after if case.after is not None else before)
    page = client.get(reverse("rubber", args=[rubber.pk]))
    assert f'id="ruling-{ruling.pk}"' in page.content.decode()


def test_wizard_asks_only_the_chosen_kinds_questions_and_the_election(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)
    url, prefix = reverse("ruling_new", args=[rubber.pk]), f"ruling_{rubber.pk}"
    client.get(url)
    response = client.post(url, {f"{prefix}-current_step": "case", "case-hand": 1,
                                 "case-irregularity": "lead_out_of_turn"})
    assert set(response.context["form"].fields) == {"offender", "followed", "claimed"}
    response = client.post(url, {f"{prefix}-current_step": "facts_lead_out_of_turn",
                                 "facts_lead_out_of_turn-offender": "S", "facts_lead_out_of_turn-followed": "none"})
    assert response.context["wizard"]["steps"].current == "election"
    choices = [c[0] for c in response.context["form"].fields["election"].choices]
    assert choices == ["call_card", "call_suit", "consulted"]
    assert "What do East-West choose?" in response.content.decode()
    response = client.post(url, {f"{prefix}-current_step": "election", "election-election": "call_suit"})
    body = response.content.decode()
    assert response.context["wizard"]["steps"].current == "review"
    assert "call a suit from" in body and "Law 52" in body and "Law 85" in body
    assert not Ruling.objects.exists()  # nothing saved before the confirmation


def test_wizard_review_shows_the_score_before_and_after(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)
    url, prefix = reverse("ruling_new", args=[rubber.pk]), f"ruling_{rubber.pk}"
    client.get(url)
    client.post(url, {f"{prefix}-current_step": "case", "case-hand": 1, "case-irregularity": "revoke"})
    response = client.post(url, {f"{prefix}-current_step": "facts_revoke",
                                 **{f"facts_revoke-{k}": v for k, v in REVOKE.items()}})
    rows = response.context["preview_rows"]
    assert rows[0] == ("Hand 1 points (NS\u2013EW)", "0\u20131", "3\u20131")
    assert rows[3][1:] == ("0\u20130", "0\u20130")


def test_wizard_shows_a_refusal_at_the_step_and_saves_nothing(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)
    response = walk(client, rubber, 1, "lone_hand", {"offender": "N", "what": "abandoned", "claimed": "in_play"})
    assert response.status_code == 200
    assert "does not stand as a lone hand" in response.content.decode()
    assert not Ruling.objects.exists()


def test_wizard_rejects_a_missing_answer_at_its_question(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)
    response = walk(client, rubber, 1, "revoke", {"offender": "W", "cause": "not_following", "count": 1,
                                                  "claimed": "before_cut"})
    assert response.context["form"].errors["stage"]
    assert not Ruling.objects.exists()


def test_wizard_presets_no_answer_to_when_the_claim_was_made(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)
    record(rubber, maker="N", tricks=3)
    url, prefix = reverse("ruling_new", args=[rubber.pk]), f"ruling_{rubber.pk}"
    for number in (1, 2):
        client.get(url)
        response = client.post(url, {f"{prefix}-current_step": "case", "case-hand": number,
                                     "case-irregularity": "revoke"})
        form = response.context["form"]
        assert "claimed" not in form.initial and 'name="facts_revoke-claimed" value="after_trump" checked' not in \
            response.content.decode()


def test_wizard_needs_a_hand_first(client, secretary, rubber):
    client.force_login(secretary)
    response = client.get(reverse("ruling_new", args=[rubber.pk]))
    assert response.status_code == 302 and response.url == rubber.get_absolute_url()


# Who may do what.

def test_only_the_secretary_may_rule_or_withdraw(client, member, secretary, rubber):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "revoke", REVOKE, by=secretary)
    url = reverse("ruling_new", args=[rubber.pk])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(member)
    assert client.get(url).status_code == 403
    response = client.post(reverse("ruling_withdraw", args=[ruling.pk]), {"reason": "no"})
    assert response.status_code == 403
    ruling.refresh_from_db()
    assert ruling.withdrawn_at is None


def test_withdraw_through_the_page(client, secretary, rubber):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "revoke", REVOKE, by=secretary)
    client.force_login(secretary)
    bad = client.post(reverse("ruling_withdraw", args=[ruling.pk]), {"reason": ""})
    assert bad.status_code == 400 and "This field is required" in bad.content.decode()
    good = client.post(reverse("ruling_withdraw", args=[ruling.pk]), {"reason": "wrong table"})
    assert good.status_code == 302
    page = client.get(reverse("ruling", args=[ruling.pk])).content.decode()
    assert "Withdrawn" in page and "wrong table" in page
    assert stored_points(rubber, 1) == (0, 1)


def test_rulings_of_members_only_events_are_hidden_from_the_public(client, secretary, rubber):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "revoke", REVOKE, by=secretary)
    rubber.event.is_public = True
    rubber.event.save()
    assert client.get(reverse("ruling", args=[ruling.pk])).status_code == 200
    rubber.event.is_public = False
    rubber.event.save()
    assert client.get(reverse("ruling", args=[ruling.pk])).status_code == 404
    assert client.get(reverse("ruling_pdf", args=[ruling.pk])).status_code == 404


# Pages and the printed ruling.

def test_ruling_page_shows_facts_laws_and_score(client, secretary, rubber):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "lead_out_of_turn", {"offender": "S", "followed": "none"}, election="call_card",
                  by=secretary)
    body = client.get(reverse("ruling", args=[ruling.pk])).content.decode()
    assert "Who led out of turn?" in body and "South" in body
    assert "Call the card led" in body
    assert "Law 52" in body and "Law 85" in body
    assert "Hand 1 points" in body


def test_ruling_pdf_reads_back(client, secretary, rubber):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "revoke", REVOKE, by=secretary)
    response = client.get(reverse("ruling_pdf", args=[ruling.pk]))
    assert response["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert f"Ruling {ruling.pk}: Revoke" in text
    assert "revoked once and the revoke is established" in text
    lines = text.splitlines()
    for law in (62, 63, 64, 71, 4):
        assert str(law) in lines  # each law cited has its own row
    assert "Revoke penalties are scored before all other scores." in text
    assert "Before" in text and "After" in text and "3\u20131" in text


def test_rubber_page_query_count_does_not_grow_with_rulings(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)
    make(rubber, 1, "revoke", REVOKE, by=secretary)
    with CaptureQueriesContext(connection) as few:
        assert client.get(reverse("rubber", args=[rubber.pk])).status_code == 200
    play_game(rubber, "N")
    for number in (2, 3, 4):
        make(rubber, number, "exposed_card", {"offender": "E", "how": "shown"}, by=secretary)
    with CaptureQueriesContext(connection) as many:
        assert client.get(reverse("rubber", args=[rubber.pk])).status_code == 200
    assert len(many) == len(few)


def test_laws_page_shows_every_irregularity_and_law(client, db):  # the page opens on the club's code
    from scoring.engine.rulings import irregularities

    body = client.get(reverse("laws")).content.decode()
    for irregularity in irregularities(SOMERSET_1888).values():
        assert f'id="{irregularity.key}"' in body
    assert "Law 116 · even manner" in body
    assert "{" not in body.split('id="revoke"')[1].split('id="laws"')[0]  # every stand-in filled
    assert "each revoke is worth 3 (5 in a lone hand) points to the other side" in body


@pytest.mark.parametrize(("code", "law", "irregularity"), [
    ("official-1862", "Law XXV · mixing the cards", "counter_error"),
    ("rules-1877", "1877 §9 · the play", "thrown_in"),
    ("standard", "The standard game · the revoke", "refused_penalty"),
])
def test_the_laws_page_shows_each_codes_table_in_its_own_numbering(client, db, code, law, irregularity):
    from scoring.engine.rulings import irregularities

    body = client.get(reverse("laws"), {"code": code}).content.decode()
    assert law in body and f'id="{irregularity}"' in body
    for irr in irregularities(RULEBOOKS[code]).values():
        assert f'id="{irr.key}"' in body
    assert 'id="lone_hand"' not in body  # Somerset's lone-hand penalties are not in the other codes
    assert "{" not in body.split('id="revoke"')[1].split('id="laws"')[0]
    assert client.get(reverse("laws"), {"code": "hoyle"}).status_code == 200  # an unknown code reads as Somerset


def test_a_correction_keeps_the_hands_rulings_and_refuses_a_clash(rubber, secretary):
    from scoring.services.hands import HandExtras, hand_correct

    record(rubber, maker="E", alone=True, tricks=5)
    make(rubber, 1, "lone_hand", {"offender": "W", "what": "partner_exposed", "claimed": "in_play"}, by=secretary)
    hand = Hand.objects.get(rubber=rubber, number=1)
    hand_correct(hand_id=hand.pk, play={"dealer": "N", "maker": "E", "alone": True, "tricks": 4},
                 extras=HandExtras(), reason="", by=secretary)
    assert stored_points(rubber, 1) == (0, 1)  # lone point; the law 102 ruling still stands
    with pytest.raises(ValidationError, match="law 102 applies only to a lone hand"):
        hand_correct(hand_id=hand.pk, play={"dealer": "N", "maker": "E", "tricks": 5},
                     extras=HandExtras(), reason="", by=secretary)
    assert stored_points(rubber, 1) == (0, 1)


def test_the_laws_page_words_every_effect_on_the_score():
    from scoring.engine.rulings import ScoreEffect
    from scoring.rulings.laws_table import SCORE_WORDS

    assert set(SCORE_WORDS) == set(ScoreEffect)


def test_the_dealers_own_choice_is_asked_of_the_dealer_not_under_law_85(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)
    url, prefix = reverse("ruling_new", args=[rubber.pk]), f"ruling_{rubber.pk}"
    client.post(url, {f"{prefix}-current_step": "case", "case-hand": 1, "case-irregularity": "misdeal"})
    response = client.post(url, {f"{prefix}-current_step": "facts_misdeal", "facts_misdeal-what": "interrupted",
                                 "facts_misdeal-claimed": "before_cut"})
    assert response.context["wizard"]["steps"].current == "election"
    field = response.context["form"].fields["election"]
    assert field.label == "What does the dealer choose?" and "Law 44" in field.help_text
    assert [c[0] for c in field.choices] == ["deal_again", "lose_deal"]


def test_a_voided_or_reassigned_hand_is_worded_on_the_ruling_page():
    from scoring.rulings.display import effect_words

    assert effect_words({"result": "passed"}, SOMERSET_1888) == [
        "The hand is void: all passed twice round, and the deal passes (law 77)"]
    assert "whose deal it was (law 45)" in effect_words({"corrections": {"dealer": "S"}}, SOMERSET_1888)[0]


def test_no_discard_charges_the_dealer_whoever_is_named(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)  # dealt by North
    url, prefix = reverse("ruling_new", args=[rubber.pk]), f"ruling_{rubber.pk}"
    client.post(url, {f"{prefix}-current_step": "case", "case-hand": 1, "case-irregularity": "wrong_cards"})
    response = client.post(url, {f"{prefix}-current_step": "facts_wrong_cards", "facts_wrong_cards-what": "no_discard",
                                 "facts_wrong_cards-claimed": "in_play"})
    assert response.context["wizard"]["steps"].current == "review", response.context["form"].errors
    assert response.context["preview"].decision.offender.value == "N"
    assert response.context["preview"].decision.effect.wrong_cards.value == "NS"  # law 90 against the dealer's side


def test_the_rulings_table_says_what_applies_when_a_choice_is_lost(client, db):
    body = client.get(reverse("laws")).content.decode()
    lost = body.split('data-testid="choice-lost"')[1:]
    assert len(lost) >= 8  # every election of the non-offending side
    texts = [t.split("</div>")[0].lower() for t in lost]
    assert any("loses his right to play alone, and the hand is played and scored with his partner" in t
               for t in texts)  # law 100
    assert any("must pass" in t for t in texts)  # law 80
    assert any("no penalty is exacted" in t for t in texts)  # laws 52, 59, 83
    assert any("the deal stands" in t for t in texts)  # laws 35-38, 60


def test_the_dealers_own_choice_after_an_interrupted_misdeal_reads_as_law_44(client, secretary, rubber):
    from scoring.services.rulings import ruling_make

    record(rubber, maker="N", tricks=3)
    ruling = ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="misdeal",
                         facts={"what": "interrupted", "claimed": "before_cut"}, election="deal_again", by=secretary)
    page = client.get(reverse("ruling", args=[ruling.pk])).content.decode()
    chosen = page.split('data-testid="chosen-by"')[1].split("</th>")[0]
    assert f"The dealer, North: {rubber.north}, chose (law 44)" in chosen and "law 85" not in chosen
    assert "Who dealt?" in page and "non-offending side" not in page
    pdf = client.get(reverse("ruling_pdf", args=[ruling.pk])).content
    text = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert "chose (law 44)" in text and "non-offending side chose" not in text


def test_a_rulings_words_follow_the_hand_when_an_earlier_ruling_is_withdrawn(client, rubber, secretary):
    from scoring.services.rulings import ruling_withdraw

    record(rubber, maker="N", tricks=3)
    first = make(rubber, 1, "revoke", {"offender": "N", "cause": "not_following", "stage": "established",
                                       "count": 1, "claimed": "before_cut"}, by=secretary)
    second = make(rubber, 1, "revoke", {"offender": "E", "cause": "not_following", "stage": "established",
                                        "count": 1, "claimed": "before_cut"}, by=secretary)
    page = client.get(reverse("ruling", args=[second.pk])).content.decode()
    assert "no revoke points are scored" in page  # one revoke each: they cancel (law 71)
    ruling_withdraw(ruling_id=first.pk, reason="North had no card of the suit after all", by=secretary)
    page = client.get(reverse("ruling", args=[second.pk])).content.decode()
    words = page.split('data-testid="ruling-text">')[1].split("</p>")[0]
    assert "no revoke points are scored" not in words and "North-South score 3 points" in words
    rubber_page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "North-South score 3 points" in rubber_page


def test_the_wizard_asks_only_what_the_ruling_needs():
    from scoring.rulings.forms import FACTS_FORMS as BY_CODE

    FACTS_FORMS = BY_CODE[SOMERSET_1888.key]
    assert "offender" not in FACTS_FORMS["score_error"].base_fields  # law 5 puts the score right, whoever gained
    assert "by his side" in FACTS_FORMS["revoke"].base_fields["count"].label.replace("his side make", "by his side")
    help_text = FACTS_FORMS["lone_hand"].base_fields["offender"].help_text
    assert help_text.startswith("Name him, except when what happened was:") and "not needed" not in help_text.lower()
    stages = dict(FACTS_FORMS["revoke"].base_fields["stage"].choices)
    assert "asked_told_no" in stages  # law 65: the partner asked, and was told no


def test_an_imperfect_pack_is_nobodys_fault(secretary, rubber):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "deal", {"what": "imperfect_pack", "claimed": "in_play"}, by=secretary)
    assert ruling.offender == "" and ruling.offender_player is None


def test_law_65_a_partner_told_no_leaves_the_revoke_established(secretary, rubber):
    record(rubber, maker="E", tricks=4)
    ruling = make(rubber, 1, "revoke", {"offender": "W", "cause": "not_following", "stage": "asked_told_no",
                                        "count": 1, "claimed": "before_cut"}, by=secretary)
    assert 65 in ruling.laws and ruling.effect == {"revokes": {"EW": 1}}
    assert stored_points(rubber, 1) == (3, 1)  # the revoke first, then the makers' point (law 4)


def test_an_offender_left_blank_is_asked_for_with_the_reason(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)
    response = walk(client, rubber, 1, "omitted_play", {"claimed": "in_play"})
    errors = " ".join(response.context["form"].errors.get("offender", []))
    assert "the ruling falls on him or his side" in errors or "required" in errors.lower()


def test_a_post_going_to_a_step_the_wizard_has_not_starts_again_with_a_message(client, secretary, rubber):
    record(rubber, maker="N", tricks=3)
    client.force_login(secretary)
    url = reverse("ruling_new", args=[rubber.pk])
    response = client.post(url, {"wizard_goto_step": "<script>alert(1)</script>"})
    assert response.status_code == 302 and response["Location"] == url
    assert not Ruling.objects.exists()


@pytest.mark.parametrize("code", sorted(RULEBOOKS))
def test_the_laws_tables_stand_ins_are_the_rulings_own_words(code):
    """The laws page fills a ruling's text with stand-ins for each name a ruling made on a hand fills, and the
    numbers the code fixes are the ruling's own."""
    from scoring.engine import ReportedHand, Seat
    from scoring.engine.rulings.adjudicate import _words, code_words
    from scoring.rulings.laws_table import generic_words

    rulebook = RULEBOOKS[code]
    ruled = _words(rulebook, ReportedHand(dealer=Seat.N, maker=Seat.E, tricks=3), Seat.N, {}, None)
    assert generic_words(rulebook).keys() == ruled.keys()
    assert generic_words(rulebook).items() >= code_words(rulebook).items()
