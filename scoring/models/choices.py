"""Choices the models share: seats, sides and the codes of laws."""

from __future__ import annotations

from scoring.engine import RULEBOOKS, Seat, Side

SEAT_CHOICES = [(s.value, s.value) for s in Seat]
SIDE_CHOICES = [(s.value, s.value) for s in Side]
RULEBOOK_CHOICES = [(key, rb.name) for key, rb in RULEBOOKS.items()]
GAME_CHOICES = [(n, f"Game to {n}") for n in sorted({n for rb in RULEBOOKS.values() for n in rb.game_choices})]
MATCH_CHOICES = [(1, "A single game"), (3, "The best of three games")]
