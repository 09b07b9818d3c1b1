"""Putting players in order by their cuts, and choosing partners and the deal (laws 8, 11, 13, 14)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from scoring.engine.cutting.cards import Card
from scoring.engine.cutting.sources import Cutter


def _groups(players: Sequence[str], cards: dict[str, Card]) -> list[list[str]]:
    """Players highest card first, those with cards of equal value together (order of cutting kept)."""
    ordered = sorted(players, key=lambda p: -cards[p].value)
    return [list(group) for _, group in groupby(ordered, key=lambda p: cards[p].value)]


def ranked(cutter: Cutter, players: Sequence[str], reason: str, law: int) -> list[str]:
    """Everyone in order, highest first; players who tie cut again among themselves (law 13), and so on."""
    if len(players) <= 1:
        return list(players)
    cards = cutter.cut(players, reason, law)
    out: list[str] = []
    for group in _groups(players, cards):
        out += group if len(group) == 1 else ranked(cutter, group, "again, to settle a tie", 13)
    return out


@dataclass(frozen=True, slots=True)
class Partnership:
    """The four of a new rubber: the dealer and his partner against the other two (law 11)."""

    dealer: str
    partner: str
    opponents: tuple[str, str]
    """The higher of the two first: he sits on the dealer's left and so leads first."""


def partnership(cutter: Cutter, four: Sequence[str]) -> Partnership:
    """The four cut for partners: the two highest against the two lowest, the highest dealing (law 11).

    Ties (law 13): the two highest, or the two lowest, tying are partners without cutting again; a tie
    between the second and third cut again. When the two highest tie, the one of them who cut first
    deals. Three tying (law 14) cut again: if the fourth card was the highest, the two lowest of the
    new cut are partners and the fourth deals; if it was the lowest, the two highest of the new cut
    are partners and the highest of them deals. Four tying cut again.
    """
    cards = cutter.cut(four, "for partners and the deal", 11)
    groups = _groups(four, cards)
    sizes = [len(g) for g in groups]
    if sizes == [4]:
        return partnership(cutter, four)
    if sizes == [1, 3]:  # the fourth card is the highest (law 14)
        fourth, three = groups[0][0], ranked(cutter, groups[1], "again: three tied", 14)
        return Partnership(fourth, three[0], (three[1], three[2]))
    if sizes == [3, 1]:  # the fourth card is the lowest (law 14)
        three, fourth = ranked(cutter, groups[0], "again: three tied", 14), groups[1][0]
        return Partnership(three[0], three[1], (three[2], fourth))
    if sizes in ([2, 1, 1], [2, 2]):  # the two highest tie: partners without cutting again (law 13)
        high, low = groups[0], [p for g in groups[1:] for p in g]
        return Partnership(high[0], high[1], (low[0], low[1]))
    if sizes == [1, 1, 2]:  # the two lowest tie: partners without cutting again (law 13)
        return Partnership(groups[0][0], groups[1][0], (groups[2][0], groups[2][1]))
    if sizes == [1, 2, 1]:  # second and third tie: they cut again (law 13)
        middle = ranked(cutter, groups[1], "again: tied second and third", 13)
        return Partnership(groups[0][0], middle[0], (middle[1], groups[2][0]))
    order = [g[0] for g in groups]  # four different cards
    return Partnership(order[0], order[1], (order[2], order[3]))
