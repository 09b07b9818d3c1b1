"""Reading and writing the rubber interchange format, version 1 (`euchre-rubber/1`).

A rubber is read in two ways. The fast way decodes it with msgspec straight into the
engine's own structs, then asks the careful way's `parse_hand` about each distinct hand it
has not seen under the rulebook (the answer is kept), so it accepts only what the careful
way accepts. Whenever it declines, the careful way (`_checked_rubber`, `parse_hand`) reads
the document field by field: those checks are the one home of every rule of a hand's
validity and the specification of every error, which names the hand and the field at fault.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Mapping
from itertools import repeat
from typing import Any, Generic, Literal, TypeVar, cast

import msgspec

from scoring.engine.errors import IllegalReport, MalformedRubber, RubberError
from scoring.engine.hands import NO_MISCOUNT, NO_REVOKES, Declaration, HandResult, Miscount, ReportedHand, Revokes
from scoring.engine.rulebook import RULEBOOKS, SOMERSET_1888, Rulebook, read_house_rules
from scoring.engine.rulebook.house import NOT_AN_OBJECT
from scoring.engine.rulebook.matters import Matter
from scoring.engine.seats import Seat, Side
from scoring.engine.steps import known_hands
from scoring.engine.words import FIELD_WORDS, UNPLAYED_SUBJECT

FORMAT = "euchre-rubber/1"

_HAND_KEYS = frozenset(ReportedHand.__struct_fields__)
# Fields that only a played hand may carry.
PLAY_ONLY = ("maker", "tricks", "alone", "revokes", "wrong_cards", "adversary_abandoned", "partner_exposed",
             "declared_by", "signal", "thrown_in", "miscount", "uncounted", "refused_penalty", "defended_alone")
# Keys that only some codes know (each rulebook's `limits.hand_keys`); refused under the others, naming the code.
CODE_KEYS = ("adversary_abandoned", "partner_exposed", "declared_by", "signal", "thrown_in", "miscount",
             "uncounted", "refused_penalty")
_SEATS = {s.value: s for s in Seat}
_SIDES = {s.value: s for s in Side}
_RESULTS = {r.value: r for r in HandResult}
_DECLARATIONS = {d.value: d for d in Declaration}


class RubberReport(msgspec.Struct, frozen=True, gc=False):
    """A rubber as the table reported it: who sat where and the hands in order."""

    hands: tuple[ReportedHand, ...]
    players: Mapping[Seat, str] = msgspec.field(default_factory=dict)
    rulebook: Rulebook = SOMERSET_1888


H = TypeVar("H")
R = TypeVar("R")


class _Read(msgspec.Struct, Generic[H, R], frozen=True, gc=False, forbid_unknown_fields=True):
    """A rubber document as msgspec decodes it on the fast way (anything unusual goes the careful way): its hands
    and house rules decoded (`_Document`), or each kept as its own text (`_Text`), which names the hand or the
    choice of rulebook already read and judged when the same text came before (a club's rubbers repeat a few
    hundred hands, and its house rules)."""

    hands: tuple[H, ...]
    format: str = FORMAT
    rulebook: str = SOMERSET_1888.key
    game_points: int | None = None
    games: int | None = None
    players: dict[Seat, str] | None = None
    house_rules: R | msgspec.UnsetType = msgspec.UNSET
    """Absent: the code as it stands. Present, it is an object: `null` is declined here (as a text, when it is
    read), and refused the careful way like any other value that is not one."""


_Document = _Read[ReportedHand, dict[str, Any]]
_Text = _Read[msgspec.Raw, msgspec.Raw]


_TEXT_DECODER = msgspec.json.Decoder(_Text)
_HAND_DECODER = msgspec.json.Decoder(ReportedHand)
_HOUSE_DECODER = msgspec.json.Decoder(dict[str, Any])
# A hand's text (msgspec.Raw) joined to no bytes: a copy of it as bytes, to look it up by, made quicker than bytes()
# makes one.
_JOINED = cast("Callable[[bytes, msgspec.Raw], bytes]", operator.concat)
# Whatever msgspec refuses, or fails on, goes the careful way, which says what is wrong.
_DECLINED = (msgspec.MsgspecError, ValueError, TypeError, RecursionError)


def loads(text: str | bytes) -> RubberReport:
    """Parse interchange JSON text."""
    try:
        report = _fast_text_report(_TEXT_DECODER.decode(text))
    except _DECLINED:
        report = None
    if report is not None:
        return report
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise MalformedRubber(f"not valid JSON: {exc}") from None
    return _checked_rubber(document)


def parse_rubber(document: Any) -> RubberReport:
    """Check an interchange document (decoded JSON) and turn it into a `RubberReport`.

    >>> report = parse_rubber({"hands": [{"dealer": "N", "maker": "E", "tricks": 3}]})
    >>> report.rulebook.key, report.hands[0].maker.value, report.hands[0].tricks
    ('somerset-1888', 'E', 3)
    >>> parse_rubber({"hands": [{"dealer": "N", "maker": "E", "tricks": 6}]})
    Traceback (most recent call last):
    ...
    scoring.engine.errors.MalformedRubber: hand 1, tricks: ...
    """
    if _plain(document):
        try:
            report = _fast_report(msgspec.convert(document, _Document))
        except _DECLINED:
            report = None
        if report is not None:
            return report
    return _checked_rubber(document)


def _plain(document: Any) -> bool:
    """Whether the document's containers and whole numbers are of the exact types the careful way accepts.

    (msgspec also takes tuples for lists, other mappings for dicts, and int subclasses for ints.)
    """
    if not isinstance(document, dict):
        return False
    if any(type(document.get(key, 0)) is not int for key in ("game_points", "games")):
        return False
    hands, players = document.get("hands"), document.get("players")
    if not isinstance(hands, list) or not (players is None or isinstance(players, dict)):
        return False
    for raw in hands:
        if not isinstance(raw, dict) or type(raw.get("tricks", 0)) not in (int, type(None)):
            return False
        for key in ("revokes", "miscount", "uncounted"):
            counts = raw.get(key)
            if counts is not None and not (isinstance(counts, dict) and all(type(n) is int for n in counts.values())):
                return False
    return True


def _fast_report(document: _Document) -> RubberReport | None:
    """The report, if the decoded document is one the careful way accepts as it stands; else None."""
    if document.format != FORMAT:
        return None
    rulebook = _document_rulebook(document)
    if rulebook is None or len(document.hands) > rulebook.limits.most_deals:
        return None
    hands = _lawful(document.hands, rulebook)
    return None if hands is None else _report(document, hands, rulebook)


def _fast_text_report(document: _Text) -> RubberReport | None:
    """As `_fast_report`, each hand's text looked up among those already read and judged under the rulebook."""
    if document.format != FORMAT:
        return None
    raw = document.house_rules
    choice = (document.rulebook, document.game_points, document.games, None if raw is msgspec.UNSET else bytes(raw))
    read = _CHOSEN_TEXTS.get(choice)
    if read is None:
        read = _texts_read(document, choice)
        if read is None:
            return None
    if len(document.hands) > read.most_deals:
        return None
    try:
        hands = tuple(map(read.__getitem__, map(_JOINED, repeat(b""), document.hands)))  # nearly all known
    except _Refused:
        return None
    if document.players:
        return _report(document, hands, read.rulebook)
    return RubberReport(hands=hands, players={}, rulebook=read.rulebook)


class _Refused(Exception):
    """A hand's text the careful reader reads otherwise than msgspec: the rubber goes the careful way."""


class _HandTexts(dict[bytes, ReportedHand]):
    """Each hand's text already read under a rulebook, and the hand read from it (kept with its step, `steps`).
    A text not yet read is decoded and judged when first asked for; one the careful reader would read otherwise
    raises `_Refused`, and is not kept (the careful reader's message is for the careful way to give)."""

    def __init__(self, rulebook: Rulebook) -> None:
        super().__init__()
        self.rulebook = rulebook
        self.most_deals = rulebook.limits.most_deals

    def __missing__(self, text: bytes) -> ReportedHand:
        hand = _HAND_DECODER.decode(text)
        if not _careful_agrees(hand, self.rulebook):
            raise _Refused
        if len(self) < _MOST_VERDICTS:
            self[text] = hand
            known_hands(self.rulebook).keep(hand)
        return hand


def _report(document: _Document | _Text, hands: tuple[ReportedHand, ...], rulebook: Rulebook) -> RubberReport | None:
    """The report of hands read the fast way, its players' names trimmed; None for a name left empty."""
    players: dict[Seat, str] = {}
    if document.players:
        for seat, name in document.players.items():
            players[seat] = name = name.strip()
            if not name:
                return None
    return RubberReport(hands=hands, players=players, rulebook=rulebook)


# The rulebook each choice of code, game, match and house rules gives, kept (a club plays few); a choice refused is
# not kept, and goes the careful way.
_CHOSEN: dict[tuple[Any, ...], Rulebook] = {}
_MOST_CHOSEN = 1_000


def _document_rulebook(document: _Document) -> Rulebook | None:
    """The rulebook the document chooses, if the careful way allows the choice; else None."""
    house = None if document.house_rules is msgspec.UNSET else document.house_rules
    try:
        # The house rules' values with their types: read_house_rules takes True for a switch but not 1.
        rules = None if house is None else tuple((key, type(value), value) for key, value in house.items())
        key = (document.rulebook, document.game_points, document.games, rules)
        rulebook = _CHOSEN.get(key)
    except TypeError:  # a house rule's value a list or an object: unhashable, and refused
        return None
    if rulebook is None:
        rulebook = _chosen_rulebook(document.rulebook, document.game_points, document.games, house)
        if rulebook is not None and len(_CHOSEN) < _MOST_CHOSEN:
            _CHOSEN[key] = rulebook
    return rulebook


def _chosen_rulebook(code_key: str, game_points: int | None, games: int | None,
                     house: dict[str, Any] | None) -> Rulebook | None:
    """The rulebook of the code, game, match and house rules chosen, if the careful way allows the choice; else
    None."""
    code = RULEBOOKS.get(code_key)
    if code is None:
        return None
    try:
        rulebook = code.playing(game_points, games)
        return rulebook if house is None else house_ruled(rulebook, house)
    except ValueError:
        return None


# The hands' texts read under the rulebook that each choice of code, game, match and house rules (as their text: the
# same text is the same values, of the same types) gives, kept as `_CHOSEN` is.
_CHOSEN_TEXTS: dict[tuple[str, int | None, int | None, bytes | None], _HandTexts] = {}


def _texts_read(document: _Text, choice: tuple[str, int | None, int | None, bytes | None]) -> _HandTexts | None:
    """The texts of the hands read under the rulebook the document chooses (`choice`, its key in `_CHOSEN_TEXTS`),
    if the careful way allows the choice; else None."""
    raw = document.house_rules
    try:
        house = None if raw is msgspec.UNSET else _HOUSE_DECODER.decode(raw)
    except _DECLINED:  # not an object (`null` among them): refused the careful way
        return None
    rulebook = _chosen_rulebook(document.rulebook, document.game_points, document.games, house)
    if rulebook is None:
        return None
    read = _READ.get(id(rulebook))
    if read is None or read.rulebook is not rulebook:
        read = _READ[id(rulebook)] = _HandTexts(rulebook)
    if len(_CHOSEN_TEXTS) < _MOST_CHOSEN:
        _CHOSEN_TEXTS[choice] = read
    return read


# The careful reader's verdict on each distinct hand under each rulebook, kept (a rubber repeats a few hundred shapes
# of hand; past this many under one rulebook, a new shape is asked for each time it comes): the hand first read in
# that shape, which the reader hands back for every later one (and whose step the bulk scorer knows), or False.
_VERDICTS: dict[int, tuple[Rulebook, dict[tuple[ReportedHand, bool, bool, bool], ReportedHand | Literal[False]]]] = {}
_MOST_VERDICTS = 20_000
# Each hand's text already read under each rulebook (`_HandTexts`).
_READ: dict[int, _HandTexts] = {}
# The count fields, whose default the careful reader tells apart from an empty count: a hand not played may not
# carry `"revokes": {}`, and a code without miscounts refuses `"miscount": {"NS": 0}`.
_COUNTS = (("revokes", NO_REVOKES), ("miscount", NO_MISCOUNT), ("uncounted", NO_MISCOUNT))


def _lawful(hands: tuple[ReportedHand, ...], rulebook: Rulebook) -> tuple[ReportedHand, ...] | None:
    """The hands as kept, if the careful reader reads every one as msgspec did (see `_careful_agrees`); else None.
    Each rule of a hand's validity is written once, in `parse_hand`: this asks it once for each distinct hand
    under the rulebook."""
    kept = _VERDICTS.get(id(rulebook))
    if kept is None:
        kept = _VERDICTS[id(rulebook)] = (rulebook, {})
    verdicts = kept[1]
    lawful = []
    for hand in hands:
        key = (hand, hand.revokes is NO_REVOKES, hand.miscount is NO_MISCOUNT, hand.uncounted is NO_MISCOUNT)
        verdict = verdicts.get(key)
        if verdict is None:
            verdict = hand if _careful_agrees(hand, rulebook) else False
            if len(verdicts) < _MOST_VERDICTS:
                verdicts[key] = verdict
                if verdict is not False:
                    known_hands(rulebook).keep(verdict)
        if verdict is False:
            return None
        lawful.append(verdict)
    return tuple(lawful)


def _careful_agrees(hand: ReportedHand, rulebook: Rulebook) -> bool:
    """Whether `parse_hand` accepts the hand as msgspec decoded it and reads it the same, down to which counts are
    the defaults (a count given as zeros the careful reader reads as none)."""
    raw = msgspec.to_builtins(hand)
    for key, default in _COUNTS:
        if getattr(hand, key) is default:
            del raw[key]
    try:
        read = parse_hand(raw, 1, rulebook)
    except RubberError:
        return False
    return read == hand and all((getattr(read, key) is default) is (getattr(hand, key) is default)
                                for key, default in _COUNTS)


def _checked_rubber(document: Any) -> RubberReport:
    """The careful way: check an interchange document field by field, naming the first fault."""
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
    rulebook = _housed(_playing(RULEBOOKS[key], document), document)
    if len(raw_hands) > rulebook.limits.most_deals:
        raise MalformedRubber(f"a rubber has at most {rulebook.limits.most_deals} deals; this one has {len(raw_hands)}",
                              hand=rulebook.limits.most_deals + 1, field="hands")
    hands = tuple(parse_hand(raw, number, rulebook) for number, raw in enumerate(raw_hands, 1))
    return RubberReport(hands=hands, players=players, rulebook=rulebook)


def _playing(code: Rulebook, document: dict[str, Any]) -> Rulebook:
    """The code with the document's `game_points` and `games` (the rulebooks note fixes which each allows)."""
    choices: dict[str, int | None] = {}
    for key in ("game_points", "games"):
        value = document.get(key)
        if value is not None and type(value) is not int:
            raise MalformedRubber(f"{key} must be a whole number, not {value!r}", field=key)
        choices[key] = value
    try:
        code.playing(choices["game_points"])
    except ValueError as exc:
        raise MalformedRubber(str(exc), field="game_points") from None
    try:
        return code.playing(choices["game_points"], choices["games"])
    except ValueError as exc:
        raise MalformedRubber(str(exc), field="games") from None


def _housed(rulebook: Rulebook, document: dict[str, Any]) -> Rulebook:
    """The code with the document's `house_rules` (the standard game only; the house rules note fixes them)."""
    if "house_rules" not in document:
        return rulebook
    raw = document["house_rules"]
    try:
        housed = house_ruled(rulebook, raw)  # a code without house rules is named first, whatever the value
        if raw is None:  # present, so an object: null reads as "no house rules" nowhere else
            raise ValueError(NOT_AN_OBJECT)
        return housed
    except ValueError as exc:
        raise MalformedRubber(str(exc), field="house_rules") from None


def no_pass_out(rulebook: Rulebook) -> str:
    """Why a deal passed all round is refused where the dealer is stuck (a house rule)."""
    return f"no deal is passed all round: the dealer must name trump{rulebook.noted(Matter.DEALER_STUCK)}"


def house_ruled(rulebook: Rulebook, raw: Any) -> Rulebook:
    """The code with the house rules `raw` gives (`{"lone_euchre": 4}`). Raises ValueError, naming the code or the
    rule at fault: only the standard game takes house rules, and each rule takes only its own values."""
    if not rulebook.asks.house_rules:
        raise ValueError(f"house_rules are for the standard game only, not {rulebook.short_name} ({rulebook.key})")
    return rulebook.housed(read_house_rules(raw))


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
    for key in CODE_KEYS:
        if raw.get(key) not in (None, False, {}) and not rulebook.knows(key):
            raise MalformedRubber(f"{key!r} is not in {rulebook.short_name} ({rulebook.key})", hand=number,
                                  field=key)
    result = _choice(raw, number, "result", _RESULTS, "hand result") or HandResult.PLAYED
    if result is HandResult.PASSED and rulebook.house.stick_the_dealer:
        raise IllegalReport(no_pass_out(rulebook), hand=number, field="result")
    dealer = _choice(raw, number, "dealer", _SEATS, "seat")
    out_of_turn = _flag(raw, number, "out_of_turn")
    declaration = _choice(raw, number, "declaration", _DECLARATIONS, "declaration")
    if result is HandResult.PLAYED:
        return _played_hand(raw, number, rulebook, dealer=dealer, out_of_turn=out_of_turn, declaration=declaration)
    for key in PLAY_ONLY:
        value = raw.get(key)
        if value is not None and value is not False:
            raise MalformedRubber(
                f"{UNPLAYED_SUBJECT[result]} has no {FIELD_WORDS.get(key, key)}: only a played hand does",
                hand=number, field=key,
            )
    return ReportedHand(result=result, dealer=dealer, out_of_turn=out_of_turn, declaration=declaration)


def _played_hand(raw: dict[str, Any], number: int, rulebook: Rulebook, *, dealer: Seat | None, out_of_turn: bool,
                 declaration: Declaration | None) -> ReportedHand:
    """The fields only a played hand carries: the maker, the tricks and the penalties."""
    maker = _choice(raw, number, "maker", _SEATS, "seat")
    if maker is None:
        raise MalformedRubber("a played hand needs the maker's seat", hand=number, field="maker")
    alone = _flag(raw, number, "alone")
    abandoned = _flag(raw, number, "adversary_abandoned")
    exposed = _flag(raw, number, "partner_exposed")
    if abandoned and not alone:
        raise IllegalReport("law 50 applies only to a lone hand", hand=number, field="adversary_abandoned")
    if exposed and not alone:
        raise IllegalReport("law 102 applies only to a lone hand", hand=number, field="partner_exposed")
    tricks = raw.get("tricks")
    most = rulebook.points.tricks_per_hand
    if tricks is None:
        if not abandoned:
            raise MalformedRubber(f"a played hand needs the makers' tricks (0-{most})", hand=number, field="tricks")
    elif type(tricks) is not int or not 0 <= tricks <= most:
        raise MalformedRubber(f"tricks must be a whole number from 0 to {most}, not {tricks!r}",
                              hand=number, field="tricks")
    declared_by = _choice(raw, number, "declared_by", _SEATS, "seat")
    if declared_by is not None:
        if not alone:
            raise IllegalReport("declared_by names the partner whose trump a lone player took over: only a lone "
                                "hand has one", hand=number, field="declared_by")
        if declared_by is not maker.partner:
            raise IllegalReport(f"declared_by must be the lone player's partner ({maker.partner.value}), not "
                                f"{declared_by.value}", hand=number, field="declared_by")
    defended_alone = _defended_alone(raw, number, rulebook, maker, alone)
    return ReportedHand(
        result=HandResult.PLAYED,
        dealer=dealer,
        out_of_turn=out_of_turn,
        maker=maker,
        declaration=declaration,
        alone=alone,
        tricks=tricks,
        revokes=_revokes(raw.get("revokes"), number, rulebook.limits.most_revokes),
        wrong_cards=_choice(raw, number, "wrong_cards", _SIDES, "side"),
        adversary_abandoned=abandoned,
        partner_exposed=exposed,
        declared_by=declared_by,
        signal=_choice(raw, number, "signal", _SIDES, "side"),
        thrown_in=_choice(raw, number, "thrown_in", _SIDES, "side"),
        miscount=_miscount(raw.get("miscount"), number, rulebook.winning.game_points),
        uncounted=_miscount(raw.get("uncounted"), number, rulebook.winning.game_points, "uncounted"),
        refused_penalty=_choice(raw, number, "refused_penalty", _SIDES, "side"),
        defended_alone=defended_alone,
    )


def _defended_alone(raw: dict[str, Any], number: int, rulebook: Rulebook, maker: Seat, alone: bool) -> Seat | None:
    """The defender who played alone against a lone hand: only where the house rules allow it, only against a
    lone hand, and only from the side that did not make trump."""
    defender: Seat | None = _choice(raw, number, "defended_alone", _SEATS, "seat")
    if defender is None:
        return None
    if not rulebook.points.defended_lone_euchre:
        raise IllegalReport("no defender plays alone here: that needs the house rule defend_alone", hand=number,
                            field="defended_alone")
    if not alone:
        raise IllegalReport("only a lone hand may be defended alone", hand=number, field="defended_alone")
    if defender.side is maker.side:
        others = " or ".join(seat.value for seat in Seat if seat.side is not maker.side)
        raise IllegalReport(f"the lone defender sits on the side that did not make trump ({others}), not "
                            f"{defender.value}", hand=number, field="defended_alone")
    return defender


MISCOUNT_WORDS = {"miscount": "the points {side}'s counter wrongly added",
                  "uncounted": "the points {side} failed to count"}


def _miscount(raw: Any, number: int, most: int, key: str = "miscount") -> Miscount:
    """XXXI: points each side's counter wrongly added (`miscount`), or failed to count in time and so lost
    (`uncounted`), `{"NS": 1}`; at most a game's worth."""
    if raw is None:
        return NO_MISCOUNT
    if not isinstance(raw, dict):
        raise MalformedRubber(f'{key} must look like {{"NS": 1}}', hand=number, field=key)
    counts = {"NS": 0, "EW": 0}
    for side, points in raw.items():
        if side not in counts:
            raise MalformedRubber(f"unknown side {side!r}; sides are NS and EW", hand=number, field=key)
        if type(points) is not int or not 0 <= points <= most:
            what = MISCOUNT_WORDS[key].format(side=side)
            raise MalformedRubber(f"{what} must be a whole number from 0 to {most}, not {points!r}", hand=number,
                                  field=key)
        counts[side] = points
    if not counts["NS"] and not counts["EW"]:
        return NO_MISCOUNT
    return Miscount(ns=counts["NS"], ew=counts["EW"])


def _choice(raw: dict[str, Any], number: int, key: str, table: Mapping[str, Any], what: str) -> Any:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or value not in table:
        raise MalformedRubber(f"{value!r} is not a {what} ({', '.join(table)})", hand=number, field=key)
    return table[value]


def _flag(raw: dict[str, Any], number: int, key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise MalformedRubber(f"must be true or false, not {value!r}", hand=number, field=key)
    return value


def _revokes(raw: Any, number: int, most: int) -> Revokes:
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
        if count > most:
            raise MalformedRubber(f"the {side} revoke count is at most {most} (one for each card a side plays "
                                  f"in a hand), not {count}", hand=number, field="revokes")
        counts[side] = count
    if not counts["NS"] and not counts["EW"]:
        return NO_REVOKES
    return Revokes(ns=counts["NS"], ew=counts["EW"])


def hand_document(
    *,
    dealer: str | None,
    result: str = "played",
    out_of_turn: bool = False,
    declaration: str | None = None,
    maker: str | None = None,
    alone: bool = False,
    tricks: int | None = None,
    revokes_ns: int | None = 0,
    revokes_ew: int | None = 0,
    wrong_cards: str | None = None,
    adversary_abandoned: bool = False,
    partner_exposed: bool = False,
    declared_by: str | None = None,
    signal: str | None = None,
    thrown_in: str | None = None,
    miscount_ns: int | None = 0,
    miscount_ew: int | None = 0,
    uncounted_ns: int | None = 0,
    uncounted_ew: int | None = 0,
    refused_penalty: str | None = None,
    defended_alone: str | None = None,
) -> dict[str, Any]:
    """One hand in the interchange format, from plain values as a form or a database row holds them.

    Defaults are left out: an absent value ("" or None), a result of "played", a flag that
    is not set, no revokes. The values are not checked here; `parse_hand` does that.
    """
    counts = {"revokes": (revokes_ns, revokes_ew), "miscount": (miscount_ns, miscount_ew),
              "uncounted": (uncounted_ns, uncounted_ew)}
    given: dict[str, Any] = {
        "dealer": dealer, "out_of_turn": out_of_turn, "result": result if result != HandResult.PLAYED else None,
        "maker": maker, "declaration": declaration, "alone": alone, "tricks": tricks,
        "revokes": None, "wrong_cards": wrong_cards, "adversary_abandoned": adversary_abandoned,
        "partner_exposed": partner_exposed, "declared_by": declared_by, "signal": signal, "thrown_in": thrown_in,
        "miscount": None, "uncounted": None, "refused_penalty": refused_penalty, "defended_alone": defended_alone}
    out: dict[str, Any] = {}
    for key, value in given.items():  # in the format's own order
        if key in counts:
            ns, ew = counts[key]
            if ns or ew:
                out[key] = {side: n for side, n in (("NS", ns), ("EW", ew)) if n}
        elif value is True or (value is not None and value is not False and value != ""):
            out[key] = value
    return out


def hand_to_document(hand: ReportedHand) -> dict[str, Any]:
    """One hand in the interchange format, defaults left out."""
    return hand_document(
        dealer=hand.dealer.value if hand.dealer is not None else None,
        result=hand.result.value,
        out_of_turn=hand.out_of_turn,
        declaration=hand.declaration.value if hand.declaration is not None else None,
        maker=hand.maker.value if hand.maker is not None else None,
        alone=hand.alone,
        tricks=hand.tricks,
        revokes_ns=hand.revokes.ns,
        revokes_ew=hand.revokes.ew,
        wrong_cards=hand.wrong_cards.value if hand.wrong_cards is not None else None,
        adversary_abandoned=hand.adversary_abandoned,
        partner_exposed=hand.partner_exposed,
        declared_by=hand.declared_by.value if hand.declared_by is not None else None,
        signal=hand.signal.value if hand.signal is not None else None,
        thrown_in=hand.thrown_in.value if hand.thrown_in is not None else None,
        miscount_ns=hand.miscount.ns,
        miscount_ew=hand.miscount.ew,
        uncounted_ns=hand.uncounted.ns,
        uncounted_ew=hand.uncounted.ew,
        refused_penalty=hand.refused_penalty.value if hand.refused_penalty is not None else None,
        defended_alone=hand.defended_alone.value if hand.defended_alone is not None else None,
    )


def rubber_to_document(report: RubberReport) -> dict[str, Any]:
    """A rubber in the interchange format."""
    return rubber_document(report.rulebook, report.players, [hand_to_document(h) for h in report.hands])


def rubber_document(rulebook: Rulebook, players: Mapping[Seat, str], hands: list[dict[str, Any]]) -> dict[str, Any]:
    """A rubber in the interchange format, from its hands already in it (`hand_document`)."""
    document: dict[str, Any] = {"format": FORMAT, "rulebook": rulebook.key}
    if rulebook.games is not None and not rulebook.winning.tally:  # a progressive round plays to no game
        document["game_points"], document["games"] = rulebook.winning.game_points, rulebook.games
    if rulebook.house:
        document["house_rules"] = rulebook.house.document()
    if players:
        document["players"] = {seat.value: players[seat] for seat in Seat if seat in players}
    document["hands"] = hands
    return document
