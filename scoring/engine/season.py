"""A season: a club's nights of one format added up, each player's (or fixed pair's) figures a night, his best
counted, places by the counted total and the tie-breaks below, and each night's high and low.

A night's figure is what the night's own standings rank by first; an absence is no figure, never a zero. Counting
all, every figure counts; counting the best N, a player's N highest (of two level figures where only one counts, the
earlier night's). A player who played fewer nights than `qualify` takes no place and is listed after those who do,
in the same order. Among the qualified: the counted total, higher first; level, the figures not counted, compared
from the highest down (the first difference decides; having one more figure than the other, where the rest agree,
is ahead); still level, the counted figures the same way; still level, the place is shared and the next skipped
(1, 1, 3), the players listed by name. A night's high is its highest figure and who made it; its low the lowest
among those who played the whole night (none where nobody did).

>>> table = season_table([Night("2026-01-07", (Result("Ann", 61), Result("Bob", 55, whole=False))),
...                       Night("2026-01-14", (Result("Ann", 48), Result("Bob", 50)))], best=1, qualify=2)
>>> [(line.place, line.player, line.total, line.counted) for line in table.lines]
[(1, 'Ann', 61, ('2026-01-07',)), (2, 'Bob', 55, ('2026-01-07',))]
>>> table.marks[0].low
Mark(points=61, players=('Ann',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Line", "Mark", "Night", "NightMarks", "Result", "SeasonError", "SeasonTable", "read_season",
           "season_document", "season_table"]


class SeasonError(ValueError):
    """A season the engine cannot add up, in one line."""


@dataclass(frozen=True, slots=True)
class Result:
    """A player's (or a pair's) figure on one night; `whole`: he played the whole night."""

    player: str
    points: int
    whole: bool = True


@dataclass(frozen=True, slots=True)
class Night:
    name: str
    """Unique in the season: the site uses the night's date, YYYY-MM-DD."""
    results: tuple[Result, ...]


@dataclass(frozen=True, slots=True)
class Line:
    """A player's line of the season's table: his place (None until he qualifies), his counted total, the nights
    counted (in the nights' order), his figure each night he played, and how many he played."""

    place: int | None
    player: str
    total: int
    counted: tuple[str, ...]
    figures: Mapping[str, int]
    played: int

    @property
    def qualified(self) -> bool:
        return self.place is not None


@dataclass(frozen=True, slots=True)
class Mark:
    points: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NightMarks:
    """A night's high and low (None where nobody played the whole night, or nobody played)."""

    name: str
    high: Mark | None
    low: Mark | None


@dataclass(frozen=True, slots=True)
class SeasonTable:
    lines: tuple[Line, ...]
    marks: tuple[NightMarks, ...]


def season_table(nights: Sequence[Night], *, best: int | None = None, qualify: int = 1) -> SeasonTable:
    """The season's table: counting each player's `best` figures (all of them when None)."""
    order = {night.name: index for index, night in enumerate(nights)}
    played: dict[str, dict[str, int]] = {}
    for night in nights:
        for result in night.results:
            played.setdefault(result.player, {})[night.name] = result.points
    ranked = []
    for player, figures in played.items():
        # His highest first, the earlier night first of two level figures.
        chosen = sorted(figures, key=lambda name: (-figures[name], order[name]))[:best]
        kept = sorted((figures[name] for name in chosen), reverse=True)
        left = sorted((figures[name] for name in figures if name not in chosen), reverse=True)
        ranked.append((player, figures, tuple(sorted(chosen, key=order.__getitem__)), (sum(kept), left, kept)))
    ranked.sort(key=lambda row: row[0])  # by name, for those level
    ranked.sort(key=lambda row: (len(row[1]) >= qualify, row[3]), reverse=True)
    lines: list[Line] = []
    for index, (player, figures, counted, key) in enumerate(ranked):
        place = None
        if len(figures) >= qualify:
            level = index and ranked[index - 1][3] == key and lines[-1].place is not None
            place = lines[-1].place if level else index + 1
        lines.append(Line(place, player, key[0], counted, figures, len(figures)))
    return SeasonTable(tuple(lines), tuple(_marks(night) for night in nights))


def _marks(night: Night) -> NightMarks:
    def mark(results: list[Result], points: int) -> Mark:
        return Mark(points, tuple(sorted(r.player for r in results if r.points == points)))

    everyone = list(night.results)
    whole = [r for r in everyone if r.whole]
    return NightMarks(night.name, mark(everyone, max(r.points for r in everyone)) if everyone else None,
                      mark(whole, min(r.points for r in whole)) if whole else None)


def season_document(table: SeasonTable) -> dict[str, Any]:
    """The table as `manage.py season-standings` prints it."""
    def mark(m: Mark | None) -> dict[str, Any] | None:
        return None if m is None else {"points": m.points, "players": list(m.players)}

    return {"standings": [{"place": line.place, "player": line.player, "total": line.total,
                           "counted": list(line.counted), "played": line.played, "qualified": line.qualified}
                          for line in table.lines],
            "nights": [{"name": m.name, "high": mark(m.high), "low": mark(m.low)} for m in table.marks]}


SEASON_KEYS = {"counting", "qualify", "nights"}
NIGHT_KEYS = {"name", "results"}
RESULT_KEYS = {"player", "points", "whole"}


def read_season(document: Any) -> tuple[list[Night], int | None, int]:
    """The nights, the counting (the best N, or None for all) and the qualifying nights of a season's document
    (`manage.py season-standings`' input); raises SeasonError on anything the contract does not allow."""
    season = _object(document, SEASON_KEYS, "the season")
    best = _counting(season.get("counting", {"all": True}))
    qualify = season.get("qualify", 1)
    if not _whole(qualify) or qualify < 1:
        raise SeasonError("qualify must be a whole number of nights, 1 or more")
    raw = season.get("nights")
    if not isinstance(raw, list):
        raise SeasonError("nights must be a list of nights")
    nights = [_night(night, number) for number, night in enumerate(raw, start=1)]
    names = [night.name for night in nights]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise SeasonError(f"the night name {twice[0]!r} is used twice")
    return nights, best, qualify


def _counting(counting: Any) -> int | None:
    if counting == {"all": True} and counting["all"] is True:
        return None
    if isinstance(counting, dict) and set(counting) == {"best"}:
        if not _whole(counting["best"]) or counting["best"] < 1:
            raise SeasonError("counting's best must be a whole number of nights, 1 or more")
        return int(counting["best"])
    raise SeasonError('counting must be {"all": true} or {"best": N}')


def _night(raw: Any, number: int) -> Night:
    night = _object(raw, NIGHT_KEYS, f"night {number}")
    name = night.get("name")
    if not isinstance(name, str) or not name.strip():
        raise SeasonError(f"night {number} has no name")
    results = night.get("results", [])
    if not isinstance(results, list):
        raise SeasonError(f"night {name!r}: results must be a list")
    read = [_result(result, name, index) for index, result in enumerate(results, start=1)]
    players = [r.player for r in read]
    twice = sorted({p for p in players if players.count(p) > 1})
    if twice:
        raise SeasonError(f"night {name!r}: {twice[0]} is there twice")
    return Night(name, tuple(read))


def _result(raw: Any, night: str, index: int) -> Result:
    result = _object(raw, RESULT_KEYS, f"night {night!r}, result {index}")
    player, whole = result.get("player"), result.get("whole", True)
    points: Any = result.get("points")
    if not isinstance(player, str) or not player.strip():
        raise SeasonError(f"night {night!r}, result {index}: the player has no name")
    if not _whole(points):
        raise SeasonError(f"night {night!r}: {player}'s points must be a whole number")
    if not isinstance(whole, bool):
        raise SeasonError(f"night {night!r}: {player}'s whole must be true or false")
    return Result(player, points, whole)


def _object(raw: Any, keys: set[str], what: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise SeasonError(f"{what} must be an object")
    unknown = sorted(set(raw) - keys)
    if unknown:
        raise SeasonError(f"{what}: unknown key {unknown[0]!r}")
    return raw


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
