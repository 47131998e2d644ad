/**
 * A place name of India Post's directory as people write it (docs/rules/addresses.md, Place names). The directory
 * was typed by many hands: a taluk doubled across a dot ("Satara.satara"), a bracket glued to its word and lower case
 * inside it ("Man(dahivadi)"), words in capitals ("CHINCHOLI MALI B O"), the post office's kind after its name
 * ("Jeur S.O (Ahmed Nagar)": a sub office, its head office in brackets). The cascade, the saved address and so the
 * invoice show the name this gives; the directory is loaded through it, and the names a request asks for are read
 * through it too, so a name in the old spelling still finds its place. Idempotent: `placeName(placeName(x))` is
 * `placeName(x)`.
 */
export function placeName(raw: string): string {
  let name = raw.replace(/\s+/g, " ").trim();
  name = withoutOfficeKind(name);
  // "Satara.satara", "Karnal'karnal": the same word twice is the one word.
  name = name.replace(/^([A-Za-z]+)[.']([A-Za-z]+)$/, (whole, first: string, second: string) =>
    first.toLowerCase() === second.toLowerCase() ? first : whole,
  );
  // "Man(dahivadi)" -> "Man (dahivadi)", "( C. Block)" -> "(C. Block)", "Bagnan,Howrah" -> "Bagnan, Howrah".
  name = name
    .replace(/(\S)\(/g, "$1 (")
    .replace(/\(\s+/g, "(")
    .replace(/\s+\)/g, ")")
    .replace(/,(\S)/g, ", $1");
  return name
    .split(" ")
    .map((word, at) => (at > 0 && LOWER_WORDS.has(word) ? word : capitalised(word)))
    .join(" ");
}

/** Small words that stay lower case inside a name ("Lahul and Spiti"). */
const LOWER_WORDS = new Set(["and", "of", "the"]);

/**
 * The office's kind after its name (S.O sub office, B.O branch office, H.O head office, in the directory's many
 * spellings), with the bracketed head office that may follow: not part of the place's name. A name that is only the
 * kind is left as it is.
 */
const OFFICE_KIND = /\s+[SBH]\.?\s?O\.?(?:\s*\([^)]*\)?)?$/;
function withoutOfficeKind(name: string): string {
  const bare = name.replace(OFFICE_KIND, "");
  return bare.length > 0 ? bare : name;
}

const VOWELS = /[AEIOU]/g;

/**
 * One word (it may hold dots, hyphens or a bracket) as people write it: a word in capitals that reads as a word (four
 * letters or more, two vowels or more: "CHOBHEWADI", "MEDICAL") in title case, an abbreviation ("MIDC", "SRPF", "ANR")
 * kept; a lower-case letter that starts the word or follows a bracket, dot, hyphen, slash or ampersand made capital
 * ("dahivadi" -> "Dahivadi", "R.s" -> "R.S", "Janjgir-champa" -> "Janjgir-Champa").
 */
function capitalised(word: string): string {
  const shouted = word.replace(/[A-Z]{4,}/g, (letters) =>
    (letters.match(VOWELS)?.length ?? 0) >= 2 && isWholeWord(word, letters)
      ? letters[0] + letters.slice(1).toLowerCase()
      : letters,
  );
  return shouted.replace(/(^|[(.\-/&])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** Whether the capitals are a whole word, not the tail of a mixed-case one ("ChotiMADHE" stays as written). */
const isWholeWord = (word: string, letters: string) => new RegExp(`(^|[^A-Za-z])${letters}($|[^A-Za-z])`).test(word);
