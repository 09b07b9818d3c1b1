"""Shared fixtures: users in their roles, players, an event, a started rubber; Chromium for browser tests."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings
from playwright.sync_api import expect

# One profile for the whole run, chosen here rather than by whichever test module is imported first:
# 150 examples a property, no deadline (a busy CI machine is slow, not wrong). HYPOTHESIS_PROFILE=thorough
# asks for more.
settings.register_profile("suite", max_examples=150, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # live_server + Playwright's page

# A browser test's expectations wait up to 15 s rather than Playwright's 5: its browser, live server and the
# other workers share two cores, and a busy machine is slow, not wrong.
expect.set_options(timeout=15_000)

# The browser tests drive Chromium's headless shell: the same Blink and V8 without the desktop browser's display
# and tabs, at about half the processor time a page. The tests of the PDF viewer, which the shell lacks (it saves
# a PDF where Chromium shows it), open Chromium itself (FULL_CHROMIUM).
CHROMIUM = (os.environ.get("CHROMIUM_PATH") or shutil.which("chromium-headless-shell")
            or "/usr/bin/chromium-headless-shell")
FULL_CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """The test database made from a migrated template when TEST_DB_TEMPLATE names one (scripts/pytest-pass.sh
    migrates it once a pass), rather than migrated by each worker: a SQLite file copied to the worker's own name
    (kept, as `django_db_keepdb` says, and removed here at the end), or a PostgreSQL database the server copies."""
    from django.conf import settings as django_settings

    template = os.environ.get("TEST_DB_TEMPLATE")
    database = django_settings.DATABASES["default"]
    copied = None
    if template and database["ENGINE"].endswith("sqlite3"):
        copied = Path(database["TEST"]["NAME"])
        shutil.copyfile(template, copied)
    elif template:
        database.setdefault("TEST", {})["TEMPLATE"] = template
    yield
    if copied is not None:  # the database and its write-ahead log's files (the site runs SQLite in WAL mode)
        for path in (copied, Path(f"{copied}-wal"), Path(f"{copied}-shm")):
            path.unlink(missing_ok=True)


@pytest.fixture(scope="session")
def django_db_keepdb(request):
    """A SQLite database copied from the template is kept as it is (its migrations are already applied)."""
    from django.conf import settings as django_settings

    copied = os.environ.get("TEST_DB_TEMPLATE") and django_settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
    return bool(copied) or request.config.getvalue("reuse_db")


# The fixtures through which a test reaches the test database; pytest-django refuses the database to any test
# that has none of them and no django_db mark.
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
                               "live_server", "django_db_setup", "_django_db_helper"})
LAYOUT_CHECKS = "tests/test_layout.py"
# The engine's tests that reach the scorer, run on the compiled engine and on the pure one (scoring/engine/compiled.py,
# scripts/test-passes.sh); the schedules reach no compiled module.
ENGINE_TESTS, NOT_SCORING = "tests/engine/", ("tests/engine/test_schedules.py",)


def touches_the_database(item: pytest.Item) -> bool:
    from django.test import TransactionTestCase

    cls = getattr(item, "cls", None)
    if cls is not None and issubclass(cls, TransactionTestCase):
        return True
    return item.get_closest_marker("django_db") is not None or not DATABASE_FIXTURES.isdisjoint(
        getattr(item, "fixturenames", ()))


@pytest.hookimpl(tryfirst=True)  # before `-m` selects: `-m database` reads the mark given here
def pytest_collection_modifyitems(config, items):
    """Marks each test that reaches the database `database`, and the engine's tests that reach the scorer
    `engine`; the two passes of `make test` select by them (scripts/test-passes.sh). Puts the longest kinds of
    test first (`expected_length`), and skips the browser tests when Chromium is missing."""
    for item in items:
        if touches_the_database(item):
            item.add_marker(pytest.mark.database)
        elif item.nodeid.startswith(ENGINE_TESTS) and not item.nodeid.startswith(NOT_SCORING):
            item.add_marker(pytest.mark.engine)
    config.stash[COLLECTED] = [(item.nodeid, "database" in item.keywords, "browser" in item.keywords)
                               for item in items]
    items.sort(key=expected_length)  # the longest first, so no core idles at the end of a pass
    missing = [path for path in (CHROMIUM, FULL_CHROMIUM) if not os.path.exists(path)]
    if not missing:
        return
    if os.environ.get("CI_REQUIRE_BROWSER"):
        raise pytest.UsageError(f"Chromium not found at {', '.join(missing)}; browser tests cannot run")
    skip = pytest.mark.skip(reason=f"SKIPPED: Chromium not installed at {', '.join(missing)}")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def expected_length(item: pytest.Item) -> int:
    """Where the test goes in the run, the longest kinds first: the browser tests, the tests marked `postgres`
    (fuzzing, races, backups), the property tests, then the rest."""
    if "browser" in item.keywords:
        return 0
    if "postgres" in item.keywords:
        return 1
    return 2 if getattr(getattr(item, "obj", None), "is_hypothesis_test", False) else 3


COLLECTED = pytest.StashKey[list[tuple[str, bool, bool]]]()


def pytest_collection_finish(session):
    """In a run of `make test` (TEST_RUN_DIR set), what this pass collected and selected, for
    scripts/passes_cover_the_suite.py to check that every test runs in one pass at least."""
    folder = os.environ.get("TEST_RUN_DIR")
    worker = getattr(session.config, "workerinput", {}).get("workerid", "gw0")
    if not folder or worker != "gw0" or COLLECTED not in session.config.stash:
        return
    from django.db import connection

    selected = {item.nodeid for item in session.items}
    tests = [{"id": node, "database": database, "browser": browser, "selected": node in selected}
             for node, database, browser in session.config.stash[COLLECTED]]
    Path(folder, f"pass-{connection.vendor}.json").write_text(json.dumps(tests))


def pytest_terminal_summary(terminalreporter):
    """The layout checks (tests/test_layout.py: the code's shape) counted apart from the behaviour tests, and which
    scorer the pass ran (the compiled build or pure Python, `scoring.engine.compiled`)."""
    from scoring.engine.compiled import scorer_words
    outcomes: dict[str, dict[str, set[str]]] = {"layout checks": {}, "behaviour tests": {}}
    for outcome in ("passed", "failed", "error", "skipped", "xfailed", "xpassed"):
        for report in terminalreporter.stats.get(outcome, []):
            nodeid = getattr(report, "nodeid", "")
            if not nodeid:
                continue
            group = "layout checks" if nodeid.startswith(LAYOUT_CHECKS) else "behaviour tests"
            outcomes[group].setdefault(outcome, set()).add(nodeid)
    parts = []
    for group, counts in outcomes.items():
        said = ", ".join(f"{len(nodes):,} {outcome}" for outcome, nodes in counts.items()) or "none run"
        parts.append(f"{group}: {said}")
    terminalreporter.write_line("; ".join([*parts, f"scorer: {scorer_words()}"]))


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


def shared_folder(tmp_path_factory) -> Path:
    """A folder the whole run shares: TEST_RUN_DIR when `make test` names one for its two passes, otherwise
    this pytest's own temporary folder, which its xdist workers share."""
    if os.environ.get("TEST_RUN_DIR"):
        return Path(os.environ["TEST_RUN_DIR"])
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def demo_club_dump(django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo club, built once for the whole run by `seed_demo` and kept as a fixture file; the database is
    left as it was. The first process to need it builds it while the others wait on a lock, then each reads
    the file. `demo_club` loads it for a test in a moment."""
    folder = shared_folder(tmp_path_factory)
    path, printed = folder / "demo.json", folder / "demo-printed.txt"
    with open(folder / "demo.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            output = demo_club_built(django_db_blocker, path.with_suffix(".partial"))
            printed.write_text(output)
            path.with_suffix(".partial").rename(path)
    return path, printed.read_text()


def demo_club_built(django_db_blocker, path: Path) -> str:
    """`seed_demo` in a transaction rolled back once the club is dumped to `path`; its output returned."""
    import io

    from django.core.management import call_command
    from django.db import transaction

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
    return out.getvalue()


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
