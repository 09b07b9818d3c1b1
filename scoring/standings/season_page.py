"""A season's table as its page, its download, its printed sheet and a player's page show it: a row a player (or
fixed pair) with his figure each night, the nights not counted set apart; each night's high and low; how the season
counts and breaks ties, in words; and the prizes the season gives. Read from `season_view` and each night's own
standings rows, both kept in the cache, so it costs no query a night."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.engine.season import Line, Mark
from scoring.engine.words import ordinal, plural
from scoring.models import Event, Season
from scoring.standings import cache, order
from scoring.standings.season import SeasonView, season_view
from scoring.standings.selectors import entry_name


@dataclass(frozen=True)
class Cell:
    """A player's figure on one night (None: he did not play it), and whether it counts in his total."""

    figure: int | None
    counted: bool


@dataclass(frozen=True)
class Row:
    place: int | None
    """None: not yet qualified."""
    shared: bool
    name: str
    player_id: int | None
    """The player's page (None for a fixed pair, who has none)."""
    cells: tuple[Cell, ...]
    total: int
    played: int

    def figures(self) -> str:
        """His figures in the nights' order, those not counted bracketed: "61, 48, (40)"."""
        return ", ".join(str(c.figure) if c.counted else f"({c.figure})" for c in self.cells if c.figure is not None)


@dataclass(frozen=True)
class Award:
    """A prize of the season: what it is for, the figure that won it, and who won it."""

    title: str
    figure: str
    winners: tuple[str, ...]


@dataclass(frozen=True)
class NightMark:
    """A night's high and low, for the page: the night, and each mark's figure and names (None: no such mark)."""

    event: Event
    high: tuple[int, str] | None
    low: tuple[int, str] | None


@dataclass(frozen=True)
class SeasonPage:
    season: Season
    nights: tuple[Event, ...]
    names: tuple[str, ...]
    rows: tuple[Row, ...]
    marks: tuple[NightMark, ...]
    unit: str
    """What a night's figure is ("total points", "net rubber points", "matches won")."""
    counting: str
    tie_breaks: str
    awards: tuple[Award, ...]
    version: str
    """The table's version in the cache (`SeasonView.version`), under which the page's table is kept drawn."""

    @property
    def qualified(self) -> tuple[Row, ...]:
        return tuple(row for row in self.rows if row.place is not None)

    @property
    def waiting(self) -> tuple[Row, ...]:
        """The players not yet qualified, listed after, with no place."""
        return tuple(row for row in self.rows if row.place is None)

    def leaders(self, most: int = 3) -> tuple[Row, ...]:
        return self.qualified[:most]


TIE_BREAKS = ("Places go by the counted total, higher first; level, by the figures of the nights not counted, "
              "compared from the highest down (one more such night is ahead where the rest agree); still level, by "
              "the counted figures the same way; still level, the place is shared and the next one skipped.")


def unit(season: Season) -> str:
    """A night's figure in the format's words: what its standings rank by first (a progressive night's "total
    points" are, on one night, its points)."""
    return order.BY_FAMILY[season.standing.terms.family][0].words.removeprefix("total ")


def counting(season: Season) -> str:
    """"Each player's best 4 nights count; 3 nights to qualify."."""
    counts = ("Every night a player plays counts" if season.best is None
              else "Each player's best night counts" if season.best == 1
              else f"Each player's best {plural(season.best, 'night')} count")
    qualify = ("one night played takes a place" if season.qualify == 1
               else f"{plural(season.qualify, 'night')} to qualify")
    return f"{counts}; {qualify}."


def season_page(season: Season, nights: list[Event] | None = None) -> SeasonPage:
    """The season's page (its nights read in one query where not given; its table and rows from the cache, and the
    page drawn from them kept there beside them)."""
    view = season_view(season, nights)
    drawn: SeasonPage = cache.kept(("season-page", season.pk), view.version, lambda: _drawn(season, view))
    return drawn


def _drawn(season: Season, view: SeasonView) -> SeasonPage:
    ids, lone = _night_entries(view.nights)
    rows = tuple(_row(view, line, ids.get(line.player), index) for index, line in enumerate(view.table.lines))
    marks = tuple(NightMark(event, _mark(m.high), _mark(m.low)) for event, m in zip(view.nights, view.table.marks,
                                                                                    strict=True))
    words = unit(season)
    return SeasonPage(season, view.nights, view.names, rows, marks, words, counting(season), TIE_BREAKS,
                      _awards(season, rows, marks, lone, words), view.version)


def _night_entries(nights: Sequence[Event]) -> tuple[dict[str, int], dict[str, int] | None]:
    """Each player's id by his season name, and his lone hands made over the nights (None where the format's rows
    do not count them)."""
    ids: dict[str, int] = {}
    lone: dict[str, int] | None = {}
    for event in nights:
        for row in cache.event_players(event):
            name = entry_name(row)
            if not row.get("partner__display_name"):
                ids[name] = row["player_id"]
            if lone is not None and "lone" in row:
                lone[name] = lone.get(name, 0) + int(row["lone"] or 0)
            elif row:
                lone = None
    return ids, lone


def _row(view: SeasonView, line: Line, player_id: int | None, index: int) -> Row:
    lines = view.table.lines
    shared = line.place is not None and any(
        other.place == line.place for other in lines[max(0, index - 1):index + 2] if other is not line)
    cells = tuple(Cell(line.figures.get(name), name in line.counted) for name in view.names)
    return Row(line.place, shared, line.player, player_id, cells, line.total, line.played)


def _mark(mark: Mark | None) -> tuple[int, str] | None:
    return None if mark is None else (mark.points, ", ".join(mark.players))


def _awards(season: Season, rows: tuple[Row, ...], marks: tuple[NightMark, ...], lone: dict[str, int] | None,
            words: str) -> tuple[Award, ...]:
    awards = []
    for place in range(1, season.prize_places + 1):
        won = [row for row in rows if row.place == place]
        if won:
            awards.append(Award("Champion" if place == 1 else f"{ordinal(place)} place",
                                f"{won[0].total} {words}", tuple(row.name for row in won)))
    highs = [(m.high[0], f"{m.high[1]} ({m.event.starts_on:%-d %b})") for m in marks if m.high is not None]
    if season.night_prize and highs:
        best = max(points for points, _who in highs)
        awards.append(Award("Best single night", f"{best} {words}",
                            tuple(who for points, who in highs if points == best)))
    if season.lone_prize and lone:
        most = max(lone.values())
        if most:
            awards.append(Award("Most lone hands", plural(most, "lone hand") + " made",
                                tuple(sorted(name for name, made in lone.items() if made == most))))
    return tuple(awards)
