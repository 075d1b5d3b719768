package main

// #include <stdlib.h>
import "C"

import "github.com/tablebase/tablebase/internal/version"

// versionText is the release as a C string, made once and never freed:
// tb_version's answer lives for ever.
var versionText = C.CString(version.Version)

//export tb_version
func tb_version() *C.char { return versionText }
