/**
 * The cell `export --format csv` writes for a column value: for every kind the import takes
 * (IMPORTABLE_COLUMN_KINDS), the form the import reads, so an exported file imports into a board with the same
 * columns and every value comes back equal (test/e2e/bulk-csv-round-trip.test.ts); for any other kind, the text the
 * board shows (the import cannot take those kinds anyway).
 *
 * The forms, as the import reads them (src/bulk/import-csv.ts): text and long text as they are, numbers as decimals,
 * a status by its label, dropdown labels and people's user ids and linked item ids comma-separated, a date as
 * `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, a timeline as `YYYY-MM-DD - YYYY-MM-DD`, `address label` for an email,
 * `url label` for a link, `digits CC` for a phone. A people cell with a team writes it as `team <id>`, which the
 * import refuses with a reason (teams cannot be imported) rather than taking the id for a user's.
 */
import type { ExportedColumnValue } from '../bulk/index.js';
import { readColumnValue } from '../columns/read.js';

/** `main label`, or `main` alone when the label is missing or repeats it. */
function labelled(main: string | null, label: string | null): string {
  if (main === null) return '';
  return label === null || label === main ? main : `${main} ${label}`;
}

/** The cell text of one exported column value (before CSV quoting). */
export function exportCell(value: ExportedColumnValue): string {
  const reading = readColumnValue({ ...value });
  switch (reading.type) {
    case 'text':
    case 'long_text':
      return reading.value ?? '';
    case 'numbers':
      return reading.number === null ? '' : String(reading.number);
    case 'status':
      return reading.label ?? '';
    case 'dropdown':
      return reading.labels.join(', ');
    case 'date':
      return reading.date === null ? '' : reading.time === null ? reading.date : `${reading.date} ${reading.time}`;
    case 'timeline':
      return reading.from === null || reading.to === null ? '' : `${reading.from} - ${reading.to}`;
    case 'email':
      return labelled(reading.email, reading.label);
    case 'link':
      return labelled(reading.url, reading.label);
    case 'phone':
      return reading.phone === null ? '' : labelled(reading.phone, reading.countryCode);
    case 'people':
      return reading.personsAndTeams
        .map((entity) => (entity.kind === 'person' ? String(entity.id) : `team ${entity.id}`))
        .join(', ');
    case 'board_relation':
      return reading.linkedItemIds.join(', ');
    default:
      return value.text ?? '';
  }
}
