# Makefile -- scoring-play verifier.
#   make          build build/verifier
#   make verify   install missing system packages, build, run the default sweep
#   make check    install missing system packages, build, run every test
#   make bench    engine vs plain reference solver (not part of the tests)

CC      ?= gcc
OPT     ?= -O3 -march=native
PKGS    := hwloc jansson nettle
CFLAGS  += -std=gnu11 -Wall -Wextra -fopenmp $(OPT) $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS  += $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lcsv
BUILD   := build

# Debian packages the build and the tests need (OpenMP comes with gcc).
DEB_PACKAGES := gcc make pkg-config libhwloc-dev libjansson-dev nettle-dev libcsv-dev libcmocka-dev

# The default sweep of `make verify`: six piles cover Propositions 5.1 and
# 5.2 for n >= 4; the bound keeps the run near a minute on two cores.
VERIFY_PILES ?= 6
VERIFY_BOUND ?= 26

CORE_SRC   := $(wildcard core/*.c)
PROOFS_SRC := $(wildcard proofs/*.c)
CLI_SRC    := $(wildcard verifier/*.c)
LIB_OBJ    := $(patsubst %.c,$(BUILD)/obj/%.o,$(CORE_SRC) $(PROOFS_SRC) $(filter-out verifier/main.c,$(CLI_SRC)))
TEST_SRC   := $(wildcard tests/test_*.c)
TEST_BIN   := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
REF_OBJ    := $(BUILD)/tests/reference.o

.PHONY: all deps verify check bench clean

all: $(BUILD)/verifier

$(BUILD)/obj/%.o: %.c $(wildcard core/*.h proofs/*.h verifier/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/libverifier.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/verifier: $(BUILD)/obj/verifier/main.o $(BUILD)/libverifier.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

$(REF_OBJ): tests/reference.c tests/reference.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/tests/%: tests/%.c $(REF_OBJ) $(BUILD)/libverifier.a tests/reference.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< $(REF_OBJ) $(BUILD)/libverifier.a -o $@ $(LDLIBS) -lcmocka

$(BUILD)/bench: tests/bench.c $(REF_OBJ) $(BUILD)/libverifier.a
	$(CC) $(CFLAGS) $< $(REF_OBJ) $(BUILD)/libverifier.a -o $@ $(LDLIBS)

# Installs only what is missing; needs root or sudo the first time.
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
# the run: reported, and make goes on.  2 (bad input) and crashes stop make.
verify: deps
	$(MAKE) all
	@$(BUILD)/verifier check --piles $(VERIFY_PILES) --bound $(VERIFY_BOUND) --claims 'os/*,st/*'; \
	rc=$$?; case $$rc in \
	  0) echo "verify: every claim HOLDS or is CERTIFIED";; \
	  1) echo "verify: some claims FAIL: see results/latest/mismatches.csv";; \
	  3) echo "verify: nothing fails; some claims are EMPTY, OBSERVED or UNDECIDED";; \
	  *) exit $$rc;; \
	esac

check: deps
	$(MAKE) all $(TEST_BIN)
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; $$t; done
	bash tests/cli_test.sh $(BUILD)/verifier

bench: deps
	$(MAKE) $(BUILD)/bench
	$(BUILD)/bench

clean:
	rm -rf $(BUILD)
