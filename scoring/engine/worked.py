"""A worked game: deals chosen to show how a code scores, as the club plays it, played until a side wins a game.

How scoring works shows one game hand by hand. The deals are not written out: `worked_game` chooses them from the
rulebook, so that each rule in force shows where it applies (a lone hand euchred at the code's or the house's
figure, a lone defender's euchre where a defender may play alone, the stuck dealer naming trump and no deal
passed, the dealer's partner playing alone on his own assist under the Canadian loner, a march), then plays on
until a side reaches the game. Every deal is one the rulebook allows, and each is chosen by asking the scorer what
it gives, so the figures the page shows are the engine's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from scoring.engine.hands import NO_REVOKES, Declaration, HandResult, ReportedHand, Revokes
from scoring.engine.results import RubberResult
from scoring.engine.rulebook import HOUSE_RULES, HouseRules, Rulebook
from scoring.engine.scorer import score_rubber
from scoring.engine.seats import Seat, Side


class Shows(StrEnum):
    """What a deal of the worked game is there to show."""

    POINT = "point"
    MARCH = "march"
    EUCHRE = "euchre"
    LONE_MARCH = "lone_march"
    LONE_EUCHRE = "lone_euchre"
    REVOKE = "revoke"
    SIGNAL = "signal"
    PASSED = "passed"  # all four pass twice and the deal passes (law 77)
    STUCK = "stuck"  # house rule: the dealer, the other three having passed twice, names trump
    CANADIAN = "canadian"  # house rule: the dealer's partner who orders him up plays alone
    DEFENDED = "defended"  # house rule: a lone defender euchres the lone hand


SHOWN_BY_HOUSE_RULE: dict[str, Shows] = {
    "lone_euchre": Shows.LONE_EUCHRE,
    "table_talk": Shows.SIGNAL,
    "stick_the_dealer": Shows.STUCK,
    "canadian_loner": Shows.CANADIAN,
    "defend_alone": Shows.DEFENDED,
    "defend_alone_euchre": Shows.DEFENDED,
}
"""The deal that shows each house rule in force."""

ALWAYS_SHOWN = frozenset({Shows.LONE_EUCHRE, Shows.MARCH})
"""Shown under every code: what a lone hand euchred gives (the figure the codes differ on most), and a march."""


Build = Callable[[Seat, Side, Rulebook], ReportedHand | None]
"""A deal dealt by the seat given that gives its points to the side given, or None where that dealer cannot."""


@dataclass(frozen=True, slots=True)
class Deal:
    """One kind of deal the worked game may hold, and what it shows."""

    shows: frozenset[Shows]
    build: Build


def _taker(dealer: Seat, side: Side) -> tuple[Seat, Declaration]:
    """A player of `side` who takes the turned card where every code allows it: the dealer takes it up himself
    (1877 §6; the standard game's summary), or the eldest hand, the dealer's adversary, orders it up (law 74)."""
    return (dealer, Declaration.ADOPTED) if dealer.side is side else (dealer.left, Declaration.ORDERED_UP)


def _played(dealer: Seat, side: Side, tricks: int, *, alone: bool = False, revokes: Revokes = NO_REVOKES,
            signal: Side | None = None) -> ReportedHand:
    """A deal whose trump `side` took, in the first round, with `tricks` tricks to its makers."""
    maker, declaration = _taker(dealer, side)
    return ReportedHand(dealer=dealer, maker=maker, declaration=declaration, alone=alone, tricks=tricks,
                        revokes=revokes, signal=signal)


def _point(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand:
    return _played(dealer, side, rb.points.tricks_to_make)


def _march(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand:
    return _played(dealer, side, rb.points.tricks_per_hand)


def _euchre(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand:
    return _played(dealer, side.other, rb.points.tricks_to_make - 1)


def _lone_march(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand:
    return _played(dealer, side, rb.points.tricks_per_hand, alone=True)


def _lone_euchre(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand:
    return _played(dealer, side.other, rb.points.tricks_to_make - 1, alone=True)


def _revoke(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand:
    """The defenders revoke once against `side`'s trump."""
    revokes = Revokes(ew=1) if side is Side.NS else Revokes(ns=1)
    return _played(dealer, side, rb.points.tricks_to_make, revokes=revokes)


def _signal(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand | None:
    """The other side make the trump and talk across the table: `side` scores the signal (XXXIII), and the
    makers count nothing they made (XXXIV)."""
    if not rb.points.signal:
        return None
    return _played(dealer, side.other, rb.points.tricks_to_make, signal=side.other)


def _passed(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand | None:
    return None if rb.house.stick_the_dealer else ReportedHand(result=HandResult.PASSED, dealer=dealer)


def _stuck(tricks: Callable[[Rulebook], int], makers_score: bool) -> Build:
    """The other three pass twice and the stuck dealer names trump in the second round (house rule), taking the
    given tricks: the deal gives `side` its points when the dealer's side scores (`makers_score`), or is euchred."""
    def build(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand | None:
        if not rb.house.stick_the_dealer or (dealer.side is side) is not makers_score:
            return None
        return ReportedHand(dealer=dealer, maker=dealer, declaration=Declaration.MADE, tricks=tricks(rb))
    return build


def _canadian(tricks: Callable[[Rulebook], int], makers_score: bool, defended: bool = False) -> Build:
    """The dealer's partner orders him up and so plays alone (house rule), taking the given tricks; `defended`, a
    defender plays alone against him."""
    def build(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand | None:
        if not rb.house.canadian_loner or (dealer.side is side) is not makers_score:
            return None
        if defended and not rb.points.defended_lone_euchre:
            return None
        maker = dealer.partner
        return ReportedHand(dealer=dealer, maker=maker, declaration=Declaration.ASSISTED, alone=True,
                            tricks=tricks(rb), defended_alone=maker.left if defended else None)
    return build


def _defended(dealer: Seat, side: Side, rb: Rulebook) -> ReportedHand | None:
    """A lone hand of the other side, defended alone by a player of `side` and euchred (house rule)."""
    if not rb.points.defended_lone_euchre:
        return None
    lone = _played(dealer, side.other, rb.points.tricks_to_make - 1, alone=True)
    assert lone.maker is not None
    return ReportedHand(dealer=dealer, maker=lone.maker, declaration=lone.declaration, alone=True,
                        tricks=lone.tricks, defended_alone=lone.maker.left)


def _made(rb: Rulebook) -> int:
    return rb.points.tricks_to_make


def _all(rb: Rulebook) -> int:
    return rb.points.tricks_per_hand


def _short(rb: Rulebook) -> int:
    return rb.points.tricks_to_make - 1


def _deal(build: Build, *shows: Shows) -> Deal:
    return Deal(frozenset(shows), build)


DEALS: tuple[Deal, ...] = (
    _deal(_point, Shows.POINT),
    _deal(_lone_euchre, Shows.LONE_EUCHRE),
    _deal(_revoke, Shows.REVOKE),
    _deal(_march, Shows.MARCH),
    _deal(_stuck(_all, makers_score=True), Shows.STUCK, Shows.MARCH),
    _deal(_stuck(_made, makers_score=True), Shows.STUCK),
    _deal(_stuck(_short, makers_score=False), Shows.STUCK, Shows.EUCHRE),
    _deal(_passed, Shows.PASSED),
    _deal(_lone_march, Shows.LONE_MARCH),
    _deal(_signal, Shows.SIGNAL),
    _deal(_canadian(_all, makers_score=True), Shows.CANADIAN, Shows.LONE_MARCH),
    _deal(_canadian(_made, makers_score=True), Shows.CANADIAN),
    _deal(_canadian(_short, makers_score=False), Shows.CANADIAN, Shows.LONE_EUCHRE),
    _deal(_euchre, Shows.EUCHRE),
    _deal(_defended, Shows.DEFENDED),
    _deal(_canadian(_short, makers_score=False, defended=True), Shows.CANADIAN, Shows.DEFENDED),
)
"""The deals the worked game is made of, in the order it prefers them: a point first, then a lone hand euchred,
and so on, as a game might go. A deal that shows two things at once is there for a game too short to show them
apart."""

OPTIONAL = frozenset({Shows.POINT, Shows.EUCHRE, Shows.LONE_MARCH, Shows.REVOKE, Shows.SIGNAL, Shows.PASSED})
"""Shown where the game has room for them before a side reaches it."""


def must_show(rulebook: Rulebook) -> frozenset[Shows]:
    """What the worked game shows under this rulebook whatever its game: a lone hand euchred, a march, and the
    deal of each house rule in force."""
    house = rulebook.house
    return ALWAYS_SHOWN | {SHOWN_BY_HOUSE_RULE[key] for key, rule in HOUSE_RULES.items() if rule.in_force(house)}


def worked_game(rulebook: Rulebook, first_dealer: Seat = Seat.N) -> tuple[ReportedHand, ...]:
    """The deals of a game worked through under `rulebook` (its code, game and house rules), `first_dealer`
    dealing first and the deal passing to the left, until a side wins the game (a progressive night's code,
    which plays to no game, ends with the last deal that shows something).

    Each deal is the first of `DEALS` that shows something not yet shown (one that shows nothing shown before,
    where one can), gives its points to the side behind where it can, leaves the game unwon, and leaves room for
    everything the rulebook must show (`must_show`); only the last of those may win the game, when nothing else
    has room. Then the side ahead makes its points until it reaches the game.

    >>> from scoring.engine import RULEBOOKS, HandResult
    >>> from scoring.engine.rulebook import HouseRules
    >>> stuck = RULEBOOKS["standard"].housed(HouseRules(lone_euchre=4, stick_the_dealer=True))
    >>> hands = worked_game(stuck)
    >>> [(h.maker.value, h.tricks) for h in hands if h.alone and h.tricks < 3]  # a lone hand euchred
    [('S', 2)]
    >>> any(h.result is HandResult.PASSED for h in hands), any(h.maker is h.dealer and h.declaration == "made"
    ...                                                         for h in hands)
    (False, True)
    """
    won = rulebook.winning
    key = (rulebook.key, rulebook.house, won.game_points, won.games_in_rubber, won.tally, first_dealer)
    kept = _WORKED.get(key)
    if kept is None:
        kept = _WORKED[key] = _Search(rulebook, first_dealer).game()
    return kept


_WORKED: dict[tuple[str, HouseRules, int, int, bool, Seat], tuple[ReportedHand, ...]] = {}
"""Each rulebook's worked game, chosen once: a rulebook is its code, its house rules, its game and its match."""


class _Search:
    """The choice of the worked game's deals under one rulebook, asking the scorer what each deal gives."""

    def __init__(self, rulebook: Rulebook, first_dealer: Seat) -> None:
        self.rulebook = rulebook
        self.first = first_dealer
        self.room: dict[tuple[tuple[int, int], Seat, frozenset[Shows]], bool] = {}
        """Whether what is left to show still fits, by the score, the next dealer and what is left: the rest of
        a game depends on nothing else."""
        self.results: dict[tuple[ReportedHand, ...], RubberResult] = {}

    def game(self) -> tuple[ReportedHand, ...]:
        rulebook = self.rulebook
        wanted = must_show(rulebook)
        left = set(wanted | OPTIONAL)
        hands: list[ReportedHand] = []
        dealer = self.first
        while left:
            chosen = self.next_deal(hands, dealer, frozenset(left), frozenset(wanted & left))
            if chosen is None:
                break
            deal, hand = chosen
            hands.append(hand)
            left -= deal.shows
            dealer = dealer.left
            if self.won(hands):
                return tuple(hands)
        if wanted & left:
            raise ValueError(f"no game to {rulebook.winning.game_points} under {rulebook.short_name} shows "
                             f"{', '.join(sorted(wanted & left))}")
        while not rulebook.winning.tally and not self.won(hands):
            ns, ew = self.score(hands)
            ahead, score = (Side.NS, ns) if ns >= ew else (Side.EW, ew)
            build = _point if rulebook.winning.game_points - score <= rulebook.points.point else _march
            hands.append(build(dealer, ahead, rulebook))
            dealer = dealer.left
        return tuple(hands)

    def next_deal(self, hands: list[ReportedHand], dealer: Seat, left: frozenset[Shows],
                  wanted: frozenset[Shows]) -> tuple[Deal, ReportedHand] | None:
        """The next deal, and what it shows; None when nothing left to show has room. A deal that leaves the game
        unwon comes first, and of those one that shows only what is left; a deal that shows something again only
        where none does; and a deal that wins the game only when nothing else has room, and only if it shows the
        last of what the game must show."""
        for may_win in (False, True):
            for fresh in (True, False):
                for deal in DEALS:
                    if not (deal.shows <= left if fresh else deal.shows & left):
                        continue
                    for side in self.sides(hands, dealer):
                        hand = deal.build(dealer, side, self.rulebook)
                        if hand is not None and self.takes(hands, hand, dealer, wanted - deal.shows, may_win,
                                                           bool(deal.shows & wanted)):
                            return deal, hand
        return None

    def takes(self, hands: list[ReportedHand], hand: ReportedHand, dealer: Seat, rest: frozenset[Shows],
              may_win: bool, wanted: bool) -> bool:
        """Whether the game takes `hand` next, leaving `rest` still to show."""
        tried = [*hands, hand]
        if self.won(tried):
            return may_win and wanted and not rest
        return not may_win and self.room_for(tried, dealer.left, rest)

    def room_for(self, hands: list[ReportedHand], dealer: Seat, wanted: frozenset[Shows]) -> bool:
        """Whether deals from here, `dealer` dealing next, can still show everything `wanted` before the game is
        won (the last of them may win it)."""
        if not wanted:
            return True
        key = (self.score(hands), dealer, wanted)
        if key not in self.room:
            self.room[key] = any(self.fits(hands, dealer, deal, side, wanted)
                                 for deal in DEALS if deal.shows & wanted for side in (Side.NS, Side.EW))
        return self.room[key]

    def fits(self, hands: list[ReportedHand], dealer: Seat, deal: Deal, side: Side,
             wanted: frozenset[Shows]) -> bool:
        hand = deal.build(dealer, side, self.rulebook)
        if hand is None:
            return False
        tried = [*hands, hand]
        rest = wanted - deal.shows
        if self.won(tried):
            return not rest
        return self.room_for(tried, dealer.left, rest)

    def sides(self, hands: list[ReportedHand], dealer: Seat) -> tuple[Side, Side]:
        """The side behind first, so that the game stays close and has room for more; level, the dealer's."""
        ns, ew = self.score(hands)
        behind = Side.NS if ns < ew else Side.EW if ew < ns else dealer.side
        return behind, behind.other

    def result(self, hands: list[ReportedHand]) -> RubberResult:
        kept = tuple(hands)
        if kept not in self.results:
            self.results[kept] = score_rubber(hands, self.rulebook, explain=False, first_dealer=self.first)
        return self.results[kept]

    def score(self, hands: list[ReportedHand]) -> tuple[int, int]:
        """The score of the game in play."""
        return (self.result(hands).current_score or (0, 0)) if hands else (0, 0)

    def won(self, hands: list[ReportedHand]) -> bool:
        """Whether a side has won a game: the worked game ends there."""
        return bool(hands) and bool(self.result(hands).games)
