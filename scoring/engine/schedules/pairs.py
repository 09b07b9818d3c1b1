"""Fixed pairs: a round robin by the circle method, seats and first dealers rotated.

Players 2k-1 and 2k are pair k. One pair keeps its place and the others turn round it; with an odd
number of pairs a bye takes the fixed place, and the pair drawn against it sits out. Later rounds,
past the round robin, are paired by standing as the event goes (Swiss), so they are not made here.
"""

from __future__ import annotations

from scoring.engine.schedules.shape import Round, Schedule, Table

BYE = 0


def round_robin_rounds(pairs: int) -> int:
    return pairs - 1 if pairs % 2 == 0 else pairs


def pairs_schedule(players: int, rounds: int | None = None) -> Schedule:
    """`rounds` rounds (the whole round robin when None) for `players` players in fixed pairs."""
    if players < 4 or players % 2:
        raise ValueError(f"fixed pairs need an even number of players, at least 4, not {players}")
    pairs = players // 2
    most = round_robin_rounds(pairs)
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise ValueError(f"{pairs} pairs meet each other in {most} rounds; later rounds are paired by "
                         f"standing as the event goes, so ask for at most {most}, not {rounds}")
    ring = list(range(1, pairs + 1)) + ([BYE] if pairs % 2 else [])
    out = []
    for number in range(rounds):
        tables, sitting = [], []
        half = len(ring) // 2
        for seat in range(half):
            a, b = ring[seat], ring[-1 - seat]
            if BYE in (a, b):
                sitting += [*_players(a or b)]
                continue
            # Which pair sits North-South: the fixed pair every other round, the others by the side of
            # the circle they are on, so that each pair's seats alternate as it travels round.
            first = number % 2 == 0 if seat == 0 else seat % 2 == 1
            ns, ew = (a, b) if first else (b, a)
            (n, s), (e, w) = _players(ns), _players(ew)
            tables.append(Table(n, e, s, w))
        out.append(Round(tuple(tables), tuple(sorted(sitting))))
        ring = [ring[0], ring[-1], *ring[1:-1]]  # the circle turns; the first pair stays
    return Schedule(players, tuple(out))


def _players(pair: int) -> tuple[int, int]:
    return (2 * pair - 1, 2 * pair)
