"""Cutting under laws 8-21, as a table of cases with the cards entered as cut at the table, and as
properties of the site's own draw."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.cutting import (
    PACK,
    CardError,
    CutError,
    DrawnCuts,
    EnteredCuts,
    after_rubber,
    form_tables,
    parse_card,
    partnership,
    ranked,
)
from scoring.engine.cutting.sources import Cutter
from scoring.engine.seats import Seat

A, B, C, D, E, F, G = "Ames", "Bell", "Cole", "Dunn", "Endicott", "Foster", "Gardner"


def cuts(text: str) -> EnteredCuts:
    """'Ames: JS, Bell: AH' as entered cuts, in that order."""
    return EnteredCuts([tuple(part.strip() for part in item.split(":")) for item in text.split(",")])  # type: ignore[misc]


def test_law_8_ranks_the_knave_highest_then_ace_king_and_down_to_seven():
    order = sorted({card.rank: card for card in PACK}.values(), key=lambda card: -card.value)
    assert [card.rank for card in order] == ["J", "A", "K", "Q", "10", "9", "8", "7"]
    assert len(PACK) == 32 and len(set(PACK)) == 32


@pytest.mark.parametrize(("text", "label"), [("JS", "J\u2660"), ("10d", "10\u2666"), ("a\u2665", "A\u2665"),
                                              ("knave of clubs", "J\u2663"), ("Jack of spades", "J\u2660"),
                                              (" 7 h ", "7\u2665")])
def test_cards_are_read_as_a_secretary_types_them(text, label):
    assert parse_card(text).label == label


@pytest.mark.parametrize("text", ["", "1S", "JX", "6H", "joker", "ace of cups"])
def test_a_card_not_in_the_euchre_pack_is_refused_with_the_way_to_write_one(text):
    with pytest.raises(CardError, match="7 8 9 10 J Q K A"):
        parse_card(text)


PARTNER_CASES = {
    # id: (cards as cut, dealer, partner, opponents)
    "four different cards: two highest against two lowest, highest deals (law 11)":
        ("Ames: JS, Bell: 9H, Cole: AD, Dunn: 7C", A, C, (B, D)),
    "the two highest tie: partners without cutting again, the first to cut deals (law 13)":
        ("Ames: 9S, Bell: KH, Cole: KD, Dunn: 7C", B, C, (A, D)),
    "the two lowest tie: partners without cutting again (law 13)":
        ("Ames: 9S, Bell: JH, Cole: 9D, Dunn: AC", B, D, (A, C)),
    "second and third tie: they cut again (law 13)":
        ("Ames: JS, Bell: QH, Cole: QD, Dunn: 7C, Bell: 8S, Cole: AS", A, C, (B, D)),
    "three tie and the fourth card is highest: the two lowest of the new cut are partners, the fourth deals (law 14)":
        ("Ames: JS, Bell: 9H, Cole: 9D, Dunn: 9C, Bell: KS, Cole: 8S, Dunn: 7S", A, B, (C, D)),
    "three tie and the fourth card is lowest: the two highest of the new cut deal (law 14)":
        ("Ames: 7S, Bell: AH, Cole: AD, Dunn: AC, Bell: 8S, Cole: KS, Dunn: QS", C, D, (B, A)),
    "all four tie: they all cut again":
        ("Ames: 9S, Bell: 9H, Cole: 9D, Dunn: 9C, Ames: 7S, Bell: JS, Cole: 8H, Dunn: AH", B, D, (C, A)),
    "a player exposing two cards cuts again (law 10)":
        ("Ames: JS AH, Bell: 9H, Cole: KD, Dunn: 7C, Ames: 8D", C, B, (A, D)),
}


@pytest.mark.parametrize("case", PARTNER_CASES, ids=list(PARTNER_CASES))
def test_partners_and_the_deal(case):
    text, dealer, partner, opponents = PARTNER_CASES[case]
    four = partnership(Cutter(cuts(text)), [A, B, C, D])
    assert (four.dealer, four.partner, four.opponents) == (dealer, partner, opponents)


RANK_CASES = {
    "no ties": ("Ames: 7S, Bell: JH, Cole: 10D", [B, C, A]),
    "a tie of two cuts again between them only (law 13)": ("Ames: KS, Bell: KH, Cole: JD, Bell: 7C, Ames: 8C",
                                                            [C, A, B]),
    "a tie of three cuts again, and a tie in that cut again": (
        "Ames: QS, Bell: QH, Cole: QD, Ames: 9S, Bell: 9H, Cole: JS, Ames: 8S, Bell: AS", [C, B, A]),
}


@pytest.mark.parametrize("case", RANK_CASES, ids=list(RANK_CASES))
def test_ranking_by_cut_settles_every_tie_by_cutting_again(case):
    text, order = RANK_CASES[case]
    assert ranked(Cutter(cuts(text)), [A, B, C], "for the tables", 9) == order


def test_seven_candidates_make_one_table_with_the_fifth_and_sixth_as_its_candidates_law_12():
    entered = cuts("Ames: JS, Bell: AS, Cole: KS, Dunn: QS, Endicott: 10S, Foster: 9S, Gardner: 7S, "
                   "Ames: JH, Bell: AH, Cole: KH, Dunn: QH")
    formation = form_tables([G, F, E, D, C, B, A], entered)
    (table,) = formation.tables
    assert {p for _, p in table.seats} == {A, B, C, D}
    assert table.player(Seat.N) == A and table.player(Seat.S) == B and table.first_dealer is Seat.N
    assert table.candidates == (E, F) and formation.waiting == (G,)
    assert [step.law for step in formation.log][:7] == [9] * 7 and formation.log[-1].law == 11


def test_eleven_candidates_make_two_tables_with_candidates_and_nobody_waits():
    names = [f"P{n:02}" for n in range(11)]
    formation = form_tables(names, DrawnCuts(seed=4))
    assert len(formation.tables) == 2
    assert [len(t.candidates) for t in formation.tables] == [2, 1] and formation.waiting == ()


def test_fresh_candidates_have_prior_entry_at_a_new_table_law_17():
    entered = cuts("Ames: JS, Bell: AS, Cole: KS, Dunn: QS, Endicott: 7S, Ames: JH, Bell: AH, Cole: KH, Endicott: 7H")
    formation = form_tables([A, B, C, D, E], entered, fresh={E, A, B, C})
    assert {p for _, p in formation.tables[0].seats} == {A, B, C, E} and formation.tables[0].candidates == (D,)


@pytest.mark.parametrize(("runs", "candidates", "entered", "out"), [
    ({A: 2, B: 1, C: 1, D: 1}, [E], "", [A]),
    ({A: 2, B: 2, C: 1, D: 1}, [E, F], "", [A, B]),
    ({A: 2, B: 2, C: 1, D: 1}, [E], "Ames: 9S, Bell: KS", [A]),  # two level at the most: they cut, lowest out
    ({A: 1, B: 1, C: 1, D: 1}, [E], "Ames: 9S, Bell: KS, Cole: AS, Dunn: JS", [A]),  # all level: all four cut
    ({A: 3, B: 2, C: 2, D: 1}, [E, F], "Bell: 7S, Cole: 8S", [A, B]),
    ({A: 1, B: 1, C: 1, D: 1}, [], "", []),  # nobody claims: the same four play on
], ids=["one ran longest", "two ran longest, two claim", "a tie at the most cuts", "all level cut",
        "longest out, then a cut", "no candidates"])
def test_cutting_out_after_different_runs_of_rubbers_law_15(runs, candidates, entered, out):
    partner_cut = ", ".join(f"{p}: {card}" for p, card in zip(
        [*(p for p in runs if p not in out), *candidates[:len(out)]], ["JD", "AD", "KD", "QD"], strict=False))
    source = cuts(", ".join(part for part in (entered, partner_cut) if part))
    change = after_rubber(list(runs.items()), candidates, source)
    assert list(change.out) == out
    assert list(change.coming_in) == candidates[:len(out)]
    assert {p for _, p in change.seats} == (set(runs) - set(out)) | set(candidates[:len(out)])
    assert change.candidates[-len(out):] == tuple(out) if out else change.candidates == tuple(candidates)
    assert dict(change.runs).get(candidates[0] if candidates else A) == (0 if candidates else 1)


def test_a_departed_players_place_goes_to_the_next_candidate_who_inherits_his_run_law_19():
    change = after_rubber([(A, 1), (B, 2), (C, 2), (D, 1)], [E, F], DrawnCuts(seed=1), departed=[A])
    assert change.coming_in[0] == E and dict(change.runs)[E] == 1
    assert A in change.out and F in change.coming_in  # F claims, and one of the longest runs goes out


def test_missing_duplicate_and_unknown_entered_cuts_are_named():
    with pytest.raises(CutError, match="Bell and Cole must cut again, to settle a tie"):
        ranked(Cutter(cuts("Ames: JS, Bell: KS, Cole: KH")), [A, B, C], "for the tables", 9)
    with pytest.raises(CutError, match="the knave of spades was cut by Ames already"):
        ranked(Cutter(cuts("Ames: JS, Bell: JS, Cole: KH")), [A, B, C], "for the tables", 9)
    with pytest.raises(CutError, match="Line 2 \\(Bell\\)"):
        ranked(Cutter(cuts("Ames: JS, Bell: ZZ, Cole: KH")), [A, B, C], "for the tables", 9)
    with pytest.raises(CutError, match="Zed: not among those waiting"):
        form_tables([A, B, C, D], cuts("Zed: JS"))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(count=st.integers(4, 40), seed=st.integers(0, 10_000))
def test_the_draw_places_everyone_once_and_replays_from_its_seed(count, seed):
    names = [f"Player {n}" for n in range(count)]
    formation = form_tables(names, DrawnCuts(seed))
    placed = [p for t in formation.tables for _, p in t.seats] + [p for t in formation.tables for p in t.candidates]
    placed += list(formation.waiting)
    assert sorted(placed) == sorted(names)
    assert all(len({p for _, p in t.seats}) == 4 for t in formation.tables)
    assert len(formation.tables) == count // 4
    assert form_tables(names, DrawnCuts(seed)) == formation
    for number in {step.round for step in formation.log}:
        cards = [step.card for step in formation.log if step.round == number]
        assert len(cards) == len(set(cards))  # one pack a round of cutting (law 9)
