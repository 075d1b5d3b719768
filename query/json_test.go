package query

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// Answer and Move without their methods: encoding/json writes these
// through reflection, the reference AppendJSON must equal.
type (
	plainAnswer Answer
	plainMove   Move
)

// marshalled is v as encoding/json writes it, HTML escaping off.
func marshalled(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// sampleField sets field i of the struct v points to to a value that is
// not its zero value, drawn from rng; the strings include ones that JSON
// escapes. Moves are set with no field but Move and Position, whose
// JSON TestMoveJSON checks.
func sampleField(v any, i int, rng *rand.Rand) {
	strs := []string{"N", "{1|-1/2}", "..|.#", "a\"b\\c", "tab\there", "<&>", "↑*", "\u2028", "bad \xff utf-8", "ctl \x01"}
	one := rng.IntN(100) - 50
	f := reflect.ValueOf(v).Elem().Field(i)
	switch v := f.Addr().Interface().(type) {
	case *string:
		*v = strs[rng.IntN(len(strs))]
	case **int:
		*v = &one
	case **bool:
		wins := rng.IntN(2) == 0
		*v = &wins
	case *[]Best:
		*v = []Best{{Player: strs[rng.IntN(3)], Move: "a1"}, {Move: strs[rng.IntN(len(strs))]}}[:1+rng.IntN(2)]
	case *[]Move:
		*v = []Move{{Move: "a1-a2", Position: strs[rng.IntN(len(strs))]}, {Move: "b1", Position: ".."}}[:1+rng.IntN(2)]
	case **Thermograph:
		*v = &Thermograph{Left: [][2]float64{{0, 1}}, Right: [][2]float64{{0, 0.5}, {1, 0.5}}}
	case *Extra:
	default:
		panic("sampleField: a field of type " + f.Type().String() + " needs a sample")
	}
}

// TestAnswerJSON checks that answers without an Extra are written as
// encoding/json writes their fields: each field of Answer alone (so that
// a field added to Answer and not to AppendJSON fails here), and random
// sets of fields.
func TestAnswerJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := reflect.TypeFor[Answer]().NumField()
	check := func(a *Answer) {
		t.Helper()
		want := marshalled(t, (*plainAnswer)(a))
		if got := string(a.AppendJSON([]byte("x"))); got != "x"+want {
			t.Fatalf("AppendJSON:\n got %s\nwant x%s", got, want)
		}
		if got := marshalled(t, a); got != want {
			t.Fatalf("MarshalJSON:\n got %s\nwant %s", got, want)
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

// TestMoveJSON checks moves without an Extra as TestAnswerJSON checks
// answers.
func TestMoveJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := reflect.TypeFor[Move]().NumField()
	for range 2000 {
		var m Move
		for i := range n {
			if rng.IntN(2) == 0 {
				sampleField(&m, i, rng)
			}
		}
		want := marshalled(t, (*plainMove)(&m))
		if got := string(m.AppendJSON(nil)); got != want {
			t.Fatalf("AppendJSON:\n got %s\nwant %s", got, want)
		}
	}
}

// marks is an Extra that writes its place's name.
type marks struct{}

func (marks) AppendJSON(b []byte, at Place) []byte {
	return AppendField(b, "at", []string{"early", "late"}[at])
}

// TestExtraPlaces: an Extra's fields go where Place says, between the
// shared fields that docs/contract.md orders around them.
func TestExtraPlaces(t *testing.T) {
	one, yes := 1, true
	a := Answer{
		Game: "g", Position: "p", Birthday: &one, Extra: marks{},
		Thermograph: &Thermograph{}, Best: []Best{{Move: "m"}},
		Moves: []Move{{Move: "m", Position: "q", Wins: &yes, Result: Win, Distance: &one, Extra: marks{}}},
	}
	want := `{"game":"g","position":"p","birthday":1,"at":"early","thermograph":{"left":null,"right":null},` +
		`"moves":[{"move":"m","position":"q","wins":true,"at":"early","result":"win","at":"late","distance":1}],` +
		`"at":"late","best":[{"move":"m"}]}`
	if got := string(a.AppendJSON(nil)); got != want {
		t.Fatalf("AppendJSON:\n got %s\nwant %s", got, want)
	}
}

// TestAppendMap: a map is written with its keys sorted, as encoding/json
// writes it, and left out when empty.
func TestAppendMap(t *testing.T) {
	for _, m := range []map[string]string{nil, {}, {"b": "1", "a": "\"", "<": "é"}, {"XYZ": "X", "XZY": "Q", "YXZ": "Z", "YZX": "Q", "ZXY": "Y", "ZYX": "X", "Q": "Q", "R": "R", "S": "S"}} {
		want := ""
		if len(m) > 0 {
			want = `,"m":` + marshalled(t, m)
		}
		if got := string(AppendMap(nil, "m", m)); got != want {
			t.Errorf("AppendMap(%v) = %s, want %s", m, got, want)
		}
	}
	if got := string(AppendTrue(AppendTrue(nil, "f", false), "t", true)); !strings.Contains(got, `"t":true`) || strings.Contains(got, `"f"`) {
		t.Errorf("AppendTrue: %s", got)
	}
}
