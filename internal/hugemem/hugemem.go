// Package hugemem allocates large tables that are read at random, asking
// the system for huge pages where it has them: 2 MB pages where the usual
// ones are 4 KB, so that the processor's address cache covers the whole
// table and a random read misses in it far less often.
package hugemem

// minBytes is the size from which a table is mapped on its own: below it
// the Go heap serves it.
const minBytes = 4 << 20
