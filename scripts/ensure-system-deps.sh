#!/usr/bin/env bash
# Makes sure the system packages the local cloud and the browser tests need are present:
# Java (DynamoDB Local) always, Chromium (browser journeys) and cfn-lint (infra tests) with --browser.
# On Debian/Ubuntu it installs what is missing with apt-get (as root, or with passwordless sudo);
# elsewhere it says what to install and stops.
set -euo pipefail

want_browser=0
[ "${1:-}" = "--browser" ] && want_browser=1

missing=()
labels=()
if ! command -v java >/dev/null 2>&1; then
  missing+=(openjdk-17-jre-headless); labels+=("Java 17+ (for DynamoDB Local)")
fi
if [ "$want_browser" = 1 ] && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  missing+=(chromium); labels+=("Chromium (for the browser tests)")
fi
# cfn-lint (CloudFormation's own linter, run over the production synth by infra/stacks/production.test.ts) is a
# Python package: installed with pip when it is missing, else the test names the command.
if [ "$want_browser" = 1 ] && ! command -v cfn-lint >/dev/null 2>&1; then
  if command -v pip3 >/dev/null 2>&1 && pip3 install -q cfn-lint >/dev/null 2>&1; then
    echo "Installed cfn-lint (CloudFormation's linter, for the infra tests)"
  else
    echo "cfn-lint is missing and pip could not install it: pip install cfn-lint (the infra tests need it)"
  fi
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Missing: ${labels[*]}"
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo_cmd="sudo"; else sudo_cmd="none"; fi
fi
if command -v apt-get >/dev/null 2>&1 && [ "$sudo_cmd" != "none" ]; then
  echo "Installing with apt-get: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Please install them, then run the command again:"
echo "  Debian/Ubuntu: sudo apt-get install -y ${missing[*]}"
echo "  macOS:         brew install openjdk@17 && brew install --cask chromium (set CHROMIUM_PATH)"
exit 1
