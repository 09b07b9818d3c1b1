"""Law I of 1862: cards dealt face up until the four jacks are out; the first jack deals, the jacks of one
colour are partners, the rest sit out. Checked on a worked deal, on refusals, and over any shuffle."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.cutting.cards import PACK, Rank, parse_card
from scoring.engine.cutting.jacks import RED, JackDealError, drawn_jack_deal, jack_deal
from scoring.engine.seats import Seat

NAMES = ["Ames", "Bell", "Cole", "Dunn", "Eyre", "Ford", "Gray"]


def cards(text: str):
    return [parse_card(c) for c in text.split()]


def test_a_player_with_a_jack_is_passed_over_and_the_same_colours_partner():
    deal = jack_deal(NAMES[:5], cards("9S JH 7C AD JC KS JD QH 10S JS"))
    assert [p for p, _ in deal.dealt] == ["Ames", "Bell", "Cole", "Dunn", "Eyre", "Ames", "Cole", "Dunn", "Ames",
                                          "Dunn"]
    assert (deal.first_dealer, deal.partner, deal.others, deal.sitting_out) == ("Bell", "Cole", ("Eyre", "Dunn"),
                                                                                ("Ames",))
    assert dict(deal.seats) == {Seat.N: "Bell", Seat.E: "Eyre", Seat.S: "Cole", Seat.W: "Dunn"}


@pytest.mark.parametrize(("players", "dealt", "message"), [
    (NAMES[:3], "JS JH JD JC", "at least four"),
    (["Ames", "Ames", "Bell", "Cole"], "JS JH JD JC", "four different"),
    (NAMES[:4], "JS JH 9C", "ran out with 2 of the four jacks"),
    (NAMES[:4], "9C 9C", "nine of clubs was dealt twice"),
])
def test_cards_that_cannot_be_the_deal_are_refused_in_one_line(players, dealt, message):
    with pytest.raises(JackDealError, match=message):
        jack_deal(players, cards(dealt))


@given(st.integers(min_value=4, max_value=7), st.integers(min_value=0, max_value=2**32))
def test_any_shuffle_gives_four_jack_holders_paired_by_colour_and_replays(count, seed):
    players = NAMES[:count]
    deal = drawn_jack_deal(players, seed)
    assert deal == drawn_jack_deal(players, seed)
    jacks = {player: card for player, card in deal.dealt if card.rank is Rank.KNAVE}
    assert len(jacks) == 4 and set(jacks) == {deal.first_dealer, deal.partner, *deal.others}
    assert next(p for p, c in deal.dealt if c.rank is Rank.KNAVE) == deal.first_dealer
    assert (jacks[deal.first_dealer].suit in RED) == (jacks[deal.partner].suit in RED)
    assert (jacks[deal.others[0]].suit in RED) == (jacks[deal.others[1]].suit in RED)
    assert set(deal.sitting_out) == set(players) - set(jacks)
    holders_so_far: set[str] = set()
    for player, card in deal.dealt:  # nobody is dealt a card once he has his jack
        assert player not in holders_so_far
        if card.rank is Rank.KNAVE:
            holders_so_far.add(player)
    assert len({c for _, c in deal.dealt}) == len(deal.dealt) <= len(PACK)
