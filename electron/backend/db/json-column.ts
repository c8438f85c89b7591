/**
 * A JSON column's value typed as the store that wrote it says it is: the one place such a type is asserted, as
 * `statement()` is for rows. Named readers per shape (`readOptions`, `runConfig`, …) call it, so no call site casts
 * `JSON.parse`. It checks nothing: for columns our own writers filled from validated input and read per unit or per
 * prediction, where a schema parse per row would cost more than the read. A column read rarely, with a zod schema in
 * `shared/contract`, is parsed with that schema instead.
 */
export function jsonColumn<T>(text: string): T {
  return JSON.parse(text) as T;
}
