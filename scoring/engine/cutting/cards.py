"""Cards for cutting (law 8): the knave is highest, then the ace, king, queen, ten, nine, eight, seven.

Suits do not rank, so two cards of the same rank tie (laws 13, 14). The euchre pack has thirty-two
cards, seven up to ace in each suit, and everyone cuts from the same pack (law 9).
"""

from __future__ import annotations

from dataclasses import dataclass

RANKS = ("7", "8", "9", "10", "Q", "K", "A", "J")  # lowest first, as law 8 orders them for cutting
RANK_WORDS = {"7": "seven", "8": "eight", "9": "nine", "10": "ten", "Q": "queen", "K": "king", "A": "ace",
              "J": "knave"}
SUITS = {"S": ("\u2660", "spades"), "H": ("\u2665", "hearts"), "D": ("\u2666", "diamonds"), "C": ("\u2663", "clubs")}
_RANK_NAMES = {"jack": "J", "knave": "J", "ace": "A", "king": "K", "queen": "Q", "ten": "10", "nine": "9",
               "eight": "8", "seven": "7", "t": "10"}
_SUIT_NAMES = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "\u2660": "S", "\u2665": "H",
               "\u2666": "D", "\u2663": "C"}


class CardError(ValueError):
    """Text that does not name a card of the euchre pack."""


@dataclass(frozen=True, slots=True)
class Card:
    rank: str
    suit: str

    @property
    def value(self) -> int:
        """The card's place for cutting (law 8): 0 for a seven up to 7 for a knave."""
        return RANKS.index(self.rank)

    @property
    def label(self) -> str:
        return f"{self.rank}{SUITS[self.suit][0]}"

    @property
    def words(self) -> str:
        return f"{RANK_WORDS[self.rank]} of {SUITS[self.suit][1]}"

    @property
    def rank_words(self) -> str:
        """The rank in the plural, for ties: 'kings', 'knaves', 'sevens'."""
        word = RANK_WORDS[self.rank]
        return f"{word}es" if word.endswith("x") else f"{word}s"


PACK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def parse_card(text: str) -> Card:
    """A card from what a secretary types: 'JS', '10d', 'a♥', 'knave of spades', 'Jack of clubs'."""
    cleaned = text.strip().lower()
    if " of " in cleaned:
        rank_text, _, suit_text = cleaned.partition(" of ")
        rank, suit = _RANK_NAMES.get(rank_text.strip(), rank_text.strip().upper()), _SUIT_NAMES.get(suit_text.strip())
    else:
        compact = cleaned.replace(" ", "")
        rank, suit = compact[:-1].upper(), compact[-1:].upper()
        suit = _SUIT_NAMES.get(compact[-1:], suit)
        rank = _RANK_NAMES.get(compact[:-1], rank)
    if rank not in RANKS or suit not in SUITS:
        raise CardError(f"{text.strip()!r} is not a card of the euchre pack: write the rank (7 8 9 10 J Q K A) "
                        "and the suit (S H D C), e.g. JS or 10D.")
    return Card(rank, suit)
