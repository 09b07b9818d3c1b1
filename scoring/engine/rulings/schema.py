"""The shape of the rulings table: irregularities, the facts asked, and the outcomes the laws give.

A ruling is found by matching the facts of a dispute against an irregularity's paths in
order; the first path whose conditions all hold gives the outcome. Conditions may use the
facts asked and a few facts derived from the hand (see `adjudicate.DERIVED_FACTS`).

Time limits (laws 5 and 68) are data too: a `ClaimLimit` says which answers to the `claimed`
question come too late and which laws end the claim; the table puts a too-late row before
every row that would change the score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum


class FactKind(StrEnum):
    SEAT = "seat"  # a seat at the table
    CHOICE = "choice"  # one of a fixed list of answers
    COUNT = "count"  # a whole number between `low` and `high`
    FLAG = "flag"  # yes or no


@dataclass(frozen=True, slots=True)
class Fact:
    """One question the secretary answers about a dispute."""

    key: str
    question: str
    kind: FactKind
    choices: tuple[tuple[str, str], ...] = ()
    low: int = 0
    high: int = 5
    help: str = ""
    required: bool = True
    """False: the answer is needed only where a row of the table tests it (the time of a claim)."""
    default: str | int | None = None
    """The answer taken when none is given (the other side's revokes: none)."""

    def values(self) -> tuple[str, ...]:
        return tuple(value for value, _ in self.choices)

    def label(self, value: object) -> str:
        return dict(self.choices).get(str(value), str(value))


class ScoreEffect(StrEnum):
    """What a ruling does to the hand's score, in the terms the scorer understands."""

    NONE = "none"
    REVOKES = "revokes"  # the offending side revoked `count` times (laws 63, 71, 4)
    WRONG_CARDS = "wrong_cards"  # law 90 against the offending side
    ADVERSARY_ABANDONED = "adversary_abandoned"  # law 50
    PARTNER_EXPOSED = "partner_exposed"  # law 102
    NEW_DEAL = "new_deal"  # the hand is void; the same dealer deals again
    MISDEAL = "misdeal"  # the hand is lost by a misdeal; the deal passes (law 41)
    PARTNERSHIP = "partnership"  # a lone hand is scored as played with the partner
    OUT_OF_TURN_STANDS = "out_of_turn_stands"  # law 40: the deal out of turn holds
    CORRECTED = "corrected"  # law 5: the hand's maker, lone hand and tricks put right
    PASSED = "passed"  # law 77: all passed twice; the hand is void and the deal passes
    PARTNERS_MISDEAL = "partners_misdeal"  # law 45: a misdeal charged to the player whose deal was taken
    SIGNAL = "signal"  # XXXIII: the offending side signalled; the other side scores a point
    THROWN_IN = "thrown_in"  # 1877 §9: the offending side threw its cards in
    MISCOUNT = "miscount"  # XXXI: the other side counts the points the offending side wrongly added
    UNCOUNTED = "uncounted"  # XXXI: the offending side loses points it failed to count in time
    REFUSED_PENALTY = "refused_penalty"  # XXXVI: the offending side loses the game in play


class Deal(StrEnum):
    """What happens to the deal."""

    STANDS = "stands"
    SAME_DEALER = "same_dealer"  # a new deal by the same dealer
    PASSES = "passes"  # the deal passes to the next player
    RIGHTFUL_DEALER = "rightful_dealer"  # a deal out of turn is stopped (law 40)


DEAL_WORDS: Mapping[Deal, str] = {
    Deal.STANDS: "The deal stands.",
    Deal.SAME_DEALER: "The same dealer deals again.",
    Deal.PASSES: "The deal passes to the next player on the left.",
    Deal.RIGHTFUL_DEALER: "The deal is stopped and the player whose turn it was deals.",
}


class Remedy(StrEnum):
    """What the table does to the play."""

    CARD_CALLED = "card_called"
    SUIT_CALLED = "suit_called"
    HIGHEST = "highest"
    LOWEST = "lowest"
    WIN_TRICK = "win_trick"
    LOSE_TRICK = "lose_trick"
    WIN_CALLED_TRICK = "win_called_trick"
    HANDS_LAID_DOWN = "hands_laid_down"
    CARDS_TAKEN_BACK = "cards_taken_back"
    CARD_RESTORED = "card_restored"
    PLAYED_OUT = "played_out"
    TRICKS_SEARCHED = "tricks_searched"
    PARTNER_MUST_PASS = "partner_must_pass"
    DISCARD_CHANGED = "discard_changed"


REMEDY_WORDS: Mapping[Remedy, str] = {
    Remedy.CARD_CALLED: "The card stays face up on the table and may be called until it is played "
                        "(never so as to make him revoke).",
    Remedy.SUIT_CALLED: "A suit may be called from the offender or his partner the next time either has the lead.",
    Remedy.HIGHEST: "The player named must play his highest card of the suit led.",
    Remedy.LOWEST: "The player named must play his lowest card of the suit led.",
    Remedy.WIN_TRICK: "The player named must win the trick if he can.",
    Remedy.LOSE_TRICK: "The player named must lose the trick if he can.",
    Remedy.WIN_CALLED_TRICK: "His partner may be called on to win any one of those tricks, if he can.",
    Remedy.HANDS_LAID_DOWN: "Both adversaries lay their hands face up; the lone player may call their cards.",
    Remedy.CARDS_TAKEN_BACK: "Cards played to the trick after the offender (other than by his partner) "
                             "are taken back without penalty.",
    Remedy.CARD_RESTORED: "The extra card is found by counting the tricks face down and restored to its owner.",
    Remedy.PLAYED_OUT: "The revoking side may have the hand played out.",
    Remedy.TRICKS_SEARCHED: "The claimants may search all the tricks at the end of the hand.",
    Remedy.PARTNER_MUST_PASS: "The offender's partner must pass.",
    Remedy.DISCARD_CHANGED: "The dealer may change his discard.",
}


class Chooser(StrEnum):
    """Who makes a choice the laws give."""

    CLAIMANTS = "claimants"  # the side that did not offend (law 85)
    DEALER = "dealer"  # the dealer himself (law 44)
    LEFT_ADVERSARY = "left_adversary"  # the offender's left-hand adversary alone (XXIII, XXIX)
    PARTNER = "partner"  # the offender's own partner, who has not played on a lead out of turn (1877 §9)


CONSULTED_KEY = "consulted"
"""The election that records the non-offending side consulting on their choice, and so losing it (law 85)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One choice the laws give: usually the non-offending side's (law 85), the dealer's under law 44."""

    key: str
    label: str
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the laws give on one path: the ruling in words, its laws and its effects."""

    text: str
    laws: tuple[int, ...]
    score: ScoreEffect = ScoreEffect.NONE
    deal: Deal = Deal.STANDS
    remedies: tuple[Remedy, ...] = ()
    options: tuple[Option, ...] = ()
    too_late: bool = False
    chooser: Chooser = Chooser.CLAIMANTS

    @property
    def changes_score(self) -> bool:
        """Whether this ruling, or any choice it offers, changes the hand's score."""
        return self.score is not ScoreEffect.NONE or any(o.outcome.changes_score for o in self.options)


@dataclass(frozen=True, slots=True)
class Path:
    """A row of the table: when every condition holds, `outcome` is the ruling.

    `refuse` instead names a set of facts the laws do not allow together (the
    message is shown against the fact named in `refuse_field`).
    """

    when: Mapping[str, frozenset[str]]
    outcome: Outcome | None = None
    refuse: str = ""
    refuse_field: str = ""

    def matches(self, facts: Mapping[str, str]) -> bool:
        return all(facts.get(key) in accepted for key, accepted in self.when.items())


class Offender(StrEnum):
    """Where the offending player comes from."""

    ASKED = "asked"  # the secretary names him
    DEALER = "dealer"  # the dealer of the hand (faults in the deal)
    LONE_PLAYER = "lone_player"  # the player who went alone, as the hand records him
    LONE_PARTNER = "lone_partner"  # the lone player's partner, whose cards lie face down (law 101)
    NOBODY = "nobody"  # no one is at fault (torn cards, fresh cards)
    DEALT_BY = "dealt_by"  # the player who actually dealt, as asked (a deal out of turn, law 40)


@dataclass(frozen=True, slots=True)
class OffenderRule:
    """Where what happened fixes who offended, he is taken from the hand as reported, not asked."""

    when: Mapping[str, frozenset[str]]
    offender: Offender


@dataclass(frozen=True, slots=True)
class ClaimLimit:
    """When a claim that would change a hand's score comes too late.

    `late` maps each answer to the `claimed` question that is too late to the laws that end
    the claim; `reasons` gives each of those laws in words.
    """

    key: str
    late: Mapping[str, tuple[int, ...]]
    reasons: Mapping[int, str]

    def laws(self, claimed: str) -> tuple[int, ...]:
        """The laws that make a claim made at `claimed` too late; empty when it is in time."""
        return self.late.get(claimed, ())

    def outcome(self, laws: tuple[int, ...]) -> Outcome:
        reasons = "; and ".join(self.reasons[law] for law in laws)
        return Outcome(f"The claim comes too late: {reasons}. The claim is recorded and the score stands.", laws,
                       too_late=True)

    def paths(self, **conditions: frozenset[str]) -> tuple[Path, ...]:
        """Too-late rows for a row whose conditions are `conditions`: one for each set of laws that ends a claim."""
        by_laws: dict[tuple[int, ...], list[str]] = {}
        for claimed, laws in self.late.items():
            by_laws.setdefault(laws, []).append(claimed)
        return tuple(Path({**conditions, CLAIMED_KEY: frozenset(moments)}, self.outcome(laws))
                     for laws, moments in by_laws.items())


CLAIMED_KEY = "claimed"
"""The fact that says when a claim was made; every irregularity that can change a score asks it."""


@dataclass(frozen=True, slots=True)
class Irregularity:
    """A kind of dispute: the questions it asks and its table of paths."""

    key: str
    title: str
    laws: tuple[int, ...]
    facts: tuple[Fact, ...]
    paths: tuple[Path, ...]
    needs_play: bool = True
    offender: Offender = Offender.ASKED
    offender_question: str = "Who committed the irregularity?"
    offender_from: tuple[OffenderRule, ...] = ()
    limit: ClaimLimit | None = None
    """The time limit on a claim that would change the score (laws 5, 68); None when no ruling changes it."""

    def fact(self, key: str) -> Fact:
        for fact in self.facts:
            if fact.key == key:
                return fact
        raise KeyError(key)


def when(**conditions: str | tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Path conditions: each fact must have the value given, or one of the values given."""
    return {key: frozenset((value,) if isinstance(value, str) else value) for key, value in conditions.items()}


def timed(limit: ClaimLimit, *paths: Path) -> tuple[Path, ...]:
    """The rows, with the too-late rows of `limit` before each row whose ruling would change the score.

    A too-late row has its row's conditions and a late answer to `claimed`, so a late claim is
    refused exactly where the ruling in time would have changed the score, and nowhere else.
    """
    rows: list[Path] = []
    for path in paths:
        if path.outcome is not None and path.outcome.changes_score:
            rows.extend(limit.paths(**path.when))
        rows.append(path)
    return tuple(rows)
