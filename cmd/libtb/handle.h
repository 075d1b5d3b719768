/* handle.h: the library's own view of a tb_file, private to cmd/libtb. */
#ifndef TB_HANDLE_H
#define TB_HANDLE_H

#include <stdint.h>

struct tb_file {
	uintptr_t handle; /* the cgo.Handle of the Go side; 0 once closed */
	char game[32];    /* the game's name, for tb_game */
	int32_t format;   /* the file's format version, 0 without a file */
};

struct tb_positions {
	uintptr_t handle; /* the cgo.Handle of the Go side; 0 once closed */
};

#endif
