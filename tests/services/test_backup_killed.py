"""An export killed at any point of putting the new backup in place leaves a whole backup at the target (the
earlier one, or the new), and beside it no more than docs/running.md says: one hidden `.NAME.partial-…` folder,
which may be deleted.

The export runs as `manage.py export_club` under strace, which sends it SIGKILL as it enters a chosen system
call, before the call takes effect: the kill -9 at exactly that point, every time."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from scoring.models import Player
from scoring.services.backup import BackupError, club_export
from scoring.services.backup.manifest import manifest_checked
from tests.builders import a_rubber

pytestmark = pytest.mark.django_db(transaction=True)  # the export's own process reads what the test wrote

ROOT = Path(__file__).resolve().parents[2]
RENAMES = "rename,renameat,renameat2"
"""Every call that renames: which of them a C library's rename() makes differs from one machine to another."""
DELETES = "unlink,unlinkat,rmdir"
"""Every call that deletes a file or a folder (shutil.rmtree makes them relative to the folder it opened)."""
EARLIER, NEW = 6, 7
"""The players in the earlier backup and in the new one: which backup a folder holds."""


@pytest.fixture
def strace() -> str:
    found = shutil.which("strace")
    if found:
        return found
    if os.environ.get("CI"):
        pytest.fail("strace is not installed (scripts/install-system-packages.sh installs it); in CI the "
                    "tests of a killed export must run.")
    pytest.skip("SKIPPED: strace is not installed (scripts/install-system-packages.sh installs it); it kills "
                "the export at the system call chosen.")


@pytest.fixture
def club(event, players):
    """A club of six players and a rubber; `newer` adds the seventh, so that the new backup differs."""
    a_rubber(event, players[:4], table="1")


def newer() -> None:
    Player.objects.create(display_name="Newcomer")


def database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "postgresql":
        return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return f"sqlite:///{db['NAME']}"


def export_traced(strace: str, folder: Path, calls: str, tampering: str) -> subprocess.CompletedProcess[str]:
    """Run `manage.py export_club folder` under strace, its system calls `calls` tampered with as `tampering`
    says (strace's -e inject)."""
    env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE": "euchre_club.settings.test",
           "PYTHONDONTWRITEBYTECODE": "1"}  # a compiled module written on import is renamed into place: not ours
    return subprocess.run([strace, "-f", "-qq", "-o", os.devnull, "-e", f"trace={calls}",
                           "-e", f"inject={calls}:{tampering}", sys.executable, "manage.py", "export_club",
                           str(folder)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def export_killed(strace: str, folder: Path, calls: str, when: int) -> int:
    """Run `manage.py export_club folder`, killed as it enters the `when`-th of each of the system calls
    `calls` names; returns its exit status (-SIGKILL when killed, 0 when it finished first)."""
    done = export_traced(strace, folder, calls, f"signal=SIGKILL:when={when}")
    assert done.returncode in (0, -signal.SIGKILL), done.stderr
    return done.returncode


def players_in(folder: Path) -> int:
    """How many players the whole backup at `folder` holds; checked against its manifest file by file."""
    return manifest_checked(folder).counts["players"]


def beside(folder: Path) -> list[str]:
    """What else is in the target's folder, a hidden folder's random end shown as `…`."""
    return sorted(p.name.rsplit("-", 1)[0] + "-…" if p.name.startswith(".") else p.name
                  for p in folder.parent.iterdir() if p != folder)


@pytest.mark.parametrize(("calls", "when", "there", "aside"), [
    pytest.param(RENAMES, 1, EARLIER, NEW, id="at the exchange"),  # the new backup, whole but not in place
    pytest.param(DELETES, 1, NEW, EARLIER, id="just after the exchange"),  # the earlier, whole, swapped out
    pytest.param(DELETES, 3, NEW, None, id="while the earlier backup is deleted"),  # what is left of it
])
def test_an_export_killed_as_it_replaces_a_backup_leaves_a_whole_one(tmp_path, strace, club, calls, when, there,
                                                                      aside):
    folder = tmp_path / "backups" / "nightly"
    club_export(folder)
    newer()
    assert export_killed(strace, folder, calls, when) == -signal.SIGKILL
    assert players_in(folder) == there
    assert beside(folder) == [".nightly.partial-…"]
    partial = next(folder.parent.glob(".nightly.partial-*"))
    if aside is None:
        with pytest.raises(BackupError):
            manifest_checked(partial)
    else:
        assert players_in(partial) == aside
    shutil.rmtree(partial)  # as docs/running.md says it may be
    assert players_in(folder) == there


def test_an_export_killed_as_it_replaces_an_empty_folder_leaves_it_or_the_backup(tmp_path, strace, club):
    folder = tmp_path / "backups" / "nightly"
    folder.mkdir(parents=True)
    newer()
    assert export_killed(strace, folder, RENAMES, 1) == -signal.SIGKILL
    assert not any(folder.iterdir()) and beside(folder) == [".nightly.partial-…"]
    shutil.rmtree(next(folder.parent.glob(".nightly.partial-*")))
    assert export_killed(strace, folder, DELETES, 1) == -signal.SIGKILL
    assert players_in(folder) == NEW and beside(folder) == [".nightly.partial-…"]
    assert not any(next(folder.parent.glob(".nightly.partial-*")).iterdir())  # the empty folder, moved aside


def test_a_first_export_killed_as_it_puts_the_backup_in_place_leaves_no_target(tmp_path, strace, club):
    folder = tmp_path / "backups" / "nightly"
    folder.parent.mkdir()
    newer()
    assert export_killed(strace, folder, RENAMES, 1) == -signal.SIGKILL
    assert not folder.exists() and beside(folder) == [".nightly.partial-…"]
    assert players_in(next(folder.parent.glob(".nightly.partial-*"))) == NEW


def test_an_export_killed_at_any_rename_leaves_a_whole_backup_at_the_target(tmp_path, strace, club):
    """Killed at its first rename, then its second, and so on until it finishes: each time the target holds
    the earlier backup or the new one, never nothing."""
    folder = tmp_path / "backups" / "nightly"
    club_export(folder)
    newer()
    for when in range(1, 10):
        killed = export_killed(strace, folder, RENAMES, when) == -signal.SIGKILL
        assert folder.is_dir(), f"no backup at the target after a kill at rename {when}"
        assert players_in(folder) in (EARLIER, NEW)
        assert beside(folder) == ([".nightly.partial-…"] if killed else [])
        for left in folder.parent.glob(".nightly.partial-*"):
            shutil.rmtree(left)
        if not killed:
            break
    assert not killed and players_in(folder) == NEW


def test_a_filesystem_that_cannot_exchange_folders_is_refused_and_the_earlier_backup_kept(tmp_path, strace, club):
    """NFS, for one, answers renameat2's exchange with EINVAL: the export says so rather than replace the
    earlier backup in two steps."""
    folder = tmp_path / "backups" / "nightly"
    club_export(folder)
    newer()
    done = export_traced(strace, folder, "renameat2", "error=EINVAL")
    assert done.returncode == 1 and "Nothing was written" in done.stderr, done.stderr
    assert "cannot replace an earlier backup in one step; write the backup to a new folder" in done.stderr
    assert players_in(folder) == EARLIER and beside(folder) == []
