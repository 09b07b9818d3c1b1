"""Gather what each printed document shows into plain data (`scoring.printing.pdf.data`).

All reading happens here, with a fixed number of queries per document; the drawing
functions in `scoring.printing.pdf` only lay out what they are given.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone
from django.utils.text import slugify

from scoring.club.selectors import HandRow, RubberPage, rubber_page
from scoring.engine import GameResult, HandResult, HandScore, Reason, RubberResult, Seat, Side
from scoring.engine.explain import REASON_WORDS, RESULT_WORDS, cite, describe_award, describe_game
from scoring.engine.key import scoring_key
from scoring.engine.progressive import BYE_RULE, TIE_RULE
from scoring.engine.rulebook import STANDINGS, Rulebook, Terms
from scoring.engine.rulebook.matters import Matter
from scoring.engine.words import DASH, SEAT_WORDS, moment, plural
from scoring.models import Event, KeptFigures, Player, Rubber, RubberPlayerResult
from scoring.models.playing import PaperSize
from scoring.models.rubbers import SEAT_FIELD, undealt
from scoring.printing.pdf.data import (
    GameLine,
    HandLine,
    PlayerPoints,
    RecordFormat,
    RecordSheet,
    RubberRecordLine,
    RubberSheet,
    RulingLine,
    RulingSheet,
    SeatLine,
    StandingLine,
    StandingsSheet,
)
from scoring.rulings.display import RulingView
from scoring.services.club import the_club
from scoring.services.rulings import ruling_words
from scoring.standings import cache as standings_cache
from scoring.standings import order
from scoring.standings.night import night_rows, places_rule
from scoring.standings.selectors import (
    FormatRecord,
    abandoned_rubbers,
    listed,
    not_counted_entrants,
    partnerships,
    play_stats,
    player_formats,
    player_summaries,
    prizes,
    ranked,
    standings,
)
from scoring.words import rubber_result_words, rubber_state_words

ROWS_ON_SHEET = 16
"""A sheet for a rubber still in play has at least this many rows, recorded and blank."""
MIN_BLANK_ROWS = 6
"""...and never fewer blank rows than this, so a long rubber can still be finished on it."""

# Points the laws take away or give as penalties: shown with their laws in the penalties column.
PENALTY_REASONS = frozenset({Reason.REVOKE, Reason.WRONG_CARDS, Reason.WRONG_CARDS_VOID, Reason.ABANDONED,
                             Reason.LONE_MARCH_PARTNER_EXPOSED, Reason.LOST_TO_PRECEDENCE, Reason.SIGNAL,
                             Reason.THROWN_IN, Reason.OFFENDERS_VOID, Reason.REVOKE_ENDED_HAND,
                             Reason.REPLACED_BY_THROWN_IN, Reason.GAME_ALREADY_WON, Reason.COUNTER_ERROR,
                             Reason.PENALTY_REFUSED, Reason.UNCOUNTED})



def _pair(score: tuple[int, int]) -> str:
    return f"{score[0]}{DASH}{score[1]}"


def _date(value) -> str:  # type: ignore[no-untyped-def]
    return f"{value:%-d %b %Y}"


# The rubber score sheet.

def _hand_line(row: HandRow, scored: HandScore, closed: list[GameResult], seated: dict[Seat, Player],
               rulebook: Rulebook) -> HandLine:
    hand = scored.hand
    penalties = [describe_award(a, rulebook) for a in scored.awards
                 if a.reason in PENALTY_REASONS or a.void_reason in PENALTY_REASONS]
    penalties += [f"{REASON_WORDS[reason]} ({cite(laws, rulebook)})" for reason, laws in scored.notes
                  if reason is not Reason.PASSED]
    penalties += [f"Ruling {r.pk}: {r.title} ({cite(tuple(r.laws), rulebook)})"
                  + (" - withdrawn" if r.withdrawn_at else "") for r in row.rulings]
    if hand.defended_alone is not None:  # a house rule of the standard game: who met the lone hand alone
        penalties.insert(0, f"Defended alone by {hand.defended_alone.value} {seated[hand.defended_alone]}")
    score = closed[0].score if closed else scored.score_after
    line = HandLine(number=scored.number, dealer=hand.dealer.value if hand.dealer else row.hand.dealer,
                    score=_pair(score), penalties=tuple(penalties))
    if hand.result is not HandResult.PLAYED:
        return replace(line, maker=RESULT_WORDS[hand.result].capitalize(), trump=DASH, ns=DASH, ew=DASH)
    assert hand.maker is not None
    return replace(
        line,
        maker=f"{hand.maker.value} {seated[hand.maker].display_name}",
        seat=hand.maker.value,
        trump=hand.declaration.value.replace("_", " ") if hand.declaration else "",
        alone="alone" if hand.alone else "",
        tricks="abandoned" if hand.adversary_abandoned else str(hand.tricks),
        ns=str(scored.points(Side.NS)),
        ew=str(scored.points(Side.EW)),
    )


def _game_line(game: GameResult, sides: dict[Side, str], last_game: int, rulebook: Rulebook) -> GameLine:
    """The game's end as the rubber page writes it, with the laws that scored it."""
    text = describe_game(game, rulebook)
    return GameLine(game.number, text)


def _blank_lines(result: RubberResult | None, rubber: Rubber, recorded: int, notes: int = 0) -> list[HandLine]:
    """Empty rows for the hands still to play, each with its dealer by rotation (law 28). `notes` is how
    many rows the rulings and corrections printed below take: the sheet gives them up, down to the
    fewest blank rows a rubber needs, so that the signatures stay on the one page."""
    if rubber.status != Rubber.Status.IN_PROGRESS or (result and result.complete):
        return []
    dealer = Seat(result.next_dealer if result and result.next_dealer else rubber.first_dealer)
    lines = []
    for number in range(recorded + 1, recorded + 1 + max(MIN_BLANK_ROWS, ROWS_ON_SHEET - recorded - notes)):
        lines.append(HandLine(number=number, dealer=dealer.value))
        dealer = dealer.left
    return lines


def rubber_sheet(rubber: Rubber) -> RubberSheet:
    """The score sheet of one rubber: recorded hands, then blank rows while it is in play."""
    page = rubber_page(rubber)
    result = page.result
    rulebook = rubber.rulebook
    first = {seat: rubber.player_at(seat) for seat in Seat}
    sides = {side: " & ".join(first[s].display_name for s in side.seats) for side in Side}
    lines = _sheet_lines(page, sides, rulebook.winning.games_in_rubber + 1)
    words = _sheet_words(rulebook, result)
    points = dict(zip(Side, words.pop("points"), strict=True))
    sitters = [(first[seat], seat) for seat in Seat]
    sitters += [(c.player, Seat(c.seat)) for c in rubber.seat_changes.all()]
    players = tuple(PlayerPoints(p.display_name, seat.side.value, points[seat.side]) for p, seat in sitters)

    recorded = len(page.rows)
    status = ("Blank sheet: no hands recorded yet" if not recorded and rubber.is_open
              else rubber.get_status_display())
    table = f", table {rubber.table_label}" if rubber.table_label else ""
    return RubberSheet(
        paper=rubber.event.paper_size,
        club=the_club().name,
        title=f"{rulebook.wording.terms.title} {rubber.pk}{table}",
        event=rubber.event.name,
        table=rubber.table_label,
        played_on=_date(rubber.played_on),
        status=status,
        seats=tuple(SeatLine(SEAT_WORDS[s], first[s].display_name, s.side.value) for s in Seat),
        sides=tuple((side.value, sides[side]) for side in Side),
        substitutes=tuple(f"{rulebook.headed(Matter.SUBSTITUTE)}{c.player.display_name} sits "
                          f"{SEAT_WORDS[Seat(c.seat)]} from hand {c.from_hand}" + (f" ({c.reason})" if c.reason else "")
                          for c in rubber.seat_changes.all()),
        lines=tuple(lines),
        games=tuple((str(g.number), f"{g.winner.value} ({sides[g.winner]})", _pair(g.score),
                     str(g.lap) if g.lap else DASH, "double" if g.double else "single", str(g.value))
                    for g in (result.games if result else ())),
        result=rubber_state_words(rubber, result),
        rubber_points=(points[Side.NS], points[Side.EW]),
        players=players,
        corrections=tuple(
            f"Hand {row.hand.number}, {moment(timezone.localtime(c.made_at))}"
            + (f" by {c.made_by.get_username()}" if c.made_by else "") + f": {c.reason}"
            for row, c in page.corrections),
        rulings=tuple(
            RulingLine(r.pk, row.hand.number, r.title, ", ".join(rulebook.law(n).cited for n in r.laws
                                                                   if n in rulebook.laws),
                       ruling_words(r, rubber, page.names.get(row.hand.number)),
                       f"withdrawn: {r.withdrawn_reason}" if r.withdrawn_at else "too late" if r.too_late else "")
            for row in page.rows for r in row.rulings),
        key=scoring_key(rulebook),
        house_rules=rulebook.house.stated(),
        signatures=tuple(f"{SEAT_WORDS[seat]} ({player.display_name})"
                         for seat, player in rubber.players_at_hand(max(recorded, 1)).items()),
        notes=(page.error,) if page.error else (),
        file_name=_rubber_file_name(rubber),
        table_reports=tuple(f"Hand {number}: {said}" for number, said in page.table_reports),
        **words,
    )


def _sheet_words(rulebook: Rulebook, result: RubberResult | None) -> dict[str, Any]:
    """The sheet's words and figures in its format's terms: the players' points (rubber points, games won, or the
    round's tally), what they are called, and the finished games' columns (a rubber's laps and kinds)."""
    terms = rulebook.wording.terms
    if terms.tally:
        points = result.current_score if result and result.current_score else (0, 0)
    else:
        points = result.rubber_points if result else (0, 0)
    columns = ("Game", "Won by", f"NS{DASH}EW") + (("Lap", "Kind", "Points") if rulebook.winning.laps else ())
    return {"points": points, "finished": terms.finished, "unit": terms.unit.capitalize(), "game_columns": columns,
            "no_games": "No game finished yet." if terms.games else "No game is played: the deals are added up."}


def _sheet_lines(page: RubberPage, sides: dict[Side, str], last_game: int) -> list[HandLine | GameLine]:
    """One line per recorded hand, each game's end after the hand that closed it, then the blank rows."""
    lines: list[HandLine | GameLine] = []
    result, rubber = page.result, page.rubber
    if result is not None:
        games = {g.number: g for g in result.games}
        for row, scored in zip(page.rows, result.hands, strict=True):
            closed = [games[n] for n in scored.games_closed]
            lines.append(_hand_line(row, scored, closed, rubber.players_at_hand(scored.number), rubber.rulebook))
            lines += [_game_line(g, sides, last_game, rubber.rulebook) for g in closed]
    rulings = sum(len(row.rulings) for row in page.rows)
    corrections = len(page.corrections) + len(page.table_reports)
    # Each ruling and correction prints one line below, and each of their headings takes about two.
    notes = rulings + corrections + 2 * bool(rulings) + 2 * bool(corrections)
    return lines + _blank_lines(result, rubber, len(page.rows), notes)


def _rubber_file_name(rubber: Rubber) -> str:
    table = f"-table-{slugify(rubber.table_label)}" if slugify(rubber.table_label) else ""
    contest = rubber.rulebook.wording.terms.contest
    return f"{rubber.event.slug}-{contest}-{rubber.pk}{table}-{rubber.played_on:%Y-%m-%d}.pdf"


# Event standings.

def standing_lines(rows: list[dict], matches: bool = False,
                   ranking: order.Ranking = order.TIE_BREAKS) -> tuple[StandingLine, ...]:
    """The rows as printed lines, ranked as the standings page ranks them. A match's line prints lone hands
    made and euchres where a rubber's prints doubles won and net per rubber."""
    return tuple(StandingLine(
        rank=row["rank"],
        player=row["player__display_name"] + (f" & {row['partner__display_name']}" if row.get("partner__display_name")
                                               else ""),
        rubbers=row["rubbers"], won=row["wins"], lost=row["losses"], games=row["games"] or 0,
        doubles=(row["lone"] or 0) if matches else (row["doubles"] or 0), points_for=row["scored_for"] or 0,
        points_against=row["scored_against"] or 0, net=row["net"] or 0,
        net_per_rubber=str(row["euchres"] or 0) if matches else f"{row['net_per_rubber']:.2f}",
        lone=row["lone"] or 0, euchres=row["euchres"] or 0, byes=row.get("byes") or 0)
        for row in (rows if all("rank" in row for row in rows) else ranked(rows, ranking)))


def _standings_notes(event: Event, rows: list[dict[str, Any]], rubbers: QuerySet[Rubber], ranking: Any,
                     after_round: int | None) -> list[str]:
    """What the standings count and leave out: rubbers by state, prizes and rules of a progressive night, players
    with nothing counted yet, abandoned rubbers."""
    # One query however many rubbers: how many of each kind, a table stopped before it dealt apart.
    counts = rubbers.aggregate(
        complete=Count("pk", filter=Q(status=Rubber.Status.COMPLETE)),
        stopped=Count("pk", filter=Q(status=Rubber.Status.STOPPED) & ~undealt()),
        undealt=Count("pk", filter=undealt()),
        in_progress=Count("pk", filter=Q(status=Rubber.Status.IN_PROGRESS)))
    undealt_tables, terms = counts["undealt"], event.playing.wording.terms
    complete = counts["complete"]  # a progressive round is never complete: its deals stop it
    notes = [] if terms.tally else [f"{complete} complete {terms.count(complete).split(' ', 1)[1]} counted."]
    if counts["stopped"] and terms.tally:
        notes.append(f"Counted: the rounds of {plural(counts['stopped'], 'table')}, every deal they played.")
    elif counts["stopped"]:
        notes.append(f"{terms.count(counts['stopped'])} stopped by their round (its deal limit or "
                     "its close), counted as they stood.")
    if undealt_tables:
        notes.append(f"{plural(undealt_tables, 'table')} stopped before dealing a hand: no {terms.contest} played, "
                     "none counted.")
    if counts["in_progress"]:
        playing = plural(counts["in_progress"], "table") if terms.tally else terms.count(counts["in_progress"])
        notes.append(f"{playing} in progress, not counted yet.")
    if event.progressive:
        notes[:0] = [f"{prize.name} ({prize.figure}): {', '.join(prize.winners)}"
                     f"{' (level: drawn by the site)' if prize.drawn else ''}."
                     for prize in prizes(ranked(rows, ranking), event)]
    if event.progressive:
        notes += [TIE_RULE, *([BYE_RULE] if any(row["byes"] for row in rows) else [])]
    counted = listed(rows)
    entrants = (not_counted_entrants(event, counted=counted) if after_round is None
                else not_counted_entrants(event, rubbers))
    missing = [player for player in entrants if player.pk not in counted]
    if missing:
        notes.append(f"No {terms.contest} counted yet (sat out, or still playing their first): "
                     f"{', '.join(p.display_name for p in missing)}.")
    for rubber in abandoned_rubbers(rubbers):
        table = f" table {rubber.table_label}," if rubber.table_label else ""
        notes.append(f"{terms.title} {rubber.pk},{table} {_date(rubber.played_on)}: abandoned, not counted "
                     f"({rubber.abandon_reason}).")
    return notes


def standings_sheet(event: Event, after_round: int | None = None) -> StandingsSheet:
    """The event's standings, the rows the standings page shows (`scoring.standings.cache`: the kept figures, or
    a progressive night's tallies); with `after_round`, only the rubbers of rounds 1 to that round count, added
    up from their results (the kept figures are by day, not by round)."""
    rubbers, terms = event.rubbers.all(), event.playing.wording.terms
    matches = not event.playing.winning.laps
    ranking = order.for_event(event)
    pairs: list[dict[str, Any]] = []
    if after_round is None:
        rows = standings_cache.event_players(event)
        if event.mode == Event.Mode.PAIRS:
            pairs = standings_cache.event_pairs(event)
    else:
        rubbers = rubbers.filter(round_table__round__number__lte=after_round)
        results = RubberPlayerResult.objects.filter(rubber__in=rubbers)
        rows = (night_rows(event, ranking, after_round) if event.progressive
                else list(standings(results, ranking)))
        if event.mode == Event.Mode.PAIRS:
            pairs = list(partnerships(results, ranking))
    notes = _standings_notes(event, rows, rubbers, ranking, after_round)
    dates = _date(event.starts_on) + (f" to {_date(event.ends_on)}" if event.ends_on else "")
    return StandingsSheet(
        paper=event.paper_size,
        club=the_club().name,
        title=f"{event.name}: standings" + (f" after round {after_round}" if after_round else ""),
        subtitle=f"{dates} · as of {moment(timezone.localtime())}",  # the hour too: a night's standings change by it
        tie_breakers=order.sentence(ranking),
        lines=standing_lines(rows, matches, ranking),
        # Fixed pairs stand as pairs: their table comes first, as on the standings page and the wall.
        pair_lines=standing_lines(pairs, matches, ranking) if pairs else (),
        matches=matches,
        progressive=event.progressive,
        empty="No points counted yet." if terms.tally else f"No complete {terms.contests} yet.",
        house_rules=event.house.stated(),
        notes=tuple(notes),
        entry="Pair" if event.progressive and event.fixed_pairs else "Player",
        places=places_rule(event) if event.progressive else StandingsSheet.places,
        file_name=f"{event.slug}-standings" + (f"-after-round-{after_round}" if after_round else "") + ".pdf",
    )


# A player's record.

def _pct(value: float | None) -> str:
    return DASH if value is None else f"{value:.1f}%"


RECORD_RUBBERS = 200
"""The most rubbers a printed record lists (about five pages): the newest of his play, or of the period chosen.
His figures are over all his play whatever the list holds, read from the kept figures, so that the sheet costs
what its pages do however long his past."""


@dataclass(frozen=True)
class Period:
    """The rubbers a printed record lists: those played from `start` to `end`, both days included (either open:
    none, his newest). `unread` names the ends the address gave that were not dates, and were left out."""

    start: dt.date | None = None
    end: dt.date | None = None
    unread: tuple[str, ...] = ()

    @property
    def chosen(self) -> bool:
        return self.start is not None or self.end is not None

    @property
    def words(self) -> str:
        """"from 1 Jan 2026 to 31 Mar 2026", "from 1 Jan 2026 on", "up to 31 Mar 2026"."""
        if self.start and self.end:
            return f"from {_date(self.start)} to {_date(self.end)}"
        return f"from {_date(self.start)} on" if self.start else f"up to {_date(self.end)}"

    @property
    def ends(self) -> tuple[tuple[str, dt.date], ...]:
        """The ends given, by the names the address gives them: (("from", 1 Jan 2026), ("to", 31 Mar 2026))."""
        return tuple((name, day) for name, day in (("from", self.start), ("to", self.end)) if day)


def record_sheet(player: Player, events: QuerySet[Event], period: Period | None = None, *, address: str = "",
                 page: str = "") -> RecordSheet:
    """His figures over all his play in `events` (those the reader may see), from the kept figures as his page
    reads them (each format apart), and his results newest first: of the `period` chosen, else of all his play, at
    most `RECORD_RUBBERS` of them. The sheet says what it lists, and how to print the rest: `address` is the record's
    own (to print another period), `page` his page (which lists every result)."""
    period = period or Period()
    stats = play_stats(player, Rubber.objects.filter(event__in=events), events)
    played = player_formats(player, events, charted=False)
    own = list(_newest_results(player, events, period, RECORD_RUBBERS + 1, [f.standing.key for f in played]))
    more, own = len(own) > RECORD_RUBBERS, own[:RECORD_RUBBERS]

    def people(rows: list) -> tuple[tuple[str, ...], ...]:
        return tuple((r.name, str(r.rubbers), str(r.won), str(r.lost), f"{r.net:+d}") for r in rows)

    formats = tuple(RecordFormat(f.standing.heading, f.figures, f.terms.contests.capitalize(), people(f.partners),
                                 people(f.opponents)) for f in played)
    nouns = _listed_nouns(played)
    charges = (("Penalties charged to his side", str(stats.penalties)),
               ("Rulings against him that changed a score", str(stats.rulings_against)))
    maker = tuple((f.label, str(f.made), _pct(f.pct_made), _pct(f.pct_marches), _pct(f.pct_euchred))
                  for f in [stats.maker, *stats.by_position, stats.lone])

    lines = _record_lines(own)
    heading, listed, intro = _record_list(player, events, period, [r["rubber__played_on"] for r in own], more,
                                          address, page, nouns)
    paper = own[0]["rubber__event__paper_size"] if own else PaperSize.LETTER
    slug = f"{slugify(player.display_name) or 'player'}-{player.pk}-record"
    slug += "".join(f"-{name}-{day.isoformat()}" for name, day in period.ends)
    return RecordSheet(
        paper=paper,
        club=the_club().name,
        title=f"{player.display_name}: record",
        subtitle=f"As of {_date(timezone.localdate())}. Figures over all his play, each format in its own units, "
                 f"counting complete rubbers, matches and rounds (maker figures leave out abandoned ones). "
                 f"{nouns[1].capitalize()} listed: {listed}.",
        formats=formats,
        charges=charges,
        maker=maker,
        rubbers=lines,
        rubbers_heading=heading,
        rubbers_intro=tuple(intro),
        no_rubbers=f"No {nouns[1]} in this period." if period.chosen else f"No {nouns[1]} recorded.",
        file_name=f"{slug}.pdf",
    )


def _newest_results(player: Player, events: QuerySet[Event], period: Period, count: int,
                    codes: Iterable[str]) -> QuerySet[RubberPlayerResult, dict[str, Any]]:
    """His newest `count` results in `events` and `period`, with their rubbers and players, read from the last
    days that hold them: the kept rows by day, newest first, say from which day his last `count` counted
    rubbers were played (a day holds one at least, so `count` days are the most read), and only that day's
    rubbers and later are looked up. With fewer, every result of the period is read. `codes` are the formats he
    played (his kept rows' codes)."""
    rubbers = Rubber.objects.filter(event__in=events)
    days = KeptFigures.objects.filter(player=player, event__in=events, day__isnull=False)
    if period.start is not None:
        rubbers, days = rubbers.filter(played_on__gte=period.start), days.filter(day__gte=period.start)
    if period.end is not None:
        rubbers, days = rubbers.filter(played_on__lte=period.end), days.filter(day__lte=period.end)
    held = 0
    for day, counted in _newest_days(days, codes, count):
        held += counted
        if held >= count:
            results = RubberPlayerResult.objects.filter(player=player, rubber__in=rubbers.filter(played_on__gte=day))
            break
    else:
        results = RubberPlayerResult.objects.filter(player=player, rubber__event__in=events)
        if period.start is not None:
            results = results.filter(rubber__played_on__gte=period.start)
        if period.end is not None:
            results = results.filter(rubber__played_on__lte=period.end)
    return (results.order_by("-rubber__played_on", "-rubber_id")
            .values("side", "won", "points_for", "points_against", "rubber_id", "partner__display_name",
                    "rubber__played_on", "rubber__status", "rubber__event_id", "rubber__event__paper_size",
                    *(f"rubber__{field}__display_name" for field in SEAT_FIELD.values()))[:count])


def _newest_days(days: QuerySet[KeptFigures], codes: Iterable[str], count: int) -> list[tuple[dt.date, int]]:
    """His newest `count` days among `days`, newest first, each with the rubbers counted on it: read a format at a
    time down his own index of days in it (player, code, day), so that a player of twenty years costs what a new
    member does; a day he played two formats adds up both."""
    held: Counter[dt.date] = Counter()
    for code in codes:
        for row in days.filter(code=code).values("day").annotate(n=Sum("rubber_count")).order_by("-day")[:count]:
            held[row["day"]] += row["n"]
    return sorted(held.items(), reverse=True)[:count]


def _record_lines(own: list[dict[str, Any]]) -> tuple[RubberRecordLine, ...]:
    """His results as the record lists them, each event's words read once (a list of 200 holds a few events)."""
    events = {e.pk: e for e in Event.objects.filter(pk__in={r["rubber__event_id"] for r in own})}
    terms = {pk: event.playing.wording.terms for pk, event in events.items()}
    lines = []
    for r in own:
        said = terms[r["rubber__event_id"]]
        opponents = " & ".join(r[f"rubber__{SEAT_FIELD[s]}__display_name"] for s in Side(r["side"]).other.seats)
        lines.append(RubberRecordLine(
            played_on=f"{r['rubber__played_on']:%-d %b %Y}", table=f"{said.title} #{r['rubber_id']}",
            event=events[r["rubber__event_id"]].name, side=r["side"], partner=r["partner__display_name"] or "",
            opponents=opponents,
            score="" if r["rubber__status"] == Rubber.Status.ABANDONED else
            f"{r['points_for']}{DASH}{r['points_against']} {said.points}",
            result=rubber_result_words(r["rubber__status"], r["won"])))
    return tuple(lines)


def _record_list(player: Player, events: QuerySet[Event], period: Period, days: list[dt.date], more: bool,
                 address: str, page: str, nouns: tuple[str, str]) -> tuple[str, str, list[str]]:
    """What a record's list of rubbers holds, in its heading and its subtitle's words, and the lines above it: the
    period's own figures (kept by day), the address's dates left out, and how to print what is not listed. `nouns`
    name what it lists: ("rubber", "rubbers") for a player of Somerset rubbers only, ("result", "results") for
    one of several formats."""
    one, many = nouns
    intro = []
    if period.chosen:
        heading = f"{many.capitalize()} {period.words}"
        listed = f"those {period.words}"
        if period.start and period.end and period.start > period.end:
            intro.append(f"The period's first day is after its last: no {one} lies in it.")
        else:
            summaries = player_summaries(player, events, start=period.start, end=period.end)
            intro.append("In this period: " + ("; ".join(
                (f"{STANDINGS[key].heading}: " if len(summaries) > 1 else "")
                + _period_words(STANDINGS[key].terms, summary) for key, summary in summaries.items())
                or f"no complete {many}") + ".")
    else:
        heading, listed = f"{many.capitalize()}, newest first", f"all his {many} ({len(days)})" if days else "none yet"
    intro += [f'The address\'s "{name}" date could not be read (write it as year-month-day: 2026-01-31), so it '
              "was left out." for name in period.unread]
    if more:
        newest, oldest = days[0], days[-1]
        # The period to suggest: as long as the one listed (four weeks at least), up to its oldest day.
        floor, span = period.start or dt.date.min, max(newest - oldest, dt.timedelta(days=28))
        earlier = oldest - span if oldest - floor > span else floor
        heading = (f"His newest {RECORD_RUBBERS} {many} {period.words}" if period.chosen
                   else f"His newest {RECORD_RUBBERS} {many}")
        listed = (f"the newest {RECORD_RUBBERS} of those {period.words}, back to {_date(oldest)}" if period.chosen
                  else f"his newest {RECORD_RUBBERS}, back to {_date(oldest)}")
        intro.append(f"A record lists at most {RECORD_RUBBERS} {many}. For earlier ones, print a period (dates "
                     f"written year-month-day; either may be left out), such as {address}?from="
                     f"{earlier.isoformat()}&to={oldest.isoformat()}. His page lists every {one}: {page}")
    elif period.chosen:
        intro.append(f"{many.capitalize()} outside this period are not listed: {address} prints his newest, and "
                     f"{address}?from=YYYY-MM-DD&to=YYYY-MM-DD any other period. His page lists every {one}: {page}")
    return heading, listed, intro


def _period_words(terms: Terms, summary: dict[str, Any]) -> str:
    """"2 complete rubbers, won 2, lost 0, rubber points 8-2, net +6": a period's figures in one format's units."""
    played = summary["rubbers"] or 0
    return (f"{plural(played, f'complete {terms.contest}', f'complete {terms.contests}')}, won {summary['wins']}, lost "
            f"{summary['losses']}, {terms.points} {summary['scored_for'] or 0}{DASH}{summary['scored_against'] or 0}, "
            f"net {summary['net'] or 0:+d}")


def _listed_nouns(formats: list[FormatRecord]) -> tuple[str, str]:
    """What his list of results is called: his format's rubbers, matches or rounds when he has played one (the
    club's own when he has played none yet)."""
    kinds = {(f.terms.contest, f.terms.contests) for f in formats}
    if not kinds:
        club = the_club().playing.wording.terms
        kinds = {(club.contest, club.contests)}
    return kinds.pop() if len(kinds) == 1 else ("result", "results")


# One ruling.

def ruling_sheet(view: RulingView) -> RulingSheet:
    ruling, rubber = view.ruling, view.rubber
    made = moment(timezone.localtime(ruling.made_at))
    by = ruling.made_by.get_username() if ruling.made_by else "the secretary"
    withdrawn = ""
    if ruling.withdrawn_at:
        when = moment(timezone.localtime(ruling.withdrawn_at))
        withdrawn = f"WITHDRAWN {when}: {ruling.withdrawn_reason}"
    return RulingSheet(
        paper=rubber.event.paper_size,
        title=f"Ruling {ruling.pk}: {view.title}",
        subtitle=f"{rubber.event.name} · {rubber.title} · {_date(rubber.played_on)} · "
                 f"hand {ruling.hand.number}. Made by {by}, {made}.",
        withdrawn=withdrawn,
        summary=ruling_words(ruling, rubber),
        too_late=ruling.too_late,
        facts=tuple(view.facts),
        election=view.election,
        chosen_by=view.chosen_by,
        note=ruling.note,
        effects=(*view.effect, view.deal, *view.remedies),
        score_rows=tuple(view.score_rows),
        code=rubber.rulebook.name,
        laws=tuple((law.cited, f"{law.title.capitalize()}: {law.summary}") for law in view.laws),
        label=f"Ruling {ruling.pk}",
        file_name=f"ruling-{ruling.pk}.pdf",
    )
