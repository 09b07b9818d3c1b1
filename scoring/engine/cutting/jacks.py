"""Forming a table under the Official Laws of 1862 (law I): a card is dealt face up to each player in turn,
a player who has a jack being passed over, until the four jacks are out. The first jack deals first, the
holders of the two jacks of one colour are partners, and whoever has no jack sits out.

The cards come from the site's draw (`drawn_jack_deal`, a seeded shuffle, so it replays exactly) or are
entered as they fell at the table (`jack_deal` with the cards in the order dealt).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.engine.cutting.cards import PACK, Card, Rank, Suit
from scoring.engine.seats import Seat

__all__ = ["JackDeal", "JackDealError", "drawn_jack_deal", "jack_deal"]

RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})
LAW = "I"


class JackDealError(ValueError):
    """Cards that cannot be the deal law I describes: too few, a card twice, or too few players."""


@dataclass(frozen=True, slots=True)
class JackDeal:
    dealt: tuple[tuple[str, Card], ...]
    """Every card in the order it was dealt, with who received it."""
    first_dealer: str
    partner: str
    """The first dealer's partner: the holder of the other jack of his colour."""
    others: tuple[str, str]
    """The other partnership, in the order their jacks came."""
    sitting_out: tuple[str, ...]

    @property
    def seats(self) -> tuple[tuple[Seat, str], ...]:
        """The first dealer North, his partner South, the others East and West in the order of their jacks."""
        return ((Seat.N, self.first_dealer), (Seat.E, self.others[0]), (Seat.S, self.partner),
                (Seat.W, self.others[1]))


def jack_deal(players: Sequence[str], cards: Iterable[Card]) -> JackDeal:
    """Deal `cards` in order to `players` (in the order the deal goes round) as law I does.

    >>> from scoring.engine.cutting.cards import parse_card
    >>> cards = [parse_card(c) for c in "9S JH 7C AD JC KS JD QH 10S JS".split()]
    >>> deal = jack_deal(["Ames", "Bell", "Cole", "Dunn", "Eyre"], cards)
    >>> deal.first_dealer, deal.partner, deal.others, deal.sitting_out
    ('Bell', 'Cole', ('Eyre', 'Dunn'), ('Ames',))
    """
    if len(players) < 4 or len(set(players)) != len(players):
        raise JackDealError("law I needs at least four different players")
    supply = iter(cards)
    seen: set[Card] = set()
    dealt: list[tuple[str, Card]] = []
    jacks: dict[str, Card] = {}
    while len(jacks) < 4:
        for player in players:
            if player in jacks:
                continue  # a player with a jack is passed over
            card = next(supply, None)
            if card is None:
                raise JackDealError(f"the cards ran out with {len(jacks)} of the four jacks dealt (law {LAW})")
            if card in seen:
                raise JackDealError(f"the {card.words} was dealt twice")
            seen.add(card)
            dealt.append((player, card))
            if card.rank is Rank.KNAVE:
                jacks[player] = card
                if len(jacks) == 4:
                    break
    holders = list(jacks)  # in the order the jacks came
    first = holders[0]
    red = jacks[first].suit in RED
    partner = next(p for p in holders[1:] if (jacks[p].suit in RED) == red)
    others = [p for p in holders if p not in (first, partner)]
    return JackDeal(tuple(dealt), first, partner, (others[0], others[1]),
                    tuple(p for p in players if p not in jacks))


def drawn_jack_deal(players: Sequence[str], seed: int) -> JackDeal:
    """The site's deal: a pack shuffled from `seed`, dealt as law I says (the same seed, the same deal)."""
    pack = list(PACK)
    random.Random(seed).shuffle(pack)
    return jack_deal(players, pack)
