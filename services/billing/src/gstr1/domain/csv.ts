/**
 * The CSV the accountant opens (docs/business-buyers.md, GSTR-1: the month for the accountant). A cell is text or a
 * number, and written so that no spreadsheet evaluates it (OWASP, CSV Injection): every text cell is quoted with its
 * quotes doubled, and one that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a
 * legal name "=HYPERLINK(...)" stays the words it is. Numbers are written by this module only (from integer paise),
 * never from outside input, so they are never prefixed and may be negative (B2C small net of its credit notes).
 */
export type Cell = { kind: "text"; value: string } | { kind: "number"; value: string };

export const text = (value: string): Cell => ({ kind: "text", value });

/** Integer paise as rupees to the paisa, `123450` -> `1234.50`, `-5` -> `-0.05`: integer arithmetic only. */
export function rupees(paise: number): Cell {
  if (!Number.isSafeInteger(paise)) throw new Error(`${paise} is not a whole number of paise`);
  const whole = Math.abs(paise);
  const value = `${paise < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
  return { kind: "number", value };
}

/** A count or a rate: a whole number. */
export function count(value: number): Cell {
  if (!Number.isSafeInteger(value)) throw new Error(`${value} is not a whole number`);
  return { kind: "number", value: String(value) };
}

/** What a spreadsheet reads as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

function writeCell(cell: Cell): string {
  if (cell.kind === "number") return cell.value;
  const safe = FORMULA_START.test(cell.value) ? `'${cell.value}` : cell.value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** A section's CSV: its header row (the tool's column names, as text) and its rows, CRLF line ends (RFC 4180). */
export function toCsv(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [columns.map(text), ...rows].map((row) => row.map(writeCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
