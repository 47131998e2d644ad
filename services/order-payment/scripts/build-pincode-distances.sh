#!/usr/bin/env bash
# Rebuilds services/order-payment/data/pincodes.json (see build-pincode-distances.py) from its pinned source and the
# address directory. Not part of `npm ci` or start-up: run it when the directory or the shop's pincode changes, look
# at the diff, commit it. Usage: build-pincode-distances.sh [shop pincode, default 412803 (Wai)]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../../../scripts/pincode-geo.sh
source "$here/../../../scripts/pincode-geo.sh"
enter_pincode_geo
python3 "$here/build-pincode-distances.py" "$PINCODE_GEO_DB" \
  "$here/../../identity/data/postal" "${1:-412803}" "$here/../data/pincodes.json"
