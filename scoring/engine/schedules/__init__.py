"""Schedules for an event in rounds: who sits where at which table, round by round.

Pure Python like the rest of the engine: a schedule is built from numbers alone and checked by
the same functions the tests use, and the site only stores what it is given.
"""

from scoring.engine.schedules.pairs import first_dealer, pairs_schedule, round_robin_rounds, swiss_round
from scoring.engine.schedules.shape import Round, Schedule, Table, schedule_document
from scoring.engine.schedules.whist import full_rounds, whist_schedule

__all__ = ["Round", "Schedule", "Table", "first_dealer", "full_rounds", "pairs_schedule", "round_robin_rounds",
           "schedule_document", "swiss_round", "whist_schedule"]
