// table.js — draws a V&F table top to scale in SVG from the `board` and
// `units` answers of docs/queries.md ("The V&F table top"): terrain pieces,
// objectives, every figure's base with its facing, the selected unit's front
// arc, and the places its options would take it.  Lengths in hundredths of
// an inch (the SVG's own unit), facings in tenths of a degree, compass
// bearings (0 faces +y, away from side A, whose edge is drawn at the bottom).
"use strict";

const Table = (() => {
  const TERRAIN_FILL = { wood: "#9cbf7a", building: "#c9a98a", river: "#8fb8de",
                         ford: "#b5d0e8", road: "#d8c9a3", hill: "#d9cfa0", hedge: "#6f8f4f" };
  const SIDE_FILL = ["#c0392b", "#2c5aa0"];
  const ARC_LENGTH = 2400; // the front arc is drawn 24" long

  function parse(text) {
    const lines = (text || "").split("\n").filter((l) => l.trim());
    if (!lines.length || !lines[0].startsWith("table ")) return null;
    const head = Board.words(lines[0].slice(6));
    const rows = lines.slice(1).map(Board.words);
    return { w: Number(head.w), d: Number(head.d), arc: Number(head.arc || 45),
             terrain: rows.filter((r) => r.terrain), objectives: rows.filter((r) => r.objective) };
  }

  // Compass unit vectors: f the facing, r to its right.
  function axes(tenths) {
    const a = (Number(tenths) / 10) * Math.PI / 180;
    return { f: [Math.sin(a), Math.cos(a)], r: [Math.cos(a), -Math.sin(a)] };
  }

  // Corners (table coordinates) of a base: centre, frontage w, depth d.
  function baseCorners(cx, cy, w, d, facing) {
    const { f, r } = axes(facing);
    const out = [];
    for (const [sr, sf] of [[-1, 1], [1, 1], [1, -1], [-1, -1]]) /* FL FR RR RL */
      out.push([cx + sr * r[0] * w / 2 + sf * f[0] * d / 2, cy + sr * r[1] * w / 2 + sf * f[1] * d / 2]);
    return out;
  }

  function points(table, pts) {
    return pts.map(([x, y]) => `${x.toFixed(0)},${(table.d - y).toFixed(0)}`).join(" ");
  }

  function el(name, attrs, text) {
    return Board.el(name, attrs, text);
  }

  // Table coordinates (hundredths of an inch) of a click on the SVG.
  function tablePoint(svg, table, ev) {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX, pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [Math.round(p.x), Math.round(table.d - p.y)];
  }

  // The table, its terrain and objectives; onPoint(x, y) gets clicks on it.
  function draw(svg, table, onPoint) {
    svg.replaceChildren();
    svg.setAttribute("viewBox", `-20 -20 ${table.w + 40} ${table.d + 40}`);
    const ground = el("rect", { x: 0, y: 0, width: table.w, height: table.d, class: "table" });
    ground.addEventListener("click", (ev) => onPoint(...tablePoint(svg, table, ev)));
    const layer = el("g", { class: "terrain" });
    for (const t of table.terrain) {
      const poly = el("polygon", { points: points(table, baseCorners(+t.x, +t.y, +t.w, +t.d, +t.facing)),
                                   fill: TERRAIN_FILL[t.kind] || "#ccc", class: "piece" });
      poly.append(el("title", {}, `${t.terrain} (${t.kind})`));
      poly.addEventListener("click", (ev) => onPoint(...tablePoint(svg, table, ev)));
      layer.append(poly);
      layer.append(el("text", { x: +t.x, y: table.d - t.y, class: "piecelabel" }, t.terrain));
    }
    for (const o of table.objectives) {
      layer.append(el("circle", { cx: +o.x, cy: table.d - o.y, r: 600, class: "objective-zone" }));
      layer.append(el("circle", { cx: +o.x, cy: table.d - o.y, r: 60, class: "objective " + o.controller }));
      layer.append(el("text", { x: +o.x, y: table.d - o.y - 90, class: "piecelabel" }, o.objective));
    }
    svg.append(ground, layer, el("g", { class: "units" }), el("g", { class: "highlights" }));
  }

  function unitsOf(text) {
    return (text || "").split("\n").filter((l) => l.trim()).map(Board.words).filter((u) => u.unit);
  }

  // One unit: every figure's base, a tick on its front edge, its label.
  function drawUnit(table, u, side, selected, onUnit) {
    const g = el("g", { class: "unit" + (selected ? " selected" : ""), "data-unit": u.unit });
    const cells = u.cells ? u.cells.split(";").map((c) => c.split(",").map(Number))
                          : [[+u.x, +u.y, +u.w, +u.d, 0]];
    for (const [cx, cy, w, d, f] of cells) {
      const c = baseCorners(cx, cy, w, d, f);
      g.append(el("polygon", { points: points(table, c), fill: SIDE_FILL[side % 2], class: "base" }));
      g.append(el("polyline", { points: points(table, [c[0], c[1]]), class: "front" }));
    }
    const { f } = axes((u.facing || 0) * 10); /* the label stands just in front of the unit */
    g.append(el("text", { x: +u.x + f[0] * 90, y: table.d - (+u.y + f[1] * 90) + 35, class: "unitlabel" },
                u.unit));
    g.append(el("title", {}, Object.entries(u).filter(([k]) => k !== "cells")
                                    .map(([a, b]) => `${a}=${b}`).join(" ")));
    g.addEventListener("click", (ev) => { ev.stopPropagation(); onUnit(u.unit); });
    return g;
  }

  function drawUnits(svg, table, unitsText, players, selected, onUnit) {
    const layer = svg.querySelector(".units");
    layer.replaceChildren();
    for (const u of unitsOf(unitsText))
      layer.append(drawUnit(table, u, Math.max(0, players.indexOf(u.side)), selected === u.unit, onUnit));
  }

  // The front arc of a unit (vf:1.1.1-a): lines outward at table.arc
  // degrees from the two ends of its front edge.
  function frontArc(table, u) {
    const cells = u.cells.split(";").map((c) => c.split(",").map(Number));
    const { f, r } = axes(u.facing * 10);
    const corners = cells.flatMap(([cx, cy, w, d, fc]) => baseCorners(cx, cy, w, d, fc));
    const dot = (p, v) => p[0] * v[0] + p[1] * v[1];
    const front = Math.max(...corners.map((p) => dot(p, f)));
    const edge = corners.filter((p) => dot(p, f) > front - 1);
    const left = edge.reduce((a, p) => (dot(p, r) < dot(a, r) ? p : a));
    const right = edge.reduce((a, p) => (dot(p, r) > dot(a, r) ? p : a));
    const ray = (p, sign) => {
      const { f: v } = axes(u.facing * 10 + sign * table.arc * 10);
      return [p, [p[0] + v[0] * ARC_LENGTH, p[1] + v[1] * ARC_LENGTH]];
    };
    return [ray(left, -1), ray(right, 1)];
  }

  // Lights the selected unit's front arc and the places (x=, y= in inches)
  // its shown options would take it; each mark picks its option.
  function highlight(svg, table, unitsText, selected, options, onOption) {
    const layer = svg.querySelector(".highlights");
    if (!layer) return;
    layer.replaceChildren();
    const u = unitsOf(unitsText).find((x) => x.unit === selected);
    if (u && u.cells)
      for (const line of frontArc(table, u))
        layer.append(el("polyline", { points: points(table, line), class: "arc" }));
    for (const line of options) {
      const w = Board.words(line);
      if (w.x === undefined || w.y === undefined) continue;
      const mark = el("circle", { cx: Math.round(w.x * 100), cy: Math.round(table.d - w.y * 100),
                                  r: 45, class: "destination" });
      mark.append(el("title", {}, line));
      mark.addEventListener("click", (ev) => { ev.stopPropagation(); onOption(line); });
      layer.append(mark);
    }
  }

  return { parse, draw, drawUnits, highlight, unitsOf };
})();
