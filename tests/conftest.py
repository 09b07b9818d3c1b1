"""Shared fixtures: users in their roles, players, an event, a started rubber; Chromium for browser tests."""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import settings

# One profile for the whole run, chosen here rather than by whichever test module is imported first:
# 150 examples a property, no deadline (a busy CI machine is slow, not wrong). HYPOTHESIS_PROFILE=thorough
# asks for more.
settings.register_profile("suite", max_examples=150, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

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
    """Each test starts with an empty cache: ids and results versions repeat from test to test. The club's
    settings are kept there as a running site keeps them (none are stored in a new database), so that a page's
    queries are counted as it costs on the site, whichever request of a test comes first."""
    from django.core.cache import cache

    from scoring.services.club import club_cache_unsaved

    cache.clear()
    club_cache_unsaved()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _pages_closed_before_the_database(request):
    """A browser test's pages are closed before its database is flushed: a page left open (htmx polls every
    few seconds) would otherwise reach the live server after the test and find no database."""
    if "browser" not in request.keywords or "browser" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")  # torn down after this fixture, so after the pages close
    yield
    for context in list(request.getfixturevalue("browser").contexts):
        context.close()


@pytest.fixture(scope="session")
def demo_club_dump(django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo club, built once for the whole run (per worker) by `seed_demo` and kept as a fixture file;
    the database is left as it was. `demo_club` loads it for a test in a moment."""
    import io

    from django.core.management import call_command
    from django.db import transaction

    path = tmp_path_factory.mktemp("demo") / "demo.json"
    out = io.StringIO()

    class Built(Exception):
        pass

    with django_db_blocker.unblock():
        try:
            with transaction.atomic():
                call_command("seed_demo", stdout=out)
                call_command("dumpdata", "scoring", "auth.user", natural_foreign=True, output=str(path),
                             verbosity=0)
                raise Built
        except Built:
            pass
    return path, out.getvalue()


@pytest.fixture
def demo_club(db, demo_club_dump):
    """The demo club in this test's database, as `seed_demo` builds it; its command's output returned."""
    from django.core.management import call_command

    path, printed = demo_club_dump
    call_command("loaddata", str(path), verbosity=0)
    from scoring.services.scoring import results_changed

    results_changed()
    return printed


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
    from tests.builders import a_rubber

    return a_rubber(event, players[:4], table="1")
