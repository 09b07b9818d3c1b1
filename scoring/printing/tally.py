"""Tally cards for an event in rounds: each player's own card, printed before the night, with his table, seat
and partner for every round already known (a progressive night whose winners move up knows only the first: the
rest come from the results), a box a deal for what his side scored, on a progressive night of so many deals a box
for the deal a level table plays for the tie, the round's total and his lone hands, a grand total and a line to
sign. A player gone home has his card say so in the rounds after his last."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine import Seat
from scoring.engine.rulebook import Rulebook
from scoring.engine.words import DASH, SEAT_WORDS, ordinal
from scoring.models import Event, RoundBye, RoundTable

TIMED_BOXES = 8
"""The deal boxes a round timed by the clock prints: as many as a usual round plays (more go on the back)."""
SITS_OUT = "sits out"


@dataclass(frozen=True)
class TallyCard:
    player: str
    rounds: tuple[tuple[int, str, str, str], ...]
    """(round, table, seat, partner) for each round; blank where the round is seated when it starts; seat
    `SITS_OUT` for a bye."""
    last_round: int | None = None
    """The last round he played before he went home (None while he is at the night)."""

    def gone_home(self, number: int) -> str:
        """What his card says in round `number`'s row once he went home before it ("" while he plays it)."""
        if self.last_round is None or number <= self.last_round:
            return ""
        return f"went home after round {self.last_round}"


@dataclass(frozen=True)
class TallyCards:
    paper: str
    event: str
    deals: str
    """"8 deals a round", or the minutes a round and as many deals as time allows."""
    cards: tuple[TallyCard, ...]
    file_name: str
    progressive: bool = False
    """The winners move up a table: only round 1's seats are known before the night."""
    byes: bool = False
    """Somebody sits out a round (the players are not a multiple of four)."""
    boxes: int = TIMED_BOXES
    """A box a deal on every round's row."""
    tie_box: bool = False
    """A box for the deal a table level after the round's deals plays for the tie (a progressive night of so many
    deals a round), after the deals' boxes."""
    figures: str = ""
    """What a deal's box may hold under the code: "1, 2, 4 or X"."""
    legend: tuple[str, ...] = ()
    """What to write in a deal's box, and the lone player's own figure where the night gives one."""
    house_rules: tuple[str, ...] = ()
    """The event's house rules in force, a sentence each (`HouseRules.stated`), under the legend; empty for none."""


def deal_figures(book: Rulebook) -> dict[int, list[str]]:
    """What a side may score in a deal under the code, each figure with the hands that give it, lowest first.
    A lone hand's point or euchre that scores as a partnership's is named once, with it."""
    points = book.points
    hands = [(points.point, "a point"), (points.march, "a march"), (points.euchre, "a euchre"),
             (points.lone_march, "a lone march")]
    if points.lone_point != points.point:
        hands.append((points.lone_point, "a lone hand's point"))
    if points.lone_euchre != points.euchre:
        hands.append((points.lone_euchre, "a lone hand euchred"))
    figures: dict[int, list[str]] = {}
    for value, name in sorted(hands, key=lambda hand: hand[0]):
        figures.setdefault(value, []).append(name)
    return figures


def tally_legend(book: Rulebook, lone_bonus: int, tie_after: int | None = None) -> tuple[str, tuple[str, ...]]:
    """The figures a deal's box may hold ("1, 2, 4 or X") and the legend that says which is which; with
    `tie_after` (the round's deals), what the tie's box is for."""
    figures = deal_figures(book)
    shown = ", ".join(str(value) for value in figures)
    which = "; ".join(f"{value} for {' or '.join(names)}" for value, names in figures.items())
    tie = (f" Tie: the {ordinal(tie_after + 1)} deal, only when the sides are level after the "
           f"{ordinal(tie_after)}." if tie_after else "")
    legend = [f"Each deal: what your side scored ({which}), or X when the other side scored.{tie} Total: the "
              "round's boxes added up. Lone hands: those you made that round."]
    if lone_bonus:
        legend.append(f"A lone player who takes all five tricks writes {book.points.lone_march + lone_bonus} in his "
                      f"own box, his partner {book.points.lone_march}: the side's points, which decide the table, "
                      f"stay {book.points.lone_march}.")
    return f"{shown} or X", tuple(legend)


def _seated(event: Event) -> dict[tuple[int, int], tuple[str, str, str]]:
    """(table, seat, partner) by (round, player) for every round seated so far: two queries (the tables with
    their players' names, the byes)."""
    seated: dict[tuple[int, int], tuple[str, str, str]] = {}
    seats = ("north", "east", "south", "west")
    names = tuple(f"{seat}__display_name" for seat in seats)
    rows = RoundTable.objects.filter(round__event=event).values("round__number", "number",
                                                                *(f"{seat}_id" for seat in seats), *names)
    key = dict(zip(Seat, seats, strict=True))
    for row in rows:
        for seat in Seat:
            seated[row["round__number"], row[f"{key[seat]}_id"]] = (
                str(row["number"]), SEAT_WORDS[seat], row[f"{key[seat.partner]}__display_name"])
    for number, player_id in RoundBye.objects.filter(round__event=event).values_list("round__number", "player_id"):
        seated[number, player_id] = (DASH, SITS_OUT, "")
    return seated


def tally_cards(event: Event) -> TallyCards:
    """Every entrant's card, in the order of entry (three queries: the entrants, the seats of every round with
    the names at them, the byes)."""
    entrants = list(event.entrants.select_related("player").order_by("number"))
    seated = _seated(event)
    rounds = range(1, (event.rounds or 0) + 1)
    cards = tuple(TallyCard(e.player.display_name,
                            tuple((n, *seated.get((n, e.player_id), ("", "", ""))) for n in rounds), e.last_round)
                  for e in entrants)
    if event.night.deal_limit:
        deals, boxes = f"{event.night.deal_limit} deals a round.", event.night.deal_limit
    elif event.night.round_minutes or event.progressive:
        deals = (f"{event.night.round_minutes} minutes a round: " if event.night.round_minutes else "") + (
            f"as many deals as time allows (more on the back after {TIMED_BOXES}).")
        boxes = TIMED_BOXES
    else:  # a round that plays its rubber or match out
        deals, boxes = "", TIMED_BOXES
    # A progressive round of so many deals plays one more when the sides are level after them (`round_deals`).
    tie_after = event.night.deal_limit if event.progressive else None
    figures, legend = tally_legend(event.playing, event.night.lone_bonus, tie_after)
    return TallyCards(event.paper_size, event.name, deals, cards, f"{event.slug}-tally-cards.pdf",
                      progressive=event.moves_up, byes=len(entrants) % 4 != 0, boxes=boxes, figures=figures,
                      legend=legend, house_rules=event.house.stated(), tie_box=bool(tie_after))
