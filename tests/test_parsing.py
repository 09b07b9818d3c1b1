"""The one reader of numbers from addresses and forms, and ids in addresses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.parsing import positive_int, small_int


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


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/rubbers/99999999999999999999/", "/rulings/184467440737095516160/",
                                  "/players/9223372036854775808/", "/rounds/" + "9" * 40 + "/close/confirm/"])
def test_ids_past_what_the_database_holds_are_not_found(client, secretary, path):
    client.force_login(secretary)
    assert client.get(path).status_code == 404
