import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { KnownPincode } from "../domain/delivery.js";

/**
 * Every pincode of the address directory with its place and straight-line distance from the shop, built from India
 * Post's data by scripts/build-pincode-distances.sh (docs/delivery.md) and read once at start-up: the pincode check
 * answers from memory, never from a call at run time.
 */
export const PINCODE_TABLE_FILE = fileURLToPath(new URL("../../../data/pincodes.json", import.meta.url));

const tableSchema = z.object({
  from: z.string(),
  pincodes: z.record(z.string(), z.tuple([z.string(), z.number().nullable()])),
});

export async function loadPincodeTable(file = PINCODE_TABLE_FILE): Promise<ReadonlyMap<string, KnownPincode>> {
  const table = tableSchema.parse(JSON.parse(await readFile(file, "utf8")));
  return new Map(Object.entries(table.pincodes).map(([pincode, [place, km]]) => [pincode, { place, km }]));
}
