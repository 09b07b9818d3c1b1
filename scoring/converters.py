"""Path converters: an id in an address is a whole number the database can hold.

Django's `int` converter takes any run of digits; a 20-digit id overflows SQLite's 64-bit
integers and answered a 500. Eighteen digits always fit, and no real row has a longer id,
so a longer one simply matches no page (404).
"""

from __future__ import annotations

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


def register() -> None:
    register_converter(IdConverter, "id")
