#!/usr/bin/env bash
# Runs every check and test of the project, installing and starting what they need first:
# the infrastructure (FerretDB, RabbitMQ, Redis, MailDev), Chromium for browser tests, Node dependencies, and the
# manifest tools for k8s/ (kubernetes-validate and checkov pinned from PyPI into .data/k8s-tools; kustomize built once).
#   1. build every workspace, lint and format check (biome)
#   2. unit and integration suites (two files at a time) and, beside them, the typecheck of every workspace (one at a
#      time) and the disruptive suites (broker restarts) then the fault suite, against a RabbitMQ node and a Redis of
#      their own (`infra.sh drill-up`); then the browser
#      end-to-end suites in E2E_PARTS vitest processes at once (2 by default), each against a whole shop of its own
#      (docs/testing.md, "Where the time goes")
# Its last line sums every suite: "N passed, N failed".
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${STOREFRONT_DATA:-$ROOT/.data}"
LOG_TAG=test
# shellcheck source=scripts/lib.sh
source "$ROOT/scripts/lib.sh"
cd "$ROOT"
# Each step's line says when it began (seconds since the start): where the time goes, read from any CI log.
log() { printf '[%s %ss] %s\n' "$LOG_TAG" "$SECONDS" "$*"; }

RESULTS="$DATA/test-results"
E2E_PARTS="${E2E_PARTS:-2}"
# Every report a suite must write: one that is missing (a runner that crashed) counts as a failure in the sum.
REPORTS=("$RESULTS/typecheck.json" "$RESULTS/main.json" "$RESULTS/disruptive.json" "$RESULTS/faults.json")
for ((part = 1; part <= E2E_PARTS; part++)); do REPORTS+=("$RESULTS/e2e-$part.json"); done
summary() { node scripts/test-summary.mjs "${REPORTS[@]}"; }
fail_before_tests() {
  log "$1"
  echo "0 passed, 1 failed"
  exit 1
}

bash scripts/infra.sh up || fail_before_tests "the infrastructure did not start"
# The disruptive and fault suites' own broker and Redis: a second RabbitMQ node takes ~10 s to boot, while npm ci
# and the build run.
mkdir -p "$DATA/logs"
bash scripts/infra.sh drill-up >"$DATA/logs/drill-servers.log" 2>&1 &
drill_servers=$!
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
# The manifest tools come from PyPI (and the Go proxy, once): mostly waiting on the network, so they install while
# npm ci and the build use the cores, and are waited for just before the suites.
log "manifest tools (kubernetes-validate, checkov, kustomize) for the k8s/ suite, in the background"
bash scripts/k8s-tools.sh >"$DATA/logs/k8s-tools.log" 2>&1 &
k8s_tools=$!
ensure_node_modules || fail_before_tests "npm ci failed"
export_infra_urls

log "build"
npx turbo run build --output-logs=errors-only || fail_before_tests "the build failed"
log "lint and format (biome)"
npx biome ci --colors=off --error-on-warnings . >"$DATA/logs/biome.log" 2>&1 || {
  cat "$DATA/logs/biome.log"
  fail_before_tests "biome found problems"
}

wait "$k8s_tools" || {
  cat "$DATA/logs/k8s-tools.log"
  fail_before_tests "could not install the manifest checkers"
}

rm -rf "$RESULTS" && mkdir -p "$RESULTS"
status=0
# suite <report name> <vitest arguments...>: one vitest process writing its own JSON report (one of REPORTS).
suite() {
  local report="$RESULTS/$1.json"
  shift
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$report"
}
wait "$drill_servers" || {
  cat "$DATA/logs/drill-servers.log"
  fail_before_tests "the disruptive and fault suites' broker and Redis did not start"
}
# The disruptive suites stop and start the broker, the fault suite empties Redis and kills services: on the drill
# servers (scripts/lib.sh, DRILL_*) nothing else sees it, so they run one after the other beside the unit and
# integration suites, which mostly wait on servers and the services they start (about one core of two in use).
log "disruptive then fault suites on their own broker and Redis, beside the unit and integration suites"
(
  export_drill_urls
  drill_status=0
  suite disruptive --project disruptive || drill_status=1
  suite faults --project faults || drill_status=1
  exit $drill_status
) > >(sed -u "s|^|[drills] |") 2>&1 &
drills=$!
# The typecheck is CPU alone and nothing waits for it: it runs one workspace at a time beside the suites, which leave
# about one core of two idle, and counts in the sum as a report of its own (a type error fails the run at its end).
log "typecheck of every workspace, one at a time, beside the suites"
node scripts/check-report.mjs "$RESULTS/typecheck.json" typecheck \
  npx turbo run typecheck --concurrency=1 --output-logs=errors-only > >(sed -u "s|^|[typecheck] |") 2>&1 &
typecheck=$!
log "unit and integration suites (two files at a time)"
suite main --project unit --project integration --maxWorkers=2 || status=1
wait "$drills" || status=1
wait "$typecheck" || status=1

# Each part is a vitest process that starts a whole shop of its own (web/e2e/global-setup.ts: its own databases,
# vhost, Redis prefix, ports and shop inbox), so no setting one part changes is seen by another. Their lines are
# tagged with the part, as they come.
log "browser end-to-end suites and the attack suite, in $E2E_PARTS parts at once, each against its own shop"
e2e_parts=()
for ((part = 1; part <= E2E_PARTS; part++)); do
  ready="$RESULTS/e2e-$part.shop"
  SHOP_READY_FILE="$ready" suite "e2e-$part" --project e2e --shard="$part/$E2E_PARTS" 2>&1 |
    sed -u "s|^|[e2e $part/$E2E_PARTS] |" &
  e2e_parts+=($!)
  # Starting a shop is CPU-bound (seven Node processes loading and connecting at once): two starting together on
  # two busy cores missed the 20 s each service has to answer. So the next part starts once this part's shop
  # answers (its global setup writes the file), or once this part has ended.
  while [ ! -e "$ready" ] && kill -0 "$!" 2>/dev/null; do sleep 1; done
done
for pid in "${e2e_parts[@]}"; do wait "$pid" || status=1; done
log "browser suites done"

# The attack and fault suites' own counts (tests/security, tests/faults), repeated here next to the totals.
# Each attack suite writes its own security-<suite>.txt; the line is their sum.
cat "$RESULTS"/security-*.txt 2>/dev/null | awk '
  { tried += $2; refused += $6; changed += $8; found = 1 }
  END { if (found) printf "security: %d bad inputs tried, %d refused, %d changed anything\n", tried, refused, changed }'
[ -f "$RESULTS/faults.txt" ] && cat "$RESULTS/faults.txt"
summary || status=1
exit $status
