#!/usr/bin/env bash
# Installs the manifest checkers CI runs on k8s/ into a virtualenv under .data (PyPI, pinned): kubernetes-validate
# (the Kubernetes API schemas, bundled offline) and checkov (hardening rules). Prints the venv's bin directory.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${STOREFRONT_DATA:-$ROOT/.data}"
VENV="$DATA/k8s-tools"
PINS=(kubernetes-validate==1.37.0 checkov==3.3.30)

if ! "$VENV/bin/python" -c 'import kubernetes_validate, checkov' >/dev/null 2>&1; then
  if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null; } >&2
  fi
  rm -rf "$VENV"
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "${PINS[@]}" >&2
fi
echo "$VENV/bin"
