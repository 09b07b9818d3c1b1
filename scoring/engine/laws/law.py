"""A law as the site cites it: its number in its code, a short title and a one-line summary in our own words.

Somerset's laws and the Official Laws are numbered (the Official Laws in Roman numerals); the 1877 rules by
section ("1877 §6"); the standard game's summary not at all. `Law.label` is how the law's own code writes
it, and `cite` writes a list of laws as a reader expects them ("laws 63, 71", "law XXV; 1877 §9").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from scoring.engine.words import sentence


@dataclass(frozen=True, slots=True)
class Law:
    number: int
    title: str
    summary: str
    label: str = ""
    """How the code cites it, when not by its plain number: "XXV", "1877 §6", "the standard game"."""
    numbered: bool = True
    """Cited as "law ..." (Somerset's and the Official Laws); a section or the summary is cited by its label."""

    @property
    def cited(self) -> str:
        return self.label or str(self.number)

    @property
    def heading(self) -> str:
        """"Law XXV", "1877 §6", "The standard game": how a list of laws names this one."""
        return f"Law {self.cited}" if self.numbered else sentence(self.cited)

    def __str__(self) -> str:
        return f"{self.heading} ({self.title}): {self.summary}"


def table(*rows: tuple[int, str, str], label: Callable[[int], str] = lambda n: "",
          numbered: bool = True) -> Mapping[int, Law]:
    return {number: Law(number, title, summary, label(number), numbered) for number, title, summary in rows}


def cite(laws: Iterable[Law]) -> str:
    """Laws as a sentence cites them: the numbered ones as "law 2" or "laws XXV, XXXIV", then the others.

    >>> cite([Law(63, "", ""), Law(71, "", "")])
    'laws 63, 71'
    >>> cite([Law(25, "", "", "XXV"), Law(187709, "", "", "1877 §9", numbered=False)])
    'law XXV; 1877 §9'
    """
    numbered: list[str] = []
    others: list[str] = []
    for law in laws:
        kept = numbered if law.numbered else others
        if law.cited not in kept:
            kept.append(law.cited)
    parts = [("law " if len(numbered) == 1 else "laws ") + ", ".join(numbered)] if numbered else []
    return "; ".join(parts + others)
