"""Small builders for engine tests: hands as interchange dicts, scored in one call."""

from __future__ import annotations

from typing import Any

from scoring.engine import RubberResult, score_rubber
from scoring.engine.interchange import parse_rubber


def made(maker: str, tricks: int, **extra: Any) -> dict[str, Any]:
    return {"maker": maker, "tricks": tricks, **extra}


def alone(maker: str, tricks: int | None, **extra: Any) -> dict[str, Any]:
    hand: dict[str, Any] = {"maker": maker, "alone": True, **extra}
    if tricks is not None:
        hand["tricks"] = tricks
    return hand


def score(*hands: dict[str, Any], explain: bool = True, **document: Any) -> RubberResult:
    """Score the hands; `document` adds keys such as `rulebook="standard"`, `game_points=5`, `games=3`."""
    report = parse_rubber({**document, "hands": list(hands)})
    return score_rubber(report.hands, report.rulebook, explain=explain)


def games(result: RubberResult) -> list[tuple[str, tuple[int, int], int, int]]:
    """(winner, (NS, EW) tally, lap, value) for each game."""
    return [(g.winner.value, g.score, g.lap, g.value) for g in result.games]
