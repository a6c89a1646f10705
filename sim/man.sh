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
.SH "EXIT STATUS"
0 done; 1 an I/O error (for diff: the runs differ); 2 bad input, nothing
written; 128 + the signal after a clean stop.
.SH "SEE ALSO"
README.md in the source: the CSV columns, the rule options, positions,
the statistics and their references.
TAIL
