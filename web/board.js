// board.js — draws a hex map and its units in SVG from the `board` and
// `units` query answers (docs/queries.md): one record per line of
// key=value words.
"use strict";

const Board = (() => {
  const R = 24; // hex radius in SVG units
  const SQ3 = Math.sqrt(3);
  const CLASS_FILL = {
    open: "#e8e2c8", wooded: "#9cbf7a", built: "#c9a98a", rough: "#c8bb90",
    marsh: "#a9c6b8", water: "#8fb8de", blocked: "#777",
  };
  const SIDE_FILL = ["#c0392b", "#2c5aa0", "#8e44ad", "#16a085"];

  function words(line) {
    const out = {};
    for (const w of line.trim().split(/\s+/)) {
      const eq = w.indexOf("=");
      if (eq > 0) out[w.slice(0, eq)] = w.slice(eq + 1);
    }
    return out;
  }

  function parseBoard(text) {
    const lines = (text || "").split("\n").filter((l) => l.trim());
    if (!lines.length || !lines[0].startsWith("grid ")) return null;
    const grid = words(lines[0].slice(5));
    const hexes = lines.slice(1).map(words).filter((h) => h.hex);
    const sides = lines.slice(1).map(words).filter((x) => x.side);
    return { grid, hexes, sides };
  }

  // Centre of the hex at printed column c, row r.
  function centre(grid, c, r) {
    const ci = c - Number(grid.col0 || 0), ri = r - Number(grid.row0 || 0);
    const shifted = Number(grid.shifted || 0);
    if (grid.layout === "pointy") {
      const half = (r % 2 === 1) === (shifted === 1) ? SQ3 * R / 2 : 0;
      return [R + ci * SQ3 * R + half, R + ri * 1.5 * R];
    }
    const half = (c % 2 === 1) === (shifted === 1) ? SQ3 * R / 2 : 0;
    return [R + ci * 1.5 * R, R + ri * SQ3 * R + half];
  }

  function corners(grid, x, y) {
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 180 * (60 * k + (grid.layout === "pointy" ? 30 : 0));
      pts.push(`${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`);
    }
    return pts.join(" ");
  }

  function el(name, attrs, text) {
    const e = document.createElementNS("http://www.w3.org/2000/svg", name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Hexside features (docs/queries.md: side=A,B kind=K,...): a road or a
  // track joins the two hex centres; the others lie on the side itself.
  const LINKS = /road|track|pike|trail|causeway/;
  const SIDE_CLASS = [[/river|stream|creek/, "water"], [/ford|bridge/, "crossing"],
                      [/slope|crest|scarp|ridge|hill/, "slope"], [/.*/, "works"]];
  function drawSides(layer, where, sides) {
    for (const x of sides || []) {
      const [a, b] = x.side.split(","), pa = where[a], pb = where[b];
      if (!pa || !pb) continue;
      for (const kind of (x.kind || "").split(",")) {
        if (LINKS.test(kind)) {
          layer.append(el("line", { x1: pa[0], y1: pa[1], x2: pb[0], y2: pb[1], class: `link ${kind}` }));
          continue;
        }
        /* the side: through the midpoint, across the line of centres, a hex side long */
        const mx = (pa[0] + pb[0]) / 2, my = (pa[1] + pb[1]) / 2;
        const dx = pb[0] - pa[0], dy = pb[1] - pa[1], len = Math.hypot(dx, dy) || 1;
        const ux = -dy / len * R / 2, uy = dx / len * R / 2;
        const cls = SIDE_CLASS.find(([re]) => re.test(kind))[1];
        const line = el("line", { x1: mx - ux, y1: my - uy, x2: mx + ux, y2: my + uy, class: `hexside ${cls}` });
        line.append(el("title", {}, `${a}-${b}: ${kind}`));
        layer.append(line);
      }
    }
  }

  // Draws the map into svg; returns {label: [x, y]} for the units.
  function drawMap(svg, board, onHex) {
    svg.replaceChildren();
    const where = {};
    let w = 0, h = 0;
    const layer = el("g", { class: "hexes" });
    for (const hx of board.hexes) {
      const [x, y] = centre(board.grid, Number(hx.col), Number(hx.row));
      where[hx.hex] = [x, y];
      w = Math.max(w, x + R), h = Math.max(h, y + R);
      const poly = el("polygon", {
        points: corners(board.grid, x, y), fill: CLASS_FILL[hx.class] || CLASS_FILL.open,
        class: "hex", "data-hex": hx.hex,
      });
      poly.append(el("title", {}, `${hx.hex} ${hx.terrain}${hx.level ? " level " + hx.level : ""}`));
      poly.addEventListener("click", () => onHex(hx.hex));
      layer.append(poly);
      layer.append(el("text", { x, y: y - R * 0.55, class: "hexlabel" }, hx.hex));
      if (hx.mark) layer.append(el("text", { x: x + R * 0.5, y: y - R * 0.2, class: "mark" }, hx.mark));
    }
    const sides = el("g", { class: "sides" });
    drawSides(sides, where, board.sides);
    svg.append(layer, sides, el("g", { class: "highlights" }), el("g", { class: "units" }));
    svg.setAttribute("viewBox", `0 0 ${Math.ceil(w + 4)} ${Math.ceil(h + 4)}`);
    return where;
  }

  // Draws the units (stacks fanned out) over a drawn map.
  function drawUnits(svg, where, unitsText, players, selected, onUnit) {
    const layer = svg.querySelector(".units");
    layer.replaceChildren();
    const units = (unitsText || "").split("\n").filter((l) => l.trim()).map(words);
    const size = {}, depth = {};
    for (const u of units) size[u.hex] = (size[u.hex] || 0) + 1;
    /* each hex's stack is listed top first: draw it bottom first */
    for (const u of units.slice().reverse()) {
      const at = where[u.hex];
      if (!at) continue;
      const k = depth[u.hex] = (depth[u.hex] || 0) + 1;
      const fan = (k - size[u.hex]) * -4;
      const hidden = u.hidden === "1";
      const w = hidden ? 14 : 22, h = hidden ? 20 : 18; /* a block stands on edge */
      const x = at[0] - w / 2 - fan, y = at[1] - h / 2 - fan;
      const side = Math.max(0, players.indexOf(u.side));
      const g = el("g", { class: "unit" + (hidden ? " hidden" : "") +
                                 (selected && selected === u.unit ? " selected" : ""),
                          "data-unit": u.unit });
      g.append(el("rect", { x, y, width: w, height: h, rx: 2, fill: SIDE_FILL[side % 4] }));
      g.append(el("text", { x: x + w / 2, y: y + h / 2 + 4 }, u.sym || "?"));
      g.append(el("title", {}, Object.entries(u).map(([a, b]) => `${a}=${b}`).join(" ")));
      g.addEventListener("click", (ev) => { ev.stopPropagation(); onUnit(u.unit, u.hex); });
      layer.append(g);
    }
  }

  // Lights hexes (class: "reach" options and moves, "range" fire); keeps
  // what is lit unless `add` is false.
  function highlight(svg, where, labels, cls, add) {
    const layer = svg.querySelector(".highlights");
    if (!layer) return;
    if (!add) layer.replaceChildren();
    for (const label of labels) {
      const at = where[label];
      const r = cls === "range" ? R * 0.45 : R * 0.8;
      if (at) layer.append(el("circle", { cx: at[0], cy: at[1], r, class: cls || "reach" }));
    }
  }

  return { parseBoard, drawMap, drawUnits, highlight, words, el };
})();
