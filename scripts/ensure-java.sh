#!/usr/bin/env bash
# The HTML-validity browser test runs the W3C Nu HTML checker (the vnu-jar package's vnu.jar) on
# Debian's Java (docs/operations.md "Java for the HTML checker").
set -euo pipefail
JAVA="${JAVA:-java}"
if command -v "$JAVA" >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Java is missing. Install it with: sudo apt-get install -y default-jre-headless" >&2
  exit 1
fi
echo "Installing Java with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq default-jre-headless >/dev/null
java -version
