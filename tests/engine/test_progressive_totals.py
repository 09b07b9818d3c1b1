"""A paper table's round totals against what the round's deals can give, under every code and with house rules:
every round of real deals (scored by the code, the extra deal dealt only after a tie, the round stopping early
or not) gives totals the check accepts; totals past the deals, or past them without a tie one deal before, are
refused saying why; and the check accepts exactly what its model of a deal reaches."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import IllegalReport, ReportedHand, score_rubber
from scoring.engine.hands import Declaration, HandResult, Revokes
from scoring.engine.progressive import round_deals, totals_errors
from scoring.engine.progressive.totals import level_before, marches_key
from scoring.engine.rulebook import RULEBOOKS, STANDARD, HouseRules, Reason, Rulebook
from scoring.engine.seats import SEAT_ORDER, SIDES, Seat, Side

BOOKS: dict[str, Rulebook] = {
    **{key: book.tallied() for key, book in RULEBOOKS.items()},
    "standard with every house rule": STANDARD.housed(HouseRules(
        lone_euchre=4, table_talk=2, stick_the_dealer=True, canadian_loner=True, defend_alone=True,
        defend_alone_euchre=6)).tallied(),
    "standard, a lone defender's 5": STANDARD.housed(HouseRules(defend_alone=True, defend_alone_euchre=5)).tallied(),
}
LONE_MADE = frozenset({Reason.LONE_POINT, Reason.LONE_MARCH, Reason.LONE_MARCH_PARTNER_EXPOSED, Reason.ABANDONED})
NONE_ALONE = dict.fromkeys("NESW", 0)


@st.composite
def deals(draw: st.DrawFn, book: Rulebook) -> ReportedHand:
    """A deal as a table reports it, with whatever the code's hand may hold."""
    if draw(st.integers(0, 9)) == 0:
        return ReportedHand(result=draw(st.sampled_from([HandResult.PASSED, HandResult.MISDEAL])))
    maker = draw(st.sampled_from(SEAT_ORDER))
    alone = draw(st.booleans())
    knows = book.knows
    abandoned = alone and knows("adversary_abandoned") and draw(st.integers(0, 9)) == 0
    defender = (draw(st.sampled_from([maker.left, maker.left.partner]))
                if alone and book.points.defended_lone_euchre and draw(st.booleans()) else None)
    return ReportedHand(
        maker=maker, declaration=draw(st.none() | st.sampled_from(list(Declaration))), alone=alone,
        tricks=None if abandoned and draw(st.booleans()) else draw(st.integers(0, 5)),
        revokes=draw(st.just(Revokes()) | st.builds(Revokes, ns=st.integers(0, 3), ew=st.integers(0, 3)))
        if knows("revokes") else Revokes(),
        wrong_cards=draw(st.none() | st.sampled_from(SIDES)) if knows("wrong_cards") else None,
        adversary_abandoned=abandoned, partner_exposed=alone and knows("partner_exposed") and draw(st.booleans()),
        signal=draw(st.none() | st.none() | st.sampled_from(SIDES)) if book.points.signal and knows("signal") else None,
        defended_alone=defender)


@cache
def _scored(hand: ReportedHand, key: str, dealer: Seat) -> tuple[int, int, Seat | None, bool] | None:
    """What a deal gives under `BOOKS[key]`: each side's points, the lone player who made his hand, and whether it
    was a lone march (None for a deal the code refuses as reported)."""
    book = BOOKS[key]
    try:
        hands = score_rubber([hand], book, first_dealer=dealer).hands
    except IllegalReport:
        return None
    if not hands:
        return None
    (scored,) = hands
    made = [award for award in scored.awards if award.counted and award.reason in LONE_MADE]
    lone = scored.hand.maker if made else None
    return (scored.points(Side.NS), scored.points(Side.EW), lone,
            any(award.reason is Reason.LONE_MARCH for award in made))


@st.composite
def rounds(draw: st.DrawFn) -> tuple[Rulebook, int, list[tuple[int, int, Seat | None, bool]]]:
    """A code, the round's deals, and the deals a table played: up to those deals (time called or the round
    closed stop it early), and one more only when the sides are level after them."""
    key = draw(st.sampled_from(sorted(BOOKS)))
    book = BOOKS[key]
    limit = draw(st.integers(1, 12))
    stop = draw(st.integers(0, limit) | st.just(limit))
    played: list[tuple[int, int, Seat | None, bool]] = []
    tallies: list[tuple[int, int]] = []
    ns = ew = 0
    while len(played) < stop or (len(played) == limit and round_deals(limit, tallies) > limit
                                 and len(played) < limit + 1 and draw(st.booleans())):
        deal = _scored(draw(deals(book)), key, SEAT_ORDER[len(played) % 4]) or (0, 0, None, False)  # refused: none
        played.append(deal)
        ns, ew = ns + deal[0], ew + deal[1]
        tallies.append((ns, ew))
    return book, limit, played


def totals(played: list[tuple[int, int, Seat | None, bool]]) -> tuple[dict[str, int], dict[str, int],
                                                                      dict[str, int]]:
    lone: Counter[str] = Counter()
    marches: Counter[str] = Counter()
    for _, _, maker, march in played:
        if maker is not None:
            lone[maker.value] += 1
            marches[maker.value] += march
    return ({"NS": sum(d[0] for d in played), "EW": sum(d[1] for d in played)},
            {seat.value: lone[seat.value] for seat in Seat}, {seat.value: marches[seat.value] for seat in Seat})


@settings(max_examples=400, deadline=None)
@given(rounds())
def test_every_round_of_real_deals_gives_totals_the_check_accepts(case) -> None:  # type: ignore[no-untyped-def]
    book, limit, played = case
    points, lone, marches = totals(played)
    assert totals_errors(points, lone, limit, marches=marches, rulebook=book) == {}, (book.key, limit, played)


@pytest.mark.parametrize("key", sorted(BOOKS))
def test_a_deal_never_gives_more_than_the_codes_most_in_a_deal(key: str) -> None:
    """The bound the check stands on, over every lone hand and partnership hand with the most revokes."""
    book = BOOKS[key]
    worst = 0
    for maker in SEAT_ORDER:
        for alone in (False, True):
            for tricks in range(6):
                for ns, ew in ((0, 0), (book.limits.most_revokes, 0), (0, book.limits.most_revokes)):
                    hand = ReportedHand(maker=maker, alone=alone, tricks=tricks, revokes=Revokes(ns=ns, ew=ew)
                                        if book.knows("revokes") else Revokes())
                    deal = _scored(hand, key, Seat.N)
                    if deal is not None:
                        worst = max(worst, deal[0] + deal[1])
    assert 0 < worst <= book.most_in_a_deal


@given(key=st.sampled_from(sorted(BOOKS)), limit=st.integers(1, 12), ns=st.integers(0, 120),
       ew=st.integers(0, 120))
def test_points_past_the_deals_and_the_tie_are_refused_saying_why(key: str, limit: int, ns: int, ew: int) -> None:
    most = BOOKS[key].most_in_a_deal
    errors = totals_errors({"NS": ns, "EW": ew}, NONE_ALONE, limit, rulebook=BOOKS[key])
    if ns + ew > (limit + 1) * most:
        assert errors["NS"] == (f"{ns + ew} points between the sides cannot come from {limit} "
                                f"deal{'s' if limit > 1 else ''} and a {errors['NS'].split(' and a ')[1]}")
        assert f"a deal gives {most} at most, so {(limit + 1) * most} in all." in errors["NS"]
    elif ns + ew > limit * most and abs(ns - ew) > most:
        assert errors["NS"].endswith(f"and {ns}-{ew} cannot have been level one deal before.")
        assert f"a deal gives {most} at most, so {limit * most} in all;" in errors["NS"]
    elif ns + ew <= limit * most:
        assert errors == {}


@cache
def reached(limit: int, most: int) -> tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
    """Every total the model reaches in up to `limit` deals of at most `most` points between the sides, and those
    one more deal reaches from level totals among them."""
    within = {(0, 0)}
    frontier = {(0, 0)}
    for _ in range(limit):
        frontier = {(a + x, b + y) for a, b in frontier for x in range(most + 1) for y in range(most + 1 - x)}
        within |= frontier
    after = {(t + x, t + y) for t, u in within if t == u for x in range(most + 1) for y in range(most + 1 - x)}
    return frozenset(within), frozenset(after)


@pytest.mark.parametrize("limit", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("most", [1, 2, 3, 5])
def test_the_check_accepts_exactly_the_totals_its_deals_reach(limit: int, most: int) -> None:
    within, after = reached(limit, most)
    for ns in range((limit + 2) * most):
        for ew in range((limit + 2) * most):
            accepted = not totals_errors({"NS": ns, "EW": ew}, NONE_ALONE, limit, most)
            assert accepted is ((ns, ew) in within | after), (ns, ew)
            assert level_before(ns, ew, limit, most) is ((ns, ew) in after), (ns, ew)


@pytest.mark.parametrize(("lone", "points", "refused"), [
    ({"N": 4, "E": 4, "S": 0, "W": 0}, (20, 20), ""),
    ({"N": 5, "E": 4, "S": 0, "W": 0}, (21, 20), ""),  # the ninth deal a lone hand after 20-20
    ({"N": 5, "E": 4, "S": 0, "W": 0}, (30, 4), "9 lone hands need 9 deals: a 9th deal is dealt only when the sides "
                                                "are level after the 8th, and 30-4 cannot have been level one deal "
                                                "before."),
    ({"N": 5, "E": 5, "S": 0, "W": 0}, (20, 20), "10 lone hands cannot come from 8 deals and a 9th for a tie: each "
                                                 "lone hand is a deal."),
])
def test_lone_hands_count_deals(lone: dict[str, int], points: tuple[int, int], refused: str) -> None:
    errors = totals_errors({"NS": points[0], "EW": points[1]}, lone, 8, rulebook=BOOKS["standard"])
    assert errors == ({"N": refused} if refused else {})


def test_the_words_name_the_figures() -> None:
    errors = totals_errors({"NS": 42, "EW": 0}, NONE_ALONE, 8, rulebook=BOOKS["standard"])
    assert errors == {"NS": "42 points between the sides cannot come from 8 deals: a deal gives 5 at most, so 40 in "
                            "all; a 9th deal is dealt only when the sides are level after the 8th, and 42-0 cannot "
                            "have been level one deal before."}
    marched = totals_errors({"NS": 8, "EW": 0}, {"N": 2, "E": 0, "S": 0, "W": 0}, 8,
                            marches={"N": 3, "E": 0, "S": 0, "W": 0}, rulebook=BOOKS["somerset-1888"])
    assert marched == {marches_key(Seat.N): "North made 2 lone hands, so cannot have made 3 lone marches: a lone "
                                            "march is a lone hand that took all five tricks."}
