"""The adjudication wizard: the hand and what happened, that case's facts, the election (law 85), review."""

from __future__ import annotations

import re
import secrets
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from formtools.wizard.views import SessionWizardView

from scoring.access import SecretaryRequiredMixin, acting_user
from scoring.club.selectors import hand_words, names_by_hand, rubber_for_page
from scoring.engine.rulings import Chooser, irregularities
from scoring.engine.words import SIDE_WORDS
from scoring.models import HandReport, Rubber
from scoring.parsing import small_int
from scoring.rulings.display import score_rows, standings_changes
from scoring.rulings.forms import FACTS_FORMS, IRREGULARITY_KEYS, CaseForm, ElectionForm, FactsForm, ReviewForm
from scoring.service_forms import apply_errors
from scoring.services.rulings import RulingPreview, ruling_make, ruling_preview
from scoring.services.scoring import rubber_hands

TAB = re.compile(r"[0-9a-f]{16}")
STEP_TITLES = {"case": "The hand and what happened", "election": "Their choice", "review": "Review and confirm"}


def _chosen(key: str) -> Any:
    def condition(wizard: RulingWizardView) -> bool:
        return wizard.chosen_irregularity() == key
    return condition


class RulingWizardView(SecretaryRequiredMixin, SessionWizardView):
    """Hand and kind → the facts that matter for that kind → the election, if any → review → confirm."""

    # A facts step for every irregularity of any code; `get_form_list` gives each the rubber's code's form.
    form_list = [("case", CaseForm), *[(f"facts_{key}", FactsForm) for key in IRREGULARITY_KEYS],
                 ("election", ElectionForm), ("review", ReviewForm)]
    condition_dict = {**{f"facts_{key}": _chosen(key) for key in IRREGULARITY_KEYS},
                      "election": lambda wizard: wizard.needs_election()}
    template_name = "rulings/ruling_wizard.html"

    def setup(self, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        super().setup(request, *args, **kwargs)
        self._previews: dict[Any, RulingPreview | ValidationError] = {}
        tab = request.GET.get("tab", "")
        # A new wizard page opens a new tab's run; its posts carry the tab back in the URL.
        self.tab = tab if TAB.fullmatch(tab) else secrets.token_hex(8) if request.method == "GET" else ""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not self.has_permission():
            return self.handle_no_permission()
        try:
            self.rubber = rubber_for_page(kwargs["pk"])
        except Rubber.DoesNotExist:
            raise Http404("No such rubber.") from None
        if self.rubber.status == Rubber.Status.ABANDONED:
            messages.error(request, "The rubber was abandoned; no rulings can be made on it.")
            return redirect(self.rubber)
        self.hands = rubber_hands(self.rubber)
        if not self.hands:
            messages.info(request, "Enter the disputed hand as the table reported it, then ask for a ruling.")
            return redirect(self.rubber)
        return super().dispatch(request, *args, **kwargs)

    def get_form_list(self) -> dict[str, Any]:
        """The steps this run takes, each facts step with the form of the rubber's own code."""
        forms = FACTS_FORMS[self.rubber.rulebook.key]
        steps = super().get_form_list()
        return type(steps)((step, forms.get(step.removeprefix("facts_"), form) if step.startswith("facts_")
                             else form) for step, form in steps.items())

    def get_prefix(self, request: HttpRequest, *args: Any, **kwargs: Any) -> str:
        # Each browser tab runs its own wizard (its `tab` travels in the page's URL), so two
        # rulings prepared side by side on one rubber never share their answers.
        return f"ruling_{kwargs['pk']}_{self.tab}" if self.tab else f"ruling_{kwargs['pk']}"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # As formtools' own GET (a fresh run from the first step), with what the run was opened from.
        self.storage.reset()
        self.storage.current_step = self.steps.first
        self.run_key()
        report = self.disputed_report(small_int(request.GET.get("report")))
        if report is not None:  # opened from a disputed report: its reason, and its cancel, come along
            self.storage.extra_data = {**self.storage.extra_data, "report": report.pk}
        return self.render(self.get_form())

    def disputed_report(self, pk: int | None = None) -> HandReport | None:
        """The disputed report this run was opened from, accepted so that its hand can be ruled on."""
        pk = pk if pk is not None else self.storage.extra_data.get("report")
        if not pk:
            return None
        return HandReport.objects.filter(pk=pk, rubber=self.rubber, status=HandReport.Status.ACCEPTED).exclude(
            dispute="").first()

    def run_key(self) -> str:
        """This run of the wizard, stored with the ruling it makes: confirming it twice makes one ruling."""
        extra = self.storage.extra_data
        if "run" not in extra:
            self.storage.extra_data = {**extra, "run": secrets.token_hex(16)}
        return str(self.storage.extra_data["run"])

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # A post that did not come from the wizard's own page (no step, or a step it does not have):
        # start again with a message rather than formtools' bare "Bad Request".
        step = request.POST.get(f"{self.prefix}-current_step")
        steps = self.get_form_list()
        goto = request.POST.get("wizard_goto_step")
        if not ((goto and goto in steps) or step in steps):
            messages.error(request, "That ruling form was incomplete or out of date; start the ruling again.")
            self.storage.reset()
            return redirect(reverse("ruling_new", args=[self.rubber.pk]))
        self.run_key()
        return super().post(request, *args, **kwargs)

    # What the earlier steps said.
    def chosen_irregularity(self) -> str | None:
        case = self.get_cleaned_data_for_step("case")
        return case["irregularity"] if case else None

    def hand_number(self) -> int:
        case = self.get_cleaned_data_for_step("case")
        return case["hand"] if case else len(self.hands)

    def facts(self) -> dict[str, Any] | None:
        key = self.chosen_irregularity()
        return self.get_cleaned_data_for_step(f"facts_{key}") if key else None

    def election(self) -> str | None:
        if "election" not in self.get_form_list():
            return None
        data = self.get_cleaned_data_for_step("election")
        return data["election"] if data else None

    def preview(self, facts: dict[str, Any], election: str | None = None) -> RulingPreview:
        """The ruling on the facts so far (raises ValidationError where the facts are at fault).

        Memoised for the request: the form check, the step conditions and the page all ask."""
        key = (self.hand_number(), self.chosen_irregularity(), tuple(sorted(facts.items())), election)
        if key not in self._previews:
            try:
                self._previews[key] = ruling_preview(
                    rubber=self.rubber, hand_number=key[0], irregularity=key[1] or "", facts=facts,
                    election=election, hands=self.hands)
            except ValidationError as exc:
                self._previews[key] = exc
        found = self._previews[key]
        if isinstance(found, ValidationError):
            raise found
        return found

    def current_preview(self) -> RulingPreview | None:
        facts = self.facts()
        if facts is None:
            return None
        try:
            return self.preview(facts, self.election())
        except ValidationError:
            return None

    def needs_election(self) -> bool:
        facts = self.facts()
        if facts is None:
            return False
        try:
            return bool(self.preview(facts).decision.options)
        except ValidationError:
            return False

    # The forms.
    def get_form_kwargs(self, step: str | None = None) -> dict[str, Any]:
        if step == "case":
            names = names_by_hand(self.rubber, len(self.hands))
            return {"hands": [(h.number, f"Hand {h.number}: {hand_words(self.rubber, h, names[h.number])}")
                              for h in reversed(self.hands)], "rulebook": self.rubber.rulebook}
        if step and step.startswith("facts_"):
            return {"names": self.rubber.names_at_hand(self.hand_number()),
                    "check": lambda facts: self.preview(facts)}
        if step == "election":
            facts = self.facts() or {}
            try:
                decision = self.preview(facts).decision
            except ValidationError:
                return {"rulebook": self.rubber.rulebook}
            chooser = SIDE_WORDS[decision.chooser] if decision.chooser else ""
            return {"options": decision.options, "chooser": chooser,
                    "chosen_by": decision.chosen_by or Chooser.CLAIMANTS, "rulebook": self.rubber.rulebook}
        return {}

    def get_form_initial(self, step: str) -> dict[str, Any]:
        if step == "case":
            wanted = small_int(self.request.GET.get("hand"))
            numbers = {h.number for h in self.hands}
            return {"hand": wanted if wanted in numbers else len(self.hands)}
        if step.startswith("facts_"):
            number = self.hand_number()
            initial: dict[str, Any] = {}  # when the claim was made is asked, never presumed
            if step == "facts_score_error":
                hand = self.hands[number - 1]
                initial |= {"maker": hand.maker, "alone": "yes" if hand.alone else "no", "tricks": hand.tricks}
            return initial
        if step == "review" and (report := self.disputed_report()) is not None:
            return {"note": f"Disputed at the table: {report.dispute}"}
        return super().get_form_initial(step)

    def get_context_data(self, form: Form, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(form=form, **kwargs)
        step = self.steps.current
        key = self.chosen_irregularity()
        context["rubber"] = self.rubber
        context["tab"] = self.tab
        context["from_report"] = self.disputed_report()
        irregularity = irregularities(self.rubber.rulebook).get(key or "")
        context["step_title"] = STEP_TITLES.get(step) or (f"The facts: {irregularity.title.lower()}"
                                                           if irregularity else "")
        if step in ("election", "review"):
            preview = self.current_preview()
            context["preview"] = preview
            if preview is not None:
                context["preview_rows"] = score_rows(preview.snapshot(preview.before), preview.snapshot(preview.after),
                                                     preview.hand.number, self.rubber.rulebook.wording.terms)
                if self.rubber.status in (Rubber.Status.COMPLETE, Rubber.Status.STOPPED):
                    context["standings_changes"] = standings_changes(self.rubber, preview)
        if key:
            context["irregularity"] = irregularity
            context["hand_number"] = self.hand_number()
        return context

    def done(self, form_list: Any, **kwargs: Any) -> HttpResponse:
        form_dict = kwargs["form_dict"]
        try:
            ruling = ruling_make(
                rubber_id=self.rubber.pk, hand_number=self.hand_number(),
                irregularity=self.chosen_irregularity() or "", facts=self.facts() or {},
                election=self.election(), note=form_dict["review"].cleaned_data.get("note", ""),
                by=acting_user(self.request), request_key=self.run_key(),
            )
        except ValidationError as exc:
            self.storage.current_step = "review"
            form = self.get_form("review", data=self.storage.get_step_data("review"))
            form.is_valid()
            apply_errors(form, exc)
            return self.render(form)
        verb = "recorded (claim too late)" if ruling.too_late else "recorded and applied"
        messages.success(self.request, f"Ruling {ruling.pk} on hand {ruling.hand.number} {verb}.")
        return redirect(f"{reverse('rubber', args=[self.rubber.pk])}#ruling-{ruling.pk}")
