"""The scoring key printed on every score sheet: laws 2, 3 and 7 as a small table.

Every number comes from the rulebook, so a sheet can never disagree with the scorer.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.rulebook import Rulebook


@dataclass(frozen=True, slots=True)
class KeyLine:
    law: int
    case: str
    scores: str


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def scoring_key(rb: Rulebook) -> tuple[KeyLine, ...]:
    """What each result scores, in a few words, with the law that says so."""
    short = rb.tricks_to_make - 1
    most = rb.tricks_per_hand - 1
    top = rb.max_rubber_points
    lone = "to the lone player"
    return (
        KeyLine(2, f"Makers take all {rb.tricks_per_hand} tricks (a march)", f"{_points(rb.march)} to the makers"),
        KeyLine(2, f"Makers take {rb.tricks_to_make} or {most} tricks", f"{_points(rb.point)} to the makers"),
        KeyLine(2, f"Makers take {short} or fewer (euchred)", f"{_points(rb.euchre)} to the defenders"),
        KeyLine(3, f"Lone hand takes all {rb.tricks_per_hand} tricks", f"{_points(rb.lone_march)} {lone}"),
        KeyLine(3, f"Lone hand takes {rb.tricks_to_make} or {most} tricks", f"{_points(rb.lone_point)} {lone}"),
        KeyLine(3, "Lone hand euchred", f"{_points(rb.lone_euchre)} to the defenders"),
        KeyLine(2, "A game", f"the first side to {_points(rb.game_points)}"),
        KeyLine(1, "Points beyond the game", "carried into the next game (a lap)"),
        KeyLine(7, "Game won, the losers having scored", f"single: {rb.single_game} rubber point"),
        KeyLine(7, "Game won, the losers on nothing", f"double: {rb.double_game} rubber points"),
        KeyLine(7, f"Rubber won ({rb.games_to_win_rubber} games of {rb.games_in_rubber})",
                f"{rb.rubber_bonus} more rubber points; {top} at most"),
    )
