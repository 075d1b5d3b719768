/* positions: lists every position a tablebase file stores through
 * tb_positions_open and tb_positions_next, checking each answer against
 * tb_probe of the same position; a first buffer of 2 bytes is too small,
 * so that TB_ERR_BUFFER and the position given again are exercised.
 * Prints "count N" and "mismatch ..." lines, or "unsupported". */
#include <stdio.h>
#include <string.h>

#include "tb.h"

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: positions FILE\n");
		return 2;
	}
	tb_file *f;
	char msg[512];
	if (tb_open(argv[1], NULL, &f, msg, sizeof msg) != TB_OK) {
		fprintf(stderr, "open: %s\n", msg);
		return 1;
	}
	tb_positions *it;
	int code = tb_positions_open(f, &it);
	if (code == TB_ERR_UNSUPPORTED) {
		printf("unsupported\n");
		tb_close(f);
		return 0;
	}
	if (code != TB_OK) {
		tb_last_error(f, msg, sizeof msg);
		fprintf(stderr, "tb_positions_open: %s\n", msg);
		return 1;
	}
	char position[512];
	size_t size = 2;
	long count = 0;
	tb_answer a, b;
	for (;;) {
		code = tb_positions_next(it, position, size, &a);
		if (code == TB_END) {
			break;
		}
		if (code == TB_ERR_BUFFER && size < sizeof position) {
			size = sizeof position;
			continue;
		}
		if (code != TB_OK) {
			tb_last_error(f, msg, sizeof msg);
			fprintf(stderr, "tb_positions_next: %s: %s\n", tb_error_name(code), msg);
			return 1;
		}
		count++;
		if (tb_probe(f, position, &b) != TB_OK || a.outcome != b.outcome || a.nim != b.nim ||
		    strcmp(a.value, b.value) != 0 || a.source != b.source) {
			printf("mismatch %s: %s %s, probed %s %s\n", position, a.value,
			       tb_outcome_name(a.outcome), b.value, tb_outcome_name(b.outcome));
		}
	}
	tb_positions_close(it);
	printf("count %ld\n", count);
	tb_close(f);
	return 0;
}
