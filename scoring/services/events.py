"""Making and changing an event. What its schedule, cuts or rubbers rest on stays as it is, checked
under the event's lock (the lock making a schedule or starting a rubber takes first)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.engine.progressive.night import NIGHT_KEYS, PROGRESSIVE_DEALS, NightRules
from scoring.engine.rulebook import RULEBOOKS, STANDARD
from scoring.engine.words import plural
from scoring.models import Event
from scoring.services.club import the_club
from scoring.services.locking import event_lock, retried_on_deadlock
from scoring.services.refusals import field_refusal
from scoring.services.scoring import results_changed
from scoring.services.seasons import season_error, season_left

EVENT_FIELDS = ("name", "slug", "starts_on", "ends_on", "rulebook", "game_points", "games", "is_public",
                "paper_size", "house_rules", "mode", "rounds", "season", "notes", *NIGHT_KEYS)
"""What an event is made and changed from: its own fields, and each of a night's rules by its key (kept together in
`Event.night_rules`)."""
IN_ROUNDS = (Event.Mode.INDIVIDUALS, Event.Mode.PAIRS, Event.Mode.PROGRESSIVE)


def event_locks(event: Event) -> dict[str, str]:
    """The fields of a stored event that its schedule, cuts or rubbers rest on, each with the reason."""
    if event.pk is None:
        return {}
    rounds_made = event.event_rounds.count()
    rubbers = event.rubbers.count()
    locks: dict[str, str] = {}
    if rounds_made:
        made = f"the schedule is made ({plural(rounds_made, 'round')})"
        locks["mode"] = locks["rounds"] = locks["movement"] = made
    elif rubbers:
        locks["mode"] = f"the event has {event.playing.wording.terms.count(rubbers)}"
    elif event.club_tables.exists() or event.cuttings.exists():
        locks["mode"] = "tables have been cut on this club night"
    if rubbers:
        # The code, the game, the match and the house rules are what every hand of the event was scored by.
        locks["rulebook"] = locks["game_points"] = locks["games"] = locks["house_rules"] = (
            f"the event's {event.playing.wording.terms.contests} are scored under them")
    return locks


def stored(event: Event, name: str) -> Any:
    """The stored event's value for field `name` of `EVENT_FIELDS`."""
    return event.night.document()[name] if name in NIGHT_KEYS else getattr(event, name)


def with_night(fields: dict[str, Any], before: Event | None = None) -> dict[str, Any]:
    """The event's fields with a night's rules given by key gathered into its one document, over those it had."""
    given = {key: fields.pop(key) for key in NIGHT_KEYS if key in fields}
    if given:
        fields["night_rules"] = {**(before.night.document() if before else {}), **given}
    return fields


def mode_change_error(event: Event, mode: str | None) -> str | None:
    """Why the players entered (or marked present) forbid changing the event to `mode`, if they do:
    they keep their meaning only between the two kinds of tournament in rounds."""
    before = event.mode
    if event.pk is None or not mode or mode == before:
        return None
    entered = event.entrants.count()
    if not entered:
        return None
    players = plural(entered, "player")
    if before == Event.Mode.CLUB_NIGHT:
        return f"{players} are marked present on this club night, so it stays a club night."
    if not (before in IN_ROUNDS and mode in IN_ROUNDS):
        return (f"{players} are entered for this event; it can change only between the two kinds of tournament "
                "in rounds.")
    if mode == Event.Mode.PAIRS and entered % 2:
        return f"Fixed pairs need an even number of players, and {entered} are entered."
    return None


def movement_change_error(event: Event, fields: dict[str, Any]) -> str | None:
    """Why the players entered forbid a progressive night of fixed pairs: they must pair off."""
    movement = fields.get("movement", event.night.movement)
    if (fields.get("mode", event.mode) != Event.Mode.PROGRESSIVE or movement == event.night.movement
            or movement != Event.Movement.PAIRS):
        return None
    entered = event.entrants.count()
    return f"Fixed pairs need an even number of players, and {entered} are entered." if entered % 2 else None


def running_errors(fields: dict[str, Any]) -> dict[str, ValidationError]:
    """An event in rounds says how many; only such an event has rounds, deals or minutes a round."""
    errors: dict[str, ValidationError] = {}
    in_rounds = fields.get("mode") in IN_ROUNDS
    if in_rounds and not fields.get("rounds"):
        errors["rounds"] = ValidationError("Say how many rounds the tournament plays.", code="rounds_unset")
    if fields.get("mode") == Event.Mode.PROGRESSIVE:
        deals = fields.get("deal_limit")
        if deals and deals not in PROGRESSIVE_DEALS:
            errors["deal_limit"] = ValidationError("A progressive round plays 4, 6, 8 or 12 deals.",
                                                   code="deals_refused")
        if fields.get("game_points") or fields.get("games"):
            errors["game_points" if fields.get("game_points") else "games"] = (
                ValidationError("A progressive night adds up each round's deals and plays no games; leave this empty.",
                                code="no_games_at_progressive"))
    else:
        usual = NightRules().document()
        for name, what in (("movement", "a movement"), ("ranking", "a choice of ranking"),
                           ("low_prize", "a prize for the lowest score"),
                           ("missed_rounds", "late arrivals' missed rounds"), ("prize_places", "prizes for places"),
                           ("lone_bonus", "a lone player's own bonus"),
                           ("round_prize", "a prize for the best single round"),
                           ("prize_ties", "a way with level prizes")):
            if fields.get(name) and fields.get(name) != usual[name]:
                errors[name] = ValidationError(f"Only a progressive night has {what}; leave it as it is.",
                                               code="progressive_only")
    if not in_rounds:
        for name, what in (("rounds", "rounds"), ("deal_limit", "a number of deals a round"),
                           ("round_minutes", "minutes a round")):
            if fields.get(name):
                errors[name] = ValidationError(f"Only a tournament in rounds has {what}; leave this empty.",
                                               code="rounds_only")
        if fields.get("time_called") not in (None, "", NightRules().time_called):
            errors["time_called"] = ValidationError("Only a tournament in rounds has its time called; leave it as "
                                                    "it is.", code="rounds_only")
    starts, ends = fields.get("starts_on"), fields.get("ends_on")
    if starts and ends and ends < starts:
        errors["ends_on"] = ValidationError("The event cannot end before it starts.", code="ends_before_start")
    return errors


@transaction.atomic
def event_create(**fields: Any) -> Event:
    """A new event, with the fields of `EVENT_FIELDS` given."""
    _only_known(fields)
    errors = running_errors(fields)
    if errors:
        raise ValidationError(errors)
    progressive = fields.get("mode") == Event.Mode.PROGRESSIVE
    if progressive and not fields.get("deal_limit") and not fields.get("round_minutes"):
        fields["deal_limit"] = PROGRESSIVE_DEALS[2]  # eight deals, the usual progressive round
    if not fields.get("rulebook"):
        fields["rulebook"] = usual_rulebook(progressive=progressive)
        if not progressive and not fields.get("game_points") and not fields.get("games"):
            club = the_club()  # its code, and its game and match with it
            fields["game_points"], fields["games"] = club.game_points, club.games
    if "house_rules" not in fields and RULEBOOKS[fields["rulebook"]].asks.house_rules:
        fields["house_rules"] = the_club().house_rules  # the club's usual house rules of the standard game
    taken = Event.objects.filter(slug=fields.get("slug")).first()
    if taken is not None:
        raise ValidationError({"slug": slug_taken(taken.slug, taken)})
    event = Event(**with_night(fields))
    _in_its_season(event)
    # Its address checked just now; one taken since is refused by the address's unique index, whose refusal serves
    # the form again (`served_again_on_clash`) for the form to say so.
    event.full_clean(validate_unique=False)
    event.save()
    if event.season_id is not None:
        results_changed([event.pk])
    return event


def slug_taken(slug: str, taken: Event) -> ValidationError:
    """Why an event cannot have the web address `slug`: `taken` has it."""
    return ValidationError(f"The web address /events/{slug}/ is taken by “{taken}”; type another.",
                           code="address_taken")


def fixed_refusal(why: str) -> ValidationError:
    """A fixed field changed (`event_locks` says `why` it is fixed), by the service or by the form."""
    return ValidationError(f"This can no longer change: {why}.", code="fixed")


def usual_rulebook(*, progressive: bool) -> str:
    """The code an event plays when none is chosen: the club's own, or the standard game for a progressive night
    (its deals are tallied, and the standard game is what progressive nights are played by)."""
    return STANDARD.key if progressive else the_club().rulebook


@retried_on_deadlock
@transaction.atomic
def event_update(*, event_id: int, **fields: Any) -> Event:
    """Change a stored event (never its web address, so links keep working)."""
    _only_known(fields)
    if "slug" in fields:
        raise field_refusal("slug", "An event's web address stays as it was made.", code="address_fixed")
    event_lock(event_id)
    event = Event.objects.get(pk=event_id)
    errors = {name: fixed_refusal(why) for name, why in event_locks(event).items()
              if name in fields and fields[name] != stored(event, name)}
    wrong_mode = mode_change_error(event, fields.get("mode"))
    if wrong_mode and "mode" not in errors:
        errors["mode"] = ValidationError(wrong_mode, code="players_fix_mode")
    wrong_movement = movement_change_error(event, fields)
    if wrong_movement and "movement" not in errors:
        errors["movement"] = ValidationError(wrong_movement, code="pairs_uneven")
    errors = running_errors({**{n: stored(event, n) for n in EVENT_FIELDS}, **fields}) | errors
    if errors:
        raise ValidationError(errors)
    for name, value in with_night(fields, event).items():
        setattr(event, name, value)
    _in_its_season(event)
    event.full_clean()
    event.save()
    season_left(event)
    results_changed([event.pk])  # its standings' order, its season, or its code: what is kept from them follows
    return event


def _in_its_season(event: Event) -> None:
    """A night counts only in a season of its own format: put in one of another, or changed to another format
    while in one, it is refused on its season."""
    wrong = season_error(event.standing_key, event.season)
    if wrong:
        raise ValidationError({"season": ValidationError(wrong, code="season_format")})


def _only_known(fields: dict[str, Any]) -> None:
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise TypeError(f"not an event's field: {', '.join(sorted(unknown))}")
