// A browser app making one boards call with this SDK, from the built package an app installs.
// Also the entry of the size guard (.size-limit.cjs).
import { PlatformClient } from '../../../dist/index.js';

const client = new PlatformClient({ token: 'token', baseUrl: 'https://api.example.com' });
client.boards({ limit: 5 }).then((result) => console.log(result.data));
