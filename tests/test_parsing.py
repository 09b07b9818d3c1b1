"""The one reader of numbers from addresses and forms, and ids in addresses."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.parsing import iso_date, positive_int, small_int


@given(st.integers(min_value=0, max_value=10**6))
def test_a_plain_number_reads_as_itself(number):
    assert small_int(str(number)) == number
    assert small_int(f" {number}") is None  # plain digits only, as a page sends them


@given(st.text())
def test_any_text_reads_as_a_number_in_range_or_nothing(text):
    value = small_int(text)
    assert value is None or (0 <= value <= 10**6 and text.isascii())


@pytest.mark.parametrize("text", ["²", "٣", "9" * 5000, "-1", "+1", "1e3", "1.0", "", " ", "0x10", "1_000", None,
                                  ["1"], True])
def test_anything_but_a_plain_number_is_nothing(text):
    assert small_int(text) is None


def test_the_limit_and_zero():
    assert small_int("1000", most=999) is None
    assert small_int("999", most=999) == 999
    assert positive_int("0") is None
    assert positive_int("3") == 3


@given(st.dates())
def test_a_date_written_year_month_day_reads_as_itself(day):
    assert iso_date(day.isoformat()) == day


@given(st.text())
def test_any_text_reads_as_a_date_or_nothing(text):
    value = iso_date(text)
    assert value is None or (value.isoformat() == text)


@pytest.mark.parametrize("text", ["2026-02-30", "2026-13-01", "0000-01-01", "2026-1-31", "20260131", "2026-W05-6",
                                  " 2026-01-31", "2026-01-31 ", "2026-01-31T00:00", "٢٠٢٦-01-31", "²⁰²⁶-01-31", "",
                                  "9" * 5000, None, 20260131, dt.date(2026, 1, 31)])
def test_anything_but_a_day_written_year_month_day_is_nothing(text):
    assert iso_date(text) is None


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/rubbers/99999999999999999999/", "/rulings/184467440737095516160/",
                                  "/players/9223372036854775808/", "/rounds/" + "9" * 40 + "/close/confirm/"])
def test_ids_past_what_the_database_holds_are_not_found(client, secretary, path):
    client.force_login(secretary)
    assert client.get(path).status_code == 404
