"""The fast reader (msgspec) and the careful one (field by field) agree on every document, good or bad, under every
code, with every hand key and the house rules."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import RULEBOOKS, RubberError
from scoring.engine.interchange import _checked_rubber, loads, parse_rubber

# Values each field may take: the good ones, and the near misses the careful reader names.
SEATS = st.sampled_from(["N", "E", "S", "W"])
SIDES = st.sampled_from(["NS", "EW"])
ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-2, 7), st.just(3.0), st.sampled_from(["", "X", "north"]),
                     st.just([1]), st.just({}))
FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "dealer": SEATS | ANYTHING,
    "out_of_turn": st.booleans() | ANYTHING,
    "result": st.sampled_from(["played", "passed", "new_deal", "misdeal"]) | ANYTHING,
    "maker": SEATS | ANYTHING,
    "declaration": st.sampled_from(["ordered_up", "assisted", "adopted", "made"]) | ANYTHING,
    "alone": st.booleans() | ANYTHING,
    "tricks": st.integers(0, 5) | ANYTHING,
    "revokes": st.dictionaries(st.sampled_from(["NS", "EW"]), st.integers(0, 2)) | ANYTHING
    | st.just({"NS": -1}) | st.just({"N": 1}) | st.just({"EW": True}),
    "wrong_cards": st.sampled_from(["NS", "EW"]) | ANYTHING,
    "adversary_abandoned": st.booleans() | ANYTHING,
    "partner_exposed": st.booleans() | ANYTHING,
    "declared_by": SEATS | ANYTHING,
    "signal": SIDES | ANYTHING,
    "thrown_in": SIDES | ANYTHING,
    "miscount": st.dictionaries(SIDES, st.integers(0, 12)) | ANYTHING,
    "uncounted": st.dictionaries(SIDES, st.integers(0, 12)) | ANYTHING,
    "refused_penalty": SIDES | ANYTHING,
    "defended_alone": SEATS | ANYTHING,
    "trick": ANYTHING,
}
HOUSE_RULES = st.dictionaries(
    st.sampled_from(["lone_euchre", "table_talk", "stick_the_dealer", "canadian_loner", "defend_alone",
                     "defend_alone_euchre", "lone"]),
    st.sampled_from([1, 2, 4, 5, 6, True, False, 4.0, "4", None]))


@st.composite
def hand_documents(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 30)) == 0:
        return draw(ANYTHING)
    # Mostly good hands, so that whole rubbers get through; now and then any value at all.
    hand: dict[str, Any] = {"maker": draw(SEATS), "tricks": draw(st.integers(0, 5))}
    if draw(st.booleans()):
        hand["dealer"] = draw(SEATS)
    for key in draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=4)):
        hand[key] = draw(FIELDS[key])
    return hand


rubber_documents = st.fixed_dictionaries(
    {"hands": st.lists(hand_documents(), max_size=6)},
    optional={
        "format": st.sampled_from(["euchre-rubber/1", "euchre-rubber/2"]) | ANYTHING,
        "rulebook": st.sampled_from([*RULEBOOKS, "hoyle-1862"]) | ANYTHING,
        "game_points": st.sampled_from([5, 7, 10, 11, 12]) | ANYTHING,
        "games": st.sampled_from([1, 3, 2]) | ANYTHING,
        "house_rules": HOUSE_RULES | ANYTHING,
        "players": st.dictionaries(SEATS | st.just("Q"), st.sampled_from(["Ames", " Bell ", "", "  "]) | ANYTHING)
        | ANYTHING,
        "notes": ANYTHING,
    },
) | ANYTHING


def outcome(read: Any, document: Any) -> Any:
    try:
        return read(document)
    except RubberError as exc:
        return type(exc), str(exc), exc.hand, exc.field


@settings(max_examples=1000)
@given(rubber_documents)
def test_fast_readers_agree_with_the_careful_reader(document: Any) -> None:
    careful = outcome(_checked_rubber, document)
    assert outcome(parse_rubber, document) == careful
    assert outcome(loads, json.dumps(document)) == careful
    assert outcome(loads, json.dumps(document).encode()) == careful
