"""A season added up by the engine (`scoring.engine.season`) and by `manage.py season-standings`: the spec's own
example, a season worked by hand, properties over any season, and every refusal the contract names."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.season import Night, Result, SeasonError, read_season, season_document, season_table

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "spec"


def run(document: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", "season-standings", "-"], input=json.dumps(document),
                          capture_output=True, text=True, cwd=ROOT, check=False)


@pytest.mark.skipif(not (SPEC / "season-example.json").exists(), reason="the spec's example is beside the project")
def test_the_specs_own_example_gives_its_expected_output():
    done = subprocess.run([sys.executable, "manage.py", "season-standings", str(SPEC / "season-example.json")],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    assert json.loads(done.stdout) == json.loads((SPEC / "season-example.expected.json").read_text())


def test_a_season_worked_by_hand():
    """Five nights, best 3, qualify 3. Every figure below was written before the engine was asked.

    Ann 10, 8, 6, 9 (4 nights): best 3 = 10+9+8 = 27, not counted 6.
    Bob 9, 9, 9, -, 9: best 3 = 27 (nights 1, 2, 3: level figures count the earlier), not counted 9.
    Cal 12, 7, 8: 27, nothing left over; counted 12, 8, 7.
    Dee 30, 1 (2 nights): not qualified, total 31.
    Ann v Bob on 27: not counted 6 v 9: Bob ahead. Cal has no figure left over: behind both.
    Places: Bob 1, Ann 2, Cal 3; Dee unplaced.
    """
    nights = [Night("n1", (Result("Ann", 10), Result("Bob", 9), Result("Cal", 12), Result("Dee", 30, whole=False))),
              Night("n2", (Result("Ann", 8), Result("Bob", 9), Result("Cal", 7))),
              Night("n3", (Result("Ann", 6), Result("Bob", 9), Result("Dee", 1))),
              Night("n4", (Result("Ann", 9), Result("Cal", 8))),
              Night("n5", (Result("Bob", 9, whole=False),))]
    table = season_table(nights, best=3, qualify=3)
    assert [(line.place, line.player, line.total, line.counted, line.played) for line in table.lines] == [
        (1, "Bob", 27, ("n1", "n2", "n3"), 4), (2, "Ann", 27, ("n1", "n2", "n4"), 4),
        (3, "Cal", 27, ("n1", "n2", "n4"), 3), (None, "Dee", 31, ("n1", "n3"), 2)]
    marks = {m.name: (m.high, m.low) for m in table.marks}
    assert marks["n1"][0].points == 30 and marks["n1"][1].points == 9 and marks["n1"][1].players == ("Bob",)
    assert marks["n5"][1] is None and marks["n5"][0].players == ("Bob",)


def test_players_level_on_everything_share_a_place_and_the_next_is_skipped():
    nights = [Night("a", (Result("Zoe", 5), Result("Amy", 5), Result("Max", 3)))]
    lines = season_table(nights).lines
    assert [(line.place, line.player) for line in lines] == [(1, "Amy"), (1, "Zoe"), (3, "Max")]


def test_one_more_figure_left_over_is_ahead_even_a_negative_one():
    nights = [Night("a", (Result("Amy", 5), Result("Bob", 5))), Night("b", (Result("Bob", -2),))]
    assert [line.player for line in season_table(nights, best=1).lines] == ["Bob", "Amy"]


names = st.sampled_from(["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"])
seasons = st.lists(st.dictionaries(names, st.tuples(st.integers(-20, 60), st.booleans()), max_size=6), max_size=6)


@given(seasons, st.none() | st.integers(1, 6), st.integers(1, 6))
def test_the_tables_invariants(raw, best, qualify):
    nights = [Night(f"n{i}", tuple(Result(p, pts, whole) for p, (pts, whole) in night.items()))
              for i, night in enumerate(raw)]
    table = season_table(nights, best=best, qualify=qualify)
    figures = {p: [night[p][0] for night in raw if p in night] for night in raw for p in night}
    assert {line.player for line in table.lines} == set(figures)
    for line in table.lines:
        mine = sorted(figures[line.player], reverse=True)
        assert line.played == len(mine) and line.total == sum(mine[:best])  # his best, or all
        assert (line.place is None) == (line.played < qualify)
    placed = [line for line in table.lines if line.place is not None]
    assert table.lines[:len(placed)] == tuple(placed)  # the qualified first
    assert all(a.total >= b.total for a, b in itertools.pairwise(placed))
    assert [line.place for line in placed[:1]] in ([], [1])
    for m, night in zip(table.marks, raw, strict=True):
        whole = [pts for pts, w in night.values() if w]
        assert (m.low is None) == (not whole) and (m.low is None or m.low.points == min(whole))
        assert m.high is None or m.high.points == max(pts for pts, _ in night.values())


def test_the_document_reads_back_through_the_command():
    document = {"counting": {"all": True}, "nights": [{"name": "x", "results": [{"player": "A", "points": 3}]}]}
    done = run(document)
    assert done.returncode == 0 and json.loads(done.stdout) == season_document(season_table(read_season(document)[0]))


@pytest.mark.parametrize("document", [
    {"nights": [{"results": []}]},
    {"nights": [{"name": "", "results": []}]},
    {"nights": [{"name": "a", "results": []}, {"name": "a", "results": []}]},
    {"nights": [{"name": "a", "results": [{"player": "A", "points": 1}, {"player": "A", "points": 2}]}]},
    {"nights": [{"name": "a", "results": [{"player": "A", "points": 1.5}]}]},
    {"nights": [{"name": "a", "results": [{"player": "A", "points": "3"}]}]},
    {"nights": [{"name": "a", "results": [{"player": "A", "points": True}]}]},
    {"counting": {"best": 0}, "nights": []},
    {"qualify": 0, "nights": []},
    {"counting": {"all": False}, "nights": []},
    {"counting": {"best": 2, "all": True}, "nights": []},
    {"counting": "all", "nights": []},
    {"nights": [], "season": "winter"},
    {"nights": [{"name": "a", "results": [], "date": "2026-01-07"}]},
    {"nights": [{"name": "a", "results": [{"player": "A", "points": 1, "late": True}]}]},
])
def test_every_refusal_is_one_line_on_standard_error_with_status_1_and_nothing_printed(document):
    with pytest.raises(SeasonError):
        read_season(document)
    done = run(document)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("season-standings: ") and done.stderr.count("\n") == 1


def test_text_that_is_not_json_is_refused_in_one_line():
    done = subprocess.run([sys.executable, "manage.py", "season-standings", "-"], input="{nights", text=True,
                          capture_output=True, cwd=ROOT, check=False)
    assert done.returncode == 1 and done.stdout == "" and done.stderr.count("\n") == 1
