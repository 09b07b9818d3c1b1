"""A readable, hand-by-hand account of a scored rubber, with the laws cited."""

from __future__ import annotations

from scoring.engine.awards import UNPLAYED_REASON
from scoring.engine.hands import HandResult, ReportedHand
from scoring.engine.results import Award, GameResult, HandScore, RubberResult
from scoring.engine.rulebook import Reason, Rulebook
from scoring.engine.seats import Side

REASON_WORDS: dict[Reason, str] = {
    Reason.POINT: "point (3 or 4 tricks)",
    Reason.MARCH: "march",
    Reason.EUCHRE: "euchre",
    Reason.LONE_POINT: "lone hand, point",
    Reason.LONE_MARCH: "lone march",
    Reason.LONE_EUCHRE: "lone hand euchred",
    Reason.LONE_MARCH_PARTNER_EXPOSED: "lone march, partner exposed a card",
    Reason.ABANDONED: "adversary abandoned the lone hand",
    Reason.WRONG_CARDS: "forfeit for the wrong number of cards",
    Reason.WRONG_CARDS_VOID: "not scored: the side had the wrong number of cards",
    Reason.REVOKE: "revoke",
    Reason.LOST_TO_PRECEDENCE: "lost: the revoke penalty ended the game first",
    Reason.PASSED: "all passed; the deal passes",
    Reason.NEW_DEAL: "new deal by the same dealer",
    Reason.MISDEAL: "misdeal; the deal is lost",
    Reason.DEAL_OUT_OF_TURN: "dealt out of turn and the deal stood",
    Reason.GAME: "game",
    Reason.LAP: "lap carried",
    Reason.DOUBLE: "double game",
    Reason.SINGLE: "single game",
    Reason.WON_BY_LAP: "won at once by the lap carried in",
    Reason.RUBBER_WON: "rubber won",
}

# How each way a deal can end is named in a column or a choice; REASON_WORDS says why it scores nothing.
RESULT_WORDS: dict[HandResult, str] = {
    HandResult.PLAYED: "played",
    HandResult.PASSED: "all passed",
    HandResult.NEW_DEAL: "new deal",
    HandResult.MISDEAL: "misdeal",
}


def cite(laws: tuple[int, ...]) -> str:
    if not laws:
        return ""
    return ("law " if len(laws) == 1 else "laws ") + ", ".join(str(n) for n in laws)


def describe_hand(hand: ReportedHand, *, penalties: bool = True) -> str:
    """What the table reported, in a few words ("N ordered up alone, 5 tricks").

    `penalties=False` leaves out the revokes and wrong cards, for a page that lists them itself.
    """
    if hand.result is not HandResult.PLAYED:
        return REASON_WORDS[UNPLAYED_REASON[hand.result]]
    assert hand.maker is not None
    how = hand.declaration.value.replace("_", " ") if hand.declaration is not None else "made"
    words = [f"{hand.maker.value} {how}{' alone' if hand.alone else ''},"]
    if hand.adversary_abandoned:
        words.append("adversary abandoned")
    else:
        words.append(f"{hand.tricks} trick{'s' if hand.tricks != 1 else ''}")
    if hand.revokes and penalties:
        words.append(f"revokes NS {hand.revokes.ns} EW {hand.revokes.ew}")
    if hand.wrong_cards is not None and penalties:
        words.append(f"{hand.wrong_cards.value} wrong cards")
    if hand.partner_exposed:
        words.append("partner exposed")
    return " ".join(words)


def describe_award(award: Award) -> str:
    text = f"{award.side.value} +{award.points} {REASON_WORDS[award.reason]}"
    if not award.counted and award.void_reason is not None:
        text = f"[{text}: {REASON_WORDS[award.void_reason]}]"
    return f"{text} ({cite(award.laws)})"


def describe_game(game: GameResult) -> str:
    ns, ew = game.score
    text = f"Game {game.number} to {game.winner.value}, NS {ns} - EW {ew}"
    if game.closed_by_hand is None:
        text += ", " + REASON_WORDS[Reason.WON_BY_LAP]
    if game.lap:
        text += f", lap {game.lap}"
    text += f", {'double' if game.double else 'single'} worth {game.value}"
    return f"{text} ({cite(game.laws)})"


def game_line(game: GameResult) -> str:
    """A game as a player reads it: "Game 3: EW won 6-4, lap 1 carried, single game (1 rubber point)"."""
    ns, ew = game.score
    won, lost = (ns, ew) if game.winner is Side.NS else (ew, ns)
    parts = [f"Game {game.number}: {game.winner.value} won {won}\u2013{lost}"]
    if game.closed_by_hand is None:
        parts.append(REASON_WORDS[Reason.WON_BY_LAP])
    if game.lap:
        parts.append(f"lap {game.lap} carried")
    kind = "double game" if game.double else "single game"
    parts.append(f"{kind} ({game.value} rubber point{'s' if game.value != 1 else ''})")
    return ", ".join(parts)


def explain_rubber(result: RubberResult, rulebook: Rulebook) -> str:
    """The whole account as text, one hand to a line with the games and rubber between."""
    lines: list[str] = []
    games = {g.number: g for g in result.games}
    for hs in result.hands:
        lines.append(_hand_line(hs))
        lines.extend("  " + describe_game(games[n]) for n in hs.games_closed)
        if result.rubber_won_at_hand == hs.number and result.rubber_winner is not None:
            laws = rulebook.laws_for(Reason.RUBBER_WON)
            lines.append(f"  Rubber won by {result.rubber_winner.value} ({cite(laws)})")
    ns, ew = result.rubber_points
    state = "complete" if result.complete else "in progress"
    lines.append(f"Rubber {state}: rubber points NS {ns}, EW {ew} ({cite(rulebook.laws_for(Reason.RUBBER_WON))})")
    if result.current_score is not None:
        lines.append(f"Game in progress: NS {result.current_score[0]} - EW {result.current_score[1]}")
    return "\n".join(lines)


def _hand_line(hs: HandScore) -> str:
    dealer = f" dealer {hs.hand.dealer.value}" if hs.hand.dealer else ""
    parts = [describe_award(a) for a in hs.awards]
    parts += [f"{REASON_WORDS[r]} ({cite(laws)})" for r, laws in hs.notes if r is not Reason.PASSED or not parts]
    ns, ew = hs.score_after
    return f"Hand {hs.number}{dealer}: {describe_hand(hs.hand)}. {'; '.join(parts)}. Score NS {ns} - EW {ew}"
