#!/usr/bin/env bats
# deb.bats — `make deb` builds one Debian package that holds the program,
# the library, header, .pc, man page, completions and translations; its
# control data is right and what it installs runs.

load helper

@test "make deb: a package whose contents run" {
    command -v dpkg-deb >/dev/null || skip "not a Debian system"
    root="$BATS_TEST_DIRNAME/../.."
    make -s -C "$root" deb >/dev/null
    # the package of this version (an older build may lie beside it)
    deb=$(ls "$root"/build/nimber_"$("$root/build/nimber" --version | cut -d' ' -f2)"_*.deb)
    [ "$(dpkg-deb -f "$deb" Package)" = nimber ]
    [ "$(dpkg-deb -f "$deb" Version)" = "$("$root/build/nimber" --version | cut -d' ' -f2)" ]
    [ "$(dpkg-deb -f "$deb" Depends)" = libc6 ]
    contents=$(dpkg-deb -c "$deb")
    for f in usr/bin/nimber usr/include/nimber.h usr/lib/libnimber.so.0 \
             usr/lib/pkgconfig/nimber.pc usr/share/man/man1/nimber.1 \
             usr/share/bash-completion/completions/nimber \
             usr/share/locale/zh_CN/LC_MESSAGES/nimber.mo; do
        [[ "$contents" == *"./$f"* ]] || { echo "missing $f" >&2; return 1; }
    done
    # owned by root, and the shared library gets ldconfig through a trigger
    [[ "$contents" == *"root/root"* ]]
    dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./triggers | grep -q "activate-noawait ldconfig"
    # unpacked into a scratch root, the program answers
    dpkg-deb -x "$deb" "$BATS_TEST_TMPDIR/r"
    run "$BATS_TEST_TMPDIR/r/usr/bin/nimber" solve nim 3 4 5
    status_is 0
    [ "${lines[2]}" = "move component 0 heap 0: 3 -> 1" ]
}
