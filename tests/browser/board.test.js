// board.test.js — the browser board of `grognard serve` in headless Debian
// Chromium (puppeteer-core): two seats play a Savannah close combat with
// secret tactic chits, and every byte the second seat receives (HTTP and
// WebSocket) and its page lack the first seat's chit; a reload in the middle
// of a game; a V&F move by clicking; a screenshot of each system's board
// (kept in BUILD/browser/).  Prints TAP for tests/run-all.
//   node tests/browser/board.test.js BUILD_DIR
"use strict";

const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const puppeteer = require("puppeteer-core");

const ROOT = path.resolve(__dirname, "../..");
const BUILD = path.resolve(ROOT, process.argv[2] || "build/default");
const SHOTS = path.join(BUILD, "browser");
const CHROMIUM = process.env.GR_CHROMIUM || "/usr/bin/chromium";
const WAIT_MS = 20000;

let count = 0, failures = 0;
async function test(name, fn) {
  count++;
  try {
    await fn();
    console.log(`ok ${count} - ${name}`);
  } catch (e) {
    failures++;
    console.log(`not ok ${count} - ${name}`);
    console.log(String(e.stack || e).split("\n").map((l) => `# ${l}`).join("\n"));
  }
}

function check(cond, what) {
  if (!cond) throw new Error(what);
}

// Starts grognard serve on a free loopback port; resolves {proc, base}.
function serve(dir) {
  return new Promise((resolve, reject) => {
    const proc = spawn(path.join(BUILD, "grognard"),
      ["serve", "--listen", "127.0.0.1:0", "--db", path.join(dir, "games.db"),
       "--web", path.join(ROOT, "web")], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    proc.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/\(port (\d+)\)/);
      if (m) resolve({ proc, base: `http://127.0.0.1:${m[1]}` });
    });
    proc.on("exit", (code) => reject(new Error(`grognard serve exited (${code}): ${out}`)));
  });
}

async function api(base, method, p, token, body) {
  const r = await fetch(base + p, {
    method,
    headers: Object.assign(token ? { Authorization: `Bearer ${token}` } : {},
                           body ? { "Content-Type": "application/json" } : {}),
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json();
  if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${data.error}`);
  return data;
}

async function newGame(base, scenario, seats) {
  return api(base, "POST", "/api/games", null, { scenario, seats: seats || ["human", "human"] });
}

async function until(fn, what) {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - start > WAIT_MS) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// A page on a seat's link in its own browser context (no shared storage);
// `bytes` collects every response body and WebSocket frame it receives.
async function seatPage(browser, base, link) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const seen = { bytes: "" };
  page.on("response", async (r) => {
    try { seen.bytes += await r.text(); } catch (e) { /* redirects, aborted */ }
  });
  const cdp = await page.createCDPSession();
  await cdp.send("Network.enable");
  cdp.on("Network.webSocketFrameReceived", (e) => { seen.bytes += e.response.payloadData; });
  page.on("pageerror", (e) => { seen.bytes += `\n#pageerror ${e.message}`; seen.error = e.message; });
  await page.goto(base + link);
  return { page, seen };
}

const stepOf = (page) => page.evaluate(() => (state.view && state.view.started ? state.view.step : -1));
const myTurn = (page) => page.evaluate(() => !!(state.view && state.view.your_turn));
const options = (page) => page.$$eval("button.option", (bs) => bs.map((b) => b.dataset.line));

async function join(page) {
  await page.waitForSelector("#join-button", { visible: true });
  await page.click("#join-button");
}

// Clicks the option whose text is `line` (found and clicked in one step in
// the page: the list may be redrawn at any moment) and waits for the step
// to move.
async function choose(page, line) {
  const before = await stepOf(page);
  const clicked = await page.evaluate((want) => {
    const b = [...document.querySelectorAll("button.option")].find((x) => x.dataset.line === want);
    if (b) b.click();
    return !!b;
  }, line);
  check(clicked, `no option '${line}'`);
  await until(async () => (await stepOf(page)) > before, `the step after '${line}'`);
}

const PREFER = ["chit", "declare-done", "resolve", "end"];
function preferred(opts) {
  for (const kind of PREFER) {
    const o = opts.find((l) => l.startsWith(kind));
    if (o) return o;
  }
  return opts[0];
}

async function serverState(base, game, token) {
  return api(base, "GET", `/api/games/${game}`, token);
}

// Waits until the page shows the server's current step.
async function caughtUp(page, base, game, token) {
  const { step } = await serverState(base, game, token);
  await until(async () => (await stepOf(page)) === step, "the page to show the current step");
}

async function secretChits(browser, base) {
  const g = await newGame(base, "arw-slice");
  const [brit, allied] = g.seats;
  const A = await seatPage(browser, base, brit.link);
  const B = await seatPage(browser, base, allied.link);
  await join(A.page);
  await join(B.page);
  await until(async () => (await serverState(base, g.game, brit.token)).started, "both seats joined");
  const SECRET = "by=british chit=";
  let secret = null;
  for (let i = 0; i < 200; i++) {
    const s = await serverState(base, g.game, brit.token);
    check(s.pending.kind !== "over", "the game ended before a close combat");
    const due = s.pending.players;
    const seat = due.includes("british") ? A : B;
    await caughtUp(seat.page, base, g.game, seat === A ? brit.token : allied.token);
    const opts = await until(async () => { const o = await options(seat.page); return o.length ? o : null; },
                             "the due seat's options on its page");
    const chits = opts.filter((l) => l.startsWith("chit "));
    if (seat === A && chits.length) {
      /* the combat's exact odds in percent ("odds cc"), summing to 100 */
      const odds = await until(async () => {
        const t = await A.page.$eval("#odds", (o) => o.textContent);
        return /^Odds of combat \d+ \(column \S+, modifier -?\d+\)/.test(t) ? t : null;
      }, "the odds of the combat on seat A's page");
      const total = [...odds.matchAll(/ (\d+(?:\.\d)?)%/g)].reduce((a, m) => a + Number(m[1]), 0);
      check(Math.abs(total - 100) < 2.5, `the odds add up to ${total}%: ${odds}`);
      console.log(`# seat A: ${odds}`);
      secret = chits[chits.length - 1];
      await choose(A.page, secret);
      await caughtUp(B.page, base, g.game, allied.token); /* B heard of the move */
      const dom = await B.page.content();
      check(!B.seen.bytes.includes(SECRET) && !dom.includes(SECRET),
            "seat B received the british chit before the reveal");
      check(!dom.includes(secret), "seat B's page shows the british chit line");
      continue;
    }
    if (seat === B && chits.length && secret) {
      await choose(B.page, chits[0]);
      await until(async () => (await B.page.content()).includes("chits combat="), "the reveal");
      const dom = await B.page.content();
      check(!B.seen.bytes.includes(SECRET) && !dom.includes(SECRET),
            "seat B received the british chit line (the reveal is the chits event only)");
      check(!B.seen.error && !A.seen.error, `a page error: ${B.seen.error || A.seen.error}`);
      return { g, A, B };
    }
    await choose(seat.page, preferred(opts));
  }
  throw new Error("no close combat with chits in 200 decisions");
}

async function reloadMidGame(base, g, A) {
  const before = await serverState(base, g.game, g.seats[0].token);
  await A.page.reload();
  await until(async () => (await stepOf(A.page)) === before.step, "the reloaded page's step");
  const title = await A.page.$eval("#title", (t) => t.textContent);
  check(title.includes("you play british"), `title after reload: ${title}`);
  const logLines = await A.page.$$eval("#log li", (l) => l.length);
  check(logLines > 5, `the log after a reload has ${logLines} lines`);
  /* the log in words (data/words/arw.json), the rules' line on hover */
  const log = await A.page.$$eval("#log li", (l) => l.map((li) => [li.textContent, li.title]));
  check(log.some(([w, raw]) => /^Turn \d+: the \S+ phase, \S+ active$/.test(w) && raw.startsWith("phase ")),
        `no phase line in words: ${JSON.stringify(log.slice(-3))}`);
  check(log.every(([w]) => !/ \w+=/.test(w)), `a log line not in words: ${JSON.stringify(log.find(([w]) => / \w+=/.test(w)))}`);
  const joinShown = await A.page.$eval("#join", (j) => !j.hidden);
  check(!joinShown, "a reloaded seat is asked to join again");
}

// On the V&F table top: the unit of `move` clicked, its front arc and the
// places its options go are lit, and the mark of `move` clicked makes it.
async function moveOnTheTable(page, move) {
  const unit = move.match(/ unit=(\S+)/)[1];
  const before = await stepOf(page);
  const bases = await page.evaluate((u) => document.querySelectorAll(`#board g.unit[data-unit="${u}"] .base`).length,
                                    unit);
  check(bases > 1, `${unit} drawn with ${bases} figure bases`);
  await page.evaluate((u) => document.querySelector(`#board g.unit[data-unit="${u}"]`)
                                     .dispatchEvent(new MouseEvent("click", { bubbles: true })), unit);
  await until(() => page.evaluate(() => document.querySelectorAll("#board .destination").length > 1 &&
                                        document.querySelectorAll("#board .arc").length === 2),
              `${unit}'s destinations and front arc`);
  const clicked = await page.evaluate((want) => {
    const mark = [...document.querySelectorAll("#board .destination")].find((m) => m.textContent === want);
    if (mark) mark.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return !!mark;
  }, move);
  check(clicked, `no mark for '${move}'`);
  await until(async () => (await stepOf(page)) > before, `the step after '${move}'`);
}

async function vfMoveByClick(browser, base) {
  const g = await newGame(base, "vf-slice");
  for (const s of g.seats)
    await api(base, "POST", `/api/games/${g.game}/join`, s.token, { entropy: "vf" });
  const pages = [];
  for (const s of g.seats) pages.push((await seatPage(browser, base, s.link)).page);
  for (let i = 0; i < 40; i++) { /* through the fire phase to the action phase */
    const st = await serverState(base, g.game, g.seats[0].token);
    const k = g.seats.findIndex((x) => st.pending.players.includes(x.player));
    check(k >= 0, `somebody is due: ${JSON.stringify(st.pending)} log ${JSON.stringify(st.log.slice(-5))}`);
    await caughtUp(pages[k], base, g.game, g.seats[k].token);
    const opts = await until(async () => { const o = await options(pages[k]); return o.length ? o : null; },
                             "the due seat's options");
    const move = opts.find((l) => l.startsWith("move "));
    if (move) {
      await moveOnTheTable(pages[k], move);
      const after = await serverState(base, g.game, g.seats[k].token);
      check(after.log.some((l) => l.startsWith("move ")), "the move is in the log");
      await pages[k].screenshot({ path: path.join(SHOTS, "vf-slice-after-move.png") });
      return;
    }
    await choose(pages[k], opts.find((l) => l.startsWith("activate")) ||
                           opts.find((l) => l.startsWith("end")) || opts[opts.length - 1]);
  }
  throw new Error("no V&F move option in 40 decisions");
}

// Clicking one of its own units lights where it can fire (BoC artillery).
async function reachAndRange(browser, base) {
  const g = await newGame(base, "boc-slice");
  for (const s of g.seats)
    await api(base, "POST", `/api/games/${g.game}/join`, s.token, { entropy: "r" });
  const csa = g.seats.find((s) => s.player === "csa");
  const { page, seen } = await seatPage(browser, base, csa.link);
  await page.waitForSelector('#board g.unit[data-unit="c.pegram"]');
  await page.evaluate(() => document.querySelector('#board g.unit[data-unit="c.pegram"]')
                                    .dispatchEvent(new MouseEvent("click", { bubbles: true })));
  await until(() => page.evaluate(() => document.querySelectorAll("#board circle.range").length > 3),
              "c.pegram's fire range lit");
  const said = await page.$eval("#selection", (s) => s.textContent);
  check(said.includes("selected c.pegram") && said.includes("fire:"), `selection: ${said}`);
  /* a hex no option of the unit names: the line of sight to it, in words */
  await page.evaluate(() => document.querySelector('#board polygon[data-hex="A1"]')
                                    .dispatchEvent(new MouseEvent("click", { bubbles: true })));
  await until(() => page.evaluate(() => document.getElementById("selection").textContent.includes(" to A1: ")),
              "the line of sight from c.pegram to A1");
  const sight = await page.$eval("#selection", (s) => s.textContent);
  check(/c\.pegram \(\w+\) to A1: (in sight|out of sight|no line of sight answer)/.test(sight),
        `line of sight: ${sight}`);
  check(!seen.error, `page error: ${seen.error}`);
  await page.screenshot({ path: path.join(SHOTS, "boc-slice-range.png") });
  await page.browserContext().close();
}

// A whole game against a computer seat, to the end-of-game dialog; its
// record passes `grognard verify`.
async function wholeGameAgainstTheComputer(browser, base, dir) {
  const g = await newGame(base, "arw-slice", ["human", "random"]);
  const me = g.seats[0];
  const { page, seen } = await seatPage(browser, base, me.link);
  await join(page);
  for (let i = 0; i < 300; i++) {
    const st = await serverState(base, g.game, me.token);
    if (st.pending && st.pending.kind === "over") break;
    if (!st.your_turn) { await new Promise((r) => setTimeout(r, 50)); continue; }
    await caughtUp(page, base, g.game, me.token);
    const opts = await until(async () => { const o = await options(page); return o.length ? o : null; },
                             "my options");
    await choose(page, preferred(opts));
  }
  await page.waitForSelector("#over", { visible: true, timeout: WAIT_MS });
  const title = await page.$eval("#over-title", (t) => t.textContent);
  const why = await page.$eval("#over-why", (t) => t.textContent);
  check(/wins|draw/i.test(title) && why.includes("The game ended"), `end screen: ${title} / ${why}`);
  await page.screenshot({ path: path.join(SHOTS, "arw-slice-over.png") });
  const record = await api(base, "GET", `/api/games/${g.game}/record`, me.token);
  const file = path.join(dir, "record.json");
  fs.writeFileSync(file, JSON.stringify(record));
  const v = require("child_process").spawnSync(path.join(BUILD, "grognard"), ["verify", file]);
  check(v.status === 0, `grognard verify: ${v.stdout}${v.stderr}`);
  check(!seen.error, `page error: ${seen.error}`);
  await page.browserContext().close();
}

async function screenshots(browser, base) {
  for (const scenario of ["arw-slice", "boc-slice", "jdg-slice", "vf-slice", "savannah-historical"]) {
    const g = await newGame(base, scenario);
    for (const s of g.seats)
      await api(base, "POST", `/api/games/${g.game}/join`, s.token, { entropy: scenario });
    const { page, seen } = await seatPage(browser, base, g.seats[0].link);
    await page.setViewport({ width: 1280, height: 900 });
    await until(() => page.evaluate(() => document.querySelectorAll("#board .hex").length > 0 ||
                                          document.getElementById("describe").textContent.length > 0),
                `the board of ${scenario}`);
    check(!seen.error, `page error on ${scenario}: ${seen.error}`);
    if (scenario === "savannah-historical") { /* its streams, roads and works */
      const sides = await page.evaluate(() => document.querySelectorAll("#board .sides line").length);
      check(sides > 50, `savannah-historical drawn with ${sides} hexside features`);
    }
    await page.screenshot({ path: path.join(SHOTS, `${scenario}.png`) });
    if (scenario === "arw-slice") {
      await page.setViewport({ width: 390, height: 844, isMobile: true });
      await page.screenshot({ path: path.join(SHOTS, "arw-slice-phone.png") });
    }
    await page.browserContext().close();
  }
}

async function main() {
  fs.mkdirSync(SHOTS, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "grognard-browser-"));
  const { proc, base } = await serve(dir);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  console.log("1..6");
  let played = null;
  try {
    await test("secret chits never reach the other seat's page or network", async () => {
      played = await secretChits(browser, base);
    });
    await test("a reload in the middle of a game restores the seat", async () => {
      check(played, "needs the game of test 1");
      await reloadMidGame(base, played.g, played.A);
    });
    await test("a V&F move by clicking a unit and its destination on the table top", () => vfMoveByClick(browser, base));
    await test("each system's board is drawn (screenshots in BUILD/browser)", () => screenshots(browser, base));
    await test("a unit clicked lights its reach and fire range", () => reachAndRange(browser, base));
    await test("a whole game against the computer, its end, its verified record",
               () => wholeGameAgainstTheComputer(browser, base, dir));
  } finally {
    await browser.close();
    proc.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
  process.exitCode = failures ? 1 : 0;
}

main().catch((e) => {
  console.log(`not ok ${count + 1} - the browser tests could not run`);
  console.log(String(e.stack || e).split("\n").map((l) => `# ${l}`).join("\n"));
  process.exitCode = 1;
});
