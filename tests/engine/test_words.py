"""The one vocabulary: scores, games' ends, deals and moments are written one way everywhere."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import Declaration, Seat, Side
from scoring.engine.errors import RubberError
from scoring.engine.interchange import parse_hand
from scoring.engine.words import FIELD_WORDS, game_end, moment, plural, score, tally, took_trump

NAMES = {Seat.N: "Henry Hale", Seat.E: "Ann Avery", Seat.S: "James Jewett", Seat.W: "Walter West"}


@given(st.integers(0, 99), st.integers(0, 99))
def test_a_score_and_a_tally_use_the_en_dash_only(ns, ew):
    assert score(ns, ew) == f"NS {ns} \u2013 EW {ew}" and tally(ns, ew) == f"{ns}\u2013{ew}"
    assert "-" not in score(ns, ew) + tally(ns, ew) and "," not in score(ns, ew)


@given(st.integers(0, 1000))
def test_counts_agree_with_their_nouns(n):
    assert plural(n, "deal") == (f"{n} deal" if n == 1 else f"{n} deals")


def test_a_games_end_is_written_one_way():
    assert game_end(3, Side.EW, 6, 4, lap=1, double=False, value=1, by_lap=False) == \
        "Game 3: EW won 6\u20134, lap 1 carried, single game (1 rubber point)"
    assert game_end(2, Side.NS, 5, 0, lap=0, double=True, value=2, by_lap=True) == \
        "Game 2: NS won 5\u20130, won at once by the lap carried in, double game (2 rubber points)"


@pytest.mark.parametrize(("declaration", "alone", "words"), [
    (Declaration.ORDERED_UP, False, "Ann Avery ordered it up"),
    (Declaration.ASSISTED, False, "Ann Avery assisted"),
    (Declaration.ADOPTED, True, "Ann Avery took it up alone"),
    (Declaration.MADE, False, "Ann Avery named trump"),
    (None, False, "Ann Avery's side took the trump"),  # "made" is the laws' word for naming trump: not assumed
    (None, True, "Ann Avery played alone"),
])
def test_who_took_the_trump_is_named_with_the_laws_verbs(declaration, alone, words):
    assert took_trump(Seat.E, declaration, alone, NAMES) == words
    assert took_trump(Seat.E, declaration, alone, None).startswith("East")


def test_a_moment_carries_its_day():
    assert moment(dt.datetime(2026, 11, 22, 19, 40)) == "22 Nov 2026, 19:40"


@pytest.mark.parametrize("field", ["maker", "tricks", "alone", "revokes", "wrong_cards"])
def test_an_unplayed_hand_with_a_played_hands_field_is_refused_in_words(field):
    value = {"maker": "N", "tricks": 3, "alone": True, "revokes": {"NS": 1}, "wrong_cards": "NS"}[field]
    with pytest.raises(RubberError) as error:
        parse_hand({"result": "passed", "dealer": "N", field: value}, 1)
    message = error.value.message
    assert f"'{field}'" not in message and "'passed'" not in message
    assert message.startswith("a deal all passed has no " + FIELD_WORDS[field])
