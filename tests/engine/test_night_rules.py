"""How a night in rounds is run, as one value (`NightRules`), and its round clock (`RoundClock`): a document read
back is the same rules, every value the rules cannot take is refused on its own key, and the clock's answers agree
with one another at every moment."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.progressive import MOVEMENTS, NightRules, NightRulesError, RoundClock, read_night
from scoring.engine.progressive.night import (
    CHOICES,
    MISSED_AVERAGE,
    MISSED_NOTHING,
    NIGHT_KEYS,
    NUMBERS,
    PRIZE_KEYS,
    RANKINGS,
    TIME_FINISH,
    TIME_STOP,
)
from scoring.engine.progressive.prizes import DRAW, SHARE, PrizeRules

documents = st.fixed_dictionaries({}, optional={
    "deal_limit": st.none() | st.integers(1, 200), "round_minutes": st.none() | st.integers(5, 600),
    "time_called": st.sampled_from((TIME_FINISH, TIME_STOP)), "movement": st.sampled_from(MOVEMENTS),
    "ranking": st.sampled_from(RANKINGS), "missed_rounds": st.sampled_from((MISSED_AVERAGE, MISSED_NOTHING)),
    "lone_bonus": st.integers(0, 4), "prize_places": st.integers(1, 10), "lone_prize": st.booleans(),
    "round_prize": st.booleans(), "low_prize": st.booleans(), "one_prize_each": st.booleans(),
    "prize_ties": st.sampled_from((SHARE, DRAW))})


@given(documents)
def test_a_document_reads_back_as_the_same_rules_each_key_left_out_at_its_default(document):
    rules = read_night(document)
    assert read_night(rules.document()) == rules
    whole = rules.document()
    defaults = NightRules().document()
    assert set(whole) == set(NIGHT_KEYS)
    assert all(whole[key] == document.get(key, defaults[key]) for key in NIGHT_KEYS)


def test_the_defaults_are_a_progressive_nights_usual_ones_and_the_prizes_the_engines():
    rules = read_night(None)
    assert (rules.deal_limit, rules.round_minutes, rules.time_called, rules.movement, rules.ranking,
            rules.missed_rounds, rules.lone_bonus) == (None, None, TIME_FINISH, "progressive", "points,lone,rounds",
                                                       MISSED_AVERAGE, 0)
    assert rules.prizes == PrizeRules()  # the prizes' defaults have one home
    assert {PRIZE_KEYS[key] for key in PRIZE_KEYS} == {"places", "most_lone", "best_round", "lowest", "one_each",
                                                        "ties"}


@pytest.mark.parametrize(("key", "value"), [
    *((key, value) for key, (_, least, most, _) in NUMBERS.items() for value in (least - 1, most + 1, "8", 2.0, True)),
    *((key, "neither") for key in CHOICES),
    *((key, value) for key in ("lone_prize", "round_prize", "low_prize", "one_prize_each") for value in (1, "yes")),
    ("prize_places", None), ("lone_bonus", None),
])
def test_a_value_the_rules_cannot_take_is_refused_on_its_own_key(key, value):
    with pytest.raises(NightRulesError) as refused:
        read_night({key: value})
    assert refused.value.key == key


def test_an_unknown_rule_is_refused_by_name():
    with pytest.raises(NightRulesError) as refused:
        read_night({"deal_limit": 8, "deals": 8})
    assert refused.value.key == "deals" and "deals is not one of a night's rules" in str(refused.value)


START = datetime(2026, 11, 27, 19, 30)
moments = st.integers(-600, 4 * 3600).map(lambda s: START + timedelta(seconds=s))


@given(minutes=st.none() | st.integers(5, 120), called=st.none() | moments, finish=st.booleans(), now=moments,
       started=st.booleans())
def test_the_clocks_answers_agree_at_every_moment(minutes, called, finish, now, started):
    clock = RoundClock(START if started else None, minutes, called, finish)
    up = clock.up_at()
    ends = [t for t in (called, START + timedelta(minutes=minutes) if minutes and started else None) if t]
    assert up == (min(ends) if ends else None)
    left = clock.seconds_left(now)
    assert (left is None) == (up is None)
    assert clock.is_up(now) == (left == 0)
    assert clock.callable(now) == (finish and not clock.is_up(now))
    assert clock.last_deal(6, now) == (6 if finish and clock.is_up(now) else None)
