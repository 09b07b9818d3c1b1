"""Rounds for any number of players where no perfect schedule is known here.

The partners come first: a round robin by the circle method pairs every two players exactly once
over its rounds, so no pair can ever partner twice, in the whole schedule or in its first rounds.
Each round's pairs are then set against each other by local search, so that opponents are met as
evenly as the search can make them. Where the pairs outnumber the seats (4n+2 and 4n+3 players)
one pair sits out; which one, and the order of the rounds, follow a pattern under which byes never
differ by more than one after any round.
"""

from __future__ import annotations

import random
from collections import Counter

from scoring.engine.schedules.shape import Round, Schedule, Table

SWEEPS = 200  # swaps tried per pair, each round

Pair = tuple[int, int]
Pairs = Counter[Pair]


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def round_robin(players: int) -> list[list[Pair]]:
    """The circle method: rounds of partner pairs, every two players paired exactly once.

    With an odd count a phantom player 0 is added; his partner is the one who rests that round.
    """
    count = players if players % 2 == 0 else players + 1
    ring = count - 1  # players 1..ring move round; `count` (or the phantom) stays put
    rounds = []
    for r in range(ring):
        fixed = count if players % 2 == 0 else 0
        pairs = [_pair(fixed, r + 1)]
        for k in range(1, count // 2):
            pairs.append(_pair((r + k) % ring + 1, (r - k) % ring + 1))
        rounds.append(pairs)
    return rounds


def _cost(a: Pair, b: Pair, opponent: Pairs) -> int:
    return sum(opponent[_pair(x, y)] ** 2 for x in a for y in b)  # a third meeting costs more than two first


def _tables(pairs: list[Pair], opponent: Pairs, rng: random.Random) -> list[tuple[Pair, Pair]]:
    """The round's pairs two by two, by swapping pairs between tables while no table costs more for it."""
    order = pairs[:]
    rng.shuffle(order)
    tables = len(order) // 2
    costs = [_cost(order[2 * t], order[2 * t + 1], opponent) for t in range(tables)]
    for _ in range(SWEEPS * len(order) if tables > 1 else 0):
        i, j = rng.randrange(len(order)), rng.randrange(len(order))
        ti, tj = i // 2, j // 2
        if ti == tj:
            continue
        order[i], order[j] = order[j], order[i]
        new_i = _cost(order[2 * ti], order[2 * ti + 1], opponent)
        new_j = _cost(order[2 * tj], order[2 * tj + 1], opponent)
        if new_i + new_j <= costs[ti] + costs[tj]:
            costs[ti], costs[tj] = new_i, new_j
        else:
            order[i], order[j] = order[j], order[i]
    return [(order[2 * t], order[2 * t + 1]) for t in range(tables)]


def _evenly_spaced(players: int, k: int) -> bool:
    """Whether resting c, c+k and c-k in rounds c = 0, 1, ... keeps byes within one after every round."""
    byes = [0] * players
    for c in range(players):
        for p in (c, (c + k) % players, (c - k) % players):
            byes[p] += 1
        if max(byes) - min(byes) > 1:
            return False
    return True


def _rotating_rest(robin: list[list[Pair]], players: int, rounds: int) -> list[tuple[list[Pair], list[int]]]:
    """For 4n+3 players: the circle's rester c and the pair c+k, c-k rest, in the circle's order.

    With k near a third of the way round, every player's three rests fall evenly spaced, so byes
    never differ by more than one after any round (the k is found by checking exactly that).
    """
    k = next(k for k in range(1, (players + 1) // 2) if _evenly_spaced(players, k))
    order = []
    for pairs in robin[:rounds]:
        rest = pairs[k]  # round_robin lists the pair c+k, c-k at place k
        out = [pairs[0][1], *rest]
        order.append(([p for p in pairs[1:] if p != rest], sorted(out)))
    return order


def _paired_rest(robin: list[list[Pair]], players: int, rounds: int) -> list[tuple[list[Pair], list[int]]]:
    """For 4n+2 players: one pair rests each round, everyone once before anyone twice.

    The circle's round c has the fixed player with c, and c-1 with c+1 (places 0 and 1 of its
    pairs). Resting c-1 and c+1 in the rounds c = 1, 2, 5, 6, ..., 4n-3, 4n-2 and the fixed player
    with 4n rests every player once; then c = 3, 7, ..., 4n-1 and 4, 8, ..., 4n-4 with the fixed
    player and 0 rest everyone a second time but 1 and 4n-1.
    """
    n = players // 4
    first = [(c, 1) for c in range(1, 4 * n - 1) if c % 4 in (1, 2)] + [(4 * n, 0)]
    second = [(c, 1) for c in range(3, 4 * n, 4)] + [(c, 1) for c in range(4, 4 * n - 3, 4)] + [(0, 0)]
    order = []
    for c, place in (first + second)[:rounds]:
        rest = robin[c][place]
        order.append(([p for p in robin[c] if p != rest], sorted(rest)))
    return order


def _no_pair_rests(robin: list[list[Pair]], rounds: int) -> list[tuple[list[Pair], list[int]]]:
    """For 4n and 4n+1 players: every pair plays; with an odd count the phantom's partner rests."""
    return [([p for p in pairs if p[0] != 0], [p[1] for p in pairs if p[0] == 0]) for pairs in robin[:rounds]]


def factored_schedule(players: int, rounds: int, seed: int = 0) -> Schedule:
    """The better of two arrangements (fewer opponents met three times or more), each from `_arranged`."""
    first = _arranged(players, rounds, seed)
    if first.worst_repeats()[1] <= 3:
        return first
    second = _arranged(players, rounds, seed + 1)
    return min(first, second, key=lambda s: s.worst_repeats()[1])


def _arranged(players: int, rounds: int, seed: int) -> Schedule:
    """`rounds` rounds for `players` players: no partner twice, byes within one, opponents as even as can be."""
    rng = random.Random(seed)
    robin = round_robin(players)
    if rounds > len(robin):
        raise ValueError(f"{players} players have at most {len(robin)} rounds before partners repeat")
    if players % 4 == 2:
        order = _paired_rest(robin, players, rounds)
    elif players % 4 == 3:
        order = _rotating_rest(robin, players, rounds)
    else:
        order = _no_pair_rests(robin, rounds)
    opponent: Pairs = Counter()
    built = []
    for pairs, out in order:
        tables = []
        for number, (ours, theirs) in enumerate(_tables(pairs, opponent, rng)):
            if number % 2:  # alternate which pair sits North-South
                ours, theirs = theirs, ours
            tables.append(Table(ours[0], theirs[0], ours[1], theirs[1]))
            opponent.update(_pair(x, y) for x in ours for y in theirs)
        built.append(Round(tuple(tables), tuple(out)))
    return Schedule(players, tuple(built))
