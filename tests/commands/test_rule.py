"""`manage.py rule`: a ruling on one hand of a rubber file, as JSON; the same code path as the wizard."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUBBER = json.loads((ROOT / "tests" / "data" / "rubbers" / "worked_example.json").read_text())
REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", "rule", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def dispute(**parts: object) -> str:
    return json.dumps({"rubber": RUBBER, "hand": 2, "irregularity": "revoke", "facts": REVOKE, "election": None,
                       **parts})


def test_a_revoke_is_ruled_with_its_laws_and_the_score_both_ways():
    out = run("-", stdin=dispute())
    assert out.returncode == 0, out.stderr
    ruling = json.loads(out.stdout)
    assert ruling["irregularity"] == "revoke" and ruling["too_late"] is False
    assert {63, 71, 4} <= set(ruling["laws"]) and "revoke" in ruling["text"]
    assert ruling["options"] == [] and ruling["deal"] == "stands"
    assert ruling["effect"]["revokes"] == {"EW": 1}
    before, after = ruling["before"], ruling["after"]
    # West's revoke gives NS three in hand 2, scored first (law 4): with their march of hand 1 that
    # wins game 1 there, their own point goes on top, and the lone march of hand 3 opens game 2.
    assert (before["games"][0]["score"], after["games"][0]["score"]) == ({"NS": 7, "EW": 0}, {"NS": 6, "EW": 0})
    assert ruling["hand_points"] == {"before": [1, 0], "after": [4, 0]}
    assert set(before) >= {"complete", "rubber_winner", "rubber_points", "games", "current_score"}


def test_the_file_may_be_named(tmp_path):
    path = tmp_path / "dispute.json"
    path.write_text(dispute(facts={**REVOKE, "claimed": "after_trump"}))
    ruling = json.loads(run(str(path)).stdout)
    assert ruling["too_late"] is True and ruling["before"] == ruling["after"]


def test_an_open_election_is_listed_until_it_is_made():
    facts = {"offender": "S", "followed": "none"}
    open_ = json.loads(run("-", stdin=dispute(irregularity="lead_out_of_turn", facts=facts)).stdout)
    assert "call_card" in open_["options"] and open_["chooser"] == "EW"
    made = json.loads(run("-", stdin=dispute(irregularity="lead_out_of_turn", facts=facts,
                                             election="call_card")).stdout)
    assert made["options"] == [] and 52 in made["laws"]


@pytest.mark.parametrize(("parts", "named"), [
    ({"facts": {**REVOKE, "stage": "nonsense"}}, "stage"),
    ({"facts": {k: v for k, v in REVOKE.items() if k != "cause"}}, "cause"),
    ({"irregularity": "no_such_thing"}, "irregularity"),
    ({"hand": 99}, "hand"),
])
def test_facts_the_laws_cannot_rule_on_are_one_line_naming_them(parts, named):
    out = run("-", stdin=dispute(**parts))
    assert out.returncode == 1 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and named in lines[0] and "Traceback" not in out.stderr


@pytest.mark.parametrize("stdin", ["{broken", "[]", '{"rubber": {"hands": []}}'])
def test_a_malformed_dispute_is_refused_cleanly(stdin):
    out = run("-", stdin=stdin)
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1


def test_list_gives_every_irregularity_with_its_questions():
    from scoring.engine.rulings import irregularities

    listed = json.loads(run("--list").stdout)
    assert [i["key"] for i in listed] == list(irregularities())
    revoke = next(i for i in listed if i["key"] == "revoke")
    assert revoke["title"] and revoke["laws"]
    claimed = next(f for f in revoke["facts"] if f["key"] == "claimed")
    assert claimed["question"] == "When was the claim made?"
    assert [c["value"] for c in claimed["choices"]] == ["in_play", "before_cut", "before_trump", "after_trump"]


@pytest.mark.django_db
def test_the_command_and_the_wizard_rule_alike(rubber, secretary):
    from scoring.services.rulings import ruling_preview
    from scoring.services.transfer import rubber_export
    from tests.helpers import record

    record(rubber, maker="E", tricks=4)
    record(rubber, maker="S", tricks=3)
    preview = ruling_preview(rubber=rubber, hand_number=1, irregularity="revoke", facts=REVOKE)
    out = run("-", stdin=json.dumps({"rubber": rubber_export(rubber), "hand": 1, "irregularity": "revoke",
                                     "facts": REVOKE, "election": None}))
    ruling = json.loads(out.stdout)
    assert ruling["text"] == preview.decision.text
    assert ruling["laws"] == list(preview.decision.law_numbers)
    assert ruling["after"] == preview.after.to_document()


def _refused(document: dict[str, object]) -> str:
    """The one line a refused dispute gives on standard error (exit status 1, nothing on standard output)."""
    out = run("-", stdin=json.dumps(document))
    assert out.returncode == 1 and out.stdout == "", out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr
    return lines[0]


def test_alone_not_said_at_once_is_refused_for_a_lone_hand_ordered_up():
    # 1877 §6: "alone" said at once is asked of a suit named after the turn-down; ordered up, it was a lone march
    # (East-West 4), and the command once ruled it down to 2.
    rubber = {"format": "euchre-rubber/1", "rulebook": "rules-1877",
              "hands": [{"dealer": "N", "maker": "E", "declaration": "ordered_up", "alone": True, "tricks": 5}]}
    line = _refused({"rubber": rubber, "hand": 1, "irregularity": "alone_not_at_once",
                     "facts": {"claimed": "in_play"}, "election": "with_partner"})
    assert "irregularity" in line and "took up the turned card in the first round" in line
    rubber["hands"][0]["declaration"] = "made"
    out = run("-", stdin=json.dumps({"rubber": rubber, "hand": 1, "irregularity": "alone_not_at_once",
                                     "facts": {"claimed": "in_play"}, "election": "with_partner"}))
    assert json.loads(out.stdout)["hand_points"] == {"before": [0, 4], "after": [0, 2]}


def test_an_1877_lead_out_of_turn_an_adversary_played_on_awaits_the_offenders_partner():
    rubber = {"format": "euchre-rubber/1", "rulebook": "rules-1877",
              "hands": [{"dealer": "W", "maker": "N", "tricks": 3}]}
    dispute_1877 = {"rubber": rubber, "hand": 1, "irregularity": "lead_out_of_turn",
                    "facts": {"offender": "E", "what": "before_all", "played_on": "adversary"}}
    choosing = json.loads(run("-", stdin=json.dumps(dispute_1877)).stdout)
    assert choosing["options"] == ["take_back", "lead_stands"] and choosing["chooser"] == "EW"
    assert choosing["remedies"] == [] and "may call it back or let the lead stand" in choosing["text"]
    called = json.loads(run("-", stdin=json.dumps({**dispute_1877, "election": "take_back"})).stdout)
    assert called["options"] == [] and called["election"] == "take_back"
    assert called["remedies"] == ["cards_taken_back", "card_called"] and called["cited"] == ["1877 §9"]


OFFICIAL = {"format": "euchre-rubber/1", "rulebook": "official-1862",
            "hands": [{"dealer": "W", "maker": "N", "tricks": 3}]}
OFFICIAL_REVOKE = {"offender": "E", "stage": "established", "claimed": "before_cut"}


@pytest.mark.parametrize(("parts", "named"), [
    ({"facts": {**OFFICIAL_REVOKE, "othercount": 1}}, "othercount"),  # once dropped: North-South scored 3
    ({"facts": {**OFFICIAL_REVOKE, "zzz": 1}}, "zzz"),
    ({"facts": {**OFFICIAL_REVOKE, "offender": {"seat": "E"}}}, "offender"),
    ({"elction": "highest"}, "elction"),
])
def test_a_fact_the_dispute_does_not_ask_is_refused_never_dropped(parts, named):
    line = _refused({"rubber": OFFICIAL, "hand": 1, "irregularity": "revoke", "facts": OFFICIAL_REVOKE, **parts})
    assert named in line


def test_the_revokes_own_other_count_voids_the_hand():
    offset = run("-", stdin=json.dumps({"rubber": OFFICIAL, "hand": 1, "irregularity": "revoke",
                                        "facts": {**OFFICIAL_REVOKE, "other_count": 1}}))
    assert json.loads(offset.stdout)["hand_points"] == {"before": [1, 0], "after": [0, 0]}


def test_a_count_the_side_could_not_have_failed_to_make_is_refused():
    # XXXI: North made 3 tricks, so North-South won 1 point; "failed to count 3" was once accepted and took 1.
    line = _refused({"rubber": OFFICIAL, "hand": 1, "irregularity": "counter_error",
                     "facts": {"offender": "S", "which": "failed", "points": 3, "claimed": "after_trump"}})
    assert line == ("rule: hand 1, points: North-South counted 1 point from this hand, so they cannot have failed "
                    "to count 3 points (XXXI)")


def test_a_refused_penalty_awaits_the_other_sides_claim_to_the_game():
    refused = {"rubber": OFFICIAL, "hand": 1, "irregularity": "refused_penalty",
               "facts": {"offender": "N", "what": "refused", "claimed": "in_play"}}
    offered = json.loads(run("-", stdin=json.dumps(refused)).stdout)
    assert offered["options"] == ["claim_game", "play_on"] and offered["chooser"] == "EW"
    assert offered["hand_points"] == {"before": [1, 0], "after": [1, 0]} and offered["effect"] == {}
    claimed = json.loads(run("-", stdin=json.dumps({**refused, "election": "claim_game"})).stdout)
    assert claimed["hand_points"] == {"before": [1, 0], "after": [0, 5]} and claimed["options"] == []


def test_a_deal_claimed_under_vi_after_the_next_trump_cites_vi():
    late = json.loads(run("-", stdin=json.dumps({
        "rubber": OFFICIAL, "hand": 1, "irregularity": "deal",
        "facts": {"what": "taken_up", "claimed": "after_trump"}})).stdout)
    assert late["too_late"] is True and late["laws"] == [6] and late["cited"] == ["VI"]
    assert "(VI)" in late["text"] and "XXXI" not in late["text"]


def test_under_the_standard_game_the_official_laws_are_cited_as_theirs():
    standard = {**OFFICIAL, "rulebook": "standard"}
    late = json.loads(run("-", stdin=json.dumps({
        "rubber": standard, "hand": 1, "irregularity": "deal",
        "facts": {"what": "wrong_count", "claimed": "after_trump"}})).stdout)
    assert late["laws"] == [31] and late["cited"] == ["Official Laws, XXXI"]
    assert late["text"].endswith("in the next deal (Official Laws, XXXI). The claim is recorded and the score stands.")
    listed = json.loads(run("--list", "--rulebook", "standard").stdout)
    deal = next(entry for entry in listed if entry["key"] == "deal")
    assert deal["cited"][:2] == ["Official Laws, III", "Official Laws, IV"]
