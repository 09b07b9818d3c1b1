"""Every page of the site, read and posted to with hostile values in every query parameter and every field
its form shows, as the visitor and as the secretary: a page or a clear refusal, never a server error."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.access.test_access import MATRIX, club, log_in  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# The values that have brought 500s: digits int() refuses, numbers past any column, text a number parser chokes
# on, NUL (PostgreSQL refuses it), and markup.
HOSTILE = ["²", "٣", "9" * 5000, "99999999999999999999", "-1", "0", "1e9", " 7 ", "\x00", "", "<b>x</b>", "x" * 3000,
           "NaN", "1.5", "%", "ods", "yaml", "xls"]
# On PostgreSQL (a second pass: every value was sent on SQLite) the values the two databases take otherwise: NUL,
# which PostgreSQL refuses in text, and numbers and text past a column, which SQLite stores as they come.
ON_POSTGRES = ["9" * 5000, "99999999999999999999", "1e9", "\x00", "x" * 3000]
# Every query parameter a page reads, and the table's own paging, sorting and export parameters.
QUERY = ["round", "hand", "shown", "page", "per_page", "sort", "_export", "paper", "after_round", "q", "tab", "state",
         "projector", "code", "next", "players-page", "pairs-page", "rubbers-page", "per_page", "event", "since",
         "until", "date", "table", "player", "rulings-page", "from", "to", "name"]
FIELD = re.compile(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"')


def fields_on(client: Client, path: str) -> list[str]:
    response = client.get(path)
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return []
    return sorted(set(FIELD.findall(response.content.decode())) - {"csrfmiddlewaretoken"})


def hostile_here() -> list[str]:
    """The values sent on this pass's database."""
    return ON_POSTGRES if connection.vendor == "postgresql" else HOSTILE


def requests_for(client: Client, path: str, *, post: bool) -> list[tuple[str, dict[str, Any]]]:
    values = hostile_here()
    sent = [("get", {name: value for name in QUERY}) for value in values]
    if post:
        names = [*fields_on(client, path), "shown", "table", "action", "player", "answer", "seen", "previewed"]
        sent += [("post", {name: value for name in names}) for value in values]
    return sent


PARTS = 4
"""The matrix is fuzzed in parts, so that no one test runs long."""
FUZZED = [name for name in MATRIX if name not in ("logout", "login", "password_reset")]


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("role", ["anonymous", "secretary"])
def test_no_page_answers_a_server_error_to_hostile_input(client, club, role, part):  # noqa: F811
    log_in(client, club, role)
    tried = 0
    names = FUZZED[part::PARTS]
    for name in names:
        _access, args = MATRIX[name]
        path = reverse(name, args=args(club))
        for method, data in requests_for(client, path, post=role == "secretary"):
            response = getattr(client, method)(path, data)
            tried += 1
            assert response.status_code < 500, (name, method, data, response.status_code)
        log_in(client, club, role)  # a hostile post may have ended the session (the logout form)
    print(f"\nfuzzed as {role}, part {part + 1} of {PARTS}: {tried} requests, 0 server errors")
    assert tried >= len(names) * len(hostile_here())
