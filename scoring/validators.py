"""Validators and form fields for the text the club keeps: printable characters only, checked alike
wherever text enters.

A name is printed on score sheets, written into spreadsheets and shown on every page; a control
character breaks the spreadsheet writers, NUL is refused by PostgreSQL, and bidirectional
overrides let one name pose as another. The model fields carry these validators, so forms,
import and restore (which all call `full_clean`) refuse the same text with the same message.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.utils.deconstruct import deconstructible

# Characters that steer the direction of the text around them (Unicode bidi embeddings,
# overrides and isolates): they let "Ames" display as another name.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Control characters, surrogates, private use and the line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Zl", "Zp"})
LINE_BREAKS = frozenset("\n\r\t")


def unprintable(value: str, *, multiline: bool) -> str | None:
    """The first character that may not be kept, or None when all are printable."""
    for char in value:
        if multiline and char in LINE_BREAKS:
            continue
        if char in BIDI_CONTROLS or unicodedata.category(char) in REFUSED_CATEGORIES:
            return char
    return None


@deconstructible
class PrintableValidator:
    """Refuses text holding a character that cannot be printed (a line break only where `multiline`)."""

    def __init__(self, multiline: bool = False) -> None:
        self.multiline = multiline

    def __call__(self, value: Any) -> None:
        if not isinstance(value, str):
            return
        char = unprintable(value, multiline=self.multiline)
        if char is not None:
            raise ValidationError(
                "Use printable characters only; this holds %(char)s.",
                code="unprintable", params={"char": _name(char)},
            )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PrintableValidator) and other.multiline == self.multiline

    def __hash__(self) -> int:
        return hash(self.multiline)


def _name(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name.lower()})" if name else "")


def most_kept(model: type[models.Model], field: str) -> int:
    """The most characters `model.field` keeps."""
    kept = model._meta.get_field(field)
    if not isinstance(kept, models.CharField) or kept.max_length is None:
        raise TypeError(f"{model.__name__}.{field} is not text of a bounded length")
    return kept.max_length


def check_length(value: str, model: type[models.Model], field: str) -> None:
    """Refuses text longer than `model.field` keeps, with the message `full_clean` gives. Call it before the
    text is looked up: SQLite answers a LIKE pattern (`iexact`, `icontains`) over 50,000 bytes with an
    error, not with no rows."""
    MaxLengthValidator(most_kept(model, field))(value)


printable_line = PrintableValidator(multiline=False)
printable_text = PrintableValidator(multiline=True)


class LineField(forms.CharField):
    """A one-line form field of printable characters."""

    default_validators = [printable_line]


class TextField(forms.CharField):
    """A form field of printable characters over several lines."""

    default_validators = [printable_text]
