# Grognard build.
#   make                      library, programs, test binaries (build/default)
#   make test                 build and run every test; last line "N passed, N failed"
#   make SANITIZER=address test     ASan build in build/address
#   make SANITIZER=undefined test   UBSan build in build/undefined
#   make valgrind             tests under valgrind --error-exitcode=1
#   make bench                fixed-seed benchmark with signature (grognard bench)
#   make coverage             rule statements named by tests (../shared/tools/rule-coverage)
# Sources are found by wildcard: a new .c file under src/<layer>/ needs no
# Makefile change.

# The registry rules below come before `all`; keep `make` meaning `make all`.
.DEFAULT_GOAL := all

CC       ?= cc
SANITIZER ?=
BUILD    := build/$(if $(SANITIZER),$(SANITIZER),default)
PKGS     := jansson libsodium
OPT      ?= -O2

CPPFLAGS += -Iinclude -Isrc -Isrc/core -Ideps/pcg32 -D_POSIX_C_SOURCE=200809L \
            -DGR_DATA_DIR='"$(CURDIR)/data"' -MMD -MP
CFLAGS   += -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
            -Wmissing-prototypes -Wno-missing-field-initializers $(OPT) -g \
            $(shell pkg-config --cflags $(PKGS))
LDLIBS   += $(shell pkg-config --libs $(PKGS)) -lm

ifeq ($(SANITIZER),address)
  CFLAGS  += -fsanitize=address -fno-omit-frame-pointer
  LDFLAGS += -fsanitize=address
else ifeq ($(SANITIZER),undefined)
  CFLAGS  += -fsanitize=undefined -fno-sanitize-recover=all
  LDFLAGS += -fsanitize=undefined
else ifneq ($(SANITIZER),)
  $(error SANITIZER must be address or undefined)
endif

# ---- sources
LIB_SRC  := $(sort $(wildcard deps/pcg32/*.c src/core/*.c src/io/*.c src/rules/*.c \
                               src/rules/*/*.c src/rules/*/*/*.c))
AI_SRC   := $(sort $(wildcard src/ai/*.c))
HOST_SRC := $(sort $(wildcard src/host/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
CLI_MAIN := src/cli/main.c
TSUP_SRC := $(sort $(wildcard tests/support/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/*.c))

# Rule systems: one folder each under src/rules/; registry.c gets the list.
SYSTEMS  := $(sort $(patsubst src/rules/%/,%,$(wildcard src/rules/*/)))
SYSLIST  := $(foreach s,$(SYSTEMS),X($(s)))
$(BUILD)/obj/src/rules/registry.o: CPPFLAGS += -DGR_SYSTEM_LIST='$(SYSLIST)'
$(BUILD)/obj/src/rules/registry.o: $(BUILD)/systems.stamp
$(BUILD)/systems.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(SYSLIST)' | cmp -s - $@ || echo '$(SYSLIST)' > $@
.PHONY: FORCE

$(BUILD)/obj/tests/%.o: CPPFLAGS += -Itests/support

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

LIB      := $(BUILD)/libgrognard.a
LIBAI    := $(BUILD)/libgrai.a
LIBHOST  := $(BUILD)/libgrhost.a
LIBTSUP  := $(BUILD)/libgrtest.a
LIBCLI   := $(BUILD)/libgrcli.a
GROGNARD := $(BUILD)/grognard
TESTS    := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRC))

.PHONY: all test valgrind bench coverage clean run check-pure
.SECONDARY:
V ?= 0
Q := $(if $(filter 1,$(V)),,@)
all: $(LIB) $(GROGNARD) $(TESTS)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC  $<")
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(LIB): $(call obj,$(LIB_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIBAI): $(call obj,$(AI_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIBHOST): $(call obj,$(HOST_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIBCLI): $(call obj,$(filter-out $(CLI_MAIN),$(CLI_SRC)))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^
$(LIBTSUP): $(call obj,$(TSUP_SRC))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^

PROG_LIBS := $(if $(AI_SRC),$(LIBAI)) $(LIBHOST) $(LIB)
# The programs' layer (src/cli minus main.c) is a library so that tests can
# drive the engine protocol and the play prompt directly.
CLI_LIBS  := -lncurses -lutil

$(GROGNARD): $(call obj,$(CLI_MAIN)) $(LIBCLI) $(PROG_LIBS)
	@$(if $(Q),echo "  LD  $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(CLI_LIBS)

# Tests run the grognard program too (engine pipe, pty play session).
$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(LIBTSUP) $(LIBCLI) $(PROG_LIBS) | $(GROGNARD)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD  $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(CLI_LIBS) -lcmocka

# The allocation test counts every malloc/calloc/realloc of the library and
# agents by wrapping them at link time (tests/unit/test_ai_alloc.c).
ALLOC_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=aligned_alloc,--wrap=posix_memalign
# `private`: the flags must not reach the prerequisites (the grognard program).
$(BUILD)/tests/test_ai_alloc: private LDFLAGS += $(ALLOC_WRAP)

# The ARW allocation test counts heap calls by wrapping the allocator.
$(BUILD)/tests/test_arw_alloc: LDFLAGS += -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc

# ---- running
test: all check-pure
	@tests/run-all $(BUILD)

valgrind: all
	@GR_VALGRIND=1 tests/run-all $(BUILD)

run: all
	$(GROGNARD)

# The benchmark is `grognard bench` (docs/performance.md).
bench: $(GROGNARD)
	$(GROGNARD) bench

coverage:
	@../shared/tools/rule-coverage --tests tests --by-prefix

# The core must stay pure: no I/O, clock, rand or exit in src/core.
check-pure:
	@if grep -rnE '\b(s?rand|time|clock|getenv|f?printf|puts|fopen|exit|malloc_stats)\s*\(' src/core \
	      | grep -v '^\S*:\s*//'; then echo "src/core is not pure (see above)"; exit 1; fi
	@if grep -rnE '^\s*static\s+[^(]*=\s*[^;]*;' src/core | grep -v const | grep -v inline; then \
	      echo "src/core has mutable static state (see above)"; exit 1; fi

clean:
	rm -rf build

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
