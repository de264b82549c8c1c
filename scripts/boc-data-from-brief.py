#!/usr/bin/env python3
"""boc-data-from-brief.py — builds data/boc/map.json and data/boc/oob.json
from the provisional BoC data brief (shared/data/boc-data-brief.md).

The brief is a PROPOSAL, not the publisher's data: every value copied from it
is written as {"value": X, "provisional": "boc-data-brief.md §n ..."} unless
the spec itself publishes it (Berdan A3, Lockwood B2, Meade's range 3, the
Little Round Top / Devil's Den stacking, the town's clear hexsides...).

Usage: scripts/boc-data-from-brief.py BRIEF.md OUTDIR
Run once; the JSON files are the data of record and may be hand-edited later.
"""
import json
import re
import sys

BRIEF = "boc-data-brief.md"


def prov(value, section, why="design proposal, not published data"):
    return {"value": value, "provisional": f"shared/data/{BRIEF} §{section}: {why}"}


def dump_list(items, indent="    "):
    return ",\n".join(indent + json.dumps(x, ensure_ascii=False) for x in items)


def terrain_rows(text):
    rows = []
    for m in re.finditer(r"^\| \*\*([A-V])\*\* \|(.*)\|\s*$", text, re.M):
        cells = [c.strip() for c in m.group(2).split("|")]
        assert len(cells) == 14, m.group(1)
        rows.append({"row": m.group(1), "cells": prov(" ".join(cells), "1.3", "hex terrain and ground level")})
    assert len(rows) == 22
    return rows


def slopes(text):
    start = text.index("* **Full list**")
    end = text.index("### 1.5")
    block = " ".join(text[start:end].split())
    out = []
    for m in re.finditer(r"\*\*([A-V][0-9]+)\*\*>([^;*]+)", block):
        lower = m.group(2).strip().rstrip(".").strip()
        out.append(prov(f"{m.group(1)}>{lower}", "1.4", "slope derived from invented ground levels"))
    return out


def streams(text):
    out = []
    for m in re.finditer(r"^- \*\*([A-Za-z ]+)\*\* \((river|creek), [0-9]+ hexsides\): (.*)$", text, re.M):
        out.append({"name": m.group(1), "kind": prov(m.group(2), "1.5", "which stream is a river is a design choice"),
                    "sides": prov(m.group(3).strip(), "1.5", "stream course on the invented grid")})
    assert len(out) == 3
    return out


def roads(text):
    out = []
    sec = text[text.index("### 1.6"):text.index("### 1.7")]
    for line in sec.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.match(r"^[A-V][0-9]+(-[A-V][0-9]+)+$", cells[2]):
            cls = cells[1]
            out.append({"name": cells[0], "class": prov(cls, "1.6", "road class"),
                        "path": prov(cells[2], "1.6", "road course on the invented grid")})
    return out


def entries(text):
    sec = text[text.index("### 1.7"):text.index("* Not entry roads")]
    out = []
    for line in sec.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3:
            hexid = cells[0].replace("*", "")
            if re.match(r"^[A-V][0-9]+$", hexid):
                hexval = hexid if hexid == "H14" else prov(hexid, "1.7", "entry hex on the invented grid")
                out.append({"hex": hexval, "road": cells[1]})
    return out




def vp_hexes(text):
    sec = text[text.index("| VP hex |"):text.index("* **Historical-replay check")]
    out = []
    for line in sec.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4:
            continue
        hexes, place, vp, where = cells
        vset = "all" if where.startswith("all") else "day1"
        for h in hexes.split():
            out.append({"hex": h, "name": place, "vp": prov(int(vp.split()[0]), "3.0", "VP schedule is missing from the source"),
                        "set": vset})
    return out


TYPES = {"AHQ": "ahq", "art HQ": "art-hq", "cav CHQ": "cav-chq", "CHQ": "chq", "DHQ": "dhq",
         "cav DHQ": "cav-dhq", "inf": "inf", "cav": "cav", "art": "art", "horse art": "horse-art"}
SPEC_RATING = {"u.berdan": "R3.31-a", "u.lockwood": "R3.32-a"}
SPEC_RANGE = {"u.meade": "Supply Example, R4.5-d"}
# Chain of Command (spec D.6, R4.6-b [SRC]): CHQ seniority, 1 the most
# senior, and the senior DHQ of each corps (its successor, R4.61-d).  The CSA
# cavalry has no DHQ block, so Stuart has no successor here (E-8).
SENIORITY = {"u.slocum": 1, "u.sedgwick": 2, "u.reynolds": 3, "u.howard": 4, "u.hancock": 5,
             "u.sickles": 6, "u.sykes": 7, "u.pleasonton": 8,
             "c.longstreet": 1, "c.ewell": 2, "c.hill": 3, "c.stuart": 4}
SUCCESSORS = {"u.williams", "u.newton", "u.doubleday", "u.schurz", "u.gibbon", "u.birney",
              "u.ayres", "u.buford", "c.mclaws", "c.early", "c.anderson"}


def corps_division(cd):
    cd = cd.strip()
    asset = cd.endswith("(asset)")
    if asset:
        cd = cd[: -len("(asset)")].strip()
    if "/" in cd:
        corps, _ = cd.split("/", 1)
        return corps, cd, asset
    return cd, "", asset


def oob(text):
    out = []
    for line in text.splitlines():
        if not re.match(r"^\| [uc]\.[a-z0-9]+ \|", line):
            continue
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        bid, side, cd, name, typ, _hist, mx, rating, cr, _arr, _start, note = c
        corps, div, asset = corps_division(cd)
        b = {"id": bid, "side": side.lower(), "name": name, "type": TYPES[typ], "corps": corps}
        if div:
            b["division"] = div
        if asset:
            b["asset"] = True
        b["max"] = prov(int(mx), "2.1", "steps from historical strength / 600 men or 8 guns")
        if bid in SPEC_RATING:
            b["rating"] = rating
        else:
            b["rating"] = prov(rating, "2.1", "morale and firepower heuristic")
        if cr:
            b["range"] = int(cr) if bid in SPEC_RANGE else prov(int(cr), "2.1", "command range heuristic")
        if bid in SENIORITY:
            b["seniority"] = SENIORITY[bid]
        if bid in SUCCESSORS:
            b["successor"] = True
        if bid == "u.berdan":
            b["no_command"] = True
            b["melee_rating"] = "A1"
        out.append(b)
    assert len(out) == 179, len(out)
    return out


def write_map(text, path):
    doc = [
        "{",
        '  "format": 1,',
        '  "name": "Gettysburg (PROVISIONAL map, not the publisher\'s)",',
        f'  "source": "shared/data/{BRIEF} §1; every hex, slope, stream and road is a proposal",',
        '  "grid": {"columns": 14, "rows": 22, "odd_columns_up": true},',
        '  "terrain_rows": [\n' + dump_list(terrain_rows(text)) + "\n  ],",
        '  "special_hexes": [\n' + dump_list([
            {"hex": "R7", "name": "Little Round Top", "stacking": 2},
            {"hex": "S9", "name": "Devil's Den"},
            {"hex": "F6", "name": "Pennsylvania College"},
            {"hex": "P10", "name": "Peach Orchard"},
        ]) + "\n  ],",
        '  "slopes": [\n' + dump_list(slopes(text)) + "\n  ],",
        '  "los_exceptions": [\n' + dump_list([
            {"hex": "D5", "through": ["E5", "D6"], "level": 0, "why": "Blocher Knoll, R2.3-d"}]) + "\n  ],",
        '  "clear_sides": [\n' + dump_list(["P10/*", "F6/*", "I7/J7", "G7/H7"]) + "\n  ],",
        '  "streams": [\n' + dump_list(streams(text)) + "\n  ],",
        '  "roads": [\n' + dump_list(roads(text)) + "\n  ],",
        '  "entry_hexes": [\n' + dump_list(entries(text)) + "\n  ],",
        '  "night_supply": {"usa": ' + json.dumps(prov("O1", "1.7", "the spec says L10, which cannot lie on the Baltimore Pike")) +
        ', "csa": "H14"},',
        '  "vp_hexes": [\n' + dump_list(vp_hexes(text)) + "\n  ]",
        "}",
    ]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(doc) + "\n")


def write_oob(text, path):
    doc = ["{", '  "format": 1,',
           f'  "source": "shared/data/{BRIEF} §2; PROVISIONAL order of battle, not the publisher\'s block labels",',
           '  "blocks": [\n' + dump_list(oob(text)) + "\n  ]", "}"]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(doc) + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    write_map(text, sys.argv[2] + "/map.json")
    write_oob(text, sys.argv[2] + "/oob.json")


if __name__ == "__main__":
    main()
