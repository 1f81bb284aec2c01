#!/usr/bin/env bats
# install.bats — `make install PREFIX=DIR` lays out bin, include, both
# libraries, the .pc file and the man page; a program builds against them;
# `make uninstall` removes them again.  A program built with pkg-config's
# flags runs straight away (0.2.0's failed: libnimber.so.0 not found).

load helper

@test "install, build against the library, uninstall" {
    root="$BATS_TEST_DIRNAME/../.."
    p="$BATS_TEST_TMPDIR/prefix"
    make -s -C "$root" install PREFIX="$p" >/dev/null
    for f in bin/nimber include/nimber.h lib/libnimber.a lib/libnimber.so \
             lib/pkgconfig/nimber.pc share/man/man1/nimber.1; do
        [ -e "$p/$f" ] || { echo "missing $f" >&2; return 1; }
    done
    grep -q "^libdir=$p/lib$" "$p/lib/pkgconfig/nimber.pc"
    grep -q "^Version: $("$p/bin/nimber" --version | cut -d' ' -f2)$" "$p/lib/pkgconfig/nimber.pc"
    cat > "$BATS_TEST_TMPDIR/use.c" <<'C'
#include <nimber.h>
#include <stdio.h>
int main(void) {
    nimber_game *g;
    nimber_value v;
    if (nimber_game_parse("split", &g, NULL) || nimber_heap_value(g, 5, &v, NULL))
        return 1;
    printf("%llu\n", (unsigned long long)v.lo);
    nimber_game_free(g);
    return 0;
}
C
    # built as pkg-config says, it runs with no LD_LIBRARY_PATH (rpath)
    cc $(PKG_CONFIG_PATH="$p/lib/pkgconfig" pkg-config --cflags nimber) \
        "$BATS_TEST_TMPDIR/use.c" \
        $(PKG_CONFIG_PATH="$p/lib/pkgconfig" pkg-config --libs nimber) \
        -o "$BATS_TEST_TMPDIR/use"
    run env -u LD_LIBRARY_PATH "$BATS_TEST_TMPDIR/use"
    [ "$output" = 8 ]
    # ... and it really uses the shared library
    ldd "$BATS_TEST_TMPDIR/use" | grep -q "$p/lib/libnimber.so"
    cc -I"$p/include" "$BATS_TEST_TMPDIR/use.c" "$p/lib/libnimber.a" -pthread -o "$BATS_TEST_TMPDIR/use-static"
    run "$BATS_TEST_TMPDIR/use-static"
    [ "$output" = 8 ]
    # shell completion: installed, and bash completes game names
    [ -f "$p/share/zsh/site-functions/_nimber" ]
    run bash -c "PATH='$p/bin':\$PATH; source '$p/share/bash-completion/completions/nimber'; COMP_WORDS=(nimber solve kay); COMP_CWORD=2; _nimber; echo \${COMPREPLY[@]}"
    [ "$output" = kayles ]
    make -s -C "$root" uninstall PREFIX="$p" >/dev/null
    [ -z "$(find "$p" -type f)" ]
}
