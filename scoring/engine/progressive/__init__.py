"""Progressive euchre: the movement of players between tables after each round, the byes, and the deals
a round plays.

The winners of each table move up one table and the losers stay; the head table's winners stay and its
losers go to the foot table; at every table the pairs split, so nobody keeps a partner.
"""

from scoring.engine.progressive.byes import BYE_RULE, COMINGS_RULE, bye_points, reseat, rotate_byes
from scoring.engine.progressive.clock import RoundClock
from scoring.engine.progressive.deals import TIE_RULE, lone_bonus_rule, round_deals
from scoring.engine.progressive.directions import MOVEMENTS, MOVES_UP, PAIRS, ROTATION, movement_words
from scoring.engine.progressive.movement import (
    MovementError,
    RoundPlayed,
    TableResult,
    next_seats,
    progressive_move,
    read_round,
    read_round_played,
    table_winner,
    the_cut,
)
from scoring.engine.progressive.night import NightRules, NightRulesError, read_night
from scoring.engine.progressive.totals import marches_key, totals_errors

__all__ = ["BYE_RULE", "COMINGS_RULE", "MOVEMENTS", "MOVES_UP", "PAIRS", "ROTATION", "TIE_RULE", "MovementError",
           "NightRules", "NightRulesError", "RoundClock", "RoundPlayed", "TableResult", "bye_points", "lone_bonus_rule",
           "marches_key", "movement_words", "next_seats", "progressive_move", "read_night", "read_round",
           "read_round_played", "reseat", "rotate_byes", "round_deals", "table_winner", "the_cut", "totals_errors"]
