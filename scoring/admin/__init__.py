"""The Django admin for the club's records, one module per concern, every record read-only with its history."""

from scoring.admin import accounts, club, rubbers, rulings

__all__ = ["accounts", "club", "rubbers", "rulings"]
