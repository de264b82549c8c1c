// lobby.js — creates a game on this server and shows one link per seat.
"use strict";

const $ = (id) => document.getElementById(id);
const SEAT_KINDS = ["human", "greedy", "mcts", "random"];

async function api(method, path, body) {
  const r = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

function seatRow(index) {
  const row = document.createElement("label");
  row.textContent = `Seat ${index + 1} `;
  const pick = document.createElement("select");
  pick.className = "seat";
  for (const k of SEAT_KINDS) pick.add(new Option(k === "human" ? "a person" : `computer (${k})`, k));
  if (index > 0) pick.value = "greedy";
  row.append(pick);
  return row;
}

async function start() {
  const { scenarios } = await api("GET", "/api/scenarios");
  for (const id of scenarios) $("scenario").add(new Option(id, id));
  $("scenario").value = scenarios.includes("savannah-historical") ? "savannah-historical" : scenarios[0];
  $("seats").append(seatRow(0), seatRow(1));
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("error").textContent = "";
    try {
      const seats = [...document.querySelectorAll(".seat")].map((s) => s.value);
      const game = await api("POST", "/api/games", { scenario: $("scenario").value, seats });
      $("commitment").textContent = game.commitment;
      $("links").replaceChildren();
      for (const seat of game.seats.concat([{ player: "spectator", kind: "human", link: game.spectator.link }])) {
        const li = document.createElement("li");
        if (seat.link) {
          const a = document.createElement("a");
          a.href = seat.link;
          a.textContent = `${seat.player}: open`;
          li.append(a);
        } else {
          li.textContent = `${seat.player}: the computer (${seat.kind})`;
        }
        $("links").append(li);
      }
      $("created").hidden = false;
    } catch (e) {
      $("error").textContent = e.message;
    }
  });
}

start().catch((e) => ($("error").textContent = e.message));
