package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY returns both ends of a new pseudo-terminal.
func openPTY(t *testing.T) (controller, terminal *os.File) {
	t.Helper()
	controller, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { controller.Close() })
	var unlock, n int32
	for _, req := range []struct {
		op  uintptr
		arg *int32
	}{{syscall.TIOCSPTLCK, &unlock}, {syscall.TIOCGPTN, &n}} {
		if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, controller.Fd(), req.op, uintptr(unsafe.Pointer(req.arg))); errno != 0 {
			t.Fatal(errno)
		}
	}
	if terminal, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { terminal.Close() })
	return controller, terminal
}

// onTerminal runs tb with a new pseudo-terminal as standard error,
// returning the exit status and what the terminal showed.
func onTerminal(t *testing.T, args []string) (int, string) {
	t.Helper()
	controller, terminal := openPTY(t)
	read := make(chan string)
	go func() {
		b, _ := io.ReadAll(controller) // ends with an error once the terminal is closed
		read <- string(b)
	}()
	var out bytes.Buffer
	code := run(args, strings.NewReader(""), &out, terminal)
	terminal.Close()
	return code, <-read
}

// TestQueryProgressOnTerminal: tb query shows its progress on a terminal
// without --progress, one line redrawn in place and erased before the
// answers, and without a terminal only with --progress.
func TestQueryProgressOnTerminal(t *testing.T) {
	defer func(d time.Duration) { terminalInterval = d }(terminalInterval)
	terminalInterval = time.Millisecond
	// Computations of tens of milliseconds on one core, leaving the
	// other to the reports; tried again if one ends before a report on a
	// busy machine.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"query", "--workers", "1", "domineering", ".....|.....|.....|.....|....."}, "components valued ("},
		{[]string{"query", "--workers", "1", "--outcome-only", "domineering", ".......|.......|.......|.......|.......|.......|......."}, " nodes in "},
	} {
		code, shown := onTerminal(t, c.args)
		for try := 1; try < 5 && code == 0 && !strings.Contains(shown, c.want); try++ {
			code, shown = onTerminal(t, c.args)
		}
		if code != 0 || !strings.Contains(shown, "\r") || !strings.Contains(shown, c.want) || !strings.HasSuffix(shown, "\r\033[K") {
			t.Errorf("tb %v on a terminal: exit %d, shown %q", c.args, code, shown)
		}
		if _, errOut, code := tb(t, "", c.args...); code != 0 || strings.Contains(errOut, c.want) {
			t.Errorf("tb %v without a terminal: exit %d, stderr %q", c.args, code, errOut)
		}
	}
}
