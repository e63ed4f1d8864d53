#!/usr/bin/env bash
# The site tests and the PDF handouts (scripts/pdf.sh) drive Debian's chromium
# package (never a browser a test tool downloads itself); the PDF tests read the
# handouts with poppler-utils (pdftotext, pdfimages, pdftoppm); the grader seals
# each submission with bubblewrap (bwrap). Install whatever of them is missing
# with apt-get (as root, or through sudo).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-dejavu-core)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "install-browser: ${missing[*]} missing and this user cannot run apt-get;" \
         "install these Debian packages, then run the command again" >&2
    exit 1
fi
echo "install-browser: installing Debian's ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
