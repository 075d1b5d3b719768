"""The PEP 517 build backend of the tablebase package, standard library only.

    pip install ./python        (from a clone of the repository)
    pip install -e ./python     (editable: the library is built at import)

pip needs nothing from a package index to build it (no setuptools, no
wheel), so it installs offline. The wheel holds the package's modules and
the C library, in this order: the file TB_LIBRARY names; else a fresh
build of the clone (the parent of this directory) with go build
-buildmode=c-shared (Go 1.26 or later on PATH); else a library already in
tablebase/ (built at import in the clone). It is tagged py3-none-PLATFORM:
any Python 3.9+, this platform.
"""

import base64
import hashlib
import io
import os
import re
import shutil
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, "tablebase")
NAME = "tablebase"
SUMMARY = ("Exact answers for small-board combinatorial games: Python binding "
           "of the tablebase C library")
REQUIRES_PYTHON = ">=3.9"


def _version():
    with open(os.path.join(PACKAGE, "__init__.py"), encoding="utf-8") as f:
        return re.search(r'^__version__ = "([^"]+)"', f.read(), re.M).group(1)


def _lib():
    """tablebase/_lib.py, loaded alone (importing the package would load
    the library)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("_tablebase_lib", os.path.join(PACKAGE, "_lib.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _metadata():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "Home-page: https://github.com/tablebase/tablebase\n"
            "Requires-Python: %s\nDescription-Content-Type: text/markdown\n\n%s"
            % (NAME, _version(), SUMMARY, REQUIRES_PYTHON, readme))


def _tag():
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return "py3-none-" + platform


def _dist_info():
    return "%s-%s.dist-info" % (NAME, _version())


def _dist_files(tag):
    """The files of the wheel's .dist-info but RECORD."""
    return {
        "METADATA": _metadata(),
        "WHEEL": ("Wheel-Version: 1.0\nGenerator: tablebase_build\n"
                  "Root-Is-Purelib: false\nTag: %s\n" % tag),
        "top_level.txt": NAME + "\n",
    }


def _write_dist_info(directory, tag):
    info = os.path.join(directory, _dist_info())
    os.makedirs(info, exist_ok=True)
    for name, text in _dist_files(tag).items():
        with open(os.path.join(info, name), "w", encoding="utf-8") as f:
            f.write(text)
    return os.path.basename(info)


class _Wheel:
    """A wheel being written, with its RECORD."""

    def __init__(self, directory, tag):
        self.name = "%s-%s-%s.whl" % (NAME, _version(), tag)
        self.zip = zipfile.ZipFile(os.path.join(directory, self.name), "w", zipfile.ZIP_DEFLATED)
        self.record = []

    def add(self, arcname, data, executable=False):
        info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = (0o755 if executable else 0o644) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.record.append("%s,sha256=%s,%d" % (arcname, digest, len(data)))

    def close(self, tag):
        info = _dist_info()
        for name, text in _dist_files(tag).items():
            self.add("%s/%s" % (info, name), text.encode())
        record = "\n".join(self.record + [info + "/RECORD,,"]) + "\n"
        self.zip.writestr(zipfile.ZipInfo(info + "/RECORD", date_time=(1980, 1, 1, 0, 0, 0)), record)
        self.zip.close()
        return self.name


def _library(lib, directory):
    """The path of the C library to ship, built into directory if need be."""
    given = os.environ.get("TB_LIBRARY")
    if given:
        if not os.path.isfile(given):
            raise SystemExit("tablebase: TB_LIBRARY=%s: no such file" % given)
        return given
    root = lib.repository_root(PACKAGE)
    local = os.path.join(PACKAGE, lib.library_name())
    if root is not None and shutil.which("go"):
        target = os.path.join(directory, lib.library_name())
        lib.build_library(root, target)
        return target
    if os.path.isfile(local):
        return local
    raise SystemExit(
        "tablebase: no C library to put in the wheel: build from a clone of the "
        "repository with Go 1.26 or later on PATH (pip install ./python), or set "
        "TB_LIBRARY to a libtb built with go build -buildmode=c-shared ./cmd/libtb")


# PEP 517 hooks -----------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_dist_info(metadata_directory, _tag())


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return _write_dist_info(metadata_directory, _tag())


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    lib = _lib()
    tag = _tag()
    with tempfile.TemporaryDirectory() as tmp:
        library = _library(lib, tmp)
        wheel = _Wheel(wheel_directory, tag)
        for name in sorted(os.listdir(PACKAGE)):
            if name.endswith(".py"):
                with open(os.path.join(PACKAGE, name), "rb") as f:
                    wheel.add("%s/%s" % (NAME, name), f.read())
        with open(library, "rb") as f:
            wheel.add("%s/%s" % (NAME, lib.library_name()), f.read(), executable=True)
        return wheel.close(tag)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # The package stays here; the library is found or built at import.
    tag = _tag()
    wheel = _Wheel(wheel_directory, tag)
    wheel.add("%s_editable.pth" % NAME, (HERE + "\n").encode())
    return wheel.close(tag)


def build_sdist(sdist_directory, config_settings=None):
    # The package's Python side alone: building a wheel from it needs
    # TB_LIBRARY (the Go sources are the repository's).
    base = "%s-%s" % (NAME, _version())
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        def add(arcname, data):
            info = tarfile.TarInfo("%s/%s" % (base, arcname))
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
        add("PKG-INFO", _metadata().encode())
        for rel in ["pyproject.toml", "README.md", "tablebase_build.py"] + [
                "tablebase/" + n for n in sorted(os.listdir(PACKAGE)) if n.endswith(".py")]:
            with open(os.path.join(HERE, rel), "rb") as f:
                add(rel, f.read())
    return name


if __name__ == "__main__":
    # python3 tablebase_build.py DIR: writes the wheel into DIR.
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    print(build_wheel(out))
