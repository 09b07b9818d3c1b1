"""Reading numbers, dates, and choices, that arrive as text: query strings, posted forms, files.

Every page that takes a number (or a date) from the address or a form reads it here, so one rule holds
everywhere: a plain ASCII whole number, not too long to be a real count, or nothing (a date: written
2026-01-31, a day that exists, or nothing). Python's `str.isdigit()` accepts "²" and other digits `int()`
refuses, and `int()` of thousands of digits raises; either would answer a 500 instead of ignoring or
refusing the value.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator

# The most a count on a page can be (hands, tables, rounds, page numbers); longer text is refused
# before it is converted, so a 5,000-digit value costs nothing.
MOST = 10**6
_MOST_DIGITS = 19


def small_int(text: object, *, most: int = MOST) -> int | None:
    """The non-negative whole number `text` spells in ASCII digits, at most `most`; None otherwise."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text if 0 <= text <= most else None
    if not isinstance(text, str):
        return None
    if not text or len(text) > _MOST_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value <= most else None


def positive_int(text: object, *, most: int = MOST) -> int | None:
    """As `small_int`, refusing 0 too (page numbers, table numbers, hand numbers)."""
    value = small_int(text, most=most)
    return value if value else None


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def iso_date(text: object) -> dt.date | None:
    """The calendar date `text` writes as year-month-day in ASCII digits ("2026-01-31"); None otherwise (another
    form, a day that does not exist, anything but text). Python's `date.fromisoformat` alone also reads
    "20260131" and "2026-W05-6", which no page offers."""
    if not isinstance(text, str) or not _ISO_DATE.fullmatch(text):
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:  # 2026-02-30, month 13, year 0
        return None


_SLUG = re.compile(r"[-a-zA-Z0-9_]{1,120}")


def slug(text: object) -> str | None:
    """An address's name for a record (an event's slug, as `?event=` gives it): letters, digits, hyphens and
    underscores, as long as the longest the club stores; else nothing."""
    return text if isinstance(text, str) and _SLUG.fullmatch(text) else None


def one_of(text: object, allowed: Iterable[str], default: str) -> str:
    """`text` if it is one of `allowed` (as a query parameter names a code of laws), else `default`."""
    return text if isinstance(text, str) and text in allowed else default


class CountField(forms.IntegerField):
    """A form's whole-number field that refuses in the club's words, naming what is counted and its range
    ("Tricks are a whole number from 0 to 5."), never Django's "Ensure this value is less than or equal to 5"."""

    def __init__(self, *, what: str = "", min_value: int | None = None, max_value: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)
        noun = what or str(kwargs.get("label") or "This")
        self.what = what
        if min_value is not None and max_value is not None:
            words = f"{noun}: a whole number from {min_value} to {max_value}."
        elif min_value is not None:
            words = f"{noun}: a whole number, {min_value} or more."
        else:
            words = f"{noun}: a whole number."
        self.error_messages = {**self.error_messages, "invalid": words, "min_value": words, "max_value": words,
                               "max_digits": words}
        # The validators carry their own messages; they are built with the field's words instead.
        for validator in self.validators:
            if isinstance(validator, (MinValueValidator, MaxValueValidator)):
                validator.message = words


class RuledChoiceField(forms.ChoiceField):
    """A choice field whose choices the rules in force narrow: a value they take away (`ruled_out`, with the
    rule's words) is refused in those words when a form sends it anyway (a page left open, or forged), never as
    Django's "Select a valid choice"."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruled_out: dict[str, str] = {}

    def validate(self, value: Any) -> None:
        if value in self.ruled_out:
            raise forms.ValidationError(self.ruled_out[value], code="ruled_out")
        super().validate(value)
