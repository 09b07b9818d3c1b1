"""Schedules for an event in rounds: who sits where at which table, round by round.

Pure Python like the rest of the engine: a schedule is built from numbers alone and checked by
the same functions the tests use, and the site only stores what it is given.
"""

from scoring.engine.schedules.pairs import pairs_schedule
from scoring.engine.schedules.shape import Round, Schedule, Table, schedule_document
from scoring.engine.schedules.whist import full_rounds, whist_schedule

__all__ = ["Round", "Schedule", "Table", "full_rounds", "pairs_schedule", "schedule_document", "whist_schedule"]
