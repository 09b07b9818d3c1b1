"""A season's table as its page, its download, its printed sheet and a player's page show it: a row a player (or
fixed pair) with his figure each night, the nights not counted set apart; each night's high and low; how the season
counts and breaks ties, in words; and the prizes the season gives. Read from `season_view` and each night's own
standings rows, both kept in the cache, so it costs no query a night."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from scoring.engine.season import Line, Mark
from scoring.engine.words import ordinal, plural
from scoring.models import Event, Season
from scoring.standings import cache, order
from scoring.standings.season import SeasonView, season_view

MOST_NAMED = 6
"""Names listed at most where many share a prize or the leading places; the others are counted (the table and the
nights' highs name them all)."""


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
    members: tuple[int, ...]
    """The players the row stands for: the player, or both of a fixed pair."""

    @property
    def place_shown(self) -> str:
        """"3=" for a shared place; "" for none yet."""
        return "" if self.place is None else f"{self.place}{'=' if self.shared else ''}"

    def figures(self) -> str:
        """His figures in the nights' order, those not counted bracketed: "61, 48, (40)"."""
        return ", ".join(str(c.figure) if c.counted else f"({c.figure})" for c in self.cells if c.figure is not None)


@dataclass(frozen=True)
class Award:
    """A prize of the season: what it is for, the figure that won it, and who won it (or, where many share it, how
    many: `winners` then empty)."""

    title: str
    figure: str
    winners: tuple[str, ...]
    shared_by: str = ""


@dataclass(frozen=True)
class NightMark:
    """A night's high and low, for the page: the night, and each mark's figure and names (None: no such mark)."""

    event: Event
    high: tuple[int, str] | None
    low: tuple[int, str] | None
    high_by: int = 0
    """How many made the high."""


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
    who: str
    """Who a row is: "player", or "pair" where the nights are played by fixed pairs."""
    over: bool
    """The season has ended: its leader is its champion."""

    @property
    def legend(self) -> str:
        """How to read a row, as the page and the sheet both say it."""
        return (f"A night's figure is each {self.who}'s {self.unit} that night. {self.counting} A figure in brackets "
                "is a night not counted; a dot, a night not played.")

    def span(self) -> str:
        """"Progressive nights · 7 Jan 2026 to 31 Mar 2026 · 5 nights so far" (no "so far" once it has ended)."""
        season = self.season
        return (f"{season.standing.name} · {season.starts_on:%-d %b %Y} to {season.ends_on:%-d %b %Y} · "
                f"{plural(len(self.nights), 'night')}{'' if self.over else ' so far'}")

    @property
    def qualified(self) -> tuple[Row, ...]:
        return tuple(row for row in self.rows if row.place is not None)

    @property
    def waiting(self) -> tuple[Row, ...]:
        """The players not yet qualified, listed after, with no place."""
        return tuple(row for row in self.rows if row.place is None)

    def leaders(self, places: int = 3) -> tuple[Row, ...]:
        """The qualified rows in the first `places` places, every one sharing a place among them."""
        return tuple(row for row in self.qualified if row.place is not None and row.place <= places)

    @property
    def top(self) -> tuple[tuple[Row, ...], int]:
        """The leaders as the home page lists them: the first three places, at most `MOST_NAMED` rows, and how many
        more share them."""
        leaders = self.leaders()
        return leaders[:MOST_NAMED], len(leaders[MOST_NAMED:])

    @property
    def first(self) -> str:
        """Who stands first, and on what: "Abigail Ames, 109 points" (every name where the place is shared)."""
        first = self.leaders(1)
        return f"{', '.join(row.name for row in first)}, {first[0].total} {self.unit}" if first else ""


TIE_BREAKS = ("Places go by the counted total, higher first; level, by the figures of the nights not counted, "
              "compared from the highest down (one more such night is ahead where the rest agree); still level, by "
              "the counted figures the same way; still level, the place is shared and the next one skipped.")


def unit(season: Season) -> str:
    """A night's figure in the format's words: what its standings rank by first (a progressive night's "total
    points" are, on one night, its points)."""
    return order.BY_FAMILY[season.standing.terms.family][0].words.removeprefix("total ")


def counting(season: Season, who: str = "player") -> str:
    """"Each player's best 4 nights count; 3 nights to qualify." (`who`: "pair" on a season of fixed pairs)."""
    counts = (f"Every night a {who} plays counts" if season.best is None
              else f"Each {who}'s best night counts" if season.best == 1
              else f"Each {who}'s best {plural(season.best, 'night')} count")
    qualify = ("one night played takes a place" if season.qualify == 1
               else f"{plural(season.qualify, 'night')} to qualify")
    return f"{counts}; {qualify}."


def season_page(season: Season, nights: list[Event] | None = None) -> SeasonPage:
    """The season's page (its nights read in one query where not given; its table and rows from the cache, and the
    page drawn from them kept there beside them)."""
    view = season_view(season, nights)
    over = season.ends_on < timezone.localdate()
    drawn: SeasonPage = cache.kept(("season-page", season.pk, over), view.version,
                                   lambda: _drawn(season, view, over))
    return drawn


def _drawn(season: Season, view: SeasonView, over: bool) -> SeasonPage:
    entries = view.entries
    rows = tuple(_row(view, line, entries.ids.get(line.player), entries.members.get(line.player, ()), index)
                 for index, line in enumerate(view.table.lines))
    marks = tuple(NightMark(event, _mark(m.high), _mark(m.low), len(m.high.players) if m.high else 0)
                  for event, m in zip(view.nights, view.table.marks, strict=True))
    words = unit(season)
    who = "pair" if rows and all(len(row.members) == 2 for row in rows) else "player"
    return SeasonPage(season, view.nights, view.names, rows, marks, words, counting(season, who), TIE_BREAKS,
                      _awards(season, rows, marks, entries.lone, words, over), view.version, who, over)


def _row(view: SeasonView, line: Line, player_id: int | None, members: tuple[int, ...], index: int) -> Row:
    lines = view.table.lines
    shared = line.place is not None and any(
        other.place == line.place for other in lines[max(0, index - 1):index + 2] if other is not line)
    cells = tuple(Cell(line.figures.get(name), name in line.counted) for name in view.names)
    return Row(line.place, shared, line.player, player_id, cells, line.total, line.played, members)


def _mark(mark: Mark | None) -> tuple[int, str] | None:
    return None if mark is None else (mark.points, ", ".join(mark.players))


def _awards(season: Season, rows: tuple[Row, ...], marks: tuple[NightMark, ...], lone: dict[str, int],
            words: str, over: bool) -> tuple[Award, ...]:
    """The season's prizes as its counting stands; while it runs, its first place is leading, not yet champion."""
    awards = []
    for place in range(1, season.prize_places + 1):
        won = [row for row in rows if row.place == place]
        if won:
            first = "Champion" if over else "Leading"
            awards.append(Award(first if place == 1 else f"{ordinal(place)} place",
                                f"{won[0].total} {words}", tuple(row.name for row in won)))
    highs = [mark for mark in marks if mark.high is not None]
    if season.night_prize and highs:
        best = max(mark.high[0] for mark in highs if mark.high is not None)
        nights = [mark for mark in highs if mark.high is not None and mark.high[0] == best]
        named = sum(mark.high_by for mark in nights)
        if named > MOST_NAMED:
            awards.append(Award("Best single night", f"{best} {words}", (),
                                f"made {plural(named, 'time')} over {plural(len(nights), 'night')}; each night's "
                                "high is below"))
        else:
            awards.append(Award("Best single night", f"{best} {words}",
                                tuple(f"{mark.event.starts_on:%-d %b}: {mark.high[1]}" for mark in nights
                                      if mark.high is not None)))
    if season.lone_prize and lone:
        most = max(lone.values())
        if most:
            awards.append(Award("Most lone hands", plural(most, "lone hand") + " made",
                                tuple(sorted(name for name, made in lone.items() if made == most))))
    return tuple(awards)
