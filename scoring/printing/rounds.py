"""What the paper of an event in rounds prints, read with a fixed number of queries per document:
table cards and blank score sheets for a round, and the movement sheet for the whole event."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace

from scoring.engine import Seat
from scoring.engine.key import scoring_key
from scoring.engine.progressive import MOVES_UP, movement_words
from scoring.engine.words import DASH, SEAT_WORDS
from scoring.models import Event, Player, Round, RoundTable, Rubber
from scoring.printing.pdf.data import HandLine, PlayerPoints, RubberSheet, SeatLine
from scoring.printing.sheets import MIN_BLANK_ROWS, ROWS_ON_SHEET, _date, rubber_sheet
from scoring.services.club import the_club

PLAYERS = ("north", "east", "south", "west")


@dataclass(frozen=True)
class TableCard:
    table: int
    seats: tuple[tuple[str, str], ...]
    """(seat word, player) for North, East, South, West."""
    first_dealer: str
    """'East: Henry Hale'."""
    dealer_seat: str
    """'East': the seat marked on the card as dealing first."""
    code: str = ""
    """The table's code for reporting hands from phones ('W6Y 7ND'), printed for the secretary only."""
    code_url: str = ""
    """The table page the card's QR code opens."""
    code_note: str = ""
    """Before the round starts, when no code exists yet: where the phones will find it."""
    moves: str = ""
    """A progressive night: how the movement goes from this table after the round."""


@dataclass(frozen=True)
class RoundCards:
    paper: str
    event: str
    round: int
    cards: tuple[TableCard, ...]
    sitting_out: tuple[str, ...]
    file_name: str


@dataclass(frozen=True)
class Movement:
    paper: str
    event: str
    rounds: int
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    """(player, cells a round: '3 N', 'out', or a dash for a round not yet paired), by name; for fixed
    pairs (pair, cells '3 NS'), in the order of entry."""
    file_name: str
    by_pairs: bool = False


def _tables(round_: Round) -> list[RoundTable]:
    return list(round_.tables.select_related(*PLAYERS, "rubber__event").order_by("number"))


def round_cards(round_: Round, codes: Callable[[Rubber], tuple[str, str] | None] | None = None,
                entry_url: str = "") -> RoundCards:
    """The round's table cards; `codes` gives a table's code and its page's address, for the secretary's copy.
    Cards printed before the round starts (no code exists yet) say where the code will be found, at
    `entry_url`, the page where a phone types it."""
    event = round_.event
    cards = []
    tables = _tables(round_)
    out = tuple(b.player.display_name for b in round_.byes.select_related("player").order_by("player__display_name"))
    for table in tables:
        seats = {s: table.player_at(s) for s in Seat}
        dealer = Seat(table.first_dealer)
        code = codes(table.rubber) if codes is not None and table.rubber is not None else None
        note = (f"Phones: when the round starts, the secretary gives this table's code (the room shows it to "
                f"him); type it at {entry_url}" if table.rubber is None and entry_url else "")
        cards.append(TableCard(table.number, tuple((SEAT_WORDS[s], seats[s].display_name) for s in Seat),
                               f"{SEAT_WORDS[dealer]}: {seats[dealer].display_name}", SEAT_WORDS[dealer],
                               *(code or ("", "")), code_note=note,
                               moves=_moves(event, round_.number, table.number, len(tables), bool(out))))
    return RoundCards(event.paper_size, event.name, round_.number, tuple(cards), out,
                      f"{event.slug}-round-{round_.number}-table-cards.pdf")


def _moves(event: Event, round_number: int, table: int, tables: int, byes: bool) -> str:
    """How the movement goes from the table after the round, on a progressive night's cards only."""
    if not event.progressive:
        return ""
    return movement_words(table, tables, event.night.movement, last=round_number >= (event.rounds or 0),
                          byes=byes and event.night.movement == MOVES_UP)


def _planned_sheet(event: Event, round_: Round, table: RoundTable) -> RubberSheet:
    """A blank score sheet for a table of a round not yet started: its seats, and dealers by rotation (law 28)."""
    seats = {s: table.player_at(s) for s in Seat}
    sides = {"NS": f"{seats[Seat.N].display_name} & {seats[Seat.S].display_name}",
             "EW": f"{seats[Seat.E].display_name} & {seats[Seat.W].display_name}"}
    dealer = Seat(table.first_dealer)
    lines = []
    for number in range(1, max(MIN_BLANK_ROWS, ROWS_ON_SHEET) + 1):
        lines.append(HandLine(number=number, dealer=dealer.value))
        dealer = dealer.left
    return RubberSheet(
        paper=event.paper_size, club=the_club().name, title=f"Round {round_.number}, table {table.number}",
        event=event.name, table=str(table.number), played_on=_date(event.starts_on),
        status=f"Blank sheet: the round has not started · first to deal: {SEAT_WORDS[Seat(table.first_dealer)]} "
               f"({seats[Seat(table.first_dealer)].display_name})", seats=tuple(
            SeatLine(SEAT_WORDS[s], seats[s].display_name, s.side.value) for s in Seat),
        sides=tuple(sides.items()), substitutes=(), lines=tuple(lines), games=(), result="Not played yet.",
        rubber_points=(0, 0), players=tuple(PlayerPoints(seats[s].display_name, s.side.value, 0) for s in Seat),
        corrections=(), rulings=(), key=scoring_key(event.playing), house_rules=event.playing.house.stated(),
        signatures=tuple(f"{SEAT_WORDS[s]} ({seats[s].display_name})" for s in Seat),
        file_name=f"{event.slug}-round-{round_.number}-table-{table.number}.pdf")


def round_sheets(round_: Round) -> list[RubberSheet]:
    """Each table's score sheet: the rubber's own once the round has started, else a blank one."""
    event = round_.event
    sheets = []
    for table in _tables(round_):
        if table.rubber is None:
            sheets.append(_planned_sheet(event, round_, table))
        else:
            sheets.append(replace(rubber_sheet(table.rubber), title=f"Round {round_.number}, table {table.number}"))
    return sheets


def _by_name(name: str) -> tuple[str, str]:
    """Alphabetical as a reader looks a name up: Élodie among the Es, Åsa among the As."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return plain.casefold(), name


def movement(event: Event) -> Movement:
    """Each entrant's table and seat, round by round (three queries whatever the size of the event)."""
    rounds = list(event.event_rounds.order_by("number"))
    where: dict[tuple[int, int], str] = {}
    paired = set()
    fields = ("round__number", "number", *(f"{p}_id" for p in PLAYERS))
    for table in RoundTable.objects.filter(round__event=event).values(*fields):
        paired.add(table["round__number"])
        for seat, field in zip("NESW", PLAYERS, strict=True):
            where[(table[f"{field}_id"], table["round__number"])] = f"{table['number']} {seat}"
    for player_id, number in event.event_rounds.values_list("byes__player_id", "number"):
        if player_id is not None:
            where[(player_id, number)] = "out"
    def cells(player: Player, side: bool = False) -> tuple[str, ...]:
        found = [where.get((player.pk, r.number), "out" if r.number in paired else DASH) for r in rounds]
        # A pair sits together: its place is the table and the side ("2 NS").
        return tuple(f"{c[:-1]}{'NS' if c[-1] in 'NS' else 'EW'}" if side and c[-1] in "NESW" else c for c in found)

    entrants = list(event.entrants.select_related("player").order_by("number"))
    if event.fixed_pairs:  # fixed pairs move as pairs: entrants 1-2 are pair 1, 3-4 pair 2, ...
        by_number = {e.number: e.player for e in entrants}
        rows = tuple((f"{n // 2 + 1}. {by_number[n]} & {by_number[n + 1]}", cells(by_number[n], side=True))
                     for n in sorted(by_number) if n % 2 and n + 1 in by_number)
    else:
        rows = tuple((p.display_name, cells(p))
                     for p in sorted((e.player for e in entrants), key=lambda p: _by_name(p.display_name)))
    return Movement(event.paper_size, event.name, len(rounds), rows, f"{event.slug}-movement.pdf",
                    by_pairs=event.fixed_pairs)
