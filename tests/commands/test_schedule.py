"""`manage.py schedule --players N --rounds R [--pairs] [--seed S]` prints the schedule as JSON."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command


def run(*args: str) -> dict:
    out = io.StringIO()
    call_command("schedule", *args, stdout=out)
    return json.loads(out.getvalue())


def test_a_whole_whist_schedule_for_twelve():
    document = run("--players", "12")
    assert len(document["rounds"]) == 11
    partners = set()
    for r in document["rounds"]:
        assert len(r["tables"]) == 3 and r["sitting_out"] == []
        for t in r["tables"]:
            for a, b in ((t["N"], t["S"]), (t["E"], t["W"])):
                assert frozenset((a, b)) not in partners
                partners.add(frozenset((a, b)))
    assert len(partners) == 66  # every pair of the twelve partners once


def test_rounds_seed_and_pairs():
    assert len(run("--players", "13", "--rounds", "4", "--seed", "3")["rounds"]) == 4
    assert run("--players", "13", "--rounds", "4", "--seed", "3") == run("--players", "13", "--rounds", "4",
                                                                         "--seed", "3")
    pairs = run("--players", "8", "--pairs")
    assert len(pairs["rounds"]) == 3 and all(t["S"] == t["N"] + 1 for r in pairs["rounds"] for t in r["tables"])


@pytest.mark.parametrize("args", [["--players", "2"], ["--players", "12", "--rounds", "40"],
                                  ["--players", "7", "--pairs"]])
def test_a_schedule_that_cannot_be_made_is_refused_in_one_line(args, capsys):
    with pytest.raises(SystemExit) as exit_:
        call_command("schedule", *args, stdout=io.StringIO())
    assert exit_.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("schedule: ") and err.count("\n") == 1
