"""Cutting under the laws of 1888 (laws 8-21): forming tables, partners and the deal, cutting out.

Pure Python like the rest of the engine. The cards of every cut come from a `CutSource`: the site's
own draw (`DrawnCuts`, replayable from its seed) or the cards as cut at the table (`EnteredCuts`).
Every card is logged (`CutStep`) with who cut it, why, and the law.

- `cards`: the pack and the rank of its cards in cutting (law 8); reading a card as typed.
- `calls`: what a cut is for, one card cut, the log.
- `sources`: the drawn and the entered cards, and what is wrong with entered ones.
- `cutter`: asks a source for each cut and keeps the log.
- `order`: order by the cards, ties cut again where they matter, partners and the deal (laws 11, 13, 14).
- `tables`: forming tables (laws 9-14, 17).
- `rotation`: cutting out and entry when a rubber ends (laws 15-21).
- `jacks`: forming a table under the Official Laws of 1862 instead (law I: dealing until the four jacks are out).
"""

from scoring.engine.cutting.calls import Call, Cut, CutKind, CutStep
from scoring.engine.cutting.cards import PACK, Card, CardError, Rank, Suit, parse_card
from scoring.engine.cutting.cutter import Cutter
from scoring.engine.cutting.jacks import JackDeal, JackDealError, drawn_jack_deal, jack_deal
from scoring.engine.cutting.order import FIRST_DEALER, Partnership, partnership, ranked, settle
from scoring.engine.cutting.rotation import Change, Successor, TableBreaksUp, after_rubber, successors
from scoring.engine.cutting.sources import (
    BadCard,
    CutError,
    CutSource,
    DrawnCuts,
    DuplicateCard,
    EnteredCuts,
    ExtraCut,
    MissingCut,
    UnknownName,
)
from scoring.engine.cutting.tables import Formation, TableFormed, form_tables

__all__ = ["FIRST_DEALER", "PACK", "BadCard", "Call", "Card", "CardError", "Change", "Cut", "CutError", "CutKind",
           "CutSource", "CutStep", "Cutter", "DrawnCuts", "DuplicateCard", "EnteredCuts", "ExtraCut", "Formation",
           "JackDeal", "JackDealError", "MissingCut", "Partnership", "Rank", "Successor", "Suit", "TableBreaksUp",
           "TableFormed", "UnknownName", "after_rubber", "drawn_jack_deal", "form_tables", "jack_deal",
           "parse_card", "partnership", "ranked", "settle", "successors"]
