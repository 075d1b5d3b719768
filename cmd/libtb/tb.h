/*
 * tb.h: the C interface of tablebase, the whole of it.
 *
 * Build the library at the root of a clone of the repository:
 *
 *     go build -buildmode=c-shared  -o libtb.so ./cmd/libtb   (shared)
 *     go build -buildmode=c-archive -o libtb.a  ./cmd/libtb   (static)
 *
 * and compile a program against this header there. A program linked with
 * the shared library finds it at run time only where the dynamic loader
 * looks (Linux): in the directories of the program's rpath, here its own
 * directory ($ORIGIN, quoted for the shell),
 *
 *     cc prog.c -I cmd/libtb -L. -ltb -Wl,-rpath,'$ORIGIN' -o prog && ./prog
 *
 * or in those of LD_LIBRARY_PATH (LD_LIBRARY_PATH=/dir/of/libtb ./prog),
 * or in the system's (libtb.so copied into /usr/local/lib, then ldconfig).
 * The static library is linked into the program, which then needs no
 * file at run time:
 *
 *     cc prog.c -I cmd/libtb libtb.a -lpthread -lm -o prog && ./prog
 *
 * A tablebase file is opened read-only; many processes may read one file
 * at once. Positions, moves and values are written as docs/contract.md
 * writes them; answers are those of `tb query` in the one answer shape of
 * the contract, as plain C structs.
 *
 * The contract of this interface:
 *
 *  - Every function returns, or stores in its answer, an error code
 *    (TB_OK or a TB_ERR_ below); none aborts the program. A damaged file
 *    gives TB_ERR_DAMAGED, never a crash. tb_last_error gives the message
 *    of a handle's last failing call.
 *  - A handle is safe to use from many threads at once, except that
 *    tb_close must be the last call on it, made once: it frees the
 *    handle. A NULL handle is TB_ERR_ARGUMENT.
 *  - tb_last_error holds the message of the handle's last failing call,
 *    from whichever thread made it; a batch records the last failure's.
 *    tb_probe_json carries one position's own message in its JSON.
 *  - No pointer into the library's own memory crosses the interface: the
 *    library reads what the caller passes only during the call, writes
 *    only into the caller's buffers, and the strings it returns
 *    (tb_game, tb_outcome_name, tb_result_name) live as long as the
 *    handle, or for ever.
 *  - Probing never solves: a position the file lacks is TB_ERR_NOT_STORED.
 *    tb_solve and the functions given a tb_budget solve what the file
 *    lacks, within the budget.
 *  - Strings are NUL-terminated UTF-8 (positions are ASCII).
 */
#ifndef TB_H
#define TB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface; it grows only by additions. */
#define TB_API_VERSION 4

/* Error codes. */
enum {
	TB_OK = 0,
	TB_ERR_BAD_POSITION = 1, /* not written as the contract says, or breaks the rules */
	TB_ERR_NOT_STORED = 2,   /* the file lacks the position, and no budget was given */
	TB_ERR_TOO_LARGE = 3,    /* beyond the budget's max_cells or max_nodes */
	TB_ERR_TIMEOUT = 4,      /* the budget's time ran out */
	TB_ERR_DAMAGED = 5,      /* the file is damaged (a checksum, a key order, ...) */
	TB_ERR_FILE = 6,         /* the file cannot be opened, or holds no tablebase known here (or of the game asked) */
	TB_ERR_ARGUMENT = 7,     /* a NULL or closed handle, an unknown game, a bad size */
	TB_ERR_BUFFER = 8,       /* the caller's buffer is too small; the size needed is stored */
	TB_ERR_INTERNAL = 9,     /* a fault of the library; the message names it */
	TB_END = 10,             /* tb_positions_next: every position has been given (not an error) */
	TB_ERR_UNSUPPORTED = 11  /* the game's files cannot be listed (tb_positions_open) */
};

/* Outcome classes (docs/contract.md, "One answer shape"). */
enum {
	TB_OUTCOME_NONE = 0, /* three-player: see tb_answer.outcomes */
	TB_OUTCOME_L = 1,    /* Left wins whoever starts */
	TB_OUTCOME_R = 2,    /* Right wins whoever starts */
	TB_OUTCOME_N = 3,    /* the player to move next wins */
	TB_OUTCOME_P = 4,    /* the previous player wins */
	TB_OUTCOME_D = 5,    /* a draw (ttt3d; synchronized games: both draw) */
	TB_OUTCOME_V = 6,    /* synchronized games: Vertical can be sure of a win */
	TB_OUTCOME_H = 7,    /* Horizontal can be sure of a win */
	TB_OUTCOME_VD = 8,   /* Vertical can be sure of a draw, Horizontal of nothing */
	TB_OUTCOME_HD = 9,   /* Horizontal can be sure of a draw, Vertical of nothing */
	TB_OUTCOME_VHD = 10  /* neither can be sure of anything */
};

/* Results, always from one side: the side to move in tb_answer, the
 * player who makes the move in tb_move. */
enum {
	TB_RESULT_NONE = 0, /* the game gives none here */
	TB_WIN = 1,
	TB_DRAW = 2,
	TB_LOSS = 3
};

/* Where an answer came from. */
enum {
	TB_SOURCE_NONE = 0,  /* an error */
	TB_SOURCE_FILE = 1,  /* read from the file */
	TB_SOURCE_SOLVED = 2 /* solved in memory, in part or whole */
};

#define TB_VALUE_SIZE 64     /* bytes of tb_answer.value, NUL included */
#define TB_MOVE_SIZE 24      /* bytes of tb_move.move */
#define TB_POSITION_SIZE 400 /* bytes of tb_move.position: every position the contract allows */

/* An open tablebase file, or a game solved in memory (tb_open_game). */
typedef struct tb_file tb_file;

/* An iteration over the positions a file stores (tb_positions_open). */
typedef struct tb_positions tb_positions;

/* Options given when a handle is opened; NULL for the defaults. */
typedef struct {
	int32_t workers;   /* cores a solve may use (0: 2) */
	int32_t cache_mib; /* memory for the file's decoded blocks (0: 40 MiB) */
} tb_options;

/* How much a solve may cost; every field 0 means no limit on it. */
typedef struct {
	int64_t max_nodes;  /* ttt3d: the most nodes a search may take */
	int32_t max_cells;  /* the most empty cells of a part solved in memory */
	int32_t timeout_ms; /* the most time the whole call may take */
} tb_budget;

/* The answer for one position. */
typedef struct {
	int32_t error;     /* TB_OK, or the reason the other fields are empty */
	int32_t source;    /* TB_SOURCE_* */
	int32_t outcome;   /* TB_OUTCOME_* */
	int32_t result;    /* for the side to move, where one side is to move (ttt3d); else TB_RESULT_NONE */
	int32_t distance;  /* plies to the end with perfect play (ttt3d), or -1 */
	int32_t nim;       /* the value as a nim-value when it is a nimber (0, *, *n; always for cram), or -1 */
	int32_t value_len; /* bytes of the whole value text (0: the game has no value) */
	char outcomes[8];  /* three-player: who can force a win under XYZ, YZX, ZXY, XZY, ZYX, YXZ, each X, Y, Z or Q; else "" */
	char value[TB_VALUE_SIZE]; /* the value in CGSuite notation, cut to TB_VALUE_SIZE-1 bytes when
	                              value_len is larger (tb_probe_json has it whole) */
} tb_answer;

/* One legal move and what it leads to. */
typedef struct {
	char player[4];   /* "L", "R", "V", "H", "X", "Y", "Z", or "" (cram, ttt3d) */
	int32_t result;   /* for the player who makes the move: TB_WIN, TB_DRAW, TB_LOSS; three-player: TB_RESULT_NONE */
	int32_t distance; /* plies to the end after it, counting the move (ttt3d), or -1 */
	int32_t best;     /* 1 for the first move listed of its player, its best */
	int32_t outcome;  /* TB_OUTCOME_* of the position after it, where the game gives one (CGT games, cram) */
	char move[TB_MOVE_SIZE];         /* in the contract's move notation */
	char value[TB_VALUE_SIZE];       /* the value of the position after it (CGT games, cram), cut as tb_answer's */
	char position[TB_POSITION_SIZE]; /* the position after it */
} tb_move;

/* Flags of tb_probe_json. */
enum {
	TB_JSON_MOVES = 1,   /* add moves and best */
	TB_JSON_DETAILS = 2, /* add stops, mean, temperature, atomic weight, birthday, thermograph */
	TB_JSON_EXPLICIT = 4 /* add the explicit canonical form */
};

#ifndef TB_TYPES_ONLY /* defined by the library's own build, whose prototypes cgo writes */

/* The interface version of the library loaded (TB_API_VERSION when it
 * was built), for a program to check at run time. */
int tb_api_version(void);

/* The version of the library loaded (TB_API_VERSION 4): the release it
 * was built from, as tb version and the Python package report it
 * ("X.Y.Z", semantic versioning). A static string. */
const char *tb_version(void);

/* Opens the tablebase file at path read-only. On success stores a handle
 * in *file and returns TB_OK; else stores NULL, writes the message into
 * msg (msg_size bytes, NUL included; msg may be NULL) and returns the
 * error: TB_ERR_FILE for a file that cannot be opened (missing, a
 * directory, unreadable) or holds no tablebase known here,
 * TB_ERR_DAMAGED for a damaged one. */
int tb_open(const char *path, const tb_options *opts, tb_file **file, char *msg, size_t msg_size);

/* As tb_open, for a game (its name as in the contract; TB_API_VERSION 4):
 * a file of another game is TB_ERR_FILE, as tb query --db FILE GAME
 * refuses it, and an unknown game TB_ERR_ARGUMENT. */
int tb_open_as(const char *path, const char *game, const tb_options *opts, tb_file **file, char *msg, size_t msg_size);

/* Opens a handle for a game (its name as in the contract) without a file:
 * probing it gives TB_ERR_NOT_STORED, tb_solve solves in memory. */
int tb_open_game(const char *game, const tb_options *opts, tb_file **file, char *msg, size_t msg_size);

/* Closes a handle and frees it (NULL is allowed); it must be the last
 * call on it. */
void tb_close(tb_file *file);

/* The handle's game name, as in the contract ("" for NULL). */
const char *tb_game(const tb_file *file);

/* Stores in *hash the file's content hash, as tb verify prints it and as
 * answers name it ("file" in JSON); 0 without a file. It reads the whole
 * file on its first call. Returns TB_OK, or the error (a damaged file:
 * TB_ERR_DAMAGED). */
int tb_content_hash(tb_file *file, uint64_t *hash);

/* The file's format version (docs/format.md), 0 without a file. */
int tb_format_version(const tb_file *file);

/* Answers one position from the file. Returns out->error. */
int tb_probe(tb_file *file, const char *position, tb_answer *out);

/* Answers positions[0..n-1] into out[0..n-1]: the fast path. Returns the
 * number of answers whose error is not TB_OK. */
size_t tb_probe_many(tb_file *file, const char *const *positions, size_t n, tb_answer *out);

/* As tb_probe_many, for the positions of a buffer of len bytes, one a line
 * ('\n'; a '\r' before it is dropped, and blank lines are skipped: out[i]
 * answers the i-th line that is not blank). Stores in *n the number of
 * positions, answering at most cap of them, and returns TB_OK, or
 * TB_ERR_BUFFER when there are more than cap; the answers' own errors are
 * in them. */
int tb_probe_lines(tb_file *file, const char *lines, size_t len, tb_answer *out, size_t cap, size_t *n);

/* As tb_probe_lines, and stores in ids[i] (ids has cap elements) a number
 * of the answer out[i] (TB_API_VERSION 3): answers given the same number
 * by any call on the same handle are the same, byte for byte, so that a
 * caller can keep what it makes of an answer by its number and skip
 * reading the others that have it. 0 is no number: such an answer (an
 * error, a sum of parts, any answer of a game without numbers) must be
 * read. */
int tb_probe_lines_ids(tb_file *file, const char *lines, size_t len, tb_answer *out, uint32_t *ids, size_t cap, size_t *n);

/* Solves one position: from the file where it holds it, in memory within
 * budget (NULL: no limit) where it does not. Returns out->error. */
int tb_solve(tb_file *file, const char *position, const tb_budget *budget, tb_answer *out);

/* Lists the legal moves of a position, for each player best first, into
 * out (cap moves); stores in *n how many there are. The positions after
 * them must be in the file, unless a budget is given (NULL: probe only).
 * Returns TB_OK, TB_ERR_BUFFER when there are more than cap, or the
 * error. */
int tb_moves(tb_file *file, const char *position, const tb_budget *budget, tb_move *out, size_t cap, size_t *n);

/* Writes the JSON answer of tb query for one position (the one answer
 * shape, every field) into buf (size bytes, NUL included) and stores its
 * length in *len. Solves within budget what the file lacks (NULL: probe
 * only). Returns TB_OK, TB_ERR_BUFFER when size is too small (nothing
 * written; *len is what is needed, without the NUL), or the answer's
 * error (the JSON, with its "error" field, is written all the same). */
int tb_probe_json(tb_file *file, const char *position, int flags, const tb_budget *budget, char *buf, size_t size, size_t *len);

/* Evaluates an expression over values (tb value's: sums, differences,
 * {L|R} typed by hand, one comparison; docs/contract.md, "Value
 * notation") and writes the JSON of tb value --json into buf (size
 * bytes, NUL included), storing its length in *len. budget->max_nodes
 * bounds the canonical forms made (0: 2^20) and budget->timeout_ms the
 * time (NULL: those defaults, no time limit). Returns TB_OK,
 * TB_ERR_BUFFER when size is too small (nothing written; *len is what is
 * needed), TB_ERR_ARGUMENT for an expression that is not one,
 * TB_ERR_TOO_LARGE or TB_ERR_TIMEOUT past the budget (the JSON, with its
 * "error" field, is written all the same). Needs no handle. */
int tb_value_json(const char *expr, const tb_budget *budget, char *buf, size_t size, size_t *len);

/* Starts an iteration over every position class the file stores, each
 * once as the file keys it (up to symmetry), level by level (by cells or
 * stones): for the games whose files hold exact values of parts
 * (domineering, xt-domineering, cram, clobber and the like); other games'
 * files give TB_ERR_UNSUPPORTED. Stores the iteration in *it and returns
 * TB_OK, or the error. An iteration is used from one thread at a time,
 * and must be closed before its file. */
int tb_positions_open(tb_file *file, tb_positions **it);

/* Gives the next position: writes it into position (size bytes, NUL
 * included) and its answer into out (as tb_probe would), and returns
 * TB_OK; TB_END when every position has been given; TB_ERR_BUFFER when
 * size is too small (the same position is given by the next call), or
 * the error (a damaged file: TB_ERR_DAMAGED). */
int tb_positions_next(tb_positions *it, char *position, size_t size, tb_answer *out);

/* Ends an iteration and frees it (NULL is allowed). */
void tb_positions_close(tb_positions *it);

/* Copies the message of the handle's last failing call into buf (size
 * bytes, NUL included) and returns its length ("" when none). */
size_t tb_last_error(tb_file *file, char *buf, size_t size);

/* Names of the codes, for messages: "L", "N", "VD", ...; "win", ...;
 * "bad position", .... Static strings; "" for an unknown code. */
const char *tb_outcome_name(int outcome);
const char *tb_result_name(int result);
const char *tb_error_name(int error);

#endif /* TB_TYPES_ONLY */

#ifdef __cplusplus
}
#endif

#endif /* TB_H */
