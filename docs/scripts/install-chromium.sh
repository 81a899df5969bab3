#!/usr/bin/env bash
# Installs Debian's chromium for the docs browser test. No CJK font is needed:
# the pages ship their own (docs/fonts), and the test shows it is the one that
# renders 错误. Idempotent: does nothing when chromium is already there.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
packages=()
[ -x "$chromium_path" ] || packages+=(chromium)
if [ "${#packages[@]}" -eq 0 ]; then
  echo "chromium already present at $chromium_path"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-chromium: apt-get not found; install ${packages[*]} by hand (or set CHROMIUM_PATH)" >&2
  exit 1
fi
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq "${packages[@]}" >/dev/null
echo "installed: ${packages[*]}"
