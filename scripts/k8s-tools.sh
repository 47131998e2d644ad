#!/usr/bin/env bash
# Installs the manifest tools CI runs on k8s/ into a virtualenv under .data: kubernetes-validate (the Kubernetes API
# schemas, bundled offline) and checkov (hardening rules), pinned from PyPI; and kustomize, which renders the services
# with their shared component before they are checked, built once from its Go module (the Go module proxy is
# reachable here; no release binary is) into the tools cache outside the clone, like FerretDB. Prints the bin directory.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${STOREFRONT_DATA:-$ROOT/.data}"
VENV="$DATA/k8s-tools"
PINS=(kubernetes-validate==1.37.0 checkov==3.3.30)
KUSTOMIZE_VERSION=v5.7.1
TOOLS="${STOREFRONT_TOOLS:-$HOME/.cache/storefront}"
KUSTOMIZE_DIR="$TOOLS/kustomize-$KUSTOMIZE_VERSION"

if ! "$VENV/bin/python" -c 'import kubernetes_validate, checkov' >/dev/null 2>&1; then
  if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null; } >&2
  fi
  rm -rf "$VENV"
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "${PINS[@]}" >&2
fi
if [ ! -x "$KUSTOMIZE_DIR/kustomize" ]; then
  echo "building kustomize $KUSTOMIZE_VERSION from its Go module (a minute or two, once)" >&2
  GOBIN="$KUSTOMIZE_DIR" go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION" >&2
fi
ln -sf "$KUSTOMIZE_DIR/kustomize" "$VENV/bin/kustomize"
echo "$VENV/bin"
