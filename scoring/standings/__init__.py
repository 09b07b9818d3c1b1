"""Standings: the event and club tables, partnerships, a player's record, and their cache."""
