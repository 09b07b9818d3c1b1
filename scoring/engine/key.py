"""The scoring key printed on every score sheet: laws 2, 3 and 7 as a small table (for the codes without
laps, the summary's points, the game, the match and the penalties).

Every number comes from the rulebook, so a sheet can never disagree with the scorer.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.laws import Law
from scoring.engine.rulebook import Reason, Rulebook
from scoring.engine.words import plural


@dataclass(frozen=True, slots=True)
class KeyLine:
    law: str
    """The law as its code numbers it ("2", "XXV", "1877 §9"); "" where the code's summary, not a law, says so. A law
    the code borrows names its book in `case`."""
    case: str
    scores: str


def _points(n: int) -> str:
    return plural(n, "point")


def scoring_key(rb: Rulebook) -> tuple[KeyLine, ...]:
    """What each result scores, in a few words, with the law that says so."""
    p, won = rb.points, rb.winning
    short = p.tricks_to_make - 1
    most = p.tricks_per_hand - 1
    top = rb.max_rubber_points
    lone = "to the lone player"
    if not won.laps:
        return _match_key(rb, short, most)
    return (
        KeyLine("2", f"Makers take all {p.tricks_per_hand} tricks (a march)", f"{_points(p.march)} to the makers"),
        KeyLine("2", f"Makers take {p.tricks_to_make} or {most} tricks", f"{_points(p.point)} to the makers"),
        KeyLine("2", f"Makers take {short} or fewer (euchred)", f"{_points(p.euchre)} to the defenders"),
        KeyLine("3", f"Lone hand takes all {p.tricks_per_hand} tricks", f"{_points(p.lone_march)} {lone}"),
        KeyLine("3", f"Lone hand takes {p.tricks_to_make} or {most} tricks", f"{_points(p.lone_point)} {lone}"),
        KeyLine("3", "Lone hand euchred", f"{_points(p.lone_euchre)} to the defenders"),
        KeyLine("2", "A game", f"the first side to {_points(won.game_points)}"),
        KeyLine("1", "Points beyond the game", "carried into the next game (a lap)"),
        KeyLine("7", "Game won, the losers having scored", f"single: {p.single_game} rubber point"),
        KeyLine("7", "Game won, the losers on nothing", f"double: {p.double_game} rubber points"),
        KeyLine("7", f"Rubber won ({won.games_to_win_rubber} games of {won.games_in_rubber})",
                f"{p.rubber_bonus} more rubber points; {top} at most"),
    )


def _law(rb: Rulebook, reason: Reason) -> Law | None:
    """The first numbered law a reason cites; None when only the summary says so."""
    for number in rb.laws_for(reason):
        law = rb.laws.get(number)
        if law is not None and (law.numbered or law.label.startswith("1877")):
            return law
    return None


def _penalty(rb: Rulebook, reason: Reason, case: str, scores: str) -> KeyLine:
    """A penalty's line: its law as its own code numbers it in the law column and, where the code borrows that law,
    the code it is borrowed from named in the case ("A signal across the table (Official Laws)"), so no numeral
    stands bare of its book in the narrow column."""
    law = _law(rb, reason)
    if law is None:
        return KeyLine("", case, scores)
    return KeyLine(law.own, f"{case} ({law.book})" if law.book else case, scores)


def _match_key(rb: Rulebook, short: int, most: int) -> tuple[KeyLine, ...]:
    """The key for a code without laps: the summary's points, the game and the match, and the penalties."""
    p, won, terms = rb.points, rb.winning, rb.wording.terms
    lone, match = "to the lone player", ("a single game" if won.games_in_rubber == 1
                                         else f"the first side to win {won.games_to_win_rubber} games")
    revoke = f"{_points(p.revoke)} to the other side ({p.lone_revoke} against a lone hand)"
    lines = [
        KeyLine("", f"Makers take all {p.tricks_per_hand} tricks (a march)", f"{_points(p.march)} to the makers"),
        KeyLine("", f"Makers take {p.tricks_to_make} or {most} tricks", f"{_points(p.point)} to the makers"),
        KeyLine("", f"Makers take {short} or fewer (euchred)", f"{_points(p.euchre)} to the defenders"),
        KeyLine("", f"Lone hand takes all {p.tricks_per_hand} tricks", f"{_points(p.lone_march)} {lone}"),
        KeyLine("", f"Lone hand takes {p.tricks_to_make} or {most} tricks", f"{_points(p.lone_point)} {lone}"),
        KeyLine("", "Lone hand euchred", f"{_points(p.lone_euchre)} to the defenders"),
        *((KeyLine("", "Lone hand euchred by a defender playing alone (a house rule)",
                   f"{_points(p.defended_lone_euchre)} to the defenders"),) if p.defended_lone_euchre else ()),
        *((KeyLine("", "A game", f"the first side to {_points(won.game_points)}; nothing carried over"),
           KeyLine("", "The match", match)) if terms.games
          else (KeyLine("", f"The {terms.contest}", "its deals' points added up; no game is played"),)),
        _penalty(rb, Reason.REVOKE, "A revoke", revoke + ("; the hand ends" if rb.penalties.revoke_ends_hand else "")),
        _penalty(rb, Reason.SIGNAL, "A signal across the table", f"{_points(p.signal)} to the other side"),
        _penalty(rb, Reason.OFFENDERS_VOID, "A side paying a penalty", "counts nothing it made in the hand"),
    ]
    if rb.knows("thrown_in"):
        lines.append(_penalty(rb, Reason.THROWN_IN, "Cards thrown in", "the other side counts a march"))
    return tuple(lines)
