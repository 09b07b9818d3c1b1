"""A law as the site cites it: its number in its code, a short title and a one-line summary in our own words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Law:
    number: int
    title: str
    summary: str

    def __str__(self) -> str:
        return f"Law {self.number} ({self.title}): {self.summary}"


def table(*rows: tuple[int, str, str]) -> Mapping[int, Law]:
    return {number: Law(number, title, summary) for number, title, summary in rows}
