# Makefile -- scoring-play verifier.
#   make              build build/verifier
#   make verify       install missing system packages, build, run the default sweep
#                     (compared with the committed record nightly/verify.json; the
#                     errata copied to docs/errata.md)
#   make check-proofs  make verify, then the independent checker build/proofcheck
#                     on every certificate it wrote (docs/proofs.md)
#   make verify-record  rewrite nightly/verify.json from a run of that sweep
#   make claim-seconds  rewrite proofs/claim_seconds.tsv (each claim's measured
#                     seconds, for check's estimate) from that sweep's results
#                     and a sweep of make bench's size (3 piles, bound 200)
#   make records REASON="..."  after a deliberate change: rewrite every committed
#                     record (nightly/verify.json, docs/errata.md, the claims'
#                     seconds, nightly/golden.json with REASON) and say what changed
#   make check        install missing system packages, build, run every test
#                     (cmocka suites, CLI tests, the bad-input matrix, a short fuzz run)
#   make check SAN=1  the same with AddressSanitizer, UBSan and LeakSanitizer (in build-san/)
#   make fuzz         fuzz the parsers for FUZZ_SECONDS (default 60) with libFuzzer
#   make bench        engine vs plain reference solver (not part of the tests)
#   make nightly      the regression sweeps against the committed golden record
#   make MPI=1        build build-mpi/verifier with Open MPI (mpirun -n R ...)
#   make PORTABLE=1   build without -march=native (-O3 -mtune=generic), in
#                     build-portable/ (build-mpi-portable/ with MPI=1): for a
#                     cluster whose nodes differ from the one that compiles
#   make deps         install what the build and the tests need (if missing)
#   make deps-mpi     install Open MPI (Debian's libopenmpi-dev, openmpi-bin)
#   make deps-extra   install gnuplot-nox, graphviz and chromium (figures, report test)
#                     (goals add up: `make deps deps-mpi deps-extra` installs all three)
#   make install      install the binary, its man page (help2man, every
#                     sub-command's --help) and its bash completion under
#                     $(DESTDIR)$(PREFIX) (PREFIX=/usr/local); make uninstall
#   make figures      the Scoring Nim paper's Figures 1-6 from computed values
#                     (gnuplot, Graphviz) into results/figures/
# What is missing is found from what the build uses (pkg-config, headers,
# commands), never from dpkg; it is installed with apt-get only by the
# goals that install (deps*, verify, check, fuzz, bench, nightly, figures,
# install), and only when apt-get and root or sudo are there.  Otherwise
# make stops with one line naming the Debian packages (docs/install.md).

CC      ?= gcc
SAN     ?= 0
PORTABLE ?= 0
PKGS    := hwloc jansson nettle libxxhash liblz4
ifeq ($(SAN),1)
# -O1 keeps the sanitizers' reports readable; UB stops the process.
BUILD   := build-san
OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
TEST_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:allocator_may_return_null=1 \
            UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp SAN=1
else ifeq ($(PORTABLE),1)
# A binary for other machines (cluster nodes of another CPU generation):
# -march=native would let gcc use instructions the node that compiles has
# and another may not (SIGILL there).  Its own directory, so its objects
# never mix with the native build's.
BUILD   := build-portable
OPT     ?= -O3 -mtune=generic
TEST_ENV :=
else
BUILD   := build
OPT     ?= -O3 -march=native
TEST_ENV :=
endif
# The MPI build: its own directory (objects differ by WITH_MPI), mpicc;
# -portable beside it for PORTABLE=1.  `make check` builds it by this name.
MPI     ?= 0
MPI_BUILD := build-mpi$(if $(filter 1,$(PORTABLE)),-portable)
ifeq ($(MPI),1)
BUILD   := $(MPI_BUILD)
CC      := mpicc
CFLAGS  += -DWITH_MPI
endif
CFLAGS  += -std=gnu11 -Wall -Wextra -fopenmp -I. $(OPT) $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS  += $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lcsv -lgmp -lm

# What the build and the tests need, one requirement a word KIND:WHAT:DEB
# (DEB the Debian package that provides WHAT), checked against what the
# build actually uses rather than dpkg's database, which other systems and
# slim containers do not have:
#   cmd   WHAT is a command on PATH
#   pc    pkg-config knows the library WHAT (the build takes its flags from it)
#   h     $(CC) finds the header WHAT
#   mpih  mpicc finds the header WHAT
#   rt    clang-14 finds its runtime library WHAT-<machine>.a
# Recursive (=) so that CC is read after MPI=1 has set it.  The compiler's
# package: gcc for cc and gcc (OpenMP comes with it), openmpi-bin for mpicc.
CC_CMD  = $(firstword $(CC))
CC_DEB  = $(if $(filter mpicc,$(notdir $(CC_CMD))),openmpi-bin,$(if $(filter clang%,$(notdir $(CC_CMD))),$(notdir $(CC_CMD)),gcc))
REQ_BUILD = cmd:$(CC_CMD):$(CC_DEB) cmd:pkg-config:pkg-config pc:hwloc:libhwloc-dev pc:jansson:libjansson-dev \
            pc:nettle:nettle-dev pc:libxxhash:libxxhash-dev pc:liblz4:liblz4-dev h:csv.h:libcsv-dev h:gmp.h:libgmp-dev $(if $(filter 1,$(MPI)),$(REQ_MPI))
# clang-14 and its runtime: the libFuzzer run of `make check`.
REQ_FUZZ  = cmd:clang-14:clang-14 rt:libclang_rt.fuzzer:libclang-rt-14-dev
# The tests: cmocka, gcc for failmalloc.so and for the layout test (which
# reads each source as gcc -E does), the fuzzer, help2man and groff
# for the install test's man page, xmllint for the tests that check XML,
# git for the contributor test (a scratch copy of the tree, diffed).
REQ_TEST  = cmd:gcc:gcc h:cmocka.h:libcmocka-dev $(REQ_FUZZ) cmd:help2man:help2man cmd:groff:groff-base \
            cmd:xmllint:libxml2-utils cmd:git:git
# Optional: Open MPI for the MPI build and its test (make deps-mpi);
# gnuplot, Graphviz and a headless browser for the figures and the
# report.html test (make deps-extra).
REQ_MPI   = cmd:mpicc:openmpi-bin cmd:mpirun:openmpi-bin mpih:mpi.h:libopenmpi-dev
REQ_EXTRA = cmd:gnuplot:gnuplot-nox cmd:dot:graphviz cmd:chromium:chromium

# What each goal needs.  The goals of one make call add up into one
# requirement list (so `make deps-mpi deps-extra` installs both sets, in
# one apt-get call: two calls side by side under -j would fight over
# dpkg's lock).
REQS_all        = $(REQ_BUILD)
REQS_deps       = $(REQ_BUILD) $(REQ_TEST)
REQS_deps-mpi   = $(REQ_MPI)
REQS_deps-extra = $(REQ_EXTRA)
REQS_verify     = $(REQ_BUILD)
REQS_verify-record = $(REQ_BUILD)
REQS_records = $(REQ_BUILD)
REQS_check      = $(REQ_BUILD) $(REQ_TEST)
REQS_fuzz       = $(REQ_FUZZ)
REQS_bench      = $(REQ_BUILD) cmd:hyperfine:hyperfine
REQS_nightly    = $(REQ_BUILD)
REQS_figures    = $(REQ_BUILD) cmd:gnuplot:gnuplot-nox cmd:dot:graphviz
REQS_install    = $(REQ_BUILD) cmd:help2man:help2man
# Only these goals install what is missing; any other (`make`, `make all`,
# `make MPI=1`) only names it.  No goal: the default, all.
DEPS_INSTALL_GOALS := deps deps-mpi deps-extra verify verify-record records check fuzz bench nightly figures install
DEPS_GOALS := $(or $(MAKECMDGOALS),all)
DEPS_REQS   = $(sort $(foreach g,$(DEPS_GOALS),$(REQS_$(g))))

# The default sweep of `make verify`: every claim of every paper the
# registry holds (proofs/registry.c: a new paper's claims join with no
# edit here); six piles cover Propositions 5.1 and 5.2 for n >= 4; bound
# 32 keeps the whole run near a minute on two cores (docs/performance.md).
VERIFY_PILES ?= 6
VERIFY_BOUND ?= 32
VERIFY_CLAIMS ?= *

# Sources by concern (docs/layout.md): every .c below core/, proofs/ and
# verifier/; headers are included by their path from the top (-I.).
CORE_SRC   := $(shell find core -name '*.c' | sort)
PROOFS_SRC := $(shell find proofs -name '*.c' | sort)
CLI_SRC    := $(shell find verifier -name '*.c' | sort)
HEADERS    := $(shell find core proofs verifier -name '*.h')
# Every paper's data files (its printed tables, transcribed once into
# proofs/<paper>/tables/*.tsv) are embedded into the library so that a
# claim reads no file; a paper ships one by putting it there.
PAPER_DATA   := $(sort $(wildcard proofs/*/tables/*.tsv))
PAPER_DATA_C := $(BUILD)/gen/paper_data.c
# Each claim's measured seconds (check's estimate), likewise embedded.
CLAIM_SECONDS_C := $(BUILD)/gen/claim_seconds_data.c
LIB_OBJ    := $(patsubst %.c,$(BUILD)/obj/%.o,$(CORE_SRC) $(PROOFS_SRC) $(filter-out verifier/cli/main.c,$(CLI_SRC))) \
              $(BUILD)/obj/gen/paper_data.o $(BUILD)/obj/gen/claim_seconds_data.o
TEST_SRC   := $(wildcard tests/test_*.c)
TEST_BIN   := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
REF_OBJ    := $(BUILD)/tests/reference.o $(BUILD)/tests/nim_tables.o $(BUILD)/tests/matrix_brute.o

# The parsers, fuzzed with clang's libFuzzer (always with ASan and UBSan).
FUZZ_CC    := clang-14
FUZZ_SRC   := tests/fuzz/fuzz_parsers.c core/games/scoring_octal/octal.c core/games/game_options.c \
              core/engine/multiset.c core/engine/xalloc.c verifier/base/args.c verifier/base/options.c verifier/run/claim_select.c \
              proofs/printed_table.c
FUZZ_BIN   := build-fuzz/fuzz_parsers
FUZZ_SECONDS ?= 60
# The run inside `make check`: fixed seed and number of inputs, seconds long.
FUZZ_CHECK_RUNS ?= 1000000

.PHONY: all deps deps-mpi deps-extra verify check-proofs verify-record claim-seconds records check bench fuzz nightly figures install uninstall clean

# `make` alone installs nothing: deps-ensure only names what is missing.
all: deps-ensure $(BUILD)/verifier $(BUILD)/proofcheck

$(BUILD)/obj/%.o: %.c $(HEADERS) | deps-ensure
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(PAPER_DATA_C): $(PAPER_DATA) proofs/embed_data.sh
	@mkdir -p $(dir $@)
	sh proofs/embed_data.sh $(PAPER_DATA) >$@.tmp && mv $@.tmp $@

$(CLAIM_SECONDS_C): proofs/claim_seconds.tsv proofs/claim_seconds.sh
	@mkdir -p $(dir $@)
	sh proofs/claim_seconds.sh c proofs/claim_seconds.tsv >$@.tmp && mv $@.tmp $@

$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c $(HEADERS)
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

# The independent checker of certificates (docs/proofs.md): its own
# folder, one file, linked with the C library and nettle only (nothing of
# core/, proofs/ or verifier/), so that a referee reads all it trusts.
$(BUILD)/proofcheck: proofcheck/proofcheck.c | deps-ensure
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -Wall -Wextra $(OPT) $< -o $@ $(shell pkg-config --libs nettle 2>/dev/null || echo -lnettle)

# The shell tests' JSON reader (tests/json_get.c).
$(BUILD)/tests/json_get: tests/json_get.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@ -ljansson

# Fault injection for the bad-input matrix (not usable under ASan).
$(BUILD)/tests/failmalloc.so: tests/failmalloc.c
	@mkdir -p $(dir $@)
	gcc -shared -fPIC -O1 $< -o $@

# Deliberately wrong builds for the nightly test: a closed form changed, an
# engine value changed.  Never installed, never used outside the test.
$(BUILD)/tests/verifier-wrong-claim: $(BUILD)/obj/verifier/cli/main.o $(BUILD)/libverifier.a proofs/oginuma_shinoda/os_small.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DTEST_WRONG_CLAIM -c proofs/oginuma_shinoda/os_small.c -o $(BUILD)/tests/os_small_wrong.o
	$(CC) $(CFLAGS) $(BUILD)/obj/verifier/cli/main.o $(BUILD)/tests/os_small_wrong.o $(BUILD)/libverifier.a -o $@ $(LDLIBS)

$(BUILD)/tests/verifier-wrong-engine: $(BUILD)/obj/verifier/cli/main.o $(BUILD)/libverifier.a core/engine/sweep.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DTEST_WRONG_ENGINE -c core/engine/sweep.c -o $(BUILD)/tests/sweep_wrong.o
	$(CC) $(CFLAGS) $(BUILD)/obj/verifier/cli/main.o $(BUILD)/tests/sweep_wrong.o $(BUILD)/libverifier.a -o $@ $(LDLIBS)

# The proof test's build: VERIFIER_WRONG_RULES_FROM=N lets restricted-nim
# ignore the restriction from piles of at least N (core/games/restricted_nim):
# a generator that is not the rules its certificates write.
$(BUILD)/tests/verifier-wrong-rules: $(BUILD)/obj/verifier/cli/main.o $(BUILD)/libverifier.a core/games/restricted_nim/restricted_nim.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DTEST_WRONG_RULES -c core/games/restricted_nim/restricted_nim.c -o $(BUILD)/tests/rn_wrong.o
	$(CC) $(CFLAGS) $(BUILD)/obj/verifier/cli/main.o $(BUILD)/tests/rn_wrong.o $(BUILD)/libverifier.a -o $@ $(LDLIBS)

# The resume test's build: VERIFIER_KILL_AT_SAVE / VERIFIER_KILL_AFTER_SAVE kill it
# with SIGKILL inside or after a given checkpoint (verifier/run/checkpoint.c);
# VERIFIER_PAUSE_AFTER_VERDICT=S keeps rank 0 of a check S seconds after its
# verdict, for the MPI test to kill another rank then (verifier/cli/main.c).
$(BUILD)/tests/verifier-kill-in-checkpoint: $(BUILD)/libverifier.a verifier/run/checkpoint.c verifier/cli/main.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DTEST_KILL_IN_CHECKPOINT -c verifier/run/checkpoint.c -o $(BUILD)/tests/checkpoint_kill.o
	$(CC) $(CFLAGS) -DTEST_KILL_IN_CHECKPOINT -c verifier/cli/main.c -o $(BUILD)/tests/main_kill.o
	$(CC) $(CFLAGS) $(BUILD)/tests/main_kill.o $(BUILD)/tests/checkpoint_kill.o $(BUILD)/libverifier.a -o $@ $(LDLIBS)

$(BUILD)/bench: tests/bench.c $(REF_OBJ) $(BUILD)/libverifier.a
	$(CC) $(CFLAGS) $< $(REF_OBJ) $(BUILD)/libverifier.a -o $@ $(LDLIBS)

$(FUZZ_BIN): $(FUZZ_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I. \
	    $(FUZZ_SRC) -o $@

# ---- deps: install what is missing, or name it ----
# deps-ensure is the one place apt-get runs; every goal that needs
# something depends on it (the object files order-only, so that the check
# comes before any compiler error without forcing a rebuild).
#
# The probe prints DEB:WHAT for every requirement of DEPS_REQS that is not
# met.  Headers are looked for with $(CC), or cc when $(CC) is not there
# yet (MPI=1 before Open MPI is installed: the libraries are there all the
# same).  Without pkg-config or any compiler the libraries cannot be told
# apart from missing ones, and they are reported too: on a fresh machine
# one apt-get call then installs everything.  (\# is a literal # in a make
# variable; -x c because Open MPI's mpicc leaves out its -I flags for a
# bare `-E -`.)
DEPS_PROBE = for r in $(DEPS_REQS); do \
	  kind=$${r%%:*}; rest=$${r\#*:}; what=$${rest%%:*}; deb=$${rest\#*:}; \
	  case $$kind in \
	    cmd) command -v "$$what" ;; \
	    pc) pkg-config --exists "$$what" ;; \
	    h) hcc='$(CC)'; command -v $(CC_CMD) || hcc=cc; echo "\#include <$$what>" | $$hcc -x c -E - ;; \
	    mpih) echo "\#include <$$what>" | mpicc -x c -E - ;; \
	    rt) test -f "$$(clang-14 -print-file-name=$$what-$$(uname -m).a)" ;; \
	    *) false ;; \
	  esac >/dev/null 2>&1 || echo "$$deb:$$what"; \
	done
# apt-get can run: it is on PATH, and we are root or sudo is there.
DEPS_APT = $(shell command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1; } && echo yes)
DEPS_CAN_INSTALL = $(and $(filter $(DEPS_INSTALL_GOALS),$(DEPS_GOALS)),$(DEPS_APT))
# The message: "verifier: missing libhwloc-dev (hwloc), openmpi-bin (mpicc,
# mpirun); install them with apt-get install libhwloc-dev openmpi-bin".
comma := ,
empty :=
space := $(empty) $(empty)
DEPS_DEBS = $(sort $(foreach m,$(DEPS_MISSING),$(firstword $(subst :, ,$(m)))))
deps_whats = $(subst $(space),$(comma)$(space),$(strip $(patsubst $(1):%,%,$(filter $(1):%,$(DEPS_MISSING)))))
# (~ stands for a space while make's word functions run.)
DEPS_LIST = $(subst ~,$(space),$(subst $(space),$(comma)~,$(strip \
	$(foreach d,$(DEPS_DEBS),$(d)~($(subst $(space),~,$(call deps_whats,$(d))))))))
DEPS_MESSAGE = verifier: missing $(DEPS_LIST); install $(if $(word 2,$(DEPS_DEBS)),them,it) with apt-get install $(DEPS_DEBS)

.PHONY: deps-ensure
deps-mpi deps-extra deps: deps-ensure
	@:
# The probe runs when the recipe is expanded; $(error) then stops make with
# the message as its one line (a failing recipe would add make's own
# "*** Error 1" line).  Only an installing goal with apt-get at hand goes
# on to the shell part, which installs exactly the missing packages and
# probes again, so that a package that did not provide what was missing
# is reported rather than failing later in the build.  With nothing
# missing every line expands to nothing: no shell runs, make -n shows
# nothing.
deps-ensure:
	$(eval DEPS_MISSING := $(if $(DEPS_REQS),$(shell $(DEPS_PROBE))))
	$(if $(DEPS_MISSING),$(if $(DEPS_CAN_INSTALL),,$(error $(DEPS_MESSAGE))))
	$(if $(DEPS_DEBS),@set -e; \
	  echo "installing: $(DEPS_DEBS)"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEPS_DEBS); \
	  still=$$($(DEPS_PROBE) | sed 's/^\([^:]*\):\(.*\)$$/\1 (\2)/'); \
	  if [ -n "$$still" ]; then echo "verifier: still missing after apt-get install:" $$still >&2; exit 1; fi)

# Exit 1 (some claim of the papers FAILS: the thesis' tables and sentences
# the engine contradicts) and 3 (EMPTY, OBSERVED or UNDECIDED claims) are
# results, not errors of the run: the verifier's summary says which, and
# make goes on.  2 (bad input), 4 (the run stopped
# before a verdict) and crashes stop make.
verify: deps-ensure
	$(MAKE) all
	@$(BUILD)/verifier check --piles $(VERIFY_PILES) --bound $(VERIFY_BOUND) --claims '$(VERIFY_CLAIMS)' \
	  --expect nightly/verify.json --check-proofs; \
	rc=$$?; case $$rc in \
	  0|1|3) cp results/latest/errata.md docs/errata.md && \
	    echo "verify: the summary above says what holds and what does not (exit status $$rc; report: results/latest/report.html; the errata: docs/errata.md)";; \
	  *) exit $$rc;; \
	esac

# The default sweep's certificates re-proved by the independent checker
# (docs/proofs.md): make verify runs it at the end (--check-proofs); this
# runs the sweep and then the checker again on its results, every line.
check-proofs: verify
	$(BUILD)/proofcheck results/latest

# Each claim's seconds at its default sizes, for check's estimate and its
# progress: rewritten from the newest results (run `make verify` first, on
# the 2-core machine the README's figures are from, idle) and from a sweep
# of make bench's size (3 piles, bound 200, the os claims), run here.
CLAIM_SECONDS_BENCH = --piles 3 --bound 200 --claims 'os/*'
claim-seconds: all
	rm -rf results/.claim-seconds
	$(BUILD)/verifier check $(CLAIM_SECONDS_BENCH) --out results/.claim-seconds --quiet >/dev/null; \
	  rc=$$?; [ $$rc -le 3 ] && [ $$rc -ne 2 ]
	sh proofs/claim_seconds.sh tsv results/latest/summary.json results/.claim-seconds/summary.json \
	  >proofs/claim_seconds.tsv.tmp
	mv proofs/claim_seconds.tsv.tmp proofs/claim_seconds.tsv
	rm -rf results/.claim-seconds

# The committed record make verify compares its verdicts with, rewritten
# from a run of the same sweep (look at what changed before committing it).
verify-record: deps-ensure
	$(MAKE) all
	$(BUILD)/verifier check --piles $(VERIFY_PILES) --bound $(VERIFY_BOUND) --claims '$(VERIFY_CLAIMS)' \
	  --write-expected nightly/verify.json --quiet >/dev/null; rc=$$?; [ $$rc -le 3 ] && [ $$rc -ne 2 ]

# Every committed record after a deliberate change (a new claim, a new
# finding, a changed verdict), in the order each needs the one before: the
# verdicts make verify expects, make verify itself (docs/errata.md and the
# results the claims' seconds are read from), the claims' seconds (on the
# idle 2-core machine the README's times are from), the nightly golden
# record with REASON in nightly/CHANGELOG.md; then what changed, by git.
records: deps-ensure
	@[ -n "$(REASON)" ] || { echo 'make records: say why the records move: make records REASON="why"' >&2; exit 2; }
	$(MAKE) verify-record
	$(MAKE) verify
	$(MAKE) claim-seconds
	$(BUILD)/verifier nightly --bless --reason "$$RECORDS_REASON"
	@echo "records: what changed (git diff --stat):"; \
	  git diff --stat -- nightly docs/errata.md proofs/claim_seconds.tsv 2>/dev/null || echo "records: (not a git checkout)"
records: export RECORDS_REASON = $(REASON)

check: deps-ensure
	$(MAKE) all $(TEST_BIN) $(if $(filter 1,$(SAN)),,$(BUILD)/tests/failmalloc.so) $(FUZZ_BIN) \
	    $(BUILD)/tests/verifier-wrong-claim $(BUILD)/tests/verifier-wrong-engine $(BUILD)/tests/verifier-wrong-rules \
	    $(BUILD)/tests/verifier-kill-in-checkpoint $(BUILD)/tests/json_get
	@mpi='mpi::SKIP:no mpicc or mpirun (make deps-mpi installs Open MPI)'; \
	if [ "$(SAN)" = 1 ]; then mpi='mpi::SKIP:the MPI build is not made with the sanitizers'; \
	elif command -v mpicc >/dev/null && command -v mpirun >/dev/null; then \
	  mkdir -p $(BUILD)/test-logs; \
	  $(MAKE) MPI=1 $(MPI_BUILD)/verifier $(MPI_BUILD)/tests/verifier-kill-in-checkpoint \
	    >$(BUILD)/test-logs/mpi-build.log 2>&1 || { tail -n 30 $(BUILD)/test-logs/mpi-build.log; exit 1; }; \
	  mpi='mpi::bash tests/mpi_test.sh $(BUILD)/verifier $(MPI_BUILD)/verifier $(MPI_BUILD)/tests/verifier-kill-in-checkpoint'; \
	fi; \
	bash tests/run_suites.sh $(BUILD)/test-logs \
	  $(foreach t,$(TEST_BIN),'$(notdir $(t))::$(TEST_ENV) $(t)') \
	  'layout::bash tests/layout_test.sh' \
	  $(if $(filter 1,$(SAN)),'contributor::SKIP:a build of a scratch tree (the same code without the sanitizers)','contributor::bash tests/contributor_test.sh') \
	  'records::bash tests/records_test.sh $(BUILD)/tests/json_get' \
	  'errata_replay::$(TEST_ENV) bash tests/errata_replay_test.sh $(BUILD)/verifier' \
	  'proofcheck::$(TEST_ENV) bash tests/proofcheck_test.sh $(BUILD)/verifier $(BUILD)/proofcheck $(BUILD)/tests/verifier-wrong-rules' \
	  'cli::$(TEST_ENV) bash tests/cli_test.sh $(BUILD)/verifier $(BUILD)/tests/json_get' \
	  'bad_input::$(TEST_ENV) bash tests/bad_input_test.sh $(BUILD)/verifier $(if $(filter 1,$(SAN)),,$(BUILD)/tests/failmalloc.so)' \
	  'nightly::$(TEST_ENV) bash tests/nightly_test.sh $(BUILD)/verifier $(BUILD)/tests' \
	  'resume::$(TEST_ENV) bash tests/resume_test.sh $(BUILD)/verifier $(BUILD)/tests/verifier-kill-in-checkpoint' \
	  'report::$(TEST_ENV) bash tests/report_test.sh $(BUILD)/verifier' \
	  'deps::bash tests/deps_test.sh' \
	  'install::$(TEST_ENV) bash tests/install_test.sh $(BUILD) SAN=$(SAN) PORTABLE=$(PORTABLE)' \
	  "$$mpi" \
	  'fuzz::corpus=$$(mktemp -d) && $(FUZZ_BIN) -seed=1 -runs=$(FUZZ_CHECK_RUNS) -max_len=256 "$$corpus" tests/fuzz/corpus; rc=$$?; rm -rf "$$corpus"; exit $$rc'

fuzz: deps-ensure
	$(MAKE) $(FUZZ_BIN)
	@mkdir -p build-fuzz/corpus
	$(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=256 build-fuzz/corpus tests/fuzz/corpus

# hyperfine times the MPI runs (when Open MPI is there: make deps-mpi).
bench: deps-ensure
	$(MAKE) $(BUILD)/bench $(BUILD)/verifier
	$(BUILD)/bench $(BUILD)/verifier
	@if command -v mpicc >/dev/null && command -v mpirun >/dev/null; then \
	  $(MAKE) MPI=1 $(MPI_BUILD)/verifier && bash tests/bench_mpi.sh $(BUILD)/verifier $(MPI_BUILD)/verifier 20; \
	else echo "bench mpi: skipped: no mpicc or mpirun (make deps-mpi installs Open MPI)"; fi

# The nightly regression sweeps against the committed golden record
# (nightly/manifest.json, nightly/golden.json); NIGHTLY_BUDGET caps the time.
NIGHTLY_BUDGET ?= 15m
nightly: deps-ensure
	$(MAKE) all
	$(BUILD)/verifier nightly --budget $(NIGHTLY_BUDGET)

# The paper's figures, each with its data file beside it: Figure 1 (the
# game tree from (5,4,2), here at N = 0: every first move, and every
# optimal line), 2 f_N(5,4,2), 3 F_3 = f_N(7,6,1) (Theorem 6.3 (i)), 4
# f_N(8,7,1) with max{F_3(N), -4+|N|} bold, 5 f_N(6,4,1) (minima at
# N = +-4), 6 f_N(5,4,3).  Written to a fresh folder, then put in place.
FIGURES_DIR ?= results/figures
FIGURE_FORMAT ?= svg
figures: deps-ensure
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

# ---- install: the binary and its man page ----
# Everything is built first (the man page is help2man's reading of
# `verifier --help` and `--version`, so the binary must run); then each
# file is copied under a temporary name beside its place and renamed into
# it, so that a failed copy (a full disk, a directory that cannot be
# made) leaves neither file half-written nor one without the other.
# -T: a directory in the way is an error, not a place to copy into.
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR  := $(DESTDIR)$(PREFIX)/bin
MAN1DIR := $(DESTDIR)$(PREFIX)/share/man/man1
# bash-completion loads a command's file from here on first use.
COMPDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
MAN_NAME := exact exhaustive verifier for the claims of scoring-play game papers

# help2man runs the binary by its full path (a bare name would be looked
# up on PATH); written aside and renamed, so that a failed run leaves no
# page that make would take as up to date.  Its COMMANDS section is every
# sub-command's own --help (verifier/cli/man_commands.sh), so the manual
# says what the binary does.
$(BUILD)/verifier.1: $(BUILD)/verifier verifier/cli/man_commands.sh
	sh verifier/cli/man_commands.sh $(abspath $<) >$@.h2m || { rm -f $@.h2m; exit 1; }
	help2man --no-info --section=1 --name='$(MAN_NAME)' --include=$@.h2m --output=$@.tmp $(abspath $<) \
	  || { rm -f $@.tmp $@.h2m; exit 1; }
	@rm -f $@.h2m
	@mv $@.tmp $@

install: deps-ensure
	$(MAKE) $(BUILD)/verifier $(BUILD)/proofcheck $(BUILD)/verifier.1
	@set -e; \
	trap 'rm -f "$(BINDIR)/.verifier.new" "$(BINDIR)/.proofcheck.new" "$(MAN1DIR)/.verifier.1.new" "$(COMPDIR)/.verifier.new"' EXIT; \
	install -d "$(BINDIR)" "$(MAN1DIR)" "$(COMPDIR)"; \
	install -T -m 0755 $(BUILD)/verifier "$(BINDIR)/.verifier.new"; \
	install -T -m 0755 $(BUILD)/proofcheck "$(BINDIR)/.proofcheck.new"; \
	install -T -m 0644 $(BUILD)/verifier.1 "$(MAN1DIR)/.verifier.1.new"; \
	install -T -m 0644 verifier/cli/verifier.bash "$(COMPDIR)/.verifier.new"; \
	mv -fT "$(BINDIR)/.verifier.new" "$(BINDIR)/verifier"; \
	mv -fT "$(BINDIR)/.proofcheck.new" "$(BINDIR)/proofcheck"; \
	mv -fT "$(MAN1DIR)/.verifier.1.new" "$(MAN1DIR)/verifier.1"; \
	mv -fT "$(COMPDIR)/.verifier.new" "$(COMPDIR)/verifier"; \
	echo "installed $(BINDIR)/verifier, $(BINDIR)/proofcheck, $(MAN1DIR)/verifier.1 and $(COMPDIR)/verifier"

uninstall:
	rm -f "$(BINDIR)/verifier" "$(BINDIR)/proofcheck" "$(MAN1DIR)/verifier.1" "$(COMPDIR)/verifier"

clean:
	rm -rf build build-san build-fuzz build-mpi build-portable build-mpi-portable
