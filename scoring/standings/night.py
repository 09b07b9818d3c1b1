"""A progressive night's standings as a hall keeps them: each player's tally round by round or, on a night of
fixed pairs, each pair's (one row a pair, named "A & B"), best first, with its place.

A round's figure is what the entry scored in it: its side's points over the deals it played, with the lone
player's own bonus (a pair's with either partner's). A round sat out scores as the event scores a bye: the
round's average, the points of everyone (every pair) who played it over their number; a round whose table never
played scores the same, or nothing where the secretary said so (`RoundBye.scored`). Level entries share the
places they cover ("1=", "1=", "3"), or the site draws their order, as the event chooses (`Event.prize_ties`).
Three queries, whatever the night's size: the results, the byes, the entrants.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F

from scoring.engine.progressive import bye_points
from scoring.engine.progressive.prizes import DRAW, drawn_order
from scoring.models import Event, RoundBye, RubberPlayerResult
from scoring.standings import order
from scoring.standings.selectors import complete_results, entry_name, ranked


@dataclass
class _Entry:
    """One player's (one pair's) night, added up round by round."""

    player_id: int
    name: str
    partner_id: int | None = None
    partner_name: str = ""
    rounds: dict[int, int] = field(default_factory=dict)
    played: int = 0
    wins: int = 0
    losses: int = 0
    against: int = 0
    lone: int = 0
    euchres: int = 0
    byes: int = 0
    best_round: int = 0

    def row(self) -> dict[str, Any]:
        points = sum(self.rounds.values())
        row: dict[str, Any] = {
            "player_id": self.player_id, "player__display_name": self.name, "rubbers": self.played,
            "wins": self.wins, "losses": self.losses, "games": 0, "doubles": 0, "scored_for": points,
            "scored_against": self.against, "net": points - self.against,
            "net_per_rubber": (points - self.against) / self.played if self.played else 0.0, "lone": self.lone,
            "euchres": self.euchres, "byes": self.byes, "best_round": self.best_round,
            **{f"round_{number}": figure for number, figure in self.rounds.items()}}
        if self.partner_id is not None:
            row |= {"partner_id": self.partner_id, "partner__display_name": self.partner_name}
        return row


@dataclass
class _Played:
    """One entry's round at one table (a pair's two players' results made one)."""

    name: str
    side_points: int
    points: int
    against: int = 0
    lone: int = 0
    euchres: int = 0
    won: bool | None = None


def night_rows(event: Event, ranking: order.Ranking, through: int | None = None) -> list[dict[str, Any]]:
    """The night's rows, best first, each with its place (`rank`) and its figure for each round (`round_N`); a
    fixed-pairs night's one a pair. With `through`, rounds 1 to that one only."""
    pairs = event.fixed_pairs
    entrants = list(event.entrants.values_list("player_id", "number", "player__display_name"))
    pair_of = {player: (number + 1) // 2 for player, number, _ in entrants} if pairs else {}
    entries: dict[int, _Entry] = {}
    if pairs:
        by_number = {number: (player, name) for player, number, name in entrants}
        for player, number, name in sorted(entrants, key=lambda e: e[1]):
            if number % 2:
                partner, partner_name = by_number.get(number + 1, (None, ""))
                entries[pair_of[player]] = _Entry(player, name, partner, partner_name)

    played = _played(event, through, pair_of)
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0])  # each round's points and entries, for its average
    for (key, number), one in played.items():
        entry = entries.setdefault(key, _Entry(key, one.name))
        entry.rounds[number] = entry.rounds.get(number, 0) + one.points
        entry.played += 1
        entry.wins += one.won is True
        entry.losses += one.won is False
        entry.against += one.against
        entry.lone += one.lone
        entry.euchres += one.euchres
        entry.best_round = max(entry.best_round, one.points)
        totals[number][0] += one.points
        totals[number][1] += 1

    byes = RoundBye.objects.filter(round__event=event)
    if through is not None:
        byes = byes.filter(round__number__lte=through)
    seen: set[tuple[int, int]] = set()
    for player, name, number, scored in byes.values_list("player_id", "player__display_name", "round__number",
                                                         "scored").order_by("round__number", "player_id"):
        if number not in totals:
            continue  # the round has no result yet: what a bye scores is not known
        key = pair_of.get(player, player) if pairs else player
        if (key, number) in seen:
            continue  # a pair sits out once, whichever partner's bye is read
        seen.add((key, number))
        entry = entries.setdefault(key, _Entry(player, name))
        entry.byes += 1
        entry.rounds[number] = entry.rounds.get(number, 0) + (bye_points(*totals[number]) if scored else 0)

    rows = sorted((entry.row() for entry in entries.values() if entry.played or entry.byes),
                  key=lambda row: (order.best_first(row, ranking), entry_name(row)))
    return placed(rows, ranking, event)


def _played(event: Event, through: int | None, pair_of: dict[int, int]) -> dict[tuple[int, int], _Played]:
    """Each entry's counted round, by (entry, round): a player's result as it is; a pair's two made one, its
    points its side's with either partner's lone bonus."""
    results = complete_results(RubberPlayerResult.objects.filter(rubber__event=event))
    if through is not None:
        results = results.filter(rubber__round_table__round__number__lte=through)
    rows = results.values("player_id", "player__display_name", "side", "points_for", "points_against", "won",
                          "lone_hands", "euchres", number=F("rubber__round_table__round__number"),
                          ns=F("rubber__current_ns"), ew=F("rubber__current_ew"))
    played: dict[tuple[int, int], _Played] = {}
    for row in rows:
        number = row["number"] or 0
        if not pair_of:
            played[row["player_id"], number] = _Played(
                row["player__display_name"], row["points_for"], row["points_for"], row["points_against"],
                row["lone_hands"], row["euchres"], row["won"])
            continue
        if row["player_id"] not in pair_of:
            continue  # a substitute's own row on a fixed-pairs night: his side's points are his pair's
        side = (row["ns"] if row["side"] == "NS" else row["ew"]) or 0
        key = (pair_of[row["player_id"]], number)
        one = played.setdefault(key, _Played("", side, side, won=row["won"]))
        one.points += row["points_for"] - side  # the lone player's own bonus, beyond his side's points
        one.against = max(one.against, row["points_against"])
        one.lone += row["lone_hands"]
        one.euchres = max(one.euchres, row["euchres"])  # both partners count the euchres their side made
    return played


def placed(rows: Iterable[dict[str, Any]], ranking: order.Ranking, event: Event) -> list[dict[str, Any]]:
    """The rows (best first) with their places: entries level on every tie-break share the places they cover
    ("1=", "1=", "3"); where the event draws, the site draws their order (the same every time) and each takes a
    place of its own, marked `drawn`."""
    rows = list(rows)
    if event.night.prizes.ties != DRAW:
        return ranked(rows, ranking)
    out: list[dict[str, Any]] = []
    start = 0
    while start < len(rows):
        end = start
        level = order.level(rows[start], ranking)
        while end < len(rows) and order.level(rows[end], ranking) == level:
            end += 1
        group = rows[start:end]
        if len(group) > 1:
            group = [{**group[i], "drawn": True}
                     for i in drawn_order([entry_name(row) for row in group], str(event.pk))]
        out += [{**row, "rank": str(start + offset + 1)} for offset, row in enumerate(group)]
        start = end
    return out


def places_rule(event: Event) -> str:
    """How the night places entries level on every tie-break, as its standings, wall and sheet say it."""
    who = "Pairs" if event.fixed_pairs else "Players"
    if event.night.prizes.ties == DRAW:
        return (f"{who} level on every tie-break are placed in an order the site draws (the same every time), "
                "each taking a place and its prize.")
    return (f"{who} level on every tie-break share the places they cover (1=, 1=, 3) and the prizes of those "
            "places.")


def round_numbers(rows: Iterable[dict[str, Any]]) -> list[int]:
    """The rounds the rows hold a figure for, in order."""
    return sorted({int(key.removeprefix("round_")) for row in rows for key in row if key.startswith("round_")})
