"""Tally cards for an event in rounds: each player's own card, printed before the night, with his table and
seat for every round already known (a progressive night knows only the first: the rest come from the results)
and a row a round for his points and lone hands, a total and a line to sign."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine import Seat
from scoring.engine.progressive import lone_bonus_rule
from scoring.engine.rulings import SEAT_WORDS
from scoring.models import Event, RoundBye, RoundTable


@dataclass(frozen=True)
class TallyCard:
    player: str
    rounds: tuple[tuple[int, str, str], ...]
    """(round, table, seat) for each round; blank table and seat where the round is seated when it starts."""


@dataclass(frozen=True)
class TallyCards:
    paper: str
    event: str
    deals: str
    """"8 deals a round", or the minutes a round."""
    cards: tuple[TallyCard, ...]
    file_name: str
    progressive: bool = False
    """The winners move up a table: only round 1's seats are known before the night."""
    byes: bool = False
    """Somebody sits out a round (the players are not a multiple of four)."""


def tally_cards(event: Event) -> TallyCards:
    """Every entrant's card, in the order of entry (three queries: the entrants, the seats of every round, the
    byes)."""
    entrants = list(event.entrants.select_related("player").order_by("number"))
    seated: dict[tuple[int, int], tuple[str, str]] = {}
    ids = ("north_id", "east_id", "south_id", "west_id")
    for row in RoundTable.objects.filter(round__event=event).values("round__number", "number", *ids):
        for seat, key in zip(Seat, ids, strict=True):
            seated[row["round__number"], row[key]] = (str(row["number"]), SEAT_WORDS[seat])
    for number, player_id in RoundBye.objects.filter(round__event=event).values_list("round__number", "player_id"):
        seated[number, player_id] = ("\u2013", "sits out")
    rounds = range(1, (event.rounds or 0) + 1)
    cards = tuple(TallyCard(e.player.display_name,
                            tuple((n, *seated.get((n, e.player_id), ("", ""))) for n in rounds))
                  for e in entrants)
    deals = (f"{event.deal_limit} deals a round" if event.deal_limit
             else f"{event.round_minutes} minutes a round" if event.round_minutes else "")
    deals = " ".join(filter(None, [deals, lone_bonus_rule(event.lone_bonus, event.playing.lone_march)]))
    return TallyCards(event.paper_size, event.name, deals, cards, f"{event.slug}-tally-cards.pdf",
                      progressive=event.moves_up, byes=len(entrants) % 4 != 0)
