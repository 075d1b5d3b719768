package query

import (
	"testing"

	"github.com/tablebase/tablebase/cgt"
)

func TestEvaluateValue(t *testing.T) {
	u := cgt.NewUniverse(16)
	a := EvaluateValue(u, "{1|0}")
	if a.Err() != nil || a.Value != "{1|0}" || a.Outcome != "N" || a.Mean != "1/2" || a.Temperature != "1/2" ||
		a.LeftStop != "1" || a.RightStop != "0" || *a.Birthday != 2 || a.AtomicWeight != "" || a.Thermograph == nil {
		t.Errorf("{1|0}: %+v", a)
	}
	a = EvaluateValue(u, "^ + ^ + *")
	if a.Value != "^^*" || a.AtomicWeight != "2" || a.Outcome != "L" {
		t.Errorf("^+^+*: %+v", a)
	}
	a = EvaluateValue(u, "* || 0")
	if a.Holds == nil || !*a.Holds || a.Relation != "||" || a.LHS != "*" || a.RHS != "0" || a.Value != "" {
		t.Errorf("* || 0: %+v", a)
	}
	a = EvaluateValue(u, "^ < 0")
	if a.Holds == nil || *a.Holds || a.Relation != ">" {
		t.Errorf("^ < 0: %+v", a)
	}
	a = EvaluateValue(u, "{1|")
	if a.Err() == nil || a.Error == "" || a.Value != "" {
		t.Errorf("{1|: %+v", a)
	}
}
