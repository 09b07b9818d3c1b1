"""Standings, partnerships and players' records, read from stored rubber results (never rescored).

Each function costs a fixed number of SQL queries, whatever the size of the club.
"""

from __future__ import annotations

import datetime as dt
import operator
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

from django.db.models import Count, F, FloatField, Q, QuerySet, Sum
from django.db.models.functions import Cast

from scoring.engine.progressive.prizes import Prize, Ranked, award
from scoring.engine.rulebook import STANDINGS, Standing, Terms
from scoring.engine.rulebook.terms import RUBBER_TERMS, TALLY_TERMS
from scoring.models import (
    Entrant,
    Event,
    KeptCharges,
    KeptFigures,
    KeptMaking,
    KeptOpposition,
    Player,
    Rubber,
    RubberPlayerResult,
    Ruling,
)
from scoring.standings import order

KEPT_CODES = (*STANDINGS, "")
"""What a kept row's code may be: a standings key (or empty, as a row made before codes were kept). A
player's reads name them all, so that his rows of whole events, or of some days, are found down the (player, code,
day) index rather than among every day he has played."""


def complete_results(results: QuerySet[RubberPlayerResult]) -> QuerySet[RubberPlayerResult]:
    """Complete rubbers count, and those stopped by their round as they stand; rubbers in progress and
    abandoned ones are left out, and so is a table stopped before it dealt (no rubber was played there)."""
    return results.filter(rubber__in=Rubber.objects.counted())


def _figures(rows: QuerySet[Any]) -> QuerySet[Any]:
    """Totals over a group of result rows (annotation names differ from the fields they sum)."""
    return rows.annotate(
        rubbers=Count("id"),
        wins=Count("id", filter=Q(won=True)),
        losses=Count("id", filter=Q(won=False)),
        games=Sum("games_won"),
        doubles=Sum("doubles_won"),
        scored_for=Sum("points_for"),
        scored_against=Sum("points_against"),
        net=Sum("points_for") - Sum("points_against"),
        net_per_rubber=Cast(Sum("points_for") - Sum("points_against"), FloatField()) / Cast(Count("id"), FloatField()),
        lone=Sum("lone_hands"),
        euchres=Sum("euchres"),
    )


def _kept(rows: QuerySet[Any]) -> QuerySet[Any]:
    """The same figures as `_figures`, added up from kept rows (`KeptFigures`) instead of single results."""
    return rows.annotate(
        rubbers=Sum("rubber_count"),
        wins=Sum("won_count"),
        losses=Sum("lost_count"),
        games=Sum("games_won"),
        doubles=Sum("doubles_won"),
        scored_for=Sum("points_for"),
        scored_against=Sum("points_against"),
        net=Sum("points_for") - Sum("points_against"),
        net_per_rubber=Cast(Sum("points_for") - Sum("points_against"), FloatField()) / Cast(Sum("rubber_count"),
                                                                                             FloatField()),
        lone=Sum("lone_hands"),
        euchres=Sum("euchres_made"),
    )


def kept_standings(kept: QuerySet[KeptFigures], ranking: order.Ranking = order.TIE_BREAKS) -> QuerySet[Any]:
    """One row per player from the kept figures among `kept` (an event's, or the club's in a date range),
    best first: the same rows as `standings` over the same results, at the cost of a night's rows a player."""
    rows = kept.values("player_id", "player__display_name")
    return _kept(rows).order_by(*order.order_by("player__display_name", ranking=ranking))


def kept_partnerships(kept: QuerySet[KeptFigures], ranking: order.Ranking = order.TIE_BREAKS) -> QuerySet[Any]:
    """One row per pair who sat as partners, from the kept figures among `kept`."""
    rows = (kept.filter(partner__isnull=False, player_id__lt=F("partner_id"))
            .values("player_id", "player__display_name", "partner_id", "partner__display_name"))
    return _kept(rows).order_by(*order.order_by("player__display_name", "partner__display_name", ranking=ranking))


def standings(results: QuerySet[RubberPlayerResult], ranking: order.Ranking = order.TIE_BREAKS) -> QuerySet[Any]:
    """One row per player over the complete rubbers (or matches) among `results`, best first."""
    rows = complete_results(results).values("player_id", "player__display_name")
    return _figures(rows).order_by(*order.order_by("player__display_name", ranking=ranking))


def ranked(rows: Iterable[dict[str, Any]], ranking: order.Ranking = order.TIE_BREAKS) -> list[dict[str, Any]]:
    """The rows, best first, each with its rank; players level on every tie-breaker but the name share
    it ("4="), as the printed standings do."""
    rows = list(rows)
    counts = Counter(order.level(row, ranking) for row in rows)
    out, rank, previous = [], 0, None
    for position, row in enumerate(rows, start=1):
        key = order.level(row, ranking)
        if key != previous:
            rank, previous = position, key
        out.append({**row, "rank": f"{rank}=" if counts[key] > 1 else str(rank)})
    return out


def partnerships(results: QuerySet[RubberPlayerResult],
                 ranking: order.Ranking = order.TIE_BREAKS) -> QuerySet[Any]:
    """One row per pair who sat as partners, over the complete rubbers among `results`."""
    rows = (complete_results(results).filter(partner__isnull=False, player_id__lt=F("partner_id"))
            .values("player_id", "player__display_name", "partner_id", "partner__display_name"))
    return _figures(rows).order_by(*order.order_by("player__display_name", "partner__display_name",
                                                   ranking=ranking))


def abandoned_rubbers(rubbers: QuerySet[Rubber]) -> QuerySet[Rubber]:
    return (rubbers.filter(status=Rubber.Status.ABANDONED)
            .select_related("north", "east", "south", "west").order_by("played_on", "pk"))


# A player's page.

@dataclass
class Record:
    """Rubbers with (or against) one other player."""

    player_id: int
    name: str
    rubbers: int = 0
    won: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def net(self) -> int:
        return self.points_for - self.points_against


@dataclass
class MakerFigures:
    """Hands a player made the trump in, from one place at the table or all of them."""

    label: str
    made: int = 0
    succeeded: int = 0
    marches: int = 0
    euchred: int = 0

    def pct(self, part: int) -> float | None:
        return round(100 * part / self.made, 1) if self.made else None

    @property
    def pct_made(self) -> float | None:
        return self.pct(self.succeeded)

    @property
    def pct_marches(self) -> float | None:
        return self.pct(self.marches)

    @property
    def pct_euchred(self) -> float | None:
        return self.pct(self.euchred)


@dataclass
class PlayStats:
    maker: MakerFigures
    by_position: list[MakerFigures]
    lone: MakerFigures
    penalties: int
    rulings_against: int


POSITIONS = {1: "Eldest hand", 2: "Second hand", 3: "Third hand", 4: "Dealer"}


def play_stats(player: Player, rubbers: QuerySet[Rubber], events: QuerySet[Event] | None = None) -> PlayStats:
    """Maker and lone-hand figures from the hands he made (as they scored, kept by position and alone), and
    penalties against him, over `rubbers` (the rubbers of `events`, which are given when known).

    A hand counts as made when the makers took three tricks or more, or an adversary abandoned the
    lone hand (law 50). Hands of abandoned rubbers are left out.
    """
    events = events if events is not None else Event.objects.filter(pk__in=rubbers.values("event_id"))
    hands = (KeptMaking.objects.filter(player=player, event__in=events, day__isnull=True, code__in=KEPT_CODES)
             .values("position", "alone")
             .annotate(made=Sum("made"), succeeded=Sum("succeeded"), marches=Sum("marches"),
                       euchred=Sum("euchred")))
    overall = MakerFigures("All hands made")
    lone = MakerFigures("Lone hands")
    by_position = {n: MakerFigures(label) for n, label in POSITIONS.items()}
    for row in hands:
        targets = [overall, by_position[row["position"]]] if row["position"] in by_position else [overall]
        if row["alone"]:
            targets.append(lone)
        for target in targets:
            target.made += row["made"]
            target.succeeded += row["succeeded"]
            target.marches += row["marches"]
            target.euchred += row["euchred"]
    penalties = (KeptCharges.objects.filter(player=player, event__in=events, day__isnull=True, code__in=KEPT_CODES)
                 .aggregate(n=Sum("penalties"))["n"] or 0)
    rulings_against = (Ruling.objects.filter(offender_player=player, rubber__event__in=events,
                                             withdrawn_at__isnull=True)
                       .exclude(effect={}).count())
    return PlayStats(overall, list(by_position.values()), lone, penalties, rulings_against)


def player_events(player: Player) -> Q:
    """The events whose results his page reads: those he has a counted result, a hand made or a penalty in,
    or a ruling against him (each from its own kept rows, a handful a player and event)."""
    kept = (model._default_manager.filter(player=player, day__isnull=True, code__in=KEPT_CODES).values("event_id")
            for model in (KeptFigures, KeptMaking, KeptCharges))
    ruled = Ruling.objects.filter(offender_player=player).values("rubber__event_id")
    return reduce(operator.or_, (Q(pk__in=ids) for ids in (*kept, ruled)))


def _kept_of(player: Player, events: QuerySet[Event], start: dt.date | None = None,
             end: dt.date | None = None) -> QuerySet[KeptFigures]:
    """His kept figures in `events`: the events' own rows, or with `start` or `end` the days between."""
    kept = KeptFigures.objects.filter(player=player, event__in=events, code__in=KEPT_CODES)
    if start is None and end is None:
        return kept.filter(day__isnull=True)
    kept = kept.filter(day__isnull=False)
    kept = kept.filter(day__gte=start) if start is not None else kept
    return kept.filter(day__lte=end) if end is not None else kept


def player_summaries(player: Player, events: QuerySet[Event], *, start: dt.date | None = None,
                     end: dt.date | None = None) -> dict[str, dict[str, Any]]:
    """His totals over the counted rubbers, matches or rounds of `events` in each format he has played, by
    standings key in the order `STANDINGS` lists them (one query): a format's figures are never added to
    another's. From the kept figures: the events' own rows, or with `start` or `end` the days between."""
    rows = {row["code"]: row for row in _kept(_kept_of(player, events, start, end).values("code")).order_by()}
    return {key: rows[key] for key in STANDINGS if key in rows}


@dataclass
class FormatRecord:
    """His record in one format: his totals, with each partner and against each opponent, and the chart of his
    running net over his last days of play in it."""

    standing: Standing
    summary: dict[str, Any]
    partners: list[Record] = field(default_factory=list)
    opponents: list[Record] = field(default_factory=list)
    timeline: list[tuple[dt.date, int]] = field(default_factory=list)
    timeline_start: int = 0
    """His net before the timeline's first day (0 when it starts at his first)."""

    @property
    def terms(self) -> Terms:
        return self.standing.terms

    @property
    def chart(self) -> Chart | None:
        return net_chart(self.timeline, self.timeline_start)

    @property
    def figures(self) -> tuple[tuple[str, str], ...]:
        """His totals as a printed record lists them, in this format's units and words."""
        s, t = self.summary, self.terms
        if t.family == TALLY_TERMS.family:
            return (("Rounds played", _n(s["rubbers"])), ("Points", _n(s["scored_for"])),
                    ("Lone hands made", _n(s["lone"])), ("Rounds won", _n(s["wins"])), ("Euchres", _n(s["euchres"])),
                    ("Net", _n(s["net"])))
        doubles = (("Doubles won", _n(s["doubles"])),) if t.family == RUBBER_TERMS.family else ()
        return ((f"Complete {t.contests}", _n(s["rubbers"])), ("Won", _n(s["wins"])), ("Lost", _n(s["losses"])),
                ("Games won", _n(s["games"])), *doubles, (f"{t.points.capitalize()} for", _n(s["scored_for"])),
                (f"{t.points.capitalize()} against", _n(s["scored_against"])), ("Net", _n(s["net"])),
                (f"Net per {t.contest}", f"{s['net_per_rubber'] or 0:.2f}"))

    @property
    def tables(self) -> tuple[tuple[str, list[Record], str], ...]:
        """His two tables of people, with their headings and test names."""
        return (("With each partner", self.partners, "partners"), ("Against each opponent", self.opponents,
                                                                     "opponents"))


CHART_POINTS = 160
"""The days of play a player's chart draws: his last, however long his past."""


def net_timeline(kept: QuerySet[KeptFigures], final: int) -> tuple[int, list[tuple[dt.date, int]]]:
    """His cumulative net after each of his last `CHART_POINTS` days of play among `kept` (one format's rows),
    oldest first, and his net before the first of them (0 when they go back to his first day).

    Read newest first and counted back from `final`, his net over all (one query): the days read stop at the
    chart's length, so a player of twenty years costs what a new member does."""
    days = (kept.filter(day__isnull=False).values("day").annotate(net=Sum("points_for") - Sum("points_against"))
            .order_by("-day")[:CHART_POINTS])
    running, timeline = final, []
    for row in days:
        timeline.append((row["day"], running))
        running -= row["net"]
    timeline.reverse()
    return running, timeline


def player_formats(player: Player, events: QuerySet[Event], *, charted: bool = True) -> list[FormatRecord]:
    """His record in each format he has played in `events` (Somerset rubbers, each code's matches, progressive
    nights), from the kept figures: three queries, and one a format for its chart (none where not `charted`: the
    printed record draws no chart)."""
    formats = {key: FormatRecord(STANDINGS[key], summary)
               for key, summary in player_summaries(player, events).items()}
    for other, model in (("partner", KeptFigures), ("opponent", KeptOpposition)):
        rows = (model._default_manager.filter(player=player, event__in=events, day__isnull=True, code__in=KEPT_CODES,
                                              **{f"{other}__isnull": False})
                .values("code", f"{other}_id", f"{other}__display_name")
                .annotate(n=Sum("rubber_count"), won=Sum("won_count"), lost=Sum("lost_count"),
                          scored=Sum("points_for"), conceded=Sum("points_against")))
        for row in rows:
            if row["code"] in formats:
                getattr(formats[row["code"]], f"{other}s").append(
                    Record(row[f"{other}_id"], row[f"{other}__display_name"], row["n"], row["won"], row["lost"],
                           row["scored"], row["conceded"]))
    for key, kept in formats.items():
        kept.partners.sort(key=_most_played)
        kept.opponents.sort(key=_most_played)
        if not charted:
            continue
        kept.timeline_start, kept.timeline = net_timeline(
            KeptFigures.objects.filter(player=player, event__in=events, code=key), kept.summary["net"] or 0)
    return list(formats.values())


def _n(value: int | None) -> str:
    return str(value or 0)


def _most_played(record: Record) -> tuple[int, int, str]:
    return -record.rubbers, -record.net, record.name


@dataclass(frozen=True)
class Chart:
    """A cumulative-net line drawn as SVG on the server."""

    width: int
    height: int
    points: str
    zero_y: float
    low: int
    high: int
    first: dt.date | None
    last: dt.date | None
    final: int
    days: int

    @property
    def recent(self) -> bool:
        """Whether the line shows only his last days of play, his past being longer."""
        return self.days >= CHART_POINTS


def net_chart(timeline: list[tuple[dt.date, int]], start: int = 0, width: int = 640,
              height: int = 180) -> Chart | None:
    """The line from `start` (his net before the timeline's first day) through each day's cumulative net."""
    if not timeline:
        return None
    values = [start] + [v for _, v in timeline]
    low, high = min(values), max(values)
    span = (high - low) or 1
    pad = 8

    def y(value: int) -> float:
        return round(pad + (high - value) * (height - 2 * pad) / span, 1)

    step = (width - 2 * pad) / max(len(values) - 1, 1)
    points = " ".join(f"{round(pad + i * step, 1)},{y(v)}" for i, v in enumerate(values))
    return Chart(width, height, points, y(0), low, high, timeline[0][0], timeline[-1][0], values[-1], len(timeline))


def not_counted_entrants(event: Event, rubbers: QuerySet[Rubber] | None = None, *,
                         counted: Iterable[int] | None = None) -> list[Player]:
    """The entrants of an event in rounds with no rubber counted yet (one who sat out the first round),
    among `rubbers` (by default all the event's): the standings rank only players with a result, so
    these are named beside them (one query). `counted`, when the caller's standings rows already name the
    players counted (the kept figures), is read in place of their results."""
    if not event.in_rounds:
        return []
    rubbers = event.rubbers.all() if rubbers is None else rubbers
    players: Any = counted
    if players is None:
        players = complete_results(RubberPlayerResult.objects.filter(rubber__in=rubbers)).values("player_id")
    return [e.player for e in (Entrant.objects.filter(event=event).exclude(player_id__in=players)
                               .select_related("player").order_by("player__display_name"))]


def entry_name(row: dict[str, Any]) -> str:
    """A standings row's name: the player's, or the pair's "A & B"."""
    return " & ".join(filter(None, (row["player__display_name"], row.get("partner__display_name"))))


def listed(rows: Iterable[dict[str, Any]]) -> set[int]:
    """The players the rows stand for: each row's player, and his partner on a row a pair."""
    return {player for row in rows for player in (row["player_id"], row.get("partner_id")) if player is not None}


def prizes(rows: list[dict[str, Any]], event: Event) -> list[Prize]:
    """A progressive night's prizes from its rows (`night.night_rows`: a player's, or a fixed pair's), as the
    event gives them (one query: who played the whole night, read beside the rows)."""
    if not rows:
        return []
    ranking = order.for_event(event)
    part = set(Entrant.objects.filter(event=event).filter(Q(first_round__isnull=False) | Q(last_round__isnull=False))
               .values_list("player_id", flat=True))
    lines = [Ranked(row["player_id"], entry_name(row), order.level(row, ranking), row["scored_for"] or 0,
                    row["lone"] or 0, row.get("best_round") or 0, not {row["player_id"], row.get("partner_id")} & part,
                    row.get("drawn", False))
             for row in rows]
    return award(lines, event.night.prizes_drawn_by(str(event.pk)))
