"""Where the cards of a cut come from: drawn by the site, or as cut at the table and entered.

Each call to `cut` is one round of cutting from one pack (law 9): no card comes up twice in it. A
player who exposes more than one card cuts again (law 10); only entered cuts report that, since the
site's draw never exposes two. Every card is logged with who cut it, why, and the law.
"""

from __future__ import annotations

import random
from collections import defaultdict, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scoring.engine.cutting.cards import PACK, Card, CardError, parse_card


class CutError(ValueError):
    """Entered cuts that cannot settle what the laws ask: a cut missing, a card twice, a bad card."""


@dataclass(frozen=True, slots=True)
class CutStep:
    """One card cut: `round` counts the rounds of cutting, each from one pack (law 9)."""

    round: int
    player: str
    card: Card | None
    """None when the player exposed more than one card and must cut again (law 10)."""
    reason: str
    law: int


class CutSource(Protocol):
    def cards(self, players: Sequence[str], reason: str, law: int) -> list[tuple[str, Card | None]]:
        """One round of cutting: each player's card, in the order cut (None for an exposed pair, law 10)."""
        ...


@dataclass
class DrawnCuts:
    """The site's draw: each round of cutting shuffles a fresh pack from the seed, so a draw replays exactly."""

    seed: int
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def cards(self, players: Sequence[str], reason: str, law: int) -> list[tuple[str, Card | None]]:
        pack = list(PACK)
        self._rng.shuffle(pack)
        return list(zip(players, pack, strict=False))


class EnteredCuts:
    """The cards as cut at the table, (player, card text) in the order cut; each player's cuts are used in turn.

    Card text with two cards ('JS AH') records two cards exposed: the player cuts again (law 10).
    """

    def __init__(self, cuts: Sequence[tuple[str, str]]) -> None:
        self._queue: dict[str, deque[tuple[int, str]]] = defaultdict(deque)
        for line, (player, text) in enumerate(cuts, start=1):
            self._queue[player.strip().casefold()].append((line, text))
        self._names = {player.strip().casefold(): player.strip() for player, _ in cuts}

    def unknown(self, players: Sequence[str]) -> list[str]:
        """Names entered that are not among `players` (most likely a misspelling)."""
        known = {p.casefold() for p in players}
        return [name for key, name in self._names.items() if key not in known]

    def cards(self, players: Sequence[str], reason: str, law: int) -> list[tuple[str, Card | None]]:
        missing = [p for p in players if not self._queue[p.casefold()]]
        if missing:
            raise CutError(f"{_names(missing)} must cut {reason} (law {law}); enter "
                           f"{'his' if len(missing) == 1 else 'their'} card{'s' if len(missing) > 1 else ''}.")
        out: list[tuple[str, Card | None]] = []
        seen: dict[Card, str] = {}
        for player in players:
            line, text = self._queue[player.casefold()].popleft()
            parts = text.replace(",", " ").split()
            try:
                cards = [parse_card(text)] if len(parts) <= 1 or " of " in text.lower() else [
                    parse_card(part) for part in parts]
            except CardError as exc:
                raise CutError(f"Line {line} ({player}): {exc}") from None
            if len(cards) > 1:
                out.append((player, None))  # two exposed: he cuts again in this same round (law 10)
                again = self.cards([player], reason, 10)
                out += again
                continue
            card = cards[0]
            if card in seen:
                raise CutError(f"Line {line}: the {card.words} was cut by {seen[card]} already in this cut; "
                               "one pack holds each card once (law 9).")
            seen[card] = player
            out.append((player, card))
        return out


def _names(players: Sequence[str]) -> str:
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + f" and {players[-1]}"


class Cutter:
    """Asks a source for each round of cutting and keeps the log, card by card."""

    def __init__(self, source: CutSource) -> None:
        self.source = source
        self.log: list[CutStep] = []
        self._round = 0

    def cut(self, players: Sequence[str], reason: str, law: int) -> dict[str, Card]:
        """Each player's card; more players than a pack holds cut from a second pack, and so on."""
        cards: dict[str, Card] = {}
        for start in range(0, len(players), len(PACK)):
            self._round += 1
            for player, card in self.source.cards(players[start:start + len(PACK)], reason, law):
                self.log.append(CutStep(self._round, player, card, "exposed two cards; cuts again" if card is None
                                        else reason, 10 if card is None else law))
                if card is not None:
                    cards[player] = card
        return cards
