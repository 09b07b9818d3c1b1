"""Load test: gunicorn on 127.0.0.1 with the production settings, a club of 10,000 rubbers, and locust
mixing standings reads, rubber and player pages and hand entry for 60 seconds.

Run: python bench/load.py [--users 20] [--seconds 60] [--workers 3] [--rubbers 10000] [--db PATH]
(set DATABASE_URL to load PostgreSQL instead of the SQLite file). `python bench/load.py --night [...]` loads a
club night instead (bench/night.py: phones, the room and readers over two servers).

Prints throughput, the error count and the median and 95th percentile response times of the reads
and of hand entry. Targets on a 2-core machine: no errors, p95 under 250 ms for reads and under
400 ms for hand entry.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from servers import BIN, ROOT, run, wait_for  # bench/ is the script's folder, first on the path

EVENT = "autumn-club-nights"  # the demo club's event, grown to 10,000 rubbers
RUBBERS = 10000


def prepare(env: dict[str, str], rubbers: int) -> dict[str, str]:
    """The demo club with 10,000 more complete rubbers; returns what locust needs to know."""
    run(env, "migrate", "--noinput")
    run(env, "collectstatic", "--noinput")
    script = ("from scoring.models import Event, Player, Rubber;"
              f"e = Event.objects.filter(slug='{EVENT}').first();"
              "print(e.rubbers.count() if e else 0)")
    have = int(run(env, "shell", "-c", script).strip() or 0)
    if have < rubbers:
        run(env, "seed_demo")
        started = time.perf_counter()
        run(env, "seed_bulk", "--rubbers", str(rubbers - have), "--event", EVENT)
        print(f"built the club in {time.perf_counter() - started:.0f} s")
    ids = run(env, "shell", "-c", "from scoring.models import Player, Rubber;"
              "print(','.join(str(p) for p in Player.objects.values_list('pk', flat=True)));"
              "hidden = Rubber.objects.filter(event__is_public=False).order_by('-pk').first();"
              "print(hidden.pk + 1 if hidden else 1);"
              "print(Rubber.objects.order_by('-pk').values_list('pk', flat=True).first())").split()
    # Members read public rubbers: past the last members-only one, which the public cannot see.
    return {"LOAD_EVENT": EVENT, "LOAD_PLAYERS": ids[0], "LOAD_RUBBERS": f"{ids[1]},{ids[2]}"}


def main() -> None:
    if "--night" in sys.argv:  # a club night's load instead: bench/night.py, which takes its own options
        sys.argv.remove("--night")
        from night import main as night

        night()
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--rubbers", type=int, default=RUBBERS)
    parser.add_argument("--db", default="/tmp/euchre-load.sqlite3")
    args = parser.parse_args()

    env = {**os.environ,
           "DJANGO_SETTINGS_MODULE": "euchre_club.settings.production",
           "SECRET_KEY": secrets.token_urlsafe(50),
           "ALLOWED_HOSTS": "127.0.0.1",
           "DATABASE_URL": os.environ.get("DATABASE_URL", f"sqlite:///{args.db}"),
           # Plain http on loopback, with no TLS proxy in front: cookies cannot be marked Secure.
           "SECURE_SSL_REDIRECT": "False", "SESSION_COOKIE_SECURE": "False", "CSRF_COOKIE_SECURE": "False"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    env |= prepare(env, args.rubbers)
    database = env["DATABASE_URL"].split(":")[0]
    players = len(env["LOAD_PLAYERS"].split(","))
    print(f"{database}: public rubbers {env['LOAD_RUBBERS'].replace(',', '-')}; {players} players")

    server = subprocess.Popen([str(BIN / "gunicorn"), "euchre_club.wsgi:application", "--bind",
                               f"127.0.0.1:{args.port}", "--workers", str(args.workers), "--log-level", "warning"],
                              cwd=ROOT, env=env)
    folder = tempfile.TemporaryDirectory(prefix="euchre-load-")  # one a run: two runs side by side never share it
    summary_path = Path(folder.name) / "summary.json"
    try:
        wait_for(args.port)
        env["LOAD_SUMMARY"] = str(summary_path)
        subprocess.run([str(BIN / "locust"), "-f", str(ROOT / "bench" / "locustfile.py"), "--headless",
                        "--users", str(args.users), "--spawn-rate", str(max(1, args.users // 10)), "--run-time",
                        f"{args.seconds}s", "--host", f"http://127.0.0.1:{args.port}", "--only-summary",
                        "--loglevel", "WARNING"], cwd=ROOT, env=env, check=False)
    finally:
        server.terminate()
        server.wait(timeout=20)

    summary = json.loads(summary_path.read_text())
    folder.cleanup()
    print(f"\n{args.users} users, {args.workers} gunicorn workers, {summary['seconds']} s on {database}")
    if not summary["requests"]:
        raise SystemExit(f"no request was answered in {args.seconds} s")
    print(f"requests {summary['requests']}, throughput {summary['requests'] / summary['seconds']:.1f}/s, "
          f"errors {summary['failures']}")
    for group, figures in summary["groups"].items():
        print(f"  {group:12} n={figures['count']:6}  median {figures['median_ms']:7.1f} ms  "
              f"p95 {figures['p95_ms']:7.1f} ms  max {figures['max_ms']:7.1f} ms")
    for error, count in summary["errors"].items():
        print(f"  error x{count}: {error}")


if __name__ == "__main__":
    main()
