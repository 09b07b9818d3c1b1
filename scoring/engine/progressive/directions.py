"""How the movement goes from one table after a round, in words for that table's card.

For the winners moving up (`progressive_move`): table 2 and below send their winners up a table and keep their
losers; the head table keeps its winners and sends its losers to the foot table. The two who stay take North
and East, the two who come take South and West, so every pair splits. A rotation or fixed pairs go where the
schedule printed them.

>>> movement_words(3, 5, MOVES_UP)[:109]
'After the round: the winners move up to table 2 and split; the losers stay at table 3 and split, taking North'
>>> movement_words(1, 1, MOVES_UP)[:77]
'After the round: all four stay at table 1, the winners taking North and East,'
>>> movement_words(2, 4, ROTATION)
'After the round: go to the table and seat printed for the next round on your tally card and the movement sheet.'
"""

from __future__ import annotations

from scoring.engine.progressive.deals import TIE_RULE

__all__ = ["MOVEMENTS", "MOVES_UP", "PAIRS", "ROTATION", "movement_words"]

MOVES_UP = "progressive"
ROTATION = "rotation"
PAIRS = "pairs"
MOVEMENTS = (MOVES_UP, ROTATION, PAIRS)
"""How a progressive night seats its rounds: winners up a table, the individual rotation, or fixed pairs."""

WINNERS = "The winners are the side with more points. "
SPLIT = ", so nobody keeps a partner."
COMING_BACK = (" Those sitting out come back next round in the seats of as many who have sat out least, the foot "
               "table's first.")


def movement_words(table: int, tables: int, movement: str, *, last: bool = False, byes: bool = False) -> str:
    """What table `table` (1 the head table) of `tables` does after the round under `movement` (one of
    `MOVEMENTS`); after the `last` round nobody moves. `byes`: somebody sits out, and comes back in the next
    round in place of another (winners moving up only: a schedule already seats him)."""
    if not 1 <= table <= tables:
        raise ValueError(f"table {table} is not one of tables 1 to {tables}")
    if movement not in MOVEMENTS:
        raise ValueError(f"{movement!r} is not a movement ({', '.join(MOVEMENTS)})")
    if last:
        return "The last round: nobody moves after it."
    if movement == ROTATION:
        return ("After the round: go to the table and seat printed for the next round on your tally card and the "
                "movement sheet.")
    if movement == PAIRS:
        return ("After the round: each pair goes on together to the table and side printed for the next round on "
                "its tally cards and the movement sheet.")
    return f"{_moves_up(table, tables)} {WINNERS}{TIE_RULE}{COMING_BACK if byes else ''}"


def _moves_up(table: int, tables: int) -> str:
    """The sentence for the winners moving up, as `progressive_move` seats the next round."""
    if tables == 1:
        return ("After the round: all four stay at table 1, the winners taking North and East, the losers South "
                f"and West{SPLIT}")
    if table == 1:
        return ("After the round: the winners stay at table 1 and split, taking North and East, and the winners of "
                f"table 2 come up to sit South and West; the losers go down to table {tables}, the foot table, "
                f"and split{SPLIT}")
    coming = f"the winners of table {table + 1} come up" if table < tables else "the losers of table 1 come down"
    return (f"After the round: the winners move up to table {table - 1} and split; the losers stay at table {table} "
            f"and split, taking North and East, and {coming} to sit South and West{SPLIT}")
