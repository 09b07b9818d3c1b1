"""A page's law citations, from the rulebook it shows: `{{ code|noted:"substitute" }}` reads " (law 18)" under
Somerset and nothing under a code without such a law; `{{ code|cited:"choice" }}` reads "law 85". The name is a
`Matter` or a `Reason` of the rulebook; a template never writes a law's number."""

from __future__ import annotations

from django import template

from scoring.engine import Reason, Rulebook
from scoring.engine.rulebook.matters import Matter

register = template.Library()
MATTERS = frozenset(m.value for m in Matter)


def _what(name: str) -> Reason | Matter:
    """The matter or the reason a template names; a name that is neither fails the page, as a typo should."""
    return Matter(name) if name in MATTERS else Reason(name)


@register.filter
def cited(rulebook: Rulebook, name: str) -> str:
    return rulebook.cited(_what(name))


@register.filter
def noted(rulebook: Rulebook, name: str) -> str:
    return rulebook.noted(_what(name))


@register.filter
def headed(rulebook: Rulebook, name: str) -> str:
    """The citation heading a sentence: "Law 18: ", or nothing."""
    cited = rulebook.cited(_what(name))
    return f"{cited[:1].upper()}{cited[1:]}: " if cited else ""
