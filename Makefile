# Jamaica simulator: plain GNU make.
#   make              build bin/jamaica (-O3)
#   make check        the quick loop (a few minutes): the unit tests, the
#                     command-line suites and the tree's own rules, no
#                     sanitizers; ends with the slowest suites and a count
#   make test         everything (the README's command; installs what it
#                     needs first): check's suites, the long scenarios
#                     (kill and resume, sealed runs, MPI, the intervals'
#                     coverage), the Python tests, the docs' blocks, the
#                     unit tests again under ASan+UBSan and TSan, clang
#   make unit-NAME cli-NAME scenario-NAME tree-NAME asan-NAME   one suite
#   make JOBS=1       one suite at a time (the default: one per core)
#   make bench        bin/jamaica bench
#   make JM_DEBUG=1   bin/jamaica-debug: checks every invariant after every
#                     apply (its own binary, so it never stands in for
#                     bin/jamaica; `make debug` builds it too)
#   make fuzz         libFuzzer targets in tests/fuzz/, each for FUZZ_SECONDS
#   make mpi          bin/jamaica-mpi (OpenMPI's mpicc): sim across MPI ranks
#   make lib          lib/libjamaica.so.1 and .a (engine and agents), jamaica.pc,
#                     the man page; make install PREFIX=DIR installs them
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
MAKEFLAGS += -j$(JOBS) --output-sync=target
CC ?= cc
CFLAGS ?= -O3 -g
# The release: the library's soname and `jamaica --version`.
VERSION := 1.5.0
OMP := -fopenmp
WARN := -std=c11 -ffp-contract=off -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow -Wvla -DJAMAICA_VERSION='"$(VERSION)"' -Ibin/gen
CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

ENGINE := engine/pcg.c engine/seed.c engine/board.c engine/variant.c engine/options.c engine/rules.c engine/event.c engine/game.c engine/query.c \
          engine/observe.c engine/check.c engine/position_write.c engine/position_read.c engine/words.c engine/encode.c
AGENTS := $(sort $(wildcard agents/*.c)) # a new agent is its file and its row in registry.c
ANALYSIS := analysis/stats.c analysis/spsa.c analysis/logistic.c analysis/halving.c
# sim/: the command's rooms (docs/DESIGN.md): the command line, the formats,
# running games, and one file per subcommand.
SIMCLI := $(sort $(wildcard sim/cli/*.c))
SIMIO := sim/io/csv.c sim/io/games_csv.c sim/io/games_read.c sim/io/games_check.c sim/io/summary.c sim/io/timing_csv.c sim/io/table.c \
             sim/io/trace.c sim/io/outfile.c sim/io/study_csv.c sim/io/replay_html.c \
             sim/io/view_text.c
SIMRUN := sim/run/vecenv.c sim/run/selfplay.c sim/run/cores.c sim/run/config.c sim/run/harness.c sim/run/lineup.c sim/run/play.c sim/run/timing.c sim/run/mpi.c sim/run/perft.c \
          sim/run/seatings.c sim/run/standings.c sim/run/replay.c sim/run/journal.c sim/run/luck.c sim/run/oracle.c sim/run/vfit.c sim/run/tally.c sim/run/parting.c sim/run/bench_net.c
SIMCMD := $(wildcard sim/cmd/*.c)
SIMLIB := $(SIMCLI) $(SIMIO) $(SIMRUN) $(SIMCMD)
LIBSRC := $(ENGINE) $(AGENTS) $(ANALYSIS) $(SIMLIB)
# bin/gen/: headers made from other files (the replay page's HTML as a C string).
GENERATED := bin/gen/replay_page.h
# The Makefile too: the version and the flags are in it, so a change of
# either rebuilds (a binary never reports the version before).
HEADERS := $(wildcard engine/*.h agents/*.h analysis/*.h sim/*/*.h tests/unit/*.h) $(GENERATED) Makefile
TESTS := $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*.c))

ifeq ($(JM_DEBUG),1)
all: bin/jamaica-debug bin/python lib
else
all: bin/jamaica bin/python lib
endif

# The Python the docs name: numpy's (and torch's), with this clone's module.
bin/python: python/run.sh | bin
	cp python/run.sh $@.tmp && chmod 755 $@.tmp && mv $@.tmp $@

# The command from objects (bin/obj/, one per source: make builds them a
# core each); the debug one from the tests' objects (bin/test/obj/, the
# same flags with the invariant checker on).
BINOBJ := $(patsubst %.c,bin/obj/%.o,$(LIBSRC) sim/main.c)
DEBUGOBJ := $(patsubst %.c,bin/test/obj/%.o,$(LIBSRC) sim/main.c)
bin/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) $(OMP) -c -o $@ $<

bin/jamaica: $(BINOBJ) | bin
	$(CC) $(CFLAGS) $(OMP) -o $@ $(BINOBJ) -lm -ldl

debug: bin/jamaica-debug

# bin/jamaica-mpi: `mpirun -np K bin/jamaica-mpi sim ...` (OpenMPI's mpicc;
# the default build needs no MPI).
MPICC ?= mpicc
mpi: bin/jamaica-mpi

bin/jamaica-mpi: $(LIBSRC) sim/main.c $(HEADERS) | bin
	$(MPICC) $(CFLAGS) $(WARN) $(OMP) -DJM_MPI -o $@ $(LIBSRC) sim/main.c -lm -ldl

bin/jamaica-debug: $(DEBUGOBJ) | bin
	$(CC) $(CFLAGS) $(OMP) -o $@ $(DEBUGOBJ) -lm -ldl

bin:
	mkdir -p bin

# sim/io/replay.html as one C string (each line quoted; backslashes, quotes
# and question marks escaped: no trigraph can form).
bin/gen/replay_page.h: sim/io/replay.html
	@mkdir -p bin/gen
	{ echo '/* Made from sim/io/replay.html by the Makefile. */'; echo 'static const char replay_page_html[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' $<; echo ';'; } >$@.tmp
	mv $@.tmp $@

# Test binaries: the same sources with the invariant checker on, compiled
# once for all the tests (bin/test/obj/), and again under the sanitizers
# (bin/asan/obj/, bin/tsan/obj/); each test links its own file with them.
TEST_CFLAGS := $(CFLAGS) $(WARN) $(OMP) -DJM_DEBUG -DJM_TEST $(CMOCKA_CFLAGS)
ASAN_CFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
               $(WARN) $(OMP) -DJM_DEBUG -DJM_TEST -DJM_SANITIZE $(CMOCKA_CFLAGS)
# ThreadSanitizer for the tests of code with threads of its own (VecEnv's
# pool); JM_SANITIZE also drops nnet.c's target clones, whose resolvers
# run before TSan's runtime starts.
TSAN_CFLAGS := -O1 -g -fsanitize=thread $(WARN) $(OMP) -DJM_DEBUG -DJM_TEST -DJM_SANITIZE $(CMOCKA_CFLAGS)
TSAN_TESTS := test_vecenv
TESTOBJ := $(patsubst %.c,bin/test/obj/%.o,$(LIBSRC) tests/unit/helpers.c)
ASANOBJ := $(patsubst %.c,bin/asan/obj/%.o,$(LIBSRC) tests/unit/helpers.c)
TSANOBJ := $(patsubst %.c,bin/tsan/obj/%.o,$(LIBSRC) tests/unit/helpers.c)

bin/test/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -c -o $@ $<

bin/asan/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -c -o $@ $<

bin/tsan/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(TSAN_CFLAGS) -c -o $@ $<

bin/test/%: tests/unit/%.c $(TESTOBJ) $(HEADERS)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(TESTOBJ) $(CMOCKA_LIBS) -lm -ldl

bin/asan/%: tests/unit/%.c $(ASANOBJ) $(HEADERS)
	$(CC) $(ASAN_CFLAGS) -o $@ $< $(ASANOBJ) $(CMOCKA_LIBS) -lm -ldl

bin/tsan/%: tests/unit/%.c $(TSANOBJ) $(HEADERS)
	$(CC) $(TSAN_CFLAGS) -o $@ $< $(TSANOBJ) $(CMOCKA_LIBS) -lm -ldl

# The Python the tests run: the first python3 that imports numpy (the one on
# PATH may be an interpreter that does not see Debian's packages; Debian's
# is /usr/bin/python3).  What needs only the standard library runs under
# either.
PYTHON := $(firstword $(foreach p,python3 /usr/bin/python3,$(shell $(p) -c 'import numpy' >/dev/null 2>&1 && echo $(p))))
HAVE_TORCH := $(if $(PYTHON),$(shell $(PYTHON) -c 'import torch' >/dev/null 2>&1 && echo yes),)
PY3 := $(shell command -v python3 2>/dev/null)
PYENV := JAMAICA_LIB=lib/libjamaica.so.1 JAMAICA_BIN=bin/jamaica

# The suites: each a target that runs it through tests/suite.sh, which
# notes "pass|fail NAME SECONDS" in bin/test/suites and goes on either way;
# `make check` and `make test` run theirs (one a core at a time) and end
# with tests/summary.sh (the slowest five, the failed ones, the count).
SUITE := sh tests/suite.sh
NAMES := $(patsubst test_%,%,$(TESTS))
TREE := includes agent_rows results_paths figures_once house rule_ids board ladder_file reference_cost
CLI := cli luck library ceiling games_csv exitcodes ladder reading designer
SCENARIOS := agents faults sealed sandbox replay coverage mpi
# check: the longest first, so that two cores end together.
CHECK_SUITES := $(addprefix cli-,$(CLI)) $(addprefix unit-,$(NAMES)) $(addprefix tree-,$(TREE))
TEST_SUITES := python $(addprefix scenario-,$(SCENARIOS)) $(addprefix asan-,$(NAMES)) \
               $(CHECK_SUITES) docs python-stdlib $(addprefix tsan-,$(patsubst test_%,%,$(TSAN_TESTS))) clang
# What the command-line suites run: both binaries, the library, bin/python.
PROGRAMS := bin/jamaica bin/jamaica-debug lib bin/python

unit-%: bin/test/test_%
	@$(SUITE) unit-$* bin/test/test_$*

asan-%: bin/asan/test_%
	@$(SUITE) asan-$* bin/asan/test_$*

tsan-%: bin/tsan/test_%
	@TSAN_OPTIONS=halt_on_error=1 $(SUITE) tsan-$* bin/tsan/test_$*

tree-rule_ids:
	@$(SUITE) tree-rule_ids sh tests/tree/rule_ids.sh

tree-board: lib
	@$(SUITE) tree-board python3 tests/tree/board_doc.py lib/libjamaica.so.1

tree-%:
	@if [ -n "$(PY3)" ]; then $(SUITE) tree-$* python3 tests/tree/$*.py --self; \
	else echo "tree-$*: python3 not installed, skipped"; fi

cli-%: $(PROGRAMS)
	@$(SUITE) cli-$* sh tests/cli/$*.sh

scenario-coverage: bin/jamaica
	@if [ -n "$(PY3)" ]; then echo "== coverage of the 95% intervals (1000 seeded runs each)"; \
	    $(SUITE) scenario-coverage python3 tests/scenarios/coverage.py bin/jamaica --runs 1000 --check; \
	else echo "coverage: python3 not installed, skipped"; fi

HAVE_MPI := $(if $(shell command -v $(MPICC) 2>/dev/null),$(if $(shell command -v mpirun 2>/dev/null),yes))
scenario-mpi: bin/jamaica $(if $(HAVE_MPI),bin/jamaica-mpi)
	@if [ -n "$(HAVE_MPI)" ]; then \
	    $(SUITE) scenario-mpi sh tests/scenarios/mpi.sh; \
	else echo "mpi: OpenMPI not installed, skipped (apt-get install libopenmpi-dev openmpi-bin)"; fi

scenario-%: $(PROGRAMS)
	@$(SUITE) scenario-$* sh tests/scenarios/$*.sh

docs: $(PROGRAMS)
	@if [ -n "$(PYTHON)" ]; then $(SUITE) docs $(PYTHON) tests/tree/doc_blocks.py; \
	else echo "docs: no python3 with numpy; failed"; echo "fail docs 0" >>bin/test/suites; fi

python: $(PROGRAMS)
	@if [ -n "$(PYTHON)" ]; then echo "== python: $(PYTHON) (the first python3 that imports numpy$(if $(HAVE_TORCH), and torch,))"; \
	    $(PYENV) $(SUITE) python $(PYTHON) -m unittest discover -s tests/python; \
	else echo "python: no python3 here imports numpy (tests/deps.sh installs python3-numpy); failed"; \
	    echo "fail python 0" >>bin/test/suites; fi

# The standard library alone, where the python3 on PATH is not numpy's.
python-stdlib: $(PROGRAMS)
	@if [ -n "$(PY3)" ] && [ "$(PY3)" != "$(PYTHON)" ] && \
	    [ "$$(readlink -f $(PY3))" != "$$(readlink -f $(PYTHON) 2>/dev/null)" ]; then \
	    echo "== python, standard library alone: $(PY3) (the numpy parts skipped)"; \
	    $(PYENV) $(SUITE) python-stdlib python3 -m unittest discover -s tests/python; fi

# The tree must also be warning-free under clang (skipped if it is absent).
clang: $(GENERATED)
	@if command -v clang >/dev/null 2>&1; then \
	    clang $(WARN) -Wno-source-uses-openmp -O2 -fsyntax-only $(LIBSRC) sim/main.c && \
	    clang $(WARN) -Wno-source-uses-openmp -DJM_DEBUG -DJM_TEST $(CMOCKA_CFLAGS) -fsyntax-only tests/unit/*.c tests/fuzz/*.c && \
	    { ! command -v $(MPICC) >/dev/null 2>&1 || \
	      clang $(WARN) -Wno-source-uses-openmp -DJM_MPI $$($(MPICC) --showme:compile) -fsyntax-only sim/run/mpi.c; } && \
	    { echo "clang: no warnings"; echo "pass clang 0" >>bin/test/suites; } || { echo "fail clang 0" >>bin/test/suites; exit 1; }; \
	else echo "clang: not installed, skipped"; fi

check-suites: $(CHECK_SUITES)
test-suites: $(TEST_SUITES)

check:
	@mkdir -p bin/test && rm -f bin/test/suites
	@$(MAKE) --no-print-directory check-suites || { echo "make: a build or a target stopped"; echo "fail make 0" >>bin/test/suites; }; \
	    sh tests/summary.sh

# make test installs what it needs first (tests/deps.sh: apt-get as root or
# through sudo, or one line saying what to run).
deps:
	@sh tests/deps.sh

test: deps
	@mkdir -p bin/test && rm -f bin/test/suites
	@$(MAKE) --no-print-directory test-suites || { echo "make: a build or a target stopped"; echo "fail make 0" >>bin/test/suites; }; \
	    sh tests/summary.sh

# libFuzzer targets (clang): each runs FUZZ_SECONDS on a scratch copy of its
# seed corpus; a crash leaves its input in bin/fuzz/ and fails the target.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := fuzz_actions fuzz_parsers fuzz_api fuzz_netfile
FUZZ_CFLAGS := -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(WARN) \
               -Wno-source-uses-openmp -DJM_DEBUG
bin/fuzz/%: tests/fuzz/%.c $(LIBSRC) $(HEADERS)
	@mkdir -p bin/fuzz
	clang $(FUZZ_CFLAGS) -o $@ $< $(LIBSRC) -lm -ldl

fuzz: $(addprefix bin/fuzz/,$(FUZZ_TARGETS))
	@set -e; for t in $(FUZZ_TARGETS); do \
	    echo "== $$t for $(FUZZ_SECONDS) s"; rm -rf bin/fuzz/work-$$t; mkdir -p bin/fuzz/work-$$t; \
	    bin/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -malloc_limit_mb=4096 \
	        -rss_limit_mb=4096 -artifact_prefix=bin/fuzz/$$t- bin/fuzz/work-$$t tests/fuzz/corpus/$$t \
	        2>bin/fuzz/$$t.log || { grep -m 5 -E '^$$t:|ERROR|runtime error' bin/fuzz/$$t.log; tail -n 40 bin/fuzz/$$t.log; exit 1; }; \
	    grep -E '^stat::number_of_executed_units|^Done' bin/fuzz/$$t.log | tr '\n' ' '; echo; \
	done

bench: bin/jamaica
	bin/jamaica bench

# The library: the engine and the agents, exporting only the public jm_*
# API and the agent API (engine/jamaica.map); shared with a versioned
# soname, and static.
SOMAJOR := 1
LIBSRC_CORE := $(ENGINE) $(AGENTS) sim/run/vecenv.c sim/run/selfplay.c sim/run/cores.c
# Where make install puts the Python module: python3's own directory for
# the prefix (Debian: PREFIX/lib/python3.X/dist-packages); PYTHONDIR=
# chooses another.
PYTHONDIR ?= $(shell python3 -c 'import sys; print("$(PREFIX)/lib/python%d.%d/%s" % (sys.version_info[0], sys.version_info[1], "dist-packages" if any(p.endswith("dist-packages") for p in sys.path) else "site-packages"))' 2>/dev/null)
LIBOBJ := $(patsubst %.c,bin/lib/%.o,$(LIBSRC_CORE))
PREFIX ?= /usr/local

bin/lib/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) $(OMP) -fPIC -c -o $@ $<

lib/libjamaica.so.$(VERSION): $(LIBOBJ) engine/jamaica.map
	@mkdir -p lib
	$(CC) -shared -Wl,-soname,libjamaica.so.$(SOMAJOR) -Wl,--version-script=engine/jamaica.map \
	    -Wl,--no-undefined $(OMP) -o $@ $(LIBOBJ) -lm -ldl
	ln -sf libjamaica.so.$(VERSION) lib/libjamaica.so.$(SOMAJOR)
	ln -sf libjamaica.so.$(SOMAJOR) lib/libjamaica.so

lib/libjamaica.a: $(LIBOBJ)
	@mkdir -p lib
	rm -f $@
	ar rcs $@ $(LIBOBJ)

lib/jamaica.pc: jamaica.pc.in Makefile
	@mkdir -p lib
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' jamaica.pc.in >$@

lib/jamaica.1: bin/jamaica sim/man.sh docs/PROTOCOL.md docs/AGENTS.md
	@mkdir -p lib
	sh sim/man.sh bin/jamaica $(VERSION) >$@.tmp && mv $@.tmp $@

lib: lib/libjamaica.so.$(VERSION) lib/libjamaica.a lib/jamaica.pc lib/jamaica.1

# make install PREFIX=DIR: the command, the headers (include/jamaica/),
# the libraries, jamaica.pc and the man page.  DESTDIR is honoured.
install: bin/jamaica lib
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include/jamaica $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	    $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 bin/jamaica $(DESTDIR)$(PREFIX)/bin/jamaica
	install -m 644 engine/jamaica.h $(DESTDIR)$(PREFIX)/include/jamaica/jamaica.h
	sed 's|"../engine/jamaica.h"|"jamaica.h"|' agents/agent.h >$(DESTDIR)$(PREFIX)/include/jamaica/agent.h
	sed 's|"../engine/jamaica.h"|"jamaica.h"|' agents/jamaica_plugin.h >$(DESTDIR)$(PREFIX)/include/jamaica/jamaica_plugin.h
	sed 's|"../../engine/jamaica.h"|"jamaica.h"|' sim/run/vecenv.h >$(DESTDIR)$(PREFIX)/include/jamaica/vecenv.h
	sed 's|"../../engine/jamaica.h"|"jamaica.h"|' sim/run/selfplay.h >$(DESTDIR)$(PREFIX)/include/jamaica/selfplay.h
	sed 's|"../engine/jamaica.h"|"jamaica.h"|' agents/nnet.h >$(DESTDIR)$(PREFIX)/include/jamaica/nnet.h
	install -m 755 lib/libjamaica.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libjamaica.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libjamaica.so.$(SOMAJOR)
	ln -sf libjamaica.so.$(SOMAJOR) $(DESTDIR)$(PREFIX)/lib/libjamaica.so
	install -m 644 lib/libjamaica.a $(DESTDIR)$(PREFIX)/lib/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' jamaica.pc.in \
	    >$(DESTDIR)$(PREFIX)/lib/pkgconfig/jamaica.pc
	install -m 644 lib/jamaica.1 $(DESTDIR)$(PREFIX)/share/man/man1/jamaica.1
	install -d $(DESTDIR)$(PREFIX)/share/jamaica/plots
	install -m 755 analysis/plot.sh $(DESTDIR)$(PREFIX)/share/jamaica/plot.sh
	install -m 644 analysis/plots/*.gp analysis/plots/extract.py $(DESTDIR)$(PREFIX)/share/jamaica/plots/
	ln -sf ../share/jamaica/plot.sh $(DESTDIR)$(PREFIX)/bin/jamaica-plot
	@if [ -n "$(PYTHONDIR)" ]; then \
	    install -d $(DESTDIR)$(PYTHONDIR)/jamaica && \
	    install -m 644 python/jamaica/*.py $(DESTDIR)$(PYTHONDIR)/jamaica/ && \
	    install -d $(DESTDIR)$(PYTHONDIR)/jamaica/train && \
	    install -m 644 python/jamaica/train/*.py $(DESTDIR)$(PYTHONDIR)/jamaica/train/ && \
	    echo "python module: $(DESTDIR)$(PYTHONDIR)/jamaica"; \
	else echo "python module: python3 not installed, skipped"; fi

clean:
	rm -rf bin lib

# (The suites' pattern targets, unit-% and the rest, cannot be .PHONY: make
# looks up no pattern rule for a phony target.  No file of their names is
# ever made, so they run each time.)
.PHONY: all debug mpi lib install deps check check-suites test test-suites docs python python-stdlib clang fuzz bench clean
.SECONDARY:
