"""Choices the models and forms share: seats, sides, the codes of laws, and the words for the values of a night's
rules (whose values are the engine's, `scoring.engine.progressive.night`)."""

from __future__ import annotations

from scoring.engine import RULEBOOKS, Seat, Side
from scoring.engine.progressive.night import (
    MISSED_AVERAGE,
    MISSED_NOTHING,
    RANKING_KEYS,
    RANKINGS,
    TIME_FINISH,
    TIME_STOP,
)
from scoring.engine.progressive.prizes import DRAW, SHARE

SEAT_CHOICES = [(s.value, s.value) for s in Seat]
SIDE_CHOICES = [(s.value, s.value) for s in Side]
RULEBOOK_CHOICES = [(key, rb.name) for key, rb in RULEBOOKS.items()]
GAME_CHOICES = [(n, f"Game to {n}") for n in sorted({n for rb in RULEBOOKS.values() for n in rb.winning.game_choices})]
MATCH_CHOICES = [(1, "A single game"), (3, "The best of three games")]

PROGRESSIVE_FIGURES = dict(zip(RANKING_KEYS, ("total points", "lone hands made", "rounds won"), strict=True))
"""What a progressive night can be ranked by, as the standings name each."""
RANKING_CHOICES = [(ranking, "By " + ", then ".join(PROGRESSIVE_FIGURES[k] for k in ranking.split(",")))
                   for ranking in RANKINGS]

MISSED_CHOICES = [(MISSED_AVERAGE, "The round's average, as a bye scores"), (MISSED_NOTHING, "Nothing")]
"""What a round a late arrival at a progressive night missed scores him."""

TIME_CALLED_CHOICES = [(TIME_FINISH, "Each table finishes the deal in play, then stops"),
                       (TIME_STOP, "Play stops at once: the deal in play does not count")]
"""What happens at a table still playing when a round's time is up (its minutes run out, or the secretary calls
time)."""
TIME_UP_WORDS = {TIME_FINISH: "each table finishes the deal in play, then stops",
                 TIME_STOP: "play stops at once; the deal in play does not count"}
"""What the room and the phones say once time is up, for each choice."""

PRIZE_TIES_CHOICES = [(SHARE, "They share it"), (DRAW, "The site draws one (the same every time)")]
"""What a progressive night does with players level for a prize after its tie-breaks."""
