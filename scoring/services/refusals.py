"""A refusal said on one field of a form, named by its code: the pages and the tests read the code, the secretary
the words."""

from __future__ import annotations

from django.core.exceptions import ValidationError


def field_refusal(field: str, words: str, *, code: str) -> ValidationError:
    return ValidationError({field: ValidationError(words, code=code)})
