"""`manage.py score_rubber`: the result document on stdout, one line on stderr for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "rubbers"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", "score_rubber", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("name", ["worked_example", "simple_complete", "misdeal_and_new_deal"])
def test_prints_the_expected_result(name):
    out = run(str(DATA / f"{name}.json"))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == json.loads((DATA / f"{name}.expected.json").read_text())


def test_reads_standard_input():
    out = run("-", stdin=json.dumps({"hands": [{"maker": "N", "tricks": 5}]}))
    assert out.returncode == 0
    assert json.loads(out.stdout)["current_score"] == {"NS": 2, "EW": 0}


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ({"hands": [{"maker": "N", "tricks": 3}, {"maker": "N", "tricks": 9}]}, "hand 2"),
        ({"hands": [{"dealer": "N", "maker": "N", "tricks": 3}, {"dealer": "W", "maker": "N", "tricks": 3}]},
         "hand 2"),
        ({"hands": [{"result": "passed", "maker": "E"}]}, "hand 1"),
        ({"format": "other", "hands": []}, "format"),
        ({"hands": [{"dealer": "N", "maker": "E", "tricks": 3},
                    {"dealer": "E", "maker": "E", "declaration": "ordered_up", "tricks": 3}]}, "hand 2, declaration"),
    ],
)
def test_bad_input_is_one_line_naming_the_hand(document, expected):
    out = run("-", stdin=json.dumps(document))
    assert out.returncode != 0
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0]
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("stdin", ["{not json", "", "[1, 2]", "\udcff"])
def test_garbage_is_refused_cleanly(stdin):
    out = run("-", stdin=stdin.encode("utf-8", "surrogateescape").decode("latin-1"))
    assert out.returncode != 0
    assert len(out.stderr.strip().splitlines()) == 1


def test_missing_file():
    out = run("/nonexistent/rubber.json")
    assert out.returncode != 0
    assert "cannot read" in out.stderr


def test_explain_cites_laws():
    out = run("--explain", str(DATA / "worked_example.json"))
    assert out.returncode == 0
    assert "Hand 6" in out.stdout and "laws 63, 71, 4" in out.stdout
    assert "Rubber won by NS" in out.stdout


def test_explain_gives_the_score_a_game_winning_hand_made_and_where_the_next_game_starts():
    lap = run("--explain", str(DATA / "worked_example.json")).stdout.splitlines()
    assert lap[2:5] == [
        "Hand 3, dealt by East: North ordered it up alone, 5 tricks. NS +4 lone march (law 3). Score NS 7 – EW 0",
        "  Game 1: NS won 7–0, lap 2 carried, double game (2 rubber points) (laws 2, 7, 1)",
        "  Game 2 starts at NS 2 – EW 0, the lap carried"]
    match = {"format": "euchre-rubber/1", "rulebook": "standard", "game_points": 5, "games": 3,
             "hands": [{"maker": "N", "tricks": 5}, {"maker": "N", "tricks": 5}, {"maker": "E", "tricks": 3},
                       {"maker": "N", "tricks": 5}, {"maker": "E", "tricks": 3}]}
    lines = run("--explain", "-", stdin=json.dumps(match)).stdout.splitlines()
    assert lines[3:7] == [
        "Hand 4: North's side took the trump, 5 tricks. NS +2 march (the standard game). Score NS 6 – EW 1",
        "  Game 1: NS won 6–1",
        "  Game 2 starts at love",
        "Hand 5: East's side took the trump, 3 tricks. EW +1 point (3 or 4 tricks) (the standard game). "
        "Score NS 0 – EW 1"]


def test_house_rules_score_and_explain_and_refuse_through_the_command():
    document = {"rulebook": "standard", "house_rules": {"lone_euchre": 4},
                "hands": [{"maker": "E", "alone": True, "tricks": 2}]}
    out = run("-", stdin=json.dumps(document))
    assert out.returncode == 0 and json.loads(out.stdout)["current_score"] == {"NS": 4, "EW": 0}
    explained = run("-", "--explain", stdin=json.dumps(document))
    assert "NS +4 lone hand euchred (house rule: 4 for euchring a lone hand)" in explained.stdout
    stuck = run("-", stdin=json.dumps({"rulebook": "standard", "house_rules": {"stick_the_dealer": True},
                                       "hands": [{"result": "passed"}]}))
    assert stuck.returncode != 0 and stuck.stdout == ""
    assert stuck.stderr.strip().splitlines() == [
        "score_rubber: hand 1, result: no deal is passed all round: the dealer must name trump "
        "(house rule: stick the dealer)"]
    unknown = run("-", stdin=json.dumps({"rulebook": "standard", "house_rules": {"loner": 4}, "hands": []}))
    assert unknown.returncode != 0 and "house_rules: unknown house rule 'loner'" in unknown.stderr
