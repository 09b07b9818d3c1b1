"""What the site cites a law for beyond the points of a hand: who chooses a remedy, the time limit on a claim,
forming a club night's tables, a substitute, the rubber's games.

A page asks its rulebook (`Rulebook.cited`, `Rulebook.noted`) and shows what the code says; a code without such
a law cites nothing, and the sentence stands without it. The choice words differ between the codes in more than
the law, so each code holds its own (`ChoiceWords`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from scoring.engine.laws import Law, cite


class Matter(StrEnum):
    """A matter the site cites a law for that is not a reason for points (those are `Reason`s)."""

    ANNOUNCING = "announcing"  # Somerset law 6: points are announced before they are scored
    SCORE_CLAIM = "score_claim"  # law 5 (XXXI): a wrong score is put right until the next trump card is turned
    REVOKE_CLAIM = "revoke_claim"  # law 68 (XXVI): no revoke is claimed once the next deal is cut
    CHOICE = "choice"  # law 85: the side that did not offend chooses the penalty
    DEALERS_CHOICE = "dealers_choice"  # law 44 (V): the dealer's own choice to deal again
    PARTNERS_CHOICE = "partners_choice"  # 1877 §9: the offender's partner may still call back a lead out of turn
    PARTNERS_DEAL = "partners_deal"  # law 45: a deal put down to the partner whose deal it was
    SUBSTITUTE = "substitute"  # law 18: a substitute for the rest of the rubber
    FIRST_DEAL = "first_deal"  # law 11 (I): the cut, or the first jack, decides who deals first
    ROTATION = "rotation"  # law 28: the deal passes to the left
    MAKING_TRUMP = "making_trump"  # laws 74-76: the places that may take up the turned card
    TAKEN_FROM_PARTNER = "taken_from_partner"  # 1877 §6: a lone player takes the hand from his partner
    SCORING_LAWS = "scoring_laws"  # laws 1-7: how points are made
    HAND_POINTS = "hand_points"  # laws 2 and 3: the points of a hand, with a partner and alone
    GAMES = "games"  # laws 1, 2 and 7: games, laps and the rubber
    PRIVILEGES = "privileges"  # 1877 §6-§8: making trump and playing alone
    RUBBER_POINTS = "rubber_points"  # law 7: what a game and the rubber are worth
    THIRD_GAME = "third_game"  # law 1: the rubber's third game is played; a fourth after a lapped third
    TABLES = "tables"  # laws 8-21 (I): how a club night's tables are formed
    TABLE_OF_FOUR = "table_of_four"  # law 11 (I): four players make a table
    PREFERENCE = "preference"  # law 11: those first in the room have the preference
    CANDIDATES = "candidates"  # laws 12, 16: a table's candidates, in order
    DECLARING = "declaring"  # law 16: a candidate declares for a table
    FRESH_FIRST = "fresh_first"  # law 17: at a new table those who have not played come in first
    RUN = "run"  # law 19: a newcomer takes his predecessor's run
    CUTTING_IN = "cutting_in"  # law 20: cutting into another table gives up one's place in line
    BROKEN_UP = "broken_up"  # law 21: a broken-up table's players have prior entry
    DEALER_STUCK = "dealer_stuck"  # house rule: no deal is passed all round
    CANADIAN_LONER = "canadian_loner"  # house rule: the dealer's partner who orders him up plays alone
    DEFEND_ALONE = "defend_alone"  # house rule: a defender may play alone against a lone hand


def cite_spans(laws: Iterable[Law]) -> str:
    """Like `cite`, but three or more laws in a row read as one span: "laws 8-21", "laws 74-76", "1877 §6-§8"."""
    kept: list[list[Law]] = []
    for law in laws:
        run = kept[-1] if kept else None
        if (run is not None and (law.numbered, law.book) == (run[-1].numbered, run[-1].book)
                and law.number == run[-1].number + 1):
            run.append(law)
        else:
            kept.append([law])
    spans: list[Law] = []
    for run in kept:
        if len(run) > 2:
            spans.append(Law(run[0].number, "", "", f"{run[0].own}-{_last(run[0], run[-1])}", run[0].numbered,
                             run[0].book))
        else:
            spans.extend(run)
    words = cite(spans)
    return "laws" + words[3:] if words.startswith("law ") and "-" in words else words


def _last(first: Law, last: Law) -> str:
    """The end of a span, less the words it shares with its start: "§8" after "1877 §6"."""
    words, start = last.own.split(" "), first.own.split(" ")
    while len(words) > 1 and words[0] == start[0]:
        words, start = words[1:], start[1:]
    return " ".join(words)


@dataclass(frozen=True, slots=True)
class ChoiceWords:
    """How a code words a choice the laws give: still to be made, and made; by the side that did not offend
    (`{claimants}`) or by the dealer (`{dealer}`)."""

    claimants_choose: str
    dealer_chooses: str
    claimants_chose: str
    dealer_chose: str
    help_claimants: str
    """The election form's help: what binds the side that chooses."""
    help_dealer: str
    left_chooses: str = "The choice is {left}'s alone, as the offender's left-hand adversary (XXIII, XXIX)."
    left_chose: str = "{left} made the choice, as the offender's left-hand adversary (XXIII, XXIX)."
    help_left: str = "The offender's left-hand adversary alone chooses (XXIII, XXIX); a demand once made is final."
    """A choice the Official Laws give the offender's left-hand adversary alone."""
    partner_chooses: str = "The choice is {partner}'s alone, as the offender's partner (1877 §9)."
    partner_chose: str = "{partner} made the choice, as the offender's partner (1877 §9)."
    help_partner: str = ("The offender's partner alone chooses, having not played on the card himself (1877 §9); a "
                         "choice once made is final.")
    """A choice the 1877 rules give the offender's own partner (a lead out of turn he has not played on)."""

    def choosing(self, chooser: str) -> str:
        """`chooser`: "claimants", "dealer", "left_adversary" or "partner" (`Chooser`)."""
        return {"dealer": self.dealer_chooses, "left_adversary": self.left_chooses,
                "partner": self.partner_chooses}.get(chooser, self.claimants_choose)

    def chosen(self, chooser: str) -> str:
        return {"dealer": self.dealer_chose, "left_adversary": self.left_chose,
                "partner": self.partner_chose}.get(chooser, self.claimants_chose)

    def help(self, chooser: str) -> str:
        return {"dealer": self.help_dealer, "left_adversary": self.help_left,
                "partner": self.help_partner}.get(chooser, self.help_claimants)


PLAIN_CHOICE = ChoiceWords(
    claimants_choose="{claimants} choose; a demand once made is final.",
    dealer_chooses="The choice is {dealer}'s alone.",
    claimants_chose="{claimants} made the choice; a demand once made is final.",
    dealer_chose="{dealer} made the choice the law gives him.",
    help_claimants="A demand once made is final.",
    help_dealer="A demand once made is final.",
)
"""A choice as a code with no law on who makes it words it."""

ClaimLimits = Mapping[str, Mapping[str, tuple[int, ...]]]
"""For a revoke ("revoke") and any other claim that changes a score ("score"): each answer to "when was the claim
made?" that is too late, with the laws that end the claim."""
