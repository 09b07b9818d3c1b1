"""A ruling's page and its withdrawal, and the laws page."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views import View

from scoring.access import ReadableMixin, SecretaryRequiredMixin, acting_user
from scoring.club.selectors import rubber_for_page
from scoring.engine import RULEBOOKS, Rulebook
from scoring.engine.words import playing_words
from scoring.models import Event, Ruling
from scoring.parsing import one_of, slug
from scoring.rulings.display import ruling_view
from scoring.rulings.forms import WithdrawForm
from scoring.rulings.guide import point_tricks, worked_rubber
from scoring.rulings.laws_table import law_list, rulings_table
from scoring.service_forms import apply_errors
from scoring.services.club import the_club
from scoring.services.rulings import ruling_withdraw


def code_asked(request: HttpRequest) -> Rulebook:
    """The code of laws `?code=` names (an event's page links with its own), the club's own when none is named;
    a name that is no code's is said so on the page, which shows the club's."""
    club = the_club().rulebook
    asked = request.GET.get("code") or club
    known = one_of(asked, RULEBOOKS, "")
    if not known:
        messages.warning(request, f"There is no code of laws called “{asked[:40]}”; here is the club's own. The "
                                  "codes are listed below the heading.")
    return RULEBOOKS[known or club]


def codes_offered(rulebook: Rulebook) -> dict[str, object]:
    """What a page of one code shows of the others: each code, the one shown and the club's own marked."""
    return {"rulebook": rulebook, "codes": RULEBOOKS.values(), "club_code": the_club().rulebook}


class LawsView(View):
    """The law summaries and the whole rulings table of a code, for anyone to read."""

    def get(self, request: HttpRequest) -> HttpResponse:
        rulebook = code_asked(request)
        return render(request, "rulings/laws.html", {"table": rulings_table(rulebook), "laws": law_list(rulebook),
                                                     **codes_offered(rulebook)})


def event_asked(request: HttpRequest) -> Event | None:
    """The event `?event=` names (an event's and a rubber's pages link with theirs), if the reader may read it; a
    name that is no readable event's is said so on the page, which shows the code as the club plays it."""
    asked = request.GET.get("event")
    if not asked:
        return None
    name = slug(asked)
    event = Event.objects.visible_to(request.user).filter(slug=name).first() if name else None
    if event is None:
        messages.warning(request, f"There is no event called “{asked[:40]}” to read; here is the code as the club "
                                  "plays it.")
    return event


class HowScoringWorksView(View):
    """A code's scoring in plain words for players, with one rubber or match worked through by the engine; for an
    event, as that event plays it (its game, its match and its house rules), else as the club plays the code."""

    def get(self, request: HttpRequest) -> HttpResponse:
        event = event_asked(request)
        rulebook = event.code_as_played if event is not None else as_the_club_plays(code_asked(request))
        rows, result = worked_rubber(rulebook)
        template = "rulings/how_scoring_works.html" if rulebook.winning.laps else "rulings/how_a_match_scores.html"
        # The standard game's page states the house rules it is scored by: the event's own, or the club's usual ones.
        house = rulebook.house if rulebook.asks.house_rules else None
        return render(request, template, {"rows": rows, "result": result, "house": house, "event": event,
                                          "usual": event is None, "point_tricks": point_tricks(rulebook),
                                          "event_playing": playing_words(rulebook) if event is not None else "",
                                          **codes_offered(rulebook)})


def as_the_club_plays(code: Rulebook) -> Rulebook:
    """The code as the club plays it: its usual code with its game, its match and its house rules; another code at
    the code's own game, with the club's usual house rules where the code takes them (the club keeps them for the
    standard game whatever its usual code)."""
    club = the_club()
    if code.key == club.rulebook:
        return club.playing
    return code.housed(club.house) if code.asks.house_rules else code


def ruling_for_page(ruling_id: int) -> Ruling:
    return get_object_or_404(
        Ruling.objects.select_related("rubber__event", "hand", "made_by", "withdrawn_by"), pk=ruling_id)


class RulingDetailView(ReadableMixin, View):
    """A ruling is read by whoever may read its rubber."""

    event_from = "ruling"

    def get(self, request: HttpRequest, ruling_id: int) -> HttpResponse:
        ruling = ruling_for_page(ruling_id)
        return render(request, "rulings/ruling_detail.html", {
            "view": ruling_view(ruling, rubber_for_page(ruling.rubber_id)), "form": WithdrawForm()})


class RulingWithdrawView(SecretaryRequiredMixin, View):
    def post(self, request: HttpRequest, ruling_id: int) -> HttpResponse:
        ruling = get_object_or_404(Ruling.objects.select_related("rubber__event", "hand"), pk=ruling_id)
        form = WithdrawForm(request.POST)
        if form.is_valid():
            try:
                ruling_withdraw(ruling_id=ruling.pk, reason=form.cleaned_data["reason"], by=acting_user(request))
            except ValidationError as exc:
                apply_errors(form, exc)
            else:
                contest = ruling.rubber.rulebook.wording.terms.contest
                messages.success(request, f"Ruling {ruling.pk} withdrawn; the {contest} is rescored without it.")
                return redirect(f"{reverse('rubber', args=[ruling.rubber_id])}#ruling-{ruling.pk}")
        view = ruling_view(ruling, rubber_for_page(ruling.rubber_id))
        return render(request, "rulings/ruling_detail.html", {"view": view, "form": form}, status=400)
