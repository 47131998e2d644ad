import { z } from "zod";
import { indiaDayKey } from "../india-time.js";

/**
 * The month's GSTR-1 for the accountant (docs/business-buyers.md, GSTR-1: the month for the accountant): the sections
 * of the GST portal's offline tool the shop's documents fill, as the route names them (`ApiPaths.bill.gstr1Section`)
 * and as their CSV files inside the month's ZIP are named (`<section>.csv`). The HSN summary is two sections, B2B and
 * B2C, as Table 12 has been since the 2025 tax periods.
 */
export const GSTR1_SECTIONS = ["b2b", "b2cl", "b2cs", "cdnr", "cdnur", "hsn-b2b", "hsn-b2c", "docs"] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];
export const gstr1SectionSchema = z.enum(GSTR1_SECTIONS, { message: "Not a section of the GSTR-1 export." });

/** GST began on 1 July 2017: no return exists for an earlier month. */
export const GSTR1_FIRST_MONTH = "2017-07";

/**
 * A return's month, `YYYY-MM` in India time, from July 2017 to the current month (a month not begun has no return;
 * the current one is the month so far).
 */
export const gstr1MonthSchema = z
  .string()
  .regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, "A month is YYYY-MM, for example 2026-11.")
  .refine((month) => month >= GSTR1_FIRST_MONTH, "GST returns start in July 2017.")
  .refine((month) => month <= indiaDayKey(new Date()).slice(0, 7), "That month has not begun yet.");

/** The ZIP of a month's sections: `GSTR1_<supplier GSTIN>_<MMYYYY>.zip`, as the portal names a return period. */
export const gstr1ZipName = (gstin: string, month: string): string =>
  `GSTR1_${gstin}_${month.slice(5, 7)}${month.slice(0, 4)}.zip`;
