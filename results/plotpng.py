"""The analysis scripts' pictures: a gnuplot script drawn into OUT.png.tmp,
renamed onto OUT.png when gnuplot succeeds, so the picture is whole or not
there; the data file and any part left are removed either way.  Standard
library only."""
import os
import subprocess
import sys


def run(script, png, dat):
    """gnuplot -e script (its `set output` naming png + ".tmp")."""
    try:
        subprocess.run(["gnuplot", "-e", script], check=True)
        os.replace(png + ".tmp", png)
    except (OSError, subprocess.CalledProcessError):
        print("(gnuplot failed or is missing: no plot)", file=sys.stderr)
    finally:
        for f in (dat, png + ".tmp"):
            if os.path.exists(f):
                os.remove(f)
