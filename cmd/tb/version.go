package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/tablebase/tablebase/internal/version"
	"github.com/tablebase/tablebase/tablebase"
)

func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", `tb version

Prints the program's version (the release, as the C library and the Python
package report it, and the commit it was built from when known), the Go
version it was built with, and the tablebase file format versions it writes
and reads. With the answers' file hash (tb verify FILE prints it), it names
what a bug report is about.`, stderr)
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("%w: takes no arguments", errUsage)
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Fprint(stdout, versionText(info))
	return nil
}

// versionText describes the program built as info says (nil when the
// binary carries no build information): the release, then the commit when
// info has it, or else the module's version when it is not the release's
// (a go install of a commit).
func versionText(info *debug.BuildInfo) string {
	module, revision, modified := "", "", false
	if info != nil {
		if v := info.Main.Version; v != "" && v != "(devel)" && v != "v"+version.Version {
			module = v
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "tb %s", version.Version)
	switch {
	case revision != "" && modified:
		fmt.Fprintf(&b, " (commit %s, with uncommitted changes)", revision)
	case revision != "":
		fmt.Fprintf(&b, " (commit %s)", revision)
	case module != "":
		fmt.Fprintf(&b, " (module %s)", module)
	}
	fmt.Fprintf(&b, "\nbuilt with %s for %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(&b, "tablebase files: writes format %d, reads formats 1 to %d\n", tablebase.FormatVersion, tablebase.FormatVersion)
	return b.String()
}
