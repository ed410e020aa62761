/**
 * The form of an API version name, in one place for the client, the codegen command and the emulator (whether a
 * version is served is each one's own question). The platform names each version for the month it becomes
 * current, one a quarter (https://developer.monday.com/api-reference/docs/api-versioning), so a valid value is
 * `YYYY-01`, `YYYY-04`, `YYYY-07` or `YYYY-10`; its docs name no other value the header accepts. Pinned by
 * test/unit/api-version.test.ts.
 */

const QUARTER_VERSION = /^\d{4}-(01|04|07|10)$/;

/**
 * The name of an API version, in the platform's form: a year and a quarter month (`'2026-10'`, `'2027-01'`). A
 * month that names no version (`'2026-11'`) is a compile error where an option takes it; a version name read at run
 * time (an environment variable) becomes one through {@link isApiVersion}. Whether the platform still serves a
 * version is a run-time question: see `apiVersionStatus`.
 */
export type ApiVersionName = `${number}-${'01' | '04' | '07' | '10'}`;

/** True when `value` is an API version of the platform's form (`2026-10`); says nothing about support. */
export function isApiVersion(value: unknown): value is ApiVersionName {
  return typeof value === 'string' && QUARTER_VERSION.test(value);
}

/** What a valid API version looks like, for error messages. */
export const API_VERSION_FORM_HINT = "YYYY-MM with a quarter month (01, 04, 07 or 10), e.g. '2026-10'";
