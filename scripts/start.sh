#!/usr/bin/env bash
# Runs the whole shop on this machine: installs what is missing, starts the infrastructure (FerretDB, RabbitMQ,
# Redis, MailDev), builds, starts every service, and serves the SPA through the gateway at one URL.
#
#   bash scripts/start.sh            run in the foreground; Ctrl-C stops the services (the infrastructure stays up)
#   bash scripts/start.sh --detach   leave the services running; stop them with scripts/stop.sh
#   --demo-orders                    also place 40 demo orders through the shop (paid in the sandbox, some moved
#                                    through fulfilment), for a realistic admin dashboard
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${STOREFRONT_DATA:-$ROOT/.data}"
LOG_TAG=shop
# shellcheck source=scripts/lib.sh
source "$ROOT/scripts/lib.sh"
cd "$ROOT"

# Start order: the gateway last, so the shop's URL answers only once what it fronts is up. payment-sandbox is the
# local stand-in for the payment provider, messaging-sandbox for WhatsApp and MSG91 (development only; never deployed).
SERVICES=(payment-sandbox messaging-sandbox identity catalogue order-payment billing notification ops gateway)
declare -A PORTS=([gateway]=8080 [identity]=4001 [catalogue]=4002 [order-payment]=4003 [billing]=4004 [notification]=4005 [payment-sandbox]=4006 [ops]=4007 [messaging-sandbox]=4008)

bash scripts/infra.sh up
ensure_node_modules
log "building"
npx turbo run build --output-logs=errors-only
export_infra_urls

bash scripts/stop.sh --quiet # a previous run's services, if any
# The on-call console links to the infrastructure's own consoles (development only).
export RABBITMQ_UI_URL="http://127.0.0.1:15672" MAILDEV_UI_URL="http://127.0.0.1:1080"
mkdir -p "$DATA/logs" "$DATA/run"
for service in "${SERVICES[@]}"; do
  port="${PORTS[$service]}"
  port_open "$port" && die "port $port (for $service) is taken by another program"
  PORT="$port" nohup node "services/$service/dist/main.js" >>"$DATA/logs/$service.log" 2>&1 &
  echo $! >"$DATA/run/$service.pid"
done
for service in "${SERVICES[@]}"; do
  port="${PORTS[$service]}"
  for _ in $(seq 1 150); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    kill -0 "$(cat "$DATA/run/$service.pid")" 2>/dev/null || die "$service exited; see $DATA/logs/$service.log"
    sleep 0.2
  done
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || die "$service is not ready; see $DATA/logs/$service.log"
done

if [[ " $* " == *" --demo-orders "* ]]; then
  log "placing demo orders"
  node --import tsx scripts/seed-demo-orders.ts 40 "http://127.0.0.1:${PORTS[gateway]}"
fi

cat <<EOT

  The shop is running.
    Shop                 http://127.0.0.1:8080
    MailDev inbox        http://127.0.0.1:1080
    RabbitMQ management  http://127.0.0.1:15672   (guest / guest)
    Payment sandbox      http://127.0.0.1:4006   (its checkout opens in the payment modal: Pay, Fail or Close)
    Messaging sandbox    http://127.0.0.1:4008   (WhatsApp and SMS sent by the shop, a phone per number)
    On-call console      http://127.0.0.1:8080/ops   (as the admin: parked messages, queues, outbox, jobs)
    Admin login          ${ADMIN_EMAIL:-admin@shop.example} / ${ADMIN_PASSWORD:-shop-admin-2026}   (Login, Admin Login tab)
    Service logs         $DATA/logs/<service>.log

EOT

if [[ " $* " == *" --detach "* ]]; then
  log "services left running; stop them with: bash scripts/stop.sh (and the infrastructure with: bash scripts/infra.sh down)"
  exit 0
fi
log "Ctrl-C stops the services"
trap 'bash scripts/stop.sh; exit 0' INT TERM
while true; do sleep 3600 & wait $!; done
