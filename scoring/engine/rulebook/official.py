"""The Official Laws of Euchre (1862), the 1877 rules on each player's privileges, and the standard game.

The three share the summary's points for a hand and play plain games (5, 7, 10 or 11 points, a single game or
the best of three) with no laps, doubles or bonus. The Official Laws add their penalties (XVIII, XXV, XXVI,
XXXIII, XXXIV); the 1877 rules keep those and add the privileges of making trump and playing alone (§6-§8)
and cards thrown in (§9); the standard game ends a hand at a revoke and takes the rest from the Official Laws.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from scoring.engine.hands import Declaration
from scoring.engine.laws import (
    OFFICIAL_1862_LAWS,
    OFFICIAL_LAWS_BORROWED,
    RULES_1877_SECTIONS,
    SECTION_1877,
    STANDARD_GAME,
    SUMMARY,
    SUMMARY_1862,
)
from scoring.engine.rulebook.book import (
    ADVERSARIES,
    DEALER,
    DEALERS_PARTNER,
    DEALERS_SIDE,
    NOT_THE_DEALER,
    OFFICIAL_KEYS,
    Asks,
    Penalties,
    Points,
    Reason,
    ReportLimits,
    Rulebook,
    Sources,
    Winning,
    Wording,
)
from scoring.engine.rulebook.matters import PLAIN_CHOICE, Matter
from scoring.engine.rulebook.terms import MATCH_TERMS

SCORING, REVOKE, MAKING_TRUMP = SUMMARY + 1, SUMMARY + 2, SUMMARY + 3
PRIVILEGES, ALONE, THE_PLAY = SECTION_1877 + 6, SECTION_1877 + 7, SECTION_1877 + 9

_OFFICIAL_CITES: Mapping[Reason, tuple[int, ...]] = {
    Reason.POINT: (SCORING,),
    Reason.MARCH: (SCORING,),
    Reason.EUCHRE: (SCORING,),
    Reason.LONE_POINT: (SCORING,),
    Reason.LONE_MARCH: (SCORING,),
    Reason.LONE_EUCHRE: (SCORING,),
    Reason.WRONG_CARDS_VOID: (18,),
    Reason.REVOKE: (REVOKE,),  # the summary's two points (four against a lone hand); XXV is for mixing the cards
    Reason.REVOKES_OFFSET: (26,),
    Reason.SIGNAL: (33,),
    Reason.OFFENDERS_VOID: (34,),
    Reason.COUNTER_ERROR: (31,),
    Reason.UNCOUNTED: (31,),
    Reason.PENALTY_REFUSED: (36,),
    Reason.PASSED: (MAKING_TRUMP,),
    Reason.NEW_DEAL: (4, 9),
    Reason.MISDEAL: (7, 11),
    Reason.DEAL_OUT_OF_TURN: (8,),
}

_OFFICIAL_MATTERS: Mapping[Matter, tuple[int, ...]] = {
    Matter.SCORE_CLAIM: (31,),
    Matter.REVOKE_CLAIM: (26,),
    Matter.DEALERS_CHOICE: (5,),
    Matter.FIRST_DEAL: (1,),
    Matter.TABLES: (1,),
    Matter.TABLE_OF_FOUR: (1,),
}
"""The Official Laws name no one who chooses a penalty; law V gives the dealer his; law I forms a table by the
jacks and gives the first jack the deal."""

# The plain words, with the law that gives the dealer his choice.
CHOICE_WORDS = dataclasses.replace(PLAIN_CHOICE, dealer_chooses="The choice is {dealer}'s alone (V).",
                                   dealer_chose="{dealer} made the choice the law gives him (V).")

READINGS = ("Readings where the old text leaves room: a revoke must be claimed before the cards are cut for the next "
            "deal (XXVI), and any other change to a hand's score before the next trump card is turned (XXXI); a side "
            "that pays a penalty counts nothing it made in that hand (XXXIV).")

OFFICIAL_1862 = Rulebook(
    key="official-1862",
    name="The Official Laws of Euchre (1862)",
    short_name="the Official Laws of 1862",
    # The summary's points: a lone player euchred gives two, as a side does.
    points=Points(tricks_per_hand=5, tricks_to_make=3, march=2, point=1, euchre=2, lone_march=4, lone_point=1,
                  lone_euchre=2, revoke=2, lone_revoke=4, wrong_cards_forfeit=0, lone_wrong_cards_forfeit=0,
                  abandoned_lone_hand=0, partner_exposed_march=0, single_game=1, double_game=1, rubber_bonus=0,
                  signal=1),
    winning=Winning(game_points=5, games_in_rubber=1, games_to_win_rubber=1, laps=False, game_choices=(5, 7, 10, 11),
                    match_choices=(1, 3)),
    limits=ReportLimits(most_revokes=10, most_deals=200, hand_keys=OFFICIAL_KEYS),
    laws={**SUMMARY_1862, **OFFICIAL_1862_LAWS},
    cites=_OFFICIAL_CITES,
    # The Official Laws keep the old side check: the dealer's side takes the card up, his adversaries order it.
    declarers={
        Declaration.ORDERED_UP: (ADVERSARIES, (MAKING_TRUMP,)),
        Declaration.ASSISTED: (DEALERS_SIDE, (MAKING_TRUMP,)),
        Declaration.ADOPTED: (DEALERS_SIDE, (MAKING_TRUMP,)),
    },
    penalties=Penalties(revoke_each=False, revokes_offset=True, lone_revoke_by_defenders=True,
                        offenders_count_nothing=True),
    wording=Wording(match_word="match", terms=MATCH_TERMS, choice_words=CHOICE_WORDS),
    asks=Asks(jacks=True),
    matters=_OFFICIAL_MATTERS,
    # XXVI: a revoke claimed after the cut is too late (and XXXI once the next trump is turned); XXXI: any other
    # score after that turn.
    claim_limits={"score": {"after_trump": (31,)}, "revoke": {"before_trump": (26,), "after_trump": (26, 31)}},
    sources=Sources(rulings="official-1862", readings=READINGS),
)

RULES_1877 = dataclasses.replace(
    OFFICIAL_1862,
    key="rules-1877",
    name="Euchre rules established 1877",
    short_name="the 1877 rules",
    # Each section numbered by its key in this table, so a stored ruling's "187709" reads back as §9, never as
    # the Official Laws' IX.
    laws={**OFFICIAL_1862.laws, **{SECTION_1877 + n: dataclasses.replace(law, number=SECTION_1877 + n)
                                   for n, law in RULES_1877_SECTIONS.items()}},
    cites={**_OFFICIAL_CITES, Reason.THROWN_IN: (THE_PLAY,), Reason.REPLACED_BY_THROWN_IN: (THE_PLAY,)},
    # §6: the dealer's left or right orders up, his partner assists, he adopts himself.
    declarers={
        Declaration.ORDERED_UP: (ADVERSARIES, (PRIVILEGES,)),
        Declaration.ASSISTED: (DEALERS_PARTNER, (PRIVILEGES,)),
        Declaration.ADOPTED: (DEALER, (PRIVILEGES,)),
    },
    limits=dataclasses.replace(OFFICIAL_1862.limits, hand_keys=OFFICIAL_KEYS | {"thrown_in"}),
    lone_taken_by_later_partner=(PRIVILEGES, ALONE),
    matters={**_OFFICIAL_MATTERS, Matter.TAKEN_FROM_PARTNER: (PRIVILEGES,),
             Matter.PRIVILEGES: (PRIVILEGES, ALONE, SECTION_1877 + 8), Matter.PARTNERS_CHOICE: (THE_PLAY,)},
    sources=dataclasses.replace(OFFICIAL_1862.sources, rulings="rules-1877"),
)

STANDARD = dataclasses.replace(
    OFFICIAL_1862,
    key="standard",
    name="The standard game today",
    short_name="the standard game",
    winning=dataclasses.replace(OFFICIAL_1862.winning, game_points=10),
    laws={**STANDARD_GAME, **OFFICIAL_LAWS_BORROWED},
    cites={**_OFFICIAL_CITES, Reason.REVOKE: (REVOKE,), Reason.REVOKE_ENDED_HAND: (REVOKE,)},
    declarers={
        Declaration.ORDERED_UP: (NOT_THE_DEALER, (MAKING_TRUMP,)),
        Declaration.ASSISTED: (DEALERS_PARTNER, (MAKING_TRUMP,)),
        Declaration.ADOPTED: (DEALER, (MAKING_TRUMP,)),
    },
    penalties=dataclasses.replace(OFFICIAL_1862.penalties, revoke_ends_hand=True),
    asks=dataclasses.replace(OFFICIAL_1862.asks, house_rules=True),
)
# Its readings name the Official Laws' numerals as it cites them: theirs.
STANDARD = dataclasses.replace(STANDARD, sources=dataclasses.replace(STANDARD.sources, readings=STANDARD.cites_in(
    f"{READINGS} The standard game ends a hand at a revoke; where its summary is silent it rules as the Official "
    "Laws.")))
