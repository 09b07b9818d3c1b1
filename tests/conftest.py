"""Shared fixtures: users in their roles, players, an event, a started rubber; Chromium for browser tests."""

from __future__ import annotations

import datetime as dt
import os
import shutil

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # live_server + Playwright's page

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
        return
    if os.environ.get("CI_REQUIRE_BROWSER"):
        raise pytest.UsageError(f"Chromium not found at {CHROMIUM}; browser tests cannot run")
    skip = pytest.mark.skip(reason=f"SKIPPED: Chromium not installed at {CHROMIUM}")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: ids and results versions repeat from test to test."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def secretary(db, django_user_model):
    from django.contrib.auth.models import Group

    from scoring.access import SECRETARY_GROUP, secretary_group_ensure

    secretary_group_ensure()
    user = django_user_model.objects.create_user("sec", password="pw-secretary-1888")
    user.groups.add(Group.objects.get(name=SECRETARY_GROUP))
    return user


@pytest.fixture
def member(db, django_user_model):
    return django_user_model.objects.create_user("member", password="pw-member-1888")


@pytest.fixture
def players(db):
    from tests.factories import PlayerFactory

    return PlayerFactory.create_batch(6)


@pytest.fixture
def event(db):
    from tests.factories import EventFactory

    return EventFactory()


@pytest.fixture
def rubber(event, players):
    from scoring.services.rubbers import rubber_start

    return rubber_start(event=event, north=players[0], east=players[1], south=players[2], west=players[3],
                        first_dealer="N", table_label="1", played_on=dt.date(2026, 11, 3))
