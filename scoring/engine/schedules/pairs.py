"""Fixed pairs: a round robin by the circle method, seats and first dealers rotated.

Players 2k-1 and 2k are pair k. One pair keeps its place and the others turn round it; with an odd
number of pairs a bye takes the fixed place, and the pair drawn against it sits out. An event with
fewer rounds than its round robin pairs each round by standing as the event goes (Swiss, with no
rematch): `swiss_round` makes one such round from the standing so far.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

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


def swiss_round(standing: Sequence[int], met: Collection[frozenset[int]], north_south: Mapping[int, int],
                byes: Mapping[int, int], number: int) -> Round:
    """One Swiss round for fixed pairs, past the round robin: pairs by standing, no rematch.

    `standing` lists the pair numbers best first. With an odd number of pairs the lowest pair that
    has sat out least sits out. Each pair then meets the highest pair below it that it has not met,
    backing up when the pairs left cannot all be matched. Of the two, the pair that has sat
    North-South less often sits North-South; the first dealer turns one seat a round, as in the
    round robin. Raises ValueError when no pairing without a rematch exists.
    """
    order = list(standing)
    sitting: list[int] = []
    if len(order) % 2:
        resting = min(reversed(order), key=lambda p: byes.get(p, 0))
        order.remove(resting)
        sitting = list(_players(resting))
    matched = _match(order, met)
    if matched is None:
        raise ValueError(f"round {number}: every pairing by standing repeats a meeting; the pairs have "
                         "played each other as often as a Swiss round allows")
    tables = []
    for a, b in matched:
        ns, ew = (a, b) if north_south.get(a, 0) <= north_south.get(b, 0) else (b, a)
        (n, s), (e, w) = _players(ns), _players(ew)
        tables.append(Table(n, e, s, w))
    return Round(tuple(tables), tuple(sorted(sitting)))


def _match(order: list[int], met: Collection[frozenset[int]]) -> list[tuple[int, int]] | None:
    if not order:
        return []
    top, rest = order[0], order[1:]
    for other in rest:
        if frozenset((top, other)) in met:
            continue
        tail = _match([p for p in rest if p != other], met)
        if tail is not None:
            return [(top, other), *tail]
    return None


def first_dealer(round_number: int, table_number: int) -> str:
    """The seat that deals first: one seat further round each round and each table (N, E, S, W)."""
    return "NESW"[(round_number + table_number - 2) % 4]
