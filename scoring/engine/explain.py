"""A readable, hand-by-hand account of a scored rubber, with the laws cited."""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.hands import Declaration, HandResult, ReportedHand
from scoring.engine.results import Award, GameResult, HandScore, RubberResult
from scoring.engine.rulebook import SOMERSET_1888, Reason, Rulebook
from scoring.engine.rulebook.matters import Matter
from scoring.engine.seats import Seat, Side
from scoring.engine.words import SEAT_WORDS, UNPLAYED_WORDS, game_end, plural, score, took_trump

REASON_WORDS: dict[Reason, str] = {
    Reason.POINT: "point (3 or 4 tricks)",
    Reason.MARCH: "march",
    Reason.EUCHRE: "euchre",
    Reason.LONE_POINT: "lone hand, point",
    Reason.LONE_MARCH: "lone march",
    Reason.LONE_EUCHRE: "lone hand euchred",
    Reason.DEFENDED_LONE_EUCHRE: "lone hand euchred by a lone defender",
    Reason.LONE_MARCH_PARTNER_EXPOSED: "lone march, partner exposed a card",
    Reason.ABANDONED: "adversary abandoned the lone hand",
    Reason.WRONG_CARDS: "forfeit for the wrong number of cards",
    Reason.WRONG_CARDS_VOID: "not scored: the side had the wrong number of cards",
    Reason.REVOKE: "revoke",
    Reason.LOST_TO_PRECEDENCE: "lost: the revoke penalty ended the game first",
    Reason.SIGNAL: "signal across the table",
    Reason.THROWN_IN: "cards thrown in: counted as a march",
    Reason.OFFENDERS_VOID: "not scored: the side paid a penalty in this hand",
    Reason.REVOKE_ENDED_HAND: "not scored: the revoke ended the hand",
    Reason.REPLACED_BY_THROWN_IN: "not scored: the march for the cards thrown in counts instead",
    Reason.GAME_ALREADY_WON: "lost: the game was won earlier in the hand",
    Reason.REVOKES_OFFSET: "revokes by both sides offset; the same dealer deals again",
    Reason.COUNTER_ERROR: "points the other side's counter wrongly added",
    Reason.UNCOUNTED: "lost: not counted before the next deal was made",
    Reason.PENALTY_REFUSED: "a penalty refused: the game goes to the other side",
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


def cite(laws: tuple[int, ...], rulebook: Rulebook = SOMERSET_1888) -> str:
    """The laws as the code cites them ("laws 63, 71", "law XXV"); "" for none."""
    return rulebook.cite(laws)


def _cited(laws: tuple[int, ...], rulebook: Rulebook) -> str:
    """" (law 2)" after an explanation, or nothing when no numbered law gives it."""
    text = rulebook.cite(laws)
    return f" ({text})" if text else ""


def describe_hand(hand: ReportedHand, *, penalties: bool = True, names: Mapping[Seat, str] | None = None) -> str:
    """What the table reported, in a few words ("Henry Hale ordered it up alone, 5 tricks"), naming the
    players when `names` gives who sat where, else the seats ("North ordered it up alone, 5 tricks").

    `penalties=False` leaves out the revokes and wrong cards, for a page that lists them itself.

    >>> from scoring.engine import parse_rubber
    >>> hand = parse_rubber({"hands": [{"dealer": "N", "maker": "E", "alone": True, "tricks": 5}]}).hands[0]
    >>> describe_hand(hand)
    'East played alone, 5 tricks'
    >>> describe_hand(hand, names={Seat.N: "Ann", Seat.E: "Bea", Seat.S: "Cal", Seat.W: "Dan"})
    'Bea played alone, 5 tricks'
    """
    if hand.result is not HandResult.PLAYED:
        return UNPLAYED_WORDS[hand.result]
    assert hand.maker is not None
    words = [took_trump(hand.maker, hand.declaration, hand.alone, names) + ","]
    if hand.adversary_abandoned:
        words.append("adversary abandoned")
    else:
        words.append(plural(hand.tricks or 0, "trick"))
    if hand.revokes and penalties:
        words.append(f"revokes NS {hand.revokes.ns} EW {hand.revokes.ew}")
    if hand.wrong_cards is not None and penalties:
        words.append(f"{hand.wrong_cards.value} wrong cards")
    if hand.partner_exposed:
        words.append("partner exposed")
    if hand.defended_alone is not None:
        defender = names.get(hand.defended_alone) if names else None
        words.append(f"defended alone by {defender or SEAT_WORDS[hand.defended_alone]}")
    if hand.declared_by is not None:
        taken = names.get(hand.declared_by) if names else None
        words.append(f"taken out of {taken or SEAT_WORDS[hand.declared_by]}'s hands")
    if hand.signal is not None and penalties:
        words.append(f"{hand.signal.value} signalled")
    if hand.thrown_in is not None and penalties:
        words.append(f"{hand.thrown_in.value} threw in")
    if hand.miscount and penalties:
        words.append(" ".join(f"{side} counted {n} too many" for side, n in (("NS", hand.miscount.ns),
                                                                               ("EW", hand.miscount.ew)) if n))
    if hand.refused_penalty is not None and penalties:
        words.append(f"{hand.refused_penalty.value} refused a penalty")
    return " ".join(words)


def house_rule_notes(hand: ReportedHand, rulebook: Rulebook) -> tuple[str, ...]:
    """What a house rule made the table do in a hand, beside the points it scored: the stuck dealer naming trump,
    the dealer's partner playing alone on his own assist.

    >>> from scoring.engine import RULEBOOKS, Declaration
    >>> from scoring.engine.rulebook import HouseRules
    >>> stuck = RULEBOOKS["standard"].housed(HouseRules(stick_the_dealer=True))
    >>> house_rule_notes(ReportedHand(dealer=Seat.N, maker=Seat.N, declaration=Declaration.MADE, tricks=3), stuck)
    ('North was stuck: the others passed twice, so he named trump (house rule: stick the dealer)',)
    """
    if hand.dealer is None or hand.maker is None:
        return ()
    notes = []
    # The dealer speaks last in the second round: naming trump there, the other three passed twice.
    if rulebook.house.stick_the_dealer and hand.maker is hand.dealer and hand.declaration is Declaration.MADE:
        notes.append(f"{SEAT_WORDS[hand.dealer]} was stuck: the others passed twice, so he named trump"
                     f"{rulebook.noted(Matter.DEALER_STUCK)}")
    if rulebook.house.canadian_loner and hand.declaration is Declaration.ASSISTED:
        notes.append(f"{SEAT_WORDS[hand.maker]} ordered his partner up, so he played alone"
                     f"{rulebook.noted(Matter.CANADIAN_LONER)}")
    return tuple(notes)


def describe_award(award: Award, rulebook: Rulebook = SOMERSET_1888) -> str:
    text = f"{award.side.value} +{award.points} {REASON_WORDS[award.reason]}"
    if not award.counted and award.void_reason is not None:
        text = f"[{text}: {REASON_WORDS[award.void_reason]}]"
    return f"{text}{_cited(award.laws, rulebook)}"


def describe_game(game: GameResult, rulebook: Rulebook = SOMERSET_1888) -> str:
    """A game's end with the laws that scored it: the game line and "(laws 2, 3)"."""
    return f"{game_line(game, rulebook)}{_cited(game.laws, rulebook)}"


def game_line(game: GameResult, rulebook: Rulebook = SOMERSET_1888) -> str:
    """A game as a player reads it, worded by `game_end`."""
    ns, ew = game.score
    won, lost = (ns, ew) if game.winner is Side.NS else (ew, ns)
    return game_end(game.number, game.winner, won, lost, lap=game.lap, double=game.double, value=game.value,
                    by_lap=game.closed_by_hand is None, in_rubber=rulebook.winning.laps)


def explain_rubber(result: RubberResult, rulebook: Rulebook) -> str:
    """The whole account as text, one hand to a line with the games and rubber between."""
    lines: list[str] = []
    games = {g.number: g for g in result.games}
    match = rulebook.wording.match_word.capitalize()
    won = _cited(rulebook.laws_for(Reason.RUBBER_WON), rulebook)
    for hs in result.hands:
        lines.append(_hand_line(hs, result.score_made(hs), rulebook))
        lines.extend("  " + describe_game(games[n], rulebook) for n in hs.games_closed)
        if result.rubber_won_at_hand == hs.number and result.rubber_winner is not None:
            lines.append(f"  {match} won by {result.rubber_winner.value}{won}")
        start = result.next_game_from(hs)
        if start is not None:
            lines.append(f"  Game {hs.games_closed[-1] + 1} starts "
                         + ("at love" if start == (0, 0) else f"at {score(*start)}, the lap carried"))
    ns, ew = result.rubber_points
    state = "complete" if result.complete else "in progress"
    points = "rubber points" if rulebook.games is None else "games won"
    lines.append(f"{match} {state}: {points} {score(ns, ew)}{won}")
    if result.current_score is not None:
        lines.append(f"Game in progress: {score(*result.current_score)}")
    return "\n".join(lines)


def _hand_line(hs: HandScore, made: tuple[int, int], rulebook: Rulebook) -> str:
    dealer = f", dealt by {SEAT_WORDS[hs.hand.dealer]}" if hs.hand.dealer else ""
    parts = [describe_award(a, rulebook) for a in hs.awards]
    parts += [f"{REASON_WORDS[r]}{_cited(laws, rulebook)}" for r, laws in hs.notes
              if r is not Reason.PASSED or not parts]
    return f"Hand {hs.number}{dealer}: {describe_hand(hs.hand)}. {'; '.join(parts)}. Score {score(*made)}"
