import { describe, expect, it } from "vitest";
import { placeName } from "./place-names.js";

/** The odd spellings found in India Post's directory, and how people write them. */
const NAMES: Array<[raw: string, written: string]> = [
  // a taluk doubled across a dot or an apostrophe (Satara district's "Satara.satara")
  ["Satara.satara", "Satara"],
  ["Karnal'karnal", "Karnal"],
  // a bracket glued to its word, lower case inside it
  ["Man(dahivadi)", "Man (Dahivadi)"],
  ["Vanthali(s)", "Vanthali (S)"],
  ["Khed (rtg)", "Khed (Rtg)"],
  ["Dakhin Sarubansar ( C. Block)", "Dakhin Sarubansar (C. Block)"],
  // lower case after a dot or a hyphen, or at a word's start
  ["Dhamangaon R.s", "Dhamangaon R.S"],
  ["S.a.s Nagar", "S.A.S Nagar"],
  ["Janjgir-champa", "Janjgir-Champa"],
  ["Nehru chowk", "Nehru Chowk"],
  ["Mandwa S. dongar", "Mandwa S. Dongar"],
  ["sawargaon-2", "Sawargaon-2"],
  // a word in capitals in title case; an abbreviation kept
  ["CHOBHEWADI", "Chobhewadi"],
  ["MEDICAL COLLEGE", "Medical College"],
  ["MIDC (ANR)", "MIDC (ANR)"],
  ["SRPF Camp", "SRPF Camp"],
  ["Chotimadai(ChotiMadhe)", "Chotimadai (ChotiMadhe)"],
  // the post office's kind after its name, with its head office
  ["Jeur S.O (Ahmed Nagar)", "Jeur"],
  ["Kherda B.O (Jalgaon S.O)", "Kherda"],
  ["CHINCHOLI MALI B O", "Chincholi Mali"],
  ["Jawalban B. O.", "Jawalban"],
  ["Khanapur BO", "Khanapur"],
  // a comma without its space; small words stay small; extra spaces go
  ["Bagnan,Howrah", "Bagnan, Howrah"],
  ["Lahul and Spiti", "Lahul and Spiti"],
  ["  Wai   City ", "Wai City"],
  // names already as people write them stay
  ["Wai City", "Wai City"],
  ["Chhatrapati Sambhajinagar", "Chhatrapati Sambhajinagar"],
  ["Pune City", "Pune City"],
  ["24 Paraganas North", "24 Paraganas North"],
];

describe("a place name as people write it", () => {
  it.each(NAMES)("%s -> %s", (raw, written) => {
    expect(placeName(raw)).toBe(written);
    expect(placeName(written)).toBe(written);
  });
});
