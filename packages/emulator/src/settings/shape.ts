/**
 * A small description language for settings and the one checker that walks it: unknown keys (with the nearest
 * valid one suggested), wrong types and impossible values are each an {@link EmulatorSettingsError} naming the key.
 * A value marked `secret` is never shown in a message.
 */
import { EmulatorSettingsError } from '../settings-error.js';
import { nearestName } from './suggest.js';

/** What a setting must be. */
export type Shape =
  | NumberShape
  | { type: 'string'; oneOf?: readonly string[]; nonEmpty?: boolean; secret?: boolean; check?: Check<string> }
  | { type: 'boolean' }
  | { type: 'function' }
  | { type: 'array'; items: Shape; nonEmpty?: boolean }
  | ObjectShape
  | VariantShape
  /** Anything: for values another layer checks. */
  | { type: 'any' };

/** A number, optionally whole, within bounds. */
export interface NumberShape {
  type: 'number';
  integer?: boolean;
  /** Smallest allowed value. */
  min?: number;
  /** A value must be greater than this. */
  above?: number;
  max?: number;
}

/** An object with known fields (unknown ones are refused), or a record whose every value has one shape. */
export interface ObjectShape {
  type: 'object';
  fields?: Readonly<Record<string, Shape>>;
  /** The shape of every value when the keys are free (a header map). */
  values?: Shape;
  required?: readonly string[];
  /** Checks across fields, once each field passed. */
  check?: Check<Record<string, unknown>>;
}

/** One of several object shapes chosen by a tag field (`kind`). */
export interface VariantShape {
  type: 'variant';
  tag: string;
  /** Fields every variant takes. */
  common: Readonly<Record<string, Shape>>;
  /** Fields of each variant, by tag value. */
  variants: Readonly<Record<string, ObjectShape>>;
}

/** A further rule: returns what is wrong (`[key, problem]`, key relative to the value), or undefined. */
export type Check<T> = (value: T) => [key: string, problem: string] | undefined;

/** Checks `value` against `shape`; `path` names it in messages after `label` (e.g. `Emulator option`). */
export function checkShape(value: unknown, shape: Shape, label: string, path: string): void {
  new Walker(label).walk(value, shape, path);
}

class Walker {
  constructor(private readonly label: string) {}

  walk(value: unknown, shape: Shape, path: string): void {
    if (value === undefined) return;
    switch (shape.type) {
      case 'any':
        return;
      case 'number':
        this.#number(value, shape, path);
        return;
      case 'string':
        if (typeof value !== 'string') throw this.#wrongType(path, 'a string', value, shape.secret);
        if (shape.nonEmpty && value.trim() === '') throw this.#fail(path, 'must not be empty');
        if (shape.oneOf && !shape.oneOf.includes(value)) throw this.#notOneOf(path, value, shape.oneOf);
        this.#apply(shape.check, value, path);
        return;
      case 'boolean':
        if (typeof value !== 'boolean') throw this.#wrongType(path, 'true or false', value);
        return;
      case 'function':
        if (typeof value !== 'function') throw this.#wrongType(path, 'a function', value);
        return;
      case 'array':
        if (!Array.isArray(value)) throw this.#wrongType(path, 'an array', value);
        if (shape.nonEmpty && value.length === 0) throw this.#fail(path, 'must not be empty');
        value.forEach((item, index) => {
          if (item === undefined) throw this.#fail(`${path}[${index}]`, 'must not be undefined');
          this.walk(item, shape.items, `${path}[${index}]`);
        });
        return;
      case 'object':
        this.#object(value, shape, path);
        return;
      case 'variant':
        this.#variant(value, shape, path);
        return;
    }
  }

  #number(value: unknown, shape: NumberShape, path: string): void {
    if (typeof value !== 'number' || Number.isNaN(value)) throw this.#wrongType(path, 'a number', value);
    if (!Number.isFinite(value)) throw this.#fail(path, `must be finite; got ${value}`);
    if (shape.integer && !Number.isInteger(value)) throw this.#fail(path, `must be a whole number; got ${value}`);
    if (shape.above !== undefined && value <= shape.above)
      throw this.#fail(path, `must be above ${shape.above}; got ${value}`);
    if (shape.min !== undefined && value < shape.min)
      throw this.#fail(path, `must be at least ${shape.min}; got ${value}`);
    if (shape.max !== undefined && value > shape.max)
      throw this.#fail(path, `must be at most ${shape.max}; got ${value}`);
  }

  #object(value: unknown, shape: ObjectShape, path: string): void {
    if (!isPlainObject(value)) throw this.#wrongType(path, 'an object', value);
    const fields = shape.fields ?? {};
    for (const key of Object.keys(value)) {
      const field = fields[key] ?? shape.values;
      if (field === undefined) throw this.#unknownKey(path, key, Object.keys(fields));
      else this.walk(value[key], field, join(path, key));
    }
    for (const key of shape.required ?? []) {
      if (value[key] === undefined) throw this.#fail(join(path, key), 'is required');
    }
    this.#apply(shape.check, value, path);
  }

  #variant(value: unknown, shape: VariantShape, path: string): void {
    if (!isPlainObject(value)) throw this.#wrongType(path, 'an object', value);
    const tags = Object.keys(shape.variants);
    const tag = value[shape.tag];
    const tagPath = join(path, shape.tag);
    if (tag === undefined) throw this.#fail(tagPath, `is required: one of ${tags.join(', ')}`);
    if (typeof tag !== 'string') throw this.#wrongType(tagPath, 'a string', tag);
    const variant = shape.variants[tag];
    if (variant === undefined) throw this.#notOneOf(tagPath, tag, tags);
    const { [shape.tag]: _tag, ...rest } = value;
    const fields = { ...shape.common, ...variant.fields };
    this.#object(rest, { ...variant, fields }, path);
  }

  #apply<T>(check: Check<T> | undefined, value: T, path: string): void {
    const problem = check?.(value);
    if (problem) throw this.#fail(join(path, problem[0]), problem[1]);
  }

  #unknownKey(path: string, key: string, valid: readonly string[]): EmulatorSettingsError {
    const shown = printable(key);
    const where = path === '' ? '' : ` in ${path}`;
    const near = nearestName(key, valid);
    const hint = near ? `; did you mean \`${near}\`?` : `; valid keys: ${valid.join(', ')}.`;
    return new EmulatorSettingsError(
      join(path, key),
      `${this.label}${this.label.endsWith(':') ? '' : ':'} unknown key \`${shown}\`${where}${hint}`,
    );
  }

  #notOneOf(path: string, value: string, valid: readonly string[]): EmulatorSettingsError {
    const near = nearestName(value, valid);
    const hint = near ? `; did you mean '${near}'?` : '';
    return this.#fail(path, `must be one of ${valid.join(', ')}; got '${printable(value)}'${hint}`);
  }

  #wrongType(path: string, expected: string, value: unknown, secret = false): EmulatorSettingsError {
    const got = secret ? describeType(value) : describe(value);
    return this.#fail(path, `must be ${expected}; got ${got}`);
  }

  #fail(path: string, problem: string): EmulatorSettingsError {
    return new EmulatorSettingsError(path, `${this.label} ${path} ${problem}.`.replace(/\.\.$/, '.'));
  }
}

function join(path: string, key: string): string {
  if (key === '') return path;
  if (path === '') return key;
  return key.startsWith('[') ? `${path}${key}` : `${path}.${key}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A setting's value as an error message shows it: short, printable, with its type. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return `'${printable(value)}' (a string)`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${value} (a ${typeof value})`;
  return describeType(value);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function printable(text: string): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
