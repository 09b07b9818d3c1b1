"""A believable demo club: players, two events, rubbers in every state."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.db import transaction

from scoring.access import SECRETARY_GROUP, secretary_group_ensure
from scoring.engine import Declaration, HandResult, IllegalReport, ReportedHand, Seat, Side, score_rubber
from scoring.engine.interchange import hand_to_document, parse_hand
from scoring.engine.progressive import read_night
from scoring.engine.rulebook import OFFICIAL_1862, SOMERSET_1888
from scoring.engine.rulebook.matters import Matter
from scoring.models import Club, Event, Player, Rubber
from scoring.services.club import club_settings_save
from scoring.services.hands import HandExtras, hand_correct, hand_record, penalty_add
from scoring.services.rubbers import rubber_abandon, rubber_start
from scoring.services.rulings import ruling_make

NAMES = [
    "Abigail Ames", "Benjamin Bell", "Clara Cole", "Daniel Dunn", "Eliza Endicott", "Francis Foster",
    "Grace Gardner", "Henry Hale", "Isabel Ingalls", "James Jewett", "Katherine Kidder", "Lucius Lowell",
    "Mary Minot", "Nathaniel Noyes",
]
SECRETARY = ("secretary", "somerset1888")


def random_play(rng: random.Random, dealer: Seat) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.05:
        return {"dealer": dealer.value, "result": HandResult.PASSED.value}
    if roll < 0.06:
        return {"dealer": dealer.value, "result": HandResult.MISDEAL.value}
    seat = rng.choice(list(Seat))
    alone = rng.random() < 0.1
    # laws 74-76: the dealer's adversaries order up; the dealer adopts and his partner assists.
    if seat is dealer:
        declared = (Declaration.ADOPTED, Declaration.MADE)
    elif seat is dealer.partner:
        declared = (Declaration.ASSISTED, Declaration.MADE)
    else:
        declared = (Declaration.ORDERED_UP, Declaration.MADE)
    hand = ReportedHand(dealer=dealer, maker=seat, alone=alone,
                        tricks=rng.choice((1, 2, 3, 3, 3, 4, 4, 5, 5)), declaration=rng.choice(declared))
    return hand_to_document(hand)


def play_rubber(rubber: Rubber, rng: random.Random, *, max_hands: int = 60, stop_at: int | None = None,
                by: User | None = None) -> None:
    """Enter random hands through the same service the secretary uses."""
    hands: list[ReportedHand] = []
    dealer = Seat(rubber.first_dealer)
    rulebook = rubber.rulebook
    for _ in range(stop_at if stop_at is not None else rubber.deal_limit or max_hands):
        play = random_play(rng, dealer)
        trial = [*hands, parse_hand(play, len(hands) + 1, rulebook)]
        try:
            result = score_rubber(trial, rulebook, explain=False)
        except IllegalReport:
            break
        hand_record(rubber_id=rubber.pk, play=play, extras=HandExtras(), by=by)
        hands = trial
        dealer = dealer.left
        if result.complete:
            break


@transaction.atomic
def seed_demo(*, rubbers: int = 0, seed: int = 1888) -> tuple[str, str]:
    """The demo club: a secretary and a member, fourteen players, two events with their rubbers.

    A second run changes nothing unless `rubbers` asks for more. Returns the secretary's login."""
    rng = random.Random(seed)
    user = _accounts()
    if not Club.objects.exists():  # the club's settings as the site ran before it had any: Somerset's laws
        club_settings_save(name=settings.CLUB_NAME)
    players = [Player.objects.get_or_create(display_name=n, defaults={"member_number": f"{i + 101}"})[0]
               for i, n in enumerate(NAMES)]
    # The demo member is one of the players, so that "My record" shows when he logs in.
    Player.objects.filter(pk=players[0].pk, user__isnull=True).update(user=User.objects.get(username="member"))
    if Event.objects.filter(slug="autumn-club-nights").exists() and not rubbers:
        return SECRETARY
    today = dt.date.today()
    nights, _ = Event.objects.get_or_create(slug="autumn-club-nights", defaults={
        "name": "Autumn club nights", "starts_on": today - dt.timedelta(days=60), "is_public": True,
        "notes": "Tuesday evenings in the card room."})
    cup, _ = Event.objects.get_or_create(slug="members-cup", defaults={
        "name": "Members' cup", "starts_on": today - dt.timedelta(days=14), "is_public": False,
        "notes": "Members only."})

    def start(event: Event, day: int, table: str) -> Rubber:
        four = rng.sample(players, 4)
        return rubber_start(event=event, north=four[0], east=four[1], south=four[2], west=four[3],
                            first_dealer=rng.choice("NESW"), table_label=table,
                            played_on=event.starts_on + dt.timedelta(days=day))

    for i in range(8):
        play_rubber(start(nights, 7 * (i // 2), str(i % 2 + 1)), rng, by=user)
    for i in range(3):
        play_rubber(start(cup, i, str(i + 1)), rng, by=user)
    live = start(nights, 56, "1")
    play_rubber(live, rng, stop_at=6, by=user)
    _disputes(live, user)
    gone = start(nights, 49, "2")
    play_rubber(gone, rng, stop_at=4, by=user)
    rubber_abandon(rubber_id=gone.pk, reason="A player was called away; no substitute was agreed"
                                              f"{SOMERSET_1888.noted(Matter.SUBSTITUTE)}.")
    for i in range(rubbers):
        play_rubber(start(nights, i % 60, str(i % 8 + 1)), rng, by=user)
    _tournament(players[:12], rng, user)
    _club_night(players, rng, user)
    _other_codes(players, rng, user)
    _season(players, rng, user)
    return SECRETARY


def _other_codes(players: list[Player], rng: random.Random, user: Any) -> None:
    """The other codes in use: a standard game to ten, best of three, with a signal and a revoke that ended a
    hand; and an evening under the Official Laws whose tables were formed by dealing for the jacks (law I)."""
    from scoring.clubnight.services import player_arrives, tables_form

    standard = Event.objects.create(slug="thursday-standard", name="Thursday standard euchre",
                                    starts_on=dt.date.today() - dt.timedelta(days=7), rulebook="standard", games=3,
                                    is_public=True, notes="The game most clubs play today: ten points a game.")
    for day in range(3):
        four = rng.sample(players, 4)
        rubber = rubber_start(event=standard, north=four[0], east=four[1], south=four[2], west=four[3],
                              first_dealer="N", table_label=str(day + 1), played_on=standard.starts_on)
        play_rubber(rubber, rng, stop_at=None if day else 9, by=user)
    played = standard.rubbers.get(table_label="1").hands.filter(result="played").order_by("number")
    penalty_add(hand_id=played[0].pk, kind="signal", side="EW", count=1, note="a nod across the table",
                claimed="in_play", by=user)
    penalty_add(hand_id=played[2].pk, kind="revoke", side="NS", count=1, note="", claimed="before_cut", by=user)
    official = Event.objects.create(slug="official-laws-evening", name="Official Laws evening",
                                    starts_on=dt.date.today(), rulebook="official-1862", mode=Event.Mode.CLUB_NIGHT,
                                    is_public=True, notes="Played under the Official Laws of 1862: tables by the "
                                                          f"jacks{OFFICIAL_1862.noted(Matter.TABLES)}, games of five.")
    for player in players[:9]:
        player_arrives(event=official, player=player)
    tables_form(event=official, seed=1862)
    play_rubber(official.rubbers.get(table_label="1"), rng, by=user)
    play_rubber(official.rubbers.get(table_label="2"), rng, stop_at=4, by=user)
    _progressive(players, rng, user)


def _progressive(players: list[Player], rng: random.Random, user: Any) -> None:
    """A progressive night of the standard game: eight players, four deals a round, round 1 played and the
    winners moved up for round 2, which is under way."""
    from scoring.rounds.services import entrants_set, round_close, round_start, schedule_make

    event = Event.objects.create(slug="saturday-progressive", name="Saturday progressive", rulebook="standard",
                                 starts_on=dt.date.today(), mode=Event.Mode.PROGRESSIVE, rounds=3,
                                 night_rules=read_night({"deal_limit": 4, "low_prize": True}).document(),
                                 is_public=True,
                                 notes="Winners move up a table; partners change every round. Prizes at ten.")
    entrants_set(event=event, players=players[2:10])
    first, second, _third = schedule_make(event=event)
    round_start(round_id=first.pk)
    for table in first.tables.select_related("rubber"):
        assert table.rubber is not None
        play_rubber(table.rubber, rng, by=user)
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    table = second.tables.select_related("rubber").get(number=1)
    assert table.rubber is not None
    play_rubber(table.rubber, rng, stop_at=2, by=user)
    _fixed_pairs_progressive(players, rng, user)


def _fixed_pairs_progressive(players: list[Player], rng: random.Random, user: Any) -> None:
    """A progressive night of fixed pairs: six pairs of the standard game, each round paired by the standing
    (Swiss), rounds 1 and 2 played (one table of round 2 scored on paper) and round 3 under way."""
    from scoring.rounds.services import entrants_set, round_close, round_start, round_totals_enter, schedule_make

    event = Event.objects.create(slug="fixed-pairs-progressive", name="Fixed-pairs progressive",
                                 rulebook="standard", starts_on=dt.date.today(), mode=Event.Mode.PROGRESSIVE,
                                 rounds=3, is_public=True,
                                 night_rules=read_night({"movement": Event.Movement.PAIRS, "deal_limit": 4,
                                                         "prize_places": 3, "lone_bonus": 1}).document(),
                                 notes="Partners keep together all night; each round a pair meets a new pair.")
    entrants_set(event=event, players=players[:12])
    rounds = schedule_make(event=event)
    for number, round_ in enumerate(rounds, start=1):
        round_start(round_id=round_.pk)
        for table in round_.tables.select_related("rubber").order_by("number"):
            assert table.rubber is not None
            if number == 2 and table.number == 3:  # a table that kept its tally on paper
                round_totals_enter(rubber_id=table.rubber.pk, points={Side.NS: 5, Side.EW: 3},
                                   lone={Seat.N: 1, Seat.E: 0, Seat.S: 0, Seat.W: 0}, by=user)
            elif number < 3 or table.number == 1:
                play_rubber(table.rubber, rng, stop_at=None if number < 3 else 2, by=user)
        if number < 3:
            round_close(round_id=round_.pk)


LEAGUE_ABSENT = ((12, 13), (0, 5), (3, 9), (7, 11), (1, 12))
"""Who of the fourteen stayed home each Wednesday of the league (a night of twelve, three tables)."""
LATE = (2, 13)
"""The league's third night: Nathaniel Noyes came in after round 1 (the round he missed scores its average)."""


def _season(players: list[Player], rng: random.Random, user: Any) -> None:
    """A season of five public progressive nights on Wednesdays, the last a week ago, counting each player's best
    4 and qualifying at 3 nights: two players absent each night, and a late arrival on the third."""
    from scoring.rounds.services import entrants_set, late_arrival, night_close, round_close, round_start, schedule_make
    from scoring.services.events import event_create
    from scoring.services.seasons import season_create

    last = dt.date.today() - dt.timedelta(days=(dt.date.today().weekday() - 2) % 7 or 7)
    days = [last - dt.timedelta(weeks=week) for week in range(4, -1, -1)]
    season = season_create(name="Wednesday progressive league", slug="wednesday-league", key="progressive",
                           starts_on=days[0], ends_on=last + dt.timedelta(weeks=3), best=4, qualify=3,
                           prize_places=3, night_prize=True)
    for number, day in enumerate(days):
        event = event_create(name=f"Wednesday league, night {number + 1}", slug=f"wednesday-league-{number + 1}",
                             starts_on=day, mode=Event.Mode.PROGRESSIVE, rulebook="standard", rounds=2, deal_limit=4,
                             is_public=True, season=season)
        late = players[LATE[1]] if number == LATE[0] else None
        entrants_set(event=event, players=[p for i, p in enumerate(players)
                                           if i not in LEAGUE_ABSENT[number] and p != late])
        for round_ in schedule_make(event=event):
            round_start(round_id=round_.pk)
            for table in round_.tables.select_related("rubber"):
                assert table.rubber is not None
                play_rubber(table.rubber, rng, by=user)
            round_close(round_id=round_.pk)
            if late is not None and round_.number == 1:
                late_arrival(event_id=event.pk, player=late)
        night_close(event_id=event.pk)


def _club_night(players: list[Player], rng: random.Random, user: Any) -> None:
    """Tonight's club night: eleven present, two tables formed by cutting, table 1's first rubber over."""
    from scoring.clubnight.services import next_rubber, player_arrives, tables_form
    from scoring.models import ClubTable

    event = Event.objects.create(slug="tuesday-club-night", name="Tuesday club night", starts_on=dt.date.today(),
                                 mode=Event.Mode.CLUB_NIGHT, is_public=True,
                                 notes=f"Tables by cutting under {SOMERSET_1888.cited(Matter.TABLES)}; those first "
                                       "in the room cut first.")
    for player in players[:11]:
        player_arrives(event=event, player=player)
    tables_form(event=event, seed=1888)
    first = event.rubbers.get(table_label="1")
    play_rubber(first, rng, by=user)
    next_rubber(table=ClubTable.objects.get(event=event, number=1), seed=1889)
    play_rubber(event.rubbers.filter(table_label="2").get(), rng, stop_at=5, by=user)


def _tournament(players: list[Player], rng: random.Random, user: Any) -> None:
    """A tournament of twelve individuals in four rounds: round 1 played, round 2 under way."""
    from scoring.rounds.services import entrants_set, round_close, round_start, schedule_make

    event = Event.objects.create(slug="winter-individuals", name="Winter individuals", starts_on=dt.date.today(),
                                 mode=Event.Mode.INDIVIDUALS, rounds=4, is_public=True,
                                 night_rules=read_night({"round_minutes": 60}).document(),
                                 notes="Partners change every round; nobody partners anyone twice.")
    entrants_set(event=event, players=players)
    first, second, *_ = schedule_make(event=event, seed=12)
    round_start(round_id=first.pk)
    for table in first.tables.select_related("rubber"):
        assert table.rubber is not None
        play_rubber(table.rubber, rng, by=user)
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    for number, table in enumerate(second.tables.select_related("rubber")):
        assert table.rubber is not None
        play_rubber(table.rubber, rng, stop_at=3 + 4 * number, by=user)
    _reported_at_the_tables(list(second.tables.select_related("rubber", "north", "east", "south", "west")))


def _reported_at_the_tables(tables: list[Any]) -> None:
    """Hands reported from the tables' phones: one confirmed and one waiting at the first table, one disputed
    at the second, so that the room and the rubber pages show each."""
    from scoring.reporting.services import AtTable, hand_report, report_answer

    def next_hand(table: Any) -> Any:
        table.rubber.refresh_from_db()
        dealer = table.rubber.next_dealer or table.rubber.first_dealer
        return hand_report(rubber_id=table.rubber.pk, by=AtTable(table.north, phone="K3F7"),
                           play={"dealer": dealer, "maker": dealer, "declaration": "adopted", "tricks": 3})

    first, second = (t for t in tables[:2] if t.rubber.is_open)
    report_answer(rubber_id=first.rubber.pk, report_id=next_hand(first).pk, by=AtTable(first.east, phone="Q9XR"),
                  agree=True)
    next_hand(first)
    report_answer(rubber_id=second.rubber.pk, report_id=next_hand(second).pk,
                  by=AtTable(second.west, phone="7MDA"), agree=False, dispute="The makers took two tricks, not three")


def _accounts() -> Any:
    """The secretary (in the Secretary group) and a read-only member; returns the secretary."""
    secretary_group_ensure()
    user, _ = User.objects.get_or_create(username=SECRETARY[0],
                                         defaults={"first_name": "Club", "last_name": "Secretary"})
    user.set_password(SECRETARY[1])
    user.save()
    user.groups.add(Group.objects.get(name=SECRETARY_GROUP))
    member, created = User.objects.get_or_create(username="member")
    if created:
        member.set_password("member1888")
        member.save()
    return user


def _disputes(live: Rubber, user: Any) -> None:
    """On the rubber in progress: an entry correction of a hand mistyped, a revoke penalty, and two
    rulings on the last hand: a lead out of turn where the adversaries elect (law 52) and a revoke
    claimed too late (law 68), which is recorded but changes nothing."""
    first = live.hands.get(number=2)
    hand_correct(hand_id=first.pk, play={"dealer": first.dealer, "maker": first.maker or "N", "tricks": 3},
                 extras=HandExtras(notes="first typed wrongly"),
                 reason="The table reported 3 tricks; another number was typed.", by=user)
    played = live.hands.filter(result="played", number__gt=2).first()
    assert played is not None
    penalty_add(hand_id=played.pk, kind="revoke", side="EW", count=1,
                note="claimed at the end of the hand", claimed="before_cut", by=user)
    last = live.hands.order_by("number").last()
    assert last is not None
    ruling_make(rubber_id=live.pk, hand_number=last.number, irregularity="lead_out_of_turn",
                facts={"offender": last.dealer, "followed": "none"}, election="call_card",
                note="the dealer led before eldest hand", by=user)
    ruling_make(rubber_id=live.pk, hand_number=last.number, irregularity="revoke",
                facts={"offender": Seat(last.dealer).left.value, "cause": "not_following", "stage": "established",
                       "count": 1, "claimed": "before_trump"}, election=None, by=user)
