"""The rulings tables of the Official Laws of 1862, of the 1877 rules and of the standard game.

The standard game takes the Official Laws' rulings where its summary is silent; the 1877 rules take them too,
and add their own on cards thrown in and a lead out of turn (§9) and on the privileges of making trump and
playing alone (§6-§8). Laws are numbered as the Official Laws number them (cited in Roman numerals); an 1877
section is kept under `SECTION_1877`. The claim limits: no revoke once the cards are cut for the next deal
(XXVI), and no score put right once the next trump card is turned (XXXI).

What a revoke scores differs by code (two points and the rest of the hand under the Official Laws, two points
and the end of the hand in the standard game), so the texts leave it to the tally the adjudicator adds.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.laws import SECTION_1877
from scoring.engine.rulebook.official import OFFICIAL_1862 as OFFICIAL_LAWS
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

PRIVILEGES, ALONE, ONE_OPTION, THE_PLAY = (SECTION_1877 + n for n in (6, 7, 8, 9))

LATE_REASONS: Mapping[int, str] = {
    6: "a deal gone wrong is dealt again only while that deal is in hand; once the trump card of the next deal is "
       "turned, it stands with the hand played on it (VI)",
    26: "no revoke may be claimed once the cards are cut for the next deal (XXVI)",
    31: "a score wrongly counted can be put right only until the trump card is turned in the next deal (XXXI)",
}
SCORE_LIMIT = ClaimLimit("score", OFFICIAL_LAWS.claim_limits["score"], LATE_REASONS)
REVOKE_LIMIT = ClaimLimit("revoke", OFFICIAL_LAWS.claim_limits["revoke"], LATE_REASONS)
DEAL_LIMIT = ClaimLimit("score", {claimed: (6,) for claimed in OFFICIAL_LAWS.claim_limits["score"]}, LATE_REASONS)
"""A deal claimed under VI comes too late when any score claim does, by VI's own limit, not the counter's (XXXI)."""

DEALER_LETS_STAND = Option("stands", "He lets the deal stand", Outcome("{dealer} lets the deal stand.", ()))
HIGHEST, LOWEST = highest_and_lowest("{left} requires")
CALL_BACK = Option("call_card", "Call the card he took back", Outcome(
    "{left} calls the card taken back: it must be played when called.", (),
    remedies=(Remedy.CARD_CALLED,)))

def not_alone(refuse_field: str) -> Path:
    """The first row of a ruling on a lone hand: a hand not played alone is refused, naming the fact asked."""
    return Path(when(lone="no"), refuse="This hand was not played alone: record the lone hand first, as the table "
                                        "played it.", refuse_field=refuse_field)


NO_CARD_PLAYED = ("The lone player's partner plays no card, his hand lying face down, so he cannot {what}; name "
                  "the player who did.")

OTHER_COUNT = other_count("Revokes by both sides in one hand offset, and the deal is played again (XXVI).")

REVOKE = Irregularity(
    key="revoke",
    title="Revoke",
    laws=(22, 23, 24, 25, 26, 34),
    offender_question="Who revoked?",
    facts=(
        Fact("stage", "How far did it go?", FactKind.CHOICE, (
            ("established", "Completed: the trick was turned and quitted and his side played again (XXII)"),
            ("mixed", "His side mixed the cards when the revoke was alleged (XXV)"),
            ("corrected", "He put it right before it was completed (XXIII)"),
        )),
        OTHER_COUNT,
        CLAIMED,
    ),
    limit=REVOKE_LIMIT,
    paths=(
        Path(when(role="lone_partner"), refuse=NO_CARD_PLAYED.format(what="revoke"), refuse_field="offender"),
        *REVOKE_LIMIT.paths(),
        Path(when(stage="corrected", other_count=("1", "2", "3", "4", "5")),
             refuse="Only completed revokes offset (XXVI): rule on the other side's revoke as its own.",
             refuse_field="other_count"),
        Path(when(stage="corrected"), Outcome(
            "The revoke was put right in time, so there is no penalty in points. {left} may require "
            "{offender} to play his highest or lowest card of the suit, or call the card he took back; a "
            "player of theirs who played after the revoke may take his card back; {partner} may not change "
            "his.", (23, 24), remedies=(Remedy.CARDS_TAKEN_BACK,), options=(HIGHEST, LOWEST, CALL_BACK),
            chooser=Chooser.LEFT_ADVERSARY)),
        Path(when(stage=("established", "mixed"), other_count=("1", "2", "3", "4", "5")), Outcome(
            "Both sides revoked in this hand.", (22, 26), score=ScoreEffect.REVOKES, deal=Deal.SAME_DEALER)),
        Path(when(stage="established"), Outcome(
            "{offender} revoked and the revoke is complete.", (22,), score=ScoreEffect.REVOKES)),
        Path(when(stage="mixed"), Outcome(
            "{side} mixed the cards when a revoke was alleged against them, so they pay the revoke.",
            (25, 34), score=ScoreEffect.REVOKES)),
    ),
)

EXPOSED_CARD = Irregularity(
    key="exposed_card",
    title="Exposed or called card, cards laid face up",
    laws=(19, 27, 28, 29, 32),
    offender_question="Whose card was it?",
    facts=(
        Fact("how", "What happened?", FactKind.CHOICE, (
            ("shown", "A card was shown or named, by accident or not (XXVII)"),
            ("laid_up", "He laid his cards face up, to claim or to give up the rest (XIX, XXXII)"),
            ("call_refused", "He did not play a card lawfully called (XXVIII)"),
        )),
        CLAIMED,
    ),
    limit=REVOKE_LIMIT,
    paths=timed(
        REVOKE_LIMIT,
        Path(when(role="lone_partner"), refuse=NO_CARD_PLAYED.format(what="expose or play a card"),
             refuse_field="offender"),
        Path(when(how="shown"), Outcome(
            "The card is exposed: {offender}'s left-hand adversary may call it, as a lead when {offender} "
            "leads or to its suit when led, never so as to make him revoke or throw away a winning card.",
            (27, 29), remedies=(Remedy.CARD_CALLED,))),
        Path(when(how="laid_up"), Outcome(
            "Cards laid face up stay on the table and {offender}'s left-hand adversary may call each of them; "
            "they cannot be taken back.", (19, 32, 29), remedies=(Remedy.CARD_CALLED,))),
        Path(when(how="call_refused"), Outcome(
            "A called card must be played: {offender} did not play it and pays as for a revoke.", (28,),
            score=ScoreEffect.REVOKES)),
    ),
)

LEAD_OUT_OF_TURN = Irregularity(
    key="lead_out_of_turn",
    title="Lead or play out of turn, a card played",
    laws=(14, 15),
    offender_question="Who led or played out of turn?",
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("before_all", "He led or played out of turn, and it was noticed before all four had played (XIV)"),
            ("after_all", "He led out of turn, and all four had played to it (XIV)"),
            ("wrong_suit", "He played a card not following suit, then changed it for one that did (XV)"),
            ("before_discard", "The eldest hand led before the dealer had discarded (XIII)"),
        )),
    ),
    paths=(
        Path(when(role="lone_partner"), refuse=NO_CARD_PLAYED.format(what="lead or play"), refuse_field="offender"),
        Path(when(what="before_all"), Outcome(
            "The card is taken back and may be called; a player who played to it by mistake takes his card "
            "back without penalty.", (14,), remedies=(Remedy.CARDS_TAKEN_BACK, Remedy.CARD_CALLED))),
        Path(when(what="after_all"), Outcome(
            "All four played to the lead, so the trick stands as played and there is no penalty.", (14,))),
        Path(when(what="wrong_suit"), Outcome(
            "He may change it for a card of the suit led; the card taken back may be called.", (15,),
            remedies=(Remedy.CARD_CALLED,))),
        Path(when(what="before_discard"), Outcome(
            "The lead stands: it may not be taken back or changed, and the dealer keeps his right to play alone. "
            "His discard is made once he has laid the card down and let go of it, and cannot be changed after.",
            (13,))),
    ),
)

TWO_CARDS = Irregularity(
    key="two_cards",
    title="Two cards to one trick",
    laws=(16,),
    offender_question="Who played two cards?",
    facts=(),
    paths=(
        Path(when(role="lone_partner"), refuse=NO_CARD_PLAYED.format(what="play two cards to a trick"),
             refuse_field="offender"),
        Path(when(), Outcome(
            "{claimants} choose which of the two cards counts in the trick; the other is exposed and may be "
            "called later.", (16,), remedies=(Remedy.CARD_CALLED,))),
    ),
)

THE_DEAL = Irregularity(
    key="deal",
    title="The deal: misdeal, card shown, wrong count, out of turn, imperfect pack",
    laws=(3, 4, 5, 6, 7, 8, 9, 11),
    needs_play=False,
    offender=Offender.DEALER,
    offender_from=(OffenderRule(when(what="imperfect_pack"), Offender.NOBODY),
                   OffenderRule(when(what="out_of_turn_stands"), Offender.DEALT_BY)),
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("changed_mode", "The dealer changed from threes and twos to twos and threes, or back (III)"),
            ("card_shown", "A card other than the trump card was turned or shown in the deal, or more than "
                           "one in turning it (IV)"),
            ("exposed_by_adversary", "An adversary of the dealer exposed a card during the deal (V)"),
            ("exposed_by_partner", "The dealer's partner exposed a card during the deal (V)"),
            ("count_put_right", "Too few or too many cards, put right before the trump card was turned (VII)"),
            ("wrong_count", "Too few or too many cards, found after the trump card was turned (VII)"),
            ("misdeal", "A misdeal, by the dealer or caused by his partner (VI, XI)"),
            ("taken_up", "An adversary of the dealer took up or looked at his cards during the deal, and the deal "
                         "went wrong (VI)"),
            ("out_of_turn_stopped", "Dealt out of turn; found before the trump card was turned (VIII)"),
            ("out_of_turn_stands", "Dealt out of turn; found after the trump card was turned (VIII)"),
            ("imperfect_pack", "The pack was found to have too many or too few cards (IX)"),
        )),
        dealt_by("Asked for a deal out of turn that stands: the next deal goes to his left (VIII)."),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=(*timed(
        SCORE_LIMIT,
        Path(when(what="changed_mode"), Outcome(
            "{dealer} changed his way of dealing: {claimants} may require a fresh deal, if they ask before "
            "looking at their cards.", (3,), options=(NEW_DEAL, DEAL_STANDS))),
        Path(when(what="card_shown"), Outcome(
            "A card was shown in the deal: the deal is void and the same dealer deals again.", (4,),
            score=ScoreEffect.NEW_DEAL, deal=Deal.SAME_DEALER)),
        Path(when(what="exposed_by_adversary"), Outcome(
            "An adversary exposed a card in the deal: {dealer} may deal again.", (5,),
            options=(DEAL_AGAIN, DEALER_LETS_STAND), chooser=Chooser.DEALER)),
        Path(when(what="exposed_by_partner"), Outcome(
            "The dealer's partner exposed a card in the deal: {claimants} may ask for a new deal before the "
            "trump card is turned.", (5,), options=(NEW_DEAL, DEAL_STANDS))),
        Path(when(what="count_put_right"), Outcome(
            "The count was put right before the trump card was turned, so the deal stands.", (7,))),
        Path(when(what="wrong_count"), Outcome(
            "A wrong count found after the trump card was turned loses the deal: {dealer} loses it and it "
            "passes to the left.", (7,), score=ScoreEffect.MISDEAL, deal=Deal.PASSES)),
    ), *timed(
        DEAL_LIMIT,
        Path(when(what="taken_up"), Outcome(
            "An adversary took up his cards during the deal: the misdeal that followed does not cost {dealer} his "
            "deal, and he deals again.", (6,), score=ScoreEffect.NEW_DEAL, deal=Deal.SAME_DEALER)),
        Path(when(what="misdeal"), Outcome(
            "A misdeal: {dealer} loses the deal and it passes to the left.", (11, 6),
            score=ScoreEffect.MISDEAL, deal=Deal.PASSES)),
    ), *timed(
        SCORE_LIMIT,
        Path(when(what="out_of_turn_stopped"), Outcome(
            "The deal out of turn was found before the trump card was turned: it goes back to the player whose "
            "turn it was. Correct the hand's dealer if it was recorded.", (8,), deal=Deal.RIGHTFUL_DEALER)),
        Path(when(what="out_of_turn_stands", dealt_by=("N", "E", "S", "W")), Outcome(
            "{offender} dealt out of turn, found only after the trump card was turned, so the deal stands: it "
            "is recorded as his, and the next deal goes to his left.", (8,), score=ScoreEffect.OUT_OF_TURN_STANDS)),
        Path(when(what="imperfect_pack"), Outcome(
            "The pack is imperfect: this deal is void, the scores of earlier deals stand, and the dealer keeps "
            "his deal.", (9,), score=ScoreEffect.NEW_DEAL, deal=Deal.SAME_DEALER)),
    )),
)

WRONG_CARDS = Irregularity(
    key="wrong_cards",
    title="Six cards, or no discard",
    laws=(18,),
    offender_question="Whose hand was wrong?",
    offender_from=(OffenderRule(when(what="no_discard"), Offender.DEALER),),
    facts=(
        Fact("what", "What was wrong?", FactKind.CHOICE, (
            ("six_cards", "He played with six cards or more (XVIII)"),
            ("no_discard", "The dealer did not discard, and did not say so before three tricks were turned "
                           "(XVIII)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(role="lone_partner"), refuse=NO_CARD_PLAYED.format(what="play with six cards"),
             refuse_field="offender"),
        Path(when(), Outcome(
            "{side} count nothing they made in this hand and lose the deal; {claimants} count all they make.",
            (18,), score=ScoreEffect.WRONG_CARDS)),
    ),
)

SIGNAL = Irregularity(
    key="signal",
    title="Signalling or talking across the table",
    laws=(33, 34, 30),
    offender_question="Who signalled?",
    facts=(
        Fact("what", "What did he do?", FactKind.CHOICE, (
            ("signalled", "He told his partner about his hand or how to play, by word or sign (XXXIII)"),
            ("score_pointed", "He drew his partner's attention to the score, as an adversary of the dealer "
                              "(XXX)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(what="score_pointed"), Outcome(
            "{side} lose the right to order up in this deal, and the dealer or his partner may play alone or "
            "not, as either of them chooses.", (30,))),
        Path(when(what="signalled"), Outcome(
            "{offender} signalled to his partner: {claimants} score {signal_points}, and {side} count nothing they "
            "made in this hand.", (33, 34), score=ScoreEffect.SIGNAL)),
    ),
)

COUNTER_ERROR = Irregularity(
    key="counter_error",
    title="The counter's error: points wrongly added, or not counted",
    laws=(31,),
    offender_question="Whose counter made the error (either player of that side)?",
    facts=(
        Fact("which", "What did he do?", FactKind.CHOICE, (
            ("added", "He added points his side had not won (XXXI)"),
            ("failed", "He failed to count points his side had won (XXXI)"),
        ), required=False, default="added"),
        Fact("points", "How many points?", FactKind.COUNT, low=1, high=11),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=(
        # Points a side failed to count are points it won: no more than it counted from the hand.
        Path(when(which="failed", within_won="no"), refuse=(
            "{side} counted {won} from this hand, so they cannot have failed to count {points_words} (XXXI)"),
            refuse_field="points"),
        # XXXI's second half: points not counted are lost once the next deal is made (its trump card turned);
        # claimed before, they count, as the site's score already counts them.
        Path(when(which="failed", claimed="after_trump"), Outcome(
            "{side} failed to count {points} point(s) they had won and claimed them only after the next deal was "
            "made: they lose them.", (31,), score=ScoreEffect.UNCOUNTED)),
        Path(when(which="failed"), Outcome(
            "{side} failed to count {points} point(s) they had won and claimed them in time: they count them, as "
            "the score here already does.", (31,))),
        *timed(
            SCORE_LIMIT,
            Path(when(), Outcome(
                "{side} added {points} point(s) they had not won: {claimants} count them to their own score.",
                (31,), score=ScoreEffect.MISCOUNT)),
        ),
    ),
)

# XXXVI: the side that did not refuse may throw down its cards, and the game is then theirs.
CLAIM_GAME = Option("claim_game", "They claim the game", Outcome(
    "{claimants} claim it: {side} lose the game in play, and {claimants} win it.", (),
    score=ScoreEffect.REFUSED_PENALTY))
PLAY_ON = Option("play_on", "They play on", Outcome(
    "{claimants} play on and do not claim the game: the hand stands as played.", ()))

REFUSED_PENALTY = Irregularity(
    key="refused_penalty",
    title="A penalty refused, or a player leaving the game",
    laws=(36, 32),
    offender_question="Who refused the penalty, or left?",
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("refused", "His side refused to pay a penalty the laws give (XXXVI)"),
            ("left", "He left the game before it was finished (XXXII)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=timed(
        SCORE_LIMIT,
        Path(when(what="refused"), Outcome(
            "{side} refused a penalty the laws give: {claimants} may throw down their cards and claim the game in "
            "play.", (36,), options=(CLAIM_GAME, PLAY_ON))),
        Path(when(what="left"), Outcome(
            "{offender} left the game, and so {side} lose it: {claimants} win the game in play.", (32, 36),
            score=ScoreEffect.REFUSED_PENALTY)),
    ),
)

MAKING_TRUMP_NAMED = Irregularity(
    key="suit_named",
    title="Making the trump: the suit turned down named, or a suit named changed",
    laws=(20,),
    needs_play=False,
    offender_question="Who named the suit?",
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("turned_down", "He named the suit turned down (XX)"),
            ("changed", "He named a suit, then tried to change it (XX)"),
        )),
    ),
    paths=(
        Path(when(what="turned_down"), Outcome(
            "Naming the suit turned down is a pass: {offender} has passed, and the right to make the trump goes "
            "to {left}.", (20,))),
        Path(when(what="changed"), Outcome(
            "A suit once named stands: {offender} may not change it, and it is the trump.", (20,))),
    ),
)

AMBIGUOUS_ALONE = Irregularity(
    key="ambiguous_alone",
    title="A lone hand announced in doubtful words",
    laws=(21,),
    offender=Offender.LONE_PLAYER,
    facts=(
        Fact("lead", "Was a lawful lead made before his meaning was questioned?", FactKind.CHOICE, (
            ("made", "Yes: a lawful lead was made, by him or an adversary (XXI)"),
            ("not_made", "No: it was questioned before any lead"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=(
        not_alone(refuse_field="lead"),
        Path(when(lead="not_made"), Outcome(
            "{offender}'s meaning was questioned before a lead: he says plainly whether he plays alone, and the "
            "hand is played as he says.", (21,))),
        *timed(
            SCORE_LIMIT,
            Path(when(lead="made"), Outcome(
                "{offender} announced his lone hand in words that left doubt, and a lawful lead was made: he loses "
                "the privilege and plays with his partner, so the hand is scored as a partnership hand.", (21,),
                score=ScoreEffect.PARTNERSHIP)),
        ),
    ),
)

OFFICIAL_1862: Mapping[str, Irregularity] = {
    irregularity.key: irregularity
    for irregularity in (REVOKE, EXPOSED_CARD, LEAD_OUT_OF_TURN, TWO_CARDS, WRONG_CARDS, THE_DEAL, SIGNAL,
                         COUNTER_ERROR, REFUSED_PENALTY, MAKING_TRUMP_NAMED, AMBIGUOUS_ALONE)
}
"""The Official Laws' rulings, in the order the wizard lists them (the revoke first); the standard game's too."""

# 1877 §9: a lead out of turn may be taken back, the card left exposed.
PLAYED_ON = Fact(
    "played_on", "Who had played on the card led out of turn when it was noticed?", FactKind.CHOICE, (
        ("none", "Nobody yet"),
        ("adversary", "An adversary of the player who led it, and not his partner"),
        ("partner", "Only his partner"),
        ("both", "An adversary and his partner"),
    ), required=False, default="none",
    help="For a lead out of turn noticed before all four played: once an adversary has played on it, neither "
         "adversary may have it taken back; once his partner has, the partner may not (1877 §9).")
# §9: the offender's partner who has not played on the card may still have it taken back, after an adversary has.
TAKE_BACK = Option("take_back", "He calls the card back", Outcome(
    "{partner} calls the card back: it is taken back and left face up on the table, to be called, and the cards "
    "played to it are taken back without penalty.", (), remedies=(Remedy.CARDS_TAKEN_BACK, Remedy.CARD_CALLED)))
LEAD_STANDS = Option("lead_stands", "He lets the lead stand", Outcome(
    "{partner} lets the lead stand: the play goes on from it, with no penalty.", ()))

LEAD_OUT_OF_TURN_1877 = Irregularity(
    key=LEAD_OUT_OF_TURN.key,
    title=LEAD_OUT_OF_TURN.title,
    laws=(14, 15, THE_PLAY),
    offender_question=LEAD_OUT_OF_TURN.offender_question,
    facts=(*LEAD_OUT_OF_TURN.facts, PLAYED_ON),
    paths=(
        LEAD_OUT_OF_TURN.paths[0],
        Path(when(what="before_all", played_on="both"), Outcome(
            "An adversary of {offender} and {partner} both played on the card led out of turn, so nobody may have "
            "it taken back: the lead stands and the play goes on from it, with no penalty.", (THE_PLAY,))),
        Path(when(what="before_all", played_on="adversary"), Outcome(
            "An adversary of {offender} played on the card led out of turn, so neither adversary may have it taken "
            "back; {partner}, who has not played on it, may call it back or let the lead stand.", (THE_PLAY,),
            options=(TAKE_BACK, LEAD_STANDS), chooser=Chooser.PARTNER)),
        Path(when(what="before_all", played_on="partner"), Outcome(
            "{partner} played on the card led out of turn, so he may not have it taken back; {claimants}, who "
            "have not played on it, may: the card is taken back and left face up on the table, to be called, "
            "and {partner} takes his card back.", (14, THE_PLAY),
            remedies=(Remedy.CARDS_TAKEN_BACK, Remedy.CARD_CALLED))),
        Path(when(what="before_all"), Outcome(
            "The card led out of turn is taken back and left face up on the table, to be called; a player who "
            "played to it takes his card back without penalty.", (14, THE_PLAY),
            remedies=(Remedy.CARDS_TAKEN_BACK, Remedy.CARD_CALLED))),
        *LEAD_OUT_OF_TURN.paths[2:],
    ),
)

# 1877 §9 gives the count for cards thrown in only if it is claimed at once: while the hand is in play, as the
# cards go into the pack. Any later claim changes nothing.
THROWN_IN_LIMIT = ClaimLimit("thrown_in", {"before_cut": (THE_PLAY,), "before_trump": (THE_PLAY,),
                                           "after_trump": (THE_PLAY,)},
                             {THE_PLAY: "the count for cards thrown in must be claimed at once, as they are thrown "
                                        "in (1877 §9)"})

THROWN_IN = Irregularity(
    key="thrown_in",
    title="Cards thrown in",
    laws=(THE_PLAY, 34),
    offender_question="Who threw his cards in?",
    facts=(CLAIMED,),
    limit=THROWN_IN_LIMIT,
    paths=timed(
        THROWN_IN_LIMIT,
        Path(when(role="lone_partner"), refuse="The lone player's partner holds no cards in play to throw in; "
                                               "name the player who did.", refuse_field="offender"),
        Path(when(), Outcome(
            "{offender} threw his cards into the pack: {claimants} count what they would have had for all "
            "five tricks, and {side} count nothing from this hand.", (THE_PLAY, 34),
            score=ScoreEffect.THROWN_IN)),
    ),
)

PRIVILEGES_BROKEN = Irregularity(
    key="privileges",
    title="Making trump or playing alone out of one's privilege",
    laws=(PRIVILEGES, ALONE, ONE_OPTION),
    offender=Offender.LONE_PLAYER,
    facts=(
        Fact("what", "What happened?", FactKind.CHOICE, (
            ("passed_then_alone", "He played alone at a trump he had passed, or after passing a second time "
                                  "(1877 §7)"),
            ("assisted_then_alone", "Having assisted, he then declared to play alone (1877 §8)"),
            ("took_partners_order", "As the dealer's left, he took his partner's order-up out of his hands "
                                    "(1877 §6)"),
            ("took_dealers_adoption", "As the dealer's partner, he took the dealer's adoption out of his hands "
                                      "(1877 §6)"),
        )),
        CLAIMED,
    ),
    limit=SCORE_LIMIT,
    paths=(
        not_alone(refuse_field="what"),
        *timed(
            SCORE_LIMIT,
            Path(when(), Outcome(
                "{offender} had no right to play this hand alone: a declaration once made stands as made, so "
                "the hand is scored as played with his partner.", (PRIVILEGES, ALONE, ONE_OPTION),
                score=ScoreEffect.PARTNERSHIP)),
        ),
    ),
)

WITH_PARTNER = Option("with_partner", "He plays with his partner", Outcome(
    "{claimants} make him play with his partner: the hand is scored as a partnership hand.", (PRIVILEGES,),
    score=ScoreEffect.PARTNERSHIP))
ALONE_STANDS = Option("alone_stands", "Let him play alone", Outcome("{claimants} let the lone hand stand.", ()))

ALONE_NOT_AT_ONCE = Irregularity(
    key="alone_not_at_once",
    title="\"Alone\" not said at once with the suit named",
    laws=(PRIVILEGES,),
    offender=Offender.LONE_PLAYER,
    facts=(CLAIMED,),
    limit=SCORE_LIMIT,
    paths=(
        not_alone(refuse_field="claimed"),
        # §6 asks for "alone" said at once only of a suit named after the turn-down; in the first round a lone
        # hand may be declared until the lead (or the dealer's discard), so a pause there is no fault.
        Path(when(declaration=("ordered_up", "assisted", "adopted")), refuse=(
            "1877 §6 asks for \"alone\" said at once only of a suit named after the trump card was turned down; "
            "this lone hand took up the turned card in the first round (ordered up, assisted or adopted), where "
            "§6 lets a player declare alone until the lead, so the adversaries have no such choice."),
            refuse_field="irregularity"),
        Path(when(declaration="none"), refuse=(
            "The hand as recorded does not say how the trump was made, and 1877 §6's rule on saying \"alone\" "
            "at once is only for a suit named after the trump card was turned down: put the hand right (the trump "
            "made by naming a suit) first."), refuse_field="irregularity"),
        *timed(
            SCORE_LIMIT,
            Path(when(), Outcome(
                "{offender} named the suit after the trump was turned down and said \"alone\" only after a pause: "
                "either adversary may make him play with his partner.", (PRIVILEGES,),
                options=(WITH_PARTNER, ALONE_STANDS))),
        ),
    ),
)

RULES_1877: Mapping[str, Irregularity] = {
    **{key: LEAD_OUT_OF_TURN_1877 if key == LEAD_OUT_OF_TURN.key else irregularity
       for key, irregularity in OFFICIAL_1862.items()},
    THROWN_IN.key: THROWN_IN,
    PRIVILEGES_BROKEN.key: PRIVILEGES_BROKEN,
    ALONE_NOT_AT_ONCE.key: ALONE_NOT_AT_ONCE,
}
"""The 1877 rules: the Official Laws' rulings with §9's lead out of turn, cards thrown in and the privileges."""
