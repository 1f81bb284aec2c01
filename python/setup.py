"""Builds the Python module nimber: the package nimber/ and its C core
nimber._nimber (every ext/*.c, the module in ext/_nimber.c and its object
types beside it, CPython's limited API of 3.11, one abi3 build for every
later Python).

The library is compiled into the extension from the sources beside this
directory (../src, ../include), so `pip install --no-build-isolation
./python` needs only a C compiler and python3-dev.  When NIMBER_STATIC_LIB
names a static archive of the library built with -fPIC (make's
build/libnimber.a, as `make python-test` does), that is linked instead
and only ext/*.c are compiled.
"""
import os
import re
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HEADER = os.path.join(ROOT, "include", "nimber.h")

if not os.path.exists(HEADER):
    raise SystemExit(
        "nimber: build the Python module from a checkout of nimber "
        "(it needs ../include and ../src beside python/)")


def version():
    """MAJOR.MINOR.PATCH, read from include/nimber.h, its only home."""
    with open(HEADER, encoding="utf-8") as f:
        text = f.read()
    parts = [re.search(r"#define NIMBER_VERSION_%s (\d+)" % k, text).group(1)
             for k in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


def rel(path):
    """A path relative to this directory (setuptools wants those)."""
    return os.path.relpath(path, HERE)


def tree(top, ext):
    """Every file under ../top whose name ends in ext, at any depth, in a
    fixed order: the library's sources wherever src/ puts them (the
    Makefile lists src/games/takebreak/ too; fixed globs here once missed
    it and built a module that could not be imported)."""
    found = []
    for d, dirs, files in os.walk(os.path.join(ROOT, top)):
        dirs.sort()
        found += [os.path.join(d, f) for f in sorted(files) if f.endswith(ext)]
    return found


# the module's own files: every ext/*.c, whatever the split (ext/_nimber.h
# lists them)
sources = [rel(p) for p in tree("python/ext", ".c")]
extra_objects = []
lib = os.environ.get("NIMBER_STATIC_LIB")
if lib:
    extra_objects.append(os.path.abspath(lib))
else:
    sources += [rel(p) for p in tree("src", ".c")]


class parallel_build_ext(build_ext):
    """Compiles an extension's sources on every core (at most 8), one
    compiler process a source: setuptools compiles them one after another.
    `pip install ./python` in a fresh venv took 27.4 s on this project's
    2-core machine, 16.4 s so.  The objects and their order are the same;
    a failure still fails the build (pool.map raises it)."""

    def build_extension(self, ext):
        compile_one = self.compiler.compile
        jobs = min(os.cpu_count() or 1, 8)

        def compile_all(sources, *args, **kwargs):
            if jobs < 2 or len(sources) < 2:
                return compile_one(sources, *args, **kwargs)
            # the objects' folders first: distutils' mkpath, called from
            # threads at once, marks a folder made before it is
            out = kwargs.get("output_dir", args[0] if args else None)
            for obj in self.compiler.object_filenames(sources, output_dir=out):
                os.makedirs(os.path.dirname(obj) or ".", exist_ok=True)
            with ThreadPoolExecutor(jobs) as pool:
                parts = pool.map(lambda src: compile_one([src], *args, **kwargs),
                                 sources)
                return [obj for objs in parts for obj in objs]

        self.compiler.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            del self.compiler.compile


setup(
    name="nimber",
    version=version(),
    description="Impartial games under Sprague-Grundy theory (libnimber)",
    packages=["nimber"],
    package_data={"nimber": ["__init__.pyi", "py.typed"]},
    python_requires=">=3.11",
    ext_modules=[
        Extension(
            "nimber._nimber",
            sources=sources,
            include_dirs=[rel(os.path.join(ROOT, "include"))],
            define_macros=[("_DEFAULT_SOURCE", None),
                           ("Py_LIMITED_API", "0x030B0000")],
            extra_compile_args=["-std=c11", "-Wall", "-Wextra", "-fvisibility=hidden"],
            extra_objects=extra_objects,
            # rebuilt when the library or a header changes
            depends=extra_objects + [rel(p) for p in
                                     [HEADER] + tree("src", ".h") +
                                     tree("python/ext", ".h")],
            libraries=["pthread"],
            py_limited_api=True,
        )
    ],
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
    cmdclass={"build_ext": parallel_build_ext},
)
