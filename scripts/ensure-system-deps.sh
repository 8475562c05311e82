#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing (no internet but apt): the browser, CJK fonts,
# and ffmpeg, which makes the demo cameras' test stream. Scripts name more as arguments: postgresql (the throwaway
# test database, the PITR drill), patroni, etcd-server, haproxy and curl (npm run cluster:up).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || need+=(fonts-noto-cjk)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
