"""Reading and writing the rubber interchange format, version 1 (`euchre-rubber/1`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.errors import IllegalReport, MalformedRubber
from scoring.engine.hands import NO_REVOKES, Declaration, HandResult, ReportedHand, Revokes
from scoring.engine.rulebook import RULEBOOKS, SOMERSET_1888, Rulebook
from scoring.engine.seats import Seat, Side

FORMAT = "euchre-rubber/1"

_HAND_KEYS = frozenset({
    "dealer", "out_of_turn", "result", "maker", "declaration", "alone", "tricks", "revokes",
    "wrong_cards", "adversary_abandoned", "partner_exposed",
})
# Fields that only a played hand may carry.
_PLAY_ONLY = ("maker", "tricks", "alone", "revokes", "wrong_cards", "adversary_abandoned", "partner_exposed")
_SEATS = {s.value: s for s in Seat}
_SIDES = {s.value: s for s in Side}
_RESULTS = {r.value: r for r in HandResult}
_DECLARATIONS = {d.value: d for d in Declaration}


@dataclass(frozen=True, slots=True)
class RubberReport:
    """A rubber as the table reported it: who sat where and the hands in order."""

    hands: tuple[ReportedHand, ...]
    players: Mapping[Seat, str] = field(default_factory=dict)
    rulebook: Rulebook = SOMERSET_1888


def loads(text: str | bytes) -> RubberReport:
    """Parse interchange JSON text."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise MalformedRubber(f"not valid JSON: {exc}") from None
    return parse_rubber(document)


def parse_rubber(document: Any) -> RubberReport:
    """Check an interchange document and turn it into a `RubberReport`."""
    if not isinstance(document, dict):
        raise MalformedRubber("a rubber must be a JSON object with a 'hands' list")
    fmt = document.get("format", FORMAT)
    if fmt != FORMAT:
        raise MalformedRubber(f"format must be {FORMAT!r}, not {fmt!r}", field="format")
    key = document.get("rulebook", SOMERSET_1888.key)
    if not isinstance(key, str) or key not in RULEBOOKS:
        known = ", ".join(sorted(RULEBOOKS))
        raise MalformedRubber(f"unknown rulebook {key!r}; known: {known}", field="rulebook")
    players = _players(document.get("players"))
    if "hands" not in document:
        raise MalformedRubber("the rubber has no 'hands' list", field="hands")
    raw_hands = document["hands"]
    if not isinstance(raw_hands, list):
        raise MalformedRubber("'hands' must be a list", field="hands")
    rulebook = RULEBOOKS[key]
    hands = tuple(parse_hand(raw, number, rulebook) for number, raw in enumerate(raw_hands, 1))
    return RubberReport(hands=hands, players=players, rulebook=rulebook)


def _players(raw: Any) -> dict[Seat, str]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise MalformedRubber("'players' must map seats to names", field="players")
    players: dict[Seat, str] = {}
    for seat, name in raw.items():
        if seat not in _SEATS:
            raise MalformedRubber(f"unknown seat {seat!r}; seats are N, E, S, W", field="players")
        if not isinstance(name, str) or not name.strip():
            raise MalformedRubber(f"the player in seat {seat} needs a name", field="players")
        players[_SEATS[seat]] = name.strip()
    return players


def parse_hand(raw: Any, number: int, rulebook: Rulebook = SOMERSET_1888) -> ReportedHand:
    """Check one hand's own fields; `number` is 1-based and names the hand in errors."""
    if not isinstance(raw, dict):
        raise MalformedRubber("a hand must be a JSON object", hand=number)
    unknown = sorted(k for k in raw if k not in _HAND_KEYS)
    if unknown:
        raise MalformedRubber(f"unknown field {unknown[0]!r}", hand=number, field=str(unknown[0]))

    def choice(key: str, table: Mapping[str, Any], what: str) -> Any:
        value = raw.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or value not in table:
            raise MalformedRubber(f"{value!r} is not a {what} ({', '.join(table)})", hand=number, field=key)
        return table[value]

    def flag(key: str) -> bool:
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise MalformedRubber(f"must be true or false, not {value!r}", hand=number, field=key)
        return value

    result = choice("result", _RESULTS, "hand result") or HandResult.PLAYED
    dealer = choice("dealer", _SEATS, "seat")
    out_of_turn = flag("out_of_turn")
    declaration = choice("declaration", _DECLARATIONS, "declaration")

    if result is not HandResult.PLAYED:
        for key in _PLAY_ONLY:
            value = raw.get(key)
            if value is not None and value is not False:
                raise MalformedRubber(
                    f"a hand whose result is {result.value!r} cannot have {key!r}; only played hands score",
                    hand=number, field=key,
                )
        return ReportedHand(result=result, dealer=dealer, out_of_turn=out_of_turn, declaration=declaration)

    maker = choice("maker", _SEATS, "seat")
    if maker is None:
        raise MalformedRubber("a played hand needs the maker's seat", hand=number, field="maker")
    alone = flag("alone")
    abandoned = flag("adversary_abandoned")
    exposed = flag("partner_exposed")
    if abandoned and not alone:
        raise IllegalReport("law 50 applies only to a lone hand", hand=number, field="adversary_abandoned")
    if exposed and not alone:
        raise IllegalReport("law 102 applies only to a lone hand", hand=number, field="partner_exposed")
    tricks = raw.get("tricks")
    most = rulebook.tricks_per_hand
    if tricks is None:
        if not abandoned:
            raise MalformedRubber(f"a played hand needs the makers' tricks (0-{most})", hand=number, field="tricks")
    elif type(tricks) is not int or not 0 <= tricks <= most:
        raise MalformedRubber(f"tricks must be a whole number from 0 to {most}, not {tricks!r}",
                              hand=number, field="tricks")
    return ReportedHand(
        result=result,
        dealer=dealer,
        out_of_turn=out_of_turn,
        maker=maker,
        declaration=declaration,
        alone=alone,
        tricks=tricks,
        revokes=_revokes(raw.get("revokes"), number),
        wrong_cards=choice("wrong_cards", _SIDES, "side"),
        adversary_abandoned=abandoned,
        partner_exposed=exposed,
    )


def _revokes(raw: Any, number: int) -> Revokes:
    if raw is None:
        return NO_REVOKES
    if not isinstance(raw, dict):
        raise MalformedRubber('revokes must look like {"NS": 0, "EW": 1}', hand=number, field="revokes")
    counts = {"NS": 0, "EW": 0}
    for side, count in raw.items():
        if side not in counts:
            raise MalformedRubber(f"unknown side {side!r}; sides are NS and EW", hand=number, field="revokes")
        if type(count) is not int or count < 0:
            raise MalformedRubber(f"the {side} revoke count must be a whole number of 0 or more, not {count!r}",
                                  hand=number, field="revokes")
        counts[side] = count
    if not counts["NS"] and not counts["EW"]:
        return NO_REVOKES
    return Revokes(ns=counts["NS"], ew=counts["EW"])


def hand_to_document(hand: ReportedHand) -> dict[str, Any]:
    """One hand in the interchange format, defaults left out."""
    out: dict[str, Any] = {}
    if hand.dealer is not None:
        out["dealer"] = hand.dealer.value
    if hand.out_of_turn:
        out["out_of_turn"] = True
    if hand.result is not HandResult.PLAYED:
        out["result"] = hand.result.value
    if hand.maker is not None:
        out["maker"] = hand.maker.value
    if hand.declaration is not None:
        out["declaration"] = hand.declaration.value
    if hand.alone:
        out["alone"] = True
    if hand.tricks is not None:
        out["tricks"] = hand.tricks
    if hand.revokes:
        out["revokes"] = {k: v for k, v in (("NS", hand.revokes.ns), ("EW", hand.revokes.ew)) if v}
    if hand.wrong_cards is not None:
        out["wrong_cards"] = hand.wrong_cards.value
    if hand.adversary_abandoned:
        out["adversary_abandoned"] = True
    if hand.partner_exposed:
        out["partner_exposed"] = True
    return out


def rubber_to_document(report: RubberReport) -> dict[str, Any]:
    """A rubber in the interchange format."""
    document: dict[str, Any] = {"format": FORMAT, "rulebook": report.rulebook.key}
    if report.players:
        document["players"] = {seat.value: report.players[seat] for seat in Seat if seat in report.players}
    document["hands"] = [hand_to_document(h) for h in report.hands]
    return document
