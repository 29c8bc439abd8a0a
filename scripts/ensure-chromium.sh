#!/usr/bin/env bash
# Browser tests drive Debian's Chromium headless shell (package chromium-headless-shell: Blink
# without the desktop browser, as Playwright's own headless runs use); Playwright's own download
# cannot work here. CHROMIUM_PATH names another build.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium's headless shell is missing at $CHROMIUM. Install it with: sudo apt-get install -y chromium-headless-shell" >&2
  exit 1
fi
echo "Installing Chromium's headless shell with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium-headless-shell >/dev/null
"$CHROMIUM" --version
