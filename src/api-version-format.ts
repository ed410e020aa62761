/**
 * The shape of an API version name, `YYYY-MM` with a month from 01 to 12, checked in one place by the client,
 * the codegen command and the emulator (whether a version is supported is each one's own question).
 */

const API_VERSION_FORMAT = /^\d{4}-(0[1-9]|1[0-2])$/;

/** True when `text` has the shape of an API version name (`2024-10`); says nothing about support. */
export function isApiVersionFormat(text: string): boolean {
  return API_VERSION_FORMAT.test(text);
}
