import { readFile } from "node:fs/promises";
import { z } from "zod";

/**
 * India Post's directory of post offices as the address cascade asks it (spec section 4): state -> districts ->
 * cities (the taluks) -> pincodes -> areas (post offices). Built by scripts/build-postal-index.py into one JSON per
 * state; Maharashtra (the shop's own state) is read at start, any other state the first time someone asks for it.
 * Every answer comes from memory.
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

export interface PostalPlace {
  state: string;
  district: string;
  city: string;
  pincode: string;
  area: string;
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
    const taluks = (await this.stateNamed(state))?.districts[district];
    return taluks && Object.keys(taluks);
  }

  async pincodes(state: string, district: string, city: string): Promise<string[] | undefined> {
    const pincodes = (await this.stateNamed(state))?.districts[district]?.[city];
    return pincodes && Object.keys(pincodes);
  }

  /** Every post office of a pincode, whichever taluks and districts it spans. */
  async areas(pincode: string): Promise<string[] | undefined> {
    const files = this.index.pincodePrefixes[pincode.slice(0, 3)] ?? [];
    const areas = new Set<string>();
    for (const file of files) {
      const directory = await this.load(file);
      for (const taluks of Object.values(directory.districts)) {
        for (const pincodes of Object.values(taluks)) for (const area of pincodes[pincode] ?? []) areas.add(area);
      }
    }
    return areas.size > 0 ? [...areas].sort() : undefined;
  }

  /** Whether the place is one the cascade offers: the area is a post office of that pincode in that taluk. */
  async contains(place: PostalPlace): Promise<boolean> {
    const areas = (await this.stateNamed(place.state))?.districts[place.district]?.[place.city]?.[place.pincode];
    return Boolean(areas?.includes(place.area));
  }

  private stateNamed(name: string): Promise<StateDirectory | undefined> {
    const entry = this.index.states.find((state) => state.name.toLowerCase() === name.toLowerCase());
    return entry ? this.load(entry.file) : Promise.resolve(undefined);
  }

  private load(file: string): Promise<StateDirectory> {
    let loading = this.loaded.get(file);
    if (!loading) {
      loading = readFile(new URL(file, this.folder), "utf8").then((text) => stateSchema.parse(JSON.parse(text)));
      // A failed read is not cached: the next request tries again.
      loading.catch(() => this.loaded.delete(file));
      this.loaded.set(file, loading);
    }
    return loading;
  }
}
