"""tablebase: exact answers for small-board combinatorial games, from Python.

A binding, with ctypes and the standard library only, of the C library
libtb (cmd/libtb/tb.h in the repository): it reads the bbolt files that
``tb build`` writes and answers positions as ``tb query`` does, in the one
answer shape of docs/contract.md::

    import tablebase
    with tablebase.open("dom15.db", game="domineering") as t:   # t.game: the file's game
        a = t.probe("...|...")      # Answer(outcome='N', value='{2|-1/2}', ...)
        t.probe_many(["..|..", "...|..."])
        t.moves("...|...")          # [Move(player='L', move='b1-b2', ...), ...]
        t.json("...|...", details=True)

Positions and moves are written as the contract writes them. Errors are
exceptions carrying the library's message: ``Error`` and a subclass per
error code (``BadPosition``, ``NotStored``, ``TooLarge``, ``Timeout``,
``Damaged``, ``FileError``, ``ArgumentError``, ``InternalError``).

A handle may be used from many threads at once (the library releases the
GIL while it works); ``close`` must come after every other call on it.
``__version__`` is the package's release, ``library_version()`` the C
library's (``tb version`` prints the same for the program).
The library runs the Go runtime: in a process forked after it is loaded,
do not use it (use multiprocessing's "spawn" or "forkserver" start method).
"""

import json as _json
import os as _os
import struct as _struct
import threading as _threading
from ctypes import addressof as _addressof
from ctypes import byref as _byref
from ctypes import c_char_p as _c_char_p
from ctypes import c_size_t as _c_size_t
from ctypes import c_uint32 as _c_uint32
from ctypes import c_uint64 as _c_uint64
from ctypes import c_void_p as _c_void_p
from ctypes import create_string_buffer as _create_string_buffer
from ctypes import string_at as _string_at
from operator import itemgetter as _itemgetter

from . import _lib

__all__ = [
    "open", "open_game", "value", "Tablebase", "Answer", "Move",
    "Error", "BadPosition", "NotStored", "TooLarge", "Timeout", "Damaged",
    "FileError", "ArgumentError", "Unsupported", "InternalError",
    "API_VERSION", "library_path", "library_version",
]
__version__ = "0.1.0"

API_VERSION = _lib.API_VERSION
_C = _lib.load()
if _C.tb_api_version() < API_VERSION:
    raise ImportError("the C library %s has interface version %d; this package needs %d or later"
                      % (_C._name, _C.tb_api_version(), API_VERSION))
#: The path of the C library in use.
library_path = _C._name


def library_version():
    """The release the C library in use was built from (tb_version), as
    ``tb version`` prints it: ``__version__`` for the library pip
    installs with the package."""
    return _C.tb_version().decode()


# Errors ---------------------------------------------------------------

class Error(Exception):
    """An error of the tablebase library. ``str(e)`` is the library's
    message; ``code`` is its TB_ERR_ code, ``position`` the position asked
    (None when the error is not about one)."""

    code = _lib.ERR_INTERNAL

    def __init__(self, message, position=None):
        super().__init__(message)
        self.message = message
        self.position = position

    def __str__(self):
        return self.message

    def __reduce__(self):
        return (_rebuild_error, (type(self), self.message, self.position))


def _rebuild_error(cls, message, position):
    return cls(message, position)


class BadPosition(Error, ValueError):
    """The position is not written as the contract says, or breaks the
    rules (TB_ERR_BAD_POSITION). Also a ValueError."""
    code = _lib.ERR_BAD_POSITION


class NotStored(Error, KeyError):
    """The file lacks the position, and nothing was to be solved
    (TB_ERR_NOT_STORED). Also a KeyError (a file maps positions to
    answers), whose str() is still the message alone."""
    code = _lib.ERR_NOT_STORED


class TooLarge(Error):
    """Solving it goes beyond max_cells or max_nodes (TB_ERR_TOO_LARGE)."""
    code = _lib.ERR_TOO_LARGE


class Timeout(Error, TimeoutError):
    """The timeout ran out (TB_ERR_TIMEOUT). Also a TimeoutError."""
    code = _lib.ERR_TIMEOUT


class FileError(Error, OSError):
    """The file cannot be opened, or holds no tablebase known here
    (TB_ERR_FILE). Also an OSError."""
    code = _lib.ERR_FILE


class Damaged(FileError):
    """The file is damaged: a checksum, a key order, ... (TB_ERR_DAMAGED).
    A FileError, so also an OSError."""
    code = _lib.ERR_DAMAGED


class ArgumentError(Error, ValueError):
    """A bad argument: an unknown game, a closed handle, a bad size
    (TB_ERR_ARGUMENT). Also a ValueError."""
    code = _lib.ERR_ARGUMENT


class Unsupported(Error):
    """The file's game cannot do what was asked: its files cannot be
    listed (TB_ERR_UNSUPPORTED)."""
    code = _lib.ERR_UNSUPPORTED


class InternalError(Error):
    """A fault of the library (TB_ERR_INTERNAL, or a code this package
    does not know)."""
    code = _lib.ERR_INTERNAL


_ERRORS = {
    _lib.ERR_BAD_POSITION: BadPosition,
    _lib.ERR_NOT_STORED: NotStored,
    _lib.ERR_TOO_LARGE: TooLarge,
    _lib.ERR_TIMEOUT: Timeout,
    _lib.ERR_DAMAGED: Damaged,
    _lib.ERR_FILE: FileError,
    _lib.ERR_ARGUMENT: ArgumentError,
    _lib.ERR_INTERNAL: InternalError,
    _lib.ERR_UNSUPPORTED: Unsupported,
}


def _error(code, message, position=None):
    """The exception of a TB_ERR_ code."""
    cls = _ERRORS.get(code, InternalError)
    if not message:
        message = (_C.tb_error_name(code) or b"error %d" % code).decode()
    return cls(message, position)


# Answers --------------------------------------------------------------

class Answer(tuple):
    """The answer for one position, in the contract's one answer shape.

    A tuple of (outcome, value, nim, result, distance, outcomes, source,
    error), with these fields:

    outcome   "L", "R", "N", "P", "D", "V", "H", "VD", "HD", "VHD", or None
              (domineering3d, which has outcomes instead)
    value     the CGT value in CGSuite notation, whole (str), or None
    nim       the value as an int when it is a nimber (0, *, *n; always for
              cram), else None
    result    "win", "draw", "loss" for the side to move where one side is
              to move (ttt3d), else None
    distance  plies to the end with perfect play (ttt3d), else None
    outcomes  domineering3d: a dict of the six turn orders ("XYZ", ...) to
              "X", "Y", "Z" or "Q"; else None
    source    "tablebase" (read from the file) or "solved" (in memory)
    error     None, or the Error (an exception instance) that answers this
              position instead; only probe_many returns such answers (with
              strict=False); the other fields are then None
    """

    __slots__ = ()
    _fields = ("outcome", "value", "nim", "result", "distance", "outcomes",
               "source", "error")

    def __new__(cls, outcome=None, value=None, nim=None, result=None,
                distance=None, outcomes=None, source=None, error=None):
        return tuple.__new__(cls, (outcome, value, nim, result, distance,
                                   outcomes, source, error))

    def __getnewargs__(self):
        return tuple(self)

    outcome = property(_itemgetter(0), doc="outcome class, or None")
    value = property(_itemgetter(1), doc="CGT value (str), or None")
    nim = property(_itemgetter(2), doc="nim-value (int), or None")
    result = property(_itemgetter(3), doc='"win", "draw", "loss", or None')
    distance = property(_itemgetter(4), doc="plies to the end, or None")
    outcomes = property(_itemgetter(5), doc="domineering3d: turn order -> winner")
    source = property(_itemgetter(6), doc='"tablebase" or "solved"')
    error = property(_itemgetter(7), doc="None, or the Error of this position")

    @property
    def ok(self):
        """True when the answer carries no error."""
        return self[7] is None

    def to_dict(self):
        """The fields that are not None, as in the JSON answer (error as
        its message)."""
        d = {k: v for k, v in zip(self._fields, self) if v is not None}
        if "error" in d:
            d["error"] = str(d["error"])
        return d

    _asdict = to_dict

    def __repr__(self):
        return "Answer(%s)" % ", ".join(
            "%s=%r" % (k, v) for k, v in zip(self._fields, self) if v is not None)


class Move(tuple):
    """One legal move and what it leads to: a tuple of (player, move,
    position, result, distance, best, outcome, value).

    player    "L", "R", "V", "H", "X", "Y", "Z", or None (cram, ttt3d)
    move      the move in the contract's notation
    position  the position after it
    result    "win", "draw", "loss" for the player who makes it; None for
              three-player moves
    distance  plies to the end after it, counting the move (ttt3d), or None
    best      True for the first move listed of its player, its best
    outcome   the outcome class of the position after it (CGT games, cram),
              or None
    value     the value of the position after it (CGT games, cram; cut at
              63 bytes, as the C library gives it), or None
    """

    __slots__ = ()
    _fields = ("player", "move", "position", "result", "distance", "best", "outcome", "value")

    def __new__(cls, player, move, position, result=None, distance=None, best=False,
                outcome=None, value=None):
        return tuple.__new__(cls, (player, move, position, result, distance, best, outcome, value))

    def __getnewargs__(self):
        return tuple(self)

    player = property(_itemgetter(0))
    move = property(_itemgetter(1))
    position = property(_itemgetter(2))
    result = property(_itemgetter(3))
    distance = property(_itemgetter(4))
    best = property(_itemgetter(5))
    outcome = property(_itemgetter(6))
    value = property(_itemgetter(7))

    def to_dict(self):
        return {k: v for k, v in zip(self._fields, self) if v is not None}

    _asdict = to_dict

    def __repr__(self):
        return "Move(%s)" % ", ".join(
            "%s=%r" % (k, v) for k, v in zip(self._fields, self) if v is not None)


_ANSWER = _struct.Struct(_lib.ANSWER_FORMAT)
_ANSWER_SIZE = _ANSWER.size
_RECORDS = _struct.Struct("%ds" % _ANSWER_SIZE).iter_unpack
_MOVE = _struct.Struct(_lib.MOVE_FORMAT)
_new_answer = tuple.__new__
_first = _itemgetter(0)
_PENDING = object()  # an answer to finish with its position (an error, a long value)
_CACHE_LIMIT = 1 << 15  # answers kept by their raw bytes, per handle
_BATCH = 1 << 14  # positions answered per call of tb_probe_lines
_IDS_LIMIT = 1 << 17  # answers kept by their numbers, per handle
_JSON_SIZE = 1 << 16  # the first buffer of tb_probe_json


class _Answers(dict):
    """Answers by the raw bytes of their tb_answer: most probes of a file
    give answers met before, and a dict lookup of the bytes is much cheaper
    than decoding them. Answers that depend on more than the bytes (an
    error's message, a value longer than tb_answer.value, a dict of
    outcomes) are not kept: they are _PENDING, counted in the thread's
    pending, and finished by the caller with their position."""

    __slots__ = ("tls",)

    def __missing__(self, raw):
        (error, source, outcome, result, distance, nim, value_len,
         outcomes, value) = _ANSWER.unpack(raw)
        if error or value_len >= _lib.VALUE_SIZE or outcomes[:1] != b"\0":
            self.tls.pending += 1
            return _PENDING
        a = _new_answer(Answer, (
            _lib.OUTCOME_NAMES[outcome] if 0 <= outcome < len(_lib.OUTCOME_NAMES) else None,
            value[:value_len].decode() if value_len > 0 else None,
            nim if nim >= 0 else None,
            _lib.RESULT_NAMES[result] if 0 <= result < len(_lib.RESULT_NAMES) else None,
            distance if distance >= 0 else None,
            None,
            _lib.SOURCE_NAMES[source] if 0 <= source < len(_lib.SOURCE_NAMES) else None,
            None))
        if len(self) >= _CACHE_LIMIT:
            self.clear()
        self[raw] = a
        return a


class _Local(_threading.local):
    """A thread's buffers: one tb_answer for single calls, a batch of them
    for probe_many."""

    def __init__(self):
        self.raw = bytearray(_ANSWER_SIZE)
        self.answer = _lib.tb_answer.from_buffer(self.raw)
        self.batch_raw = None
        self.batch = None
        self.ids_raw = None
        self.ids = None
        self.batch_cap = 0
        self.count = _c_size_t()
        self.pending = 0


def _budget(max_nodes=0, max_cells=0, timeout=None):
    """A tb_budget; timeout in seconds (None or 0: no limit)."""
    ms = 0
    if timeout is not None and timeout > 0:
        ms = max(1, int(timeout * 1000 + 0.999))
        if ms > 0x7FFFFFFF:
            ms = 0x7FFFFFFF
    return _lib.tb_budget(int(max_nodes or 0), int(max_cells or 0), ms)


def _encode(position):
    """A position as the library takes it: a NUL-terminated string, so a
    position holding a NUL (never a good one) is refused here."""
    if isinstance(position, str):
        data = position.encode()
    elif isinstance(position, bytes):
        data = position
    else:
        raise TypeError("a position is a str, not %s" % type(position).__name__)
    if b"\0" in data:
        raise BadPosition(_NUL_MESSAGE, position)
    return data


_NUL_MESSAGE = "bad character '\\x00' (NUL) in the position"


def _options(workers, cache_mib):
    if workers is None and cache_mib is None:
        return None
    return _byref(_lib.tb_options(int(workers or 0), int(cache_mib or 0)))


class Tablebase:
    """An open tablebase file (tablebase.open), or a game without a file
    (tablebase.open_game), answering positions of its game.

    Safe to use from many threads at once; close() (or leaving a with
    block) must come after every other call, once no other thread uses it.
    """

    def __init__(self, handle, path=None):
        # Made by open() and open_game().
        self._h = handle
        self.path = path
        self.game = _C.tb_game(handle).decode()
        v = _C.tb_format_version(handle)
        self.format_version = v if v else None
        self._hash = None
        self._tls = _Local()
        self._answers = _Answers()
        self._answers.tls = self._tls
        self._by_id = {}  # answers by the numbers tb_probe_lines_ids gives them
        self._probe = _C.tb_probe

    # -- the handle

    def close(self):
        """Closes the handle; later calls raise ArgumentError. Closing
        twice is harmless."""
        h, self._h = self._h, None
        if h is not None:
            _C.tb_close(h)

    @property
    def closed(self):
        return self._h is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __repr__(self):
        state = "closed " if self._h is None else ""
        where = self.path if self.path is not None else "no file"
        return "<%stablebase.Tablebase %s (%s)>" % (state, self.game, where)

    def _handle(self):
        h = self._h
        if h is None:
            raise ArgumentError("the tablebase is closed")
        return h

    @property
    def content_hash(self):
        """The file's content hash as `tb verify` prints it (16 hex
        digits), or None without a file. The first call reads the whole
        file; a damaged file raises Damaged or FileError."""
        if self._hash is None and self.format_version is not None:
            v = _c_uint64()
            code = _C.tb_content_hash(self._handle(), _byref(v))
            if code:
                raise _error(code, self._last_error())
            self._hash = "%016x" % v.value
        return self._hash

    def _last_error(self):
        buf = _create_string_buffer(1024)
        n = _C.tb_last_error(self._handle(), buf, len(buf))
        if n >= len(buf):
            buf = _create_string_buffer(n + 1)
            _C.tb_last_error(self._handle(), buf, len(buf))
        return buf.value.decode(errors="replace")

    # -- the file's positions

    def positions(self):
        """Iterates over every position class the file stores, each once as
        the file keys it (up to symmetry), level by level, as (position,
        Answer) pairs: for the games whose files hold exact values of
        parts (domineering, xt-domineering, cram, clobber and the like).
        Raises Unsupported for other games' files, and for a handle
        without a file."""
        h = self._handle()
        it = _c_void_p()
        code = _C.tb_positions_open(h, _byref(it))
        if code != _lib.OK or not it.value:
            raise _error(code or _lib.ERR_INTERNAL, self._last_error())
        try:
            raw = bytearray(_ANSWER_SIZE)
            answer = _lib.tb_answer.from_buffer(raw)
            buf = _create_string_buffer(256)
            while True:
                code = _C.tb_positions_next(it, buf, len(buf), answer)
                if code == _lib.END:
                    return
                if code == _lib.ERR_BUFFER:
                    buf = _create_string_buffer(2 * len(buf))
                    continue
                position = buf.value.decode()
                if code != _lib.OK:
                    raise _error(code, self._last_error(), position)
                a = self._answers[bytes(raw)]
                if a is _PENDING:
                    a = self._finish(bytes(raw), position, None)
                yield position, a
        finally:
            _C.tb_positions_close(it)

    # -- single answers

    def probe(self, position):
        """Answers one position from the file (never solving): an Answer.
        Raises NotStored when the file lacks it, BadPosition when it is
        not a position of the game, Damaged or FileError for a damaged
        file."""
        tls = self._tls
        code = self._probe(self._h, position.encode() if position.__class__ is str
                           and "\0" not in position else _encode(position), tls.answer)
        a = self._answers[bytes(tls.raw)]
        if a is _PENDING:
            tls.pending = 0
            a = self._finish(bytes(tls.raw), position, None)
        if code:
            if a.error is not None:
                raise a.error
            raise _error(code, "", position)
        return a

    def solve(self, position, max_nodes=0, max_cells=0, timeout=None):
        """Answers one position: from the file where it holds it, else
        solved in memory within the budget (max_nodes: ttt3d search nodes;
        max_cells: the largest part solved in memory; timeout: seconds; 0
        or None: no limit). Raises TooLarge or Timeout past the budget."""
        budget = _budget(max_nodes, max_cells, timeout)
        tls = self._tls
        code = _C.tb_solve(self._handle(), _encode(position), _byref(budget), tls.answer)
        raw = bytes(tls.raw)
        a = self._answers[raw]
        if a is _PENDING:
            tls.pending = 0
            a = self._finish(raw, position, budget)
        if code:
            if a.error is not None:
                raise a.error
            raise _error(code, "", position)
        return a

    def _finish(self, raw, position, budget):
        """The answer of raw bytes that depend on the position: an error
        with its message, a value longer than tb_answer.value, outcomes."""
        (error, source, outcome, result, distance, nim, value_len,
         outcomes, value) = _ANSWER.unpack(raw)
        if self._h is None:
            return Answer(error=ArgumentError("the tablebase is closed", position))
        if error:
            return Answer(error=_error(error, self._message(error, position, 0, budget), position))
        text = None
        if value_len >= _lib.VALUE_SIZE:
            text = self._json(position, 0, budget, strict=False).get("value")
        elif value_len > 0:
            text = value[:value_len].decode()
        orders = None
        if outcomes[:1] != b"\0":
            orders = dict(zip(_lib.TURN_ORDERS, outcomes[:6].decode()))
        return Answer(
            _lib.OUTCOME_NAMES[outcome] if 0 <= outcome < len(_lib.OUTCOME_NAMES) else None,
            text, nim if nim >= 0 else None,
            _lib.RESULT_NAMES[result] if 0 <= result < len(_lib.RESULT_NAMES) else None,
            distance if distance >= 0 else None, orders,
            _lib.SOURCE_NAMES[source] if 0 <= source < len(_lib.SOURCE_NAMES) else None)

    def _message(self, code, position, flags, budget):
        """The message of a failed call on position. Without a budget the
        position is asked again through tb_probe_json, whose answer
        carries its own message (tb_last_error is the handle's, which
        another thread may have replaced); with one, where asking again
        could cost as much as the call, tb_last_error gives it."""
        if budget is None:
            try:
                d = self._json(position, flags, None, strict=False)
                if d.get("error"):
                    return d["error"]
            except Error:
                pass
        return self._last_error() if self._h is not None else ""

    # -- many answers

    def probe_many(self, positions, strict=False):
        """Answers many positions from the file (never solving), in order:
        a list of Answer, one per position, through the library's batch
        call (tb_probe_lines_ids).

        A position that fails (not stored, bad, a damaged block) does not
        stop the others: its Answer carries the exception in ``error`` and
        None elsewhere, and the list is returned all the same. With
        strict=True the first such error is raised instead, with
        ``index`` set to the position's index in positions.
        """
        h = self._handle()
        if not isinstance(positions, (list, tuple)):
            positions = list(positions)
        if len(positions) <= _BATCH:
            out = self._batch(h, positions)
        else:
            out = []
            for i in range(0, len(positions), _BATCH):
                out += self._batch(h, positions[i:i + _BATCH])
        if strict:
            for i, a in enumerate(out):
                if a[7] is not None:
                    e = a[7]
                    e.index = i
                    raise e
        return out

    def _batch(self, h, positions):
        m = len(positions)
        if m == 0:
            return []
        tls = self._tls
        if tls.batch_cap < m:
            cap = max(m, 256)
            tls.batch_raw = bytearray(cap * _ANSWER_SIZE)
            tls.batch = (_lib.tb_answer * cap).from_buffer(tls.batch_raw)
            tls.ids_raw = bytearray(cap * 4)
            tls.ids = (_c_uint32 * cap).from_buffer(tls.ids_raw)
            tls.batch_cap = cap
        text = None
        try:
            text = "\n".join(positions)
        except TypeError:
            pass
        # One line a position, unless a position would not be one line
        # (empty, holding a line break) or is no C string (holding a NUL,
        # refused here): then an array of pointers.
        if (text is not None and text.count("\n") == m - 1 and "\r" not in text
                and "\0" not in text and "" not in positions):
            data = text.encode()
            code = _C.tb_probe_lines_ids(h, data, len(data), tls.batch, tls.ids, m, _byref(tls.count))
            if code != _lib.OK or tls.count.value != m:
                raise _error(code or _lib.ERR_INTERNAL,
                             "tb_probe_lines_ids answered %d of %d positions: %s"
                             % (tls.count.value, m, self._last_error()))
            return self._decode_ids(positions, m)
        else:
            refused = {}
            encoded = []
            for i, p in enumerate(positions):
                try:
                    encoded.append(_encode(p))
                except BadPosition as e:
                    refused[i] = Answer(error=e)
                    encoded.append(b"")
            array = (_c_char_p * m)(*encoded)
            _C.tb_probe_many(h, array, m, tls.batch)
            if refused:
                out = self._decode(positions, m)
                for i, a in refused.items():
                    out[i] = a
                return out
        return self._decode(positions, m)

    def _decode_ids(self, positions, m):
        """The Answers of the first m tb_answer of the thread's batch,
        taken by their numbers (tb_probe_lines_ids) where the library gave
        them one and they have been met before, else read."""
        tls = self._tls
        ids = memoryview(tls.ids_raw).cast("I")[:m]
        if not any(ids):
            return self._decode(positions, m)
        by_id = self._by_id
        out = list(map(by_id.get, ids))
        if None in out:
            raw = memoryview(tls.batch_raw)
            i = out.index(None)
            while True:
                record = bytes(raw[i * _ANSWER_SIZE:(i + 1) * _ANSWER_SIZE])
                a = self._answers[record]
                if a is _PENDING:
                    tls.pending = 0
                    a = self._finish(record, positions[i], None)
                if ids[i] and a.error is None:
                    if len(by_id) >= _IDS_LIMIT:
                        by_id.clear()
                    by_id[ids[i]] = a
                out[i] = a
                try:
                    i = out.index(None, i + 1)
                except ValueError:
                    break
        return out

    def _decode(self, positions, m):
        """The Answers of the first m tb_answer of the thread's batch."""
        tls = self._tls
        raw = memoryview(tls.batch_raw)[:m * _ANSWER_SIZE]
        tls.pending = 0
        out = list(map(self._answers.__getitem__, map(_first, _RECORDS(raw))))
        if tls.pending:
            tls.pending = 0
            for i, a in enumerate(out):
                if a is _PENDING:
                    out[i] = self._finish(bytes(raw[i * _ANSWER_SIZE:(i + 1) * _ANSWER_SIZE]),
                                          positions[i], None)
        return out

    # -- moves and JSON

    def moves(self, position, solve=False, max_nodes=0, max_cells=0, timeout=None):
        """Every legal move of a position with what it leads to, a list of
        Move: for each player (in the order of the JSON answer's moves),
        best first. The positions after them must be in the file, unless
        solve is true or a budget (max_nodes, max_cells, timeout, as in
        solve()) is given: then they are solved within it."""
        h = self._handle()
        budget = None
        if solve or max_nodes or max_cells or timeout:
            budget = _budget(max_nodes, max_cells, timeout)
        pos = _encode(position)
        cap = 128
        while True:
            buf = (_lib.tb_move * cap)()
            n = _c_size_t()
            code = _C.tb_moves(h, pos, _byref(budget) if budget is not None else None,
                               buf, cap, _byref(n))
            if code == _lib.ERR_BUFFER and n.value > cap:
                cap = n.value
                continue
            if code:
                raise _error(code, self._message(code, position, _lib.JSON_MOVES, budget), position)
            break
        raw = _string_at(buf, n.value * _MOVE.size)
        out = []
        for player, result, distance, best, outcome, move, value, after in _MOVE.iter_unpack(raw):
            player = player.split(b"\0", 1)[0].decode()
            value = value.split(b"\0", 1)[0].decode()
            out.append(Move(
                player or None, move.split(b"\0", 1)[0].decode(),
                after.split(b"\0", 1)[0].decode(),
                _lib.RESULT_NAMES[result] if 0 <= result < len(_lib.RESULT_NAMES) else None,
                distance if distance >= 0 else None, bool(best),
                _lib.OUTCOME_NAMES[outcome] if 0 < outcome < len(_lib.OUTCOME_NAMES) else None,
                value or None))
        return out

    def json(self, position, moves=False, details=False, explicit=False,
             solve=False, max_nodes=0, max_cells=0, timeout=None, strict=True):
        """The whole JSON answer of `tb query` for one position, as a dict
        (every field of the one answer shape, "file" included). moves,
        details and explicit add what tb query's --moves, --details and
        --explicit add. It reads the file only, unless solve is true or a
        budget is given (as in moves()). An answer with an "error" raises
        it (an Error), unless strict=False: then the dict is returned."""
        flags = ((_lib.JSON_MOVES if moves else 0) | (_lib.JSON_DETAILS if details else 0)
                 | (_lib.JSON_EXPLICIT if explicit else 0))
        budget = None
        if solve or max_nodes or max_cells or timeout:
            budget = _budget(max_nodes, max_cells, timeout)
        return self._json(position, flags, budget, strict)

    def _json(self, position, flags, budget, strict):
        h = self._handle()
        pos = _encode(position)
        size = _JSON_SIZE
        while True:
            buf = _create_string_buffer(size)
            n = _c_size_t()
            code = _C.tb_probe_json(h, pos, flags, _byref(budget) if budget is not None else None,
                                    buf, size, _byref(n))
            if code == _lib.ERR_BUFFER and n.value + 1 > size:
                size = n.value + 1
                continue
            break
        if n.value == 0 or buf[0] != b"{":
            raise _error(code or _lib.ERR_INTERNAL, self._last_error(), position)
        d = _json.loads(buf.raw[:n.value].decode())
        if strict and code:
            raise _error(code, d.get("error", ""), position)
        return d


def open(path, workers=None, cache_mib=None, game=None):
    """Opens a tablebase file read-only: a Tablebase, also a context
    manager. workers: cores a solve may use (default 2); cache_mib: memory
    for the file's decoded blocks (default 40); game: the game the file
    must hold (its name as in the contract, as ``tb query --db FILE GAME``
    takes it; None: any, and ``t.game`` says which). Raises FileError (an
    OSError) when the file cannot be opened (missing, a directory), holds
    no tablebase or one of another game than game, Damaged when it is
    damaged, ArgumentError (a ValueError) for an unknown game."""
    h = _c_void_p()
    msg = _create_string_buffer(1024)
    if game is None:
        code = _C.tb_open(_os.fsencode(path), _options(workers, cache_mib), _byref(h), msg, len(msg))
    else:
        code = _C.tb_open_as(_os.fsencode(path), _encode(game), _options(workers, cache_mib),
                             _byref(h), msg, len(msg))
    if code != _lib.OK or not h.value:
        raise _error(code or _lib.ERR_INTERNAL, msg.value.decode(errors="replace"))
    return Tablebase(h, _os.fspath(path))


def value(expr, max_forms=0, timeout=None, strict=True):
    """Evaluates an expression over values, as tb value does: a value
    ("^+^+*", "{1|0} + 1/2") with its outcome, stops, mean, temperature,
    atomic weight, birthday and thermograph, or a comparison ("^ > 0",
    "* || 0") and whether it holds, as the dict of tb value --json.
    max_forms bounds the canonical forms made (0: 2^20), timeout the
    seconds. Raises ArgumentError for an expression that is not one,
    TooLarge or Timeout past the bounds, unless strict=False: then the
    dict, with its "error", is returned."""
    budget = _budget(max_forms, 0, timeout)
    size = _JSON_SIZE
    while True:
        buf = _create_string_buffer(size)
        n = _c_size_t()
        code = _C.tb_value_json(_encode(expr), _byref(budget), buf, size, _byref(n))
        if code == _lib.ERR_BUFFER and n.value + 1 > size:
            size = n.value + 1
            continue
        break
    if n.value == 0 or buf[0] != b"{":
        raise _error(code or _lib.ERR_INTERNAL, "")
    d = _json.loads(buf.raw[:n.value].decode())
    if strict and code:
        raise _error(code, d.get("error", ""))
    return d


def open_game(game, workers=None):
    """A Tablebase for a game (its name as in the contract: "domineering",
    "cram", ...) without a file: probe raises NotStored, solve() and
    moves(solve=True) solve in memory. Raises ArgumentError (a ValueError)
    for an unknown game."""
    h = _c_void_p()
    msg = _create_string_buffer(1024)
    code = _C.tb_open_game(_encode(game), _options(workers, None), _byref(h), msg, len(msg))
    if code != _lib.OK or not h.value:
        raise _error(code or _lib.ERR_INTERNAL, msg.value.decode(errors="replace"))
    return Tablebase(h)
