"""Initial rounds of cyclic whist schedules, each found by one of the project's searches (named beside
it: `cyclic.search`, run as `python -m scoring.engine.schedules.find V [SEEDS] [DIMS]`, its C twin
`scripts/whist_search.c`, the starter-then-tables search `scripts/whist_starter.c`, or the patterned
starter) and re-checked by the tests in full.

Players are counted from 0 as in `cyclic`; each table is (North, East, South, West).
"""

from __future__ import annotations

from scoring.engine.schedules.group import Quad

GROUPS: dict[int, tuple[int, ...]] = {9: (3, 3)}
"""The kept schedules that turn round a product of cyclic groups (no cyclic one exists for 9 players);
their players are coded as in `group.Group` (for Z3 x Z3, (a, b) is 3a + b)."""

INITIAL_ROUNDS: dict[int, tuple[Quad, ...]] = {
    8: ((4, 3, 2, 6), (0, 7, 1, 5)),
    9: ((8, 6, 4, 3), (1, 5, 2, 7)),
    12: ((6, 11, 1, 5), (2, 0, 3, 9), (7, 8, 10, 4)),
    13: ((2, 11, 9, 10), (3, 8, 5, 12), (6, 7, 1, 4)),
    16: ((3, 4, 0, 15), (8, 14, 2, 7), (11, 13, 1, 9), (10, 6, 12, 5)),
    17: ((12, 10, 7, 3), (9, 15, 8, 4), (5, 14, 13, 11), (1, 6, 16, 2)),
    20: ((14, 1, 5, 12), (15, 6, 13, 10), (16, 17, 0, 11), (3, 9, 19, 2), (4, 8, 18, 7)),
    21: ((20, 2, 6, 8), (13, 5, 10, 9), (19, 7, 18, 12), (14, 1, 16, 11), (17, 15, 4, 3)),
    24: ((19, 11, 6, 0), (13, 1, 15, 10), (7, 18, 23, 22), (20, 21, 17, 4), (5, 2, 12, 3), (16, 14, 8, 9)),
    25: ((5, 12, 7, 9), (6, 19, 1, 18), (10, 16, 17, 20), (4, 13, 23, 21), (8, 2, 22, 11), (3, 24, 15, 14)),
    28: ((27, 12, 4, 0), (2, 26, 16, 1), (20, 7, 14, 11), (22, 3, 5, 21), (25, 8, 24, 19), (18, 6, 13, 9),
         (10, 23, 17, 15)),
    32: ((19, 20, 3, 0), (16, 26, 2, 29), (5, 28, 18, 27), (4, 30, 25, 6), (14, 1, 8, 10), (22, 31, 17, 11),
         (15, 23, 7, 21), (9, 12, 13, 24)),
    # 33 by scripts/whist_search.c (the same annealing, in C): `whist_search 33 1`, 135 restarts, ~4 CPU min.
    33: ((29, 9, 31, 19), (3, 30, 32, 17), (2, 24, 10, 23), (28, 27, 1, 11), (7, 25, 22, 16), (14, 18, 26, 21),
         (12, 13, 5, 8), (6, 15, 20, 4)),
    # 36 by scripts/whist_search.c: `whist_search 36 1`, 37 restarts.
    36: ((11, 7, 32, 16), (33, 26, 27, 10), (28, 30, 17, 8), (14, 20, 31, 12), (9, 19, 5, 22), (0, 1, 25, 29),
         (3, 23, 15, 24), (18, 6, 13, 21), (2, 34, 4, 35)),
    # 40 by the patterned starter (x partners -x): `python -m scoring.engine.schedules.patterned 40`, seed 0.
    40: ((39, 13, 0, 26), (14, 17, 25, 22), (10, 5, 29, 34), (1, 18, 38, 21), (15, 6, 24, 33), (16, 9, 23, 30),
         (19, 8, 20, 31), (12, 11, 27, 28), (7, 3, 32, 36), (2, 4, 37, 35)),
    # 44 by scripts/whist_starter.c: `whist_starter 44 1`, about 3 s.
    44: ((5, 12, 39, 7), (6, 43, 28, 0), (19, 1, 21, 13), (18, 30, 17, 37), (35, 9, 41, 38), (20, 11, 10, 34),
         (24, 42, 32, 3), (8, 23, 25, 4), (29, 36, 2, 33), (15, 31, 26, 16), (40, 27, 22, 14)),
    # 48 by scripts/whist_starter.c: `whist_starter 48 1`, about 3 s.
    48: ((37, 32, 4, 31), (11, 40, 42, 12), (7, 19, 13, 9), (20, 24, 38, 45), (28, 29, 6, 41),
         (14, 30, 21, 35), (36, 46, 16, 8), (18, 47, 15, 0), (34, 10, 26, 23), (5, 39, 3, 43),
         (22, 25, 33, 1), (2, 44, 17, 27)),
    # 52 by scripts/whist_starter.c: `whist_starter 52 1`, about 20 s.
    52: ((38, 10, 24, 13), (5, 36, 1, 26), (49, 42, 43, 8), (44, 51, 9, 0), (20, 33, 25, 12),
         (45, 15, 27, 30), (47, 41, 7, 19), (17, 37, 4, 6), (14, 16, 40, 18), (23, 22, 31, 50),
         (34, 29, 46, 28), (48, 11, 21, 2), (3, 32, 35, 39)),
    # 56 by scripts/whist_starter.c: `whist_starter 56 1`, about 100 s.
    56: ((24, 2, 22, 37), (25, 12, 34, 19), (52, 7, 1, 38), (29, 39, 14, 45), (32, 16, 43, 44),
         (28, 30, 18, 35), (13, 42, 10, 21), (55, 4, 0, 26), (8, 36, 33, 54), (23, 48, 49, 31),
         (3, 5, 46, 41), (53, 17, 40, 9), (51, 47, 50, 15), (27, 6, 11, 20)),
    # 57 by scripts/whist_starter.c: `whist_starter 57 3`, about 35 s.
    57: ((25, 12, 44, 39), (45, 28, 37, 18), (38, 36, 51, 7), (23, 24, 21, 15), (26, 56, 10, 16),
         (31, 11, 49, 8), (54, 46, 34, 1), (30, 53, 35, 52), (19, 40, 42, 33), (17, 29, 3, 50),
         (47, 43, 14, 32), (27, 22, 2, 48), (13, 6, 9, 41), (4, 20, 55, 5)),
    # 60 by scripts/whist_starter.c: `whist_starter 60 3`, about 990 s.
    60: ((29, 7, 23, 31), (26, 20, 27, 11), (1, 32, 47, 50), (17, 21, 48, 41), (52, 5, 25, 12),
         (55, 13, 58, 57), (24, 51, 40, 2), (33, 38, 28, 46), (30, 42, 18, 4), (59, 36, 0, 53),
         (15, 16, 19, 49), (39, 22, 3, 44), (8, 56, 6, 37), (45, 9, 34, 54), (14, 35, 43, 10)),
}

WHOLE_SCHEDULES: dict[int, tuple[tuple[Quad, ...], ...]] = {
    # Six players, five rounds of one table: no two partner twice, none meet as opponents more than
    # twice, byes within one after every round. Found by a depth-first search over the 45 tables a round
    # can have (four of the six, split into two partnerships), taking the first that keeps those limits;
    # the circle method's partners cannot (each of its choices of resting pair meets someone three times).
    # Players counted from 1 here, as the schedule prints them.
    6: (((1, 3, 2, 4),), ((1, 2, 5, 6),), ((3, 4, 5, 6),), ((1, 2, 3, 4),), ((1, 5, 4, 6),)),
}
"""Whole schedules kept seat by seat, for counts too small to have a whist schedule but small enough to
search exhaustively for the best one."""
