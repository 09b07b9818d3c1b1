"""The rulebook: every number a code of laws fixes, and which of its laws each scoring event rests on.

No other module holds a number from the laws or a law number; they ask the rulebook. A code that differs
from another does so here, in its values and switches, never in an `if` on its name elsewhere.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from scoring.engine.hands import Declaration
from scoring.engine.laws import Law, cite
from scoring.engine.rulebook.house import (
    CANADIAN,
    DEFEND_ALONE,
    LONE_EUCHRE,
    NO_HOUSE_RULES,
    STUCK,
    TABLE_TALK,
    HouseRules,
)
from scoring.engine.rulebook.matters import PLAIN_CHOICE, ChoiceWords, ClaimLimits, Matter, cite_spans
from scoring.engine.rulebook.terms import RUBBER_TERMS, TALLY_TERMS, Terms
from scoring.engine.seats import Side
from scoring.engine.words import sentence


class Reason(StrEnum):
    """Why points were awarded, or not counted, or why a game or the rubber closed."""

    POINT = "point"  # makers take three or four tricks
    MARCH = "march"  # makers take all five
    EUCHRE = "euchre"  # makers take fewer than three; defenders score
    LONE_POINT = "lone_point"
    LONE_MARCH = "lone_march"
    LONE_EUCHRE = "lone_euchre"
    DEFENDED_LONE_EUCHRE = "defended_lone_euchre"  # house rule: a lone defender euchred the lone hand
    LONE_MARCH_PARTNER_EXPOSED = "lone_march_partner_exposed"  # law 102 cap
    ABANDONED = "abandoned"  # law 50: an adversary of the lone player abandoned his hand
    WRONG_CARDS = "wrong_cards"  # law 90: the offending side forfeits
    WRONG_CARDS_VOID = "wrong_cards_void"  # law 90, XVIII: the offending side's own points are not scored
    REVOKE = "revoke"  # laws 63 and 71, scored first by law 4; XXV
    LOST_TO_PRECEDENCE = "lost_to_precedence"  # law 4: revoke points ended the game first
    SIGNAL = "signal"  # XXXIII: a side signalled to a partner
    THROWN_IN = "thrown_in"  # 1877 §9: a player threw his cards in; the other side counts a march
    OFFENDERS_VOID = "offenders_void"  # XXXIV: a side that pays a penalty counts nothing it made in the hand
    REVOKE_ENDED_HAND = "revoke_ended_hand"  # the standard game: a revoke ends the hand on discovery
    REPLACED_BY_THROWN_IN = "replaced_by_thrown_in"  # 1877 §9: the march counted in place of the play
    GAME_ALREADY_WON = "game_already_won"  # a game won part way through a hand keeps no more of it
    REVOKES_OFFSET = "revokes_offset"  # XXVI: revokes by both sides offset; the same dealer deals again
    COUNTER_ERROR = "counter_error"  # XXXI: the opponents count the points a counter wrongly added
    UNCOUNTED = "uncounted"  # XXXI: points a side failed to count, claimed after the next deal, are lost
    PENALTY_REFUSED = "penalty_refused"  # XXXVI: a side that refuses a penalty loses the game
    PASSED = "passed"
    NEW_DEAL = "new_deal"
    MISDEAL = "misdeal"
    DEAL_OUT_OF_TURN = "deal_out_of_turn"
    GAME = "game"
    LAP = "lap"
    DOUBLE = "double"
    SINGLE = "single"
    WON_BY_LAP = "won_by_lap"  # a carried lap of a full game wins the next game at once
    RUBBER_WON = "rubber_won"


class Seats(frozenset[int]):
    """Places in the order of making trump that may make a declaration: 1 the dealer's left, 2 his partner,
    3 his right, 4 the dealer himself."""


DEALERS_SIDE = Seats((2, 4))
ADVERSARIES = Seats((1, 3))
DEALER = Seats((4,))
DEALERS_PARTNER = Seats((2,))
NOT_THE_DEALER = Seats((1, 2, 3))

SEATS_WORDS = {
    DEALERS_SIDE: "the dealer or his partner",
    ADVERSARIES: "an adversary of the dealer",
    DEALER: "the dealer himself",
    DEALERS_PARTNER: "the dealer's partner",
    NOT_THE_DEALER: "a player other than the dealer",
}

# Hand keys beyond a played hand's maker, tricks and declaration; each code names those it knows.
SOMERSET_KEYS = frozenset({"revokes", "wrong_cards", "adversary_abandoned", "partner_exposed", "declared_by",
                           "signal"})
OFFICIAL_KEYS = frozenset({"revokes", "wrong_cards", "declared_by", "signal", "miscount", "uncounted",
                           "refused_penalty"})


@dataclass(frozen=True, slots=True)
class Points:
    """What a hand scores: its tricks, the points the laws give for it (laws 2 and 3; the Official Laws' summary),
    for each penalty (laws 63, 90, 50 and 102; XXXIII), and for a game and the rubber (law 7)."""

    tricks_per_hand: int
    tricks_to_make: int
    # law 2: a partnership hand
    march: int
    point: int
    euchre: int
    # law 3: a lone hand
    lone_march: int
    lone_point: int
    lone_euchre: int
    # law 63: each revoke left after law 71 cancels them one for one (XXV: one award, whatever the count)
    revoke: int
    lone_revoke: int
    # law 90: the wrong number of cards, or no discard (XVIII: no forfeit, the offenders count nothing)
    wrong_cards_forfeit: int
    lone_wrong_cards_forfeit: int
    # law 50 and law 102
    abandoned_lone_hand: int
    partner_exposed_march: int
    # law 7 and law 1
    single_game: int
    double_game: int
    rubber_bonus: int
    signal: int = 0
    """XXXIII: what a signal gives the other side (Somerset treats it as etiquette, law 109)."""
    defended_lone_euchre: int = 0
    """House rule: what a lone defender's euchre of a lone hand gives; 0 when no defender may play alone."""


@dataclass(frozen=True, slots=True)
class Penalties:
    """How the code's penalties fall: how many revokes score, what a revoke does to the hand, and what the
    offenders keep."""

    revoke_each: bool = True
    """Law 63: every revoke left over after law 71 scores; else one award, whatever the count (XXV)."""
    revokes_offset: bool = False
    """XXVI: revokes by both sides void the hand and the same dealer deals again (else law 71 nets them)."""
    revoke_ends_hand: bool = False
    """The standard game: the revoke award is all the hand scores."""
    lone_revoke_by_defenders: bool = False
    """XXV with the summary: the lone hand's revoke award is paid only by the lone player's adversaries."""
    offenders_count_nothing: bool = False
    """XXXIV: a side that pays a penalty counts nothing it made in that hand."""


@dataclass(frozen=True, slots=True)
class Winning:
    """How games and the match are won: Somerset carries laps into a rubber (laws 1, 7); the other codes play plain
    games to `game_points`, a single game or the best of three, and a game won part way through a hand ends there."""

    game_points: int
    games_in_rubber: int
    games_to_win_rubber: int
    laps: bool = True
    game_choices: tuple[int, ...] = (5,)
    """The points a club may choose to play a game to."""
    match_choices: tuple[int, ...] = ()
    """How many games a match may be; empty when the code fixes it (Somerset's rubber, law 1)."""
    tally: bool = False
    """A progressive night: the deals of a round are scored by the code and added up; no game is ever reached."""


@dataclass(frozen=True, slots=True)
class ReportLimits:
    """What a report under the code may hold: a side's two players play ten cards in a hand, so at most ten revokes;
    a rubber of more deals than `most_deals` was never played (it ends after four games at most, and passes and
    misdeals that long would have broken up the table); and the hand keys the code knows."""

    most_revokes: int = 10
    most_deals: int = 200
    hand_keys: frozenset[str] = SOMERSET_KEYS
    """Hand keys beyond a played hand's maker, tricks and declaration."""


@dataclass(frozen=True, slots=True)
class Asks:
    """What the club's pages ask under the code."""

    taker: bool = True
    """The hand form asks whether a lone player took the hand out of his partner's hands (the Official Laws' codes
    check it against the order of making trump); Somerset's form has always gone without it."""
    house_rules: bool = False
    """A club may play the code with house rules (`Rulebook.housed`): the standard game."""
    jacks: bool = False
    """Law I of 1862: a club night's table is formed by dealing cards face up until the four jacks are out, which
    the night's page asks for (Somerset cuts, laws 8-21)."""


@dataclass(frozen=True, slots=True)
class Sources:
    """Where the code's rulings and its readings live."""

    rulings: str = "somerset-1888"
    """Which rulings table the code rules by (the standard game rules as the Official Laws where it is silent)."""
    readings: str = ""
    """How the site reads the code where its old text leaves room, as the laws page says it."""


@dataclass(frozen=True, slots=True)
class Wording:
    """The words of the format the code is played in, and how it words a choice its laws give."""

    match_word: str = "rubber"
    terms: Terms = RUBBER_TERMS
    """The words and units of the format (a progressive night's are its own)."""
    choice_words: ChoiceWords = PLAIN_CHOICE
    """How the code words a choice its laws give, and who makes it."""


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A declarative set of scoring laws. `SOMERSET_1888` is the default. Beside its name and its laws, its values
    are kept by what they are for: the points, how games are won, the penalties, the report's limits, its rulings'
    sources, its words, what its pages ask, and the house rules in force."""

    key: str
    name: str
    short_name: str
    points: Points
    """What a hand, a penalty, a game and the rubber score."""
    winning: Winning
    """How a game and the match are won, and what a club may choose of them."""
    laws: Mapping[int, Law] = field(repr=False)
    cites: Mapping[Reason, tuple[int, ...]] = field(repr=False)
    # Which places may make the trump each way, and the laws; a declaration not listed may come from anyone.
    declarers: Mapping[Declaration, tuple[Seats, tuple[int, ...]]] = field(repr=False)
    lone_taken_by_later_partner: tuple[int, ...] = ()
    """1877 §6-§7: a partner may take the lone hand only if he comes after the declarer; the laws, or () when
    the code has no such rule."""
    penalties: Penalties = Penalties()
    """How the penalties fall beyond their points."""
    limits: ReportLimits = ReportLimits()
    """What a report under the code may hold."""
    matters: Mapping[Matter, tuple[int, ...]] = field(default_factory=dict, repr=False)
    """The laws the code gives for what the site cites beyond a hand's points; a matter left out has none."""
    claim_limits: ClaimLimits = field(default_factory=dict, repr=False)
    """When a claim comes too late, for a revoke and for any other score, and the laws that end it."""
    sources: Sources = Sources()
    """Its rulings table and its readings."""
    wording: Wording = Wording()
    """The words of its format and of its choices."""
    asks: Asks = Asks()
    """What the club's pages ask under it."""
    house: HouseRules = NO_HOUSE_RULES
    """The house rules in force: their values are in `points`, their switches read here (the dealer stuck, the
    Canadian loner, defending alone)."""

    @property
    def max_rubber_points(self) -> int:
        """Every game a double, a fourth game played, and the bonus (law 7's ten)."""
        return (self.winning.games_in_rubber + 1) * self.points.double_game + self.points.rubber_bonus

    @property
    def forming(self) -> str:
        """How a club night's tables are formed under this code: by dealing for the jacks, or by cutting."""
        return "dealing for the jacks" if self.asks.jacks else "cutting"

    @property
    def most_in_a_deal(self) -> int:
        """The most points one deal can give the two sides together: the largest a hand can score, with the
        revoke awards it may carry (each revoke left after law 71, or one award under XXV; all the hand scores
        when a revoke ends it), and a signal's point."""
        points = self.points
        hand = max(points.march, points.euchre, points.lone_march, points.lone_euchre, points.defended_lone_euchre,
                   points.abandoned_lone_hand, points.partner_exposed_march, points.wrong_cards_forfeit,
                   points.lone_wrong_cards_forfeit)
        revoke = max(points.revoke, points.lone_revoke) * self.awards_for(self.limits.most_revokes)
        return (max(hand, revoke) if self.penalties.revoke_ends_hand else hand + revoke) + points.signal

    @property
    def standings_key(self) -> str:
        """What the club's standings and a player's page keep this code's figures under: its own key, or one key
        for every progressive night, whose tally of deals is a unit of its own."""
        return PROGRESSIVE_KEY if self.winning.tally else self.key

    @property
    def games(self) -> int | None:
        """How many games the match is, when the code lets a club choose; None for Somerset's rubber."""
        return self.winning.games_in_rubber if self.winning.match_choices else None

    def laws_for(self, reason: Reason) -> tuple[int, ...]:
        return self.cites.get(reason, ())

    def law(self, number: int) -> Law:
        return self.laws[number]

    def cited(self, what: Reason | Matter) -> str:
        """The laws this code gives for a reason or a matter, as a sentence cites them ("law 85", "laws 8-21",
        "law V"); empty when the code has none."""
        numbers = self.laws_for(what) if isinstance(what, Reason) else self.matters.get(what, ())
        laws = self.laws
        return cite_spans(laws[n] if n in laws else Law(n, "", "") for n in numbers)

    def noted(self, what: Reason | Matter) -> str:
        """The citation as a sentence adds it: " (law 18)", or nothing when the code has no such law."""
        cited = self.cited(what)
        return f" ({cited})" if cited else ""

    def headed(self, what: Reason | Matter) -> str:
        """The citation as it heads a sentence: "Law 18: ", or nothing when the code has no such law."""
        cited = self.cited(what)
        return sentence(cited, ": ") if cited else ""

    def cite(self, numbers: Iterable[int]) -> str:
        """The laws as this code cites them: "laws 63, 71, 4", "law XXV; 1877 §9", "Official Laws, VII"."""
        laws = self.laws
        return cite(laws[n] if n in laws else Law(n, "", "") for n in numbers)

    def cites_in(self, text: str) -> str:
        """A text of the rulings tables as this code cites the laws in it: a numeral in brackets ("(XXVI)",
        "(XXIII, XXIX)") names a law of the Official Laws, which a code that borrows them cites as theirs
        ("(Official Laws, XXVI)"); any other text is as written."""
        if "(" not in text:
            return text
        borrowed = {law.own: law for law in self.laws.values() if law.book}
        if not borrowed:
            return text

        def cited(match: re.Match[str]) -> str:
            laws = [borrowed.get(numeral) for numeral in match.group(1).split(", ")]
            return f"({cite(law for law in laws if law is not None)})" if all(laws) else match.group(0)

        return _NUMERALS.sub(cited, text)

    def revoke_award(self, revoked: Side | None, makers: Side | None, alone: bool) -> int:
        """What one award for `revoked`'s revokes gives the other side: the lone hand's award in a lone hand
        (laws 63; XXV, only when the lone player's adversaries revoked), else the partnership one. The one home
        of the award: the scorers' tables, a ruling's words and its tally all ask here. `revoked` is None where
        who revoked is not known (a ruling's words with no offender): the lone hand's award in a lone hand."""
        lone = alone and not (self.penalties.lone_revoke_by_defenders and revoked is not None and revoked is makers)
        return self.points.lone_revoke if lone else self.points.revoke

    def awards_for(self, revokes: int) -> int:
        """How many awards a side's revokes left over in one hand pay: each one (law 63), or one whatever the
        count (XXV)."""
        return revokes if self.penalties.revoke_each else min(revokes, 1)

    def knows(self, key: str) -> bool:
        return key in self.limits.hand_keys

    def playing(self, game_points: int | None = None, games: int | None = None) -> Rulebook:
        """This code with the game and the match a club chose (the Official Laws' closing note allows 5, 7,
        10 or 11 points, and a single game or the best of three). Raises ValueError, in words, for a choice
        the code does not allow."""
        winning = self.winning
        points = winning.game_points if game_points is None else game_points
        if points not in winning.game_choices:
            allowed = " or ".join(str(n) for n in winning.game_choices)
            raise ValueError(f"a game under {self.short_name} is {allowed} points, not {points}")
        if games is not None and games not in winning.match_choices:
            if not winning.match_choices:
                raise ValueError(f"{self.short_name} fixes the {self.wording.match_word} (law 1): it takes no 'games'")
            raise ValueError(f"a match under {self.short_name} is 1 game or the best of 3, not {games}")
        count = winning.games_in_rubber if games is None else games
        if points == winning.game_points and count == winning.games_in_rubber:
            return self
        kept = _VARIANTS.get((self.key, self.house, points, count))
        if kept is None:
            kept = _VARIANTS[self.key, self.house, points, count] = dataclasses.replace(
                self, winning=dataclasses.replace(winning, game_points=points, games_in_rubber=count,
                                                  games_to_win_rubber=count // 2 + 1))
        return kept

    def tallied(self) -> Rulebook:
        """This code as a progressive night plays it: each deal scored as the code scores it, the points added
        up over the round's deals, and no game or match ever won."""
        kept = _TALLIES.get((self.key, self.house))
        if kept is None:
            kept = _TALLIES[self.key, self.house] = dataclasses.replace(
                self, winning=dataclasses.replace(self.winning, game_points=TALLY_GAME, tally=True),
                wording=dataclasses.replace(self.wording, terms=TALLY_TERMS))
        return kept

    def housed(self, rules: HouseRules) -> Rulebook:
        """This code played with a club's house rules: their values in place of the code's, and the rules cited for
        the points they give. Raises ValueError, in words, for a code that takes none."""
        if rules == self.house:
            return self
        if not self.asks.house_rules:
            raise ValueError(f"house rules are for the standard game, not {self.short_name} ({self.key})")
        if self.house:
            raise ValueError("the code already has its house rules")
        winning, points = self.winning, self.points
        key = (self.key, winning.game_points, winning.games_in_rubber, winning.tally, rules)
        kept = _HOUSED.get(key)
        if kept is None:
            cites = {Reason.LONE_EUCHRE: (LONE_EUCHRE,)} if rules.lone_euchre != points.lone_euchre else {}
            if rules.table_talk != points.signal:
                cites[Reason.SIGNAL] = (TABLE_TALK,)
            if rules.defend_alone:
                cites[Reason.DEFENDED_LONE_EUCHRE] = (DEFEND_ALONE,)
            matters = {Matter.DEALER_STUCK: (STUCK,), Matter.CANADIAN_LONER: (CANADIAN,),
                       Matter.DEFEND_ALONE: (DEFEND_ALONE,)}
            kept = _HOUSED[key] = dataclasses.replace(
                self, house=rules, laws={**self.laws, **rules.laws()}, cites={**self.cites, **cites},
                points=dataclasses.replace(points, lone_euchre=rules.lone_euchre, signal=rules.table_talk,
                                           defended_lone_euchre=rules.defend_alone_euchre if rules.defend_alone else 0),
                matters={**self.matters, **matters},
                limits=dataclasses.replace(self.limits, hand_keys=self.limits.hand_keys | (
                    {"defended_alone"} if rules.defend_alone else set())))
        return kept


_NUMERALS = re.compile(r"\(([IVXL]+(?:, [IVXL]+)*)\)")
"""A bracketed list of Roman numerals: the Official Laws cited in a text of the rulings tables."""
PROGRESSIVE_KEY = "progressive"
"""The standings key of every progressive night, whatever code scores its deals."""
TALLY_GAME = 10**6
"""A game no progressive round reaches: the round ends with its deals, not at a game."""
_VARIANTS: dict[tuple[str, HouseRules, int, int], Rulebook] = {}
_TALLIES: dict[tuple[str, HouseRules], Rulebook] = {}
_HOUSED: dict[tuple[str, int, int, bool, HouseRules], Rulebook] = {}
