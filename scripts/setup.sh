#!/usr/bin/env bash
# Installs the system packages Skald's tests and media pipeline use, when missing:
# Chromium (browser tests) from Debian. Safe to run again; does nothing when all is present.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing ${need[*]} from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "setup: missing ${need[*]}. Install them with your package manager (Debian: sudo apt-get install ${need[*]})." >&2
  exit 1
fi
