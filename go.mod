module github.com/tablebase/tablebase

go 1.26.8

require (
	github.com/RoaringBitmap/roaring v1.9.4
	github.com/cespare/xxhash/v2 v2.3.0
	go.etcd.io/bbolt v1.5.0
)

require (
	github.com/bits-and-blooms/bitset v1.12.0 // indirect
	github.com/mschoch/smat v0.2.0 // indirect
	golang.org/x/sys v0.45.0 // indirect
)
