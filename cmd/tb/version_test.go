package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/internal/version"
	"github.com/tablebase/tablebase/tablebase"
)

func TestVersionText(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	for _, c := range []struct {
		info  *debug.BuildInfo
		first string
	}{
		{nil, "tb " + version.Version},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "tb " + version.Version},
		{&debug.BuildInfo{Main: debug.Module{Version: "v" + version.Version}}, "tb " + version.Version},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261207-abc123"}}, "tb " + version.Version + " (module v0.0.0-20261207-abc123)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("abc123", "false")}, "tb " + version.Version + " (commit abc123)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-x+dirty"}, Settings: vcs("abc123", "true")}, "tb " + version.Version + " (commit abc123, with uncommitted changes)"},
	} {
		got := versionText(c.info)
		want := fmt.Sprintf("%s\nbuilt with %s for %s/%s\ntablebase files: writes format %d, reads formats 1 to %d\n",
			c.first, runtime.Version(), runtime.GOOS, runtime.GOARCH, tablebase.FormatVersion, tablebase.FormatVersion)
		if got != want {
			t.Errorf("versionText(%+v) = %q, want %q", c.info, got, want)
		}
	}
}

func TestVersionCommand(t *testing.T) {
	for _, c := range []struct {
		args   []string
		code   int
		out    string
		errOut string
	}{
		{[]string{"version"}, 0, "tb " + version.Version + "\n", ""},
		{[]string{"version"}, 0, "tablebase files: writes format", ""},
		{[]string{"--version"}, 0, "tablebase files: writes format", ""},
		{[]string{"help"}, 0, "  version  ", ""},
		{[]string{"version", "extra"}, 2, "", "tb version: takes no arguments\n"},
	} {
		out, errOut, code := tb(t, "", c.args...)
		if code != c.code || !strings.Contains(out, c.out) || c.errOut != "" && errOut != c.errOut {
			t.Errorf("tb %v: exit %d, %q %q; want exit %d with %q %q", c.args, code, out, errOut, c.code, c.out, c.errOut)
		}
	}
}
