#!/usr/bin/env python3
"""spy.py OUT: a protocol agent (docs/PROTOCOL.md) written as an entrant who
wants the run's seed would write it.  It plays the first legal action, and
at every game it reads all it can reach into the file OUT (appending): its
own standard error when that is a file (jamaica's, shared), its working
directory, and for jamaica and every other process above it /proc's
cmdline, environ, cwd (every file there, hidden ones too), fd (every open
file) and the directories of the paths on jamaica's command line (its
outputs' temporaries, the checkpoint, a --seed-file).  Each source gets a
line "OK WHAT" or "DENIED WHAT: why", then what was read.  tests/sealed.sh
looks for the run's seed in OUT.  Standard library only, so that it runs
as any user."""
import os
import sys

LIMIT = 1 << 20          # bytes read from one file
out_path = sys.argv[1]
seen_dirs = set()


def log(text):
    with open(out_path, "a", encoding="utf-8", errors="replace") as f:
        f.write(text)


def grab(what, path):
    try:
        with open(path, "rb") as f:
            data = f.read(LIMIT)
        log(f"OK {what} {path}\n{data.decode('utf-8', 'replace')}\n")
        return data
    except OSError as e:
        log(f"DENIED {what} {path}: {e.strerror}\n")
        return b""


def grab_dir(what, d):
    try:
        names = os.listdir(d)
    except OSError as e:
        log(f"DENIED {what} listing {d}: {e.strerror}\n")
        return
    log(f"OK {what} listing {d}: {' '.join(sorted(names))}\n")
    for n in names:
        p = os.path.join(d, n)
        if os.path.isfile(p):
            grab(what, p)


def ancestors():
    pid = os.getpid()
    while pid > 1:
        try:
            with open(f"/proc/{pid}/stat") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            return
        if pid > 1:
            yield pid


def spy():
    grab("stderr", "/proc/self/fd/2")
    grab_dir("cwd", ".")
    for pid in ancestors():
        args = grab("cmdline", f"/proc/{pid}/cmdline").split(b"\0")
        grab("environ", f"/proc/{pid}/environ")
        grab_dir("parent-cwd", f"/proc/{pid}/cwd")
        grab("mem-maps", f"/proc/{pid}/maps")
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
            log(f"OK fd listing {pid}\n")
        except OSError as e:
            fds = []
            log(f"DENIED fd listing {pid}: {e.strerror}\n")
        for fd in fds:
            p = f"/proc/{pid}/fd/{fd}"
            try:
                if os.path.isfile(p):
                    grab("fd", p)
            except OSError:
                pass
        # Every path an option names (--out, --games-csv, --checkpoint,
        # --seed-file...): the file, and every file of its directory.
        for opt, a in zip(args, args[1:]):
            opt, a = opt.decode("utf-8", "replace"), a.decode("utf-8", "replace")
            if not opt.startswith("--") or not a or a.startswith("--"):
                continue
            if not a.startswith("/"):
                a = os.path.join(f"/proc/{pid}/cwd", a)
            if os.path.isfile(a):
                grab("named", a)
            d = os.path.dirname(a)
            if d not in seen_dirs and os.path.isdir(d):
                seen_dirs.add(d)
                grab_dir("named-dir", d)
    seen_dirs.clear()


def main():
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line.startswith("jamaica-agent"):
            print("agent spy", flush=True)
        elif line == "ready":
            print("ready", flush=True)
        elif line.startswith("game "):
            log(f"GAME {line}\n")
            spy()
        elif line == "go":
            print(0, flush=True)
        elif line == "quit":
            spy()
            return


main()
