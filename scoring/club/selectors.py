"""Reads that span models, each with a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q
from django.http import Http404

from scoring.engine import RubberError, RubberResult, Seat, Side
from scoring.engine.explain import REASON_WORDS, describe_award, describe_game, describe_hand, game_line
from scoring.engine.interchange import parse_hand
from scoring.engine.words import SEAT_WORDS
from scoring.models import Hand, HandCorrection, HandReport, HandTakenBack, Rubber, Ruling
from scoring.services.play import as_scored
from scoring.services.rulings import ruling_words
from scoring.services.scoring import rubber_result
from scoring.words import HAND_RECORD, REPORT_PEOPLE, hand_record_words, play_words, record_words


def rubber_for_page(pk: int) -> Rubber:
    """A rubber with its event, players and substitutes (raises Rubber.DoesNotExist)."""
    return (Rubber.objects.select_related("event", "north", "east", "south", "west")
            .prefetch_related("seat_changes__player").get(pk=pk))


def rubber_or_404(pk: int) -> Rubber:
    try:
        return rubber_for_page(pk)
    except Rubber.DoesNotExist:
        raise Http404("No such rubber.") from None


LATEST = 3  # hands shown above the entry form: what a secretary glances back at


@dataclass
class HandRow:
    hand: Hand
    report: str
    ns_points: int
    ew_points: int
    score_after: tuple[int, int]
    score_shown: tuple[int, int]
    """The score to show: a game's final tally on the row that ends it (as the sheet prints it)."""
    awards: list[str]
    laws: list[int]
    games_closed: list[str]
    penalties: list[str]
    corrections: list[HandCorrection]
    rulings: list[Ruling]
    announced_mismatch: bool
    record: str = ""
    """Who reported and confirmed the hand at the table, or who entered it, and when."""
    dealer: str = ""
    """Who dealt, by name."""


@dataclass
class RubberPage:
    rubber: Rubber
    result: RubberResult | None
    rows: list[HandRow] = field(default_factory=list)
    error: str = ""
    taken_back: list[tuple[HandTakenBack, str]] = field(default_factory=list)
    """Hands taken back, each with what it was entered as."""
    open_reports: list[tuple[HandReport, str]] = field(default_factory=list)
    """Hands reported at the table and not yet recorded (waiting or disputed), each in words."""
    names: dict[int, dict[Seat, str]] = field(default_factory=dict)
    """Who sat in each seat, hand by hand, by name."""
    table_reports: list[tuple[int, str]] = field(default_factory=list)
    """What the table's reports left on the record besides the hands: reports taken back or dropped, and
    disputes, each (hand, words), in the order they were made."""

    @property
    def first_dealer(self) -> str:
        """"North (Henry Hale)": who won the cut for the first deal (law 11)."""
        seat = Seat(self.rubber.first_dealer)
        return f"{SEAT_WORDS[seat]} ({self.rubber.player_at(seat)})"

    @property
    def game_number(self) -> int:
        return len(self.result.games) + 1 if self.result else 1

    @property
    def game_lines(self) -> list[str]:
        return [game_line(g, self.rubber.rulebook) for g in self.result.games] if self.result else []

    @property
    def latest(self) -> list[HandRow]:
        """The last hands entered, oldest first, so that the newest sits next to the entry form."""
        return self.rows[-LATEST:]

    @property
    def mismatches(self) -> list[HandRow]:
        return [r for r in self.rows if r.announced_mismatch]

    @property
    def rulings(self) -> list[Ruling]:
        """The rubber's rulings, each with `words`: what it says as the hand stands now (see `ruling_words`)."""
        out = [r for row in self.rows for r in row.rulings]
        rulebook = self.rubber.rulebook
        for ruling in out:
            ruling.words = ruling_words(ruling, self.rubber, self.names.get(ruling.hand.number))  # type: ignore[attr-defined]
            ruling.cited = rulebook.cite(ruling.laws)  # type: ignore[attr-defined]
        return out

    @property
    def corrections(self) -> list[tuple[HandRow, HandCorrection]]:
        return [(r, c) for r in self.rows for c in r.corrections]


def names_by_hand(rubber: Rubber, last: int) -> dict[int, dict[Seat, str]]:
    """Who sat in each seat for hands 1 to `last`, by name (substitutes from their hand on, law 18),
    from one query for the rubber's seat changes."""
    changes = sorted(rubber.seat_changes.select_related("player"), key=lambda c: c.from_hand)
    seated = {seat: str(rubber.player_at(seat)) for seat in Seat}
    names: dict[int, dict[Seat, str]] = {}
    for number in range(1, last + 1):
        for change in changes:
            if change.from_hand == number:
                seated[Seat(change.seat)] = str(change.player)
        names[number] = dict(seated)
    return names


def hand_words(rubber: Rubber, hand: Hand, names: dict[Seat, str] | None = None) -> str:
    """A recorded hand in words, naming the players who sat for it."""
    if names is None:
        names = {seat: str(player) for seat, player in rubber.players_at_hand(hand.number).items()}
    return describe_hand(as_scored(hand, rubber.rulebook), names=names)


def rubber_page(rubber: Rubber) -> RubberPage:
    """Everything the rubber page shows: the hands with their points and laws, games, flags."""
    hands = list(
        rubber.hands.order_by("number").select_related(*HAND_RECORD).prefetch_related(
            "penalties",
            Prefetch("corrections", queryset=HandCorrection.objects.select_related("made_by")),
            Prefetch("rulings", queryset=Ruling.objects.select_related("made_by", "withdrawn_by")),
        )
    )
    try:
        result = rubber_result(rubber, hands)
    except RubberError as exc:  # stored hands always score; shown rather than raised if not
        return RubberPage(rubber, None, error=str(exc))
    games = {g.number: g for g in result.games}
    names = names_by_hand(rubber, len(hands) + 1)
    rulebook = rubber.rulebook
    rows = []
    for hand, scored in zip(hands, result.hands, strict=True):
        closed = [games[n] for n in scored.games_closed]
        announced = (hand.announced_ns, hand.announced_ew)
        finals = {scored.score_after} | {g.score for g in closed}
        mismatch = hand.announced_ns is not None and announced not in finals and not hand.announcement_resolved
        laws = sorted({n for a in scored.awards for n in a.laws} | {n for _, ls in scored.notes for n in ls})
        rows.append(HandRow(
            hand=hand,
            report=describe_hand(scored.hand, penalties=False, names=names[hand.number]),  # penalties: own lines
            ns_points=scored.points(Side.NS),
            ew_points=scored.points(Side.EW),
            score_after=scored.score_after,
            score_shown=closed[-1].score if closed else scored.score_after,
            awards=[describe_award(a, rulebook) for a in scored.awards] + [REASON_WORDS[r] for r, _ in scored.notes],
            laws=laws,
            games_closed=[describe_game(g, rulebook) for g in closed],
            penalties=[p.words(rulebook) for p in hand.penalties.all()],
            corrections=list(hand.corrections.all()),
            rulings=list(hand.rulings.all()),
            announced_mismatch=mismatch,
            record=hand_record_words(hand, rubber),
            dealer=names[hand.number][Seat(hand.dealer)] if hand.dealer else "",
        ))
    taken_back = [(t, describe_hand(parse_hand(t.hand, t.number, rulebook), names=names.get(t.number)))
                  for t in rubber.hands_taken_back.select_related("made_by")]
    reports = rubber.hand_reports.filter(status__in=HandReport.OPEN).select_related(*REPORT_PEOPLE)
    open_reports = [(r, f"{play_words(r.play, rubber.players_at_hand(r.number))}; {record_words(r)}")
                    for r in reports]
    return RubberPage(rubber, result, rows, taken_back=taken_back, open_reports=open_reports,
                      table_reports=table_report_lines(rubber), names=names)


NOT_RECORDED = (HandReport.Status.WITHDRAWN, HandReport.Status.DROPPED)


def table_report_lines(rubber: Rubber) -> list[tuple[int, str]]:
    """Reports taken back or dropped, and disputes settled, each as one line for the page and the sheet."""
    reports = (rubber.hand_reports.filter(Q(status__in=NOT_RECORDED) | ~Q(dispute=""))
               .exclude(status__in=HandReport.OPEN).select_related(*REPORT_PEOPLE).order_by("reported_at", "pk"))
    return [(r.number, f"“{play_words(r.play, rubber.players_at_hand(r.number))}”, {record_words(r)}")
            for r in reports]

