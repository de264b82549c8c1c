#!/usr/bin/env python3
"""boc-scenarios-from-brief.py — builds data/scenarios/boc-day2.json,
boc-day3.json and boc-full.json from the provisional BoC data brief
(shared/data/boc-data-brief.md, sections 2.1 and 3.0-3.4).

The brief's scenarios are a PROPOSAL: setup strengths ("D2/D3 start"),
arrival hours and victory levels are written {"value": X, "provisional": ...}.
Leaders the brief marks "fallen" at a scenario's start are set up with
"fallen": true (no hex; they score nothing, data brief 3.0).  The full
battle takes its opening set-up and the Hancock Option from boc-day1.json.

Usage: scripts/boc-scenarios-from-brief.py BRIEF.md SCENARIO_DIR
"""
import json
import re
import sys

BRIEF = "boc-data-brief.md"


def prov(value, section, why):
    return {"value": value, "provisional": f"shared/data/{BRIEF} §{section}: {why}"}


def section(text, start, end):
    return text[text.index(start):text.index(end)]


def start_strengths(text):
    """id -> (D2, D3) strings from the §2.1 table."""
    out = {}
    for line in text.splitlines():
        if re.match(r"^\| [uc]\.", line):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            d2, d3 = cells[10].split("/")
            out[cells[0]] = (d2, d3)
    return out


def setup_lines(sec):
    """[(side, hex, [ids])] from the '- **USA**: L6: a, b; M6: ...' lines."""
    out = []
    for m in re.finditer(r"^- \*\*(USA|CSA)\*\*: (.*)$", sec, re.M):
        for group in m.group(2).split(";"):
            group = group.strip()
            if not group or group.startswith("("):
                continue
            hexl, ids = group.split(":")
            out.append((hexl.strip(), [i.strip() for i in ids.split(",")]))
    return out


def schedule(sec, num):
    """Reinforcement rows of a section's 'when | entry hex | blocks' table."""
    out = []
    for m in re.finditer(r"^\| (D(\d) (\d\d):00 \S+|Night (\d), \S+) \| (\S+) \| (.*) \|$", sec, re.M):
        entry, ids = m.group(5), [i.strip() for i in m.group(6).split(",")]
        for uid in ids:
            row = {"unit": uid}
            if m.group(4):
                row.update({"day": int(m.group(4)), "night": True})
            else:
                row.update({"day": int(m.group(2)),
                            "hour": prov(int(m.group(3)), f"2.2/{num}", "arrival hour, a design proposal")})
            row["entry"] = entry
            out.append(row)
    return out


def day_setup(sec, strengths, col, num):
    rows, placed = [], set()
    for hexl, ids in setup_lines(sec):
        for uid in ids:
            s = strengths[uid][col]
            rows.append({"unit": uid, "hex": hexl,
                         "strength": prov(int(s), f"2.1/{num}", f"'D{col + 2} start' strength, a design proposal")})
            placed.add(uid)
    for uid, pair in strengths.items():
        if pair[col] == "fallen" and uid not in placed:
            rows.append({"unit": uid, "fallen": True})
    return rows


VICTORY = {
    "csa_wins_at": prov(10, "3.0", "spec R9.1-e reading of the '+10 0-9' fragment"),
    "usa_wins_at": prov(-1, "3.0", "spec R9.1-e reading of the '+10 0-9' fragment"),
}


def scenario(sid, title, days, setup, reinf, extra=None):
    doc = {"format": 1, "system": "boc", "id": sid, "title": title,
           "terrain": "boc/terrain.json", "units": "boc/units.json",
           "map": "boc/map.json", "oob": "boc/oob.json",
           "setup": setup, "reinforcements": reinf,
           "turns": {"days": days}}
    doc.update(extra or {})
    doc["victory"] = VICTORY
    return doc


def dump(doc, path):
    lines = ["{"]
    keys = list(doc)
    for i, k in enumerate(keys):
        comma = "," if i + 1 < len(keys) else ""
        v = doc[k]
        if isinstance(v, list):
            lines.append(f'  "{k}": [')
            lines.append(",\n".join("    " + json.dumps(x, ensure_ascii=False) for x in v))
            lines.append("  ]" + comma)
        else:
            lines.append(f'  "{k}": {json.dumps(v, ensure_ascii=False)}{comma}')
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    text = open(sys.argv[1]).read()
    out = sys.argv[2]
    st = start_strengths(text)
    d2 = section(text, "### 3.2", "### 3.3")
    d3 = section(text, "### 3.3", "### 3.4")
    full = section(text, "### 3.4", "## 4.")
    dump(scenario("boc-day2", "BoC Day 2: Sickles' Folly, 2 July 1863, 15:00-20:00 (provisional map, set-up and schedule)",
                  [{"day": 2, "from": 15, "to": 20}], day_setup(d2, st, 0, "3.2"), schedule(d2, "3.2")),
         f"{out}/boc-day2.json")
    dump(scenario("boc-day3", "BoC Day 3: Pickett's Charge, 3 July 1863, 05:00-17:00 (provisional map, set-up and schedule)",
                  [{"day": 3, "from": 5, "to": 17}], day_setup(d3, st, 1, "3.3"), schedule(d3, "3.3")),
         f"{out}/boc-day3.json")
    day1 = json.load(open(f"{out}/boc-day1.json"))
    full_doc = scenario("boc-full", "BoC full battle: Gettysburg, 1-3 July 1863, two Night Turns (provisional map and schedule)",
                        [{"day": 1, "from": 8, "to": 19}, {"day": 2, "from": 5, "to": 20}, {"day": 3, "from": 5, "to": 17}],
                        day1["setup"], schedule(full, "3.4"), {"hancock": day1["hancock"]})
    full_doc["victory"] = dict(VICTORY, sudden_death=prov(
        15, "3.4", "optional sudden death [DESIGN], used with the game option sudden-death=on"))
    dump(full_doc, f"{out}/boc-full.json")


if __name__ == "__main__":
    main()
