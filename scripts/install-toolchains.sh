#!/usr/bin/env bash
# Installs, from Debian packages, every language toolchain CodeRoom's built-in sandbox
# can offer, and the sandbox itself: the same as `sudo npm run languages -- install all`,
# whose table (scripts/language-table.mjs) lists the packages. The server discovers at
# start which of them are present and offers exactly those.
# Run as root: sudo bash scripts/install-toolchains.sh
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  echo "install-toolchains.sh must run as root (try: sudo bash scripts/install-toolchains.sh)" >&2
  exit 1
fi
exec node "$(dirname "$0")/languages.mjs" install all
