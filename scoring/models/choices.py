"""Choices the models share: seats, sides, the codes of laws and how a progressive night is ranked."""

from __future__ import annotations

import itertools

from scoring.engine import RULEBOOKS, Seat, Side
from scoring.engine.progressive.prizes import DRAW, SHARE

SEAT_CHOICES = [(s.value, s.value) for s in Seat]
SIDE_CHOICES = [(s.value, s.value) for s in Side]
RULEBOOK_CHOICES = [(key, rb.name) for key, rb in RULEBOOKS.items()]
GAME_CHOICES = [(n, f"Game to {n}") for n in sorted({n for rb in RULEBOOKS.values() for n in rb.game_choices})]
MATCH_CHOICES = [(1, "A single game"), (3, "The best of three games")]

PROGRESSIVE_FIGURES = {"points": "total points", "lone": "lone hands made", "rounds": "rounds won"}
"""What a progressive night can be ranked by, as the standings name each."""
RANKING_DEFAULT = "points,lone,rounds"
RANKING_CHOICES = [(",".join(keys), "By " + ", then ".join(PROGRESSIVE_FIGURES[k] for k in keys))
                   for keys in itertools.permutations(PROGRESSIVE_FIGURES)]

MISSED_AVERAGE, MISSED_NOTHING = "average", "nothing"
MISSED_CHOICES = [(MISSED_AVERAGE, "The round's average, as a bye scores"), (MISSED_NOTHING, "Nothing")]
"""What a round a late arrival at a progressive night missed scores him."""

TIME_FINISH, TIME_STOP = "finish", "stop"
TIME_CALLED_CHOICES = [(TIME_FINISH, "Each table finishes the deal in play, then stops"),
                       (TIME_STOP, "Play stops at once: the deal in play does not count")]
"""What happens at a table still playing when a round's time is up (its minutes run out, or the secretary calls
time)."""
TIME_UP_WORDS = {TIME_FINISH: "each table finishes the deal in play, then stops",
                 TIME_STOP: "play stops at once; the deal in play does not count"}
"""What the room and the phones say once time is up, for each choice."""

PRIZE_TIES_SHARE = SHARE
PRIZE_TIES_CHOICES = [(SHARE, "They share it"), (DRAW, "The site draws one (the same every time)")]
"""What a progressive night does with players level for a prize after its tie-breaks."""
