#!/bin/sh
# deps.sh: what `make test` needs, installed when missing (Debian's
# packages, through apt-get as root or sudo without a password); otherwise
# it stops at once with the one line to run.
set -u
need=""
have() { command -v "$1" >/dev/null 2>&1; }
have cc || need="$need gcc"
have pkg-config || need="$need pkg-config"
if ! pkg-config --exists cmocka 2>/dev/null && [ ! -f /usr/include/cmocka.h ]; then need="$need libcmocka-dev"; fi
have python3 || need="$need python3"
have gnuplot || need="$need gnuplot-nox"
have mpicc || need="$need libopenmpi-dev"
have mpirun || need="$need openmpi-bin"
have groff || need="$need groff-base"
have bwrap || need="$need bubblewrap"   # the sandbox of a sealed run's programs (tests/scenarios/sandbox.sh)
have chromium || need="$need chromium"   # the replay page in a real browser (tests/scenarios/browser.py)
# The learning parts: numpy (VecEnv), and PyTorch with a fast BLAS for the
# PPO smoke test (Debian's torch uses the reference BLAS without it).
pyhas() { for p in python3 /usr/bin/python3; do $p -c "import $1" >/dev/null 2>&1 && return 0; done; return 1; }
pyhas numpy || need="$need python3-numpy"
pyhas torch || need="$need python3-torch"
[ -e /usr/lib/x86_64-linux-gnu/openblas-pthread ] || [ "$(uname -m)" != x86_64 ] || need="$need libopenblas0-pthread"
[ -z "$need" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif have sudo && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
else
    echo "make test needs:$need; run: sudo apt-get install -y$need" >&2
    exit 1
fi
echo "make test: installing$need"
# Another install may hold the package manager's locks (an unattended
# upgrade, a second make test): install waits for dpkg's up to ten
# minutes (DPkg::Lock::Timeout), and update, which that option does not
# cover, is tried again every 10 s for as long while a lock is the reason.
lock="-o DPkg::Lock::Timeout=600"
err=$(mktemp)
trap 'rm -f "$err"' EXIT
update() {
    tries=0
    until $sudo apt-get $lock update -qq >/dev/null 2>"$err"; do
        grep -qi 'lock' "$err" && [ $tries -lt 60 ] || { cat "$err" >&2; return 1; }
        [ $tries -eq 0 ] && echo "make test: waiting for the package manager's lock"
        tries=$((tries + 1))
        sleep 10
    done
}
update &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get $lock install -y -qq --no-install-recommends $need >/dev/null || {
    echo "make test: installing$need failed; run: sudo apt-get install -y$need" >&2
    exit 1
}
