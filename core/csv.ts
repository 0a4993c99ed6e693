// Writing CSV files the back office exports (subscribers, orders): every cell quoted, quotes
// doubled, lines ended with CRLF (RFC 4180), and a cell a spreadsheet would run as a formula
// defused. Pure.

/**
 * One CSV cell: quoted, quotes doubled, and a cell a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) prefixed with an apostrophe.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const csvRow = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** How many rows an export reads at a time. */
const CSV_BATCH = 1000;

/**
 * A CSV file as lines: the header, then the rows `page` reads after the last id it was given,
 * CSV_BATCH at a time in id order, so an export of years of rows never sits in memory.
 */
export async function* csvLines<R extends { id: number }>(
  header: string[],
  page: (afterId: number, limit: number) => Promise<R[]>,
  cells: (row: R) => string[],
): AsyncGenerator<string> {
  yield csvRow(header);
  let afterId = 0;
  for (;;) {
    const rows = await page(afterId, CSV_BATCH);
    if (rows.length === 0) return;
    yield rows.map((r) => csvRow(cells(r))).join("");
    afterId = rows[rows.length - 1]?.id ?? afterId;
    if (rows.length < CSV_BATCH) return;
  }
}

/** A small table already in memory (a report's rows) as CSV lines: the header, then every row. */
export async function* csvRows(header: string[], rows: string[][]): AsyncGenerator<string> {
  yield csvRow(header);
  yield rows.map(csvRow).join("");
}
