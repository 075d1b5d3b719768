package query

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// ErrLineTooLong: a line of a batch is longer than the limit.
var ErrLineTooLong = errors.New("line too long")

// MaxLine is the longest line of a batch that tb query and POST answer as
// a position (no position of any game comes near it); a longer line gets
// an answer with ErrLineTooLong.
const MaxLine = 64 << 10

// shownBytes is how much of an over-long line an answer's position keeps.
const shownBytes = 64

// EachLine calls fn with every line of r that is not blank, trimmed of
// spaces, however long the lines are: a line longer than limit bytes is
// not kept, and fn gets its first bytes (followed by "...") and an error
// that is ErrLineTooLong instead. It stops at fn's first error, or r's.
func EachLine(r io.Reader, limit int, fn func(line string, err error) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var line []byte
	long := 0 // bytes of an over-long line read so far, 0 if none
	for {
		chunk, err := br.ReadSlice('\n')
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) && !errors.Is(err, io.EOF) {
			return err
		}
		switch {
		case long > 0:
			long += len(chunk)
		case len(line)+len(chunk) > limit+1: // +1: the line's '\n'
			long = len(line) + len(chunk)
			line = append(line, chunk[:min(len(chunk), shownBytes)]...)
			line = bytes.TrimSpace(line)
			line = line[:min(len(line), shownBytes)]
		default:
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		// The line ends here (or the input does).
		var ferr error
		if long > 0 {
			ferr = fn(string(line)+"...", fmt.Errorf("%w: %d bytes, the limit is %d", ErrLineTooLong, long, limit))
		} else if t := bytes.TrimSpace(line); len(t) > 0 {
			ferr = fn(string(t), nil)
		}
		if ferr != nil {
			return ferr
		}
		line, long = line[:0], 0
		if err != nil { // io.EOF
			return nil
		}
	}
}
