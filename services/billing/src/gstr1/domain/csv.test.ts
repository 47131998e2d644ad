import { describe, expect, it } from "vitest";
import { count, rupees, text, toCsv } from "./csv.js";

describe("a GSTR-1 CSV cell", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [123450, "1234.50"],
    [-5, "-0.05"],
    [-123456789, "-1234567.89"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
  ])("%i paise are %s rupees", (paise, written) => {
    expect(rupees(paise).value).toBe(written);
  });

  it("refuses a part of a paisa rather than round it", () => {
    expect(() => rupees(0.5)).toThrow();
    expect(() => count(1.5)).toThrow();
  });

  it("quotes every text cell, doubles its quotes, and writes numbers bare (negative too)", () => {
    expect(toCsv(["A", "B"], [[text('Sai "Krupa", Pune'), rupees(-1050)]])).toBe(
      '"A","B"\r\n"Sai ""Krupa"", Pune",-10.50\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ["+1+1", `"'+1+1"`],
    ["-2", `"'-2"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\t=1", `"'\t=1"`],
    ["\r=1", `"'\r=1"`],
    ["Ganesh Mandal", `"Ganesh Mandal"`],
    ["27AAPFG1234K1Z8", `"27AAPFG1234K1Z8"`],
  ])("writes the text %j so no spreadsheet reads a formula", (value, written) => {
    expect(toCsv(["X"], [[text(value)]])).toBe(`"X"\r\n${written}\r\n`);
  });
});
