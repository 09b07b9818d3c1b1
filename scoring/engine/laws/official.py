"""One-line summaries of the Official Laws of Euchre (1862, laws I-XXXVI) and of the 1877 rules on each
player's privileges and the play (section 2, §6-§9), in this project's own words.

The Official Laws are cited by Roman numeral ("XXV"), the 1877 rules by section ("1877 §6"); `Law.number`
holds the plain number and `cite` writes it as the code does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from scoring.engine.laws.law import Law, table

__all__ = ["OFFICIAL_1862_LAWS", "OFFICIAL_LAWS_BORROWED", "RULES_1877_SECTIONS", "SECTION_1877", "STANDARD_GAME",
           "SUMMARY", "SUMMARY_1862", "cite_1862", "cite_1877", "roman"]

_NUMERALS = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def roman(number: int) -> str:
    """1 to 39 in Roman numerals, as the Official Laws number themselves.

    >>> roman(4), roman(19), roman(36)
    ('IV', 'XIX', 'XXXVI')
    """
    if not 1 <= number <= 39:
        raise ValueError(f"the Official Laws run from I to XXXVI, not {number}")
    out = []
    for value, numeral in _NUMERALS:
        while number >= value:
            out.append(numeral)
            number -= value
    return "".join(out)


def cite_1862(number: int) -> str:
    return roman(number)


def cite_1877(number: int) -> str:
    return f"1877 §{number}"


SECTION_1877 = 187700
"""The 1877 sections share a code's law table with the Official Laws, so §n is kept under SECTION_1877 + n."""
SUMMARY = 900
"""The standard game's summary is not numbered; its paragraphs are kept under SUMMARY + 1, + 2."""


OFFICIAL_1862_LAWS: Mapping[int, Law] = table(
    (1, "cutting for the table", "Cards are dealt face up, one to each player in turn, until the four jacks "
        "are out: the first jack deals, the holders of jacks of one colour are partners, and those without a "
        "jack sit out."),
    (2, "shuffling and the cut", "The dealer shuffles last; his right-hand opponent may shuffle too and cuts. "
        "After the cut only the dealer touches the pack."),
    (3, "dealing by threes and twos", "Five cards each, in two rounds of three and two or two and three; a "
        "dealer who changes his way of dealing may be made to deal again, if asked before anyone looks."),
    (4, "a card shown in dealing", "A card turned or shown in the deal, other than the trump card, or more "
        "than one card shown in turning it, makes the deal void; the same dealer deals again."),
    (5, "a card exposed by another", "If an opponent exposes a card during the deal, the dealer may deal "
        "again; if the dealer's partner does, either opponent may ask for a new deal before the turn."),
    (6, "looking during the deal", "Nobody takes up his cards during the deal; a misdeal caused by the dealer's "
        "partner is the dealer's misdeal."),
    (7, "too few or too many cards", "A wrong count put right before the trump card is turned leaves the deal "
        "good; found after the turn, the deal is lost and passes to the left."),
    (8, "dealing out of turn", "Found before the turn, the deal goes back to the right dealer; found after, it "
        "stands, and the next deal goes to the left of the one who dealt."),
    (9, "an imperfect pack", "A pack found short or long voids that deal only; earlier scores stand and the "
        "dealer keeps his deal."),
    (10, "the trump card", "The dealer may leave the trump card showing until he plays; once he takes it up, "
         "one may ask only which suit is trumps."),
    (11, "misdeals", "A misdeal loses the deal, which passes to the left."),
    (12, "cards before each player", "Each player should play his card in front of him; otherwise nobody may "
         "ask who played which card, though he may ask the players to draw their cards."),
    (13, "the discard", "A lead made before the dealer discards stands and does not take away the dealer's "
         "right to play alone; a discard once quitted cannot be changed."),
    (14, "leads and plays out of turn", "A card led or played out of turn may be taken back and called; one "
         "who played to it by mistake may take his card back; a wrong lead stands once all four have played."),
    (15, "a card played", "A card that has left the hand and touched the table is played; a card that does "
         "not follow suit may be changed for one that does, and is then liable to be called."),
    (16, "two cards to a trick", "The opponents choose which card counts; the other is exposed and may be "
         "called later."),
    (17, "looking at tricks", "Only the last trick may be looked at during the play."),
    (18, "six cards or no discard", "A side playing with six cards, or whose dealer did not discard and said so "
         "too late, counts nothing in that hand and loses the deal; the other side counts all it makes."),
    (19, "cards laid face up", "Cards laid face up stay there and may each be called by the opponents, whether "
         "the player meant to claim or to give up."),
    (20, "naming a suit", "A suit once named stands; naming the suit turned down counts as a pass."),
    (21, "announcing alone", "A player going alone must say so clearly; if he is ambiguous and a lead is made, "
         "he plays with his partner."),
    (22, "a revoke completed", "A revoke is complete once its trick is turned and quitted and the offender or "
         "his partner has played again."),
    (23, "a revoke corrected", "A revoke noticed in time may be corrected; the left-hand opponent may then "
         "choose the highest or lowest card of the suit, or call the card taken back."),
    (24, "after a corrected revoke", "The offender's partner may not change his card; an opponent who played "
         "after the revoke may take his card back."),
    (25, "mixing the cards", "A side that mixes the cards when a revoke is alleged against it pays the revoke: "
         "the claimants score two."),
    (26, "revokes: time and reciprocity", "No revoke may be claimed once the cards are cut for the next deal; "
         "revokes by both sides in one hand offset, and the deal is played again."),
    (27, "exposed cards", "A card shown or named may be called by an opponent, as a lead or to its suit."),
    (28, "a called card", "A called card must be played, or the player pays as for a revoke."),
    (29, "who calls", "Only the offender's left-hand opponent calls a card, and never so as to force a revoke "
         "or to make the holder throw away a winning card to another suit."),
    (30, "talking about the score", "An opponent who points out the score to his partner loses the right to "
         "order up, and the dealing side chooses whether one of them goes alone."),
    (31, "the counter's error", "Points wrongly added may be claimed by the opponents, who add them to their own "
         "score, until the next trump is turned; points left out are lost once the next deal is over."),
    (32, "throwing down the cards", "A player who throws his cards face up cannot take them back and they may be "
         "called; who leaves the game loses it."),
    (33, "signalling", "A player who tells his partner about his hand or how to play, by word or sign, gives the "
         "opponents one point."),
    (34, "no count for the offenders", "A side that gives the opponents points for a penalty counts nothing it "
         "made in that hand; the deal goes on as usual."),
    (35, "partners share penalties", "Partners answer for each other's faults."),
    (36, "refusing a penalty", "A side that refuses a penalty the laws give loses the game at once."),
    label=roman,
)

RULES_1877_SECTIONS: Mapping[int, Law] = table(
    (6, "each player's privileges", "In turn after the dealer's left, each may pass, order up or assist, or play "
        "alone; a player whose partner has ordered up may take the hand out of his hands and play it alone "
        "before the lead, the dealer may go alone on his partner's assist, and the first player may not take "
        "his partner's order out of his hands. The second time round the same rights hold."),
    (7, "playing alone", "Only a player whose side took up or made the trump may play alone, and never at a "
        "trump he has passed, nor after passing a second time."),
    (8, "one option only", "A declaration, once made, cannot be changed or added to; a player who assisted "
        "cannot then play alone."),
    (9, "the play", "The dealer's left leads; each follows suit if he can. A player who throws his cards in gives "
        "the other side all that five tricks would have given it, only when his partner does not play alone and "
        "the count is claimed at once. A card led out of turn may be taken back and left exposed, but not by an "
        "adversary once either has played on it, nor by the offender's partner once he has."),
    label=cite_1877, numbered=False,
)

STANDARD_GAME: Mapping[int, Law] = table(
    (SUMMARY + 1, "scoring", "Three or four tricks give the makers one point and all five give two; a lone "
        "player scores four for all five and one for three or four; makers who fall short of three give the "
        "other side two, alone or not."),
    (SUMMARY + 2, "the revoke", "A side that fails to follow suit when it could gives the other side two "
        "points, or four when it was defending against a lone player, and the hand stops there."),
    (SUMMARY + 3, "making trump", "From the dealer's left round to the dealer, each may have the dealer take "
        "up the turned card, the dealer by keeping it; if all decline, each in the same order may name "
        "another suit or pass, and four passes end the deal. Whoever fixes the trump is the maker and may "
        "say he plays alone."),
    label=lambda n: "the standard game", numbered=False,
)

OFFICIAL_LAWS_BORROWED: Mapping[int, Law] = {number: dataclasses.replace(law, book="Official Laws")
                                             for number, law in OFFICIAL_1862_LAWS.items()}
"""The Official Laws as the standard game takes them where its summary is silent: cited as theirs ("Official
Laws, VII"), never by a bare numeral of a book the club does not play by."""

SUMMARY_1862: Mapping[int, Law] = {
    number: dataclasses.replace(law, label="the 1862 summary") for number, law in STANDARD_GAME.items()} | {
    SUMMARY + 2: Law(SUMMARY + 2, "the revoke", "A side that revokes gives the other side two points, or four when "
                     "it was defending against a lone player; under the Official Laws the hand is still counted, "
                     "the other side scoring its own points from it as well and the revoking side none (XXXIV).",
                     "the 1862 summary", numbered=False)}
"""The same summary as the Official Laws' codes cite it: it stands before the laws of 1862 in their text. Its revoke
gives the points those codes pay, but they count the hand on (XXXIV), so its gloss there says so."""
