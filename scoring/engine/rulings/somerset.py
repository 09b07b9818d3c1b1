"""The Somerset Club laws of 1888 on irregularities, as a table a club can read and test.

Each irregularity lists the facts the secretary is asked, then its paths in order: the
first path whose conditions hold is the ruling. Conditions may also use facts derived
from the hand (`lone`, `role`, `any_count`; see `adjudicate.DERIVED_FACTS`).

Where the old text leaves room, the readings are:

- A claim that would change a hand's score must be made before the trump card is turned
  in the next deal (law 5); a revoke must be claimed before the cards are cut for the
  next deal (law 68). Every irregularity that can change a score asks when the claim was
  made, and a late claim is recorded with the laws that end it and changes nothing.
- Every "new deal" is dealt by the same dealer; only a misdeal (or a dealer who shuffles
  after the cut, law 31) loses the deal (law 41).
- The side that did not offend makes any choice the laws give (law 85), and the ruling
  says who chooses. If they consult on it, they lose the right: no penalty is exacted and
  the play stands as it was. The dealer's own choice under law 44 is his alone.
- What makes a hand a lone hand, and who the lone player and his partner are, is read from
  the hand as reported, whichever kind of irregularity is chosen: an adversary of the lone
  player who lays his hand face up or fails to play to a trick abandons it (law 50); the
  partner's cards lie face down (law 101), so any card he shows, leads or plays is exposed
  (law 102) or is a play to the lead (law 100), and he can neither revoke nor miss a trick.
- Where what happened fixes who offended (the dealer who did not discard, the lone player's
  partner whose cards were counted), he is taken from the hand, whoever was named.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.rulebook.somerset import SOMERSET_1888
from scoring.engine.rulings.options import (
    CLAIMED,
    DEAL_AGAIN,
    DEAL_STANDS,
    NEW_DEAL,
    dealt_by,
    highest_and_lowest,
    other_count,
)
from scoring.engine.rulings.schema import (
    CONSULTED_KEY,
    Chooser,
    ClaimLimit,
    Deal,
    Fact,
    FactKind,
    Irregularity,
    Offender,
    OffenderRule,
    Option,
    Outcome,
    Path,
    Remedy,
    ScoreEffect,
    timed,
    when,
)

# Questions shared by several irregularities.
COUNT = Fact("count", "How many revokes did his side make in this hand, his and his partner's together?",
             FactKind.COUNT, low=1, high=5, help="Revokes are counted by side: each scores against the side (law 63).")
OTHER_COUNT = other_count("Revokes by both sides in one hand are ruled together: they cancel one for one (law 71).")

# The two limits on claims, on a revoke claim (law 68) and on any other claim that changes a score (law 5);
# see the module docstring.
LATE_REASONS: Mapping[int, str] = {
    5: "the score of a hand can be put right only until the trump card is turned in the next deal (law 5)",
    68: "a revoke cannot be claimed once the cards are cut for the next deal (law 68)",
}
SCORE_LIMIT = ClaimLimit("score", SOMERSET_1888.claim_limits["score"], LATE_REASONS)
REVOKE_LIMIT = ClaimLimit("revoke", SOMERSET_1888.claim_limits["revoke"], LATE_REASONS)

# The choices the laws give, and law 85's forfeit of them. Law 85 takes away the side's *choice*; what
# then applies is what the law gives when nobody chooses: nothing, where the law only lets them exact a
# penalty (laws 52, 59, 83), but the law's own penalty where it imposes one unless they elect otherwise
# (law 100: no lone hand, the partner plays; law 80: the partner must pass).
NO_PENALTY = Outcome("no penalty is exacted, and the play stands as it was.", ())
LOST_DEAL_STANDS = Outcome("the deal stands, since a new deal comes only at their claim.", ())
LOST_LONE_HAND = Outcome(
    "the law's own penalty applies: the lone player loses his right to play alone, and the hand is played and "
    "scored with his partner.", (100,), score=ScoreEffect.PARTNERSHIP)
LOST_STAYS_ALONE = Outcome(
    "the lone hand stands, since the law has it played with the partner only at their demand.", (97,))
LOST_PARTNER_PASSES = Outcome("the law's own penalty applies: {partner} must pass.", (80,),
                              remedies=(Remedy.PARTNER_MUST_PASS,))


def choice(*options: Option, lost: Outcome = NO_PENALTY) -> tuple[Option, ...]:
    """The non-offending side's options, and their loss if they consult (law 85): then `lost` applies, what
    the law gives when nobody chooses."""
    return (*options, Option(CONSULTED_KEY, "They consulted on the choice, and so lost it (law 85)", Outcome(
        "{claimants} consulted on which penalty to exact, and so lost the choice (law 85): " + lost.text,
        (85, *lost.laws), score=lost.score, deal=lost.deal, remedies=lost.remedies)))


CALL_CARD = Option("call_card", "Call the card led (it stays exposed until played)", Outcome(
    "{claimants} call the card led: it stays face up and must be played when called.", (52, 55, 56),
    remedies=(Remedy.CARD_CALLED,)))
CALL_SUIT = Option("call_suit", "Call a suit when the offender or his partner next leads", Outcome(
    "{claimants} will call a suit from {offender} or his partner when either next has the lead.",
    (52, 55, 57), remedies=(Remedy.SUIT_CALLED,)))
HIGHEST, LOWEST = highest_and_lowest("{claimants} require")
WIN = Option("win", "He must win the trick", Outcome(
    "{claimants} require the trick to be won, if it can be.", (), remedies=(Remedy.WIN_TRICK,)))
LOSE = Option("lose", "He must lose the trick", Outcome(
    "{claimants} require the trick to be lost, if it can be.", (), remedies=(Remedy.LOSE_TRICK,)))
PARTNERSHIP = Option("partnership", "Have it played with the partner", Outcome(
    "{claimants} require the hand to be played with the partner; it scores as a partnership hand.", (),
    score=ScoreEffect.PARTNERSHIP))
STAYS_ALONE = Option("alone", "Let it stand as a lone hand", Outcome(
    "{claimants} let the lone hand stand.", ()))

# Rulings on a lone hand that more than one kind of irregularity can reach.
PARTNER_EXPOSES = Outcome(
    "{offender}, partner of the lone player, exposed a card: a march now scores only {partner_exposed_march}, "
    "and a euchre still gives the adversaries {lone_euchre}.", (101, 102), score=ScoreEffect.PARTNER_EXPOSED)
# Says only what holds whoever revoked more: the tally after it (adjudicate's `_revoke_tally`) says which
# side scores, and how much, when both sides revoked in the hand (law 71).
EACH_REVOKE_LEFT = ("each revoke is worth {revoke_points} points to the other side, the two sides' revokes in one "
                    "hand cancelling one for one (law 71), and is scored before any other points of the hand")
NO_CARD_PLAYED = ("The lone player's partner plays no card, his hand lying face down (law 101), so he cannot "
                  "{what}; name the player who did.")

REVOKE = Irregularity(
    key="revoke",
    title="Revoke",
    laws=(62, 63, 64, 4),
    offender_question="Who revoked?",
    facts=(
        Fact("cause", "What did he do?", FactKind.CHOICE, (
            ("not_following", "Did not follow suit, holding a card of the suit led (law 62)"),
            ("call_ignored", "Did not play as lawfully called: highest or lowest, or the suit called, "
                             "though able to (law 54)"),
            ("called_suit_not_held", "Was called on to lead a suit he did not hold (law 57)"),
        )),
        Fact("stage", "How far did it go?", FactKind.CHOICE, (
            ("established", "Established: the trick was turned and quitted, or his side played to the "
                            "next trick (law 64)"),
            ("mixed", "The accused side mixed the cards before the claimants had examined them (law 67)"),
            ("corrected", "He put it right before it was established (law 69)"),
            ("asked", "His partner asked him about the suit before the trick was quitted, and he put it "
                      "right (law 65)"),
            ("asked_told_no", "His partner asked him whether he had none of the suit, and he answered that he "
                              "had none (law 65)"),
        )),
        COUNT,
        OTHER_COUNT,
        CLAIMED,
    ),
    limit=REVOKE_LIMIT,
    paths=(
        Path(when(role="lone_partner"), refuse=NO_CARD_PLAYED.format(what="revoke (law 62)"),
             refuse_field="offender"),
        *REVOKE_LIMIT.paths(),
        Path(when(cause="called_suit_not_held", other_count=("1", "2", "3", "4", "5")),
             refuse="Only established revokes cancel (law 71): rule on the other side's revokes as their own.",
             refuse_field="other_count"),
        Path(when(stage=("corrected", "asked"), other_count=("1", "2", "3", "4", "5")),
             refuse="Only established revokes cancel (law 71): rule on the other side's revokes as their own.",
             refuse_field="other_count"),
        Path(when(cause="called_suit_not_held"), Outcome(
            "No revoke: a player called on to lead a suit he does not hold pays no penalty, and no call "
            "can force a revoke.", (57, 55))),
        Path(when(stage="corrected"), Outcome(
            "The revoke was saved before it was established, so there is no penalty in points. The card "
            "{offender} played in error may be called.", (64, 69),
            remedies=(Remedy.CARD_CALLED, Remedy.CARDS_TAKEN_BACK))),
        Path(when(stage="asked"), Outcome(
            "The revoke was saved: {partner} asked in time, so the error could be put right. The card "
            "{offender} played in error may be called.", (65, 69),
            remedies=(Remedy.CARD_CALLED, Remedy.CARDS_TAKEN_BACK))),
        Path(when(stage="asked_told_no"), Outcome(
            "{offender}, asked by his partner whether he had none of the suit, answered that he had none: the "
            "question no longer saves the revoke, which is established: " + EACH_REVOKE_LEFT + ".",
            (65, 62, 63, 64, 71, 4, 66, 70), score=ScoreEffect.REVOKES,
            remedies=(Remedy.PLAYED_OUT, Remedy.TRICKS_SEARCHED))),
        Path(when(stage="established", cause="not_following"), Outcome(
            "{offender} revoked {times} and the revoke is established: " + EACH_REVOKE_LEFT + ".",
            (62, 63, 64, 71, 4, 66, 70),
            score=ScoreEffect.REVOKES, remedies=(Remedy.PLAYED_OUT, Remedy.TRICKS_SEARCHED))),
        Path(when(stage="established", cause="call_ignored"), Outcome(
            "Failing to play as lawfully called is a revoke. {offender} revoked {times}; "
            + EACH_REVOKE_LEFT + ".", (54, 63, 64, 71, 4, 70),
            score=ScoreEffect.REVOKES, remedies=(Remedy.PLAYED_OUT,))),
        Path(when(stage="mixed", cause="not_following"), Outcome(
            "The accused side mixed the cards before the claimants had examined them, so the revoke is "
            "established ({count} in all): " + EACH_REVOKE_LEFT + ".", (62, 67, 63, 71, 4),
            score=ScoreEffect.REVOKES)),
        Path(when(stage="mixed", cause="call_ignored"), Outcome(
            "The accused side mixed the cards before the claimants had examined them, so the revoke "
            "(failing a lawful call) is established ({count} in all): " + EACH_REVOKE_LEFT + ".",
            (54, 67, 63, 71, 4), score=ScoreEffect.REVOKES)),
    ),
)

LEAD_OUT_OF_TURN = Irregularity(
    key="lead_out_of_turn",
    title="Lead out of turn",
    laws=(52, 53, 104),
    offender_question="Who led out of turn?",
    facts=(
        Fact("followed", "Who had played to the false lead when it was noticed?", FactKind.CHOICE, (
            ("none", "No one"),
            ("some", "The second hand, or the second and third"),
            ("all", "All three others"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(role="lone_partner"), Outcome(
            "{offender}, partner of the lone player, led a card though his hand lies face down: the card is "
            "exposed, so a march now scores only {partner_exposed_march}, and a euchre still gives the "
            "adversaries {lone_euchre}.", (101, 102), score=ScoreEffect.PARTNER_EXPOSED)),
        Path(when(followed="all"), Outcome(
            "All three others followed the lead, so the trick stands as played and there is no penalty.",
            (53,))),
        Path(when(role="lone_player", followed="none"), Outcome(
            "A lone player's card led out of turn is an exposed card and may be called.", (104, 46),
            remedies=(Remedy.CARD_CALLED,))),
        Path(when(role="lone_player", followed="some"), Outcome(
            "The cards played to the false lead are taken back. The lone player's card led out of turn is "
            "an exposed card and may be called.", (53, 104, 46),
            remedies=(Remedy.CARDS_TAKEN_BACK, Remedy.CARD_CALLED))),
        Path(when(followed="none"), Outcome(
            "{offender} led out of turn. {claimants} may call the card led, or call a suit from {offender} "
            "or his partner at their next lead.", (52, 85), options=choice(CALL_CARD, CALL_SUIT))),
        Path(when(followed="some"), Outcome(
            "{offender} led out of turn. The cards played to the false lead are taken back with no penalty "
            "to those players; {claimants} may call the card led, or call a suit from {offender} or his "
            "partner at their next lead.", (52, 53, 85),
            remedies=(Remedy.CARDS_TAKEN_BACK,), options=choice(CALL_CARD, CALL_SUIT))),
    ),
)

PLAY_OUT_OF_TURN = Irregularity(
    key="play_out_of_turn",
    title="Play out of turn, or prompting a partner",
    laws=(58, 59, 83, 105),
    offender_question="Who played out of turn, or spoke?",
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("third_before_second", "The third hand played before the second (law 58)"),
            ("fourth_before_partner", "The fourth hand played before his partner, the third not having "
                                      "played (law 59)"),
            ("prompted", "Before his partner played he drew attention to the trick, or told his partner "
                         "to take it or not (law 83)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(role="lone_partner", what=("third_before_second", "fourth_before_partner")), Outcome(
            "{offender}, partner of the lone player, played to a lead though his hand lies face down. As when "
            "he plays to the first lead, the lone player must play the hand with him, unless {claimants} elect "
            "that he play it alone.", (101, 100, 85),
            options=choice(PARTNERSHIP, STAYS_ALONE, lost=LOST_LONE_HAND))),
        Path(when(role="lone_adversary", what=("third_before_second", "fourth_before_partner")), Outcome(
            "{offender}, an adversary of the lone player, played out of turn: both adversaries lay their "
            "hands face up and the lone player may call their cards.", (105,),
            remedies=(Remedy.HANDS_LAID_DOWN,))),
        Path(when(what="third_before_second"), Outcome(
            "The third hand played before the second; the fourth hand may now play before his partner. "
            "There is no other penalty.", (58,))),
        Path(when(what="fourth_before_partner"), Outcome(
            "{offender} played before his partner; {claimants} may require {partner} to win or to lose "
            "the trick.", (59, 85), options=choice(WIN, LOSE))),
        Path(when(what="prompted"), Outcome(
            "{offender} prompted his partner; {claimants} may require {partner} to play his highest or "
            "lowest of the suit led, or to win or lose the trick.", (83, 85),
            options=choice(HIGHEST, LOWEST, WIN, LOSE))),
    ),
)

EXPOSED_CARD = Irregularity(
    key="exposed_card",
    title="Exposed or called card, or hands thrown down",
    laws=(46, 47, 48, 49, 50, 51, 56, 102, 104),
    offender_question="Whose card was exposed?",
    facts=(
        Fact("how", "How was it exposed?", FactKind.CHOICE, (
            ("shown", "Dropped face up, or shown on or above the table (law 46)"),
            ("two_at_once", "Two or more cards played at once (law 46)"),
            ("trump_lifted", "He lifted the turned trump card from the pack (laws 46, 91)"),
            ("winning_run", "He led or played winning cards one after another without waiting for his "
                            "partner (law 47)"),
            ("thrown_down", "He threw his cards face up, thinking the hand won or lost (law 48; law 50 "
                            "against a lone hand)"),
            ("all_four_down", "All four threw their cards face up (law 49; law 50 against a lone hand)"),
            ("detached_named", "He held a card apart from his hand and an adversary named it (law 51)"),
            ("detached_misnamed", "He named a card held apart by an adversary, wrongly (law 51)"),
            ("below_table", "A card dropped below the table (law 46)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(how="below_table"), Outcome(
            "A card dropped below the table is not an exposed card. There is no penalty.", (46,))),
        Path(when(how="all_four_down", lone="yes"), Outcome(
            "All four threw their cards face up in a lone hand, so the lone player's adversaries abandoned "
            "their hands: the lone player scores {abandoned_lone_hand}, whatever the tricks.", (49, 50),
            score=ScoreEffect.ADVERSARY_ABANDONED)),
        Path(when(how="all_four_down"), Outcome(
            "All four threw their cards down, so the hand is over as it lies; no claim that it could have "
            "been saved or won is heard unless a revoke is established.", (49,))),
        Path(when(how="thrown_down", role="lone_adversary"), Outcome(
            "{offender}, an adversary of the lone player, laid his hand face up and so abandoned it: the lone "
            "player scores {abandoned_lone_hand}, whatever the tricks.", (48, 50),
            score=ScoreEffect.ADVERSARY_ABANDONED)),
        Path(when(how="detached_misnamed"), Outcome(
            "{offender} named a card wrongly; {claimants} may call a suit from him or his partner at their "
            "next lead.", (51,), remedies=(Remedy.SUIT_CALLED,))),
        Path(when(role="lone_partner"), PARTNER_EXPOSES),
        Path(when(role="lone_player"), Outcome(
            "A lone player pays no penalty for simply showing a card.", (104,))),
        Path(when(how="trump_lifted"), Outcome(
            "The turned trump card, once lifted from the pack, is an exposed card and may be called.",
            (91, 46, 56), remedies=(Remedy.CARD_CALLED,))),
        Path(when(how="winning_run"), Outcome(
            "{offender} played winning cards without waiting: {partner} may be called on to win any one of "
            "those tricks, and the other cards so played are exposed.", (47, 46),
            remedies=(Remedy.WIN_CALLED_TRICK, Remedy.CARD_CALLED))),
        Path(when(how="thrown_down"), Outcome(
            "The cards thrown down are exposed and may be called, each player's by his adversaries; a "
            "player who kept his hand cannot be made to give it up.", (48, 56),
            remedies=(Remedy.CARD_CALLED,))),
        Path(when(how="detached_named"), Outcome(
            "The card held apart was named by an adversary, so it may be called.", (51, 56),
            remedies=(Remedy.CARD_CALLED,))),
        Path(when(how=("shown", "two_at_once")), Outcome(
            "The card is exposed: it stays face up on the table and may be called, again and again, until "
            "it is played.", (46, 56, 55), remedies=(Remedy.CARD_CALLED,))),
    ),
)

OMITTED_PLAY = Irregularity(
    key="omitted_play",
    title="A trick missed",
    laws=(60, 50),
    offender_question="Who missed the trick?",
    facts=(CLAIMED,),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(role="lone_partner"), refuse=NO_CARD_PLAYED.format(what="miss a trick"),
             refuse_field="offender"),
        Path(when(role="lone_adversary"), Outcome(
            "{offender}, an adversary of the lone player, failed to play to every trick and so abandoned his "
            "hand: the lone player scores {abandoned_lone_hand}, whatever the tricks.", (50,),
            score=ScoreEffect.ADVERSARY_ABANDONED)),
        Path(when(), Outcome(
            "{offender} missed a trick. {claimants} may claim a new deal; if the deal stands, his last card "
            "counts as played to the short trick, and that is not a revoke.", (60, 85),
            options=choice(NEW_DEAL, DEAL_STANDS, lost=LOST_DEAL_STANDS))),
    ),
)

TWO_CARDS = Irregularity(
    key="two_cards",
    title="Two cards to one trick",
    laws=(61,),
    offender_question="Who played two cards?",
    facts=(
        Fact("found", "When was it found?", FactKind.CHOICE, (
            ("in_play", "During the play of the hand"),
            ("after_hand", "Only when the hand was played out"),
        )),
        Fact("count", "How many revokes did it lead him into?", FactKind.COUNT, low=0, high=5),
        CLAIMED,
    ),
    limit=REVOKE_LIMIT,
    paths=timed(
        REVOKE_LIMIT,
        Path(when(role="lone_partner"), refuse=NO_CARD_PLAYED.format(what="play two cards to a trick"),
             refuse_field="offender"),
        Path(when(found="in_play", any_count="no"), Outcome(
            "The extra card is found and restored to {offender}. He made no revoke, so there is no "
            "penalty in points.", (61,), remedies=(Remedy.CARD_RESTORED,))),
        Path(when(found="after_hand", any_count="no"), Outcome(
            "{offender} made no revoke through the extra card, so there is no penalty in points.", (61,))),
        Path(when(found="in_play"), Outcome(
            "The extra card is restored, but {offender} answers for the revokes it caused: {claimants} "
            "score {revoke_points} for each of {count}, scored first.", (61, 63, 71, 4),
            score=ScoreEffect.REVOKES, remedies=(Remedy.CARD_RESTORED,))),
        Path(when(found="after_hand"), Outcome(
            "{offender} answers for the revokes the extra card caused: {claimants} score {revoke_points} "
            "for each of {count}, scored first.", (61, 63, 71, 4), score=ScoreEffect.REVOKES)),
    ),
)

WRONG_CARDS = Irregularity(
    key="wrong_cards",
    title="Wrong number of cards, or no discard",
    laws=(90, 86, 103),
    offender_question="Whose hand was wrong?",
    offender_from=(
        OffenderRule(when(what="no_discard"), Offender.DEALER),
        OffenderRule(when(what="counted"), Offender.LONE_PARTNER),
    ),
    facts=(
        Fact("what", "What was wrong?", FactKind.CHOICE, (
            ("too_many", "He held more than five cards (law 90)"),
            ("too_few", "He held fewer than five cards (law 90)"),
            ("no_discard", "The dealer played without discarding (laws 86, 90)"),
            ("counted", "An adversary counted the lone player's partner's cards and found more or fewer "
                        "than five (law 103)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(what="counted", lone="no"),
             refuse="Law 103 concerns the cards of a lone player's partner, and this hand was not played alone.",
             refuse_field="what"),
        Path(when(what="counted"), Outcome(
            "The count of {offender}'s cards was wrong. The deal stands; {side} score nothing this hand and "
            "{claimants} score {forfeit} more.", (103, 90), score=ScoreEffect.WRONG_CARDS)),
        Path(when(what="no_discard"), Outcome(
            "{offender}, the dealer, played without discarding. The deal stands; {side} score nothing this "
            "hand and {claimants} score {forfeit} more.", (86, 90), score=ScoreEffect.WRONG_CARDS)),
        Path(when(), Outcome(
            "{offender} had the wrong number of cards. The deal stands; {side} score nothing this hand and "
            "{claimants} score {forfeit} more.", (90,), score=ScoreEffect.WRONG_CARDS)),
    ),
)

DISCARD = Irregularity(
    key="discard",
    title="The dealer's discard",
    laws=(86, 87, 88, 89),
    offender_question="Who was at fault?",
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("lead_before_discard", "The eldest hand led before the discard was complete (law 87)"),
            ("trump_discarded", "The dealer discarded the turned trump card (law 88)"),
            ("changed_after_quitting", "The dealer wanted to change a discard already quitted (law 86)"),
            ("lone_lead_before_discard", "Against a lone third hand, the second hand led before the "
                                         "dealer discarded (law 89)"),
        )),
    ),
    paths=(
        Path(when(what="lead_before_discard"), Outcome(
            "The lead stands, and the dealer may change his discard if he wishes.", (87,),
            remedies=(Remedy.DISCARD_CHANGED,))),
        Path(when(what="trump_discarded"), Outcome(
            "The turned trump card may not be discarded: the dealer takes it back and discards another "
            "card.", (88, 86))),
        Path(when(what="changed_after_quitting"), Outcome(
            "The discard was complete once placed under the pack and quitted; it cannot be changed.", (86,))),
        Path(when(what="lone_lead_before_discard", lone="no"),
             refuse="Law 89 concerns a lone hand, and this hand was not played alone.", refuse_field="what"),
        Path(when(what="lone_lead_before_discard"), Outcome(
            "{offender} led before the dealer had discarded against the lone hand; {claimants} may require "
            "the dealer to play his highest or lowest, or to win or lose the trick.", (89, 85),
            options=choice(HIGHEST, LOWEST, WIN, LOSE))),
    ),
)

LONE_HAND = Irregularity(
    key="lone_hand",
    title="Lone hand",
    laws=(50, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 105),
    offender_question="Who was at fault?",
    offender_from=(
        OffenderRule(when(what=("partner_exposed", "partner_played", "late_takeover")), Offender.LONE_PARTNER),
        OffenderRule(when(what=("not_entitled", "double_declaration", "dealer_late", "named_trump_first")),
                     Offender.LONE_PLAYER),
    ),
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("abandoned", "An adversary of the lone player abandoned his hand: laid it face up, or did not "
                          "play to every trick (law 50)"),
            ("partner_exposed", "The lone player's partner showed a card (law 102)"),
            ("partner_played", "The lone player's partner played to the first lead (law 100)"),
            ("adversary_out_of_turn", "An adversary played out of turn to the lone player's lead (law 105)"),
            ("not_entitled", "He went alone though he had passed, his side was ordered up, the adversaries "
                             "made the trump, or he had exposed a card (laws 93, 95)"),
            ("double_declaration", "He did not declare alone in a single statement (law 98)"),
            ("late_takeover", "His partner offered to take it from him after a lead or after passing "
                              "(laws 94, 99)"),
            ("dealer_late", "The dealer announced alone after quitting his discard (law 96)"),
            ("named_trump_first", "He named the trump before announcing alone (law 97)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(lone="no"), refuse="The hand does not stand as a lone hand. If it was played alone, correct "
             "the hand's entry; if an earlier ruling on it made it a partnership hand, that ruling stands "
             "(withdraw it first to rule again); else choose another irregularity.", refuse_field="irregularity"),
        Path(when(what="abandoned", role=("lone_player", "lone_partner")),
             refuse="Law 50 concerns an adversary of the lone player; name him as the offender.",
             refuse_field="offender"),
        Path(when(what="abandoned"), Outcome(
            "{offender} abandoned his hand against a lone hand: the lone player scores {abandoned_lone_hand}, "
            "whatever the tricks.", (50,), score=ScoreEffect.ADVERSARY_ABANDONED)),
        Path(when(what="partner_exposed"), PARTNER_EXPOSES),
        Path(when(what="partner_played"), Outcome(
            "{offender} played to the first lead, so the lone player loses his right to play alone and plays "
            "the hand with his partner, unless {claimants} elect that he play it alone.", (100, 85),
            options=choice(PARTNERSHIP, STAYS_ALONE, lost=LOST_LONE_HAND))),
        Path(when(what="adversary_out_of_turn", role=("lone_player", "lone_partner")),
             refuse="Law 105 concerns an adversary of the lone player; name him as the offender.",
             refuse_field="offender"),
        Path(when(what="adversary_out_of_turn"), Outcome(
            "{offender} played out of turn to the lone hand: both adversaries lay their hands face up and "
            "the lone player may call their cards.", (105,), remedies=(Remedy.HANDS_LAID_DOWN,))),
        Path(when(what="not_entitled"), Outcome(
            "{offender} could not play alone, so the hand is played and scored with his partner.", (93, 95),
            score=ScoreEffect.PARTNERSHIP)),
        Path(when(what="double_declaration"), Outcome(
            "A lone hand must be declared in one statement; any other declaration rules it out. The hand is "
            "played and scored with the partner.", (98,), score=ScoreEffect.PARTNERSHIP)),
        Path(when(what="late_takeover"), Outcome(
            "The partner's offer came too late, so neither may play alone: the hand is played and scored "
            "in partnership.", (99, 94), score=ScoreEffect.PARTNERSHIP)),
        Path(when(what="dealer_late"), Outcome(
            "The dealer must announce a lone hand before quitting his discard; the hand is played and "
            "scored with his partner.", (96,), score=ScoreEffect.PARTNERSHIP)),
        Path(when(what="named_trump_first"), Outcome(
            "{offender} named the trump before announcing alone; {claimants} may require him to play with "
            "his partner.", (97, 85), options=choice(PARTNERSHIP, STAYS_ALONE, lost=LOST_STAYS_ALONE))),
    ),
)

MAKING_TRUMP = Irregularity(
    key="making_trump",
    title="Making the trump out of order or wrongly",
    laws=(74, 75, 76, 77, 78, 79, 80, 81, 82),
    needs_play=False,
    offender_question="Who spoke or acted?",
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("out_of_turn", "He passed, ordered up or assisted out of turn (law 82)"),
            ("named_turned_down", "He named the suit that had been turned down (law 78)"),
            ("changed_suit", "He named a suit, then wanted to change it (law 78)"),
            ("named_after_passing", "After passing, he said which suit he had meant to make (law 79)"),
            ("ordered_after_passing", "After passing, he tried to assist or order up (law 80)"),
            ("unheard", "His partner did not hear his declaration and passed (law 81)"),
            ("dealer_turned_down", "The dealer turned down the trump card, or threw down his cards on the "
                                   "second round, before his partner spoke (law 82)"),
            ("all_passed", "All four passed twice, though the hand was recorded as played (law 77)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(what="out_of_turn"), Outcome(
            "A declaration out of turn takes no one's right away: each player speaks again in his turn.",
            (82, 74, 75, 76))),
        Path(when(what="named_turned_down"), Outcome(
            "Naming the suit that was turned down counts as a pass.", (78, 77))),
        Path(when(what="changed_suit"), Outcome(
            "A suit once named cannot be changed: the first suit named is trump.", (78,))),
        Path(when(what="named_after_passing"), Outcome(
            "{offender} said what he meant to make after passing; his partner must pass.", (79,),
            remedies=(Remedy.PARTNER_MUST_PASS,))),
        Path(when(what="ordered_after_passing"), Outcome(
            "{offender} tried to assist or order up after passing. His partner must pass, unless {claimants} "
            "elect to have it played.", (80, 85), options=choice(
                Option("partner_passes", "His partner must pass", Outcome(
                    "{claimants} hold {partner} to a pass.", (), remedies=(Remedy.PARTNER_MUST_PASS,))),
                Option("played", "Have it played as ordered", Outcome(
                    "{claimants} elect to have the trump played as ordered.", ())),
                lost=LOST_PARTNER_PASSES,
            ))),
        Path(when(what="unheard"), Outcome(
            "A declaration stands even though the partner did not hear it and passed.", (81,))),
        Path(when(what="dealer_turned_down"), Outcome(
            "The dealer's act binds his partner.", (82,))),
        Path(when(what="all_passed"), Outcome(
            "All four passed twice, so the deal was at an end: the hand is void, scores nothing, and the next "
            "player deals.", (77,), score=ScoreEffect.PASSED, deal=Deal.PASSES)),
    ),
)

THE_DEAL = Irregularity(
    key="deal",
    title="The deal: imperfect pack, faced or exposed card, wrong pack",
    laws=(33, 34, 35, 36, 37, 38, 39),
    needs_play=False,
    offender_question="Who exposed the card (or dealt)?",
    # An imperfect pack, or a card found faced in it, is nobody's fault: nobody is asked (laws 33, 34).
    offender_from=(OffenderRule(when(what=("imperfect_pack", "faced_before_lead", "faced_after_lead")),
                                Offender.NOBODY),),
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("imperfect_pack", "The pack was found imperfect during the deal or the play (law 33)"),
            ("faced_before_lead", "A card was found face up in the pack before the first lead (law 34)"),
            ("faced_after_lead", "A card was found face up in the pack after a lead had been made (law 34)"),
            ("exposed_in_turning", "The dealer showed another card while turning the trump (law 39)"),
            ("exposed_untouched", "A card was exposed in dealing, and the side that may claim had not touched "
                                  "the cards first: neither adversary, if the dealer's side exposed it; the "
                                  "dealer's partner, if an adversary did (laws 35-37)"),
            ("exposed_touched", "A card was exposed in dealing, but the side that may claim had already "
                                "touched the cards (law 35)"),
            ("wrong_pack_before_trump", "The adversaries' pack was used; found before the trump was "
                                        "turned (law 38)"),
            ("wrong_pack_after_trump", "The adversaries' pack was used; found after the trump was "
                                       "turned (law 38)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(what="imperfect_pack"), Outcome(
            "The pack is imperfect: the same dealer deals again, and the scores of earlier hands stand.",
            (33,), score=ScoreEffect.NEW_DEAL, deal=Deal.SAME_DEALER)),
        Path(when(what="faced_before_lead"), Outcome(
            "A card was faced in the pack before the first lead: there must be a new deal.", (34,),
            score=ScoreEffect.NEW_DEAL, deal=Deal.SAME_DEALER)),
        Path(when(what="faced_after_lead"), Outcome(
            "The faced card was found only after a lead, so the deal stands.", (34,))),
        Path(when(what="exposed_in_turning"), Outcome(
            "The dealer showed another card in turning the trump: there must be a new deal.", (39,),
            score=ScoreEffect.NEW_DEAL, deal=Deal.SAME_DEALER)),
        Path(when(what="exposed_untouched"), Outcome(
            "A card of {side} was exposed in dealing. {claimants} may claim a new deal; if they do not, the "
            "exposed card cannot be called.", (35, 36, 37, 85),
            options=choice(NEW_DEAL, DEAL_STANDS, lost=LOST_DEAL_STANDS))),
        Path(when(what="exposed_touched"), Outcome(
            "{claimants} had touched the cards, so they cannot claim a new deal; the deal stands and the "
            "exposed card cannot be called.", (35,))),
        Path(when(what="wrong_pack_before_trump"), Outcome(
            "The wrong pack was found before the trump was turned: {claimants} may claim a new deal.",
            (38, 85), options=choice(NEW_DEAL, DEAL_STANDS, lost=LOST_DEAL_STANDS))),
        Path(when(what="wrong_pack_after_trump"), Outcome(
            "A deal with the adversaries' pack stands once the trump card is turned.", (38,))),
    ),
)

LOSE_DEAL = Option("lose_deal", "He lets the misdeal stand", Outcome(
    "{dealer} lets the misdeal stand: he loses the deal and it passes to the next player.", (41,),
    score=ScoreEffect.MISDEAL, deal=Deal.PASSES))

MISDEAL = Irregularity(
    key="misdeal",
    title="Misdeal, or deal out of turn",
    laws=(40, 41, 42, 43, 44, 45),
    needs_play=False,
    offender=Offender.DEALER,
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("misdeal", "Five cards each were not dealt, two then three (or three then two) in turn "
                        "(law 42)"),
            ("adversary_touched", "A misdeal, but an adversary of the dealer touched the cards first during "
                                  "the deal (law 43)"),
            ("partner_touched", "A misdeal, and the dealer's partner touched the cards first (law 43)"),
            ("interrupted", "A misdeal after the adversaries interrupted the dealer with a claim that "
                            "failed (law 44)"),
            ("partner_dealt", "A player took his partner's deal and misdealt (law 45)"),
            ("out_of_turn_stopped", "Dealt out of turn; stopped before the trump card was turned (law 40)"),
            ("out_of_turn_stands", "Dealt out of turn; found only after the trump card was turned (law 40)"),
        )),
        dealt_by("Asked for a deal out of turn that stands: the deal then goes on to his left (law 40)."),
        CLAIMED,
    ),
    offender_from=(OffenderRule(when(what="out_of_turn_stands"), Offender.DEALT_BY),),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(what="misdeal"), Outcome(
            "A misdeal: {dealer} loses the deal and it passes to the next player.", (42, 41),
            score=ScoreEffect.MISDEAL, deal=Deal.PASSES)),
        Path(when(what="adversary_touched"), Outcome(
            "An adversary touched the cards first, so the misdeal does not lose the deal: {dealer} deals "
            "again.", (43,), score=ScoreEffect.NEW_DEAL, deal=Deal.SAME_DEALER)),
        Path(when(what="partner_touched"), Outcome(
            "The dealer's partner touched the cards first, so the misdeal loses the deal.", (43, 41),
            score=ScoreEffect.MISDEAL, deal=Deal.PASSES)),
        Path(when(what="interrupted"), Outcome(
            "The adversaries interrupted {dealer} with a claim that failed, so after his misdeal he may deal "
            "again or let the misdeal stand.", (44,), options=(DEAL_AGAIN, LOSE_DEAL),
            chooser=Chooser.DEALER)),
        Path(when(what="partner_dealt"), Outcome(
            "A player took his partner's deal and misdealt: the player whose deal it was bears the penalty, "
            "the misdeal is recorded as his, and the deal passes to the adversary on his left.", (45, 41),
            score=ScoreEffect.PARTNERS_MISDEAL, deal=Deal.PASSES)),
        Path(when(what="out_of_turn_stopped"), Outcome(
            "The deal out of turn was stopped before the trump card was turned; the player whose turn it "
            "was deals. Correct the hand's dealer if it was recorded.", (40,), deal=Deal.RIGHTFUL_DEALER)),
        Path(when(what="out_of_turn_stands", dealt_by=("N", "E", "S", "W")), Outcome(
            "{offender} dealt out of turn, and it was found only after the trump card was turned, so the deal "
            "stands: it is recorded as his, and the deal goes on to his left.", (40,),
            score=ScoreEffect.OUT_OF_TURN_STANDS)),
    ),
)

SHUFFLE_AND_CUT = Irregularity(
    key="shuffle_and_cut",
    title="Shuffling and cutting",
    laws=(22, 23, 27, 29, 30, 31),
    needs_play=False,
    offender_question="Who shuffled or cut?",
    offender_from=(OffenderRule(when(what="dealer_reshuffled"), Offender.DEALER),),
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("shuffled_wrongly", "The pack was shuffled below the table, so that a card could be seen, or "
                                 "during the play of a hand (laws 22, 23)"),
            ("seen_in_shuffle", "A card was seen while the dealer shuffled or handed the pack to be cut "
                                "(law 27)"),
            ("bad_cut", "The cut left fewer than four cards in a packet, exposed a card, or left a doubt "
                        "where the pack was divided (law 29)"),
            ("recut", "The player who cut wanted to shuffle or cut again after dividing the pack (law 30)"),
            ("dealer_reshuffled", "The dealer shuffled again after the pack was cut (law 31)"),
        )),
        Fact("noticed", "When was it claimed?", FactKind.CHOICE, (
            ("before_trump", "Before the trump card of that deal was turned"),
            ("after_trump", "After the trump card was turned, or once the hand was played"),
        ), required=False, help="Asked when the dealer shuffled after the cut (law 31)."),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(what="shuffled_wrongly"), Outcome(
            "The pack must be shuffled above the table, face down, and never during the play of a hand; the "
            "laws set no penalty in points, and the score is unchanged.", (22, 23))),
        Path(when(what="seen_in_shuffle"), Outcome(
            "A card was seen in the dealer's shuffle, so he may be made to shuffle again; the score is "
            "unchanged.", (27,))),
        Path(when(what="bad_cut"), Outcome(
            "There must be a fresh cut; there is no penalty in points and the score is unchanged.", (29,))),
        Path(when(what="recut"), Outcome(
            "Once the pack is divided the cut cannot be changed, nor the pack shuffled again: the cut stands, "
            "and the score is unchanged.", (30,))),
        # Law 31 voids the deal only on a claim made before the trump card is turned: once it is turned, a
        # deal stands whatever was wrong with it (laws 38 and 40), and a hand already played is never undone.
        Path(when(what="dealer_reshuffled", noticed="before_trump"), Outcome(
            "{dealer} shuffled after the pack was cut, so he loses the deal: the hand is void and the deal "
            "passes to the next player.", (31,), score=ScoreEffect.MISDEAL, deal=Deal.PASSES)),
        Path(when(what="dealer_reshuffled", noticed="after_trump"), Outcome(
            "{dealer} shuffled after the pack was cut, but the claim came only after the trump card was "
            "turned: as a deal stands once the trump is turned (laws 38 and 40), this one stands and the "
            "hand scores as played.", (31, 38, 40))),
    ),
)

FRESH_CARDS = Irregularity(
    key="fresh_cards",
    title="Fresh cards, or cards torn or marked",
    laws=(72, 73),
    needs_play=False,
    offender=Offender.NOBODY,
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("before_cut", "A player called for fresh cards before the pack was cut for the deal (law 72)"),
            ("after_cut", "A player called for fresh cards after the pack was cut for the deal (law 72)"),
            ("torn_or_marked", "A card was found torn or marked (law 73)"),
        )),
    ),
    paths=(
        Path(when(what="before_cut"), Outcome(
            "He may have fresh cards, paying for them: he calls for two new packs and the dealer chooses "
            "between them. The score is unchanged.", (72,))),
        Path(when(what="after_cut"), Outcome(
            "Fresh cards cannot be called for once the pack is cut for the deal: the deal goes on with these "
            "cards. The score is unchanged.", (72,))),
        Path(when(what="torn_or_marked"), Outcome(
            "The torn or marked cards are replaced by agreement, or fresh cards are called for at the "
            "table's expense. The score is unchanged.", (73,))),
    ),
)

SCORE_ERROR = Irregularity(
    key="score_error",
    title="Score error: the hand was scored wrongly",
    laws=(5,),
    offender=Offender.NOBODY,  # the score is put right, whoever gained: law 5 names no penalty
    facts=(
        Fact("maker", "Who made the trump?", FactKind.SEAT),
        Fact("alone", "Did he play alone?", FactKind.FLAG),
        Fact("tricks", "How many tricks did the makers take?", FactKind.COUNT, low=0, high=5),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(), Outcome(
            "The score is put right: the hand is scored as the makers' {tricks} trick(s), {alone_words}.",
            (5,), score=ScoreEffect.CORRECTED)),
    ),
)

ANNOUNCEMENT = Irregularity(
    key="announcement",
    title="Points not announced, or announced wrongly",
    laws=(6,),
    needs_play=False,
    offender_question="Who scored or announced the points?",
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("not_announced", "Points were marked without being announced (law 6)"),
            ("announced_wrongly", "The points announced differ from what the hand earns (law 6)"),
        )),
    ),
    paths=(
        Path(when(what="not_announced"), Outcome(
            "Points should be announced before they are marked; the laws set no penalty, and the hand "
            "scores what the laws give it.", (6,))),
        Path(when(what="announced_wrongly"), Outcome(
            "What was announced does not change the score: the hand scores what the laws give it for the "
            "play as reported.", (6, 5))),
    ),
)

ETIQUETTE_BREACHES: tuple[tuple[int, str], ...] = (
    (107, "Not using two packs of different colours"),
    (108, "Drawing the next winning card before his partner played"),
    (109, "A hint by word or gesture about the hand or the game"),
    (110, "Asking to see cards to alert his partner"),
    (111, "Refusing an impartial bystander's word on a fact"),
    (112, "Revoking on purpose, or to hide a revoke"),
    (113, "Betting with bystanders before the players"),
    (114, "A bystander's remark or walking round the table"),
    (115, "Looking over a hand while interested against it"),
    (116, "Declaring with unusual haste or delay"),
)

ETIQUETTE = Irregularity(
    key="etiquette",
    title="Breach of etiquette",
    laws=(106,),
    needs_play=False,
    offender_question="Who was at fault?",
    facts=(
        Fact("breach", "Which custom was broken?", FactKind.CHOICE,
             tuple((str(law), f"{label} (law {law})") for law, label in ETIQUETTE_BREACHES)),
    ),
    paths=tuple(
        Path(when(breach=str(law)), Outcome(
            "A breach of etiquette by {offender}: " + label.lower() + ". The laws set no penalty; it is "
            "recorded, and the score is unchanged.", (106, law)))
        for law, label in ETIQUETTE_BREACHES
    ),
)

IRREGULARITIES: Mapping[str, Irregularity] = {
    irregularity.key: irregularity
    for irregularity in (
        REVOKE, LEAD_OUT_OF_TURN, PLAY_OUT_OF_TURN, EXPOSED_CARD, OMITTED_PLAY, TWO_CARDS, WRONG_CARDS, DISCARD,
        LONE_HAND, MAKING_TRUMP, THE_DEAL, MISDEAL, SHUFFLE_AND_CUT, FRESH_CARDS, SCORE_ERROR, ANNOUNCEMENT,
        ETIQUETTE,
    )
}
"""Every irregularity, in the order the wizard lists them (the revoke first)."""
