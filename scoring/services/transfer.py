"""Import and export of rubbers in the interchange format."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from msgspec.structs import replace

from scoring.engine import RULEBOOKS, ReportedHand, RubberError, Seat, score_rubber
from scoring.engine.deals import deals_again
from scoring.engine.interchange import RubberReport, house_ruled, parse_rubber, rubber_to_document
from scoring.engine.rulebook import house_words
from scoring.models import Event, Hand, Player, Rubber
from scoring.services.locking import event_lock
from scoring.services.play import as_scored, penalties_from, play_fields
from scoring.services.record import Change, night_open_check
from scoring.services.scoring import rubber_hands, rubber_rescore
from scoring.validators import check_length, printable_line


def event_for_name(name: str, document: Any = None) -> Event:
    """The event `name` names: by its web address, else by its name (in any case), else made under that name.
    A new event plays the code, game, match and house rules of `document` (a rubber about to be imported into
    it), where it names them, so the rubber it was made for goes in."""
    event = Event.objects.filter(slug=name).first()
    if event is not None:
        return event
    named = list(Event.objects.filter(name__iexact=name).order_by("pk")[:3])
    if len(named) > 1:
        raise ValidationError(f"More than one event is named {name}: give the web address of the one meant ("
                              f"{', '.join(e.slug for e in named)}).", code="event_ambiguous")
    if named:
        return named[0]
    slug = slugify(name)
    if not slug:
        raise ValidationError("The event needs a name with letters or digits.", code="event_unnamed")
    if Event.objects.filter(slug=slug).exists():
        raise ValidationError(f"No event is named {name}, and its web address /events/{slug}/ is another event's: "
                              "give that event's web address, or another name.", code="event_address_taken")
    event = Event(slug=slug, name=name, starts_on=dt.date.today(), **_code_of(document))
    try:
        event.full_clean()
    except ValidationError as exc:
        raise ValidationError(f"The event name: {' '.join(exc.messages)}", code="event_name_refused") from None
    event.save()
    return event


def _code_of(document: Any) -> dict[str, Any]:
    """The event fields for the code, game, match and house rules a rubber document names; what it gets wrong is
    left to the import, which says so."""
    if not isinstance(document, dict) or document.get("rulebook") not in RULEBOOKS:
        return {}
    fields: dict[str, Any] = {"rulebook": document["rulebook"]}
    for key in ("game_points", "games"):
        value = document.get(key)
        if type(value) is int:
            fields[key] = value
    try:  # house rules the code refuses are left to the import, which names the rule at fault
        house_ruled(RULEBOOKS[document["rulebook"]], document.get("house_rules"))
    except ValueError:
        return fields
    if isinstance(document.get("house_rules"), dict):
        fields["house_rules"] = document["house_rules"]
    return fields


@transaction.atomic
def rubber_import(*, document: Any, event: Event, played_on: dt.date | None = None, table_label: str = "") -> Rubber:
    """Create a rubber from an interchange document. Any error saves nothing."""
    event_lock(event.pk)
    night_open_check(Event.objects.get(pk=event.pk), Change.IMPORT)
    try:
        report = parse_rubber(document)
        playing = event.playing
        if report.rulebook.key != playing.key:
            raise ValidationError(f"The rubber uses {report.rulebook.key}, the event {playing.key}.", code="other_code")
        if report.rulebook.house != playing.house:
            raise ValidationError(f"The rubber's house rules ({house_words(report.rulebook.house)}) are not the "
                                  f"event's ({house_words(playing.house)}).", code="other_house_rules")
        if report.rulebook != playing:
            raise ValidationError(f"The rubber plays a game to {report.rulebook.winning.game_points} and a match "
                                  f"of {report.rulebook.games} game(s); the event a game to "
                                  f"{playing.winning.game_points} and a match of {playing.games} game(s).",
                                  code="other_game")
        missing = [s.value for s in Seat if s not in report.players]
        if missing:
            raise ValidationError(f"The rubber must name its four players; missing: {', '.join(missing)}.",
                                  code="players_missing")
        names = [report.players[s] for s in Seat]
        if len({n.casefold() for n in names}) != 4:
            raise ValidationError("The rubber must name four different players.", code="players_repeated")
        hands = _with_dealers(report)
        first = hands[0].dealer if hands and hands[0].dealer else Seat.N
        score_rubber(hands, report.rulebook, explain=False)  # refuse before anything is written
    except RubberError as exc:
        raise ValidationError(str(exc), code="rubber_refused") from None
    players = {seat: _player(seat, report.players[seat]) for seat in Seat}
    rubber = Rubber(event=event, played_on=played_on or dt.date.today(), table_label=table_label,
                    first_dealer=first.value,
                    **Rubber.seat_fields(players))
    rubber.full_clean()
    rubber.save()
    for number, (hand, raw) in enumerate(zip(hands, document["hands"], strict=True), 1):
        row = Hand.objects.create(rubber=rubber, number=number, **play_fields(hand))
        for penalty in penalties_from(raw):
            penalty.hand = row
            penalty.save()
    rubber_rescore(rubber)
    return rubber


def _with_dealers(report: RubberReport) -> tuple[ReportedHand, ...]:
    """The site records every dealer; a document without them is dealt from N in rotation."""
    if not report.hands or report.hands[0].dealer is not None:
        return report.hands
    out, dealer = [], Seat.N
    for hand in report.hands:
        out.append(replace(hand, dealer=dealer))
        dealer = dealer if deals_again(hand, report.rulebook) else dealer.left
    return tuple(out)


def _player(seat: Seat, name: str) -> Player:
    """The player of this name, any case; a new name is checked as the player form checks it."""
    try:
        printable_line(name)  # before any lookup: PostgreSQL cannot even be asked for a NUL,
        check_length(name, Player, "display_name")  # nor SQLite for a LIKE pattern of 50,000 bytes
        player = Player.objects.filter(display_name__iexact=name).first()
        if player is None:
            player = Player(display_name=name)
            player.full_clean()
            player.save()
    except ValidationError as exc:
        raise ValidationError(f"players.{seat.value}: {' '.join(exc.messages)}", code="player_name_refused") from None
    return player


def rubber_export(rubber: Rubber) -> dict[str, Any]:
    """The rubber in the interchange format (penalties folded into each hand's fields)."""
    rulebook = rubber.rulebook
    report = RubberReport(
        hands=tuple(as_scored(h, rulebook) for h in rubber_hands(rubber)),
        players={seat: rubber.player_at(seat).display_name for seat in Seat},
        rulebook=rulebook,
    )
    return rubber_to_document(report)
