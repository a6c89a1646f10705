#!/usr/bin/env python3
"""tty.py OUT: a protocol agent (docs/PROTOCOL.md) that reaches for the
operator's terminal, as an entrant would: it tries to open /dev/tty, to
push a command into it with TIOCSTI (through /dev/tty and through its
standard error), and writes an escape sequence (OSC 52, which sets a
terminal's clipboard) to its standard error.  It appends what it got to
OUT: "tty DENIED|OPEN", "sti DENIED|DONE", "isatty2 0|1", "sid S pid P
pgid G".  Standard library only, so that it runs as any user."""
import fcntl
import os
import sys
import termios

out = open(sys.argv[1], "a")
try:
    fd = os.open("/dev/tty", os.O_RDWR)
    out.write("tty OPEN\n")
except OSError as e:
    fd = None
    out.write(f"tty DENIED {e.strerror}\n")
pushed = False
for f in ([fd] if fd is not None else []) + [2]:
    try:
        for ch in b"echo PWNED\n":
            fcntl.ioctl(f, termios.TIOCSTI, bytes([ch]))
        pushed = True
    except OSError:
        pass
out.write(f"sti {'DONE' if pushed else 'DENIED'}\n")
out.write(f"isatty2 {int(os.isatty(2))}\n")
out.write(f"sid {os.getsid(0)} pid {os.getpid()} pgid {os.getpgid(0)}\n")
out.flush()
sys.stderr.write("tty.py says \x1b]52;c;ZWNobyBQV05FRA==\x07 here\n")
sys.stderr.flush()
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "jamaica-agent":
        print("agent tty", flush=True)
    elif w[0] == "ready":
        print("ready", flush=True)
    elif w[0] == "go":
        print(0, flush=True)
    elif w[0] == "quit":
        break
