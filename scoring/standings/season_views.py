"""The seasons' pages: the club's seasons, a season's table and its CSV download, read by whoever
`seasons_visible_to` lets see the season (any other answers 404, as a season that does not exist does); and the
secretary's pages to make and change a season."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db.models import Prefetch, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.views import View
from django.views.generic import CreateView, TemplateView, UpdateView

from scoring.access import SecretaryRequiredMixin
from scoring.engine.words import ordinal
from scoring.models import Event, Player, Season
from scoring.service_forms import ServedAgainOnClashMixin, ServiceFormMixin
from scoring.services.club import the_club
from scoring.services.seasons import season_create, season_update
from scoring.standings.export import inert
from scoring.standings.season import is_current, seasons_visible_to
from scoring.standings.season_forms import SeasonEditForm, SeasonForm
from scoring.standings.season_page import Row, SeasonPage, season_page
from scoring.standings.selectors import player_events


def with_nights(seasons: QuerySet[Season]) -> QuerySet[Season]:
    """The seasons with their nights in date order, read in one query for them all."""
    return seasons.prefetch_related(Prefetch("nights", queryset=Event.objects.order_by("starts_on", "pk"),
                                             to_attr="nights_in_order"))


def season_for(request: HttpRequest, slug: str) -> Season:
    season: Season = get_object_or_404(with_nights(seasons_visible_to(request.user)), slug=slug)
    return season


def page_of(season: Season) -> SeasonPage:
    return season_page(season, list(season.nights_in_order))  # type: ignore[attr-defined]


class SeasonListView(TemplateView):
    """Every season the visitor may read, the current one (today between its dates) first."""

    template_name = "standings/season_list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        today = timezone.localdate()
        seasons = sorted(with_nights(seasons_visible_to(self.request.user)),
                         key=lambda season: not is_current(season, today))  # stable: the newest first after
        context["seasons"] = [(season, is_current(season, today), page_of(season)) for season in seasons]
        context["title"] = "Seasons"
        return context


class SeasonDetailView(TemplateView):
    template_name = "standings/season.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        season = season_for(self.request, kwargs["slug"])
        context |= {"season": season, "page": page_of(season), "title": season.name,
                    "terms": season.standing.terms}
        return context


def season_rows(page: SeasonPage) -> list[list[Any]]:
    """The download's rows: the header (`place,name,` a column a night by its date, `total,played`), then a row a
    player in the table's order; an empty cell for a night he did not play, and no place until he qualifies."""
    rows: list[list[Any]] = [["place", "name", *page.names, "total", "played"]]
    for row in page.rows:
        rows.append(["" if row.place is None else row.place, inert(row.name),
                     *("" if cell.figure is None else cell.figure for cell in row.cells), row.total, row.played])
    return rows


class SeasonCsvView(View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        season = season_for(request, slug)
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{season.slug}-standings.csv"'
        csv.writer(response).writerows(season_rows(page_of(season)))
        return response


class SeasonCreateView(SecretaryRequiredMixin, ServedAgainOnClashMixin, ServiceFormMixin, CreateView):
    template_name = "form_page.html"
    form_class = SeasonForm
    extra_context = {"title": "New season", "wide": True}

    def get_initial(self) -> dict[str, Any]:
        return {"key": the_club().rulebook, "starts_on": timezone.localdate()}

    def perform(self, form: SeasonForm) -> HttpResponse:
        self.object = season_create(**form.fields_for_service())
        messages.success(self.request, f"Season “{self.object}” made. Put its nights in it from each event's "
                                       "edit page.")
        return redirect(self.object)


class SeasonEditView(SecretaryRequiredMixin, ServiceFormMixin, UpdateView):
    template_name = "form_page.html"
    form_class = SeasonEditForm
    model = Season

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        stored = Season.objects.get(pk=self.object.pk)  # the form changes the instance's own name as it validates
        return super().get_context_data(title=f"Edit season · {stored}", wide=True,
                                        cancel_url=stored.get_absolute_url(), **kwargs)

    def perform(self, form: SeasonEditForm) -> HttpResponse:
        self.object = season_update(season_id=self.object.pk, **form.fields_for_service())
        messages.success(self.request, f"Season “{self.object}” saved.")
        return redirect(self.object)


def current_page(user: Any) -> SeasonPage | None:
    """The page of the season under way today that `user` may read (the newest, if two overlap), for the home page's
    leaders; None when none is."""
    today = timezone.localdate()
    season = with_nights(seasons_visible_to(user).filter(starts_on__lte=today, ends_on__gte=today)).first()
    return None if season is None else page_of(season)


@dataclass(frozen=True)
class PlayerSeason:
    """A player's line in one season, for his page: "Winter league: 2nd, 109 (61, 48, (40))"."""

    page: SeasonPage
    row: Row

    @property
    def place(self) -> str:
        if self.row.place is None:
            return "not yet qualified"
        return f"{ordinal(self.row.place)}{'=' if self.row.shared else ''}"

    @property
    def words(self) -> str:
        """"Winter league: 2nd, 109 points (61, 48, (40))", as his page and his printed record give it."""
        pair = f" as {self.row.name}" if len(self.row.members) == 2 else ""
        return (f"{self.page.season.name}: {self.place}{pair}, {self.row.total} {self.page.unit} "
                f"({self.row.figures()})")


def player_seasons(player: Player, user: Any) -> list[PlayerSeason]:
    """The seasons `user` may read that `player` played a night of, newest first, with his line in each (his own, or
    his fixed pair's): the seasons and their nights in two queries, each table from the cache."""
    played = Event.objects.filter(Q(entrants__player=player) | player_events(player))
    seasons = with_nights(seasons_visible_to(user).filter(nights__in=played).distinct())
    lines = []
    for season in seasons:
        page = page_of(season)
        lines += [PlayerSeason(page, row) for row in page.rows if player.pk in row.members]
    return lines
