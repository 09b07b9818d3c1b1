"""The two ways a reported rubber can be wrong.

`MalformedRubber` is input that is not a rubber at all (wrong types, unknown values,
missing fields). `IllegalReport` is well-formed input that the laws do not allow
(a dealer out of turn, a hand after the rubber is over, a lone-hand flag on a
partnership hand). Both name the hand (1-based) and the field where they can.
"""

from __future__ import annotations


class RubberError(ValueError):
    """A reported rubber that cannot be scored."""

    def __init__(self, message: str, *, hand: int | None = None, field: str | None = None) -> None:
        self.message = message
        self.hand = hand
        self.field = field
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = []
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.field is not None:
            where.append(self.field)
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message


class MalformedRubber(RubberError):
    """The input is not a rubber in the interchange format."""


class IllegalReport(RubberError):
    """The input is well formed but describes something the laws do not allow."""
