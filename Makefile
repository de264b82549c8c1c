# Grognard build.
#   make                      library, programs, test binaries (build/default)
#   make test                 build and run every test; last line "N passed, N failed"
#   make SANITIZER=address test     ASan build in build/address
#   make SANITIZER=undefined test   UBSan build in build/undefined
#   make valgrind             tests under valgrind --error-exitcode=1
#   make bench                fixed-seed benchmark with signature (grognard bench)
#   make fuzz                 libFuzzer targets (clang, ASan+UBSan) in build/fuzz:
#                             fuzz-engine, fuzz-save, fuzz-scenario, fuzz-text, fuzz-play
#   make fuzz-run SECONDS=N   fuzz each target N seconds in turn (TARGETS=a b: some);
#                             new inputs in build/fuzz/corpus/, crashes in build/fuzz/crash/
#   make fuzz-merge           add the coverage-increasing inputs of build/fuzz/corpus/<t>
#                             to tests/fuzz/<t>/ (trim before committing)
#                             (make test replays tests/fuzz/<t>/ with gcc: test_fuzz)
#   make coverage             rule statements named by tests (../shared/tools/rule-coverage);
#                             make test fails below COVERAGE_MIN (check-coverage)
# Sources are found by wildcard: a new .c file under src/<layer>/ (rule systems:
# also one sub-folder deep, src/rules/<system>/<part>/) needs no
# Makefile change.

# The registry rules below come before `all`; keep `make` meaning `make all`.
.DEFAULT_GOAL := all

CC       ?= cc
SANITIZER ?=
BUILD    := build/$(if $(SANITIZER),$(SANITIZER),default)
PKGS     := jansson libsodium
OPT      ?= -O2

CPPFLAGS += -Iinclude -Isrc -Isrc/core -Ideps/pcg32 -D_POSIX_C_SOURCE=200809L \
            -DGR_DATA_DIR='"$(CURDIR)/data"' -DGR_WEB_DIR='"$(CURDIR)/web"' -MMD -MP
CFLAGS   += -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wconversion -Wsign-conversion \
            -Wmissing-prototypes -Wno-missing-field-initializers $(OPT) -g \
            $(shell pkg-config --cflags $(PKGS))
LDLIBS   += $(shell pkg-config --libs $(PKGS)) -lm
# grognard balance: OpenMPI (mpirun) and cairo's SVG surface; system headers,
# so their warnings are not ours.
CFLAGS   += $(patsubst -I%,-isystem %,$(shell pkg-config --cflags ompi-c cairo))
LDLIBS   += $(shell pkg-config --libs ompi-c cairo)

ifeq ($(SANITIZER),address)
  CFLAGS  += -fsanitize=address -fno-omit-frame-pointer
  LDFLAGS += -fsanitize=address
else ifeq ($(SANITIZER),undefined)
  CFLAGS  += -fsanitize=undefined -fno-sanitize-recover=all
  LDFLAGS += -fsanitize=undefined
else ifeq ($(SANITIZER),fuzz)
  # `make fuzz` only (clang): every object instrumented for libFuzzer.
  CFLAGS  += -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
             -fno-omit-frame-pointer -DGR_FUZZ_LIBFUZZER
  LDFLAGS += -fsanitize=fuzzer,address,undefined
else ifneq ($(SANITIZER),)
  $(error SANITIZER must be address or undefined)
endif

# ---- sources
LIB_SRC  := $(sort $(wildcard deps/pcg32/*.c src/core/*.c src/io/*.c src/rules/*.c \
                               src/rules/*/*.c src/rules/*/*/*.c))
AI_SRC   := $(sort $(wildcard src/ai/*.c))
HOST_SRC := $(sort $(wildcard src/host/*.c))
SERVER_SRC := $(sort $(wildcard src/server/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
CLI_MAIN := src/cli/main.c
TSUP_SRC := $(sort $(wildcard tests/support/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/*.c))
# Fuzz targets tests/fuzz/fuzz_<t>.c and their helpers (tests/fuzz/fuzz.h).
FUZZ_SRC := $(sort $(wildcard tests/fuzz/*.c))
FUZZ_TGT := $(patsubst tests/fuzz/fuzz_%.c,%,$(filter tests/fuzz/fuzz_%.c,$(FUZZ_SRC)))
FUZZ_AUX := $(filter-out tests/fuzz/fuzz_%.c,$(FUZZ_SRC))

# Rule systems: one folder each under src/rules/ (sources there and one level of
# sub-folders, e.g. src/rules/jdg/move/); registry.c gets the list.
SYSTEMS  := $(sort $(patsubst src/rules/%/,%,$(wildcard src/rules/*/)))
SYSLIST  := $(foreach s,$(SYSTEMS),X($(s)))
$(BUILD)/obj/src/rules/registry.o: CPPFLAGS += -DGR_SYSTEM_LIST='$(SYSLIST)'
$(BUILD)/obj/src/rules/registry.o: $(BUILD)/systems.stamp
$(BUILD)/systems.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(SYSLIST)' | cmp -s - $@ || echo '$(SYSLIST)' > $@
.PHONY: FORCE

$(BUILD)/obj/tests/%.o: CPPFLAGS += -Itests/support -Itests/fuzz

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

# The library the programs link exports gr_* names only (HACKING.md, "layers"):
# LIBFULL is every object as built; LIB is the same code linked into one
# object whose other globals are made local.  Tests and fuzz targets reach
# into rule modules (arw_*, jv_*), so they link LIBFULL.
LIB      := $(BUILD)/libgrognard.a
LIBFULL  := $(BUILD)/libgrognard-full.a
LIBAI    := $(BUILD)/libgrai.a
LIBHOST  := $(BUILD)/libgrhost.a
LIBSERVER := $(BUILD)/libgrserver.a
LIBTSUP  := $(BUILD)/libgrtest.a
LIBCLI   := $(BUILD)/libgrcli.a
LIBFUZZ  := $(BUILD)/libgrfuzz.a
GROGNARD := $(BUILD)/grognard
TESTS    := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRC))

.PHONY: all test valgrind bench coverage check-coverage check-symbols clean run check-pure \
        fuzz fuzz-bins \
        fuzz-run fuzz-merge
.SECONDARY:
V ?= 0
Q := $(if $(filter 1,$(V)),,@)
all: $(LIB) $(GROGNARD) $(TESTS)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC  $<")
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(LIBFULL): $(call obj,$(LIB_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIB): $(LIBFULL)
	@$(if $(Q),echo "  LD  $@ (gr_* only)")
	$(Q)$(LD) -r -o $(BUILD)/grognard-lib.o --whole-archive $< --no-whole-archive
	$(Q)objcopy --wildcard --keep-global-symbol='gr_*' $(BUILD)/grognard-lib.o
	$(Q)rm -f $@ && ar rcs $@ $(BUILD)/grognard-lib.o
$(LIBAI): $(call obj,$(AI_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIBHOST): $(call obj,$(HOST_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIBSERVER): $(call obj,$(SERVER_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIBCLI): $(call obj,$(filter-out $(CLI_MAIN),$(CLI_SRC)))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIBTSUP): $(call obj,$(TSUP_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIBFUZZ): $(call obj,$(FUZZ_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^

PROG_LIBS := $(LIBSERVER) $(if $(AI_SRC),$(LIBAI)) $(LIBHOST) $(LIB)
TEST_LIBS := $(LIBSERVER) $(if $(AI_SRC),$(LIBAI)) $(LIBHOST) $(LIBFULL)
# The programs' layer (src/cli minus main.c) is a library so that tests can
# drive the engine protocol and the play prompt directly.
CLI_LIBS  := -lncurses -lutil -lcivetweb -lsqlite3 -lpthread

$(GROGNARD): $(call obj,$(CLI_MAIN)) $(LIBCLI) $(PROG_LIBS)
	@$(if $(Q),echo "  LD  $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(CLI_LIBS)

# Tests run the grognard program too (engine pipe, pty play session).
$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(LIBTSUP) $(LIBCLI) $(TEST_LIBS) | $(GROGNARD)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD  $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(CLI_LIBS) -lcmocka

# The corpus replay links the fuzz targets (built without libFuzzer).
$(BUILD)/tests/test_fuzz: $(BUILD)/obj/tests/unit/test_fuzz.o $(LIBFUZZ) $(LIBTSUP) $(LIBCLI) \
                          $(TEST_LIBS) | $(GROGNARD)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD  $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(CLI_LIBS) -lcmocka

# ---- fuzzing (docs/performance.md "Fuzzing"): clang + libFuzzer, ASan, UBSan.
# One fuzzer at a time, niced, memory-capped (the machine is shared).
FUZZ_BIN := $(patsubst %,$(BUILD)/fuzz-%,$(FUZZ_TGT))
SECONDS  ?= 60
TARGETS  ?= $(FUZZ_TGT)
FUZZ_DIR := build/fuzz
# clang is not needed by `make test` (the replay is built with $(CC)), so
# scripts/install-deps does not install it: `apt-get install clang`.
fuzz:
	@command -v clang >/dev/null || { echo "make fuzz needs clang (apt-get install clang)"; exit 1; }
	$(Q)$(MAKE) --no-print-directory SANITIZER=fuzz CC=clang fuzz-bins
fuzz-bins: $(FUZZ_BIN)
$(BUILD)/fuzz-%: $(BUILD)/obj/tests/fuzz/fuzz_%.o $(call obj,$(FUZZ_AUX)) $(LIBCLI) $(TEST_LIBS)
	@$(if $(Q),echo "  LD  $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(CLI_LIBS)
fuzz-run: fuzz
	$(Q)for t in $(TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/crash; \
	  echo "== fuzz-$$t: $(SECONDS) s"; \
	  nice -n 19 $(FUZZ_DIR)/fuzz-$$t -max_total_time=$(SECONDS) -rss_limit_mb=2048 \
	    -timeout=20 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crash/$$t- \
	    $(FUZZ_DIR)/corpus/$$t tests/fuzz/$$t || exit 1; \
	done
fuzz-merge: fuzz
	$(Q)for t in $(TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t; \
	  nice -n 19 $(FUZZ_DIR)/fuzz-$$t -merge=1 -rss_limit_mb=2048 \
	    tests/fuzz/$$t $(FUZZ_DIR)/corpus/$$t || exit 1; \
	done

# The allocation test counts every malloc/calloc/realloc of the library and
# agents by wrapping them at link time (tests/unit/test_ai_alloc.c).
ALLOC_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=aligned_alloc,--wrap=posix_memalign
# `private`: the flags must not reach the prerequisites (the grognard program).
$(BUILD)/tests/test_ai_alloc: private LDFLAGS += $(ALLOC_WRAP)

# The ARW allocation test counts heap calls by wrapping the allocator.
$(BUILD)/tests/test_arw_alloc: private LDFLAGS += -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc

# ---- running
# The browser tests (tests/browser/run: Chromium, puppeteer-core) run with
# `make test`, not under valgrind.
test: all check-pure check-coverage check-symbols
	@tests/run-all $(BUILD) $(TESTS) tests/browser/run

valgrind: all
	@GR_VALGRIND=1 tests/run-all $(BUILD) $(TESTS)

run: all
	$(GROGNARD)

# The benchmark is `grognard bench` (docs/performance.md).
bench: $(GROGNARD)
	$(GROGNARD) bench

coverage:
	@$(RULE_COVERAGE) $(addprefix --tests ,$(COVERAGE_DIRS)) --by-prefix

# Part of `make test`: every statement of a finished system stays named by a
# test.  Raise a system's floor here as its tests grow.
RULE_COVERAGE ?= ../shared/tools/rule-coverage
# Where tests name rules (not tests/fuzz, tests/golden, tests/data: copies of
# data files there would name statements no test checks).
COVERAGE_DIRS ?= tests/unit tests/cases tests/support
COVERAGE_MIN ?= arw=100 boc=96 jdg=99 vf=95
check-coverage:
	@command -v $(RULE_COVERAGE) >/dev/null 2>&1 || { echo "check-coverage: $(RULE_COVERAGE)" \
	  "not found (the checkout must stand beside shared/, or set RULE_COVERAGE=PATH)"; exit 1; }
	@$(RULE_COVERAGE) $(addprefix --tests ,$(COVERAGE_DIRS)) $(addprefix --min ,$(COVERAGE_MIN)) > $(BUILD)/coverage.txt \
	  || { cat $(BUILD)/coverage.txt; echo "check-coverage: below the floor ($(COVERAGE_MIN))"; exit 1; }

# The library the programs link defines no global but gr_* names.
check-symbols: $(LIB)
	@if nm -g --defined-only $(LIB) | awk 'NF == 3 && $$3 !~ /^gr_/ {print; bad = 1} END {exit !bad}'; \
	  then echo "check-symbols: $(LIB) exports names outside gr_* (see above)"; exit 1; fi

# The core must stay pure: no I/O, clock, rand or exit in src/core.
check-pure:
	@if grep -rnE '\b(s?rand|time|clock|getenv|f?printf|puts|fopen|exit|malloc_stats)\s*\(' src/core \
	      | grep -v '^\S*:\s*//'; then echo "src/core is not pure (see above)"; exit 1; fi
	@if grep -rnE '^\s*static\s+[^(]*=\s*[^;]*;' src/core | grep -v const | grep -v inline; then \
	      echo "src/core has mutable static state (see above)"; exit 1; fi

clean:
	rm -rf build

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
