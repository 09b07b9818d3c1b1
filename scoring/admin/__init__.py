"""The Django admin for the club's records, one module per concern, every record read-only with its history."""

from scoring.admin import club, rubbers, rulings

__all__ = ["club", "rubbers", "rulings"]
