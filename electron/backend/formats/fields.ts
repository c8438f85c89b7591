/** Typed reads of record fields that fail with a message naming the field, for row-level import errors. */

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ||
    (typeof value === 'number' && Number.isNaN(value));
}

export function requireString(record: Record<string, unknown>, field: string): string {
  const value = record[field];
  if (value === undefined || value === null) throw new Error(`field "${field}" is missing`);
  if (typeof value !== 'string') throw new Error(`field "${field}" must be text, found ${typeof value}`);
  return value;
}

/** Text or a number (ids are often numbers); anything else is a type error. */
export function optionalText(record: Record<string, unknown>, field: string): string | null {
  const value = record[field];
  if (isBlank(value)) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  throw new Error(`field "${field}" must be text, found ${Array.isArray(value) ? 'a list' : typeof value}`);
}

export function requireId(record: Record<string, unknown>, field: string): string {
  const text = optionalText(record, field);
  if (text === null) throw new Error(`field "${field}" is missing`);
  return text;
}

export function stringList(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) throw new Error(`field "${field}" must be a list, found ${value === null ? 'null' : typeof value}`);
  return value.map((v, i) => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return String(v);
    throw new Error(`field "${field}" item ${i + 1} must be text, found ${typeof v}`);
  });
}

/** Values JSON cannot carry as they are (parquet's bigint, bytes) are made JSON-safe for `meta`. */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  }
  return value;
}

export function pickExtra(record: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  // Own properties, so a field named `__proto__` is kept as a field rather than setting the object's prototype.
  return Object.fromEntries(Object.entries(record).filter(([key]) => !known.has(key)).map(([key, value]) => [key, jsonSafe(value)]));
}
