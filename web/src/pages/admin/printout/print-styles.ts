/**
 * The printouts' print stylesheet (docs/back-office.md, Printouts), on their pages only: printing any other page is
 * left as it was. A4 portrait; the shop's navbar and footer, toasts and the page's own controls are not printed; the
 * tables are drawn as tables even on a phone (A4 is narrower than the `md` breakpoint its stacked rows use), in small
 * type, a row never split across two pages and the header repeated on each.
 */
export const PRINT_STYLES = `
@page { size: A4 portrait; margin: 10mm; }
@media print {
  [data-testid="navbar"], [data-testid="footer"], [data-testid="admin-sidebar"], [data-scope="toast"],
  [data-print="hide"] { display: none !important; }
  html, body { background: white !important; }
  [data-printout] { padding: 0 !important; max-width: none !important; font-size: 9pt; color: black; }
  [data-printout] h1 { font-size: 14pt; line-height: 1.2; }
  [data-printout] h2 { font-size: 11pt; line-height: 1.2; margin-top: 4mm; }
  [data-printout] table { display: table !important; width: 100%; border-collapse: collapse; font-size: 8.5pt; }
  [data-printout] thead { display: table-header-group !important; }
  [data-printout] tbody { display: table-row-group !important; }
  [data-printout] tr { display: table-row !important; break-inside: avoid; page-break-inside: avoid; }
  [data-printout] th, [data-printout] td {
    display: table-cell !important; padding: 1mm 1.5mm !important; border: 0.2mm solid #888 !important;
    vertical-align: top; line-height: 1.25;
  }
  [data-printout] a { color: black; text-decoration: none; }
}
`;
