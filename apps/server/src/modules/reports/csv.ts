/**
 * CSV writing (RFC 4180): every text cell quoted, quotes doubled, CRLF line ends. A text cell that a
 * spreadsheet would run as a formula (= + - @ tab CR at its start) gets a leading apostrophe (OWASP
 * "CSV injection"), since product and outlet names are typed by people.
 */
export type Cell = string | number | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(rows: Cell[][]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
