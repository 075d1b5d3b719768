package query

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends a as one JSON object (no newline): the fields of
// Answer in their order, the Extra's at their Places, each left out when
// empty, and values as encoding/json writes them with HTML escaping off.
func (a *Answer) AppendJSON(b []byte) []byte {
	b = append(b, `{"game":`...)
	b = appendString(b, a.Game)
	b = append(b, `,"position":`...)
	b = appendString(b, a.Position)
	for _, f := range [...]struct{ name, value string }{
		{"source", a.Source}, {"error", a.Error}, {"value", a.Value}, {"outcome", a.Outcome},
		{"explicit", a.Explicit}, {"left_stop", a.LeftStop}, {"right_stop", a.RightStop},
		{"mean", a.Mean}, {"temperature", a.Temperature}, {"atomic_weight", a.AtomicWeight},
	} {
		b = AppendField(b, f.name, f.value)
	}
	b = AppendInt(b, "birthday", a.Birthday)
	if a.Extra != nil {
		b = a.Extra.AppendJSON(b, Early)
	}
	if a.Thermograph != nil {
		b = append(b, `,"thermograph":`...)
		b = appendMarshal(b, a.Thermograph)
	}
	if len(a.Moves) > 0 {
		b = append(b, `,"moves":[`...)
		for i := range a.Moves {
			if i > 0 {
				b = append(b, ',')
			}
			b = a.Moves[i].AppendJSON(b)
		}
		b = append(b, ']')
	}
	if a.Extra != nil {
		b = a.Extra.AppendJSON(b, Late)
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
	b = AppendInt(b, "distance", a.Distance)
	b = AppendField(b, "file", a.File)
	return append(b, '}')
}

// MarshalJSON writes a as AppendJSON does, for encoding/json.
func (a Answer) MarshalJSON() ([]byte, error) { return a.AppendJSON(nil), nil }

// AppendJSON appends m as one JSON object: the fields of Move in their
// order, the Extra's at their Places, as Answer.AppendJSON does.
func (m *Move) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	if m.Player != "" {
		b = append(b, `"player":`...)
		b = appendString(b, m.Player)
		b = append(b, ',')
	}
	b = append(b, `"move":`...)
	b = appendString(b, m.Move)
	b = append(b, `,"position":`...)
	b = appendString(b, m.Position)
	b = AppendField(b, "value", m.Value)
	b = AppendField(b, "outcome", m.Outcome)
	if m.Wins != nil {
		b = append(b, `,"wins":`...)
		b = strconv.AppendBool(b, *m.Wins)
	}
	if m.Extra != nil {
		b = m.Extra.AppendJSON(b, Early)
	}
	b = AppendField(b, "result", m.Result)
	if m.Extra != nil {
		b = m.Extra.AppendJSON(b, Late)
	}
	b = AppendInt(b, "distance", m.Distance)
	return append(b, '}')
}

// MarshalJSON writes m as AppendJSON does, for encoding/json.
func (m Move) MarshalJSON() ([]byte, error) { return m.AppendJSON(nil), nil }

// AppendField appends ,"name":value unless value is empty (an Extra's
// string field). name must need no escaping.
func AppendField(b []byte, name, value string) []byte {
	if value == "" {
		return b
	}
	b = appendName(b, name)
	return appendString(b, value)
}

// AppendInt appends ,"name":*n unless n is nil.
func AppendInt(b []byte, name string, n *int) []byte {
	if n == nil {
		return b
	}
	b = appendName(b, name)
	return strconv.AppendInt(b, int64(*n), 10)
}

// AppendTrue appends ,"name":true if v is true.
func AppendTrue(b []byte, name string, v bool) []byte {
	if !v {
		return b
	}
	return append(appendName(b, name), "true"...)
}

// AppendMap appends ,"name":{...} with m's keys sorted, unless m is
// empty.
func AppendMap(b []byte, name string, m map[string]string) []byte {
	if len(m) == 0 {
		return b
	}
	b = append(appendName(b, name), '{')
	keys := make([]string, 0, 8)
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		b = appendString(b, m[k])
	}
	return append(b, '}')
}

// appendName appends ,"name":.
func appendName(b []byte, name string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	return append(b, '"', ':')
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
