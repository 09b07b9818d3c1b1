"""The rulebook: every number the laws fix, and which laws each scoring event rests on.

No other module holds a number from the laws or a law number; they ask the rulebook.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from scoring.engine.hands import Declaration
from scoring.engine.laws import SOMERSET_1888_LAWS, Law


class Reason(StrEnum):
    """Why points were awarded, or why a game or the rubber closed."""

    POINT = "point"  # makers take three or four tricks
    MARCH = "march"  # makers take all five
    EUCHRE = "euchre"  # makers take fewer than three; defenders score
    LONE_POINT = "lone_point"
    LONE_MARCH = "lone_march"
    LONE_EUCHRE = "lone_euchre"
    LONE_MARCH_PARTNER_EXPOSED = "lone_march_partner_exposed"  # law 102 cap
    ABANDONED = "abandoned"  # law 50: an adversary of the lone player abandoned his hand
    WRONG_CARDS = "wrong_cards"  # law 90: the offending side forfeits
    WRONG_CARDS_VOID = "wrong_cards_void"  # law 90: the offending side's own points are not scored
    REVOKE = "revoke"  # laws 63 and 71, scored first by law 4
    LOST_TO_PRECEDENCE = "lost_to_precedence"  # law 4: revoke points ended the game first
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


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A declarative set of scoring laws. `SOMERSET_1888` is the default."""

    key: str
    name: str
    tricks_per_hand: int
    tricks_to_make: int
    game_points: int
    # law 2: a partnership hand
    march: int
    point: int
    euchre: int
    # law 3: a lone hand
    lone_march: int
    lone_point: int
    lone_euchre: int
    # law 63: each revoke left after law 71 cancels them one for one
    revoke: int
    lone_revoke: int
    # law 90: the wrong number of cards, or no discard
    wrong_cards_forfeit: int
    lone_wrong_cards_forfeit: int
    # law 50 and law 102
    abandoned_lone_hand: int
    partner_exposed_march: int
    # law 7 and law 1
    single_game: int
    double_game: int
    rubber_bonus: int
    games_in_rubber: int
    games_to_win_rubber: int
    # What a report may hold: a side's two players play ten cards in a hand, so at most ten revokes;
    # and a rubber of more deals than this was never played (it ends after four games at most, and
    # passes and misdeals that long would have broken up the table).
    most_revokes: int
    most_deals: int
    laws: Mapping[int, Law] = field(repr=False)
    cites: Mapping[Reason, tuple[int, ...]] = field(repr=False)
    # laws 74-76, 93-95: which side may make trump each way (True: the dealer's side), and the laws;
    # a declaration not listed (making a suit, law 77) may come from anyone.
    declared_by: Mapping[Declaration, tuple[bool, tuple[int, ...]]] = field(repr=False)

    @property
    def max_rubber_points(self) -> int:
        """Every game a double, a fourth game played, and the bonus (law 7's ten)."""
        return (self.games_in_rubber + 1) * self.double_game + self.rubber_bonus

    def laws_for(self, reason: Reason) -> tuple[int, ...]:
        return self.cites.get(reason, ())

    def law(self, number: int) -> Law:
        return self.laws[number]


SOMERSET_1888 = Rulebook(
    key="somerset-1888",
    name="Laws of Euchre, Somerset Club of Boston, 1888",
    tricks_per_hand=5,
    tricks_to_make=3,
    game_points=5,
    march=2,
    point=1,
    euchre=2,
    lone_march=4,
    lone_point=1,
    lone_euchre=4,
    revoke=3,
    lone_revoke=5,
    wrong_cards_forfeit=2,
    lone_wrong_cards_forfeit=4,
    abandoned_lone_hand=5,
    partner_exposed_march=2,
    single_game=1,
    double_game=2,
    rubber_bonus=2,
    games_in_rubber=3,
    games_to_win_rubber=2,
    most_revokes=10,
    most_deals=200,
    laws=SOMERSET_1888_LAWS,
    declared_by={
        Declaration.ORDERED_UP: (False, (74, 93)),
        Declaration.ASSISTED: (True, (75, 94)),
        Declaration.ADOPTED: (True, (76, 95)),
    },
    cites={
        Reason.POINT: (2,),
        Reason.MARCH: (2,),
        Reason.EUCHRE: (2,),
        Reason.LONE_POINT: (3,),
        Reason.LONE_MARCH: (3,),
        Reason.LONE_EUCHRE: (3,),
        Reason.LONE_MARCH_PARTNER_EXPOSED: (102,),
        Reason.ABANDONED: (50,),
        Reason.WRONG_CARDS: (90,),
        Reason.WRONG_CARDS_VOID: (90,),
        Reason.REVOKE: (63, 71, 4),
        Reason.LOST_TO_PRECEDENCE: (4,),
        Reason.PASSED: (77,),
        Reason.NEW_DEAL: (33, 34, 39, 43, 44),
        Reason.MISDEAL: (41,),
        Reason.DEAL_OUT_OF_TURN: (40,),
        Reason.GAME: (2,),
        Reason.LAP: (1,),
        Reason.DOUBLE: (7,),
        Reason.SINGLE: (7,),
        Reason.WON_BY_LAP: (1, 7),
        Reason.RUBBER_WON: (1, 7),
    },
)

RULEBOOKS: Mapping[str, Rulebook] = {SOMERSET_1888.key: SOMERSET_1888}
