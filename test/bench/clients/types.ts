/** The shape every client measured by the bench is wrapped in. */

/** One `boards(limit: 5)` call; resolves to whatever the client naturally returns. */
export type BoardsCall = () => Promise<unknown>;

/** A client under measurement. */
export interface ClientAdapter {
  /** Stable key used in the JSON result and on child-process command lines, e.g. `raw-fetch`. */
  id: string;
  /** Human-readable row label. */
  name: string;
  /** Why this client cannot be measured in this checkout, or `undefined` when it can. */
  unavailable(): string | undefined;
  /** Constructs the client for a server (`http://host:port`, no `/v2`) and returns its boards call. */
  setup(baseUrl: string): Promise<BoardsCall>;
  /**
   * Plain ESM JavaScript, run by `node --input-type=module -e` from the package root, that imports
   * the client and constructs it for `BASE_URL` (a constant defined before this code runs).
   */
  importAndConstruct: string;
  /** File name under `test/bench/entries/` of a browser app that makes one boards call with this client. */
  bundleEntry: string;
}
