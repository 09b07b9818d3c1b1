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
    book: str = ""
    """The code a law is borrowed from, named where it is cited ("Official Laws, VII" under the standard game,
    which takes the Official Laws' penalties); empty for a code's own law."""

    @property
    def own(self) -> str:
        """The law as its own code numbers it: "XXV", "1877 §6", "63"."""
        return self.label or str(self.number)

    @property
    def cited(self) -> str:
        return f"{self.book}, {self.own}" if self.book else self.own

    @property
    def heading(self) -> str:
        """"Law XXV", "1877 §6", "The standard game", "Official Laws, VII": how a list of laws names this one."""
        if self.book:
            return self.cited
        return f"Law {self.cited}" if self.numbered else sentence(self.cited)

    def __str__(self) -> str:
        return f"{self.heading} ({self.title}): {self.summary}"


def table(*rows: tuple[int, str, str], label: Callable[[int], str] = lambda n: "",
          numbered: bool = True) -> Mapping[int, Law]:
    return {number: Law(number, title, summary, label(number), numbered) for number, title, summary in rows}


def cite(laws: Iterable[Law]) -> str:
    """Laws as a sentence cites them: the code's own numbered ones as "law 2" or "laws XXV, XXXIV", then those
    borrowed from another code under its name ("Official Laws, VII, XI"), then the others.

    >>> cite([Law(63, "", ""), Law(71, "", "")])
    'laws 63, 71'
    >>> cite([Law(25, "", "", "XXV"), Law(187709, "", "", "1877 §9", numbered=False)])
    'law XXV; 1877 §9'
    >>> cite([Law(7, "", "", "VII", book="Official Laws"), Law(11, "", "", "XI", book="Official Laws")])
    'Official Laws, VII, XI'
    """
    numbered: dict[str, list[str]] = {"": []}  # by the code borrowed from; "" the code's own
    others: list[str] = []
    for law in laws:
        kept = numbered.setdefault(law.book, []) if law.numbered else others
        words = law.own if law.numbered else law.cited
        if words not in kept:
            kept.append(words)
    own = numbered.pop("")
    parts = [("law " if len(own) == 1 else "laws ") + ", ".join(own)] if own else []
    parts += [f"{book}, {', '.join(numbers)}" for book, numbers in numbered.items() if numbers]
    return "; ".join(parts + others)
