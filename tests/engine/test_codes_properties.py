"""Properties that hold under every code: a match always ends, its games and points agree, and a code never
scores a key it does not know."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import RULEBOOKS, IllegalReport, MalformedRubber, Side, parse_rubber, score_rubber
from scoring.engine.interchange import CODE_KEYS

SEATS, SIDES = ["N", "E", "S", "W"], ["NS", "EW"]
MATCH_CODES = [key for key, rb in RULEBOOKS.items() if not rb.winning.laps]


@st.composite
def hand_documents(draw: st.DrawFn, keys: tuple[str, ...] = ()) -> dict[str, Any]:
    if draw(st.integers(0, 9)) == 0:
        return {"result": draw(st.sampled_from(["passed", "new_deal", "misdeal"]))}
    maker = draw(st.sampled_from(SEATS))
    hand: dict[str, Any] = {"maker": maker, "tricks": draw(st.integers(0, 5))}
    if draw(st.booleans()):
        hand["alone"] = True
        if "declared_by" in keys and draw(st.booleans()):
            hand["declared_by"] = SEATS[(SEATS.index(maker) + 2) % 4]
    if draw(st.integers(0, 3)) == 0:
        hand["revokes"] = {side: draw(st.integers(0, 2)) for side in SIDES}
    for key in ("signal", "thrown_in", "wrong_cards", "refused_penalty"):
        if (key in keys or key == "wrong_cards") and draw(st.integers(0, 4 if key != "refused_penalty" else 19)) == 0:
            hand[key] = draw(st.sampled_from(SIDES))
    if "miscount" in keys and draw(st.integers(0, 9)) == 0:
        hand["miscount"] = {draw(st.sampled_from(SIDES)): draw(st.integers(1, 3))}
    return hand


@st.composite
def matches(draw: st.DrawFn) -> dict[str, Any]:
    code = draw(st.sampled_from(MATCH_CODES))
    rulebook = RULEBOOKS[code]
    keys = tuple(sorted(rulebook.limits.hand_keys - {"adversary_abandoned", "partner_exposed"}))
    return {"rulebook": code, "game_points": draw(st.sampled_from(rulebook.winning.game_choices)),
            "games": draw(st.sampled_from(rulebook.winning.match_choices)),
            "hands": draw(st.lists(hand_documents(keys), max_size=40))}


def scored(document: dict[str, Any]) -> tuple[Any, Any]:
    """The report and its result, the hands cut where the match ended."""
    report = parse_rubber(document)
    hands = list(report.hands)
    try:
        return report, score_rubber(hands, report.rulebook)
    except IllegalReport as exc:
        assert exc.hand is not None and "complete" in str(exc)
        return report, score_rubber(hands[:exc.hand - 1], report.rulebook)


@given(matches())
def test_a_match_always_ends_when_one_side_keeps_marching(document):
    report, result = scored(document)
    rb = report.rulebook
    played = len(result.hands)
    marches = [{"maker": "N", "tricks": 5}] * (rb.winning.games_to_win_rubber * rb.winning.game_points)
    _, ended = scored({**document, "hands": document["hands"][:played] + marches})
    assert ended.complete and ended.rubber_winner is not None


@given(matches())
def test_games_points_and_the_match_agree(document):
    report, result = scored(document)
    rb = report.rulebook
    wins = {"NS": 0, "EW": 0}
    for game in result.games:
        won, lost = game.score if game.winner.value == "NS" else game.score[::-1]
        assert won >= rb.winning.game_points > lost and game.lap == 0 and not game.double and game.value == 1
        wins[game.winner.value] += 1
    assert result.rubber_points == (wins["NS"], wins["EW"])
    assert result.complete == (max(wins.values()) == rb.winning.games_to_win_rubber)
    assert max(wins.values()) <= rb.winning.games_to_win_rubber
    assert score_rubber(report.hands[:len(result.hands)], rb, explain=False).to_document() == result.to_document()


@given(matches())
def test_every_counted_point_is_on_the_tally(document):
    _, result = scored(document)
    before = (0, 0)
    for hs in result.hands:
        if hs.games_closed:
            before = hs.score_after
            continue
        gained = (hs.score_after[0] - before[0], hs.score_after[1] - before[1])
        assert gained == (hs.points(Side.NS), hs.points(Side.EW))
        before = hs.score_after


@given(st.sampled_from(sorted(RULEBOOKS)), st.sampled_from(CODE_KEYS), st.data())
def test_a_code_never_scores_a_key_it_does_not_know(code, key, data):
    value: Any = True if key in ("adversary_abandoned", "partner_exposed") else (
        "S" if key == "declared_by" else {data.draw(st.sampled_from(SIDES)): 1} if key in ("miscount", "uncounted")
        else data.draw(st.sampled_from(SIDES)))
    hand = {"maker": "N", "alone": True, "tricks": 3, key: value}
    if RULEBOOKS[code].knows(key):
        assert parse_rubber({"rulebook": code, "hands": [hand]}).hands[0]
    else:
        try:
            parse_rubber({"rulebook": code, "hands": [hand]})
        except MalformedRubber as exc:
            assert exc.field == key and code in str(exc)
        else:
            raise AssertionError(f"{code} accepted {key}")
