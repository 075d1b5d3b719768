/*
 * bench.c: times the C library, run by BenchmarkC in libtb_bench_test.go.
 *
 *   bench FILE POSITIONS ROUNDS
 *
 * probes every position of POSITIONS (one a line) ROUNDS times one at a
 * time (tb_probe), in one array (tb_probe_many) and in one buffer
 * (tb_probe_lines), and prints the median nanoseconds a probe of each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tb.h"

static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
	qsort(v, n, sizeof *v, cmp);
	return v[n / 2];
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: bench FILE POSITIONS ROUNDS\n");
		return 2;
	}
	int rounds = atoi(argv[3]);
	if (rounds < 1 || rounds > 100)
		rounds = 5;
	char msg[512];
	tb_file *file;
	if (tb_open(argv[1], NULL, &file, msg, sizeof msg) != TB_OK) {
		fprintf(stderr, "bench: %s\n", msg);
		return 1;
	}
	FILE *in = fopen(argv[2], "rb");
	if (!in) {
		perror(argv[2]);
		return 1;
	}
	fseek(in, 0, SEEK_END);
	size_t len = (size_t)ftell(in);
	fseek(in, 0, SEEK_SET);
	char *buf = malloc(len + 1), *copy = malloc(len + 1);
	if (fread(buf, 1, len, in) != len)
		return 1;
	buf[len] = 0;
	memcpy(copy, buf, len + 1);
	size_t n = 0, cap = 1024;
	char **positions = malloc(cap * sizeof *positions);
	for (char *line = strtok(copy, "\n"); line; line = strtok(NULL, "\n")) {
		if (n == cap)
			positions = realloc(positions, (cap *= 2) * sizeof *positions);
		positions[n++] = line;
	}
	tb_answer *answers = malloc(n * sizeof *answers);
	double single[100], many[100], lines[100];
	size_t failed = 0;
	for (int r = 0; r < rounds; r++) {
		double t0 = now();
		for (size_t i = 0; i < n; i++)
			if (tb_probe(file, positions[i], &answers[i]) != TB_OK)
				failed++;
		double t1 = now();
		failed += tb_probe_many(file, (const char *const *)positions, n, answers);
		double t2 = now();
		size_t got;
		if (tb_probe_lines(file, buf, len, answers, n, &got) != TB_OK || got != n)
			failed++;
		double t3 = now();
		single[r] = (t1 - t0) / n, many[r] = (t2 - t1) / n, lines[r] = (t3 - t2) / n;
	}
	printf("positions %zu failed %zu\n", n, failed);
	printf("single %.1f\nmany %.1f\nlines %.1f\n", median(single, rounds), median(many, rounds), median(lines, rounds));
	tb_close(file);
	return failed != 0;
}
