#!/usr/bin/env bash
# The site tests drive Debian's chromium package (never a browser a test tool
# downloads itself). Install it with apt-get if it is missing.
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "install-browser: chromium is missing and this user cannot run apt-get;" \
         "install Debian's chromium package, then run the tests again" >&2
    exit 1
fi
echo "install-browser: installing Debian's chromium with apt-get"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
