/** What a family store needs from the main store: fresh ids (unique across the store) and the time. */
export interface StoreClock {
  /** A new numeric id string, never used before in this store. */
  newId(): string;
  /** The current time as an ISO 8601 string. */
  now(): string;
}
