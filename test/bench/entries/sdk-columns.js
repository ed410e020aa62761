// A browser app making one boards call and writing and reading column values with the column builders,
// from the built package an app installs. An entry of the size guard (.size-limit.cjs).
import { column, columnValues, PlatformClient, readColumnValue } from '../../../dist/index.js';

const client = new PlatformClient({ token: 'token', baseUrl: 'https://api.example.com' });
const values = columnValues({ status: column.status({ label: 'Done' }), due: column.date('2026-10-01') });
const reading = readColumnValue({ id: 'status', type: 'status', text: 'Done', value: '{"index":1}' });
client.boards({ limit: 5 }).then((result) => console.log(result.data, values, reading));
