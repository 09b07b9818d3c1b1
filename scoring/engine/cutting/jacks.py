"""Forming a table under the Official Laws of 1862 (law I): a card is dealt face up to each player in turn,
a player who has a jack being passed over, until the four jacks are out. The first jack deals first, the
holders of the two jacks of one colour are partners, and whoever has no jack sits out.

The cards come from the site's draw (`drawn_jack_deal`, a seeded shuffle, so it replays exactly) or are
entered as they fell at the table (`jack_deal` with the cards in the order dealt).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass

from scoring.engine.cutting.cards import PACK, Card, Rank, Suit
from scoring.engine.seats import Seat

__all__ = ["JackDeal", "JackDealError", "drawn_jack_deal", "entered_jack_deals", "jack_deal", "jack_tables"]

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


def entered_jack_deals(players: Sequence[str], entered: Sequence[tuple[str, str]],
                       tables: int) -> list[JackDeal]:
    """Law I's deals as entered from the tables: (name, card) lines in the order dealt, one deal after another
    (each a fresh pack) for `tables` tables, the players left out of one deal dealt to in the next. Each line
    must name the player law I deals that card to; `JackDealError` names the line that does not."""
    from scoring.engine.cutting.cards import CardError, parse_card

    deals: list[JackDeal] = []
    lines = iter(enumerate(entered, start=1))
    remaining = list(players)
    for _ in range(tables):
        cards: list[Card] = []
        jacks = 0
        order = _order(remaining)
        expected = next(order)
        while jacks < 4:
            found = next(lines, None)
            if found is None:
                raise JackDealError(f"the cards ran out with {jacks} of the four jacks dealt (law {LAW})")
            number, (name, text) = found
            if name != expected:
                raise JackDealError(f"line {number}: law {LAW} deals this card to {expected}, not {name}")
            try:
                card = parse_card(text)
            except CardError as exc:
                raise JackDealError(f"line {number}: {exc}") from None
            cards.append(card)
            jacks += card.rank is Rank.KNAVE
            if jacks < 4:
                expected = order.send(card)
        deal = jack_deal(remaining, cards)
        deals.append(deal)
        remaining = [p for p in remaining if p in deal.sitting_out]
    extra = next(lines, None)
    if extra is not None:
        raise JackDealError(f"line {extra[0]}: every table has its four jacks before this card (law {LAW})")
    return deals


def _order(players: Sequence[str]) -> Generator[str, Card | None, None]:
    """Who receives each card in turn, a player who has a jack passed over (send each card as it is dealt)."""
    have: set[str] = set()
    while True:
        for player in players:
            if player in have:
                continue
            card = yield player
            if card is not None and card.rank is Rank.KNAVE:
                have.add(player)


def jack_tables(players: Sequence[str], seed: int, tables: int) -> list[JackDeal]:
    """The site's deals for `tables` tables, each a fresh pack shuffled from `seed` and the table's number."""
    deals: list[JackDeal] = []
    remaining = list(players)
    for number in range(tables):
        deal = drawn_jack_deal(remaining, seed * 100 + number)
        deals.append(deal)
        remaining = [p for p in remaining if p in deal.sitting_out]
    return deals
