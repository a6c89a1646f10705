#!/bin/sh
# faulty.sh MODE [K [G]]: a protocol agent (docs/PROTOCOL.md) that plays the
# first legal action and fails on purpose at its K-th decision (1), or at
# the first decision from there on in a game numbered G or more (0):
#   crash    killed by SIGSEGV        sleep    answers nothing for 60 s
#   garbage  answers "banana"         range    answers index 99
#   flood    a line of 10,000 bytes   silent   closes its output
#   exit     exits at once, before the handshake
#   badhello answers the handshake with something else
#   good     never fails
#   slowstart  never fails, but sleeps K seconds before the handshake (a
#            program that loads PyTorch)
#   forker   never fails, and starts a child (sleep 31415) that would
#            outlive it if its process group were not killed
mode=$1
k=${2:-1}
g=${3:-0}
n=0
game=0
[ "$mode" = exit ] && exit 7
[ "$mode" = slowstart ] && { sleep "$k"; k=1000000; }
[ "$mode" = forker ] && { sleep 31415 & }
while IFS= read -r line; do
    case $line in
    "jamaica-agent 1")
        if [ "$mode" = badhello ]; then echo "hello"; else echo "agent faulty-$mode"; fi ;;
    ready) echo ready ;;
    "game "*)
        game=${line#* game=}
        game=${game%% *} ;;
    go)
        n=$((n + 1))
        if [ "$n" -ge "$k" ] && [ "$game" -ge "$g" ]; then
            case $mode in
            crash) kill -SEGV $$ ;;
            sleep) sleep 60 ;;
            garbage) echo banana; continue ;;
            range) echo 99; continue ;;
            flood) head -c 10000 /dev/zero | tr '\0' x; echo; continue ;;
            silent) exec >&-; sleep 60 ;;
            esac
        fi
        echo 0 ;;
    "result "*) echo "$line" >&2 ;; # with results=1: the game's end, to its log
    quit) exit 0 ;;
    esac
done
