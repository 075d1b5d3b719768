// The tablebase explorer: a board to click on, the server's answer for it,
// every move coloured by how good it is, and for the CGT games the
// thermograph. It talks only to the server that served it.
"use strict";

// Each game, as GET /games describes its board: the kind of board (how
// positions are read and written and what a click does: "2d", "stones",
// "strip", "3d" or "cube"), the characters a cell of a "stones" or
// "strip" board takes (cells), its default size, whether both players move at once
// (together), whether a board too large for exact values can be asked
// for its outcome alone (whole_board), and the players' names by the
// letters the answers give them (players).
const GAMES = {};

const $ = (id) => document.getElementById(id);
const state = { game: "domineering", position: "", history: [], answer: null, selected: [], pending: null };

// A board: its shape and its cells, one character each ('.', '#', 'x',
// 'o', ...; ' ' pads the short rows of a strip board, and is no cell).
// flat reports whether a kind of board is written as rows joined by "|",
// and pieces whether its cells hold pieces, played by naming cells.
const flat = (kind) => kind === "2d" || kind === "stones" || kind === "strip";
const pieces = (kind) => kind === "stones" || kind === "strip";

function parsePosition(game, pos) {
  const kind = GAMES[game].kind;
  if (flat(kind)) {
    const rows = pos.split(/[|/]/).map((r) => r.replace(/□/g, "."));
    const cols = Math.max(...rows.map((r) => r.length));
    return { rows: rows.length, cols, layers: 1, cells: rows.map((r) => r.padEnd(cols, " ")).join("").split("") };
  }
  if (kind === "3d") {
    const [head, body] = pos.includes(":") ? pos.split(":") : [pos, null];
    const [a, b, c] = head.split("x").map(Number);
    const cells = body === null ? Array(a * b * c).fill(".") : body.replace(/\|/g, "").split("");
    return { layers: a, rows: b, cols: c, cells, head };
  }
  const n = Math.round(Math.cbrt(pos.length));
  return { layers: n, rows: n, cols: n, cells: pos.split("") };
}

function writePosition(game, b) {
  const kind = GAMES[game].kind;
  if (flat(kind)) {
    const rows = [];
    for (let r = 0; r < b.rows; r++) rows.push(b.cells.slice(r * b.cols, (r + 1) * b.cols).join("").trimEnd());
    return rows.join("|");
  }
  if (kind === "3d") {
    const rows = [];
    for (let i = 0; i < b.cells.length; i += b.cols) rows.push(b.cells.slice(i, i + b.cols).join(""));
    return b.head + ":" + rows.join("|");
  }
  return b.cells.join("");
}

// emptyPosition returns the empty board of a size such as "4x5", "2x2x3" or "3".
function emptyPosition(game, size) {
  const kind = GAMES[game].kind;
  if (kind === "2d") {
    const m = size.match(/^(\d+)x(\d+)$/);
    if (!m) throw new Error("board size: want ROWSxCOLUMNS, such as 4x4");
    return Array(+m[1]).fill(".".repeat(+m[2])).join("|");
  }
  if (pieces(kind)) {
    // A new board repeats the game's start position across its rows and
    // columns: a checkerboard for Clobber, empty cells for Snort.
    const m = size.match(/^(\d+)x(\d+)$/);
    if (!m) throw new Error("board size: want ROWSxCOLUMNS, such as 3x4");
    const start = GAMES[game].start.split(/[|/]/);
    const rows = [];
    for (let r = 0; r < +m[1]; r++) {
      const s = start[r % start.length];
      let row = "";
      for (let c = 0; c < +m[2]; c++) row += s[c % s.length];
      rows.push(row);
    }
    return rows.join("|");
  }
  if (kind === "3d") {
    if (!/^\d+x\d+x\d+$/.test(size)) throw new Error("board size: want AxBxC, such as 2x2x3");
    return size;
  }
  if (size !== "3" && size !== "4") throw new Error("board size: 3 or 4");
  return ".".repeat(size ** 3);
}

// covered returns the cells a move changes: those it covers, or the two
// cells of a stone's capture.
function covered(before, after) {
  const out = [];
  before.cells.forEach((c, i) => { if (c !== after.cells[i]) out.push(i); });
  return out;
}

// cellName writes cell i of a flat board as the move notation does (b3).
function cellName(b, i) { return String.fromCharCode(97 + i % b.cols) + (Math.floor(i / b.cols) + 1); }

// moveCells returns the cells a move's name names, in order: ["b1", "c1"]
// for "b1-c1", ["a1", "c3", "c1"] for "a1-c3/c1".
function moveCells(name) { return name.match(/[a-z]+[0-9]+/g) || []; }

// quality says how good a move is for the player making it.
function quality(m) {
  if (m.wins !== undefined) return m.wins ? "good" : "bad";
  if (m.guarantee) return { win: "good", draw: "mid", loss: "bad" }[m.guarantee];
  if (m.result) return { win: "good", draw: "mid", loss: "bad" }[m.result];
  if (m.outcomes) {
    const vals = Object.values(m.outcomes);
    if (vals.includes(m.player)) return "good";
    return vals.includes("Q") ? "mid" : "bad";
  }
  return "mid";
}

// playerName names a player of the game shown by the letter the answers
// give it.
function playerName(p) { return (GAMES[state.game].players || {})[p] || p; }

// setHash links the page's URL to the position shown, '#' written '_'
// so that the link survives being typed or pasted (as GET requests take
// it).
function setHash() {
  const h = "#game=" + encodeURIComponent(state.game) + "&position=" + encodeURIComponent(state.position.replace(/#/g, "_"));
  history.replaceState(null, "", h);
}

// show shows a position ('_' read as '#') and asks the server about it.
async function show(position, remember) {
  position = position.replace(/_/g, "#");
  if (remember && state.position && state.position !== position) state.history.push(state.position);
  state.position = position;
  state.selected = [];
  state.pending = null;
  $("position").value = position;
  $("size").value = sizeOf(state.game, position) || $("size").value;
  $("back").disabled = state.history.length === 0;
  setHash();
  drawBoard();
  $("error").textContent = "";
  $("status").textContent = "asking the server…";
  const url = "/" + state.game + "/moves?details=1&position=" + encodeURIComponent(position);
  let a;
  try {
    let resp = await fetch(url);
    if (resp.status === 422 && GAMES[state.game].whole_board) {
      // Too large for exact values: ask the whole-board search who wins.
      $("status").textContent = "searching the whole board…";
      resp = await fetch("/" + state.game + "?outcome_only=1&moves=1&position=" + encodeURIComponent(position));
    }
    a = await resp.json();
  } catch (e) {
    a = { error: "no answer from the server: " + e };
  }
  if (position !== state.position) return; // a later request replaced this one
  state.answer = a;
  $("status").textContent = a.error ? "" : a.value === undefined && a.outcome && GAMES[state.game].whole_board
    ? "outcome by whole-board search (the board is too large for exact values)"
    : "answer from the " + (a.source === "tablebase" ? "tablebase" : "solver");
  $("error").textContent = a.error || "";
  $("json").textContent = JSON.stringify(a, null, 1);
  drawSummary(a);
  drawMoves(a);
  drawThermograph(a);
  drawBoard();
}

// sizeOf returns the board size of a position as the size box writes it.
function sizeOf(game, position) {
  try {
    const b = parsePosition(game, position);
    const kind = GAMES[game].kind;
    return flat(kind) ? b.rows + "x" + b.cols : kind === "3d" ? b.head : String(b.layers);
  } catch (e) {
    return "";
  }
}

function drawBoard() {
  let b;
  try {
    b = parsePosition(state.game, state.position);
  } catch (e) {
    $("board").textContent = "";
    return;
  }
  const kind = GAMES[state.game].kind;
  const box = $("board");
  box.innerHTML = "";
  const wrap = document.createElement("div");
  wrap.className = "layers " + kind;
  for (let l = 0; l < b.layers; l++) {
    const layer = document.createElement("div");
    if (b.layers > 1) {
      const t = document.createElement("div");
      t.className = "layer-title";
      t.textContent = kind === "cube" ? "layer " + (l + 1) : "i = " + (l + 1);
      layer.appendChild(t);
    }
    const grid = document.createElement("div");
    grid.className = "grid";
    grid.style.gridTemplateColumns = "1.2em repeat(" + b.cols + ", 2.6em)";
    grid.appendChild(coord(""));
    for (let c = 0; c < b.cols; c++) grid.appendChild(coord(kind === "3d" ? "k" + (c + 1) : String.fromCharCode(97 + c)));
    for (let r = 0; r < b.rows; r++) {
      grid.appendChild(coord(kind === "3d" ? "j" + (r + 1) : String(r + 1)));
      for (let c = 0; c < b.cols; c++) {
        const i = (l * b.rows + r) * b.cols + c;
        const ch = b.cells[i];
        const d = document.createElement("div");
        if (ch === " ") {
          d.className = "pad";
          grid.appendChild(d);
          continue;
        }
        d.className = "cell" + (ch === "#" ? " covered" : "xogTF".includes(ch) ? " " + ch : "");
        d.textContent = ("xo".includes(ch) && !pieces(kind)) || "TF".includes(ch) ? ch : "";
        d.dataset.cell = i;
        if (state.selected.includes(i)) d.classList.add("selected");
        d.addEventListener("click", () => clickCell(i));
        grid.appendChild(d);
      }
    }
    layer.appendChild(grid);
    wrap.appendChild(layer);
  }
  box.appendChild(wrap);
}

function coord(text) {
  const d = document.createElement("div");
  d.className = "coord";
  d.textContent = text;
  return d;
}

function mode() { return document.querySelector("input[name=mode]:checked").value; }

function clickCell(i) {
  const b = parsePosition(state.game, state.position);
  const kind = GAMES[state.game].kind;
  if (mode() === "edit") {
    if (pieces(kind)) {
      // The next of the game's cells, in the order it lists them.
      const cells = GAMES[state.game].cells;
      b.cells[i] = cells[(cells.indexOf(b.cells[i]) + 1) % cells.length];
    } else {
      const cycle = kind === "cube" ? { ".": "x", "x": "o", "o": "#", "#": "." } : { ".": "#", "#": "." };
      b.cells[i] = cycle[b.cells[i]];
    }
    show(writePosition(state.game, b), true);
    return;
  }
  const moves = (state.answer && state.answer.moves) || [];
  if (kind === "cube") {
    const m = moves.find((m) => m.cell === i);
    if (m) playMove(m);
    return;
  }
  if (pieces(kind)) {
    // The cells a move names, in order: a stone and the stone it
    // captures, an amazon, its new cell and its arrow's, a cell coloured.
    const names = (sel) => sel.map((c) => cellName(b, c));
    const fitting = (sel) => moves.filter((m) => names(sel).every((n, k) => moveCells(m.move)[k] === n));
    let sel = state.selected.concat([i]);
    if (fitting(sel).length === 0) sel = [i];
    const fits = fitting(sel);
    const exact = fits.filter((m) => moveCells(m.move).length === sel.length);
    if (exact.length === 1 && fits.length === 1) {
      playMove(exact[0]);
      return;
    }
    state.selected = fits.length > 0 ? sel : [];
    $("hint").textContent = exact.length > 0 ? "moves " + exact.map((m) => m.move).join(", ") + " fit: choose one in the list"
      : fits.length > 0 ? "click the next cell of the move" : "";
    drawBoard();
    return;
  }
  if (b.cells[i] !== ".") return;
  // Select cells until they are exactly the cells of one move, or part of
  // none.
  const sel = state.selected.includes(i) ? state.selected : state.selected.concat([i]);
  const fits = moves.filter((m) => {
    const cov = covered(b, parsePosition(state.game, m.position));
    return sel.every((c) => cov.includes(c));
  });
  const exact = fits.filter((m) => covered(b, parsePosition(state.game, m.position)).length === sel.length);
  if (exact.length > 0 && (fits.length === exact.length || state.selected.includes(i))) {
    playMove(exact[0]);
    return;
  }
  state.selected = fits.length > 0 ? sel : [i];
  $("hint").textContent = fits.length > 0 ? "click the next cell of the piece (twice on a cell for a one-cell piece)" : "";
  drawBoard();
}

// playMove plays a move; in the synchronized games it waits for a move of
// each player and plays both at once.
function playMove(m) {
  $("hint").textContent = "";
  if (!GAMES[state.game].together) {
    show(m.position, true);
    return;
  }
  if (!state.pending || state.pending.player === m.player) {
    state.pending = m;
    $("hint").textContent = playerName(m.player) + " plays " + m.move + "; now choose the other player's move";
    drawMoves(state.answer);
    return;
  }
  const b = parsePosition(state.game, state.position);
  for (const mv of [state.pending, m]) {
    for (const c of covered(b, parsePosition(state.game, mv.position))) b.cells[c] = "#";
  }
  show(writePosition(state.game, b), true);
}

// outcomeText says what an outcome class means, naming the game's players.
function outcomeText(o) {
  const n = playerName;
  return {
    L: n("L") + " wins whoever starts", R: n("R") + " wins whoever starts",
    N: "the player to move first wins", P: "the second player wins",
    V: n("V") + " can force a win", H: n("H") + " can force a win", D: "both can force a draw",
    VD: n("V") + " can force a draw", HD: n("H") + " can force a draw", VHD: "neither can force anything",
  }[o] || "";
}

function drawSummary(a) {
  const rows = [];
  const add = (k, v) => { if (v !== undefined && v !== null && v !== "") rows.push([k, v]); };
  add("value", a.value);
  if (a.outcome) add("outcome", a.outcome + " (" + outcomeText(a.outcome) + ")");
  add("mean", a.mean);
  add("temperature", a.temperature);
  if (a.left_stop !== undefined) add("stops", a.left_stop + " if " + playerName("L") + " starts, " + a.right_stop + " if " + playerName("R") + " starts");
  add("atomic weight", a.atomic_weight);
  add(playerName("V") + " guarantees", a.vertical);
  add(playerName("H") + " guarantees", a.horizontal);
  if (a.outcomes) for (const [o, w] of Object.entries(a.outcomes)) add("order " + o, w === "Q" ? "nobody forces a win" : playerName(w) + " forces a win");
  const proofs = { rules: "by the rules", pairing: "by pairing strategies", search: "by search" };
  if (a.result && a.plies !== undefined) add("result", a.result + " for the side to move in " + a.plies + " plies" + (a.strategy ? " (by the stored strategy)" : a.proof ? " (proved " + (proofs[a.proof] || a.proof) + ")" : ""));
  else if (a.result) add("result", a.result + " for the side to move, proved " + (proofs[a.proof] || a.proof) + (a.result === "loss" ? " (every move loses)" : "; the moves listed achieve it"));
  const t = $("summary");
  t.innerHTML = "";
  for (const [k, v] of rows) {
    const tr = t.insertRow();
    tr.insertCell().textContent = k;
    tr.insertCell().textContent = v;
  }
}

function drawMoves(a) {
  const box = $("moves");
  box.innerHTML = "";
  const moves = a.moves || [];
  $("moves-head").hidden = !!a.error;
  if (a.error) return;
  if (moves.length === 0) {
    box.textContent = "No moves: the game is over.";
    return;
  }
  if (a.value === undefined && a.outcome && moves.every((m) => m.wins !== undefined)) {
    const note = document.createElement("p");
    note.textContent = "Each player's best move by the whole-board search: a winning one, or when he has none the best defence found.";
    box.appendChild(note);
  }
  const table = document.createElement("table");
  const head = table.createTHead().insertRow();
  const cols = ["player", "move", a.value !== undefined ? "value after" : a.outcomes ? "who forces a win after" : a.vertical ? "guarantees" : "result"];
  for (const c of cols) { const th = document.createElement("th"); th.textContent = c; head.appendChild(th); }
  const body = table.createTBody();
  const b = parsePosition(state.game, state.position);
  for (const m of moves) {
    const tr = body.insertRow();
    const q = quality(m);
    tr.className = "move " + q;
    if (state.pending && state.pending.move === m.move && state.pending.player === m.player) tr.style.fontWeight = "bold";
    const mover = a.position.split("x").length - 1 > a.position.split("o").length - 1 ? "o" : "x";
    tr.insertCell().textContent = m.player ? playerName(m.player) : GAMES[state.game].kind === "cube" ? playerName(mover) : "either";
    tr.insertCell().textContent = m.move;
    let detail = "";
    if (m.value !== undefined) detail = m.value + (m.wins ? " (wins)" : "");
    else if (m.outcomes) detail = Object.entries(m.outcomes).map(([o, w]) => o + ": " + w).join(", ");
    else if (m.guarantee) detail = m.guarantee;
    else if (m.result) detail = m.plies !== undefined ? m.result + " in " + m.plies : m.result;
    else if (m.wins !== undefined) detail = m.wins ? "wins" : "loses";
    tr.insertCell().textContent = detail;
    tr.dataset.move = m.move;
    tr.addEventListener("click", () => playMove(m));
    const cells = covered(b, parsePosition(state.game, m.position));
    tr.addEventListener("mouseenter", () => highlight(cells, q));
    tr.addEventListener("mouseleave", () => highlight([], q));
  }
  box.appendChild(table);
}

function highlight(cells, q) {
  document.querySelectorAll(".cell").forEach((d) => {
    const on = cells.includes(+d.dataset.cell);
    d.classList.toggle("hl", on);
    d.classList.toggle("bad-hl", on && q === "bad");
    d.classList.toggle("mid-hl", on && q === "mid");
  });
}

// drawThermograph draws the walls with Left's side (larger values) on the
// left, as is usual, temperature going up, and the mast at the mean.
function drawThermograph(a) {
  const box = $("thermo");
  box.innerHTML = "";
  if (!a.thermograph) return;
  const { left, right } = a.thermograph;
  const pts = left.concat(right);
  const temp = Math.max(0, parseFrac(a.temperature));
  const tTop = Math.max(1, temp * 1.5, ...pts.map((p) => p[0] * 1.2));
  let xMin = Math.min(...pts.map((p) => p[1])), xMax = Math.max(...pts.map((p) => p[1]));
  const pad = Math.max(0.5, (xMax - xMin) * 0.15);
  xMin -= pad; xMax += pad;
  const W = 360, H = 240, m = 30;
  const sx = (x) => m + (xMax - x) / (xMax - xMin) * (W - 2 * m);
  const sy = (t) => H - m - t / tTop * (H - 2 * m);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", W);
  svg.setAttribute("height", H);
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  svg.setAttribute("id", "thermograph");
  const el = (name, attrs, text) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  el("line", { x1: m, y1: sy(0), x2: W - m, y2: sy(0), stroke: "#999" });
  if (xMin < 0 && xMax > 0) el("line", { x1: sx(0), y1: sy(0), x2: sx(0), y2: m, stroke: "#ccc", "stroke-dasharray": "4 3" });
  const wall = (w, color) => {
    const p = w.map(([t, x]) => sx(x) + "," + sy(t));
    const last = w[w.length - 1];
    p.push(sx(last[1]) + "," + sy(tTop));
    el("polyline", { points: p.join(" "), fill: "none", stroke: color, "stroke-width": 2.5, class: "wall" });
  };
  wall(left, "#1f618d");
  wall(right, "#c0392b");
  el("text", { x: 4, y: 16, "font-size": 12 }, "thermograph: mean " + a.mean + ", temperature " + a.temperature);
  el("text", { x: m, y: H - 8, "font-size": 11 }, "x = " + fmt(xMax));
  el("text", { x: W - m, y: H - 8, "font-size": 11, "text-anchor": "end" }, fmt(xMin));
  el("text", { x: 4, y: sy(temp) + 4, "font-size": 11 }, "t = " + a.temperature);
  el("line", { x1: m - 4, y1: sy(temp), x2: W - m, y2: sy(temp), stroke: "#aaa", "stroke-dasharray": "2 3" });
  box.appendChild(svg);
}

function parseFrac(s) {
  if (!s) return 0;
  const [n, d] = s.split("/");
  return Number(n) / (d ? Number(d) : 1);
}

function fmt(x) { return (Math.round(x * 100) / 100).toString(); }

function newBoard() {
  try {
    state.history = [];
    show(emptyPosition(state.game, $("size").value.trim()), false);
  } catch (e) {
    $("error").textContent = e.message;
  }
}

async function init() {
  try {
    // Games of a kind of board the explorer cannot draw (a sum of other
    // games' positions) are left out of its list.
    for (const g of await (await fetch("/games")).json()) {
      if (["2d", "stones", "strip", "3d", "cube"].includes(g.board.kind)) GAMES[g.game] = g.board;
    }
  } catch (e) {
    $("error").textContent = "no list of games from the server: " + e;
    return;
  }
  for (const g of Object.keys(GAMES)) {
    const o = document.createElement("option");
    o.value = o.textContent = g;
    $("game").appendChild(o);
  }
  const params = new URLSearchParams(location.hash.slice(1));
  if (GAMES[params.get("game")]) state.game = params.get("game");
  $("game").value = state.game;
  $("size").value = GAMES[state.game].size;
  $("game").addEventListener("change", () => {
    state.game = $("game").value;
    $("size").value = GAMES[state.game].size;
    newBoard();
  });
  $("new").addEventListener("click", newBoard);
  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    show($("position").value.trim(), true);
  });
  $("back").addEventListener("click", () => {
    if (state.history.length > 0) show(state.history.pop(), false);
  });
  if (params.get("position")) show(params.get("position"), false);
  else newBoard();
}

init();
