"""A hand as the table reported it.

`ReportedHand` and `Revokes` are frozen msgspec structs, so the interchange reader decodes a
rubber's JSON straight into them; their fields are the interchange format's own.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import msgspec

from scoring.engine.seats import Seat, Side


class HandResult(StrEnum):
    """How a deal ended."""

    PLAYED = "played"
    """Trump was made and the hand played out; the only result that scores."""
    PASSED = "passed"
    """All four passed twice; the deal ends and passes to the left (law 77)."""
    NEW_DEAL = "new_deal"
    """The same dealer deals again (laws 33, 34, 39; a misdeal that keeps the deal, laws 43-44)."""
    MISDEAL = "misdeal"
    """A misdeal; the dealer loses the deal (law 41)."""


class Declaration(StrEnum):
    """How the maker made the trump (law 2 names all four; none changes the points)."""

    ORDERED_UP = "ordered_up"
    """An adversary of the dealer told him to take up the turned card (law 74)."""
    ASSISTED = "assisted"
    """The dealer's partner told him to take up the turned card (law 75)."""
    ADOPTED = "adopted"
    """The dealer took up the turned card himself (law 76)."""
    MADE = "made"
    """A suit was named after the turned card was turned down (law 77)."""


def turned_card_declaration(maker: Seat, dealer: Seat) -> Declaration:
    """How a maker who took the turned card made it, from where he sits: the dealer adopts it (law 76),
    his partner assists (law 75), an adversary orders it up (law 74)."""
    if maker is dealer:
        return Declaration.ADOPTED
    if maker is dealer.partner:
        return Declaration.ASSISTED
    return Declaration.ORDERED_UP


Count = Annotated[int, msgspec.Meta(ge=0)]


class Revokes(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """Established revokes by each side in one hand (laws 62-71); `{"NS": 0, "EW": 1}` in the interchange format."""

    ns: Count = msgspec.field(default=0, name="NS")
    ew: Count = msgspec.field(default=0, name="EW")

    def by(self, side: Side) -> int:
        return self.ns if side is Side.NS else self.ew

    def __bool__(self) -> bool:
        return bool(self.ns or self.ew)


NO_REVOKES = Revokes()


class Miscount(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """Points a side's counter added to its score that it had not won (XXXI); `{"NS": 1}` in the interchange
    format. The other side counts them."""

    ns: Count = msgspec.field(default=0, name="NS")
    ew: Count = msgspec.field(default=0, name="EW")

    def __bool__(self) -> bool:
        return bool(self.ns or self.ew)


NO_MISCOUNT = Miscount()


class ReportedHand(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """One deal as reported. Only a `PLAYED` hand carries a maker, tricks and penalties."""

    result: HandResult = HandResult.PLAYED
    dealer: Seat | None = None
    out_of_turn: bool = False
    maker: Seat | None = None
    declaration: Declaration | None = None
    alone: bool = False
    tricks: int | None = None
    revokes: Revokes = NO_REVOKES
    wrong_cards: Side | None = None
    adversary_abandoned: bool = False
    partner_exposed: bool = False
    declared_by: Seat | None = None
    """In a lone hand, the partner who ordered, assisted, adopted or made the trump before the maker took it
    out of his hands (Somerset laws 74-75, 1877 §6)."""
    signal: Side | None = None
    """A side that signalled or talked across the table (XXXIII)."""
    thrown_in: Side | None = None
    """A side one of whose players threw his cards in (1877 §9)."""
    miscount: Miscount = NO_MISCOUNT
    """Points each side's counter wrongly added in this hand (XXXI)."""
    uncounted: Miscount = NO_MISCOUNT
    """Points each side won in this hand but failed to count until after the next deal, and so lost (XXXI)."""
    refused_penalty: Side | None = None
    """A side that refused a penalty the laws gave, and so lost the game in play (XXXVI)."""
    defended_alone: Seat | None = None
    """The defender who played alone against a lone hand (a house rule of the standard game)."""

    @property
    def declarer(self) -> Seat | None:
        """Who declared the trump: the maker, unless he took it out of his partner's hands."""
        return self.declared_by if self.declared_by is not None else self.maker

    @property
    def makers(self) -> Side | None:
        return self.maker.side if self.maker is not None else None

    @property
    def scores(self) -> bool:
        return self.result is HandResult.PLAYED
