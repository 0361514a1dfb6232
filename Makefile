# Makefile -- scoring-play verifier.
#   make              build build/verifier
#   make verify       install missing system packages, build, run the default sweep
#   make check        install missing system packages, build, run every test
#                     (cmocka suites, CLI tests, the bad-input matrix, a short fuzz run)
#   make check SAN=1  the same with AddressSanitizer, UBSan and LeakSanitizer (in build-san/)
#   make fuzz         fuzz the parsers for FUZZ_SECONDS (default 60) with libFuzzer
#   make bench        engine vs plain reference solver (not part of the tests)
#   make nightly      the regression sweeps against the committed golden record
#   make MPI=1        build build-mpi/verifier with Open MPI (mpirun -n R ...)
#   make deps-mpi     install Open MPI (Debian's libopenmpi-dev, openmpi-bin)
#   make deps-extra   install gnuplot-nox, graphviz and chromium (figures, report test)
#   make figures      the Scoring Nim paper's Figures 1-6 from computed values
#                     (gnuplot, Graphviz) into results/figures/

CC      ?= gcc
SAN     ?= 0
PKGS    := hwloc jansson nettle
ifeq ($(SAN),1)
# -O1 keeps the sanitizers' reports readable; UB stops the process.
BUILD   := build-san
OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
TEST_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:allocator_may_return_null=1 \
            UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp SAN=1
else
BUILD   := build
OPT     ?= -O3 -march=native
TEST_ENV :=
endif
# The MPI build: its own directory (objects differ by WITH_MPI), mpicc.
MPI     ?= 0
ifeq ($(MPI),1)
BUILD   := build-mpi
CC      := mpicc
CFLAGS  += -DWITH_MPI
endif
CFLAGS  += -std=gnu11 -Wall -Wextra -fopenmp -I. $(OPT) $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS  += $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lcsv -lgmp

# Debian packages the build and the tests need (OpenMP comes with gcc;
# clang-14 and its runtime are for the libFuzzer run of `make check`).
DEB_PACKAGES := gcc make pkg-config libhwloc-dev libjansson-dev nettle-dev libcsv-dev libcmocka-dev libgmp-dev \
                clang-14 libclang-rt-14-dev
# Optional: Open MPI for the MPI build and its test (make deps-mpi);
# gnuplot, Graphviz and a headless browser for the figures and the
# report.html test (make deps-extra).
MPI_PACKAGES := libopenmpi-dev openmpi-bin
EXTRA_PACKAGES := gnuplot-nox graphviz chromium

# The default sweep of `make verify`: six piles cover Propositions 5.1 and
# 5.2 for n >= 4; bound 32 is the largest that keeps the whole run (os/*
# and st/*) near a minute on two cores (63 s measured; README).
VERIFY_PILES ?= 6
VERIFY_BOUND ?= 32

# Sources by concern (README, Layout): every .c below core/, proofs/ and
# verifier/; headers are included by their path from the top (-I.).
CORE_SRC   := $(shell find core -name '*.c' | sort)
PROOFS_SRC := $(shell find proofs -name '*.c' | sort)
CLI_SRC    := $(shell find verifier -name '*.c' | sort)
HEADERS    := $(shell find core proofs verifier -name '*.h')
# Huibers' printed tables, transcribed once (proofs/huibers/tables/), are
# embedded into the library so that a claim reads no file.
RN_TABLES  := $(sort $(wildcard proofs/huibers/tables/table-*.tsv))
RN_TABLE_C := $(BUILD)/gen/rn_table_data.c
LIB_OBJ    := $(patsubst %.c,$(BUILD)/obj/%.o,$(CORE_SRC) $(PROOFS_SRC) $(filter-out verifier/cli/main.c,$(CLI_SRC))) \
              $(BUILD)/obj/gen/rn_table_data.o
TEST_SRC   := $(wildcard tests/test_*.c)
TEST_BIN   := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
REF_OBJ    := $(BUILD)/tests/reference.o $(BUILD)/tests/nim_tables.o $(BUILD)/tests/matrix_brute.o

# The parsers, fuzzed with clang's libFuzzer (always with ASan and UBSan).
FUZZ_CC    := clang-14
FUZZ_SRC   := tests/fuzz/fuzz_parsers.c core/games/scoring_octal/octal.c core/games/game_options.c \
              core/engine/multiset.c core/engine/xalloc.c verifier/base/args.c verifier/base/options.c verifier/run/claim_select.c
FUZZ_BIN   := build-fuzz/fuzz_parsers
FUZZ_SECONDS ?= 60
# The run inside `make check`: fixed seed and number of inputs, seconds long.
FUZZ_CHECK_RUNS ?= 2000000

.PHONY: all deps deps-mpi deps-extra verify check bench fuzz nightly figures clean

all: $(BUILD)/verifier

$(BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(RN_TABLE_C): $(RN_TABLES) proofs/huibers/tables/embed.sh
	@mkdir -p $(dir $@)
	sh proofs/huibers/tables/embed.sh $(RN_TABLES) >$@.tmp && mv $@.tmp $@

$(BUILD)/obj/gen/rn_table_data.o: $(RN_TABLE_C) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/libverifier.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/verifier: $(BUILD)/obj/verifier/cli/main.o $(BUILD)/libverifier.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/tests/%.o: tests/%.c tests/%.h $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/tests/%: tests/%.c $(REF_OBJ) $(BUILD)/libverifier.a tests/reference.h tests/nim_tables.h tests/matrix_brute.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< $(REF_OBJ) $(BUILD)/libverifier.a -o $@ $(LDLIBS) -lcmocka

# Fault injection for the bad-input matrix (not usable under ASan).
$(BUILD)/tests/failmalloc.so: tests/failmalloc.c
	@mkdir -p $(dir $@)
	gcc -shared -fPIC -O1 $< -o $@

# Deliberately wrong builds for the nightly test: a closed form changed, an
# engine value changed.  Never installed, never used outside the test.
$(BUILD)/tests/verifier-wrong-claim: $(BUILD)/obj/verifier/cli/main.o $(BUILD)/libverifier.a proofs/oginuma_shinoda/os_small.c
	$(CC) $(CFLAGS) -DTEST_WRONG_CLAIM -c proofs/oginuma_shinoda/os_small.c -o $(BUILD)/tests/os_small_wrong.o
	$(CC) $(CFLAGS) $(BUILD)/obj/verifier/cli/main.o $(BUILD)/tests/os_small_wrong.o $(BUILD)/libverifier.a -o $@ $(LDLIBS)

$(BUILD)/tests/verifier-wrong-engine: $(BUILD)/obj/verifier/cli/main.o $(BUILD)/libverifier.a core/engine/sweep.c
	$(CC) $(CFLAGS) -DTEST_WRONG_ENGINE -c core/engine/sweep.c -o $(BUILD)/tests/sweep_wrong.o
	$(CC) $(CFLAGS) $(BUILD)/obj/verifier/cli/main.o $(BUILD)/tests/sweep_wrong.o $(BUILD)/libverifier.a -o $@ $(LDLIBS)

# The resume test's build: VERIFIER_KILL_AT_SAVE / VERIFIER_KILL_AFTER_SAVE kill it
# with SIGKILL inside or after a given checkpoint (verifier/run/checkpoint.c).
$(BUILD)/tests/verifier-kill-in-checkpoint: $(BUILD)/obj/verifier/cli/main.o $(BUILD)/libverifier.a verifier/run/checkpoint.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DTEST_KILL_IN_CHECKPOINT -c verifier/run/checkpoint.c -o $(BUILD)/tests/checkpoint_kill.o
	$(CC) $(CFLAGS) $(BUILD)/obj/verifier/cli/main.o $(BUILD)/tests/checkpoint_kill.o $(BUILD)/libverifier.a -o $@ $(LDLIBS)

$(BUILD)/bench: tests/bench.c $(REF_OBJ) $(BUILD)/libverifier.a
	$(CC) $(CFLAGS) $< $(REF_OBJ) $(BUILD)/libverifier.a -o $@ $(LDLIBS)

$(FUZZ_BIN): $(FUZZ_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I. \
	    $(FUZZ_SRC) -o $@

# Installs only what is missing; needs root or sudo the first time.
deps-mpi: DEB_PACKAGES := $(MPI_PACKAGES)
deps-mpi: deps
deps-extra: DEB_PACKAGES := $(EXTRA_PACKAGES)
deps-extra: deps
deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

# Exit 1 (some claim FAILS, e.g. the literal readings of Conjectures 35 and
# 36) and 3 (EMPTY, OBSERVED or UNDECIDED claims) are results, not errors of
# the run: reported, and make goes on.  2 (bad input), 4 (the run stopped
# before a verdict) and crashes stop make.
verify: deps
	$(MAKE) all
	@$(BUILD)/verifier check --piles $(VERIFY_PILES) --bound $(VERIFY_BOUND) --claims 'os/*,st/*,rn/*,hr/*'; \
	rc=$$?; case $$rc in \
	  0) echo "verify: every claim HOLDS or is CERTIFIED";; \
	  1) echo "verify: some claims FAIL: see results/latest/mismatches.csv";; \
	  3) echo "verify: nothing fails; some claims are EMPTY, OBSERVED or UNDECIDED";; \
	  *) exit $$rc;; \
	esac

check: deps
	$(MAKE) all $(TEST_BIN) $(if $(filter 1,$(SAN)),,$(BUILD)/tests/failmalloc.so) $(FUZZ_BIN) \
	    $(BUILD)/tests/verifier-wrong-claim $(BUILD)/tests/verifier-wrong-engine \
	    $(BUILD)/tests/verifier-kill-in-checkpoint
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; $(TEST_ENV) $$t; done
	bash tests/layout_test.sh
	$(TEST_ENV) bash tests/cli_test.sh $(BUILD)/verifier
	$(TEST_ENV) bash tests/bad_input_test.sh $(BUILD)/verifier $(if $(filter 1,$(SAN)),,$(BUILD)/tests/failmalloc.so)
	$(TEST_ENV) bash tests/nightly_test.sh $(BUILD)/verifier $(BUILD)/tests
	$(TEST_ENV) bash tests/resume_test.sh $(BUILD)/verifier $(BUILD)/tests/verifier-kill-in-checkpoint
	$(TEST_ENV) bash tests/report_test.sh $(BUILD)/verifier
	@if [ "$(SAN)" != 1 ] && command -v mpicc >/dev/null && command -v mpirun >/dev/null; then \
	  $(MAKE) MPI=1 build-mpi/verifier build-mpi/tests/verifier-kill-in-checkpoint && \
	  bash tests/mpi_test.sh $(BUILD)/verifier build-mpi/verifier build-mpi/tests/verifier-kill-in-checkpoint; \
	elif [ "$(SAN)" != 1 ]; then echo "== mpi: skipped: no mpicc or mpirun (make deps-mpi installs Open MPI)"; fi
	@corpus=$$(mktemp -d); trap 'rm -rf "$$corpus"' EXIT; \
	  echo "== fuzz: $(FUZZ_CHECK_RUNS) inputs, seed 1"; \
	  $(FUZZ_BIN) -seed=1 -runs=$(FUZZ_CHECK_RUNS) -max_len=256 "$$corpus" tests/fuzz/corpus 2>fuzz.log \
	    || { tail -40 fuzz.log; rm -f fuzz.log; exit 1; }; \
	  tail -1 fuzz.log; rm -f fuzz.log

fuzz: deps
	$(MAKE) $(FUZZ_BIN)
	@mkdir -p build-fuzz/corpus
	$(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=256 build-fuzz/corpus tests/fuzz/corpus

# hyperfine times the MPI runs (when Open MPI is there: make deps-mpi).
bench: DEB_PACKAGES += hyperfine
bench: deps
	$(MAKE) $(BUILD)/bench $(BUILD)/verifier
	$(BUILD)/bench
	@if command -v mpicc >/dev/null && command -v mpirun >/dev/null; then \
	  $(MAKE) MPI=1 build-mpi/verifier && bash tests/bench_mpi.sh $(BUILD)/verifier build-mpi/verifier 20; \
	else echo "bench mpi: skipped: no mpicc or mpirun (make deps-mpi installs Open MPI)"; fi

# The nightly regression sweeps against the committed golden record
# (nightly/manifest.json, nightly/golden.json); NIGHTLY_BUDGET caps the time.
NIGHTLY_BUDGET ?= 15m
nightly: deps
	$(MAKE) all
	$(BUILD)/verifier nightly --budget $(NIGHTLY_BUDGET)

# The paper's figures, each with its data file beside it: Figure 1 (the
# game tree from (5,4,2), here at N = 0: every first move, and every
# optimal line), 2 f_N(5,4,2), 3 F_3 = f_N(7,6,1) (Theorem 6.3 (i)), 4
# f_N(8,7,1) with max{F_3(N), -4+|N|} bold, 5 f_N(6,4,1) (minima at
# N = +-4), 6 f_N(5,4,3).  Written to a fresh folder, then put in place.
FIGURES_DIR ?= results/figures
FIGURE_FORMAT ?= svg
figures: DEB_PACKAGES += gnuplot-nox graphviz
figures: deps
	$(MAKE) all
	@rm -rf $(FIGURES_DIR).new && mkdir -p $(FIGURES_DIR).new
	$(BUILD)/verifier tree 5,4,2 --bonus 0 --depth 1 --out $(FIGURES_DIR).new/fig1-tree-5-4-2.$(FIGURE_FORMAT)
	$(BUILD)/verifier tree 5,4,2 --bonus 0 --depth 12 --optimal-only --out $(FIGURES_DIR).new/fig1-optimal-lines-5-4-2.$(FIGURE_FORMAT)
	$(BUILD)/verifier tree 5,4,2 --bonus 0 --depth 1 --out $(FIGURES_DIR).new/fig1-tree-5-4-2.dot
	$(BUILD)/verifier plot 5,4,2 --bonus -14:14 --out $(FIGURES_DIR).new/fig2-f-5-4-2.$(FIGURE_FORMAT)
	$(BUILD)/verifier plot 7,6,1 --bonus -9:9 --overlay F_3 --out $(FIGURES_DIR).new/fig3-F3-is-f-7-6-1.$(FIGURE_FORMAT)
	$(BUILD)/verifier plot 8,7,1 --bonus -10:10 --overlay F_3,thm-6.3 --out $(FIGURES_DIR).new/fig4-f-8-7-1.$(FIGURE_FORMAT)
	$(BUILD)/verifier plot 6,4,1 --bonus -8:8 --overlay thm-6.3 --out $(FIGURES_DIR).new/fig5-f-6-4-1.$(FIGURE_FORMAT)
	$(BUILD)/verifier plot 5,4,3 --bonus -15:15 --out $(FIGURES_DIR).new/fig6-f-5-4-3.$(FIGURE_FORMAT)
	@rm -rf $(FIGURES_DIR) && mv $(FIGURES_DIR).new $(FIGURES_DIR) && echo "figures: $(FIGURES_DIR)/" && ls $(FIGURES_DIR)

clean:
	rm -rf build build-san build-fuzz build-mpi
