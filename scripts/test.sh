#!/usr/bin/env bash
# Runs every check and test of the project, installing and starting what they need first:
# the infrastructure (FerretDB, RabbitMQ, Redis, MailDev), Chromium for browser tests, Node dependencies, and the
# manifest tools for k8s/ (kubernetes-validate and checkov pinned from PyPI into .data/k8s-tools; kustomize built once).
#   1. build and typecheck every workspace, lint and format check (biome)
#   2. unit and integration suites (in parallel files), then the disruptive suites (broker restarts) alone, the
#      fault suite alone, then the browser end-to-end suites against the whole shop
# Its last line sums every suite: "N passed, N failed".
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${STOREFRONT_DATA:-$ROOT/.data}"
LOG_TAG=test
# shellcheck source=scripts/lib.sh
source "$ROOT/scripts/lib.sh"
cd "$ROOT"

RESULTS="$DATA/test-results"
summary() { node scripts/test-summary.mjs "$RESULTS"/*.json; }
fail_before_tests() {
  log "$1"
  echo "0 passed, 1 failed"
  exit 1
}

bash scripts/infra.sh up || fail_before_tests "the infrastructure did not start"
if ! command -v chromium >/dev/null 2>&1; then
  log "installing Chromium (Debian) for browser tests"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } ||
    fail_before_tests "could not install chromium"
fi
# A phone has a Devanagari font of its own (Android: Noto Sans Devanagari); the test browser needs one to show the
# Marathi pages as a phone does (docs/languages.md), not as boxes.
if ! fc-list :lang=mr | grep -q .; then
  log "installing Noto fonts (Debian) for the Marathi pages in browser tests"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core >/dev/null; } ||
    fail_before_tests "could not install a Devanagari font"
fi
ensure_node_modules || fail_before_tests "npm ci failed"
log "manifest tools (kubernetes-validate, checkov, kustomize) for the k8s/ suite"
bash scripts/k8s-tools.sh >/dev/null || fail_before_tests "could not install the manifest checkers"
export_infra_urls

log "build and typecheck"
npx turbo run build typecheck --output-logs=errors-only || fail_before_tests "build or typecheck failed"
log "lint and format (biome)"
npx biome ci --colors=off --error-on-warnings . >"$DATA/logs/biome.log" 2>&1 || {
  cat "$DATA/logs/biome.log"
  fail_before_tests "biome found problems"
}

rm -rf "$RESULTS" && mkdir -p "$RESULTS"
status=0
log "unit and integration suites"
npx vitest run --project unit --project integration \
  --reporter=default --reporter=json --outputFile.json="$RESULTS/main.json" || status=1
log "disruptive suites (they stop and start the broker, so they run alone)"
npx vitest run --project disruptive \
  --reporter=default --reporter=json --outputFile.json="$RESULTS/disruptive.json" || status=1

log "fault suite (mail server down and back, Redis restarted empty; alone, it restarts shared servers)"
npx vitest run --project faults \
  --reporter=default --reporter=json --outputFile.json="$RESULTS/faults.json" || status=1

log "browser end-to-end suites and the attack suite (Chromium and bad inputs against the whole shop)"
npx vitest run --project e2e \
  --reporter=default --reporter=json --outputFile.json="$RESULTS/e2e.json" || status=1

# The attack and fault suites' own counts (tests/security, tests/faults), repeated here next to the totals.
# Each attack suite writes its own security-<suite>.txt; the line is their sum.
cat "$RESULTS"/security-*.txt 2>/dev/null | awk '
  { tried += $2; refused += $6; changed += $8; found = 1 }
  END { if (found) printf "security: %d bad inputs tried, %d refused, %d changed anything\n", tried, refused, changed }'
[ -f "$RESULTS/faults.txt" ] && cat "$RESULTS/faults.txt"
summary || status=1
exit $status
