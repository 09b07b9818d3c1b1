"""The choices and questions every code's rulings share, written once.

Where the codes word one apart (who requires the highest card, the law a question's help cites), the
difference is a parameter each code passes, not a second definition.
"""

from __future__ import annotations

from scoring.engine.rulings.schema import Deal, Fact, FactKind, Option, Outcome, Remedy, ScoreEffect

NEW_DEAL = Option("new_deal", "Claim a new deal", Outcome(
    "{claimants} claim a new deal: the hand is void and scores nothing.", (),
    score=ScoreEffect.NEW_DEAL, deal=Deal.SAME_DEALER))
DEAL_STANDS = Option("stands", "Let the deal stand", Outcome("{claimants} let the deal stand.", ()))
DEAL_AGAIN = Option("deal_again", "He deals again", Outcome(
    "{dealer} deals again: the hand is void and scores nothing.", (), score=ScoreEffect.NEW_DEAL,
    deal=Deal.SAME_DEALER))
# When a claim was made: the moments the codes' claim limits are reckoned from (Somerset law 71, the Official
# Laws' XXV, 1877 §9).
CLAIMED = Fact(
    "claimed", "When was the claim made?", FactKind.CHOICE,
    (
        ("in_play", "During the hand"),
        ("before_cut", "After the hand, before the cards were cut for the next deal"),
        ("before_trump", "After the cut, before the trump card was turned in the next deal"),
        ("after_trump", "After the trump card was turned in the next deal"),
    ),
    required=False,
)


def highest_and_lowest(requires: str) -> tuple[Option, Option]:
    """The choice of the offender's highest or lowest card of the suit led; `requires` says who makes it, as the
    code words it ("{claimants} require", "{left} requires")."""
    return (Option("highest", "He plays his highest of the suit led", Outcome(
                f"{requires} the highest card of the suit led.", (), remedies=(Remedy.HIGHEST,))),
            Option("lowest", "He plays his lowest of the suit led", Outcome(
                f"{requires} the lowest card of the suit led.", (), remedies=(Remedy.LOWEST,))))


def other_count(help: str) -> Fact:
    """How many times the other side revoked in the hand; `help` says what the code does with revokes by both
    sides."""
    return Fact("other_count", "How many times did the other side revoke in this hand?", FactKind.COUNT, low=0,
                high=5, default=0, help=help)


def dealt_by(help: str) -> Fact:
    """Who dealt a deal out of turn; `help` says where the code sends the next deal when it stands."""
    return Fact("dealt_by", "Who actually dealt it?", FactKind.SEAT, required=False, help=help)
