#!/usr/bin/env bats
# layers.bats — the library keeps to its layers (docs/ARCHITECTURE.md):
# base, games, position, search, rules, solve, each using only itself and
# the ones below; no include cycle, no call cycle outside the families.
# The checker is tests/layers.py; here it runs on the sources, on the
# objects beside $NIMBER, and on small trees that break a rule each, so
# that it is seen to fail.

load helper

ROOT="$BATS_TEST_DIRNAME/../.."
CHECK="$BATS_TEST_DIRNAME/../layers.py"

# A copy of src/ and include/ in a fresh directory, for breaking one rule.
copy_tree() {
    T="$BATS_TEST_TMPDIR/tree"
    rm -rf "$T"
    mkdir -p "$T"
    cp -r "$ROOT/src" "$ROOT/include" "$T/"
}

@test "every #include of src/ stays in its layer or below, without a cycle" {
    run python3 "$CHECK"
    status_is 0
    [[ "$output" == "layers: "*"no upward use, no cycle" ]]
}

@test "every object of the library uses only its layer or below (calls)" {
    command -v nm >/dev/null || skip "no nm"
    dir=$(dirname "$NIMBER")
    [ -n "$(find "$dir/src" -name '*.o' 2>/dev/null | head -1)" ] ||
        skip "no objects beside $NIMBER"
    run python3 "$CHECK" --objects "$dir"
    status_is 0
    [[ "$output" == *" objects: no upward use, no cycle" ]]
}

@test "an upward include, an include cycle and a private header are refused" {
    copy_tree
    # the family interface reaching up to the rules
    printf '#include "rules/rules.h"\n' >> "$T/src/game.c"
    run python3 "$CHECK" --root "$T"
    [ "$status" -eq 1 ]
    [[ "$output" == *'src/game.c (layer 1 games): #include "rules/rules.h" reaches up to layer 4 rules'* ]]
    copy_tree
    # a base header including the games layer: upward, and a cycle
    printf '#include "game.h"\n' >> "$T/src/internal.h"
    run python3 "$CHECK" --root "$T"
    [ "$status" -eq 1 ]
    [[ "$output" == *'src/internal.h (layer 0 base): #include "game.h" reaches up'* ]]
    [[ "$output" == *"include cycle: "*"src/internal.h"* ]]
    copy_tree
    # the misère rule's private header from the solve layer
    printf '#include "../rules/misere/misere.h"\n' >> "$T/src/solve/solve.c"
    run python3 "$CHECK" --root "$T"
    [ "$status" -eq 1 ]
    [[ "$output" == *'is private to src/rules/misere/'* ]]
    # an include that resolves nowhere
    copy_tree
    printf '#include "sum.h"\n' >> "$T/src/solve/solve.c"
    run python3 "$CHECK" --root "$T"
    [ "$status" -eq 1 ]
    [[ "$output" == *'#include "sum.h" found neither beside it nor in include/'* ]]
}

@test "an upward call and a call cycle between objects are refused" {
    command -v cc >/dev/null && command -v nm >/dev/null ||
        skip "no C compiler or no nm"
    T="$BATS_TEST_TMPDIR/calls"
    mkdir -p "$T/src/solve" "$T/src/position" "$T/o/src/solve" "$T/o/src/position"
    # game.c (games) calling the solve layer; two positions files calling
    # each other
    printf 'int nb_up(void);\nint nb_g(void) { return nb_up(); }\n' > "$T/src/game.c"
    printf 'int nb_up(void) { return 1; }\n' > "$T/src/solve/s.c"
    printf 'int nb_b(void);\nint nb_a(int x) { return x ? nb_b() : 0; }\n' > "$T/src/position/a.c"
    printf 'int nb_a(int x);\nint nb_b(void) { return nb_a(0); }\n' > "$T/src/position/b.c"
    for f in game solve/s position/a position/b; do
        cc -c "$T/src/$f.c" -o "$T/o/src/$f.o"
    done
    run python3 "$CHECK" --root "$T" --objects "$T/o"
    [ "$status" -eq 1 ]
    [[ "$output" == *"src/game.c (layer 1 games) uses nb_up of src/solve/s.c (layer 5 solve)"* ]]
    [[ "$output" == *"call cycle: src/position/a.c -> src/position/b.c -> src/position/a.c"* ]]
    # two files of one family's folder calling each other (none is allowed
    # since 0.9.0: KNOWN_CYCLES is empty)
    mkdir -p "$T/src/games/fam" "$T/o/src/games/fam"
    printf 'int nb_y(void);\nint nb_x(void) { return nb_y(); }\n' > "$T/src/games/fam/x.c"
    printf 'int nb_x(void);\nint nb_y(void) { return nb_x() + 1; }\n' > "$T/src/games/fam/y.c"
    for f in x y; do cc -c "$T/src/games/fam/$f.c" -o "$T/o/src/games/fam/$f.o"; done
    run python3 "$CHECK" --root "$T" --objects "$T/o"
    [ "$status" -eq 1 ]
    [[ "$output" == *"files that use one another in a cycle: src/games/fam/x.c, src/games/fam/y.c"* ]]
}

@test "no file outside src/games, in any folder, names a family" {
    # solve.bats' check, over the layers' folders too (it reads src/*.c)
    cd "$ROOT"
    names='nim|misere-nim|staircase|sub|split|octal|hex|kayles|dawson|grundy-game|lasker|graph|half|wythoff|euclid|fibonacci-nim|moore|coins|hackenbush|cram|geography|chomp|poset|node-kayles|arc-kayles'
    run grep -rnE "\"($names)[\":]|nb_family_[a-z]" src cli \
        --include='*.c' --include='*.h' --exclude-dir=games
    [ -z "$output" ]
    # and the check itself can fail
    run grep -rnE "\"($names)[\":]|nb_family_[a-z]" src/games/registry.c
    [ -n "$output" ]
}

@test "cli/ and mpi/ hold no atlas logic: records, their JSON, files and classes are the library's" {
    cd "$ROOT"
    # a record's fields, read or written, and the sequence hash
    pat='(->|\.)(rare_mask|rare_count|last_rare|hash|cls)\b|nimber_sparse_add|hash_word|truncate\('
    run grep -rnE "$pat" cli mpi --include='*.c' --include='*.h'
    echo "$output"
    [ -z "$output" ]
    [ ! -e cli/atlas_core.c ]
    [ ! -e cli/atlas_core.h ]
    # the check can fail: the library's own atlas matches it
    run grep -rnE "$pat" src/atlas
    [ -n "$output" ]
}

@test "no source file outside tests passes 800 lines (the one public header aside)" {
    cd "$ROOT"
    long=$(find src cli mpi web python/ext python/nimber bench -type f \
        \( -name '*.c' -o -name '*.h' -o -name '*.js' -o -name '*.py' \
        -o -name '*.pyi' -o -name '*.sh' \) -exec wc -l {} + |
        awk '$2 != "total" && $1 > 800')
    echo "$long"
    [ -z "$long" ]
    # the check can fail: the public header is longer
    [ "$(wc -l <include/nimber.h)" -gt 800 ]
}

@test "no CLI test checks with a bare '! cmd', '[ A ] && [ B ]' or 'A || { B && C; }', whose failures bats's set -e ignores" {
    cd "$ROOT"
    # '! cmd' fails a bats test only on its last line; refute (helper.bash)
    # fails it anywhere.  (Checks so written, not on a test's last line,
    # had never been able to fail; found and rewritten on 2026-12-06.)
    bare=$(grep -n '^[[:space:]]*! ' tests/cli/*.bats tests/cli/*.bash || true)
    echo "$bare"
    [ -z "$bare" ]
    # nor '[ A ] && [ B ]' alone on a line: a false A was ignored too
    # (now two checks each)
    both=$(grep -nE '^[[:space:]]*\[\[? .*\]\]? && \[\[? .*\]\]?[[:space:]]*$' \
        tests/cli/*.bats tests/cli/*.bash || true)
    echo "$both"
    [ -z "$both" ]
    # nor 'A || { B && C; }': a false B was ignored (consistency.bats let
    # a wrong answer of the judge pass so until 2026-12-07)
    group=$(grep -nE '^[^#@]*\|\|[[:space:]]*\{[^}]*&&' tests/cli/*.bats tests/cli/*.bash || true)
    echo "$group"
    [ -z "$group" ]
    # refute fails where '!' would not: a subshell that goes on after it
    run bash -c "set -e; . tests/cli/helper.bash; refute true; echo after"
    [ "$status" -ne 0 ]
    [[ "$output" != *after* ]]
    run bash -c "set -e; ! true; echo after"
    [ "$output" = after ]
}
