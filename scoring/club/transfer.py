"""A rubber in the interchange format: import, export, and the scored result as JSON."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.views import View
from django.views.generic import FormView

from scoring.access import ReadableMixin, SecretaryRequiredMixin
from scoring.club.forms.rubbers import ImportForm
from scoring.club.selectors import rubber_or_404
from scoring.engine import Side
from scoring.engine.results import HandScore, RubberResult, score_dict
from scoring.service_forms import ServedAgainOnClashMixin, ServiceFormMixin
from scoring.services.club import the_club
from scoring.services.scoring import rubber_result
from scoring.services.transfer import rubber_export, rubber_import


class RubberImportView(SecretaryRequiredMixin, ServedAgainOnClashMixin, ServiceFormMixin, FormView):
    template_name = "form_page.html"
    form_class = ImportForm
    extra_context = {"multipart": True}
    error_field = "file"  # an import error is about the file, whichever hand it names

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "terms": the_club().playing.wording.terms}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(title=f"Import a {the_club().playing.wording.terms.contest}", **kwargs)

    def get_initial(self) -> dict[str, Any]:
        return {"played_on": dt.date.today()}

    def perform(self, form: ImportForm) -> HttpResponse:
        data = form.cleaned_data
        rubber = rubber_import(document=data["file"], event=data["event"], played_on=data["played_on"],
                               table_label=data["table_label"])
        messages.success(self.request,
                         f"{rubber.rulebook.wording.terms.title} imported with {rubber.hand_count} hands.")
        return redirect(rubber)


class RubberExportView(ReadableMixin, View):
    event_from = "rubber"

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        rubber = rubber_or_404(pk)
        body = json.dumps(rubber_export(rubber), indent=1)
        response = HttpResponse(body, content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="rubber-{rubber.pk}.json"'
        return response


class RubberResultView(ReadableMixin, View):
    """The result document of the interchange spec, plus the hands with their points and laws."""

    event_from = "rubber"

    def get(self, request: HttpRequest, pk: int) -> JsonResponse:
        rubber = rubber_or_404(pk)
        result = rubber_result(rubber)
        document = result.to_document()
        document["hands"] = [_hand_document(result, hs) for hs in result.hands]
        document["status"] = rubber.status
        return JsonResponse(document)


def _hand_document(result: RubberResult, hs: HandScore) -> dict[str, Any]:
    """A hand of the result document: its points, the score it made in its game, the games it won and, where it
    won one and play goes on, where the next game starts (at love, or at a lap carried)."""
    document = {
        "number": hs.number,
        "dealer": hs.hand.dealer.value if hs.hand.dealer else None,
        "result": hs.hand.result.value,
        "game": hs.game,
        "points": {"NS": hs.points(Side.NS), "EW": hs.points(Side.EW)},
        "score_after": score_dict(result.score_made(hs)),
        "games_closed": list(hs.games_closed),
        "laws": sorted({n for a in hs.awards for n in a.laws} | {n for _, ls in hs.notes for n in ls}),
    }
    start = result.next_game_from(hs)
    if start is not None:
        document["next_game_from"] = score_dict(start)
    return document
