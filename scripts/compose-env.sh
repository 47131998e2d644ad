#!/usr/bin/env bash
# Writes .env for `docker compose up` with fresh random secrets (docs/security.md): the JWT secret, the event seal
# key, the metrics token, the admin's password, the payment sandbox's secret and the
# phone channels' secrets, which the messaging sandbox holds too. Run once; an existing .env is kept
# (rotating a secret ends every session and every sealed event in flight, so it is a decision, not a side effect).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -e .env ]]; then
  echo ".env exists; leaving it as it is (delete it to make new secrets)." >&2
  exit 0
fi

random() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))'; }

umask 077
cat > .env <<ENV
# Written by scripts/compose-env.sh on $(date -u +%Y-%m-%d). Keep it private; never commit it.
JWT_SECRET=$(random)
EVENT_SEAL_KEY=$(random)
METRICS_TOKEN=$(random)
ADMIN_PASSWORD=$(random)
CASHFREE_SECRET_KEY=$(random)
# The phone channels' secrets (docs/messaging.md): the messaging sandbox holds the same ones locally.
WHATSAPP_ACCESS_TOKEN=$(random)
WHATSAPP_APP_SECRET=$(random)
WHATSAPP_VERIFY_TOKEN=$(random)
MSG91_AUTH_KEY=$(random)
MSG91_WEBHOOK_TOKEN=$(random)
# 127.0.0.1 publishes the shop (8080) and the sandboxes (4006, 4008) on this machine only; 0.0.0.0 on every interface.
BIND_ADDRESS=127.0.0.1
ENV
echo "Wrote .env. The admin signs in as admin@shop.example with ADMIN_PASSWORD from .env."
