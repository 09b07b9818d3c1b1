"""Standings pages (event and club-wide, with CSV and Excel export) and the player page."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.views.generic import DetailView, TemplateView
from django_tables2 import LazyPaginator, RequestConfig, SingleTableMixin
from django_tables2.export import ExportMixin

from scoring.access import ReadableMixin
from scoring.engine.rulebook import SOMERSET_1888, STANDINGS, Standing
from scoring.models import Event, KeptFigures, Player, Rubber, RubberPlayerResult
from scoring.models.rubbers import undealt
from scoring.services.club import the_club
from scoring.standings import cache as standings_cache
from scoring.standings import order
from scoring.standings.export import OFFERED, InertTableExport
from scoring.standings.filters import FORMAT_CHOICES, StandingsFilter
from scoring.standings.night import places_rule, round_numbers
from scoring.standings.paging import CleanPagingMixin
from scoring.standings.season_views import player_seasons
from scoring.standings.selectors import (
    abandoned_rubbers,
    listed,
    not_counted_entrants,
    play_stats,
    player_events,
    player_formats,
    prizes,
)
from scoring.standings.tables import (
    BY_FAMILY,
    MatchPartnershipTable,
    PartnershipTable,
    PlayerRubbersTable,
    StandingsTable,
    event_table,
    round_columns,
)

PER_PAGE = 25


class StandingsExportMixin(ExportMixin, SingleTableMixin):
    table_class = StandingsTable
    table_pagination = {"per_page": PER_PAGE}
    export_formats = OFFERED
    export_class = InertTableExport
    export_name = "standings"

    def results_version(self) -> object:
        raise NotImplementedError

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        # What the drawn tables are kept under: none for an address carrying values the page does not read.
        plain = set(self.request.GET) <= {f"{prefix}{name}" for prefix in ("", "pairs-")
                                          for name in ("sort", "page", "per_page")} | self.chosen()
        context["tables_version"] = self.results_version() if plain else None
        return context

    def chosen(self) -> set[str]:
        """The address's values that choose the rows (and are part of their version)."""
        return set()

    def partnership_table(self, pairs: list[dict[str, Any]], matches: bool = False) -> PartnershipTable:
        table = (MatchPartnershipTable if matches else PartnershipTable)(pairs, prefix="pairs-")
        RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)  # type: ignore[attr-defined]
        return table


class EventStandingsView(CleanPagingMixin, ReadableMixin, StandingsExportMixin, TemplateView):
    event_from = "slug"

    template_name = "standings/standings.html"

    def results(self) -> QuerySet[RubberPlayerResult]:
        return RubberPlayerResult.objects.filter(rubber__event=self.event)

    def results_version(self) -> object:
        # How level entries are placed, and whether they are pairs, change the table as much as a result does.
        return (self.event.pk, *self.event.night.standings_drawn_by(), self.event.results_version)

    @property
    def matches(self) -> bool:
        """Whether the event plays matches of plain games (the Official Laws' codes), not Somerset's rubbers."""
        return not self.event.playing.winning.laps

    def get_table_class(self) -> type[Any]:
        return event_table(self.event)

    def get_table_data(self) -> list[dict[str, Any]]:
        return standings_cache.event_players(self.event)

    def get_table_kwargs(self) -> dict[str, Any]:
        """A progressive night has a column a round, its figures adding up to the points."""
        if not self.event.progressive:
            return {}
        return {"extra_columns": round_columns(round_numbers(self.get_table_data()))}

    def get_export_filename(self, export_format: str) -> str:
        return f"{self.event.slug}-standings.{export_format}"

    def create_export(self, export_format: str) -> Any:
        """Fixed pairs stand as pairs, so their download lists the pairs, as their page does first."""
        if self.event.mode != Event.Mode.PAIRS:
            return super().create_export(export_format)
        rows = standings_cache.event_pairs(self.event)
        pairs = MatchPartnershipTable if self.matches else PartnershipTable
        exporter = self.export_class(export_format=export_format, table=pairs(rows),
                                     exclude_columns=self.exclude_columns, dataset_kwargs=self.get_dataset_kwargs())
        return exporter.response(filename=self.get_export_filename(export_format))

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context |= {
            "event": self.event,
            "terms": self.event.playing.wording.terms,
            "title": f"{self.event.name}: standings",
            "tie_breakers": order.sentence(order.for_event(self.event)),
            "matches": self.matches,
            "prizes": (prizes(standings_cache.event_players(self.event), self.event)
                       if self.event.progressive else []),
            "pairs": self.partnership_table(standings_cache.event_pairs(self.event), self.matches),
            "abandoned": abandoned_rubbers(self.event.rubbers.all()),
            "in_progress": self.event.rubbers.filter(status=Rubber.Status.IN_PROGRESS).count(),
            # A table stopped before it dealt a hand played no rubber: it is not among those counted.
            "stopped": self.event.rubbers.filter(status=Rubber.Status.STOPPED).exclude(undealt()).count(),
            "undealt": self.event.rubbers.filter(undealt()).count(),
            "not_counted": [player for player in not_counted_entrants(self.event)
                            if player.pk not in listed(self.get_table_data())],
            "progressive_rules": self.event.progressive_rules,
            "places_rule": places_rule(self.event) if self.event.progressive else "",
        }
        return context


class ClubStandingsView(CleanPagingMixin, StandingsExportMixin, TemplateView):
    """Every event the visitor may read under one format (`?code=KEY`, the club's own code unless another is
    asked for), filtered by event and dates: a format's figures are never added to another's."""

    template_name = "standings/standings.html"

    def standing(self) -> Standing | None:
        """The format asked for, or the club's own code when none is; None for a key no format has (the form
        says so, and no rows are shown)."""
        return STANDINGS.get(self.request.GET.get("code") or the_club().rulebook)

    def get_filter(self) -> StandingsFilter:
        if not hasattr(self, "_filter"):
            events = Event.objects.visible_to(self.request.user)
            standing, data = self.standing(), self.request.GET.copy()
            data["code"] = data.get("code") or the_club().rulebook  # carried along by the form's other choices
            self._filter = StandingsFilter(
                data, events=events.of_standing(standing.key) if standing else events,
                queryset=KeptFigures.objects.filter(event__in=events))
        return self._filter

    def chosen(self) -> set[str]:
        return set(self.get_filter().form.fields)

    def results_version(self) -> object:
        if not hasattr(self, "_version"):
            chosen = {name: self.request.GET.get(name, "") for name in self.get_filter().form.fields}
            standing = self.standing()
            self._version = (standings_cache.events_version(Event.objects.visible_to(self.request.user)),
                             sorted(chosen.items()), standing.key if standing else None)
        return self._version

    def kept(self) -> QuerySet[KeptFigures]:
        """The kept rows chosen, of one format: each event's own, or each day's when the standings are between
        dates."""
        chosen, standing = self.get_filter(), self.standing()
        if standing is None:
            return KeptFigures.objects.none()
        dated = chosen.is_bound and chosen.is_valid() and any(
            chosen.form.cleaned_data.get(name) for name in ("played_from", "played_to"))
        return chosen.qs.filter(code=standing.key, day__isnull=not dated)

    def family(self) -> str:
        standing = self.standing()
        return (standing or STANDINGS[SOMERSET_1888.key]).terms.family

    def ranking(self) -> order.Ranking:
        return order.BY_FAMILY[self.family()]

    def get_table_class(self) -> type[Any]:
        return BY_FAMILY[self.family()][0]

    def get_table_data(self) -> list[dict[str, Any]]:
        return standings_cache.club_players(self.kept(), self.results_version(), self.ranking())

    def get_export_filename(self, export_format: str) -> str:
        standing = self.standing()
        return f"standings-{standing.key if standing else 'none'}.{export_format}"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        standing = self.standing()
        rubbers = Rubber.objects.filter(event__in=Event.objects.visible_to(self.request.user))
        pairs = BY_FAMILY[self.family()][1]
        context |= {
            "title": f"Club standings: {standing.heading}" if standing else "Club standings",
            "standing": standing,
            "formats": FORMAT_CHOICES,
            "terms": (standing or STANDINGS[SOMERSET_1888.key]).terms,
            "filter": self.get_filter(),
            "tie_breakers": order.sentence(self.ranking()),
            "pairs": pairs and self.partnership_table(
                standings_cache.club_pairs(self.kept(), self.results_version(), self.ranking()),
                pairs is MatchPartnershipTable),
            "abandoned": abandoned_rubbers(rubbers.filter(event__in=Event.objects.of_standing(standing.key))
                                           if standing else rubbers.none()).select_related("event"),
        }
        return context


class PlayerDetailView(CleanPagingMixin, DetailView):
    template_name = "standings/player_detail.html"
    model = Player
    context_object_name = "player"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        player: Player = self.object
        user = self.request.user
        rubbers = Rubber.objects.visible_to(user)
        events = Event.objects.visible_to(user)
        results = RubberPlayerResult.objects.filter(player=player, rubber__event__in=events)
        table = PlayerRubbersTable(results.select_related("rubber__event", "partner", "rubber__north", "rubber__east",
                                                          "rubber__south", "rubber__west"), prefix="r-")
        # Paged without counting them all: the page reads twenty of his results, however many he has.
        RequestConfig(self.request, paginate={"per_page": 20, "paginator_class": LazyPaginator}).configure(table)
        # His figures move only when a result is stored again in an event he played in (a rename raises every
        # event): kept under that version, so a hand at another table leaves his page where it is.
        version = standings_cache.events_version(events.filter(player_events(player)))
        context["rubbers_table"] = table
        context["seasons"] = player_seasons(player, user)
        context |= standings_cache.player_page(player.pk, user.is_authenticated, version,
                                               lambda: self.figures(player, rubbers, events))
        # His figures as drawn, kept beside them: who reads (a member sees members-only events), the version, and
        # the club's code, whose laws the maker's lines cite.
        context["figures_version"] = (user.is_authenticated, version, the_club().playing.key)
        return context

    @staticmethod
    def figures(player: Player, rubbers: QuerySet[Rubber], events: QuerySet[Event]) -> dict[str, Any]:
        """His record in each format apart (a rubber point is not a point of a match), and his play as maker
        over all of them (hands made are hands, whatever the format)."""
        return {"formats": player_formats(player, events), "stats": play_stats(player, rubbers, events)}
