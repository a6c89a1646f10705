"""The Python tools' command lines (jamaica.exit, distill, positions): an
argparse parser whose refusal of bad input is one line and exit status 2,
as jamaica's own commands refuse it, not argparse's usage block."""
import argparse
import sys


class Parser(argparse.ArgumentParser):
    def error(self, message):
        sys.stderr.write("%s: error: %s (see '%s --help')\n" % (self.prog, message, self.prog))
        sys.exit(2)
