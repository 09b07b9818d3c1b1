"""The Laws of Euchre adopted by the Somerset Club of Boston, 1888: the default code, scored in rubbers."""

from __future__ import annotations

from scoring.engine.hands import Declaration
from scoring.engine.laws import SOMERSET_1888_LAWS
from scoring.engine.rulebook.book import (
    ADVERSARIES,
    DEALERS_SIDE,
    SOMERSET_KEYS,
    Asks,
    Points,
    Reason,
    ReportLimits,
    Rulebook,
    Sources,
    Winning,
    Wording,
)
from scoring.engine.rulebook.matters import ChoiceWords, Matter

# Forming a club night's tables, cutting in and out, and a table broken up (laws 8-21).
TABLE_LAWS = tuple(range(8, 22))

CHOICE_WORDS = ChoiceWords(
    claimants_choose="{claimants} choose (law 85): they agree which of them makes the choice, may not consult on "
                     "it, and a demand once made is final.",
    dealer_chooses="The choice is {dealer}'s alone (law 44).",
    claimants_chose="{claimants} made the choice under law 85; a demand once made is final.",
    dealer_chose="{dealer} made the choice the law gives him (law 44).",
    help_claimants="Law 85: they agree which of them chooses, and may not consult on the choice; if they consult, "
                   "they lose the right and no penalty is exacted. A demand once made is final.",
    help_dealer="Law 44: the choice is the dealer's own, and final once made.",
)
"""Law 85 gives the side that did not offend its choice, and takes it away if they consult; law 44 gives an
interrupted dealer his."""

SOMERSET_1888 = Rulebook(
    key="somerset-1888",
    name="Laws of Euchre, Somerset Club of Boston, 1888",
    short_name="the Somerset laws of 1888",
    points=Points(tricks_per_hand=5, tricks_to_make=3, march=2, point=1, euchre=2, lone_march=4, lone_point=1,
                  lone_euchre=4, revoke=3, lone_revoke=5, wrong_cards_forfeit=2, lone_wrong_cards_forfeit=4,
                  abandoned_lone_hand=5, partner_exposed_march=2, single_game=1, double_game=2, rubber_bonus=2),
    winning=Winning(game_points=5, games_in_rubber=3, games_to_win_rubber=2),
    limits=ReportLimits(most_revokes=10, most_deals=200, hand_keys=SOMERSET_KEYS),
    laws=SOMERSET_1888_LAWS,
    declarers={
        Declaration.ORDERED_UP: (ADVERSARIES, (74, 93)),
        Declaration.ASSISTED: (DEALERS_SIDE, (75, 94)),
        Declaration.ADOPTED: (DEALERS_SIDE, (76, 95)),
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
    matters={
        Matter.ANNOUNCING: (6,),
        Matter.SCORE_CLAIM: (5,),
        Matter.REVOKE_CLAIM: (68,),
        Matter.CHOICE: (85,),
        Matter.DEALERS_CHOICE: (44,),
        Matter.PARTNERS_DEAL: (45,),
        Matter.SUBSTITUTE: (18,),
        Matter.FIRST_DEAL: (11,),
        Matter.ROTATION: (28,),
        Matter.MAKING_TRUMP: (74, 75, 76),
        Matter.SCORING_LAWS: tuple(range(1, 8)),
        Matter.HAND_POINTS: (2, 3),
        Matter.GAMES: (1, 2, 7),
        Matter.RUBBER_POINTS: (7,),
        Matter.THIRD_GAME: (1,),
        Matter.TABLES: TABLE_LAWS,
        Matter.TABLE_OF_FOUR: (11,),
        Matter.PREFERENCE: (11,),
        Matter.CANDIDATES: (12, 16),
        Matter.DECLARING: (16,),
        Matter.FRESH_FIRST: (17,),
        Matter.RUN: (19,),
        Matter.CUTTING_IN: (20,),
        Matter.BROKEN_UP: (21,),
    },
    wording=Wording(choice_words=CHOICE_WORDS),
    # Law 68: a revoke claimed after the cut is too late (and law 5 once the next trump card is turned); law 5: any
    # other score after that turn.
    claim_limits={"score": {"after_trump": (5,)}, "revoke": {"before_trump": (68,), "after_trump": (68, 5)}},
    sources=Sources(
        rulings="somerset-1888",
        readings="Readings where the old text leaves room: a claim that would change a hand's score must come before "
                 "the trump card is turned in the next deal (law 5), and a revoke before the cards are cut for it "
                 "(law 68); every new deal is dealt by the same dealer, and only a misdeal loses the deal (law 41)."),
    asks=Asks(taker=False),
)
