package fixture

import "github.com/tablebase/tablebase/internal/bits128"

const limit = bits128.Cells

func adapt(c bits128.Set) int { return c.Count() }
