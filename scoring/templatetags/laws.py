"""A page's law citations, from the rulebook it shows: `{{ code|noted:"substitute" }}` reads " (law 18)" under
Somerset and nothing under a code without such a law; `{{ code|cited:"choice" }}` reads "law 85". The name is a
`Matter` or a `Reason` of the rulebook; a template never writes a law's number. A page with no code to hand
(the value is not a rulebook) cites nothing."""

from __future__ import annotations

from django import template

from scoring.engine import Reason, Rulebook
from scoring.engine.rulebook.matters import Matter
from scoring.engine.words import code_named

register = template.Library()
MATTERS = frozenset(m.value for m in Matter)


def _what(name: str) -> Reason | Matter:
    """The matter or the reason a template names; a name that is neither fails the page, as a typo should."""
    return Matter(name) if name in MATTERS else Reason(name)


@register.filter
def cited(rulebook: Rulebook | None, name: str) -> str:
    return rulebook.cited(_what(name)) if isinstance(rulebook, Rulebook) else ""


@register.filter
def noted(rulebook: Rulebook | None, name: str) -> str:
    return rulebook.noted(_what(name)) if isinstance(rulebook, Rulebook) else ""


@register.filter
def headed(rulebook: Rulebook | None, name: str) -> str:
    """The citation heading a sentence: "Law 18: ", or nothing."""
    return rulebook.headed(_what(name)) if isinstance(rulebook, Rulebook) else ""


@register.filter
def named(rulebook: Rulebook) -> str:
    """The code's name inside a sentence ("under the standard game today")."""
    return code_named(rulebook)
