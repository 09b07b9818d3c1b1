"""Where the cards of a cut come from: the site's own draw, or the cards as cut at the table and entered.

Each call for a cut is answered from one pack (law 9): no card comes up twice in it. The next call
(a tie cut again, the partners, the next table) is a fresh pack.

- `DrawnCuts(seed)` shuffles a fresh pack with `random.Random(seed)` for each call, so the same seed
  asked the same calls draws the same cards. It never exposes two cards.
- `EnteredCuts(cuts)` takes (player, card) in the order cut. Each player's entries are used in turn,
  his first for his first cut, his second for his next, so the secretary may write the cuts of one
  round in any order among the players. An entry naming two cards ("JS AH") records a player who
  exposed more than one card: he cuts again, and his next entry is that card (law 10). Exposed cards
  go back to the pack and are not checked against the others.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from scoring.engine.cutting.calls import Call, Cut, CutKind, names
from scoring.engine.cutting.cards import PACK, Card, CardError, parse_card


class CutError(ValueError):
    """Entered cuts that cannot settle what the laws ask. The message says which line or which cut."""


class BadCard(CutError):
    """An entry whose card is not a card of the euchre pack."""


class UnknownName(CutError):
    """An entry for someone who is not among those cutting."""


class MissingCut(CutError):
    """A cut the laws call for that was not entered: the message names the players and the law."""


class DuplicateCard(CutError):
    """The same card entered twice in one round of cutting, which is one pack (law 9)."""


class ExtraCut(CutError):
    """Entries left over when the cutting is settled: cuts the laws did not call for."""


class CutSource(Protocol):
    """Answers each call for a cut with one card a player, in the order they cut."""

    def start(self, players: Collection[str]) -> None:
        """Before the first call: everyone who may cut in this cutting (entered cuts check their names here)."""
        ...

    def cards(self, call: Call) -> list[Cut]:
        """One round of cutting from one pack: a `Cut` with a card for each of `call.players`, in order.

        A player who exposed more than one card has a `Cut` with no card before the one that counts.
        """
        ...

    def finish(self) -> None:
        """After the last call (entered cuts refuse entries that were not needed)."""
        ...


class DrawnCuts:
    """The site's draw: each call shuffles a fresh pack from the seeded generator, so a draw replays exactly.

    Use one `DrawnCuts` for one cutting: the generator moves on with every call.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"DrawnCuts(seed={self.seed})"

    def start(self, players: Collection[str]) -> None:
        pass

    def cards(self, call: Call) -> list[Cut]:
        if len(call.players) > len(PACK):
            raise ValueError(f"one pack serves at most {len(PACK)} players, not {len(call.players)}")
        pack = list(PACK)
        self._rng.shuffle(pack)
        return [Cut(player, card) for player, card in zip(call.players, pack, strict=False)]

    def finish(self) -> None:
        pass


@dataclass(frozen=True, slots=True)
class _Entry:
    line: int
    name: str
    text: str
    cards: tuple[Card, ...]
    """One card; two or more when the player exposed them (law 10)."""


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _read(text: str) -> tuple[Card, ...]:
    """One card, or the cards a player exposed: 'JS AH', 'JS, AH', 'JS+AH', 'knave of spades and ace of hearts'."""
    parts = [p for p in re.split(r"\s*(?:,|\+|/|&|\band\b)\s*", text.strip()) if p]
    if len(parts) > 1:
        return tuple(parse_card(p) for p in parts)
    try:
        return (parse_card(text),)
    except CardError:
        words = text.split()
        if len(words) > 1 and all(_is_card(w) for w in words):
            return tuple(parse_card(w) for w in words)
        raise


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except CardError:
        return False
    return True


def _plural(count: int, one: str, many: str) -> str:
    return one if count == 1 else many


class EnteredCuts:
    """The cards as cut at the table, as (player, card) in the order cut; line n is the n-th entry.

    A card may be text as a secretary types it ('JS', '10d', 'knave of spades') or a `Card`.
    Nothing is checked when it is made: the cutting calls `start`, which raises a `CutError` naming
    the line of a bad card or an unknown name, and `finish`, which refuses entries left unused.
    """

    def __init__(self, cuts: Iterable[tuple[str, str | Card]]) -> None:
        self._raw = [(line, " ".join(name.split()), card) for line, (name, card) in enumerate(cuts, start=1)]
        self._queues: dict[str, deque[_Entry]] | None = None

    @classmethod
    def from_text(cls, text: str) -> EnteredCuts:
        """Cuts written one a line, 'Name: card' ('Abigail Ames: JS'); blank lines are skipped."""
        cuts = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            name, colon, card = line.partition(":")
            if not colon or not name.strip() or not card.strip():
                raise CutError(f"Line {number}: write the name, a colon, then the card, e.g. 'Abigail Ames: JS'.")
            cuts.append((name, card))
        return cls(cuts)

    def start(self, players: Collection[str]) -> None:
        """Check every entry against those who may cut: known names, cards of the euchre pack."""
        known = {_key(p) for p in players}
        unknown = [(line, name) for line, name, _ in self._raw if _key(name) not in known]
        if unknown:
            line, name = unknown[0]
            among = f" ({names(sorted(players))})" if len(players) <= 8 else ""
            raise UnknownName(f"Line {line}: {name!r} is not among those cutting{among}. Check the spelling.")
        self._prepare()

    def _prepare(self) -> dict[str, deque[_Entry]]:
        if self._queues is None:
            queues: dict[str, deque[_Entry]] = {}
            for line, name, card in self._raw:
                try:
                    cards = (card,) if isinstance(card, Card) else _read(card)
                except CardError as exc:
                    raise BadCard(f"Line {line} ({name}): {exc}") from None
                text = card.label if isinstance(card, Card) else card.strip()
                queues.setdefault(_key(name), deque()).append(_Entry(line, name, text, cards))
            self._queues = queues
        return self._queues

    def cards(self, call: Call) -> list[Cut]:
        queues = self._prepare()
        empty: deque[_Entry] = deque()
        missing = [p for p in call.players if not queues.get(_key(p), empty)]
        if missing:
            raise MissingCut(_missing(call, missing))
        out: list[Cut] = []
        seen: dict[Card, tuple[str, int]] = {}
        for player in call.players:
            queue = queues[_key(player)]
            while True:
                entry = queue.popleft()
                line = entry.line
                if len(entry.cards) > 1:
                    out.append(Cut(player, None, entry.cards))
                    if not queue:
                        raise MissingCut(f"{player} exposed more than one card (line {line}) and must cut again "
                                         f"{call.purpose} (law 10): enter the card cut.")
                    continue
                card = entry.cards[0]
                if card in seen:
                    other, other_line = seen[card]
                    raise DuplicateCard(f"Line {line} ({player}: {entry.text}): the {card.words} was cut by {other} "
                                        f"on line {other_line} in the same cut; one pack holds each card once (law 9).")
                seen[card] = (player, line)
                out.append(Cut(player, card))
                break
        return out

    def finish(self) -> None:
        left = sorted((e for queue in self._prepare().values() for e in queue), key=lambda e: e.line)
        if left:
            lines = ", ".join(f"{e.line} ({e.name}: {e.text})" for e in left)
            raise ExtraCut(f"{_plural(len(left), 'Line', 'Lines')} {lines} {_plural(len(left), 'was', 'were')} not "
                           "needed: the laws called for no more cuts by "
                           f"{_plural(len(left), 'that player', 'those players')}. "
                           "Remove the extra cuts, or check the names and the order.")


def _missing(call: Call, missing: Sequence[str]) -> str:
    """Which cut is missing, in the words of the laws: who cuts, why, under which law."""
    if call.kind is CutKind.TIE:
        enter = "their cards"
        if len(missing) < len(call.players):  # some of the re-cut was entered: name only those still to come
            enter = f"the {_plural(len(missing), 'card', 'cards')} of {names(missing)}"
        return (f"{names(call.players)} tie with {call.tied_with} {call.purpose}; they must cut again, to settle a "
                f"tie (law {call.law}): enter {enter}.")
    return (f"{names(missing)} must cut {call.purpose} (law {call.law}): "
            f"enter {_plural(len(missing), 'the card', 'their cards')}.")
