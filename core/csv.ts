// Writing CSV files the back office exports (subscribers, orders): every cell quoted, quotes
// doubled, lines ended with CRLF (RFC 4180), and a cell a spreadsheet would run as a formula
// defused. Pure.

/**
 * One CSV cell: quoted, quotes doubled, and a cell a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) prefixed with an apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;
