/** The webhook probe as a script (Bun, Deno, Node): prints its report as one JSON line. */
import { probeWebhooks } from './webhook-probe.js';

console.log(JSON.stringify(await probeWebhooks()));
