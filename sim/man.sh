#!/bin/sh
# man.sh JAMAICA VERSION > jamaica.1: the man page, made from the command's
# own --help texts, so it covers every subcommand and option it has.
set -eu
J=$1
v=$2
# roff: a backslash is \e; a line starting with . or ' is protected.
esc() { sed -e 's/\\/\\e/g' -e 's/^\([.'"'"']\)/\\\&\1/'; }
cat <<HEAD
.TH JAMAICA 1 "" "jamaica $v" "User Commands"
.SH NAME
jamaica \\- AI tournament and Monte Carlo simulator for the board game Jamaica
.SH SYNOPSIS
.B jamaica
.I command
.RI [ options ]
.SH DESCRIPTION
.nf
HEAD
"$J" --help | esc
printf '.fi\n'
for c in $("$J" --help | sed -n '/^Commands:/,/^$/p' | awk 'NF > 1 {print $1}'); do
    printf '.SH "JAMAICA %s"\n.nf\n' "$(echo "$c" | tr a-z A-Z)"
    "$J" "$c" --help | esc
    printf '.fi\n'
done
cat <<'TAIL'
.SH "AGENT PROTOCOL"
.nf
TAIL
sed -n '/^## The conversation/,/^## Python/p' "$(dirname "$0")/../docs/PROTOCOL.md" | grep -v '^## Python' | esc
cat <<'TAIL'
.fi
.SH "YOUR OWN AGENTS"
.nf
TAIL
sed -n '/^### A C plugin/,/^### Any program/p' "$(dirname "$0")/../docs/AGENTS.md" | grep -v '^### Any program' | esc
cat <<'TAIL'
.fi
.SH "EXIT STATUS"
0 done; 1 an I/O error (for diff: the runs differ); 2 bad input, nothing
written; 3 an agent failed (a plugin's or a program's): the files hold the
games before it; 128 + the signal after a clean stop.
.SH "SEE ALSO"
README.md in the source, and its docs/: the CSV columns (FORMATS.md), the
rule options (RULES.md), positions (POSITIONS.md), the trace (TRACE.md),
the statistics and their references (STATISTICS.md).
TAIL
