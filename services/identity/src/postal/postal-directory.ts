import { readFile } from "node:fs/promises";
import { z } from "zod";
import { placeName } from "./place-names.js";

/**
 * India Post's directory of post offices as the address cascade asks it (spec section 4): state -> districts ->
 * cities (the taluks) -> pincodes -> areas (post offices). Built by scripts/build-postal-index.py into one JSON per
 * state; Maharashtra (the shop's own state) is read at start, any other state the first time someone asks for it.
 * Every answer comes from memory. Names are read through {@link placeName} (as people write them: "Satara", not
 * "Satara.satara"), both the directory's as it loads and those a request asks for.
 */
const DEFAULT_DIRECTORY = new URL("../../data/postal/", import.meta.url);

const indexSchema = z.object({
  source: z.string(),
  states: z.array(z.object({ name: z.string(), file: z.string() })),
  pincodePrefixes: z.record(z.string(), z.array(z.string())),
});
const stateSchema = z.object({
  state: z.string(),
  /** district -> taluk -> pincode -> areas */
  districts: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.array(z.string())))),
});
type StateDirectory = z.infer<typeof stateSchema>;

/** Where a pincode's post offices are looked for once the shopper has chosen a district (and a city in it). */
export interface PostalDistrict {
  state: string;
  district: string;
}

export interface PostalPlace {
  state: string;
  district: string;
  city: string;
  pincode: string;
  area: string;
}

/** Where a pincode is: a state, district and city (taluk) whose post offices include it. */
export interface PincodePlace {
  state: string;
  district: string;
  city: string;
}

export class PostalDirectory {
  private readonly loaded = new Map<string, Promise<StateDirectory>>();

  private constructor(
    private readonly folder: URL,
    private readonly index: z.infer<typeof indexSchema>,
  ) {}

  /** Reads the index and the states to have ready before the first request (Maharashtra by default). */
  static async open(options: { folder?: URL; preload?: string[] } = {}): Promise<PostalDirectory> {
    const folder = options.folder ?? DEFAULT_DIRECTORY;
    const index = indexSchema.parse(JSON.parse(await readFile(new URL("index.json", folder), "utf8")));
    const directory = new PostalDirectory(folder, index);
    await Promise.all((options.preload ?? ["Maharashtra"]).map((state) => directory.stateNamed(state)));
    return directory;
  }

  /** Where the data comes from, for the attribution the licence asks for. */
  get source(): string {
    return this.index.source;
  }

  /** The 28 states, by name. */
  states(): string[] {
    return this.index.states.map((state) => state.name);
  }

  async districts(state: string): Promise<string[] | undefined> {
    const directory = await this.stateNamed(state);
    return directory && Object.keys(directory.districts);
  }

  async cities(state: string, district: string): Promise<string[] | undefined> {
    const taluks = await this.talukMap(state, district);
    return taluks && Object.keys(taluks);
  }

  async pincodes(state: string, district: string, city: string): Promise<string[] | undefined> {
    const pincodes = own(await this.talukMap(state, district), placeName(city));
    return pincodes && Object.keys(pincodes);
  }

  /**
   * The post offices of a pincode. Within a district when one is given: what the cascade offers once a city is chosen,
   * and so what saving an address accepts (docs/rules/addresses.md). Without one, across every taluk, district and
   * state the pincode spans (the spec's plain `GET /address/pincode/{pincode}`).
   */
  async areas(pincode: string, within?: PostalDistrict): Promise<string[] | undefined> {
    const districts: Array<Record<string, Record<string, string[]>>> = [];
    if (within) {
      const taluks = await this.talukMap(within.state, within.district);
      if (taluks) districts.push(taluks);
    } else {
      for (const file of own(this.index.pincodePrefixes, pincode.slice(0, 3)) ?? []) {
        districts.push(...Object.values((await this.load(file)).districts));
      }
    }
    const areas = new Set<string>();
    for (const taluks of districts) {
      for (const pincodes of Object.values(taluks)) for (const area of own(pincodes, pincode) ?? []) areas.add(area);
    }
    return areas.size > 0 ? [...areas].sort() : undefined;
  }

  /**
   * Where a pincode is, for a cascade filled from the pincode a shopper already gave (docs/rules/addresses.md):
   * every state, district and city that lists it, the city with most of its post offices first (a pincode India Post
   * files under two taluks is mostly in one). Undefined for a pincode the directory does not hold.
   */
  async placesOf(pincode: string): Promise<PincodePlace[] | undefined> {
    const found: Array<PincodePlace & { offices: number }> = [];
    for (const file of own(this.index.pincodePrefixes, pincode.slice(0, 3)) ?? []) {
      const { state, districts } = await this.load(file);
      for (const [district, taluks] of Object.entries(districts)) {
        for (const [city, pincodes] of Object.entries(taluks)) {
          const offices = own(pincodes, pincode);
          if (offices) found.push({ state, district, city, offices: offices.length });
        }
      }
    }
    if (found.length === 0) return undefined;
    return found.sort((a, b) => b.offices - a.offices).map(({ state, district, city }) => ({ state, district, city }));
  }

  /**
   * Whether the place is one the cascade offers: the city is a taluk of the district, the pincode one of the city's,
   * and the area a post office of that pincode anywhere in the district. India Post files some post offices of a
   * pincode under the neighbouring taluk (411005's Shivajinagar is under Haveli, its other offices under Pune City):
   * a shopper who chose Pune City still sees and may save Shivajinagar. One rule, {@link areas}, for both sides.
   */
  async contains(place: PostalPlace): Promise<boolean> {
    const cityPincodes = own(await this.talukMap(place.state, place.district), placeName(place.city));
    if (!cityPincodes || own(cityPincodes, place.pincode) === undefined) return false;
    const areas = await this.areas(place.pincode, place);
    return Boolean(areas?.includes(placeName(place.area)));
  }

  /** A district's taluks, each with its pincodes and their post offices; never a property of Object's prototype. */
  private async talukMap(state: string, district: string) {
    return own((await this.stateNamed(state))?.districts, placeName(district));
  }

  private stateNamed(name: string): Promise<StateDirectory | undefined> {
    const entry = this.index.states.find((state) => state.name.toLowerCase() === name.toLowerCase());
    return entry ? this.load(entry.file) : Promise.resolve(undefined);
  }

  private load(file: string): Promise<StateDirectory> {
    let loading = this.loaded.get(file);
    if (!loading) {
      loading = readFile(new URL(file, this.folder), "utf8").then((text) =>
        namesAsWritten(stateSchema.parse(JSON.parse(text))),
      );
      // A failed read is not cached: the next request tries again.
      loading.catch(() => this.loaded.delete(file));
      this.loaded.set(file, loading);
    }
    return loading;
  }
}

/**
 * The state's directory with every district, taluk and post office named as people write them. Two spellings of one
 * place become one ("Satara" and "Satara.satara" are one taluk): their pincodes and post offices are put together.
 */
export function namesAsWritten(directory: StateDirectory): StateDirectory {
  const districts: StateDirectory["districts"] = {};
  for (const [rawDistrict, taluks] of Object.entries(directory.districts)) {
    const district = entryOf(districts, placeName(rawDistrict));
    for (const [rawTaluk, pincodes] of Object.entries(taluks)) {
      const taluk = entryOf(district, placeName(rawTaluk));
      for (const [pincode, areas] of Object.entries(pincodes)) {
        const merged = new Set([...(taluk[pincode] ?? []), ...areas.map(placeName)]);
        taluk[pincode] = [...merged].sort();
      }
    }
  }
  return { state: directory.state, districts };
}

/** The record's entry for `key`, an empty one added when it has none. */
function entryOf<T>(record: Record<string, Record<string, T>>, key: string): Record<string, T> {
  const entry = own(record, key) ?? {};
  record[key] = entry;
  return entry;
}

/** `record[key]` when the record has that key of its own: a name typed by a shopper never reaches the prototype. */
function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
