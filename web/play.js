// play.js — one seat of a game served by `grognard serve`: its view, its
// options, the map, the log, and a WebSocket that says when to look again.
// The seat's token stays in the page's fragment (#game=ID&token=T), which
// browsers never send to a server, and goes only in the Authorization
// header of this seat's own requests.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.hash.slice(1));
const GAME = params.get("game"), TOKEN = params.get("token");
const state = { view: null, board: null, where: {}, logSeen: 0, unit: null, hex: null, busy: false };

async function api(method, path, body) {
  const r = await fetch(path, {
    method,
    headers: Object.assign({ Authorization: `Bearer ${TOKEN}` },
                           body ? { "Content-Type": "application/json" } : {}),
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json();
  if (!r.ok) throw new Error(data.rule ? `${data.error} [${data.rule}]` : data.error || r.statusText);
  return data;
}

function say(text) {
  $("error").textContent = text || "";
}

// Words of an action line that name a hex of the map (its possible targets).
function hexesOf(line) {
  return Object.values(Board.words(line)).filter((v) => state.where[v]);
}

function optionsShown() {
  const legal = (state.view && state.view.legal) || [];
  return legal.filter((l) => (!state.unit || Object.values(Board.words(l)).includes(state.unit)) &&
                             (!state.hex || hexesOf(l).includes(state.hex)));
}

function drawOptions() {
  const list = $("options");
  list.replaceChildren();
  const shown = optionsShown();
  $("selection").textContent = state.unit ? `selected ${state.unit} — ${shown.length} options (click it again to clear)` : "";
  const legal = (state.view && state.view.legal) || [], words = (state.view && state.view.legal_words) || [];
  for (const line of shown) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = words[legal.indexOf(line)] || line; /* in words; the line on hover */
    b.title = line;
    b.dataset.line = line;
    b.className = "option";
    b.addEventListener("click", () => act(line));
    if (state.unit) addFireOdds(b, line); /* the chosen unit's fire, with its odds */
    li.append(b);
    list.append(li);
  }
  if (state.table)
    Table.highlight($("board"), state.table, state.view && state.view.units, state.unit,
                    state.unit ? shown : [], act);
  else
    Board.highlight($("board"), state.where, state.unit ? shown.flatMap(hexesOf) : []);
}

async function act(line) {
  if (state.busy) return;
  state.busy = true;
  say("");
  try {
    await api("POST", `/api/games/${GAME}/action`, { step: state.view.step, action: line });
    state.unit = state.hex = null;
    await refresh();
  } catch (e) {
    say(e.message);
  } finally {
    state.busy = false;
  }
}

// A query of the rules on this seat's view ("reach U", "range U", "hex H");
// null when the rules do not answer it.
async function ask(q) {
  try {
    return (await api("GET", `/api/games/${GAME}/query?q=${encodeURIComponent(q)}`)).answer;
  } catch (e) {
    return null;
  }
}

// Hex labels of a "hexes=A,B:cost,..." answer.
function hexList(answer) {
  const m = (answer || "").match(/hexes=(\S+)/);
  return m && m[1] !== "-" ? m[1].split(",").map((h) => h.split(":")[0]) : [];
}

// What the selected unit could do: where it can move (reach) and fire
// (range), lit on the map; the answers in words under the options.
async function showReach(id) {
  const [reach, range] = await Promise.all([ask(`reach ${id}`), ask(`range ${id}`)]);
  if (state.unit !== id) return; /* another click meanwhile */
  Board.highlight($("board"), state.where, hexList(reach), "reach", true);
  Board.highlight($("board"), state.where, hexList(range), "range", true);
  const words = [reach && `reach: ${hexList(reach).length} hexes`, range && `fire: ${hexList(range).length} hexes`];
  $("selection").textContent += words.some(Boolean) ? ` — ${words.filter(Boolean).join(", ")}` : "";
}

function drawUnits(v) {
  if (state.table) Table.drawUnits($("board"), state.table, v.units, players(), state.unit, onUnit);
  else Board.drawUnits($("board"), state.where, v.units, players(), state.unit, onUnit);
}

function onUnit(id) {
  state.unit = state.unit === id ? null : id;
  state.hex = null;
  if (state.view) drawUnits(state.view);
  drawOptions();
  if (state.unit && !state.table) showReach(state.unit);
}

// A click on the table top (hundredths of an inch): with a unit selected,
// its move there — a listed move of the unit with this x and y, so facing,
// formation and seat stay as listed; the rules accept or refuse it.
function onTablePoint(x, y) {
  const at = `${(x / 100).toFixed(2)}" ${(y / 100).toFixed(2)}"`;
  if (!state.unit) {
    $("selection").textContent = `table ${at}`;
    return;
  }
  const model = optionsShown().find((l) => /^move /.test(l));
  if (!model) {
    say(`no move of ${state.unit} now: pick one of its options`);
    return;
  }
  act(model.replace(/ x=\S+/, ` x=${(x / 100).toFixed(2)}`).replace(/ y=\S+/, ` y=${(y / 100).toFixed(2)}`));
}

async function onHex(label) {
  if (!state.unit) {
    const about = await ask(`hex ${label}`);
    $("selection").textContent = about ? `${label}: ${about}` : label;
    return;
  }
  const fits = optionsShown().filter((l) => hexesOf(l).includes(label));
  if (fits.length === 1) act(fits[0]);
  else if (fits.length > 1) {
    state.hex = label; /* several actions reach it: list only those */
    drawOptions();
  } else {
    showLineOfSight(label); /* nothing to do there: what the unit sees of it */
  }
}

// The rules' line of sight from the selected unit's hex to `label`, in
// the selection line (the seat's own view answers it).
async function showLineOfSight(label) {
  const me = (state.view.units || "").split("\n").map(Board.words).find((u) => u.unit === state.unit);
  if (!me || !me.hex) return;
  let answer = null, refused = "";
  try {
    answer = (await api("GET", `/api/games/${GAME}/query?q=${encodeURIComponent(`los ${me.hex} ${label}`)}`)).answer;
  } catch (e) {
    refused = e.message; /* the rules' reason, e.g. BoC's cones */
  }
  const w = Board.words(answer || "");
  const words = answer === null ? `no line of sight answer (${refused})`
              : `${w.los === "1" ? "in sight" : "out of sight"}${w.range ? `, ${w.range} hexes` : ""}` +
                `${w.reason ? ` (${w.reason})` : ""}`;
  $("selection").textContent = `${state.unit} (${me.hex}) to ${label}: ${words}`;
  Board.highlight($("board"), state.where, [label], "sight", true);
}

// Exact odds from a rules' answer "den=D K1=n1 K2=n2 ...": each result's
// share in percent, in the answer's order (keys that are parameters of the
// question, such as column= or drm=, have no count over den and are left).
function chances(answer) {
  const w = Board.words(answer || "");
  const den = Number(w.den);
  if (!(den > 0)) return [];
  const skip = new Set(["den", "outcomes", "combat", "column", "drm", "rolls", "range", "sp",
                        "to-hit", "possible", "kind", "modifier"]);
  return Object.entries(w).filter(([k, v]) => !skip.has(k) && /^\d+$/.test(v))
    .map(([k, v]) => [k, (100 * Number(v)) / den]);
}

const pct = (x) => `${x >= 10 || x === 0 ? Math.round(x) : x.toFixed(1)}%`;

// The odds of the close combat being resolved (ARW's "odds cc": the
// column, the modifier and each attacker/defender result), in percent.
async function drawOdds(v) {
  const box = $("odds");
  const combat = /(^|\n)combat=/.test(v.panel || "") && v.started && !(v.result);
  const answer = combat ? await ask("odds cc") : null;
  const shares = chances(answer);
  if (!shares.length) {
    box.textContent = "";
    return;
  }
  const w = Board.words(answer);
  box.replaceChildren();
  const head = document.createElement("strong");
  head.textContent = `Odds of combat ${w.combat} (column ${w.column}, modifier ${w.drm}), attacker/defender: `;
  box.append(head, shares.map(([k, x]) => `${k} ${pct(x)}`).join(", "));
}

// The chance that a fire option hits (ARW's "odds fire UNIT at TARGET"),
// after the option's words.
async function addFireOdds(button, line) {
  const w = Board.words(line);
  if (!/^(fire|rifle-fire) /.test(line) || !w.unit || !w.target) return;
  const answer = await ask(`odds fire ${w.unit} at ${w.target}`);
  const a = Board.words(answer || "");
  if (a.possible !== "1" || !(Number(a.den) > 0)) return;
  const span = document.createElement("span");
  span.className = "chance";
  span.textContent = ` — hits ${pct((100 * (Number(a.den) - Number(a.miss))) / Number(a.den))}`;
  button.append(span);
}

function players() {
  return ((state.view && state.view.seats) || []).map((s) => s.player);
}

function drawPanel(v) {
  const panel = $("panel");
  panel.replaceChildren();
  for (const line of (v.panel || "").split("\n").filter((l) => l.includes("="))) {
    const eq = line.indexOf("=");
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = line.slice(0, eq);
    dd.textContent = line.slice(eq + 1);
    panel.append(dt, dd);
  }
}

// The log in words (the rules' line itself on hover).
function drawLog(v) {
  const words = v.log_words || [];
  (v.log || []).forEach((line, i) => {
    const li = document.createElement("li");
    li.textContent = words[i] || line;
    li.title = line;
    $("log").prepend(li); /* newest first */
  });
  state.logSeen = v.log_total || state.logSeen;
}

function drawTurn(v) {
  const p = v.pending || {};
  $("title").textContent = `${v.scenario}${v.you ? " — you play " + v.you : " — spectator"}`;
  if (!v.started) {
    const waiting = v.seats.filter((s) => !s.joined).map((s) => s.player);
    $("turn").textContent = `waiting for ${waiting.join(", ")} to join`;
  } else if (p.kind === "over") {
    $("turn").textContent = "game over";
  } else {
    const who = (p.players || []).join(" and ");
    $("turn").textContent = v.your_turn ? `your decision: ${p.decision}${p.kind === "simultaneous" ? " (secret)" : ""}`
                                        : `${who} to decide: ${p.decision}`;
  }
  document.body.classList.toggle("my-turn", !!v.your_turn);
}

function drawOver(v) {
  if (!v.result || state.overShown) return;
  state.overShown = true;
  const r = v.result;
  $("over-title").textContent = r.winner === "draw" ? "A draw" : `${r.winner} wins`;
  $("over-why").textContent = `The game ended: ${r.outcome.replace(/-/g, " ")}, after ${v.step} actions.`;
  $("over").hidden = false;
}

async function drawBoard(v) {
  if (!v.started) return;
  if (!state.board) {
    const { board } = await api("GET", `/api/games/${GAME}/board`);
    state.table = Table.parse(board);
    state.board = state.table ? "table" : Board.parseBoard(board) || "none";
    if (state.table) Table.draw($("board"), state.table, onTablePoint);
    else if (state.board !== "none") state.where = Board.drawMap($("board"), state.board, onHex);
  }
  const text = state.board === "none" || state.board === "table";
  $("board").hidden = state.board === "none";
  $("describe").hidden = !text;
  if (text) $("describe").textContent = v.describe || "";
  if (state.board !== "none") drawUnits(v);
}

async function refresh() {
  const v = await api("GET", `/api/games/${GAME}?since=${state.logSeen}`);
  state.view = v;
  const me = v.seats.find((s) => s.player === v.you);
  $("join").hidden = !(me && !me.joined);
  drawTurn(v);
  drawPanel(v);
  drawOdds(v).catch(() => {});
  drawLog(v);
  await drawBoard(v);
  drawOptions();
  drawOver(v);
}

async function join() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const mine = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  await api("POST", `/api/games/${GAME}/join`, { entropy: `${$("entropy").value.slice(0, 100)} ${mine}` });
  await refresh();
}

async function downloadRecord() {
  try {
    const record = await api("GET", `/api/games/${GAME}/record`);
    const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `grognard-${GAME}.json`;
    a.click();
  } catch (e) {
    say(e.message);
  }
}

// The server says when the game moved; the page then asks for its view.
function listen() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  ws.onopen = () => ws.send(JSON.stringify({ game: GAME }));
  ws.onmessage = () => refresh().catch((e) => say(e.message));
  ws.onclose = () => setTimeout(listen, 2000);
}

function start() {
  if (!GAME || !TOKEN) {
    say("This page needs a join link (…/play.html#game=ID&token=TOKEN).");
    return;
  }
  $("join-button").addEventListener("click", () => join().catch((e) => say(e.message)));
  $("record").addEventListener("click", downloadRecord);
  $("over-close").addEventListener("click", () => ($("over").hidden = true));
  listen();
  setInterval(() => { if (!state.busy) refresh().catch(() => {}); }, 5000); /* if a notice is lost */
  refresh().catch((e) => say(e.message));
}

start();
