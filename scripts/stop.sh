#!/usr/bin/env bash
# Stops the services started by scripts/start.sh (SIGTERM: each drains its requests and closes its connections).
# The infrastructure keeps running; `bash scripts/infra.sh down` stops it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${STOREFRONT_DATA:-$ROOT/.data}"
quiet="${1:-}"

for pidfile in "$DATA"/run/*.pid; do
  [ -e "$pidfile" ] || continue
  service="$(basename "$pidfile" .pid)"
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    [ "$quiet" = "--quiet" ] || echo "[shop] stopped $service"
  fi
  rm -f "$pidfile"
done
