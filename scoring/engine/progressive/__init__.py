"""Progressive euchre: the movement of players between tables after each round.

The winners of each table move up one table and the losers stay; the head table's winners stay and its
losers go to the foot table; at every table the pairs split, so nobody keeps a partner.
"""

from scoring.engine.progressive.movement import MovementError, TableResult, progressive_move, read_round

__all__ = ["MovementError", "TableResult", "progressive_move", "read_round"]
