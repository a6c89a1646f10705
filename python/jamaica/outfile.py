"""Outputs written whole or not at all, as the C command writes them.

whole(path, write) has write(tmp) fill a temporary file beside path, then
renames it onto path: a reader sees the old file or the new one, never a
part, and Ctrl-C or a full disk leaves no temporary behind.  A new file
gets the mode the umask gives (0666 less it), as sim/io/outfile.c gives the
command's (no trainer's output holds a secret); one that was there keeps
its mode.
"""
import csv
import os
import tempfile


def new_mode():
    """The mode a new output gets: 0666 less the process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def whole(path, write):
    """write(tmp) (a path, its name ending as path's does), then tmp renamed
    onto path."""
    d, base = os.path.split(os.path.abspath(path))
    try:
        mode = os.stat(path).st_mode & 0o7777
    except FileNotFoundError:
        mode = new_mode()
    fd, tmp = tempfile.mkstemp(dir=d, prefix="." + base + ".", suffix=os.path.splitext(base)[1])
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_csv(path, fields, rows):
    """rows (dicts) under a header of fields, as whole() writes."""
    def put(tmp):
        with open(tmp, "w", newline="") as f:
            w = csv.DictWriter(f, fields)
            w.writeheader()
            w.writerows(rows)
    whole(path, put)
