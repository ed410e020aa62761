/**
 * The error of a setting the emulator cannot run with.
 */

/**
 * An emulator option, `--config` key or fault rule that is unknown, misspelled, of the wrong type or impossible.
 * Thrown by `startEmulator` and `setFaults` before anything starts or changes; the message names the key and,
 * for a misspelling, the key meant.
 */
export class EmulatorSettingsError extends TypeError {
  override name = 'EmulatorSettingsError' as const;
  /** Where the mistake is, e.g. `limits.minuteRate.window` or `faults[0].status`. */
  readonly key: string;

  constructor(key: string, message: string) {
    super(message);
    this.key = key;
  }
}
