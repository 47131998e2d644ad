#!/usr/bin/env bash
# Local infrastructure for the storefront, on loopback, with data under .data/ (git-ignored).
#
#   scripts/infra.sh install   install what is missing (Debian packages, the FerretDB build)
#   scripts/infra.sh up        install, then start FerretDB, RabbitMQ, Redis and MailDev (reuses what runs)
#   scripts/infra.sh down      stop them cleanly
#   scripts/infra.sh status    say what is running
#   scripts/infra.sh drill-up  also start a RabbitMQ node and a Redis of their own for the disruptive and fault
#                              suites, on the ports of scripts/lib.sh's DRILL_* (drill-down stops them)
#
# MongoDB has no Debian package, so locally we run FerretDB v1.24.2 (SQLite backend), built from its Go module
# (plain `go install` fails here: the module proxy refuses its version list; docs/local-database.md). MailDev comes from the root package.json.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${STOREFRONT_DATA:-$ROOT/.data}"
# Built tools live outside the clone so a fresh clone on the same machine reuses them.
TOOLS="${STOREFRONT_TOOLS:-$HOME/.cache/storefront}"
FERRETDB_VERSION=v1.24.2
# "-patched7": built with scripts/ferretdb.patch (bump the name when the patch changes, so an old build is not reused).
FERRETDB_BIN="$TOOLS/ferretdb-$FERRETDB_VERSION-patched7/ferretdb"

MONGO_PORT=27017
AMQP_PORT=5672
RABBIT_MGMT_PORT=15672
REDIS_PORT=6379
# RabbitMQ's memory watermark (of the machine's memory); libs/testing's memory-alarm drill restores this value.
RABBIT_MEMORY_WATERMARK=0.2
SMTP_PORT=1025
MAILDEV_WEB_PORT=1080
export RABBITMQ_NODENAME="${RABBITMQ_NODENAME:-rabbit@localhost}"
RABBIT_DIST_PORT=25672
# What names the broker and Redis in the record of servers, and where their data lives (`drill-up` changes them).
RABBIT_NAME=rabbitmq
REDIS_NAME=redis
RABBIT_DIR="$DATA/rabbitmq"
REDIS_DIR="$DATA/redis"
# The ports are machine-wide, so is the record of which process serves them and from which data folder: another
# clone's `up` reuses a running server, and `down` stops it, wherever it was started from.
SERVERS="${TMPDIR:-/tmp}/storefront-infra"

LOG_TAG=infra
# shellcheck source=scripts/lib.sh
source "$ROOT/scripts/lib.sh"

# ---------------------------------------------------------------------------------------------- install
apt_install() {
  local missing=()
  command -v redis-server >/dev/null || missing+=(redis-server)
  command -v rabbitmq-server >/dev/null || [ -x /usr/sbin/rabbitmq-server ] || missing+=(rabbitmq-server)
  command -v go >/dev/null || missing+=(golang-go)
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

build_ferretdb() {
  [ -x "$FERRETDB_BIN" ] && return 0
  log "building FerretDB $FERRETDB_VERSION from its Go module (about a minute the first time)"
  local tmp; tmp="$(mktemp -d)"
  (
    cd "$tmp"
    go mod init fb >/dev/null 2>&1
    go mod download "github.com/FerretDB/FerretDB@$FERRETDB_VERSION"
    cp -r "$(go env GOMODCACHE)/github.com/!ferret!d!b/!ferret!d!b@$FERRETDB_VERSION" src
    chmod -R u+w src
    # The module zip lacks the version file; the binary panics without it.
    echo "$FERRETDB_VERSION" > src/build/version/version.txt
    # scripts/ferretdb.patch (docs/local-database.md), hunk by hunk:
    #  - internal/handler/collection_lock.go, handler.go, msg_update.go, msg_findandmodify.go, msg_delete.go: a mutex
    #    per db.collection held from the read to the end of the write of each update statement, findAndModify and
    #    delete. Upstream reads the matching document, applies the operators in Go and writes the whole document back
    #    without checking the filter again: two clients racing on one document both won a conditional update (200
    #    guarded decrements of 100 all "succeeded", 5-24 stored). With the lock a single-document update is atomic
    #    for every client, as on MongoDB; different collections still run side by side.
    #  - msg_update.go also closes each statement's read when the statement is done: it stayed open (holding a pooled
    #    connection) until the whole command returned while the write waited for another; ~150 concurrent updates
    #    hung the database.
    #  - msg_update.go, msg_findandmodify.go: the matching documents are read whole and the read closed before the
    #    write (delete did so already). A read open while the write commits pins SQLite's WAL: no checkpoint could
    #    finish, the WAL grew by every update (24 MB for 3,000 updates of one document) and every commit tried to
    #    checkpoint again, a disk sync per update whatever `synchronous` said.
    #  - speed: internal/util/resource: no tracking of iterators and transactions. Each one recorded its creator's
    #    stack in a pprof profile and set a finalizer (a leak detector): 7% of the server's CPU under bench/checkout.ts.
    #  - common/aggregations/stages/group.go: one iterator of the group's documents per accumulator; a shared one was
    #    used up by the first accumulator and every later one answered 0.
    #  - speed: the _id index is created on `_ferretdb_sjson->"_id"` but documents were looked up (UPDATE, find by
    #    _id) with `_ferretdb_sjson->'$._id'`; SQLite matches expression indexes by their text, so every update scanned
    #    the whole table (16 ms per update at 4,000 orders, growing). The lookup now uses the index's spelling.
    #  - speed: write transactions queue on a mutex per database instead of in SQLite's busy handler, which sleeps in
    #    steps of up to 100 ms: under 20 concurrent checkouts inserts waited 0.5 s on average.
    #  - speed: a filter with _id and more (a conditional update `{_id, status: "PENDING"}`, the relay's claim) is
    #    looked up by _id too (only a filter of _id alone was), then checked whole as before: no table scan per update.
    #  - speed: types/document.go, sjson/document.go, sjson/schema.go: a document's fields are a list searched from the
    #    start for every key, so decoding a stored document of n fields (each new key searched for first) and encoding
    #    it (each value fetched by its key) cost n*n/2 string comparisons: a guarded update of a day's kitchen document
    #    carrying 3,000 orders took 94 ms, 42 ms without. A new key is appended when the document's key count says it
    #    is new, and encoding reads the values in place.
    (cd src && git apply "$ROOT/scripts/ferretdb.patch") || die "scripts/ferretdb.patch no longer applies to FerretDB $FERRETDB_VERSION"
    mkdir -p "$(dirname "$FERRETDB_BIN")"
    cd src && go build -o "$FERRETDB_BIN" ./cmd/ferretdb
  )
  rm -rf "$tmp"
}

install_all() {
  apt_install
  build_ferretdb
}

# ---------------------------------------------------------------------------------------------- servers
# record NAME PID DATA_DIR: remember who serves NAME, and mark its data folder as in use.
record() {
  mkdir -p "$SERVERS"
  touch "$3/.in-use-by-storefront"
  echo "$2" >"$SERVERS/$1.pid"
  echo "$3/.in-use-by-storefront" >"$SERVERS/$1.marker"
}

# A server whose data folder was deleted (its clone removed) while it ran cannot create databases or vhosts.
orphaned() { [ -f "$SERVERS/$1.marker" ] && [ ! -e "$(cat "$SERVERS/$1.marker")" ]; }

stop_server() { # name port
  # Recorded by this clone, or else whoever listens (a server another clone started).
  local pid=""; pid="$(cat "$SERVERS/$1.pid" 2>/dev/null || listener_pid "$2")"
  case "$1" in
    rabbitmq*) rabbit_env; rabbitmqctl stop >/dev/null 2>&1 || true ;;
    redis*) redis-cli -p "$2" shutdown nosave >/dev/null 2>&1 || true ;;
    *) { [ -f "$SERVERS/$1.pid" ] && kill -TERM "$(cat "$SERVERS/$1.pid")" 2>/dev/null; } || true
       # Started by another clone whose record is gone: the listener itself.
       { [ "$1" = ferretdb ] && port_open "$2" && kill -TERM "$(listener_pid "$2")" 2>/dev/null; } || true ;;
  esac
  for _ in $(seq 1 100); do port_open "$2" || break; sleep 0.1; done
  port_open "$2" && die "could not stop $1 on :$2"
  # FerretDB closes its port before its database files: a new one started at once found them locked (SQLITE_BUSY).
  for _ in $(seq 1 100); do { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || break; sleep 0.1; done
  rm -f "$SERVERS/$1.pid" "$SERVERS/$1.marker"
  log "stopped $1"
}

# The process listening on PORT, and its executable's path, if this user may see them.
listener_pid() { ss -ltnpH "sport = :$1" 2>/dev/null | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1; }
listener_exe() { # port
  local pid; pid="$(listener_pid "$1")"
  [ -n "$pid" ] && readlink -f "/proc/$pid/exe" 2>/dev/null
}

# RabbitMQ on a lost data folder still answers pings, but cannot create a vhost: try one (about 50 ms). A FerretDB
# built from an older scripts/ferretdb.patch (another binary name) does not keep the promises the tests check.
works() { # name
  if [ "$1" = ferretdb ]; then
    local exe; exe="$(listener_exe "$MONGO_PORT")"
    [ -z "$exe" ] || [ "$exe" = "$(readlink -f "$FERRETDB_BIN")" ]
    return
  fi
  case "$1" in rabbitmq*) ;; *) return 0 ;; esac
  local probe="http://127.0.0.1:$RABBIT_MGMT_PORT/api/vhosts/storefront-infra-probe"
  curl -fsS -m 10 -u guest:guest -X PUT "$probe" -o /dev/null 2>/dev/null &&
    curl -fsS -m 10 -u guest:guest -X DELETE "$probe" -o /dev/null 2>/dev/null
}

# true when NAME already serves PORT and can be reused; a server on a deleted data folder is stopped instead.
running() { # name port
  port_open "$2" || return 1
  if orphaned "$1" || ! works "$1"; then
    log "$1 on :$2 runs on a data folder that was deleted (or does not work, or is an older build); restarting it"
    stop_server "$1" "$2"
    return 1
  fi
  log "$1 already on :$2"
}

# ---------------------------------------------------------------------------------------------- start
start_ferretdb() {
  running ferretdb $MONGO_PORT && return
  mkdir -p "$DATA/ferretdb"
  # synchronous(normal): SQLite in WAL mode syncs at checkpoints, not at every commit; a FerretDB killed loses
  # nothing, a machine that loses power may lose the last moments, as MongoDB's own default (docs/local-database.md).
  # GOGC=400: the server's live heap is small (tens of MB), so collecting at 5x it instead of 2x costs little memory
  # and a sixth of the server's CPU per order under the checkout bench (45 -> 38 ms, docs/performance.md).
  GOGC="${FERRETDB_GOGC:-400}" nohup "$FERRETDB_BIN" --handler=sqlite --sqlite-url="file:$DATA/ferretdb/?_pragma=synchronous(normal)" \
    --state-dir="$DATA/ferretdb" --listen-addr="127.0.0.1:$MONGO_PORT" --debug-addr=- --telemetry=disable \
    --log-level=warn \
    >"$DATA/logs/ferretdb.log" 2>&1 &
  record ferretdb $! "$DATA/ferretdb"
  wait_port FerretDB $MONGO_PORT 30
  log "FerretDB on mongodb://127.0.0.1:$MONGO_PORT"
}

rabbit_env() {
  export RABBITMQ_MNESIA_BASE="$RABBIT_DIR/mnesia"
  export RABBITMQ_LOG_BASE="$RABBIT_DIR/log"
  export RABBITMQ_CONFIG_FILE="$RABBIT_DIR/rabbitmq.conf"
  export RABBITMQ_ENABLED_PLUGINS_FILE="$RABBIT_DIR/enabled_plugins"
  export RABBITMQ_PID_FILE="$RABBIT_DIR/rabbit.pid"
  export RABBITMQ_DIST_PORT=$RABBIT_DIST_PORT
  export ERL_EPMD_ADDRESS=127.0.0.1
}

start_rabbitmq() {
  rabbit_env
  if running "$RABBIT_NAME" $AMQP_PORT; then
    # A test run killed during the memory-alarm drill (libs/testing) leaves the broker blocking every publisher:
    # the watermark goes back to the configured one below.
    rabbitmqctl set_vm_memory_high_watermark "$RABBIT_MEMORY_WATERMARK" >/dev/null 2>&1 || true
    return
  fi
  mkdir -p "$RABBITMQ_MNESIA_BASE" "$RABBITMQ_LOG_BASE"
  cat >"$RABBITMQ_CONFIG_FILE" <<CONF
listeners.tcp.default = 127.0.0.1:$AMQP_PORT
management.tcp.ip = 127.0.0.1
management.tcp.port = $RABBIT_MGMT_PORT
vm_memory_high_watermark.relative = $RABBIT_MEMORY_WATERMARK
log.console = false
CONF
  echo '[rabbitmq_management].' >"$RABBITMQ_ENABLED_PLUGINS_FILE"
  # Debian's wrapper drops root to the rabbitmq user, which must own the node's files.
  if [ "$(id -u)" -eq 0 ] && id rabbitmq >/dev/null 2>&1; then chown -R rabbitmq:rabbitmq "$RABBIT_DIR"; fi
  nohup rabbitmq-server >"$DATA/logs/$RABBIT_NAME.log" 2>&1 &
  rabbitmqctl wait --timeout 90 "$RABBITMQ_PID_FILE" >/dev/null 2>&1 \
    || die "RabbitMQ did not start (see $DATA/logs/$RABBIT_NAME.log and $RABBITMQ_LOG_BASE)"
  record "$RABBIT_NAME" "$(cat "$RABBITMQ_PID_FILE")" "$RABBITMQ_MNESIA_BASE"
  wait_port "RabbitMQ management" $RABBIT_MGMT_PORT 60
  log "RabbitMQ on amqp://127.0.0.1:$AMQP_PORT, management http://127.0.0.1:$RABBIT_MGMT_PORT (guest/guest)"
}

start_redis() {
  running "$REDIS_NAME" $REDIS_PORT && return
  mkdir -p "$REDIS_DIR"
  redis-server --bind 127.0.0.1 --port $REDIS_PORT --dir "$REDIS_DIR" --daemonize yes \
    --pidfile "$REDIS_DIR/redis.pid" --logfile "$DATA/logs/$REDIS_NAME.log" --save "" --appendonly no >/dev/null
  wait_port Redis $REDIS_PORT 15
  record "$REDIS_NAME" "$(cat "$REDIS_DIR/redis.pid")" "$REDIS_DIR"
  log "Redis on redis://127.0.0.1:$REDIS_PORT"
}

start_maildev() {
  running maildev $SMTP_PORT && return
  local bin="$ROOT/node_modules/.bin/maildev"
  ensure_node_modules
  nohup "$bin" --ip 127.0.0.1 --smtp $SMTP_PORT --web $MAILDEV_WEB_PORT --silent \
    >"$DATA/logs/maildev.log" 2>&1 &
  mkdir -p "$DATA/maildev"
  record maildev $! "$DATA/maildev"
  wait_port MailDev $SMTP_PORT 30
  wait_port "MailDev web" $MAILDEV_WEB_PORT 30
  log "MailDev SMTP on 127.0.0.1:$SMTP_PORT, inbox http://127.0.0.1:$MAILDEV_WEB_PORT"
}

up() {
  install_all
  mkdir -p "$DATA/logs"
  start_ferretdb
  start_rabbitmq
  start_redis
  start_maildev
}

# The disruptive and fault suites' own broker and Redis (scripts/lib.sh, DRILL_*): a second RabbitMQ node beside the
# first (its own name, ports and data) and a second Redis.
use_drill_servers() {
  AMQP_PORT=$DRILL_AMQP_PORT
  RABBIT_MGMT_PORT=$DRILL_RABBIT_MGMT_PORT
  RABBIT_DIST_PORT=$DRILL_RABBIT_DIST_PORT
  REDIS_PORT=$DRILL_REDIS_PORT
  export RABBITMQ_NODENAME=$DRILL_RABBITMQ_NODENAME
  RABBIT_NAME=rabbitmq-drill
  REDIS_NAME=redis-drill
  RABBIT_DIR="$DATA/drill/rabbitmq"
  REDIS_DIR="$DATA/drill/redis"
}

drill_up() {
  install_all
  mkdir -p "$DATA/logs"
  use_drill_servers
  start_rabbitmq
  start_redis
}

drill_down() {
  use_drill_servers
  port_open $AMQP_PORT && stop_server "$RABBIT_NAME" $AMQP_PORT
  port_open $REDIS_PORT && stop_server "$REDIS_NAME" $REDIS_PORT
  return 0
}

# ---------------------------------------------------------------------------------------------- stop
down() {
  port_open $AMQP_PORT && stop_server rabbitmq $AMQP_PORT
  port_open $REDIS_PORT && stop_server redis $REDIS_PORT
  port_open $SMTP_PORT && stop_server maildev $SMTP_PORT
  port_open $MONGO_PORT && stop_server ferretdb $MONGO_PORT
  (drill_down)
}

status() {
  local name port
  for pair in "FerretDB:$MONGO_PORT" "RabbitMQ:$AMQP_PORT" "RabbitMQ-management:$RABBIT_MGMT_PORT" \
    "Redis:$REDIS_PORT" "MailDev-SMTP:$SMTP_PORT" "MailDev-web:$MAILDEV_WEB_PORT"; do
    name="${pair%%:*}"; port="${pair##*:}"
    if port_open "$port"; then log "$name up on :$port"; else log "$name down (:$port)"; fi
  done
}

case "${1:-up}" in
  install) install_all ;;
  up) up ;;
  down) down ;;
  status) status ;;
  drill-up) drill_up ;;
  drill-down) drill_down ;;
  *) die "usage: $0 install|up|down|status|drill-up|drill-down" ;;
esac
