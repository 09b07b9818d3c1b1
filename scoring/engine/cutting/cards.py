"""Cards for cutting, their rank under law 8, and reading a card as a secretary types it.

Law 8 ranks the knave highest in cutting, then the ace, the king and on down. The pack is the euchre
pack of thirty-two cards, seven up to ace in four suits. The laws give the suits no rank in cutting,
so two cards of the same rank are "cards of equal value" and tie (laws 13, 14).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum


class Rank(StrEnum):
    """A rank of the euchre pack, listed lowest first in the order law 8 gives them for cutting."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    KNAVE = "J"

    @property
    def height(self) -> int:
        """0 for a seven up to 7 for a knave: the higher wins the cut (law 8)."""
        return _RANK_ORDER.index(self)

    @property
    def word(self) -> str:
        return _RANK_WORDS[self]

    @property
    def plural(self) -> str:
        """'knaves', 'aces', 'sevens': for naming a tie ("tie with kings")."""
        return f"{self.word}s"


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        return self.name.lower()


_RANK_ORDER: tuple[Rank, ...] = tuple(Rank)
_RANK_WORDS = {Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten", Rank.QUEEN: "queen",
               Rank.KING: "king", Rank.ACE: "ace", Rank.KNAVE: "knave"}
_SUIT_SYMBOLS = {Suit.SPADES: "\u2660", Suit.HEARTS: "\u2665", Suit.DIAMONDS: "\u2666", Suit.CLUBS: "\u2663"}


class CardError(ValueError):
    """Text that does not name a card of the euchre pack."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the pack. Cards compare equal only when rank and suit agree; for cutting compare `value`."""

    rank: Rank
    suit: Suit

    @property
    def value(self) -> int:
        """The card's place in cutting (law 8): the suit plays no part, so the four knaves are all 7."""
        return self.rank.height

    def ties_with(self, other: Card) -> bool:
        """Cards of equal value (laws 13, 14): the same rank, whatever the suits."""
        return self.rank is other.rank

    @property
    def label(self) -> str:
        """'J♠', '10♦': short, for tables and the log."""
        return f"{self.rank}{self.suit.symbol}"

    @property
    def words(self) -> str:
        """'knave of spades'."""
        return f"{self.rank.word} of {self.suit.word}"

    def __str__(self) -> str:
        return self.label


PACK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The euchre pack: thirty-two cards, seven up to ace in each suit. Everyone cuts from one such pack (law 9)."""

# What a secretary may type for a rank or a suit, besides the letters themselves.
_RANK_TEXT: dict[str, Rank] = {
    **{str(rank).lower(): rank for rank in Rank},
    "t": Rank.TEN, "jack": Rank.KNAVE, "knave": Rank.KNAVE, "kn": Rank.KNAVE, "ace": Rank.ACE, "king": Rank.KING,
    "queen": Rank.QUEEN, "ten": Rank.TEN, "nine": Rank.NINE, "eight": Rank.EIGHT, "seven": Rank.SEVEN,
}
_SUIT_TEXT: dict[str, Suit] = {
    **{str(suit).lower(): suit for suit in Suit},
    **{symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()},
    **{suit.word: suit for suit in Suit}, **{suit.word[:-1]: suit for suit in Suit},
}
_NOT_IN_EUCHRE = {"2", "3", "4", "5", "6", "two", "three", "four", "five", "six", "deuce", "trey"}
_HOW = "write the rank (7 8 9 10 J Q K A) and the suit (S H D C), e.g. JS, 10D or 'knave of spades'"


def parse_card(text: str) -> Card:
    """The card a secretary typed: 'JS', 'ah', '10D', '7c', 'Q♦', 'Jack of spades', 'ten of diamonds'.

    Case and spaces do not matter. Raises CardError, saying what was wrong and how to write a card.
    """
    cleaned = " ".join(text.split()).lower()
    if not cleaned:
        raise CardError(f"No card was given: {_HOW}.")
    if " of " in cleaned:
        rank_text, _, suit_text = cleaned.partition(" of ")
    else:
        compact = cleaned.replace(" ", "")
        match = re.fullmatch(r"(.+?)([a-z\u2660\u2665\u2666\u2663])", compact)
        rank_text, suit_text = (match.group(1), match.group(2)) if match else (compact, "")
    rank, suit = _RANK_TEXT.get(rank_text.strip()), _SUIT_TEXT.get(suit_text.strip())
    if rank is None or suit is None:
        why = ""
        if rank_text.strip() in _NOT_IN_EUCHRE:
            why = " (it has no cards below the seven)"
        elif rank is not None:
            why = f" (no suit {suit_text.strip()!r})"
        raise CardError(f"{text.strip()!r} is not a card of the euchre pack{why}: {_HOW}.")
    return Card(rank, suit)
