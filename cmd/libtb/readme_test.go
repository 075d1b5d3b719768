package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADME saves the C program of the README's "From C and Python" as
// prog.c in a directory standing for the clone (its cmd/ the clone's, a
// dom10.db built as the quick start builds it) and runs each of the
// section's shell commands there as written: the program, linked with the
// shared library and with the static one, must print what the README says.
// Each go build must be go build -buildmode=MODE -o FILE ./cmd/libtb,
// which the package's tests build once (buildOnce, the same go build from
// cmd/libtb): FILE in the directory is a copy of that build.
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the library twice and a C program: not with -short")
	}
	prog, commands, want := readmeC(t)
	dir := t.TempDir()
	cmdDir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(cmdDir, filepath.Join(dir, "cmd")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "prog.c"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := buildOnce(t, "tb")
	run(t, tb, "build", "domineering", "--max-cells", "10", "--db", filepath.Join(dir, "dom10.db"))
	for _, line := range commands {
		var out string
		for _, step := range strings.Split(line, " && ") {
			if strings.HasPrefix(step, "go build ") {
				goBuild(t, dir, step)
				continue
			}
			cmd := exec.Command("sh", "-c", step)
			cmd.Dir = dir
			b, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", step, err, b)
			}
			out = string(b)
		}
		if out != want+"\n" {
			t.Errorf("%s: printed %q, the README says %q", line, out, want)
		}
	}
}

// readmeC returns the C program of the README's C section, its shell
// commands (at least one with the shared library and one with the static
// one) and what the program prints, as its comment says.
func readmeC(t *testing.T) (prog string, commands []string, want string) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := string(data)
	i := strings.Index(section, "\n## From C and Python\n")
	if i < 0 {
		t.Fatal("README.md has no section From C and Python")
	}
	section = section[i+1:]
	if j := strings.Index(section, "\n## "); j >= 0 {
		section = section[:j]
	}
	blocks := regexp.MustCompile("(?s)\n```(c|sh)\n(.*?)\n```\n").FindAllStringSubmatch(section, -1)
	for _, b := range blocks {
		switch b[1] {
		case "c":
			prog = b[2] + "\n"
		case "sh":
			commands = append(commands, strings.Split(b[2], "\n")...)
		}
	}
	m := regexp.MustCompile(`printf\(.*/\* (.+) \*/`).FindStringSubmatch(prog)
	joined := strings.Join(commands, "\n")
	if m == nil || !strings.Contains(joined, "-buildmode=c-shared") || !strings.Contains(joined, "-buildmode=c-archive") {
		t.Fatalf("README.md's C section lacks a program whose printf says what it prints, or commands for both libraries:\n%s", section)
	}
	return prog, commands, m[1]
}

// goBuild takes a README command go build -buildmode=MODE -o FILE
// ./cmd/libtb, with no other argument, and copies the library of that
// mode, built once, to FILE in dir.
func goBuild(t *testing.T, dir, command string) {
	t.Helper()
	args := strings.Fields(command)
	if len(args) != 6 || args[1] != "build" || !strings.HasPrefix(args[2], "-buildmode=") || args[3] != "-o" || args[5] != "./cmd/libtb" {
		t.Fatalf("%s: the README's go build is not go build -buildmode=MODE -o FILE ./cmd/libtb", command)
	}
	data, err := os.ReadFile(buildOnce(t, strings.TrimPrefix(args[2], "-buildmode="))) // c-shared or c-archive
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, args[4]), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
