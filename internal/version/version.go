// Package version holds the version of tablebase: the one number that tb
// version, the C library (tb_version) and the Python package
// (tablebase.__version__) report, and that a release bumps.
package version

// Version is the release this tree is, in semantic versioning without a
// leading v (the module's tag is v and then it). The Python package's
// __version__ in python/tablebase/__init__.py, and the version that
// python/pyproject.toml names, are the same (a test checks).
const Version = "0.1.0"
