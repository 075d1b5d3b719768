/*
 * probe.c: the C library's test program, compiled with -Wall -Werror
 * against tb.h by libtb_test.go.
 *
 *   probe FILE POSITIONS       prints one line per position of the file
 *                              POSITIONS (one a line): its answer, then
 *                              its moves; checks that tb_probe_many,
 *                              tb_probe_lines, tb_probe_lines_ids (and
 *                              its numbers) and four threads probing at
 *                              once give the same answers
 *   probe --damaged FILE POS   opens and probes a damaged file: prints
 *                              the error codes, exits 0 unless it crashes
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb.h"

#define MAX_POSITIONS 4096
#define MAX_MOVES 512
#define THREADS 4

static char *positions[MAX_POSITIONS];
static size_t count;
static tb_file *file;
static tb_answer single[MAX_POSITIONS];

static void fail(const char *what) {
	char msg[512];
	tb_last_error(file, msg, sizeof msg);
	fprintf(stderr, "probe: %s: %s\n", what, msg);
	exit(1);
}

/* read_positions reads the lines of path into positions, and the whole
 * file into *buf. */
static void read_positions(const char *path, char **buf, size_t *len) {
	FILE *in = fopen(path, "rb");
	if (!in) {
		perror(path);
		exit(1);
	}
	fseek(in, 0, SEEK_END);
	*len = (size_t)ftell(in);
	fseek(in, 0, SEEK_SET);
	*buf = malloc(*len + 1);
	if (fread(*buf, 1, *len, in) != *len) {
		perror(path);
		exit(1);
	}
	(*buf)[*len] = 0;
	fclose(in);
	char *copy = strdup(*buf);
	for (char *line = strtok(copy, "\n"); line && count < MAX_POSITIONS; line = strtok(NULL, "\n"))
		positions[count++] = line;
}

static int same(const tb_answer *a, const tb_answer *b) {
	return a->error == b->error && a->source == b->source && a->outcome == b->outcome &&
	       a->result == b->result && a->distance == b->distance && a->nim == b->nim &&
	       a->value_len == b->value_len && strcmp(a->value, b->value) == 0 &&
	       strcmp(a->outcomes, b->outcomes) == 0;
}

static void *worker(void *arg) {
	size_t id = (size_t)arg;
	tb_answer a;
	for (int round = 0; round < 20; round++)
		for (size_t i = id; i < count; i += THREADS / 2)
			if (tb_probe(file, positions[i], &a) != single[i].error || !same(&a, &single[i]))
				return "differs";
	return NULL;
}

static void print_answer(const char *position, const tb_answer *a) {
	printf("answer\t%s\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s\t%d\n", position, tb_error_name(a->error),
	       tb_outcome_name(a->outcome), tb_result_name(a->result), a->distance, a->nim, a->value,
	       a->outcomes, a->source == TB_SOURCE_FILE ? "tablebase" : a->source == TB_SOURCE_SOLVED ? "solved" : "",
	       a->value_len);
}

static int damaged(const char *path, const char *position) {
	char msg[512];
	int code = tb_open(path, NULL, &file, msg, sizeof msg);
	printf("open\t%s\t%s\n", tb_error_name(code), msg);
	if (code != TB_OK)
		return 0;
	tb_answer a;
	for (int i = 0; i < 3; i++) {
		code = tb_probe(file, position, &a);
		tb_last_error(file, msg, sizeof msg);
		printf("probe\t%s\t%s\n", tb_error_name(code), code == TB_OK ? "" : msg);
	}
	uint64_t hash;
	code = tb_content_hash(file, &hash);
	printf("hash\t%s\t%016llx\n", tb_error_name(code), (unsigned long long)hash);
	tb_close(file);
	return 0;
}

int main(int argc, char **argv) {
	if (argc == 4 && strcmp(argv[1], "--damaged") == 0)
		return damaged(argv[2], argv[3]);
	if (argc != 3) {
		fprintf(stderr, "usage: probe FILE POSITIONS | probe --damaged FILE POSITION\n");
		return 2;
	}
	char msg[512];
	if (tb_open(argv[1], NULL, &file, msg, sizeof msg) != TB_OK) {
		fprintf(stderr, "probe: %s\n", msg);
		return 1;
	}
	char *buf;
	size_t len;
	read_positions(argv[2], &buf, &len);
	uint64_t hash;
	if (tb_content_hash(file, &hash) != TB_OK)
		fail("tb_content_hash");
	if (tb_api_version() != TB_API_VERSION)
		fail("tb_api_version");
	if (strcmp(tb_version(), WANT_VERSION) != 0)
		fail("tb_version");
	tb_file *as;
	if (tb_open_as(argv[1], tb_game(file), NULL, &as, msg, sizeof msg) != TB_OK || strcmp(tb_game(as), tb_game(file)) != 0)
		fail("tb_open_as of the file's game");
	tb_close(as);
	const char *other = strcmp(tb_game(file), "cram") == 0 ? "domineering" : "cram";
	if (tb_open_as(argv[1], other, NULL, &as, msg, sizeof msg) != TB_ERR_FILE || as != NULL || !strstr(msg, other))
		fail("tb_open_as of another game");
	if (tb_open_as(argv[1], "chess", NULL, &as, msg, sizeof msg) != TB_ERR_ARGUMENT || as != NULL)
		fail("tb_open_as of an unknown game");
	printf("game\t%s\t%d\t%016llx\n", tb_game(file), tb_format_version(file), (unsigned long long)hash);

	for (size_t i = 0; i < count; i++)
		tb_probe(file, positions[i], &single[i]);
	static tb_answer many[MAX_POSITIONS];
	tb_probe_many(file, (const char *const *)positions, count, many);
	for (size_t i = 0; i < count; i++)
		if (!same(&many[i], &single[i]))
			fail("tb_probe_many differs from tb_probe");
	size_t n;
	if (tb_probe_lines(file, buf, len, many, MAX_POSITIONS, &n) != TB_OK || n != count)
		fail("tb_probe_lines");
	for (size_t i = 0; i < count; i++)
		if (!same(&many[i], &single[i]))
			fail("tb_probe_lines differs from tb_probe");
	if (count > 1 && (tb_probe_lines(file, buf, len, many, 1, &n) != TB_ERR_BUFFER || n != count))
		fail("tb_probe_lines with too small a buffer");
	static uint32_t ids[MAX_POSITIONS];
	if (tb_probe_lines_ids(file, buf, len, many, ids, MAX_POSITIONS, &n) != TB_OK || n != count)
		fail("tb_probe_lines_ids");
	for (size_t i = 0; i < count; i++) {
		if (!same(&many[i], &single[i]))
			fail("tb_probe_lines_ids differs from tb_probe");
		for (size_t j = 0; j < i; j++)
			if (ids[i] != 0 && ids[j] == ids[i] && memcmp(&many[i], &many[j], sizeof many[i]) != 0)
				fail("tb_probe_lines_ids numbers two answers alike");
	}

	pthread_t threads[THREADS];
	for (size_t t = 0; t < THREADS; t++)
		pthread_create(&threads[t], NULL, worker, (void *)(t % (THREADS / 2)));
	for (size_t t = 0; t < THREADS; t++) {
		void *ret;
		pthread_join(threads[t], &ret);
		if (ret)
			fail("a thread's answers differ from tb_probe's");
	}

	static tb_move moves[MAX_MOVES];
	for (size_t i = 0; i < count; i++) {
		print_answer(positions[i], &single[i]);
		if (single[i].value_len >= TB_VALUE_SIZE) {
			size_t need;
			if (tb_probe_json(file, positions[i], 0, NULL, msg, 8, &need) != TB_ERR_BUFFER)
				fail("tb_probe_json with too small a buffer");
			char *json = malloc(need + 1);
			if (tb_probe_json(file, positions[i], 0, NULL, json, need + 1, &need) != TB_OK)
				fail("tb_probe_json");
			printf("json\t%s\n", json);
			free(json);
		}
		int code = tb_moves(file, positions[i], NULL, moves, MAX_MOVES, &n);
		printf("moves\t%s\t%zu\n", tb_error_name(code), code == TB_OK ? n : 0);
		for (size_t m = 0; code == TB_OK && m < n; m++)
			printf("move\t%s\t%s\t%s\t%s\t%d\t%d\t%s\t%s\n", moves[m].player, moves[m].move, moves[m].position,
			       tb_result_name(moves[m].result), moves[m].distance, moves[m].best,
			       tb_outcome_name(moves[m].outcome), moves[m].value);
	}
	tb_close(file);
	return 0;
}
