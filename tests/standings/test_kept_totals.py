"""The kept totals: rewritten with every stored result, in its transaction, so that they always equal what
the stored results add up to, through random hands, corrections, rulings, withdrawals, take-backs and
abandonments; `manage.py rebuild_totals` says so, and rewrites what a bad row spoiled."""

from __future__ import annotations

import contextlib
import random
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from scoring.models import KeptFigures, RubberPlayerResult
from scoring.services.hands import HandExtras, hand_correct, hand_take_back
from scoring.services.kept import totals_rebuild
from scoring.services.rubbers import rubber_abandon
from scoring.services.rulings import ruling_make, ruling_withdraw
from scoring.standings.selectors import kept_partnerships, kept_standings, partnerships, standings
from tests.builders import a_rubber
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import play_game, record

pytestmark = pytest.mark.django_db
REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


def same(kept, results) -> bool:
    keys = ("player_id", "rubbers", "wins", "losses", "games", "doubles", "scored_for", "scored_against", "net",
            "lone", "euchres")
    return [[row.get(k) or 0 for k in keys] for row in kept] == [[row.get(k) or 0 for k in keys] for row in results]


def a_random_hand(rng: random.Random) -> dict:
    if rng.random() < 0.15:
        return {"result": "passed"}
    return {"maker": rng.choice("NESW"), "tricks": rng.choice([0, 1, 2, 3, 3, 4, 5]),
            "alone": rng.random() < 0.15}


def play(rubber, rng: random.Random, hands: int) -> None:
    for _ in range(hands):
        rubber.refresh_from_db()
        if rubber.status != "in_progress":
            return
        play_ = a_random_hand(rng)
        if play_.get("alone") and play_["tricks"] < 3:
            play_["alone"] = False
        with contextlib.suppress(ValidationError):  # a hand the laws refuse here is simply not entered
            record(rubber, **play_)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_kept_totals_always_equal_the_stored_results(seed):
    rng = random.Random(seed)
    players = PlayerFactory.create_batch(6)
    events = [EventFactory(), EventFactory(rulebook="standard", game_points=10, games=3)]
    rubbers = []
    for n in range(6):
        four = rng.sample(players, 4)
        rubber = a_rubber(rng.choice(events), four, played_on=events[0].starts_on.replace(day=1 + n % 3))
        play(rubber, rng, rng.randint(5, 40))
        rubbers.append(rubber)
    done = [r for r in rubbers if r.hands.exists()]
    target = rng.choice(done)
    hand = target.hands.order_by("number").first()
    with contextlib.suppress(ValidationError):
        hand_correct(hand_id=hand.pk, play={"dealer": hand.dealer, "maker": "S", "tricks": 5}, extras=HandExtras(),
                     reason="the other side made it", by=None)
    other = rng.choice(done)
    first = other.hands.order_by("number").first()
    try:
        ruling = ruling_make(rubber_id=other.pk, hand_number=first.number, irregularity="revoke", facts=REVOKE,
                             election=None, by=None)
        if rng.random() < 0.5:
            ruling_withdraw(ruling_id=ruling.pk, reason="the card was found", by=None)
    except ValidationError:
        pass
    for rubber in rubbers:
        rubber.refresh_from_db()
    open_ = [r for r in rubbers if r.status == "in_progress" and r.hand_count]
    for rubber in open_[:1]:
        with contextlib.suppress(ValidationError):
            hand_take_back(rubber_id=rubber.pk, number=rubber.hand_count, reason="entered twice", by=None)
    for rubber in open_[1:2]:
        rubber_abandon(rubber_id=rubber.pk, reason="a player was called away")
    assert KeptFigures.objects.exists() or not any(r.counts_in_standings for r in rubbers)
    assert totals_rebuild() == []  # nothing to rewrite: what was kept is what the results give
    day = events[0].starts_on.replace(day=2)
    for event in events:  # the standings read from the kept rows are those the stored results give
        results = RubberPlayerResult.objects.filter(rubber__event=event)
        assert same(kept_standings(KeptFigures.objects.filter(event=event, day__isnull=True)), standings(results))
        assert same(kept_partnerships(KeptFigures.objects.filter(event=event, day__isnull=True)),
                    partnerships(results))
    assert same(kept_standings(KeptFigures.objects.filter(day=day)),
                standings(RubberPlayerResult.objects.filter(rubber__played_on=day)))
    out = StringIO()
    call_command("rebuild_totals", stdout=out)
    assert "Every kept total matched" in out.getvalue()


def test_the_command_rewrites_and_names_what_differed():
    rubber = a_rubber()
    for side in "NEE":
        play_game(rubber, side)
    rubber.refresh_from_db()
    assert rubber.status == "complete"
    row = KeptFigures.objects.filter(player=rubber.north, day__isnull=False).get()
    right = row.points_for
    KeptFigures.objects.filter(pk=row.pk).update(points_for=right + 5)
    out = StringIO()
    call_command("rebuild_totals", stdout=out)
    assert "1 event-day differed" in out.getvalue() and rubber.event.slug in out.getvalue()
    assert KeptFigures.objects.get(player=rubber.north, day__isnull=False).points_for == right


def test_a_row_kept_under_another_format_is_rewritten_under_its_events():
    """Each kept row carries its event's standings key; one under another key is found and put right."""
    rubber = a_rubber(EventFactory(rulebook="standard", game_points=10, games=1))
    for _ in range(5):
        record(rubber, maker="N", tricks=5)
    assert set(KeptFigures.objects.values_list("code", flat=True)) == {"standard"}
    KeptFigures.objects.filter(player=rubber.north, day__isnull=False).update(code="somerset-1888")
    assert totals_rebuild() == [(rubber.event_id, rubber.played_on)]
    assert set(KeptFigures.objects.values_list("code", flat=True)) == {"standard"}


def _every_kept_row() -> list[tuple]:
    from scoring.services.kept import KINDS, _rows

    return [(kind.model.__name__, event_id, day, _rows(kind, kind.rows.filter(event_id=event_id, day=day)))
            for kind in KINDS
            for event_id, day in sorted(set(kind.rows.values_list("event_id", "day")), key=str)]


@pytest.mark.parametrize("chunk", [1, 2, 2000])
def test_a_rebuild_a_few_days_at_a_time_makes_every_row_as_kept(chunk, monkeypatch):
    """Rebuilt from nothing in chunks of days of any size, the kept rows are those kept hand by hand; rows of a
    day or an event with no rubber left are removed."""
    from scoring.models import KeptCharges, KeptMaking, KeptOpposition
    from scoring.services import kept

    monkeypatch.setattr(kept, "REBUILD_CHUNK", chunk)
    rng = random.Random(chunk)
    players = PlayerFactory.create_batch(6)
    events = [EventFactory(), EventFactory(rulebook="standard", game_points=10, games=3)]
    for n in range(7):
        rubber = a_rubber(events[n % 2], rng.sample(players, 4), played_on=events[0].starts_on.replace(day=1 + n % 4))
        play(rubber, rng, 30)
        rubber.refresh_from_db()
        if n == 3 and rubber.status == "in_progress":  # a penalty, for the kept charges
            record(rubber, maker="N", tricks=3, revokes={"EW": 1})
    as_kept = _every_kept_row()
    assert as_kept
    for model in (KeptFigures, KeptOpposition, KeptMaking, KeptCharges):
        model.objects.all().delete()
    stray = EventFactory()  # kept rows of an event and a day with no rubber: the rebuild removes them
    KeptFigures.objects.create(event=stray, day=None, player=players[0], partner=players[1], rubber_count=1)
    KeptFigures.objects.create(event=events[0], day=events[0].starts_on.replace(day=28), player=players[0],
                               partner=players[1], rubber_count=1)
    differed = totals_rebuild()
    assert (stray.pk, None) in differed and (events[0].pk, events[0].starts_on.replace(day=28)) in differed
    assert _every_kept_row() == as_kept
    assert totals_rebuild() == []


def test_the_migration_gives_rows_kept_before_it_their_events_key():
    """Rows kept before each carried its key take it from their event: a progressive night's is its own, whatever
    code scored its deals."""
    import importlib

    from django.apps import apps

    fill = importlib.import_module("scoring.migrations.0025_kept_code_club").codes_fill
    player, partner = PlayerFactory.create_batch(2)
    events = {"somerset-1888": EventFactory(), "standard": EventFactory(rulebook="standard"),
              "progressive": EventFactory(rulebook="standard", mode="progressive", rounds=2)}
    for event in events.values():
        KeptFigures.objects.create(event=event, day=None, player=player, partner=partner, rubber_count=1, code="")
    fill(apps, None)
    assert {row.event_id: row.code for row in KeptFigures.objects.all()} == {
        event.pk: key for key, event in events.items()}
