# Shared by the project's scripts: logging, ports, Node dependencies, the local servers' URLs. Source it; it defines
# functions and the drill servers' ports only.

log() { printf '[%s] %s\n' "${LOG_TAG:-storefront}" "$*"; }
die() { printf '[%s] ERROR: %s\n' "${LOG_TAG:-storefront}" "$*" >&2; exit 1; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() { # name port seconds
  local i
  for ((i = 0; i < $3 * 10; i++)); do port_open "$2" && return 0; sleep 0.1; done
  die "$1 did not open port $2 within $3 s (logs under ${DATA:-.data}/logs)"
}

# npm ci when node_modules is missing or older than package-lock.json.
ensure_node_modules() {
  local root; root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  if [ ! -f "$root/node_modules/.package-lock.json" ] || [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
    log "installing Node dependencies (npm ci)"
    (cd "$root" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# The loopback URLs of the local infrastructure (scripts/infra.sh), for services and tests.
export_infra_urls() {
  export MONGO_URL="${MONGO_URL:-mongodb://127.0.0.1:27017}"
  export AMQP_URL="${AMQP_URL:-amqp://guest:guest@127.0.0.1:5672}"
  export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
  export RABBITMQ_MANAGEMENT_URL="${RABBITMQ_MANAGEMENT_URL:-http://guest:guest@127.0.0.1:15672}"
  export SMTP_URL="${SMTP_URL:-smtp://127.0.0.1:1025}"
  export RABBITMQ_NODENAME="${RABBITMQ_NODENAME:-rabbit@localhost}"
}

# A RabbitMQ node and a Redis of their own for the suites that stop the broker and empty Redis (the disruptive and
# fault suites): on these ports they run beside the other suites, whose servers they never touch
# (`scripts/infra.sh drill-up`; docs/testing.md, "Where the time goes"). MongoDB and MailDev stay shared: those
# suites take the database away through a proxy of their own and start their own mail servers.
DRILL_AMQP_PORT=5673
DRILL_RABBIT_MGMT_PORT=15673
DRILL_RABBIT_DIST_PORT=25673
DRILL_REDIS_PORT=6380
DRILL_RABBITMQ_NODENAME=rabbit-drill@localhost
export_drill_urls() {
  export_infra_urls
  export AMQP_URL="amqp://guest:guest@127.0.0.1:$DRILL_AMQP_PORT"
  export REDIS_URL="redis://127.0.0.1:$DRILL_REDIS_PORT"
  export RABBITMQ_MANAGEMENT_URL="http://guest:guest@127.0.0.1:$DRILL_RABBIT_MGMT_PORT"
  export RABBITMQ_NODENAME="$DRILL_RABBITMQ_NODENAME"
}

export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
