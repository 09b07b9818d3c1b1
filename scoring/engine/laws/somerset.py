"""One-line summaries of the Somerset Club laws of 1888, in this project's own words.

Laws are cited by number everywhere else; this table is where a number becomes a
sentence a player can read.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.laws.law import Law, table

SOMERSET_1888_LAWS: Mapping[int, Law] = table(
    # The rubber and scoring (laws 1-7).
    (1, "the rubber", "A rubber is best of three games; the third is played even after a side "
        "wins two, and a fourth follows when the third game laps."),
    (2, "points", "Five points make a game. Makers who take all five tricks score two, three or "
        "four tricks score one; makers held under three tricks are euchred and the defenders score two."),
    (3, "lone hands", "A lone player who takes all five tricks scores four, three or four tricks "
        "score one; if euchred, the defenders score four."),
    (4, "revoke first", "Revoke penalties are scored before all other scores."),
    (5, "score errors", "A wrong score may be put right until the next deal's trump card is turned."),
    (6, "announcing", "Points are to be announced before they are scored."),
    (7, "game values", "A game counts one, or two when the losers have not scored in it; the "
        "rubber's winners take two more, so a rubber is worth at most ten."),
    # Cutting for partners and the deal, and forming the table (laws 8-21).
    (8, "rank in cutting", "In cutting, the knave ranks highest, then the ace, the king and on down."),
    (9, "one pack", "Everyone cuts from the same pack."),
    (10, "two cards shown", "A player who shows more than one card when he cuts must cut again."),
    (11, "choosing the players", "With more than four candidates, the cut decides who plays, those who came "
         "first having the preference; the four highest cut again for partners, the two highest against the "
         "two lowest, and the highest deals and chooses cards, seats and counters, and must keep to his choice."),
    (12, "more than six", "With more than six candidates, the two whose cards rank fifth and "
        "sixth join the table."),
    (13, "two equal cards", "Two equal cards are cut again, except where they are both the "
        "lowest or both the highest of the cut."),
    (14, "three equal cards", "When three cut equal cards they cut again: if the fourth player's "
        "card was higher, the new cut's two low cards make one partnership and the other side "
        "deals; if lower, its two high cards partner each other and take the deal and the seats."),
    (15, "cutting out", "When a rubber ends and one or two candidates claim a place, those who have played "
         "the most rubbers in a row go out; if all have played as many, a cut decides, the lowest going out."),
    (16, "declaring entry", "A candidate must say he wishes to play before anyone cuts for the next rubber "
         "or for cutting out."),
    (17, "fresh tables", "At a new table, candidates who have belonged to or played at no other table come "
         "in first; the rest cut for their places."),
    (18, "substitutes", "A player leaving before the rubber ends may, if the other three agree, name a "
         "substitute for the rest of that rubber."),
    (19, "leaving early", "A player who leaves a full table after one of the two rubbers he may play is "
         "replaced by the next candidate, who goes out when he would have."),
    (20, "cutting into another table", "A player who cuts into another table loses his right to come back "
         "to his own, and cuts in again as a fresh candidate."),
    (21, "a table broken up", "When a player breaks up a table, the others have the first right to enter "
         "another, cutting among themselves when there is not room for all."),
    # Shuffling (laws 22-27).
    (22, "how to shuffle", "The pack is shuffled above the table, and so that no card's face can be seen."),
    (23, "no shuffle in play", "The pack is never shuffled while a hand is being played."),
    (24, "shuffling once", "Each player may shuffle once before a deal, after a false cut or after a new "
         "deal, besides the dealer's right under law 27."),
    (25, "collecting the cards", "The dealer's partner gathers the cards for the next deal and has the "
         "first shuffle."),
    (26, "placing the pack", "After shuffling, the pack is gathered face down and put to the left of the "
         "next dealer."),
    (27, "dealer shuffles last", "The dealer always has the last shuffle; if a card is seen while he "
         "shuffles or hands the pack to be cut, he can be made to shuffle again."),
    # The deal.
    (28, "turn to deal", "The deal passes to the left after each hand."),
    (29, "the cut", "The dealer's right-hand opponent cuts, four cards at least in each part; a "
        "card shown, a muddled pack or a doubtful division means cutting again."),
    (30, "a cut is final", "Once he has divided the pack, the player cutting may neither shuffle nor cut "
         "again."),
    (31, "shuffling after the cut", "A dealer who shuffles after the pack has been cut loses the deal."),
    (32, "the rest of the pack", "After dealing, the dealer puts the rest of the pack at his right hand."),
    (33, "imperfect pack", "A faulty pack found during the deal or play means a new deal by the "
         "same dealer; earlier scores stand."),
    (34, "faced card", "A card found face up in the pack before the first lead means a new deal."),
    (35, "card exposed in dealing", "A card exposed in dealing by the dealer or his partner lets the "
         "adversaries claim a new deal, if neither of them has touched the cards; one exposed by an adversary "
         "gives the dealer that claim, if the dealer's partner has not touched the cards. Without a new deal "
         "the exposed card cannot be called."),
    (36, "touching cards", "A player who touches his cards during the deal does not take away "
         "the adversaries' right to claim a new deal."),
    (37, "late exposure", "The dealer turning the trump too quickly does not take away the "
         "adversaries' right to a new deal for an exposed last card."),
    (38, "wrong pack", "A deal with the adversaries' pack stands once the trump is turned; before "
         "that a new deal may be claimed."),
    (39, "exposure in turning", "If the dealer shows another card while turning the trump, the "
         "same dealer deals again."),
    (40, "deal out of turn", "A deal out of turn may be stopped before the trump card is turned; "
         "after that it stands."),
    (41, "misdeal", "A misdeal loses the deal to the next player."),
    (42, "what is a misdeal", "It is a misdeal unless each player gets five cards, dealt two then "
         "three (or three then two) in turn."),
    (43, "misdeal provoked", "A misdeal after an opponent first touched the cards during the "
        "deal costs the dealer nothing; after his own partner did, he loses the deal."),
    (44, "interrupted dealer", "A dealer interrupted by an unfounded claim who then misdeals may deal again."),
    (45, "partner's deal taken", "If a player takes his partner's deal and misdeals, the partner "
         "bears the penalty and the deal passes to the adversary on the left of the player whose deal it was."),
    # Exposed and called cards.
    (46, "exposed cards", "Exposed cards (two played at once, a card shown on or above the table, "
         "a lifted trump card) stay on the table and may be called."),
    (47, "winning cards led in a run", "A player who plays winning cards one after another "
         "without waiting may have his partner called on to win any of those tricks; the other "
         "cards are exposed."),
    (48, "cards thrown down", "Cards thrown face up are exposed and may be called; a player who "
         "keeps his hand cannot be made to give it up."),
    (49, "hands abandoned", "When all four throw their cards down the hand is over; no claim is "
         "heard afterwards unless a revoke is proved."),
    (50, "lone hand abandoned", "When an opponent of the lone player gives up his hand, by "
        "showing it or by not playing to every trick, the lone player scores five."),
    (51, "detached card", "A card held apart may be called if an adversary names it; naming the "
         "wrong card lets the other side call a suit from that adversary's side."),
    (52, "lead out of turn", "After a lead out of turn the adversaries choose: call the card led, "
         "or call a suit when the offender's side next leads."),
    (53, "false lead followed", "If all three followed a lead out of turn the trick stands; if "
         "fewer did, their cards go back and only the offender is penalised."),
    (54, "failing a call", "Not playing the highest or lowest, or the suit, when lawfully called "
         "and able to, is a revoke."),
    (55, "no forced revoke", "No call can force a player to revoke."),
    (56, "repeated call", "An exposed card may be called again and again until it is played."),
    (57, "called suit not held", "Nothing is lost by a player told to lead a suit he has none of."),
    (58, "third before second", "When third hand plays ahead of second hand, fourth hand may "
        "also play ahead of his partner."),
    (59, "fourth before partner", "If the fourth hand plays before his partner, the partner may "
         "be told to win or lose the trick."),
    (60, "omitted play", "A player who missed a trick and played to the next lets the adversaries "
         "claim a new deal; if the deal stands, his last card counts for the missed trick, with no revoke."),
    (61, "two cards to a trick", "A player who put two cards to a trick answers for every revoke "
         "it caused; found during play, the extra card is restored."),
    # The revoke.
    (62, "revoke", "A revoke is failing to follow suit while holding a card of the suit led."),
    (63, "revoke penalty", "Each revoke costs three points, or five in a lone hand, and is paid "
         "as often as it is repeated in the hand."),
    (64, "revoke established", "A revoke is established once its trick is turned and quitted, or "
         "the revoking side plays to the next trick."),
    (65, "asking partner", "A partner's question before the trick is quitted lets the revoke be "
         "corrected, unless answered no or the side has played on."),
    (66, "searching", "Once the hand is over, the side claiming a revoke may look through the tricks."),
    (67, "mixing the cards", "If the accused side mixes the cards before the claimants have "
         "examined them, the revoke is established."),
    (68, "claim too late", "No revoke can be claimed once the cards are cut for the next deal."),
    (69, "revoke saved", "A revoke corrected in time leaves the wrong card exposed to be called; "
         "later players other than the partner may take back their cards."),
    (70, "playing out", "The revoking side may have the hand played out."),
    (71, "revokes cancel", "Equal numbers of revokes by the two sides cancel each other."),
    # Fresh cards (laws 72, 73).
    (72, "fresh cards", "Before the pack is cut for the deal, but not after, a player may call for fresh "
         "cards, paying for them: he calls for two new packs and the dealer chooses between them."),
    (73, "torn or marked cards", "Torn or marked cards are replaced by agreement, or fresh cards are called "
         "for at the table's expense."),
    # Making the trump.
    (74, "eldest hand's turn", "With the trump card turned, the eldest hand passes, orders up or "
        "plays alone; his partner may then take the hand and play it alone instead."),
    (75, "second hand's turn", "The second hand passes, assists or plays alone; the dealer may "
         "take it from him alone."),
    (76, "third hand and dealer", "The third hand passes, orders up or plays alone; the dealer "
         "then passes, takes up the trump or plays alone."),
    (77, "all pass", "When all pass, the card is turned down and each in turn may name a suit; "
         "if all pass again the deal is over and the next player deals."),
    (78, "naming a suit", "A suit once named cannot be changed; naming the suit turned down is a pass."),
    (79, "naming after passing", "A player who names the suit he meant to make after passing "
         "forces his partner to pass."),
    (80, "ordering after passing", "A player who passes and then tries to assist or order up "
         "forces his partner to pass, unless the adversaries elect to have it played."),
    (81, "unheard declaration", "A declaration stands though the partner did not hear it and passed."),
    (82, "out of order", "A pass, order or assist made out of turn takes nobody's right away; "
        "when the dealer turns the trump down, or throws his cards in, his partner is bound by "
        "it."),
    (83, "partner prompted", "If a player draws attention to the trick before his partner plays, "
         "the adversaries may make that partner play highest or lowest, or win or lose the trick."),
    (84, "cards placed", "A player may ask for the cards of a trick to be placed before their players."),
    (85, "choosing a penalty", "Where the non-offending side may choose between penalties, they "
         "agree who chooses but may not consult on the choice, and lose it if they do; a demand once made "
         "is final."),
    # The discard and the wrong number of cards.
    (86, "dealer's discard", "When the turned card is taken up, the dealer discards at once; the "
         "discard is complete once under the pack and quitted."),
    (87, "lead before discard", "If the eldest hand leads before the discard is complete, the "
         "lead stands and the dealer may change his discard."),
    (88, "trump card kept", "The turned trump card may not be discarded."),
    (89, "lead before lone discard", "If the second hand leads before the dealer discards against "
         "a lone third hand, the dealer may be told to play highest or lowest, or win or lose."),
    (90, "wrong number of cards", "A side with a player holding more or fewer than five cards, or "
         "whose dealer played without discarding, forfeits two (four in any lone hand, whichever side "
         "offends) and scores nothing that hand; the deal stands."),
    (91, "trump card in view", "The trump card stays in view until played; lifted, it is exposed."),
    (92, "asking the trump", "After the turned card is played one may ask the trump suit but not the card."),
    # Lone hands.
    (93, "who may go alone", "A player who has not passed may play alone when he or his partner makes the trump."),
    (94, "taking it from partner", "A partner may take a lone hand over, saying so plainly."),
    (95, "no lone hand", "No lone hand when one's side is ordered up, when the adversaries make "
         "the trump, or after exposing a card."),
    (96, "dealer alone", "The dealer must announce a lone hand before quitting his discard."),
    (97, "announce first", "A lone hand is announced before naming the trump, or may have to be "
         "played with the partner."),
    (98, "one declaration", "A lone hand is declared in a single statement; anything else forbids it."),
    (99, "late takeover", "If the partner offers to take the lone hand after a lead, or after "
         "passing, neither may play alone."),
    (100, "partner plays", "If the lone player's partner plays to the first lead, the hand is "
          "played in partnership unless the adversaries elect otherwise."),
    (101, "partner's cards down", "The lone player's partner lays his cards face down and may "
          "only gather the tricks."),
    (102, "partner exposes", "If the lone player's partner shows a card, a march scores only two, "
          "and a euchre still gives the adversaries four."),
    (103, "counting partner's hand", "An adversary may count the lone player's partner's cards."),
    (104, "lone player's lead", "A lone player pays nothing for showing a card, but a card he "
          "leads out of turn is exposed and may be called."),
    (105, "adversary out of turn", "If an adversary plays out of turn to a lone hand, both "
          "adversaries lay down their hands and the lone player may call their cards."),
    # Etiquette.
    (106, "etiquette", "The customs that follow carry no penalty; the remedy is not to play with "
          "those who ignore them."),
    (107, "two packs", "Clubs use two packs of different colours."),
    (108, "second winning card", "A player should not draw his next winning card before his "
          "partner has played."),
    (109, "no signals", "No hint by word or gesture about the hand or the game once the trump is turned."),
    (110, "asking to see cards", "Asking to see cards is for one's own information, not to alert a partner."),
    (111, "bystanders as witnesses", "Players should accept an impartial bystander's word on a disputed fact."),
    (112, "deliberate revoke", "Revoking on purpose, or revoking again to hide a revoke, is unfair."),
    (113, "bets", "Players settle their own bets before any with bystanders."),
    (114, "bystanders silent", "Bystanders make no remark and do not walk round to see the hands."),
    (115, "looking over hands", "No one should look over a player's hand while interested against him."),
    (116, "even manner", "Declarations are made in an even manner, neither hurried nor delayed."),
)
