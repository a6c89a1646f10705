# Jamaica simulator: plain GNU make.
#   make              build bin/jamaica (-O2)
#   make test         build and run the cmocka tests, then again under
#                     AddressSanitizer + UndefinedBehaviorSanitizer
#   make bench        bin/jamaica bench
#   make JM_DEBUG=1   bin/jamaica-debug: checks every invariant after every
#                     apply (its own binary, so it never stands in for
#                     bin/jamaica; `make debug` builds it too)
#   make fuzz         libFuzzer targets in tests/fuzz/, each for FUZZ_SECONDS
#   make mpi          bin/jamaica-mpi (OpenMPI's mpicc): sim across MPI ranks
CC ?= cc
CFLAGS ?= -O2 -g
OMP := -fopenmp
WARN := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow -Wvla
CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

ENGINE := engine/pcg.c engine/board.c engine/rules.c engine/event.c engine/game.c \
          engine/observe.c engine/check.c engine/position.c
AGENTS := agents/registry.c agents/random.c agents/first.c agents/params.c agents/heuristic.c \
          agents/search.c agents/greedy.c agents/flat.c agents/mcts.c
ANALYSIS := analysis/stats.c
SIMLIB := sim/csv.c sim/play.c sim/trace.c sim/bench.c sim/cli.c sim/sim.c sim/timing.c sim/outfile.c \
          sim/tournament.c sim/diff.c sim/study.c sim/summary.c sim/merge.c sim/mpi.c
LIBSRC := $(ENGINE) $(AGENTS) $(ANALYSIS) $(SIMLIB)
HEADERS := $(wildcard engine/*.h agents/*.h analysis/*.h sim/*.h tests/*.h)
TESTS := $(patsubst tests/%.c,%,$(filter-out tests/helpers.c,$(wildcard tests/test_*.c)))

ifeq ($(JM_DEBUG),1)
all: bin/jamaica-debug
else
all: bin/jamaica
endif

bin/jamaica: $(LIBSRC) sim/main.c $(HEADERS) | bin
	$(CC) $(CFLAGS) $(WARN) $(OMP) -o $@ $(LIBSRC) sim/main.c -lm

debug: bin/jamaica-debug

# bin/jamaica-mpi: `mpirun -np K bin/jamaica-mpi sim ...` (OpenMPI's mpicc;
# the default build needs no MPI).
MPICC ?= mpicc
mpi: bin/jamaica-mpi

bin/jamaica-mpi: $(LIBSRC) sim/main.c $(HEADERS) | bin
	$(MPICC) $(CFLAGS) $(WARN) $(OMP) -DJM_MPI -o $@ $(LIBSRC) sim/main.c -lm

bin/jamaica-debug: $(LIBSRC) sim/main.c $(HEADERS) | bin
	$(CC) $(CFLAGS) $(WARN) -DJM_DEBUG $(OMP) -o $@ $(LIBSRC) sim/main.c -lm

bin:
	mkdir -p bin

# Test binaries: the same sources with the invariant checker on.
bin/test/%: tests/%.c tests/helpers.c $(LIBSRC) $(HEADERS)
	@mkdir -p bin/test
	$(CC) $(CFLAGS) $(WARN) $(OMP) -DJM_DEBUG -DJM_TEST $(CMOCKA_CFLAGS) -o $@ $< tests/helpers.c $(LIBSRC) \
	    $(CMOCKA_LIBS) -lm

bin/asan/%: tests/%.c tests/helpers.c $(LIBSRC) $(HEADERS)
	@mkdir -p bin/asan
	$(CC) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	    $(WARN) $(OMP) -DJM_DEBUG -DJM_TEST -DJM_SANITIZE $(CMOCKA_CFLAGS) -o $@ $< tests/helpers.c $(LIBSRC) \
	    $(CMOCKA_LIBS) -lm

check: $(addprefix bin/test/,$(TESTS)) bin/jamaica
	@set -e; for t in $(TESTS); do echo "== $$t"; bin/test/$$t; done
	@sh tests/rule_ids.sh
	@sh tests/cli.sh
	@if command -v $(MPICC) >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then \
	    $(MAKE) -s bin/jamaica-mpi && sh tests/mpi.sh; \
	else echo "mpi: OpenMPI not installed, skipped (apt-get install libopenmpi-dev openmpi-bin)"; fi

check-asan: $(addprefix bin/asan/,$(TESTS))
	@set -e; for t in $(TESTS); do echo "== asan $$t"; bin/asan/$$t; done

# The tree must also be warning-free under clang (skipped if it is absent).
check-clang:
	@if command -v clang >/dev/null 2>&1; then \
	    clang $(WARN) -Wno-source-uses-openmp -O2 -fsyntax-only $(LIBSRC) sim/main.c && \
	    clang $(WARN) -Wno-source-uses-openmp -DJM_DEBUG -DJM_TEST $(CMOCKA_CFLAGS) -fsyntax-only tests/*.c tests/fuzz/*.c && \
	    { ! command -v $(MPICC) >/dev/null 2>&1 || \
	      clang $(WARN) -Wno-source-uses-openmp -DJM_MPI $$($(MPICC) --showme:compile) -fsyntax-only sim/mpi.c; } && \
	    echo "clang: no warnings"; \
	else echo "clang: not installed, skipped"; fi

test: check-clang check check-asan

# libFuzzer targets (clang): each runs FUZZ_SECONDS on a scratch copy of its
# seed corpus; a crash leaves its input in bin/fuzz/ and fails the target.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := fuzz_actions fuzz_parsers
FUZZ_CFLAGS := -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(WARN) \
               -Wno-source-uses-openmp -DJM_DEBUG
bin/fuzz/%: tests/fuzz/%.c $(LIBSRC) $(HEADERS)
	@mkdir -p bin/fuzz
	clang $(FUZZ_CFLAGS) -o $@ $< $(LIBSRC) -lm

fuzz: $(addprefix bin/fuzz/,$(FUZZ_TARGETS))
	@set -e; for t in $(FUZZ_TARGETS); do \
	    echo "== $$t for $(FUZZ_SECONDS) s"; rm -rf bin/fuzz/work-$$t; mkdir -p bin/fuzz/work-$$t; \
	    bin/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -malloc_limit_mb=4096 \
	        -rss_limit_mb=4096 -artifact_prefix=bin/fuzz/$$t- bin/fuzz/work-$$t tests/fuzz/corpus/$$t \
	        2>bin/fuzz/$$t.log || { tail -n 40 bin/fuzz/$$t.log; exit 1; }; \
	    grep -E '^stat::number_of_executed_units|^Done' bin/fuzz/$$t.log | tr '\n' ' '; echo; \
	done

bench: bin/jamaica
	bin/jamaica bench

clean:
	rm -rf bin

.PHONY: all debug mpi check check-asan check-clang test fuzz bench clean
.SECONDARY:
