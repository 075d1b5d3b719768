package query

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends a as one JSON object, byte for byte as
// encoding/json writes it with HTML escaping off (no newline). Answers
// without moves, outcomes of turn orders or a thermograph, the probes of
// a batch, are written without reflection; the others through
// encoding/json.
func (a *Answer) AppendJSON(b []byte) []byte {
	if a.Moves != nil || a.Outcomes != nil || a.Thermograph != nil {
		return appendMarshal(b, a)
	}
	b = append(b, `{"game":`...)
	b = appendString(b, a.Game)
	b = append(b, `,"position":`...)
	b = appendString(b, a.Position)
	for _, f := range [...]struct{ name, value string }{
		{"source", a.Source}, {"error", a.Error}, {"value", a.Value}, {"outcome", a.Outcome},
		{"explicit", a.Explicit}, {"left_stop", a.LeftStop}, {"right_stop", a.RightStop},
		{"mean", a.Mean}, {"temperature", a.Temperature}, {"atomic_weight", a.AtomicWeight},
	} {
		b = appendField(b, f.name, f.value)
	}
	b = appendInt(b, "birthday", a.Birthday)
	b = appendField(b, "vertical", a.Vertical)
	b = appendField(b, "horizontal", a.Horizontal)
	b = appendField(b, "result", a.Result)
	b = appendInt(b, "plies", a.Plies)
	b = appendField(b, "proof", a.Proof)
	if a.Strategy {
		b = append(b, `,"strategy":true`...)
	}
	if len(a.Best) > 0 {
		b = append(b, `,"best":[`...)
		for i, best := range a.Best {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			if best.Player != "" {
				b = append(b, `"player":`...)
				b = appendString(b, best.Player)
				b = append(b, ',')
			}
			b = append(b, `"move":`...)
			b = appendString(b, best.Move)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendInt(b, "distance", a.Distance)
	b = appendField(b, "file", a.File)
	return append(b, '}')
}

// appendField appends ,"name":value unless value is empty (omitempty).
func appendField(b []byte, name, value string) []byte {
	if value == "" {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return appendString(b, value)
}

// appendInt appends ,"name":*n unless n is nil (omitempty).
func appendInt(b []byte, name string, n *int) []byte {
	if n == nil {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, int64(*n), 10)
}

// appendString appends s as a JSON string: as it is between quotes when
// no character of it needs escaping, else through encoding/json.
func appendString(b []byte, s string) []byte {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return appendMarshal(b, s)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendMarshal appends v as encoding/json writes it with HTML escaping
// off.
func appendMarshal(b []byte, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only values no answer holds (a NaN in a thermograph) fail.
		return append(b, `null`...)
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}
