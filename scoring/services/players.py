"""The club's roll: a new player, and a player renamed, retired or linked to a member's login.
(A renamed player's cached standings are read afresh by the app's save signal, whoever saves him.)"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.models import Player
from scoring.validators import check_length

PLAYER_FIELDS = ("display_name", "member_number", "active", "user")


def roll_errors(fields: dict[str, Any], player_id: int | None = None) -> dict[str, str]:
    """One name, one player, in any case; a member number names one player. Text too long to keep is
    refused before it is looked up."""
    others = Player.objects.all() if player_id is None else Player.objects.exclude(pk=player_id)
    errors = _too_long(fields)
    name = fields.get("display_name")
    if name and "display_name" not in errors and others.filter(display_name__iexact=name).exists():
        errors["display_name"] = "A player of this name is already on the roll."
    number = fields.get("member_number")
    holder = (others.filter(member_number__iexact=number).first()
              if number and "member_number" not in errors else None)
    if holder is not None:
        errors["member_number"] = f"Member number {number} is {holder}'s."
    user = fields.get("user")
    if user is not None and others.filter(user=user).exists():
        errors["user"] = "That login belongs to another player."
    return errors


def _too_long(fields: dict[str, Any]) -> dict[str, str]:
    errors: dict[str, str] = {}
    for field in ("display_name", "member_number"):
        if isinstance(fields.get(field), str):
            try:
                check_length(fields[field], Player, field)
            except ValidationError as exc:
                errors[field] = " ".join(exc.messages)
    return errors


@transaction.atomic
def player_create(**fields: Any) -> Player:
    _only_known(fields)
    errors = roll_errors(fields)
    if errors:
        raise ValidationError(errors)
    player = Player(**fields)
    player.full_clean()
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
    player.full_clean()
    player.save()
    return player


def _only_known(fields: dict[str, Any]) -> None:
    unknown = set(fields) - set(PLAYER_FIELDS)
    if unknown:
        raise TypeError(f"not a player's field: {', '.join(sorted(unknown))}")
