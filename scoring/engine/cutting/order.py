"""Putting players in order by their cards, and the cut for partners and the deal (laws 8, 11, 13, 14).

Ties. Law 13 has two who cut cards of equal value cut again, unless theirs are the two highest or
the two lowest cards of the four: there the tie changes nothing, since the two are partners either
way. Law 14 has three who tie cut again. Read together, a tie is cut again when, and only when, the
order of the tied players decides something, and then only those tied cut, only to settle their own
order: they keep the places their first cards gave the group. So `settle` is told where the order
matters (its `breaks`: a break at k means it matters who is in the first k and who is not), and a
group of equal cards is cut again only when a break falls inside it; again inside the new cut, and
so on. Four tying cut again, as three do.

Where the laws leave an order unsettled and the site must still write one down (two tied for the
deal, two tied for the dealer's left), the player who cut first keeps the higher place: those first
in the room cut first and have the preference (law 11).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import groupby

from scoring.engine.cutting.calls import LAWS, PURPOSES, Call, CutKind, tie_law
from scoring.engine.cutting.cards import Card
from scoring.engine.cutting.cutter import Cutter
from scoring.engine.seats import Seat

PARTNERS_BREAK = 2  # law 11: the two highest against the two lowest


def settle(cutter: Cutter, players: Sequence[str], cards: dict[str, Card], *, breaks: Collection[int] | None,
           purpose: str, prior: Collection[str] = ()) -> list[str]:
    """`players` (in the order they cut) in the order of their `cards`, highest first (law 8).

    Players in `prior` come before all the others (law 17), each part in the order of its cards.
    A group of equal cards with a break inside it cuts again (laws 13, 14); `breaks` None means every
    place matters.
    """
    count = len(players)
    matters = set(range(1, count)) if breaks is None else {b for b in breaks if 0 < b < count}

    def key(player: str) -> tuple[bool, int]:
        return (player not in prior, -cards[player].value)

    out: list[str] = []
    for _, same in groupby(sorted(players, key=key), key=key):  # sorted() is stable: order of cutting kept
        group = list(same)
        start = len(out)
        inside = {b - start for b in matters if start < b < start + len(group)}
        if inside:
            call = Call(tuple(group), CutKind.TIE, tie_law(len(group)), purpose, cards[group[0]].rank.plural)
            group = settle(cutter, group, cutter.cut(call), breaks=inside, purpose=purpose)
        out += group
    return out


def ranked(cutter: Cutter, players: Sequence[str], reason: str, law: int, *, kind: CutKind = CutKind.PRECEDENCE,
           breaks: Collection[int] | None = None) -> list[str]:
    """`players` cut (from one pack, law 9) and put in order, highest first; ties cut again where they matter.

    `reason` and `law` are those of the first cut ('for precedence', 21). With `breaks` None every
    place matters; when no break falls among the players nobody needs to cut, and nobody does.
    """
    if len(players) != len(set(players)):
        raise ValueError("a player cannot cut twice in one cut")
    if len(players) <= 1 or (breaks is not None and not any(0 < b < len(players) for b in breaks)):
        return list(players)
    cards = cutter.cut(Call(tuple(players), kind, law, reason))
    return settle(cutter, players, cards, breaks=breaks, purpose=reason)


@dataclass(frozen=True, slots=True)
class Partnership:
    """The four of a rubber after the cut for partners: the dealer and his partner against the other two (law 11)."""

    dealer: str
    partner: str
    opponents: tuple[str, str]
    """The higher card first: he sits on the dealer's left, eldest hand."""

    @property
    def seats(self) -> tuple[tuple[Seat, str], ...]:
        """North, East, South, West: the dealer North and his partner South, the higher opponent East on the
        dealer's left, the other West. The dealer may choose other seats (law 11); the secretary can move them."""
        return ((Seat.N, self.dealer), (Seat.E, self.opponents[0]), (Seat.S, self.partner),
                (Seat.W, self.opponents[1]))


FIRST_DEALER = Seat.N  # the dealer is seated North (see `Partnership.seats`)


def partnership(cutter: Cutter, four: Sequence[str]) -> Partnership:
    """The four cut for partners: the two highest against the two lowest, the highest dealing (law 11).

    What the laws say of ties falls out of `settle` with the one break between second and third:
    - the two highest, or the two lowest, tying are partners without cutting again (law 13); when the
      two highest tie, the one who cut first deals (their side has the deal; the laws do not say which);
    - second and third tying cut again, the higher partnering the highest (law 13);
    - three tying cut again (law 14): if the fourth card is the highest, its holder deals with the highest
      of the new cut as partner, against the two lowest of it; if the fourth card is the lowest, the two
      highest of the new cut are partners, the higher dealing, against the lowest of it and the fourth;
    - four tying all cut again.
    """
    if len(four) != 4 or len(set(four)) != 4:
        raise ValueError(f"four different players cut for partners, not {list(four)}")
    order = ranked(cutter, four, PURPOSES[CutKind.PARTNERS], LAWS[CutKind.PARTNERS], kind=CutKind.PARTNERS,
                   breaks={PARTNERS_BREAK})
    return Partnership(order[0], order[1], (order[2], order[3]))


def seated(four: Partnership) -> tuple[tuple[Seat, str], ...]:
    """The seats of a partnership, North, East, South, West (see `Partnership.seats`)."""
    return four.seats
