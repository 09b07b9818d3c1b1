"""Cutting under laws 8-21: the laws as tables of cases with the cards entered as cut at the table, and
properties of the site's own draw."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.cutting import (
    PACK,
    BadCard,
    CardError,
    CutError,
    CutKind,
    Cutter,
    DrawnCuts,
    DuplicateCard,
    EnteredCuts,
    ExtraCut,
    MissingCut,
    Rank,
    TableBreaksUp,
    UnknownName,
    after_rubber,
    form_tables,
    parse_card,
    ranked,
    successors,
)
from scoring.engine.seats import Seat

A, B, C, D, E, F, G, H = "Ames", "Bell", "Cole", "Dunn", "Eaton", "Frye", "Gale", "Hale"
EVERYONE = [A, B, C, D, E, F, G, H]


def entered(text: str) -> EnteredCuts:
    """'Ames JS, Bell AH' as cuts entered in that order; 'Ames JS+AH' for two cards exposed."""
    return EnteredCuts([tuple(item.split(maxsplit=1)) for item in text.split(",")])  # type: ignore[misc]


def seats(change_or_table) -> tuple[str, ...]:
    return tuple(change_or_table.player(seat) for seat in (Seat.N, Seat.E, Seat.S, Seat.W))


# Law 8: the rank of the cards in cutting.

LAW_8 = [("JS", "AS"), ("AH", "KH"), ("KD", "QD"), ("QC", "10C"), ("10S", "9S"), ("9H", "8H"), ("8D", "7D")]


@pytest.mark.parametrize(("higher", "lower"), LAW_8, ids=[f"{h} over {lo}" for h, lo in LAW_8])
def test_law_8_the_knave_is_highest_then_ace_king_and_down_to_the_seven(higher, lower):
    assert parse_card(higher).value > parse_card(lower).value


def test_the_pack_is_the_euchre_pack_and_suits_do_not_rank():
    assert len(PACK) == 32 and len(set(PACK)) == 32
    assert sorted({card.rank for card in PACK}, key=lambda r: -r.height) == [
        Rank.KNAVE, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN]
    knaves = [card for card in PACK if card.rank is Rank.KNAVE]
    assert len(knaves) == 4 and {k.value for k in knaves} == {7} and knaves[0].ties_with(knaves[3])


CARD_TEXT = {
    "JS": ("J\u2660", "knave of spades"), "ah": ("A\u2665", "ace of hearts"), "10D": ("10\u2666", "ten of diamonds"),
    "7c": ("7\u2663", "seven of clubs"), "Jack of spades": ("J\u2660", "knave of spades"),
    "knave of Clubs": ("J\u2663", "knave of clubs"), "ten of diamonds": ("10\u2666", "ten of diamonds"),
    "q\u2666": ("Q\u2666", "queen of diamonds"), " 9 h ": ("9\u2665", "nine of hearts"),
    "K of hearts": ("K\u2665", "king of hearts"),
}


@pytest.mark.parametrize("text", CARD_TEXT, ids=[repr(t) for t in CARD_TEXT])
def test_cards_are_read_as_a_secretary_types_them(text):
    card = parse_card(text)
    assert (card.label, card.words) == CARD_TEXT[text]


BAD_CARDS = {"": "No card was given", "1S": "not a card of the euchre pack", "6H": "no cards below the seven",
             "JX": "no suit 'x'", "joker": "not a card", "ace of cups": "no suit 'cups'", "11D": "not a card",
             "JSH": "not a card"}


@pytest.mark.parametrize("text", BAD_CARDS, ids=[repr(t) for t in BAD_CARDS])
def test_text_that_is_no_card_of_the_euchre_pack_is_refused_saying_how_to_write_one(text):
    with pytest.raises(CardError, match=BAD_CARDS[text]) as raised:
        parse_card(text)
    assert "7 8 9 10 J Q K A" in str(raised.value) and "S H D C" in str(raised.value)


# Laws 9-14 and 17: forming a table. Each case: who is present in order of arrival, the cards as cut (the cut
# for the table, ties cut again, then the table's cut for partners, in arrival order), and the outcome:
# (North, East, South, West), the table's candidates, those waiting, and the laws of the log card by card.

TABLE_CASES = {
    "six: the four highest play, the fifth and sixth are the table's candidates (laws 11, 12)": (
        [A, B, C, D, E, F], "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 10S, Frye 9S, "
                            "Ames JH, Bell AH, Cole KH, Dunn QH",
        (A, C, B, D), (E, F), (), [11] * 6 + [11] * 4),
    "seven: the seventh highest waits (law 12)": (
        [G, A, B, C, D, E, F], "Gale 7S, Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 10S, Frye 9S, "
                               "Ames JH, Bell AH, Cole KH, Dunn QH",
        (A, C, B, D), (E, F), (G,), [11] * 7 + [11] * 4),
    "two tie within the four: it changes nothing, so nobody cuts again (law 13)": (
        [A, B, C, D, E], "Ames JS, Bell JH, Cole KS, Dunn QS, Eaton 9S, Ames JD, Bell AD, Cole KD, Dunn QD",
        (A, C, B, D), (E,), (), [11] * 5 + [11] * 4),
    "two tie across the fourth place: only they cut again (law 13)": (
        [A, B, C, D, E, F], "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton QH, Frye 7S, Dunn 8S, Eaton 9S, "
                            "Ames JH, Bell AH, Cole KH, Eaton QD",
        (A, C, B, E), (D, F), (), [11] * 6 + [13] * 2 + [11] * 4),
    "three tie for the last two places: the two highest of their new cut play (law 14)": (
        [A, B, C, D, E, F], "Ames JS, Bell AS, Cole KS, Dunn KH, Eaton KD, Frye 7S, Cole 9H, Dunn JH, Eaton 7H, "
                            "Ames JC, Bell AC, Cole KC, Dunn QC",
        (A, C, B, D), (E, F), (), [11] * 6 + [14] * 3 + [11] * 4),
    "three tie for the last place: their new cut also orders the two candidates (law 14)": (
        [A, B, C, D, E, F, G], "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton QH, Frye QD, Gale 7S, "
                               "Dunn 8H, Eaton AH, Frye 10H, Ames JC, Bell AC, Cole KC, Eaton QC",
        (A, C, B, E), (F, D), (G,), [11] * 7 + [14] * 3 + [11] * 4),
    "two tie again in the new cut: only those two cut a third time (laws 13, 14)": (
        [A, B, C, D, E, F], "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton QH, Frye QD, Dunn 9H, Eaton 9D, Frye 7C, "
                            "Dunn 8S, Eaton KS, Ames JC, Bell AC, Cole KC, Eaton QC",
        (A, C, B, E), (D, F), (), [11] * 6 + [14] * 3 + [13] * 2 + [11] * 4),
    "a tie for the last candidate's place is cut again, a tie among those waiting is not": (
        [A, B, C, D, E, F, G, H], "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 10S, Frye 9S, Gale 9H, Hale 9D, "
                                  "Frye 7C, Gale AC, Hale 7D, Ames JH, Bell AH, Cole KH, Dunn QH",
        (A, C, B, D), (E, G), (F, H), [11] * 8 + [14] * 3 + [11] * 4),
    "a player exposing two cards cuts again (law 10)": (
        [A, B, C, D, E], "Ames JS+AH, Ames 8D, Bell KS, Cole QS, Dunn 10S, Eaton 9S, "
                         "Bell JH, Cole AH, Dunn KH, Eaton QH",
        (B, D, C, E), (A,), (), [10, 10] + [11] * 4 + [11] * 4),
    "exactly four: no cut for the table, only for partners and the deal (law 11)": (
        [A, B, C, D], "Ames 9S, Bell JS, Cole KS, Dunn AS",
        (B, C, D, A), (), (), [11] * 4),
    "fresh candidates come in before those who have played elsewhere (law 17)": (
        [A, B, C, D, E], "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 7S, Ames JH, Cole AH, Dunn KH, Eaton QH",
        (A, D, C, E), (B,), (), [11] * 5 + [11] * 4),
}
OPTIONS = {"fresh candidates come in before those who have played elsewhere (law 17)": {"fresh": {A, C, D, E}},
           "a tie for the last candidate's place is cut again, a tie among those waiting is not": {"most_tables": 1}}


@pytest.mark.parametrize("case", TABLE_CASES, ids=list(TABLE_CASES))
def test_forming_a_table_by_cutting(case):
    present, cards, table_seats, candidates, waiting, laws = TABLE_CASES[case]
    formation = form_tables(present, entered(cards), **OPTIONS.get(case, {}))
    (table,) = formation.tables
    assert seats(table) == table_seats and table.first_dealer is Seat.N  # the dealer sits North
    assert table.candidates == candidates and formation.waiting == waiting
    assert [step.law for step in formation.log] == laws


def test_the_log_says_who_cut_what_why_and_under_which_law_round_by_round():
    formation = form_tables([A, B, C, D, E, F], entered("Ames JS, Bell AS, Cole KS, Dunn QS, Eaton QH, Frye 7S, "
                                                        "Dunn 8S, Eaton 9S, Ames JH, Bell AH, Cole KH, Eaton QD"))
    rows = [(s.round, s.player, s.card.label if s.card else "", s.kind, s.law) for s in formation.log]
    assert rows[5:8] == [(1, F, "7\u2660", CutKind.TABLES, 11), (2, D, "8\u2660", CutKind.TIE, 13),
                         (2, E, "9\u2660", CutKind.TIE, 13)]
    assert {r[0] for r in rows[8:]} == {3} and {r[3] for r in rows[8:]} == {CutKind.PARTNERS}
    assert formation.log[6].reason == "again, to settle a tie with queens for the tables"
    assert formation.log[8].reason == "for partners and the deal"
    assert formation.order == (A, B, C, E, D, F)


def test_a_card_exposed_is_logged_with_both_cards_and_law_10():
    formation = form_tables([A, B, C, D, E], entered(
        "Ames JS+AH, Ames 8D, Bell KS, Cole QS, Dunn 10S, Eaton 9S, Bell JH, Cole AH, Dunn KH, Eaton QH"))
    shown, again = formation.log[:2]
    assert shown.card is None and [c.label for c in shown.exposed] == ["J\u2660", "A\u2665"]
    assert (shown.kind, shown.law, again.card, again.law) == (CutKind.EXPOSED, 10, parse_card("8D"), 10)
    assert again.reason == "for the tables (cut again: more than one card exposed)"


# Law 11 with laws 13 and 14: partners and the deal, four present (so they cut only for partners).
# (cards as cut, then North (the dealer), East, South (his partner), West.)

PARTNER_CASES = {
    "four different cards: two highest against two lowest, the highest deals (law 11)":
        ("Ames JS, Bell 9H, Cole AD, Dunn 7C", (A, B, C, D)),
    "the two highest tie: partners without cutting again; the first of them to cut deals (law 13)":
        ("Ames 9S, Bell KH, Cole KD, Dunn 7C", (B, A, C, D)),
    "the two lowest tie: partners without cutting again (law 13)":
        ("Ames 9S, Bell JH, Cole 9D, Dunn AC", (B, A, D, C)),
    "both pairs tie: nobody cuts again (law 13)":
        ("Ames KS, Bell 9H, Cole KD, Dunn 9C", (A, B, C, D)),
    "second and third tie: they cut again, the higher partners the highest (law 13)":
        ("Ames JS, Bell QH, Cole QD, Dunn 7C, Bell 8S, Cole AS", (A, B, C, D)),
    "three tie, the fourth card highest: it deals; the two lowest of the new cut are partners (law 14)":
        ("Ames JS, Bell 9H, Cole 9D, Dunn 9C, Bell KS, Cole 8S, Dunn 7S", (A, C, B, D)),
    "three tie, the fourth highest, and the two lowest tie again: no third cut (laws 13, 14)":
        ("Ames JS, Bell 9H, Cole 9D, Dunn 9C, Bell KS, Cole 8S, Dunn 8H", (A, C, B, D)),
    "three tie, the fourth card lowest: the two highest of the new cut are partners and deal (law 14)":
        ("Ames 7S, Bell AH, Cole AD, Dunn AC, Bell 8S, Cole KS, Dunn QS", (C, B, D, A)),
    "all four tie: they all cut again":
        ("Ames 9S, Bell 9H, Cole 9D, Dunn 9C, Ames 7S, Bell JS, Cole 8H, Dunn AH", (B, C, D, A)),
    "a player exposing two cards cuts again, from the same pack (law 10)":
        ("Ames JS+AH, Ames 8D, Bell 9H, Cole KD, Dunn 7C", (C, A, B, D)),
}


@pytest.mark.parametrize("case", PARTNER_CASES, ids=list(PARTNER_CASES))
def test_partners_and_the_deal(case):
    cards, expected = PARTNER_CASES[case]
    (table,) = form_tables([A, B, C, D], entered(cards)).tables
    assert seats(table) == expected


# Laws 11, 12 and 17 with many present: as many tables as there are fours. The four highest play at table 1 and
# the fifth and sixth are its candidates; those below form the fresh tables four by four, taking table 1's
# candidates only for places they cannot fill, and the next two belong to each fresh table in turn.
# (present, most tables the room has) -> (tables, candidates at each table, waiting)

COUNTS = {
    (4, None): (1, [0], 0), (5, None): (1, [1], 0), (6, None): (1, [2], 0), (7, None): (1, [2], 1),
    (8, None): (2, [0, 0], 0), (9, None): (2, [1, 0], 0), (10, None): (2, [2, 0], 0), (11, None): (2, [2, 1], 0),
    (12, None): (3, [0, 0, 0], 0), (13, None): (3, [1, 0, 0], 0),
    (9, 1): (1, [2], 3), (9, 2): (2, [1, 0], 0), (12, 2): (2, [2, 2], 0), (13, 2): (2, [2, 2], 1),
    (14, 2): (2, [2, 2], 2),
}


@pytest.mark.parametrize("present_tables", COUNTS, ids=[f"{n} present, {t or 'any'} tables" for n, t in COUNTS])
def test_how_many_tables_candidates_and_waiting(present_tables):
    present, most = present_tables
    names = [f"Player {n}" for n in range(present)]
    formation = form_tables(names, DrawnCuts(seed=present), most_tables=most)
    tables, candidates, waiting = COUNTS[present_tables]
    assert len(formation.tables) == tables and [t.number for t in formation.tables] == list(range(1, tables + 1))
    assert [len(t.candidates) for t in formation.tables] == candidates and len(formation.waiting) == waiting
    assert list(formation.waiting) == [n for n in names if n in formation.waiting]  # in order of arrival


IRWIN, JONES = "Irwin", "Jones"
TEN_CUT = ("Ames 10S, Bell AS, Cole QS, Dunn 7H, Eaton 7D, Frye JS, Gale 9S, Hale KS, Irwin AH, Jones 7C, "
           "Bell JH, Frye AH, Hale KH, Irwin QH, Dunn JC, Eaton AC, Gale KC, Jones QC")


def test_with_more_than_six_the_fifth_and_sixth_highest_are_table_ones_candidates_and_the_rest_a_fresh_table():
    # Law 12: Cole (Q) and Ames (10), fifth and sixth, belong to table 1; the four below them form table 2
    # (law 17). The three sevens tie, but all three play at table 2, so nobody cuts again (law 14).
    formation = form_tables([A, B, C, D, E, F, G, H, IRWIN, JONES], entered(TEN_CUT))
    one, two = formation.tables
    assert set(one.players) == {F, B, IRWIN, H} and one.candidates == (C, A)
    assert set(two.players) == {G, D, E, JONES} and two.candidates == () and formation.waiting == ()
    assert [step.kind for step in formation.log[10:]] == [CutKind.PARTNERS] * 8


def test_a_fresh_table_short_of_players_takes_the_first_tables_candidates_highest_first():
    # Nine: table 1's fifth and sixth belong to it, but the three below them cannot make a table; the fifth,
    # the higher, takes the fourth place there and the sixth stays first in line at table 1 (laws 12, 17).
    formation = form_tables([A, B, C, D, E, F, G, H, IRWIN], entered(
        "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 10S, Frye 9S, Gale 8S, Hale 7S, Irwin 7H, "
        "Ames JH, Bell AH, Cole KH, Dunn QH, Eaton JC, Gale AC, Hale KC, Irwin QC"))
    one, two = formation.tables
    assert set(one.players) == {A, B, C, D} and one.candidates == (F,)
    assert set(two.players) == {E, G, H, IRWIN} and two.candidates == ()


def test_a_tie_between_a_fresh_tables_place_and_a_place_in_line_is_cut_again():
    # Nine: the fifth place plays at table 2, the sixth is table 1's candidate; Eaton and Frye tie across them.
    formation = form_tables([A, B, C, D, E, F, G, H, IRWIN], entered(
        "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 10S, Frye 10H, Gale 8S, Hale 7S, Irwin 7H, Eaton 9D, Frye JD, "
        "Ames JH, Bell AH, Cole KH, Dunn QH, Frye JC, Gale AC, Hale KC, Irwin QC"))
    one, two = formation.tables
    assert one.candidates == (E,) and F in two.players
    assert [step.law for step in formation.log[9:11]] == [13, 13]


# Laws 15-21: cutting out when a rubber ends. The four are Ames, Bell, Cole, Dunn, seated N, E, S, W.
# (runs, candidates, options, cards as cut) -> (out, in, candidates after, runs of the next four)

ROTATION_CASES = {
    "one has played more rubbers than the others: he goes out without a cut (law 15)": (
        (2, 1, 1, 1), [E], {}, "Eaton JS, Bell AS, Cole KS, Dunn QS",
        ((A,), (E,), (A,), {E: 0, B: 1})),
    "two level at the most and one claim: those two cut, the lowest goes out (law 15)": (
        (2, 2, 1, 1), [E], {}, "Ames 9S, Bell KS, Eaton JS, Bell AS, Cole KS, Dunn QS",
        ((A,), (E,), (A,), {B: 2})),
    "all level and one claim: all four cut, the lowest goes out (law 15)": (
        (1, 1, 1, 1), [E], {}, "Ames 9S, Bell KS, Cole AS, Dunn JS, Eaton JS, Bell AS, Cole KS, Dunn QS",
        ((A,), (E,), (A,), {E: 0})),
    "all level and two claim: all four cut, the two lowest go out (law 15)": (
        (1, 1, 1, 1), [E, F], {}, "Ames 9S, Bell KS, Cole AS, Dunn JS, Eaton JS, Frye AS, Cole KS, Dunn QS",
        ((B, A), (E, F), (B, A), {E: 0, F: 0, C: 1})),
    "two played most and two claim: both go out, nobody cuts to go out": (
        (2, 2, 1, 1), [E, F], {}, "Eaton JS, Frye AS, Cole KS, Dunn QS",
        ((A, B), (E, F), (A, B), {C: 1})),
    "the longest goes out, then those level next cut for the second place": (
        (3, 2, 2, 1), [E, F], {}, "Bell 7S, Cole 8S, Eaton JS, Frye AS, Cole KS, Dunn QS",
        ((A, B), (E, F), (A, B), {C: 2, D: 1})),
    "a tie in the cut to go out that decides it is cut again, between those two only (law 13)": (
        (1, 1, 1, 1), [E], {}, "Ames 9S, Bell 9H, Cole AS, Dunn JS, Ames 8D, Bell 7D, "
                               "Ames JS, Eaton AS, Cole KS, Dunn QS",
        ((B,), (E,), (B,), {A: 1})),
    "a tie in the cut to go out that decides nothing is not cut again": (
        (1, 1, 1, 1), [E], {}, "Ames 9S, Bell KS, Cole JS, Dunn JH, Eaton JS, Bell AS, Cole KS, Dunn QS",
        ((A,), (E,), (A,), {E: 0})),
    "three candidates: only two claim; the third keeps his place in line (law 15)": (
        (2, 2, 1, 1), [E, F, G], {}, "Eaton JS, Frye AS, Cole KS, Dunn QS",
        ((A, B), (E, F), (G, A, B), {E: 0})),
    "no candidates: the same four play on, and cut again for partners (laws 11, 16)": (
        (3, 3, 3, 3), [], {}, "Ames JS, Bell AS, Cole KS, Dunn QS",
        ((), (), (), {A: 3, B: 3})),
    "a player leaves: the next in line takes his place and his run, and does not cut to go out (law 19)": (
        (1, 1, 1, 1), [E, F], {"departed": {A}}, "Bell 9S, Cole KS, Dunn JS, Eaton JH, Frye AS, Cole KH, Dunn QS",
        ((A, B), (E, F), (B,), {E: 1, F: 0})),
    "a player leaves after his two rubbers: his successor inherits no run and starts his own two (law 19)": (
        (2, 1, 1, 1), [E], {"departed": {A}}, "Eaton JS, Bell AS, Cole KS, Dunn QS",
        ((A,), (E,), (), {E: 0})),
    "a player leaves after one of his two rubbers: his successor goes out after one, as he would have (law 19)": (
        (1, 1, 1, 1), [E], {"departed": {A}}, "Eaton JS, Bell AS, Cole KS, Dunn QS",
        ((A,), (E,), (), {E: 1})),
    "players of a broken-up table come in before the table's own candidates (law 21)": (
        (2, 2, 1, 1), [E, F], {"broken_up": [G]}, "Gale JS, Eaton AS, Cole KS, Dunn QS",
        ((A, B), (G, E), (F, A, B), {G: 0, E: 0})),
    "more players of a broken-up table than places: they cut for precedence (law 21)": (
        (2, 2, 1, 1), [E], {"broken_up": [F, G, H]}, "Frye 9S, Gale AS, Hale KS, Gale JS, Hale AH, Cole KD, Dunn QS",
        ((A, B), (G, H), (F, E, A, B), {G: 0, H: 0})),
    "fresh candidates come before those who have played elsewhere (law 17)": (
        (2, 2, 1, 1), [E, F, G], {"fresh": {G}}, "Gale JS, Eaton AS, Cole KS, Dunn QS",
        ((A, B), (G, E), (F, A, B), {G: 0})),
    "one who cut into another table loses his place in line here (law 20)": (
        (2, 2, 1, 1), [E, F, G], {"lost_entry": {E}}, "Frye JS, Gale AS, Cole KS, Dunn QS",
        ((A, B), (F, G), (E, A, B), {F: 0})),
}


@pytest.mark.parametrize("case", ROTATION_CASES, ids=list(ROTATION_CASES))
def test_cutting_out_when_a_rubber_ends(case):
    runs, candidates, options, cards, (out, in_, after, next_runs) = ROTATION_CASES[case]
    change = after_rubber(list(zip([A, B, C, D], runs, strict=True)), candidates, entered(cards), **options)
    assert (change.out, change.in_, change.candidates) == (out, in_, after)
    assert change.coming_in == change.in_ and change.same_four == (not out)
    assert set(change.players) == ({A, B, C, D} - set(out)) | set(in_) and change.first_dealer is Seat.N
    assert dict(change.runs).items() >= next_runs.items()
    laws = [step.law for step in change.log]
    assert laws[-4:] == [11] * 4  # every rubber begins with a cut for partners and the deal (law 11)


def test_newcomers_take_the_chairs_of_those_they_replace_before_the_cut_for_partners():
    change = after_rubber({A: 2, B: 1, C: 1, D: 1}, [E], entered("Eaton JS, Bell AS, Cole KS, Dunn QS"))
    assert [s.player for s in change.log] == [E, B, C, D]  # Eaton cuts in Ames's place
    assert seats(change) == (E, C, B, D)


def test_a_player_leaving_with_nobody_to_take_his_place_breaks_the_table_up():
    with pytest.raises(TableBreaksUp, match=r"Ames left and nobody in line can take the place.*law 21"):
        after_rubber({A: 1, B: 1, C: 1, D: 1}, [], DrawnCuts(1), departed={A})


def test_ranking_everyone_settles_every_tie_for_a_broken_up_tables_precedence():
    cutter = Cutter(entered("Ames KS, Bell KH, Cole JD, Bell 7C, Ames 8C"))
    assert ranked(cutter, [A, B, C], "for precedence", 21) == [C, A, B]
    assert [s.law for s in cutter.log] == [21, 21, 21, 13, 13]


# Entered cuts that cannot settle the cutting: the error says which cut, which line, which law.

ERROR_CASES = {
    "a first cut missing": (
        lambda: form_tables([A, B, C, D, E], entered("Ames JS, Bell AS, Cole KS, Dunn QS")),
        MissingCut, "Eaton must cut for the tables (law 11): enter the card."),
    "a tie's cut again missing": (
        lambda: form_tables([A, B, C, D, E], entered("Ames QS, Bell QH, Cole JS, Dunn AS, Eaton KS")),
        MissingCut, "Ames and Bell tie with queens for the tables; they must cut again, to settle a tie (law 13): "
                    "enter their cards."),
    "half a tie's cut again": (
        lambda: form_tables([A, B, C, D, E], entered("Ames QS, Bell QH, Cole JS, Dunn AS, Eaton KS, Ames 9D")),
        MissingCut, "enter the card of Bell."),
    "a three-way tie's cut again missing": (
        lambda: form_tables([A, B, C, D, E], entered("Ames KS, Bell KH, Cole KD, Dunn AS, Eaton JS")),
        MissingCut, "Ames, Bell and Cole tie with kings for the tables; they must cut again, to settle a tie "
                    "(law 14)"),
    "the cut again after exposing two cards missing": (
        lambda: form_tables([A, B, C, D, E], entered("Ames JS AH, Bell AS, Cole KS, Dunn QS, Eaton 9S")),
        MissingCut, "Ames exposed more than one card (line 1) and must cut again for the tables (law 10)"),
    "the cut for partners missing": (
        lambda: form_tables([A, B, C, D, E], entered("Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 9S")),
        MissingCut, "Ames, Bell, Cole and Dunn must cut for partners and the deal (law 11): enter their cards."),
    "the cut to go out missing": (
        lambda: after_rubber({A: 1, B: 1, C: 1, D: 1}, [E], entered("Eaton JS")),
        MissingCut, "Ames, Bell, Cole and Dunn must cut to go out (law 15)"),
    "the same card twice in one cut": (
        lambda: form_tables([A, B, C, D, E], entered("Ames JS, Bell JS, Cole KS, Dunn QS, Eaton 9S")),
        DuplicateCard, "Line 2 (Bell: JS): the knave of spades was cut by Ames on line 1 in the same cut; "
                       "one pack holds each card once (law 9)."),
    "a card that is not in the pack": (
        lambda: form_tables([A, B, C, D], entered("Ames JS, Bell ZZ, Cole KS, Dunn QS")),
        BadCard, "Line 2 (Bell): 'ZZ' is not a card of the euchre pack"),
    "a name not among those cutting": (
        lambda: form_tables([A, B, C, D], entered("Ames JS, Zed AS, Cole KS, Dunn QS")),
        UnknownName, "Line 2: 'Zed' is not among those cutting (Ames, Bell, Cole and Dunn)"),
    "a cut the laws did not call for": (
        lambda: form_tables([A, B, C, D], entered("Ames JS, Bell JH, Cole KS, Dunn QS, Ames 9H")),
        ExtraCut, "Line 5 (Ames: 9H) was not needed"),
}


@pytest.mark.parametrize("case", ERROR_CASES, ids=list(ERROR_CASES))
def test_entered_cuts_that_do_not_settle_the_cutting_say_what_is_wrong(case):
    make, error, message = ERROR_CASES[case]
    with pytest.raises(error, match=re.escape(message)) as raised:
        make()
    assert isinstance(raised.value, CutError) and isinstance(raised.value, ValueError)


def test_the_same_card_may_come_up_again_in_a_new_round_from_a_fresh_pack():
    formation = form_tables([A, B, C, D, E], entered(
        "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 9S, Ames JS, Bell AS, Cole KS, Dunn QS"))
    assert seats(formation.tables[0]) == (A, C, B, D)


def test_names_are_matched_without_regard_to_case_or_spaces_and_cuts_read_from_text():
    cuts = EnteredCuts.from_text("ames:  js\n\nBELL: Ace of Hearts\n cole : 10d\nDunn:7c\n")
    (table,) = form_tables([A, B, C, D], cuts).tables
    assert seats(table) == (A, C, B, D)
    with pytest.raises(CutError, match="Line 1: write the name, a colon, then the card"):
        EnteredCuts.from_text("Ames JS")


@pytest.mark.parametrize(("present", "message"), [([A, B, C], "a table needs four players; 3 are here"),
                                                  ([A, B, C, D, "ames"], "ames is named twice")],
                         ids=["three present", "a name twice"])
def test_too_few_or_a_name_twice_is_refused(present, message):
    with pytest.raises(ValueError, match=message):
        form_tables(present, DrawnCuts(1))


# Properties of the site's own draw.

names_and_seeds = {"count": st.integers(4, 40), "seed": st.integers(0, 2**32)}


@settings(max_examples=60, deadline=None, derandomize=True)
@given(**names_and_seeds, most=st.none() | st.integers(1, 10))
def test_the_draw_places_everyone_exactly_once_and_replays_from_its_seed(count, seed, most):
    names = [f"Player {n}" for n in range(count)]
    formation = form_tables(names, DrawnCuts(seed), most_tables=most)
    placed = [p for t in formation.tables for p in (*t.players, *t.candidates)] + list(formation.waiting)
    assert sorted(placed) == sorted(names)
    assert all(len(set(t.players)) == 4 and len(t.candidates) <= 2 for t in formation.tables)
    assert len(formation.tables) == min(count // 4, most or count)
    one = formation.tables[0]
    assert set(one.players) == set(formation.order[:4])  # law 11: the four highest play at the first table
    if count - 6 >= 4 * (len(formation.tables) - 1):  # law 12: the fifth and sixth are its candidates
        assert one.candidates == formation.order[4:6]
    assert form_tables(names, DrawnCuts(seed), most_tables=most) == formation
    by_round = defaultdict(list)
    for step in formation.log:
        by_round[step.round].append(step.card)
    assert all(len(cards) == len(set(cards)) <= 32 for cards in by_round.values())  # one pack a round (law 9)
    # The draw entered back as cut at the table gives the same tables: the two sources agree.
    again = form_tables(names, EnteredCuts([(s.player, s.card) for s in formation.log if s.card]), most_tables=most)
    assert again == formation


@settings(max_examples=60, deadline=None, derandomize=True)
@given(runs=st.lists(st.integers(1, 4), min_size=4, max_size=4), waiting=st.integers(0, 4),
       seed=st.integers(0, 2**32))
def test_cutting_out_puts_out_the_longest_runs_and_keeps_four_at_the_table(runs, waiting, seed):
    four = dict(zip([A, B, C, D], runs, strict=True))
    candidates = [E, F, G, H][:waiting]
    change = after_rubber(four, candidates, DrawnCuts(seed))
    assert len(change.out) == len(change.in_) == min(2, waiting)
    assert change.in_ == tuple(candidates[:len(change.in_)])
    stayers = [p for p in four if p not in change.out]
    assert all(four[goer] >= four[stayer] for goer in change.out for stayer in stayers)  # law 15
    assert len(set(change.players)) == 4 and set(change.players) == set(stayers) | set(change.in_)
    assert change.candidates == tuple(candidates[len(change.in_):]) + change.out
    assert after_rubber(four, candidates, DrawnCuts(seed)) == change


def test_every_new_tables_missing_cut_for_partners_is_named_at_once():
    cuts = entered("Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 10S, Frye 9S, Gale 8S, Hale 7S")
    with pytest.raises(MissingCut) as raised:
        form_tables(EVERYONE, cuts)
    assert str(raised.value) == (
        "Table 1: Ames, Bell, Cole and Dunn must cut for partners and the deal (law 11): enter their cards. "
        "Table 2: Eaton, Frye, Gale and Hale must cut for partners and the deal (law 11): enter their cards.")
    half = entered("Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 10S, Frye 9S, Gale 8S, Hale 7S, "
                   "Ames JH, Bell AH, Cole KH, Dunn QH")
    with pytest.raises(MissingCut, match=r"^Table 2: Eaton, Frye, Gale and Hale must cut for partners"):
        form_tables(EVERYONE, half)


SUCCESSION_CASES = {
    "the first in line takes the chair and the run of the player who left after one rubber (law 19)":
        ({A: 1, B: 1, C: 1, D: 1}, [E, F], {A}, [(A, E, 1)]),
    "one who left after his two leaves no run": ({A: 2, B: 1, C: 1, D: 1}, [E, F], {A}, [(A, E, 0)]),
    "two leave: the first two in line, in seat order": ({A: 1, B: 3, C: 1, D: 1}, [E, F, G], {B, D},
                                                        [(B, E, 0), (D, F, 1)]),
    "a candidate sitting at this table is passed over": ({A: 1, B: 1, C: 1, D: 1}, [C, E], {A}, [(A, E, 1)]),
}


@pytest.mark.parametrize("case", SUCCESSION_CASES, ids=list(SUCCESSION_CASES))
def test_who_takes_a_departed_players_place_is_known_before_the_rubber_ends(case):
    four, line, gone, expected = SUCCESSION_CASES[case]
    found = successors(four, line, departed=gone)
    assert [(s.departed, s.successor, s.run) for s in found] == expected
    change = after_rubber(four, line, DrawnCuts(7), departed=gone)  # the cut at the rubber's end agrees
    assert all(dict(change.runs)[s.successor] == s.run for s in found)


def test_nobody_in_line_to_take_a_place_is_known_before_the_rubber_ends():
    with pytest.raises(TableBreaksUp, match="only 1 in line can take their places"):
        successors({A: 1, B: 1, C: 1, D: 1}, [E], departed={A, B})


# Issue 50: the log says where a candidate goes to a fresh table, and why, citing laws 12 and 17.

def test_a_candidate_sent_to_a_fresh_table_is_logged_with_laws_12_and_17_and_why():
    ince = "Ince"
    formation = form_tables([A, B, C, D, E, F, G, H, ince], entered(
        "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 10S, Frye 9S, Gale 8S, Hale 7S, Ince 7H, "
        "Ames JH, Bell AH, Cole KH, Dunn QH, Eaton JD, Gale AD, Hale KD, Ince QD"))
    one, two = formation.tables
    assert set(one.players) == {A, B, C, D} and one.candidates == (F,)
    assert set(two.players) == {E, G, H, ince} and two.candidates == ()
    tables_cut = {step.player: step for step in formation.log if step.kind is CutKind.TABLES}
    assert [(p, tables_cut[p].laws) for p in (A, F, E, G, ince)] == [
        (A, (11,)), (F, (11,)), (E, (11, 12, 17)), (G, (11, 12, 17)), (ince, (11, 12, 17))]
    assert tables_cut[E].reason == (
        "for the tables, and so to table 2, a fresh table: fifth or sixth in the cut, he was the first table's "
        "candidate (law 12), but too few were below to fill this table, so he takes a place left by his card "
        "(law 17)")
    assert tables_cut[G].reason == (
        "for the tables, and so to table 2, a fresh table: below the first table's four and the two in line there "
        "(law 12), he is placed by his card, after any who have belonged to no table (law 17)")
    assert str(tables_cut[G]).endswith("laws 11, 12, 17)")


def test_a_fresh_candidate_at_a_later_cutting_is_logged_coming_in_first_under_law_17():
    formation = form_tables([A, B, C, D, E], entered(
        "Ames JS, Bell AS, Cole KS, Dunn QS, Eaton 7S, Ames JH, Cole AH, Dunn KH, Eaton QH"),
        fresh={A, C, D, E}, first_number=3)
    (table,) = formation.tables
    assert table.number == 3 and table.candidates == (B,)
    tables_cut = {step.player: step for step in formation.log if step.kind is CutKind.TABLES}
    assert tables_cut[E].laws == (11, 12, 17) and tables_cut[E].reason == (
        "for the tables, and so to table 3, a fresh table: having neither played at nor stood in line at another "
        "table this evening, he comes in before those who have (law 17), and the cards then place the four who "
        "play and the two in line (law 12)")
    assert tables_cut[B].reason == (
        "for the tables, and so to table 3 as its first candidate, a fresh table: placed by his card, the four "
        "highest playing and the next two standing in line (law 12), after any who have belonged to no table "
        "(law 17)")
