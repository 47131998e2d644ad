import { z } from "zod";
import { LANGUAGES } from "./languages.js";

/**
 * A shopper's language on the wire (docs/languages.md): the order remembers it and its mails go out in it. Optional
 * wherever it travels (added without new event versions): absent is English.
 */
export const languageSchema = z.enum(LANGUAGES);
