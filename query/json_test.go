package query

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// marshalled is an answer as encoding/json writes it, HTML escaping off.
func marshalled(t *testing.T, a *Answer) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(a); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// sampleField sets field i of a to a value that is not its zero value,
// drawn from rng; the strings include ones that JSON escapes.
func sampleField(a *Answer, i int, rng *rand.Rand) {
	strs := []string{"N", "{1|-1/2}", "..|.#", "a\"b\\c", "tab\there", "<&>", "↑*", "\u2028", "bad \xff utf-8", "ctl \x01"}
	one := rng.IntN(100) - 50
	f := reflect.ValueOf(a).Elem().Field(i)
	switch v := f.Addr().Interface().(type) {
	case *string:
		*v = strs[rng.IntN(len(strs))]
	case **int:
		*v = &one
	case *bool:
		*v = true
	case *[]Best:
		*v = []Best{{Player: strs[rng.IntN(3)], Move: "a1"}, {Move: strs[rng.IntN(len(strs))]}}[:1+rng.IntN(2)]
	case *[]Move:
		wins := rng.IntN(2) == 0
		*v = []Move{{Player: "L", Move: "a1-a2", Position: "..", Value: "*", Wins: &wins, Distance: &one}}
	case *map[string]string:
		*v = map[string]string{"XYZ": "X", "YZX": "Q"}
	case **Thermograph:
		*v = &Thermograph{Left: [][2]float64{{0, 1}}, Right: [][2]float64{{0, 0.5}, {1, 0.5}}}
	default:
		panic("sampleField: a field of type " + f.Type().String() + " needs a sample")
	}
}

// TestAppendJSON checks that answers are written as encoding/json writes
// them: each field of Answer alone (so that a field added to Answer and
// not to AppendJSON fails here), and random sets of fields.
func TestAppendJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := reflect.TypeFor[Answer]().NumField()
	check := func(a *Answer) {
		t.Helper()
		if got, want := string(a.AppendJSON([]byte("x"))), "x"+marshalled(t, a); got != want {
			t.Fatalf("AppendJSON:\n got %s\nwant %s", got, want)
		}
	}
	for i := range n {
		if !reflect.TypeFor[Answer]().Field(i).IsExported() {
			continue
		}
		for range 5 {
			a := &Answer{Game: "domineering", Position: "...|..."}
			sampleField(a, i, rng)
			check(a)
		}
	}
	for range 2000 {
		var a Answer
		for i := range n {
			if reflect.TypeFor[Answer]().Field(i).IsExported() && rng.IntN(3) == 0 {
				sampleField(&a, i, rng)
			}
		}
		check(&a)
	}
}
