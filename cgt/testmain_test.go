package cgt

import (
	"testing"

	"github.com/tablebase/tablebase/internal/testdir"
)

// TestMain runs the tests with their files in memory where it can
// (testdir).
func TestMain(m *testing.M) { testdir.Main(m) }
