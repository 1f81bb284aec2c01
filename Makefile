# nimber — GNU Makefile.
#
#   make                 build/nimber, build/libnimber.a, build/libnimber.so
#   make test            install test dependencies if missing (Debian), build
#                        with ASan+UBSan, run unit tests (cmocka) and CLI
#                        tests (bats)
#   make bench           benchmarks, printed as ratios against baselines
#   make install PREFIX=DIR [DESTDIR=...]   /   make uninstall
#
# The version is read from include/nimber.h, its only home.

PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR     ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -std=c11 -Wall -Wextra -Werror -Wpedantic -Wshadow
DEFS    := -D_DEFAULT_SOURCE
CPPFLAGS += -Iinclude
ALL_CFLAGS = $(WARN) $(DEFS) $(CPPFLAGS) $(CFLAGS)
LIBS    := -pthread

hdr_get = $(shell sed -n 's/^\#define NIMBER_VERSION_$(1) \([0-9]*\)/\1/p' include/nimber.h)
VMAJOR  := $(call hdr_get,MAJOR)
VERSION := $(VMAJOR).$(call hdr_get,MINOR).$(call hdr_get,PATCH)
SONAME  := libnimber.so.$(VMAJOR)

LIB_SRC := $(wildcard src/*.c) $(wildcard src/games/*.c)
CLI_SRC := $(wildcard cli/*.c)
LIB_HDR := include/nimber.h $(wildcard src/*.h)

B := build
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
PIC_OBJ := $(LIB_SRC:%.c=$(B)/pic/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(B)/obj/%.o)

.PHONY: all test unit cli-test clang-build fuzz lint analyze bench install uninstall clean check-deps format
all: $(B)/nimber $(B)/libnimber.a $(B)/libnimber.so $(B)/nimber.pc

$(B)/obj/%.o: %.c $(LIB_HDR) cli/cli.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(B)/pic/%.o: %.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -c $< -o $@

$(B)/libnimber.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# Only the public nimber_* names are exported (src/nimber.map).
$(B)/libnimber.so.$(VERSION): $(PIC_OBJ) src/nimber.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=src/nimber.map \
	    $(LDFLAGS) -o $@ $(PIC_OBJ) $(LIBS)

$(B)/libnimber.so: $(B)/libnimber.so.$(VERSION)
	ln -sf libnimber.so.$(VERSION) $(B)/$(SONAME)
	ln -sf libnimber.so.$(VERSION) $@

$(B)/nimber: $(CLI_OBJ) $(B)/libnimber.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(B)/libnimber.a $(LIBS)

$(B)/nimber.pc: nimber.pc.in include/nimber.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' $< > $@

# ---- tests: everything built again with sanitizers under build/san ----
SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
S := $(B)/san
SAN_LIB_OBJ := $(LIB_SRC:%.c=$(S)/%.o)
SAN_CLI_OBJ := $(CLI_SRC:%.c=$(S)/%.o)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(S)/tests/%)

$(S)/%.o: %.c $(LIB_HDR) cli/cli.h
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(DEFS) $(CPPFLAGS) -O1 -g $(SAN) -c $< -o $@

$(S)/libnimber.a: $(SAN_LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(S)/nimber: $(SAN_CLI_OBJ) $(S)/libnimber.a
	$(CC) $(SAN) -o $@ $^ $(LIBS)

$(S)/tests/%: tests/unit/%.c tests/unit/brute.h $(S)/libnimber.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(DEFS) $(CPPFLAGS) -Isrc -O1 -g $(SAN) $< -o $@ $(S)/libnimber.a -lcmocka $(LIBS)

# ---- fuzzing: libFuzzer targets, one per parser (tests/fuzz/) ----
FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
FZ := $(B)/fuzz
FUZZ_SAN  := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FZ)/%.o)
FUZZ_SRC  := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN  := $(FUZZ_SRC:tests/fuzz/%.c=$(FZ)/%)

$(FZ)/%.o: %.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN) $(DEFS) $(CPPFLAGS) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c $< -o $@

$(FZ)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) $(DEFS) $(CPPFLAGS) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer $< $(FUZZ_LIB_OBJ) -o $@ $(LIBS)

# Each target runs FUZZ_TIME seconds on a copy of its seed corpus; any
# crash, leak or oracle failure fails the run.
fuzz: $(FUZZ_BIN)
	@set -e; for t in $(FUZZ_BIN); do n=$$(basename $$t); \
	    rm -rf $(FZ)/work-$$n && mkdir -p $(FZ)/work-$$n && \
	    cp tests/fuzz/corpus/$$n/* $(FZ)/work-$$n/ && \
	    echo "== $$n ($(FUZZ_TIME) s)" && \
	    if $$t -max_total_time=$(FUZZ_TIME) -max_len=4096 -rss_limit_mb=2048 \
	        -artifact_prefix=$(FZ)/crash-$$n- $(FZ)/work-$$n > $(FZ)/$$n.log 2>&1; \
	    then tail -n 1 $(FZ)/$$n.log; \
	    else tail -n 30 $(FZ)/$$n.log; echo "fuzz: $$n FAILED"; exit 1; fi; done

.SECONDARY: $(FUZZ_LIB_OBJ)

# ---- static analysis: cppcheck and clang-tidy, both must be clean ----
# clang-tidy runs the bugprone-* checks except those that flag this code's
# deliberate idioms: swappable same-typed parameters, sizeof(*p) on pointer
# arrays, narrowing/widening in index arithmetic that is range-checked, and
# reserved-looking names.  (The clang-analyzer-* checks report false paths
# through our error-code returns; `make analyze` runs them for reading.)
TIDY_CHECKS := -*,bugprone-*,-bugprone-easily-swappable-parameters,-bugprone-reserved-identifier,-bugprone-narrowing-conversions,-bugprone-implicit-widening-of-multiplication-result,-bugprone-sizeof-expression
ALL_SRC := $(LIB_SRC) $(CLI_SRC)

lint:
	cppcheck --quiet --enable=warning,portability,performance --std=c11 \
	    --error-exitcode=1 -Iinclude -Isrc -D__GNUC__ src cli
	clang-tidy --quiet --warnings-as-errors='*' -checks='$(TIDY_CHECKS)' \
	    $(ALL_SRC) -- -std=c11 -D_DEFAULT_SOURCE -Iinclude -Isrc

analyze:
	-clang-tidy --quiet -checks='-*,clang-analyzer-*' $(ALL_SRC) -- \
	    -std=c11 -D_DEFAULT_SOURCE -Iinclude -Isrc

check-deps:
	@sh tests/deps.sh

unit: $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; $$t; done

$(S)/ref: tests/ref/ref.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -o $@ $<

cli-test: $(S)/nimber $(S)/ref
	NIMBER=$(CURDIR)/$(S)/nimber REF=$(CURDIR)/$(S)/ref bats tests/cli

# The library and program must also build warning-free with clang.
clang-build:
	$(MAKE) B=$(B)/clang CC=clang all

test: check-deps
	$(MAKE) lint
	$(MAKE) clang-build
	$(MAKE) unit
	$(MAKE) cli-test
	$(MAKE) fuzz FUZZ_TIME=8
	@echo "all tests passed"

bench: all
	sh bench/run.sh
	sh bench/takebreak.sh
	sh bench/graph.sh
	sh bench/hackenbush.sh
	sh bench/nimarith.sh

# ---- install ----
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(PKGCONFIGDIR)
	install -m 755 $(B)/nimber $(DESTDIR)$(BINDIR)/nimber
	install -m 644 include/nimber.h $(DESTDIR)$(INCLUDEDIR)/nimber.h
	install -m 644 $(B)/libnimber.a $(DESTDIR)$(LIBDIR)/libnimber.a
	install -m 755 $(B)/libnimber.so.$(VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libnimber.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf libnimber.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libnimber.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    nimber.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/nimber.pc
	install -m 644 doc/nimber.1 $(DESTDIR)$(MANDIR)/man1/nimber.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/nimber $(DESTDIR)$(INCLUDEDIR)/nimber.h \
	    $(DESTDIR)$(LIBDIR)/libnimber.a $(DESTDIR)$(LIBDIR)/libnimber.so \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libnimber.so.$(VERSION) \
	    $(DESTDIR)$(PKGCONFIGDIR)/nimber.pc $(DESTDIR)$(MANDIR)/man1/nimber.1

format:
	clang-format -i include/*.h src/*.[ch] src/games/*.c cli/*.[ch] \
	    tests/unit/*.[ch] tests/fuzz/*.c tests/ref/*.c bench/*.c

clean:
	rm -rf $(B)
