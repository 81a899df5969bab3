#!/usr/bin/env bash
# Installs Debian's chromium (and a CJK font, so the Marketplace's 成功 / 错误
# render in screenshots) for the docs browser test. Idempotent: does nothing
# when both are already there.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
cjk_font=/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc
packages=()
[ -x "$chromium_path" ] || packages+=(chromium)
[ -e "$cjk_font" ] || packages+=(fonts-wqy-zenhei)
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
