"""`seed_demo` builds a club in every state, prints the secretary login, and can run again safely."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from scoring.models import Event, Rubber, Ruling

pytestmark = pytest.mark.django_db


def test_seed_demo_builds_every_state_and_prints_the_login():
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    assert "username 'secretary', password 'somerset1888'" in out.getvalue()
    request = RequestFactory().post("/accounts/login/")  # django-axes checks every login against its request
    assert authenticate(request, username="secretary", password="somerset1888") is not None
    statuses = set(Rubber.objects.values_list("status", flat=True))
    assert statuses == {"in_progress", "complete", "abandoned"}
    assert set(Event.objects.values_list("is_public", flat=True)) == {True, False}
    rulings = list(Ruling.objects.order_by("pk"))
    assert [r.irregularity for r in rulings] == ["lead_out_of_turn", "revoke"]
    assert rulings[1].too_late and rulings[1].effect == {}

    count = Rubber.objects.count()
    call_command("seed_demo", stdout=io.StringIO())
    assert Rubber.objects.count() == count
