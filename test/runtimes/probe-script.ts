/**
 * The probe as a script, for the runtimes that run a file (Node, Bun, Deno): the emulator's address
 * and the item name are fixed into the bundle by esbuild `define`; the report is printed as one JSON line.
 */
import { probe } from './probe.js';

declare const PROBE_BASE_URL: string;
declare const PROBE_TOKEN: string;
declare const PROBE_ITEM_NAME: string;

console.log(JSON.stringify(await probe(PROBE_BASE_URL, PROBE_TOKEN, PROBE_ITEM_NAME)));
