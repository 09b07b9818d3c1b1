"""The club's roll: a new player, and a player renamed, retired or linked to a member's login.
(A renamed player's cached standings are read afresh by the app's save signal, whoever saves him.)"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.models import Player
from scoring.models.club import NAME_ON_ROLL
from scoring.validators import check_length

PLAYER_FIELDS = ("display_name", "member_number", "active", "user")


def roll_errors(fields: dict[str, Any], player_id: int | None = None) -> dict[str, ValidationError]:
    """One name, one player, in any case; a member number names one player. Text too long to keep is
    refused before it is looked up."""
    others = Player.objects.all() if player_id is None else Player.objects.exclude(pk=player_id)
    errors = _too_long(fields)
    name = fields.get("display_name")
    if name and "display_name" not in errors and others.filter(display_name__iexact=name).exists():
        errors["display_name"] = ValidationError(NAME_ON_ROLL, code="name_on_roll")
    number = fields.get("member_number")
    holder = (others.filter(member_number__iexact=number).first()
              if number and "member_number" not in errors else None)
    if holder is not None:
        errors["member_number"] = ValidationError(f"Member number {number} is {holder}'s.", code="number_taken")
    user = fields.get("user")
    if user is not None and others.filter(user=user).exists():
        errors["user"] = ValidationError("That login belongs to another player.", code="login_taken")
    return errors


def _too_long(fields: dict[str, Any]) -> dict[str, ValidationError]:
    errors: dict[str, ValidationError] = {}
    for field in ("display_name", "member_number"):
        if isinstance(fields.get(field), str):
            try:
                check_length(fields[field], Player, field)
            except ValidationError as exc:
                errors[field] = exc
    return errors


@transaction.atomic
def player_create(**fields: Any) -> Player:
    _only_known(fields)
    errors = roll_errors(fields)
    if errors:
        raise ValidationError(errors)
    player = Player(**fields)
    _clean(player)
    player.save()
    return player


def roll_add(name: str) -> Player:
    """A player added to the roll by name as he is entered (an event's entrants, a late arrival), inside the
    caller's transaction. The entering form found the name free; a player of that name written since is left to
    the name's unique index, whose refusal serves the form again (`served_again_on_clash`), to say so in its own
    words."""
    player = Player(display_name=name)
    _clean(player)
    player.save()
    return player


@transaction.atomic
def player_update(*, player_id: int, **fields: Any) -> Player:
    _only_known(fields)
    player = Player.objects.select_for_update().get(pk=player_id)
    errors = roll_errors(fields, player_id)
    if errors:
        raise ValidationError(errors)
    for name, value in fields.items():
        setattr(player, name, value)
    _clean(player)
    player.save()
    return player


def _clean(player: Player) -> None:
    """The player's fields checked; the roll's own check (`roll_errors`) has said whether the name and the login
    are free. One written since by another secretary is refused by its unique index, which serves the form again
    (`served_again_on_clash`) to say so in the roll's words."""
    player.full_clean(validate_unique=False, validate_constraints=False)


def _only_known(fields: dict[str, Any]) -> None:
    unknown = set(fields) - set(PLAYER_FIELDS)
    if unknown:
        raise TypeError(f"not a player's field: {', '.join(sorted(unknown))}")
