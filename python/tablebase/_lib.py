"""Finding, building and loading the C library (libtb) and declaring tb.h.

The library is looked for, in this order:

1. the file named by the environment variable TB_LIBRARY;
2. the library inside this package (pip installs it there);
3. when the package runs from a clone of the repository (the package's
   directory is python/tablebase/ under the repository root), it is built
   there once with ``go build -buildmode=c-shared`` (Go 1.26 or later).

Nothing else is searched: the package takes the library built with it,
of its own release (tablebase.library_version()), not one of another
release that the system's path may hold.
"""

import ctypes
import os
import shutil
import subprocess
import sys
from ctypes import (POINTER, Structure, c_char, c_char_p, c_int, c_int32,
                    c_int64, c_size_t, c_uint32, c_uint64, c_void_p)

# The constants of tb.h (TB_API_VERSION 4).
API_VERSION = 4

OK = 0
ERR_BAD_POSITION = 1
ERR_NOT_STORED = 2
ERR_TOO_LARGE = 3
ERR_TIMEOUT = 4
ERR_DAMAGED = 5
ERR_FILE = 6
ERR_ARGUMENT = 7
ERR_BUFFER = 8
ERR_INTERNAL = 9
END = 10
ERR_UNSUPPORTED = 11

SOURCE_NONE = 0
SOURCE_FILE = 1
SOURCE_SOLVED = 2

JSON_MOVES = 1
JSON_DETAILS = 2
JSON_EXPLICIT = 4

VALUE_SIZE = 64
MOVE_SIZE = 24
POSITION_SIZE = 400

# Names indexed by code, as tb_outcome_name and tb_result_name give them
# (None where the C library gives "").
OUTCOME_NAMES = (None, "L", "R", "N", "P", "D", "V", "H", "VD", "HD", "VHD")
RESULT_NAMES = (None, "win", "draw", "loss")
SOURCE_NAMES = (None, "tablebase", "solved")
# The turn orders of tb_answer.outcomes, in its order.
TURN_ORDERS = ("XYZ", "YZX", "ZXY", "XZY", "ZYX", "YXZ")


class tb_options(Structure):
    _fields_ = [("workers", c_int32), ("cache_mib", c_int32)]


class tb_budget(Structure):
    _fields_ = [("max_nodes", c_int64), ("max_cells", c_int32),
                ("timeout_ms", c_int32)]


class tb_answer(Structure):
    _fields_ = [
        ("error", c_int32),
        ("source", c_int32),
        ("outcome", c_int32),
        ("result", c_int32),
        ("distance", c_int32),
        ("nim", c_int32),
        ("value_len", c_int32),
        ("outcomes", c_char * 8),
        ("value", c_char * VALUE_SIZE),
    ]


class tb_move(Structure):
    _fields_ = [
        ("player", c_char * 4),
        ("result", c_int32),
        ("distance", c_int32),
        ("best", c_int32),
        ("outcome", c_int32),
        ("move", c_char * MOVE_SIZE),
        ("value", c_char * VALUE_SIZE),
        ("position", c_char * POSITION_SIZE),
    ]


# The struct module's view of the same structs (the package decodes raw
# bytes with it, much faster than through ctypes fields).
ANSWER_FORMAT = "=7i8s%ds" % VALUE_SIZE
MOVE_FORMAT = "=4s4i%ds%ds%ds" % (MOVE_SIZE, VALUE_SIZE, POSITION_SIZE)
assert ctypes.sizeof(tb_answer) == 100 and ctypes.sizeof(tb_move) == 508
assert ctypes.sizeof(tb_budget) == 16 and ctypes.sizeof(tb_options) == 8

HERE = os.path.dirname(os.path.abspath(__file__))


def library_name():
    """The file name go build gives the shared library on this system."""
    if sys.platform == "darwin":
        return "libtb.dylib"
    if sys.platform in ("win32", "cygwin"):
        return "tb.dll"
    return "libtb.so"


def repository_root(package_dir=HERE):
    """The clone the package runs from (the parent of python/), or None."""
    root = os.path.dirname(os.path.dirname(package_dir))
    if (os.path.isfile(os.path.join(root, "go.mod"))
            and os.path.isfile(os.path.join(root, "cmd", "libtb", "tb.h"))):
        return root
    return None


def build_library(root, target, quiet=False):
    """Builds the library of the clone at root into the file target with
    go build -buildmode=c-shared; raises OSError with go's output when it
    cannot. The library is written beside target first and renamed, so a
    reader never sees half a file."""
    go = shutil.which("go")
    if go is None:
        raise OSError(
            "cannot build the tablebase C library: the Go toolchain (go, "
            "1.26 or later) is not on PATH; install Go, or build it yourself "
            "(cd %s && go build -buildmode=c-shared -o %s ./cmd/libtb) or set "
            "TB_LIBRARY to a built libtb" % (root, target))
    directory = os.path.dirname(os.path.abspath(target))
    os.makedirs(directory, exist_ok=True)
    stem, ext = os.path.splitext(os.path.basename(target))
    tmp = os.path.join(directory, ".%s-%d%s" % (stem, os.getpid(), ext))
    if not quiet:
        print("tablebase: building %s with go build (once; it may take a "
              "minute)" % target, file=sys.stderr)
    try:
        proc = subprocess.run(
            [go, "build", "-buildmode=c-shared", "-o", tmp, "./cmd/libtb"],
            cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if proc.returncode != 0:
            raise OSError("go build -buildmode=c-shared ./cmd/libtb failed in "
                          "%s:\n%s" % (root, proc.stdout.decode(errors="replace")))
        os.replace(tmp, target)
    finally:
        for leftover in (tmp, os.path.splitext(tmp)[0] + ".h"):
            try:
                os.remove(leftover)
            except OSError:
                pass


def find_library():
    """The path of the library to load (building it in a clone if need
    be); raises ImportError saying what to do when there is none."""
    env = os.environ.get("TB_LIBRARY")
    if env:
        if not os.path.isfile(env):
            raise ImportError("TB_LIBRARY=%s: no such file (build it with "
                              "go build -buildmode=c-shared -o libtb.so "
                              "./cmd/libtb)" % env)
        return env
    path = os.path.join(HERE, library_name())
    if os.path.isfile(path):
        return path
    root = repository_root()
    if root is None:
        raise ImportError(
            "tablebase: the C library %s is not in the package (%s) and the "
            "package does not run from a clone of the repository; install it "
            "with pip from a clone (pip install ./python), or set TB_LIBRARY "
            "to a libtb built with go build -buildmode=c-shared ./cmd/libtb"
            % (library_name(), HERE))
    try:
        build_library(root, path)
    except OSError as e:
        raise ImportError("tablebase: %s" % e) from e
    return path


def _declare(lib):
    """Declares the prototypes of tb.h on lib."""
    handle = c_void_p
    protos = {
        "tb_open": (c_int, [c_char_p, POINTER(tb_options), POINTER(c_void_p), c_char_p, c_size_t]),
        "tb_open_as": (c_int, [c_char_p, c_char_p, POINTER(tb_options), POINTER(c_void_p), c_char_p, c_size_t]),
        "tb_open_game": (c_int, [c_char_p, POINTER(tb_options), POINTER(c_void_p), c_char_p, c_size_t]),
        "tb_close": (None, [handle]),
        "tb_game": (c_char_p, [handle]),
        "tb_content_hash": (c_int, [handle, POINTER(c_uint64)]),
        "tb_api_version": (c_int, []),
        "tb_version": (c_char_p, []),
        "tb_format_version": (c_int, [handle]),
        "tb_probe": (c_int, [handle, c_char_p, POINTER(tb_answer)]),
        "tb_probe_many": (c_size_t, [handle, POINTER(c_char_p), c_size_t, POINTER(tb_answer)]),
        "tb_probe_lines": (c_int, [handle, c_char_p, c_size_t, POINTER(tb_answer), c_size_t, POINTER(c_size_t)]),
        "tb_probe_lines_ids": (c_int, [handle, c_char_p, c_size_t, POINTER(tb_answer), POINTER(c_uint32), c_size_t, POINTER(c_size_t)]),
        "tb_solve": (c_int, [handle, c_char_p, POINTER(tb_budget), POINTER(tb_answer)]),
        "tb_moves": (c_int, [handle, c_char_p, POINTER(tb_budget), POINTER(tb_move), c_size_t, POINTER(c_size_t)]),
        "tb_probe_json": (c_int, [handle, c_char_p, c_int, POINTER(tb_budget), c_char_p, c_size_t, POINTER(c_size_t)]),
        "tb_value_json": (c_int, [c_char_p, POINTER(tb_budget), c_char_p, c_size_t, POINTER(c_size_t)]),
        "tb_positions_open": (c_int, [handle, POINTER(c_void_p)]),
        "tb_positions_next": (c_int, [c_void_p, c_char_p, c_size_t, POINTER(tb_answer)]),
        "tb_positions_close": (None, [c_void_p]),
        "tb_last_error": (c_size_t, [handle, c_char_p, c_size_t]),
        "tb_outcome_name": (c_char_p, [c_int]),
        "tb_result_name": (c_char_p, [c_int]),
        "tb_error_name": (c_char_p, [c_int]),
    }
    missing = [name for name in protos if not hasattr(lib, name)]
    if missing:
        raise ImportError("tablebase: %s lacks %s: not the library of tb.h "
                          "version %d" % (lib._name, ", ".join(missing), API_VERSION))
    for name, (restype, argtypes) in protos.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = restype, argtypes
    # The names of the library must be those this package decodes itself.
    for code, name in enumerate(OUTCOME_NAMES):
        if lib.tb_outcome_name(code).decode() != (name or ""):
            raise ImportError("tablebase: %s names outcome %d %r, not %r"
                              % (lib._name, code, lib.tb_outcome_name(code), name))
    return lib


def load():
    """Loads the library and declares its functions."""
    path = find_library()
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise ImportError("tablebase: cannot load the C library %s: %s" % (path, e)) from e
    return _declare(lib)
