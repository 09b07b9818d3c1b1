"""House rules: the standard game as a club plays it, agreed before play.

A house rule changes a value or a switch of the standard game's rulebook and nothing else (`Rulebook.housed`).
Each rule is a row of `HOUSE_RULES`: its document key, the values it may take, its default (the standard game's
own), how a page states it, and the "law" that an explanation cites for a point it gave ("house rule: 4 for
euchring a lone hand"). A document, an event and a club keep them as `{"lone_euchre": 4, ...}`, defaults left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from scoring.engine.laws import Law

HOUSE = 800
"""House rules are kept as laws HOUSE + 1 .. HOUSE + 6, cited by their label, never by a number."""
LONE_EUCHRE, TABLE_TALK, STUCK, CANADIAN, DEFEND_ALONE = HOUSE + 1, HOUSE + 2, HOUSE + 3, HOUSE + 4, HOUSE + 5


def is_house_rule(number: int) -> bool:
    """Whether a law's number is a house rule's."""
    return HOUSE < number <= HOUSE + len(HOUSE_RULES)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The house rules in force; every field at its default is the standard game itself. Its fields are the keys of
    `HOUSE_RULES`, in their order, each default one of the rule's values (held so by the engine's tests)."""

    lone_euchre: int = 2
    """Points to the defenders when a lone hand is euchred."""
    table_talk: int = 1
    """Points a signal across the table gives the other side."""
    stick_the_dealer: bool = False
    """No deal is passed all round: the dealer must name trump."""
    canadian_loner: bool = False
    """A dealer's partner who orders the dealer up plays alone himself."""
    defend_alone: bool = False
    """A defender may play alone against a lone hand."""
    defend_alone_euchre: int = 4
    """Points to the defenders when a lone defender euchres a lone hand (only with `defend_alone`)."""

    def __bool__(self) -> bool:
        return self != NO_HOUSE_RULES

    def document(self) -> dict[str, Any]:
        """The rules as a document or a stored event keeps them: only those that differ from the default."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != f.default}

    def stated(self) -> tuple[str, ...]:
        """Each rule in force in plain words, for a page, a sheet's key or the standings; empty for none."""
        return tuple(rule.words(self) for rule in HOUSE_RULES.values() if rule.in_force(self) and not rule.needs)

    def laws(self) -> dict[int, Law]:
        """The house rules in force as laws an explanation cites: "house rule: 4 for euchring a lone hand"."""
        return {rule.law: Law(rule.law, rule.title, rule.words(self), label=f"house rule: {rule.cited(self)}",
                              numbered=False)
                for rule in HOUSE_RULES.values() if rule.in_force(self) and not rule.needs}


NO_HOUSE_RULES = HouseRules()


def house_words(rules: HouseRules) -> str:
    """The rules in force in one line, as a document keeps them ("lone_euchre 4, stick_the_dealer"); "none"."""
    kept = rules.document()
    return ", ".join(key if value is True else f"{key} {value}" for key, value in kept.items()) or "none"


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One row of the house rules: its key, its values, and its words."""

    key: str
    values: tuple[int | bool, ...]
    law: int
    title: str
    cited: Callable[[HouseRules], str]
    """The rule as an explanation cites it after "house rule: "."""
    words: Callable[[HouseRules], str]
    """The rule as a page states it, in a sentence."""
    label: str = ""
    """The rule as a form asks for it."""
    needs: str = ""
    """Another rule that must be true for this one to be set."""

    @property
    def switch(self) -> bool:
        """Whether the rule is on or off, rather than a number of points."""
        return isinstance(self.values[0], bool)

    def in_force(self, rules: HouseRules) -> bool:
        value = getattr(rules, self.key)
        return value != getattr(NO_HOUSE_RULES, self.key) and (not self.needs or getattr(rules, self.needs))

    def allowed(self) -> str:
        return " or ".join(("true" if v else "false") if isinstance(v, bool) else str(v) for v in self.values)


HOUSE_RULES: Mapping[str, HouseRule] = {rule.key: rule for rule in (
    HouseRule("lone_euchre", (2, 4), LONE_EUCHRE, "a lone hand euchred",
              lambda r: f"{r.lone_euchre} for euchring a lone hand",
              lambda r: f"A lone hand euchred gives the defenders {r.lone_euchre}.", "A lone hand euchred gives"),
    HouseRule("table_talk", (1, 2), TABLE_TALK, "table talk",
              lambda r: f"{r.table_talk} for table talk",
              lambda r: f"Table talk gives the other side {r.table_talk}.", "Table talk gives"),
    HouseRule("stick_the_dealer", (True, False), STUCK, "stick the dealer",
              lambda r: "stick the dealer",
              lambda r: "Stick the dealer: no deal is passed all round; the dealer must name trump.",
              "Stick the dealer (no deal passed all round)"),
    HouseRule("canadian_loner", (True, False), CANADIAN, "the Canadian loner",
              lambda r: "the Canadian loner",
              lambda r: "Canadian loner: a dealer's partner who orders the dealer up plays alone.",
              "Canadian loner (the dealer's partner who orders him up plays alone)"),
    HouseRule("defend_alone", (True, False), DEFEND_ALONE, "defending alone",
              lambda r: f"{r.defend_alone_euchre} for euchring a lone hand defended alone",
              lambda r: (f"A defender may play alone against a lone hand; if he euchres it his side scores "
                         f"{r.defend_alone_euchre}."), "A defender may play alone against a lone hand"),
    HouseRule("defend_alone_euchre", (4, 5, 6), DEFEND_ALONE, "defending alone",
              lambda r: f"{r.defend_alone_euchre} for euchring a lone hand defended alone",
              lambda r: f"A lone defender who euchres a lone hand scores {r.defend_alone_euchre}.",
              "A lone defender's euchre gives", needs="defend_alone"),
)}
"""The six house rules of the standard game, in the order a page states them. `defend_alone_euchre` is stated and
cited with `defend_alone`, which it needs."""


NOT_AN_OBJECT = 'house_rules must be an object, such as {"lone_euchre": 4}'


def read_house_rules(raw: Any) -> HouseRules:
    """The house rules a document or a form gives, `{"lone_euchre": 4}`. Raises ValueError naming the key at fault:
    an unknown one, a value outside its set, or `defend_alone_euchre` without `defend_alone`."""
    if raw is None:
        return NO_HOUSE_RULES
    if not isinstance(raw, dict):
        raise ValueError(NOT_AN_OBJECT)
    values: dict[str, int | bool] = {}
    for key, value in raw.items():
        rule = HOUSE_RULES.get(key) if isinstance(key, str) else None
        if rule is None:
            raise ValueError(f"unknown house rule {key!r}; house rules are {', '.join(HOUSE_RULES)}")
        if not any(value == v and type(value) is type(v) for v in rule.values):
            raise ValueError(f"house rule {key} is {rule.allowed()}, not {value!r}")
        values[key] = value
    rules = HouseRules(**values)  # type: ignore[arg-type]
    for key in values:
        needs = HOUSE_RULES[key].needs
        if needs and not getattr(rules, needs):
            raise ValueError(f"house rule {key} needs {needs}: true")
    return rules
