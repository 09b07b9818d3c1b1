"""One date format across the site and its printed sheets: 22 Nov 2026, and 22 Nov 2026 19:45."""

DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y H:i"
SHORT_DATETIME_FORMAT = "j M Y H:i"
DATE_INPUT_FORMATS = ["%Y-%m-%d"]
