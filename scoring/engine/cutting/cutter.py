"""The cutter: asks a source for each cut the laws call for, and keeps the log card by card."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from scoring.engine.cutting.calls import Call, CutKind, CutStep
from scoring.engine.cutting.cards import PACK, Card
from scoring.engine.cutting.sources import CutSource


class Cutter:
    """One cutting (forming tables, or cutting out at one table): the source, the rounds so far, the log."""

    def __init__(self, source: CutSource) -> None:
        self.source = source
        self.log: list[CutStep] = []
        self.rounds = 0

    def start(self, players: Collection[str]) -> None:
        self.source.start(players)

    def finish(self) -> None:
        self.source.finish()

    def cut(self, call: Call) -> dict[str, Card]:
        """Each player's card for `call`, one round of cutting from one pack (law 9).

        The laws never meet more than thirty-two cutting at once; when they are, each thirty-two cut
        from a fresh pack, a round of its own, so that no card comes up twice within a round.
        """
        cards: dict[str, Card] = {}
        for start in range(0, len(call.players), len(PACK)):
            part = replace(call, players=call.players[start:start + len(PACK)])
            self.rounds += 1
            exposed: set[str] = set()
            for cut in self.source.cards(part):
                if cut.player not in part.players or cut.player in cards:
                    raise ValueError(f"the source gave {cut.player} a card the cut did not call for")
                if cut.card is None:  # law 10: more than one card shown; he cuts again
                    exposed.add(cut.player)
                    self._step(cut.player, None, "exposed more than one card, and cuts again", 10, CutKind.EXPOSED,
                               cut.exposed)
                elif cut.player in exposed:
                    self._step(cut.player, cut.card, f"{part.reason} (cut again: more than one card exposed)", 10,
                               CutKind.EXPOSED)
                    cards[cut.player] = cut.card
                else:
                    self._step(cut.player, cut.card, part.reason, part.law, part.kind)
                    cards[cut.player] = cut.card
            if not all(player in cards for player in part.players):
                raise ValueError("the source gave no card for " + ", ".join(p for p in part.players if p not in cards))
        return cards

    def _step(self, player: str, card: Card | None, reason: str, law: int, kind: CutKind,
              exposed: tuple[Card, ...] = ()) -> None:
        self.log.append(CutStep(self.rounds, player, card, reason, law, kind, exposed))
