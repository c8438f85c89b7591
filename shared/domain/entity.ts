import { z } from 'zod';

/**
 * The blocks the contract's entities are built from (`shared/contract/*-entities.ts` spread them into their
 * `z.object`s), so a field that means the same thing in every entity — a row id, a timestamp, who wrote it, what a
 * model call cost — is spelt once. Each block is a plain object of zod fields, not a schema: a spread keeps every
 * entity's field order, and that order is the order of its JSON on the wire.
 */

/** A row id in the project file (an SQLite INTEGER PRIMARY KEY). */
export const recordIdSchema = z.number().int();
/** A whole number of things: questions, requests, tokens, rounds. */
export const countSchema = z.number().int();
/** When something happened: ISO-8601 text, as the project file stores it. */
export const timestampSchema = z.string();

/** What lists show of runs, datasets and optimizations: the id and the name a person gave. */
export const namedRecordFields = { id: recordIdSchema, name: z.string() };

/** The dataset a record belongs to, with its name so a list needs no second lookup. */
export const datasetRefFields = { datasetId: recordIdSchema, datasetName: z.string() };

/** An item as its dataset names it: the row, the dataset, and the id the imported file gave it. */
export const itemKeyFields = { itemId: recordIdSchema, datasetId: recordIdSchema, extId: z.string() };

/** Where an item came from: the benchmark it was drawn from and its category (either may be unknown). */
export const itemOriginFields = { source: z.string().nullable(), category: z.string().nullable() };

/** Work that runs and may fail (runs, optimizations): its state and, once it failed, why. */
export function outcomeFields<Status extends z.ZodType>(status: Status) {
  return { status, error: z.string().nullable() };
}

/** When work was asked for, and when it ended (null while it has not). */
export const lifetimeFields = { createdAt: timestampSchema, finishedAt: timestampSchema.nullable() };

/** What one model call used and cost; null where the reply or the endpoint's prices did not say. */
export const callUsageFields = {
  tokensIn: countSchema.nullable(),
  tokensOut: countSchema.nullable(),
  cost: z.number().nullable(),
};

/** Who wrote a text and the name shown for them. */
export const authorFields = { author: z.string(), authorName: z.string() };

/** Who last changed a record and when (both null until someone has). */
export const lastChangeFields = { updatedAt: timestampSchema.nullable(), updatedBy: z.string().nullable() };

/** An image's size in pixels. */
export const pixelSizeFields = { width: countSchema, height: countSchema };

/** An image by its content hash and size: what a screen needs to lay it out before the bytes arrive. */
export const imageHandleFields = { hash: z.string(), ...pixelSizeFields };
