#!/usr/bin/env bash
# Installs, from Debian packages, every language toolchain CodeRoom's built-in
# sandbox can offer, plus the sandbox itself (bubblewrap; bash, listed below, runs each job's gate).
# The server discovers at start which of these are present and offers exactly those.
# Run as root: sudo bash scripts/install-toolchains.sh
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  echo "install-toolchains.sh must run as root (try: sudo bash scripts/install-toolchains.sh)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
started=$(date +%s)

# One line per language (or family); --no-install-recommends keeps the download small.
packages=(
  bubblewrap                             # the sandbox
  gcc g++ clang binutils nasm            # C, C++ (GCC and Clang), Assembly
  gobjc libgnustep-base-dev gnustep-make # Objective-C with Foundation
  gfortran fp-compiler ldc gnucobol3     # Fortran, Pascal, D, COBOL
  default-jdk-headless kotlin scala groovy clojure # JVM languages
  mono-mcs mono-runtime                  # C#
  python3 nodejs node-typescript         # Python, JavaScript, TypeScript
  golang-go rustc                        # Go, Rust
  ruby php-cli perl lua5.4 bash          # scripting
  r-base-core octave                     # R, Octave
  ghc ocaml-nox sbcl gprolog             # Haskell, OCaml, Common Lisp, Prolog
  erlang-base elixir                     # Erlang, Elixir
  sqlite3                                # SQL
)

# Wait for another apt/dpkg (unattended upgrades) instead of failing at once.
if [ "${SKIP_APT_UPDATE:-}" != "1" ]; then apt-get -o DPkg::Lock::Timeout=600 update -q; fi
apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${packages[@]}"

echo "Toolchains installed in $(($(date +%s) - started)) s."
