"""How a club plays: the code of laws, its game and match, the house rules and the paper. Declared once here and
shared by the club's own settings and every event, with one check and one way into the engine's rulebook."""

from __future__ import annotations

from typing import ClassVar

from django.core.exceptions import ValidationError
from django.db import models

from scoring.engine import RULEBOOKS, SOMERSET_1888, Rulebook
from scoring.engine.interchange import house_ruled
from scoring.engine.rulebook import STANDARD, HouseRules, read_house_rules
from scoring.engine.words import sentence
from scoring.models.choices import GAME_CHOICES, MATCH_CHOICES, RULEBOOK_CHOICES


class PaperSize(models.TextChoices):
    LETTER = "letter", "Letter"
    A4 = "a4", "A4"


class HowWePlay(models.Model):
    """The code, the game, the match, the house rules and the paper a club (or one of its events) plays with."""

    rulebook = models.CharField("code of laws", max_length=40, choices=RULEBOOK_CHOICES, default=SOMERSET_1888.key)
    game_points = models.PositiveSmallIntegerField(
        "game", null=True, blank=True, choices=GAME_CHOICES,
        help_text="Points to win a game, where the code lets a club choose; empty for the code's own.")
    games = models.PositiveSmallIntegerField(
        "match", null=True, blank=True, choices=MATCH_CHOICES,
        help_text="A single game or the best of three, where the code lets a club choose (Somerset plays rubbers).")
    house_rules = models.JSONField(
        default=dict, blank=True,
        help_text="The standard game's house rules, as a document keeps them.")
    paper_size = models.CharField(max_length=10, choices=PaperSize.choices, default=PaperSize.LETTER)

    house_rules_whatever_the_code: ClassVar[bool] = False
    """The club keeps its house rules of the standard game whatever code it usually plays; an event has house rules
    only under a code that takes them."""

    class Meta:
        abstract = True

    def clean(self) -> None:
        """The game and the match must be ones the code allows, and the house rules each one of its own values;
        raises ValidationError on the field at fault."""
        code = RULEBOOKS.get(self.rulebook)
        if code is None:
            return  # the field's own choices say so
        for name, choice in (("game_points", (self.game_points, None)), ("games", (self.game_points, self.games))):
            try:
                code.playing(*choice)
            except ValueError as exc:
                raise ValidationError({name: ValidationError(sentence(str(exc), "."), code="not_in_code")}) from None
        if self.house_rules:
            try:
                house_ruled(STANDARD if self.house_rules_whatever_the_code else code, self.house_rules)
            except ValueError as exc:
                refusal = ValidationError(sentence(str(exc), "."), code="house_rules")
                raise ValidationError({"house_rules": refusal}) from None

    @property
    def house(self) -> HouseRules:
        """The house rules kept (checked when they were saved)."""
        return read_house_rules(self.house_rules or None)

    @property
    def code(self) -> Rulebook:
        """The code of laws with the house rules, where the code takes them."""
        code = RULEBOOKS[self.rulebook]
        return code.housed(self.house) if self.house_rules and code.asks.house_rules else code

    @property
    def playing(self) -> Rulebook:
        """The code with its game and match: what a hand is scored by."""
        return self.code.playing(self.game_points, self.games)
