import { productIdSchema } from "../../contracts";

/** The most words and letters an id may have (the catalogue's `productIdSchema`: six dashed parts, 40 letters). */
const MOST_PARTS = 6;
const MOST_LETTERS = 40;

/**
 * A new product's id made from its English name (docs/back-office.md): lower-case ASCII words joined by dashes
 * ("Kaju Katli (Special)" → `kaju-katli-special`, "Crème Barfi" → `creme-barfi`). Letters outside ASCII, Marathi
 * among them, do not make the id: an id is part of URLs and order lines, typed and read by the owner in Latin
 * letters. Cut to the catalogue's limits at a whole word; the catalogue's schema stays the judge of what it accepts.
 */
export function productIdFromName(name: string): string {
  const words = name
    .normalize("NFKD")
    // The accents NFKD took apart from their letters.
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MOST_PARTS);
  let id = "";
  for (const word of words) {
    const longer = id ? `${id}-${word}` : word;
    if (longer.length > MOST_LETTERS) break;
    id = longer;
  }
  return id;
}

/** Whether the catalogue would take `id` (the same schema it checks with), for the form to say so before saving. */
export const isProductId = (id: string) => productIdSchema.safeParse(id).success;
