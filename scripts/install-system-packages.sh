#!/usr/bin/env bash
# Debian packages the tests use: Chromium's headless shell (the browser tests) and Chromium itself (its PDF
# viewer, which the shell lacks), poppler-utils (PDF to PNG), the
# PostgreSQL server (the suite runs a second time on a throwaway cluster), Redis (the cache two servers
# share, tested with two servers on that second run), strace (kills an export at a chosen system call) and
# the DejaVu fonts the PDFs embed (the site needs these in production too).
# Installs them when missing and we are root; otherwise says what will be skipped.
set -u
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v strace >/dev/null 2>&1 || missing+=(strace)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf ] || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit $?
fi
echo "NOTE: ${missing[*]} not installed and not root: browser, PDF or killed-export tests will be SKIPPED." >&2
exit 0
