"""Cutting under the laws of 1888 (laws 8-21): forming tables, partners and the deal, cutting out.

Pure Python like the rest of the engine. A cut's cards come from a `CutSource`: the site's own draw
(`DrawnCuts`, replayable from its seed) or the cards as cut at the table (`EnteredCuts`).
"""

from scoring.engine.cutting.cards import PACK, Card, CardError, parse_card
from scoring.engine.cutting.order import Partnership, partnership, ranked
from scoring.engine.cutting.rotation import Change, after_rubber
from scoring.engine.cutting.sources import CutError, CutSource, CutStep, Cutter, DrawnCuts, EnteredCuts
from scoring.engine.cutting.tables import Formation, TableFormed, form_tables

__all__ = ["PACK", "Card", "CardError", "Change", "CutError", "CutSource", "CutStep", "Cutter", "DrawnCuts",
           "EnteredCuts", "Formation", "Partnership", "TableFormed", "after_rubber", "form_tables",
           "parse_card", "partnership", "ranked"]
