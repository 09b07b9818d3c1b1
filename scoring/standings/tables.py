"""django-tables2 tables for standings, partnerships and a player's rubbers.

Column headers are a contract: the standings CSV export names its columns exactly so.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from scoring.engine.rulebook.terms import MATCH_TERMS, RUBBER_TERMS, TALLY_TERMS
from scoring.standings import order
from scoring.standings.export import Rank
from scoring.standings.quick_rows import QuickCells
from scoring.standings.selectors import entry_name
from scoring.words import rubber_result_words

TABLE_ATTRS = {"class": "table table-sm table-hover align-middle standings"}
NUMBER = {"td": {"class": "text-end"}, "th": {"class": "text-end"}}
# Every column shows on a phone too: the table scrolls sideways under a hint, the names held in place.
WIDE = NUMBER
RANK = {"td": {"class": "rank"}, "th": {"class": "rank"}}


def net_words(value: int) -> str:
    """A net figure with its sign, and no sign on nothing."""
    return f"{value:+d}" if value else "0"


def _player_link(record: dict[str, Any]) -> str:
    return reverse("player", args=[record["player_id"]])


class FiguresTable(QuickCells, tables.Table):
    """The figures every standings row carries."""

    rubbers = tables.Column(verbose_name="Rubbers", attrs=NUMBER)
    wins = tables.Column(verbose_name="Won", attrs=NUMBER)
    losses = tables.Column(verbose_name="Lost", attrs=WIDE)
    games = tables.Column(verbose_name="Games won", attrs=WIDE)
    doubles = tables.Column(verbose_name="Doubles won", attrs=WIDE)
    scored_for = tables.Column(verbose_name="Points for", attrs=WIDE)
    scored_against = tables.Column(verbose_name="Points against", attrs=WIDE)
    net = tables.Column(verbose_name="Net", attrs=NUMBER)
    net_per_rubber = tables.Column(verbose_name="Net per rubber", attrs=WIDE)

    def render_net(self, value: int) -> str:
        return net_words(value)

    def value_net(self, value: int) -> int:
        return value

    def render_net_per_rubber(self, value: float) -> str:
        return f"{value:+.2f}" if round(value, 2) else "0.00"  # no sign on nothing

    def value_net_per_rubber(self, value: float) -> Decimal:
        return Decimal(f"{value:.3f}")  # a number to three places: "-0.250" in a CSV, -0.25 shown -0.250 in XLSX

    class Meta:
        attrs = TABLE_ATTRS
        template_name = "standings/table.html"
        orderable = True


class StandingsTable(FiguresTable):
    # The standing itself, whichever column the table is sorted by; level players share it ("4=").
    # Not in the downloads, whose columns are fixed.
    rank = tables.Column(verbose_name="Rank", orderable=False, exclude_from_export=True,
                         attrs={"td": {"class": "rank"}, "th": {"class": "rank"}})
    player = tables.Column(verbose_name="Player", accessor="player__display_name", linkify=_player_link,
                           attrs={"td": {"class": "held"}, "th": {"class": "held"}})

    class Meta(FiguresTable.Meta):
        sequence = ("rank", "player", "...")


class PartnershipTable(FiguresTable):
    rank = tables.Column(verbose_name="Rank", orderable=False, attrs={"td": {"class": "rank"}, "th": {"class": "rank"}})
    pair = tables.Column(verbose_name="Partners", accessor="player__display_name",
                         order_by=("player__display_name", "partner__display_name"))

    def render_pair(self, record: dict[str, Any]) -> str:
        return format_html('<a href="{}">{}</a> &amp; <a href="{}">{}</a>',
                           reverse("player", args=[record["player_id"]]), record["player__display_name"],
                           reverse("player", args=[record["partner_id"]]), record["partner__display_name"])

    def value_pair(self, record: dict[str, Any]) -> str:
        return f"{record['player__display_name']} & {record['partner__display_name']}"

    def value_rank(self, value: str) -> Rank:
        return Rank.of(value)

    class Meta(FiguresTable.Meta):
        sequence = ("rank", "pair", "...")


class MatchFigures(QuickCells, tables.Table):
    """The figures of a code without rubbers (the Official Laws, 1877, the standard game): matches and games
    won, the hands' points, and lone hands made and euchres."""

    rubbers = tables.Column(verbose_name="Matches", attrs=NUMBER)
    wins = tables.Column(verbose_name="Won", attrs=NUMBER)
    losses = tables.Column(verbose_name="Lost", attrs=WIDE)
    games = tables.Column(verbose_name="Games won", attrs=WIDE)
    scored_for = tables.Column(verbose_name="Points for", attrs=WIDE)
    scored_against = tables.Column(verbose_name="Points against", attrs=WIDE)
    net = tables.Column(verbose_name="Net", attrs=NUMBER)
    lone = tables.Column(verbose_name="Lone hands made", attrs=WIDE)
    euchres = tables.Column(verbose_name="Euchres", attrs=WIDE)
    render_net = FiguresTable.render_net
    value_net = FiguresTable.value_net

    class Meta(FiguresTable.Meta):
        pass


class MatchStandingsTable(MatchFigures):
    rank = tables.Column(verbose_name="Rank", orderable=False, exclude_from_export=True,
                         attrs={"td": {"class": "rank"}, "th": {"class": "rank"}})
    player = tables.Column(verbose_name="Player", accessor="player__display_name", linkify=_player_link,
                           attrs={"td": {"class": "held"}, "th": {"class": "held"}})

    class Meta(MatchFigures.Meta):
        sequence = ("rank", "player", "...")


class ProgressiveStandingsTable(MatchStandingsTable):
    """A progressive night: each player's tally over the rounds, his lone hands and euchres, the rounds won; his
    place first, in the download too (a number: "1" for "1=")."""

    rank = tables.Column(verbose_name="Place", orderable=False, attrs=RANK)
    rubbers = tables.Column(verbose_name="Rounds", attrs=NUMBER)
    wins = tables.Column(verbose_name="Rounds won", attrs=NUMBER)
    scored_for = tables.Column(verbose_name="Points", attrs=NUMBER)
    byes = tables.Column(verbose_name="Sat out", attrs=NUMBER, default=0)

    def render_rank(self, record: dict[str, Any], value: str) -> str:
        return f"{value} (drawn)" if record.get("drawn") else value

    def value_rank(self, value: str) -> int:
        return int(value.removesuffix("="))

    class Meta(MatchStandingsTable.Meta):
        exclude = ("losses", "games", "net")
        sequence = ("rank", "player", "scored_for", "lone", "wins", "rubbers", "byes",  # type: ignore[assignment]
                    "euchres", "scored_against", "...")


class ProgressivePairsTable(ProgressiveStandingsTable):
    """A progressive night of fixed pairs: one row a pair, named "A & B"."""

    player = tables.Column(verbose_name="Pair", accessor="player__display_name",
                           order_by=("player__display_name", "partner__display_name"),
                           attrs={"td": {"class": "held"}, "th": {"class": "held"}})
    render_player = PartnershipTable.render_pair
    value_player = PartnershipTable.value_pair

    class Meta(ProgressiveStandingsTable.Meta):
        pass


def round_columns(rounds: list[int]) -> list[tuple[str, tables.Column]]:
    """A progressive night's column a round ("Round 1", "Round 2", ...): what each entry scored in it, a round
    sat out holding what the bye scored, so that a row's rounds add up to its points."""
    return [(f"round_{number}", tables.Column(verbose_name=f"Round {number}", attrs=NUMBER, default=""))
            for number in rounds]


class MatchPartnershipTable(MatchFigures):
    rank = tables.Column(verbose_name="Rank", orderable=False, attrs={"td": {"class": "rank"}, "th": {"class": "rank"}})
    pair = tables.Column(verbose_name="Partners", accessor="player__display_name",
                         order_by=("player__display_name", "partner__display_name"))
    render_pair = PartnershipTable.render_pair
    value_pair = PartnershipTable.value_pair
    value_rank = PartnershipTable.value_rank

    class Meta(MatchFigures.Meta):
        sequence = ("rank", "pair", "...")


class PlayerRubbersTable(QuickCells, tables.Table):
    """Every rubber, match or progressive round a player played, the newest entered first, each linking to its
    page."""

    rubber = tables.Column(verbose_name="Table", accessor="rubber_id", attrs={"td": {"class": "text-nowrap"}},
                           linkify=lambda record: reverse("rubber", args=[record.rubber_id]))
    played_on = tables.DateColumn(verbose_name="Played", accessor="rubber__played_on", format="j M Y")
    event = tables.Column(verbose_name="Event", accessor="rubber__event__name")
    side = tables.Column(verbose_name="Side")
    partner = tables.Column(verbose_name="Partner", accessor="partner__display_name", default="")
    opponents = tables.Column(verbose_name="Opponents", accessor="side", orderable=False, empty_values=())
    points_for = tables.Column(verbose_name="For", attrs=NUMBER)
    points_against = tables.Column(verbose_name="Against", attrs=NUMBER)
    result = tables.Column(verbose_name="Result", accessor="won", order_by=("won",), empty_values=())

    def render_rubber(self, record: Any, value: int) -> str:
        """"Rubber #35", "Match #36", "Tally #37": what its event's tables play."""
        return f"{record.rubber.event.playing.wording.terms.title} #{value}"

    def render_opponents(self, record: Any) -> str:
        rubber = record.rubber
        pair = (rubber.east, rubber.west) if record.side == "NS" else (rubber.north, rubber.south)
        return " & ".join(p.display_name for p in pair)

    def render_points_for(self, record: Any, value: int) -> str:
        return "" if record.rubber.status == "abandoned" else str(value)  # an abandoned rubber counts nothing

    def render_points_against(self, record: Any, value: int) -> str:
        return "" if record.rubber.status == "abandoned" else str(value)

    def render_result(self, record: Any) -> str:
        return rubber_result_words(record.rubber.status, record.won)

    class Meta:
        attrs = TABLE_ATTRS
        template_name = "standings/table.html"
        order_by = ("-rubber",)  # newest entered first: read from the index, not sorted each time


class ClubProgressiveTable(ProgressiveStandingsTable):
    """Every progressive night's tallies added up: the deals each player played (a night's byes score only on
    its own standings, where the round's average is known)."""

    rank = tables.Column(verbose_name="Rank", orderable=False, exclude_from_export=True, attrs=RANK)

    class Meta(ProgressiveStandingsTable.Meta):
        exclude = ("losses", "games", "net", "byes")  # type: ignore[assignment]


BY_FAMILY: dict[str, tuple[type[tables.Table], type[tables.Table] | None]] = {
    RUBBER_TERMS.family: (StandingsTable, PartnershipTable),
    MATCH_TERMS.family: (MatchStandingsTable, MatchPartnershipTable),
    TALLY_TERMS.family: (ClubProgressiveTable, None),
}
"""Each format's standings and partnerships tables (a progressive night changes partners every round)."""



def event_table(event: Any) -> type[tables.Table]:
    """An event's standings table: a progressive night's tallies, matches, or Somerset's rubbers."""
    if event.progressive:
        return ProgressivePairsTable if event.fixed_pairs else ProgressiveStandingsTable
    return StandingsTable if event.playing.winning.laps else MatchStandingsTable


def wall_columns(event: Any) -> list[tuple[str, str]]:
    """The wall's figures for an event: those it is ranked by, in that order, each headed as its standings
    table heads it (("scored_for", "Points"), ("lone", "Lone hands made"), ...)."""
    heads = event_table(event).base_columns
    return [(tie.key, str(heads[tie.key].verbose_name)) for tie in order.for_event(event)]


def wall_rows(rows: list[dict[str, Any]], columns: list[tuple[str, str]]) -> list[tuple[str, str, list[str]]]:
    """Each standings row as the wall shows it: (rank, player or pair, the figures of `columns`)."""
    def figure(row: dict[str, Any], key: str) -> str:
        value = row.get(key) or 0
        return net_words(value) if key == "net" else str(value)

    return [(f"{row['rank']}{' (drawn)' if row.get('drawn') else ''}", entry_name(row),
             [figure(row, key) for key, _ in columns]) for row in rows]
