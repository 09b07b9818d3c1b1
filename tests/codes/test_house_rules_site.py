"""House rules on the site: the club's usual ones, an event's own (fixed once it has a rubber), entry that follows
them on the hand form and the phone, and a backup that carries them."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.models import Event, Hand, Rubber
from scoring.reporting import services as reporting
from scoring.services.club import club_settings_save
from tests.builders import a_rubber
from tests.factories import EventFactory
from tests.helpers import record, refusal

pytestmark = pytest.mark.django_db

HOUSE = {"lone_euchre": 4, "stick_the_dealer": True, "defend_alone": True}


def new_event(**changes) -> dict:
    return {"name": "Tuesday loners", "slug": "", "starts_on": "2026-12-01", "rulebook": "standard",
            "paper_size": "letter", "mode": "rubbers", **changes}


def house_fields(lone_euchre="2", table_talk="1", defend_alone_euchre="4", **ticked) -> dict:
    return {"house_lone_euchre": lone_euchre, "house_table_talk": table_talk,
            "house_defend_alone_euchre": defend_alone_euchre, **{f"house_{k}": "on" for k, v in ticked.items() if v}}


def test_a_new_standard_event_starts_from_the_clubs_house_rules(client, secretary):
    club_settings_save(name="Loners", rulebook="standard", game_points=None, games=None, paper_size="letter",
                       house_rules=HOUSE)
    client.force_login(secretary)
    form = client.get(reverse("event_new")).context["form"]
    assert (form["house_lone_euchre"].initial, form["house_stick_the_dealer"].initial,
            form["house_defend_alone"].initial, form["house_canadian_loner"].initial) == (4, True, True, False)
    response = client.post(reverse("event_new"), new_event(**house_fields(
        lone_euchre="4", defend_alone_euchre="5", stick_the_dealer=True, defend_alone=True)))
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get()
    assert event.house_rules == {"lone_euchre": 4, "stick_the_dealer": True, "defend_alone": True,
                                 "defend_alone_euchre": 5}
    assert event.playing.points.lone_euchre == 4 and event.playing.points.defended_lone_euchre == 5


def test_house_rules_are_kept_only_under_the_standard_game(client, secretary):
    client.force_login(secretary)
    response = client.post(reverse("event_new"), new_event(rulebook="somerset-1888", **house_fields(lone_euchre="4")))
    assert response.status_code == 302
    assert Event.objects.get().house_rules == {}  # the fields are hidden under another code; nothing is kept


def test_a_value_outside_a_rules_set_is_refused_on_the_form(client, secretary):
    client.force_login(secretary)
    response = client.post(reverse("event_new"), new_event(**house_fields(lone_euchre="3")))
    assert response.status_code == 200 and not Event.objects.exists()
    assert response.context["form"].errors["house_lone_euchre"]


def test_the_house_rules_are_fixed_once_the_event_has_a_rubber(client, secretary, players):
    event = EventFactory(rulebook="standard", house_rules={"lone_euchre": 4})
    a_rubber(event, players[:4])
    client.force_login(secretary)
    form = client.get(reverse("event_edit", args=[event.slug])).context["form"]
    assert form.fields["house_lone_euchre"].disabled and "Fixed" in form.fields["house_table_talk"].help_text
    data = {"name": event.name, "starts_on": "2026-11-01", "rulebook": "standard", "paper_size": "letter",
            "mode": "rubbers", "is_public": "on", **house_fields(lone_euchre="2", table_talk="2")}
    client.post(reverse("event_edit", args=[event.slug]), data)
    event.refresh_from_db()
    assert event.house_rules == {"lone_euchre": 4}


def test_the_club_settings_keep_the_usual_house_rules(client, secretary):
    client.force_login(secretary)
    response = client.post(reverse("club_settings"), {"name": "Loners", "rulebook": "somerset-1888",
                                                      "paper_size": "letter",
                                                      **house_fields(table_talk="2", canadian_loner=True)})
    assert response.status_code == 302, response.content.decode()[:2000]
    from scoring.services.club import the_club
    assert the_club().house_rules == {"table_talk": 2, "canadian_loner": True}


def test_the_hand_form_follows_the_house_rules(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="standard", house_rules=HOUSE), players[:4], first_dealer="N")
    client.force_login(secretary)
    form = client.get(reverse("rubber", args=[rubber.pk])).context["form"]
    assert "passed" not in dict(form.fields["maker"].choices) and "passed" not in dict(form.fields["result"].choices)
    assert "defended_alone" in form.fields
    response = client.post(reverse("hand_new", args=[rubber.pk]), {
        "dealer": "N", "maker": "E", "alone": "on", "defended_alone": "S", "tricks": "1", "result": "played",
        "revokes_ns": 0, "revokes_ew": 0})
    assert response.status_code == 302, response.content.decode()[:3000]
    hand = Hand.objects.get(rubber=rubber)
    assert (hand.defended_alone, hand.ns_points, hand.ew_points) == ("S", 4, 0)
    response = client.post(reverse("hand_new", args=[rubber.pk]), {
        "dealer": "E", "maker": "passed", "result": "played", "revokes_ns": 0, "revokes_ew": 0})
    assert response.status_code == 400 and Hand.objects.filter(rubber=rubber).count() == 1
    assert response.context["form"].errors["maker"]  # no pass all round: said on the maker's field
    plain = a_rubber(EventFactory(rulebook="standard"), players[:4])
    form = client.get(reverse("rubber", args=[plain.pk])).context["form"]
    assert "passed" in dict(form.fields["maker"].choices) and "defended_alone" not in form.fields


def test_the_phone_offers_the_lone_defender_and_enters_a_canadian_loner_alone(client, players):
    event = EventFactory(rulebook="standard", house_rules={"canadian_loner": True, "defend_alone": True,
                                                           "stick_the_dealer": True})
    rubber = a_rubber(event, players[:4], first_dealer="N")
    code = reporting.working_code(rubber)
    page = client.get(f"/t/{code.code}/").content.decode()
    assert 'id="defended_alone-choices"' in page and "All passed" not in page
    response = client.post(f"/t/{code.code}/report/", {"reporter": players[2].pk, "maker": "S",
                                                        "declaration": "turned", "tricks": 5})
    assert response.status_code in (200, 302)
    report = rubber.hand_reports.get()
    assert report.play["declaration"] == "assisted" and report.play["alone"] is True
    plain = a_rubber(EventFactory(rulebook="standard"), players[:4])
    page = client.get(f"/t/{reporting.working_code(plain).code}/").content.decode()
    assert 'id="defended_alone-choices"' not in page and "All passed" in page


def test_a_backup_carries_the_house_rules_and_the_lone_defender(tmp_path, players):
    club_settings_save(name="Loners", rulebook="standard", game_points=None, games=None, paper_size="letter",
                       house_rules={"table_talk": 2})
    event = EventFactory(rulebook="standard", house_rules=HOUSE)
    rubber = a_rubber(event, players[:4])
    record(rubber, maker="E", alone=True, tricks=1, defended_alone="N")
    assert Rubber.objects.get().current_ns == 4
    call_command("export_club", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    for model in (Hand, Rubber, Event):
        model.objects.all().delete()
    from scoring.models import Club, Player
    Player.objects.all().delete()
    Club.objects.all().delete()
    call_command("import_club", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    restored = Event.objects.get()
    assert restored.house_rules == HOUSE
    hand = Hand.objects.get()
    assert (hand.defended_alone, hand.ns_points, Rubber.objects.get().current_ns) == ("N", 4, 4)
    assert Club.objects.get().house_rules == {"table_talk": 2}


def test_an_import_must_carry_the_events_house_rules_and_an_export_carries_them(players):

    from scoring.services.transfer import rubber_export, rubber_import

    event = EventFactory(rulebook="standard", house_rules={"lone_euchre": 4})
    names = {"N": "Ann Able", "E": "Bea Bell", "S": "Cal Cole", "W": "Dan Dale"}
    hands = [{"dealer": "N", "maker": "E", "alone": True, "tricks": 2}]
    with refusal("other_house_rules"):
        rubber_import(document={"rulebook": "standard", "players": names, "hands": hands}, event=event)
    assert not Rubber.objects.exists()
    rubber = rubber_import(document={"rulebook": "standard", "house_rules": {"lone_euchre": 4}, "players": names,
                                     "hands": hands}, event=event)
    assert (rubber.current_ns, rubber.current_ew) == (4, 0)
    assert rubber_export(rubber)["house_rules"] == {"lone_euchre": 4}


def test_a_progressive_night_tallies_each_deal_under_its_house_rules():
    from scoring.models import RubberPlayerResult
    from scoring.rounds.services import entrants_set, round_start, schedule_make
    from tests.factories import PlayerFactory

    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4, rulebook="standard",
                         house_rules={"lone_euchre": 4, "defend_alone": True, "defend_alone_euchre": 6})
    entrants_set(event=event, players=PlayerFactory.create_batch(4))
    (first,) = schedule_make(event=event)
    round_start(round_id=first.pk)
    table = first.tables.get().rubber
    record(table, maker="N", alone=True, tricks=2)  # a lone euchre: EW 4
    record(table, maker="E", alone=True, tricks=1, defended_alone="S")  # euchred by a lone defender: NS 6
    record(table, maker="S", tricks=3)  # NS 1
    table.refresh_from_db()
    assert (table.current_ns, table.current_ew) == (7, 4)
    tallies = sorted(RubberPlayerResult.objects.filter(rubber=table).values_list("side", "points_for"))
    assert tallies == [("EW", 4), ("EW", 4), ("NS", 7), ("NS", 7)]


STUCK = ("No deal is passed all round: the dealer must name trump (house rule: stick the dealer).")


@pytest.mark.parametrize("field", ["result", "maker"])
def test_a_forged_pass_on_the_hand_form_is_refused_in_the_stuck_dealers_words(client, secretary, players, field):
    rubber = a_rubber(EventFactory(rulebook="standard", house_rules=HOUSE), players[:4], first_dealer="N")
    client.force_login(secretary)
    body = {"dealer": "N", "maker": "", "result": "played", "revokes_ns": 0, "revokes_ew": 0, field: "passed"}
    response = client.post(reverse("hand_new", args=[rubber.pk]), body)
    assert response.status_code == 400 and not Hand.objects.filter(rubber=rubber).exists()
    assert response.context["form"].errors[field] == [STUCK]


def test_a_forged_pass_from_a_phone_is_refused_in_the_stuck_dealers_words(client, players):
    rubber = a_rubber(EventFactory(rulebook="standard", house_rules={"stick_the_dealer": True}), players[:4],
                      first_dealer="N")
    code = reporting.working_code(rubber)
    response = client.post(f"/t/{code.code}/report/", {"reporter": players[2].pk, "maker": "passed"})
    assert STUCK in response.content.decode() and not rubber.hand_reports.exists()
    assert "not at this table" not in response.content.decode()
