/* names.c: the functions of tb.h that need no Go. */
#include "tb.h"
#include "handle.h"

int tb_api_version(void) { return TB_API_VERSION; }

const char *tb_game(const tb_file *file) { return file ? file->game : ""; }

int tb_format_version(const tb_file *file) { return file ? file->format : 0; }

const char *tb_outcome_name(int outcome) {
	static const char *const names[] = {"", "L", "R", "N", "P", "D", "V", "H", "VD", "HD", "VHD"};
	return outcome >= 0 && outcome < (int)(sizeof names / sizeof names[0]) ? names[outcome] : "";
}

const char *tb_result_name(int result) {
	static const char *const names[] = {"", "win", "draw", "loss"};
	return result >= 0 && result < (int)(sizeof names / sizeof names[0]) ? names[result] : "";
}

const char *tb_error_name(int error) {
	static const char *const names[] = {
		"ok", "bad position", "not stored", "too large", "timeout",
		"damaged", "file", "argument", "buffer too small", "internal",
		"end", "unsupported",
	};
	return error >= 0 && error < (int)(sizeof names / sizeof names[0]) ? names[error] : "";
}
