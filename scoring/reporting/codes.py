"""Table codes: short, read aloud and typed on a phone without mistaking one character for another.

Six characters from an alphabet without 0/O, 1/I/L, 2/Z, 5/S or 8/B give 25**6 (over 240 million)
codes, so that with guessing throttled to a few tries a minute nobody finds a table's code by chance.
"""

from __future__ import annotations

import secrets

ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalised(typed: str) -> str:
    """The code as typed, upper case, without spaces or dashes (`k3f 7qx` is `K3F7QX`)."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())[:LENGTH * 2]


def looks_like_code(code: str) -> bool:
    return len(code) == LENGTH and all(ch in ALPHABET for ch in code)


def spaced(code: str) -> str:
    """The code as printed and shown: two groups of three, easier to read aloud."""
    return f"{code[:3]} {code[3:]}"
