import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { orderCapabilities } from '@shared/scoring/graded-report';
import { checkCancelled, type ImportContext } from './context';
import { requireString, stringList } from './fields';
import { resolveImage } from './image-input';
import { at, importError } from './import-error';

/** The fields of one MM-Vet question (`mm-vet.json`: an object of these by id, `v1_0` …). */
const MMVET_FIELDS = ['imagename', 'capability', 'question', 'answer'];

/**
 * Whether a `.json` file is MM-Vet's release: an object whose first value is an object with `imagename` and
 * `capability`. Only the file's head is read, so guessing the format of a large JSON release stays cheap.
 */
export async function looksLikeMmVet(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    return /^\s*\{\s*"[^"]*"\s*:\s*\{/.test(head) && head.includes('"imagename"') && head.includes('"capability"');
  } finally {
    await handle.close();
  }
}

/** MM-Vet's zip holds `mm-vet.json` beside an `images/` folder; an image beside the JSON is taken too. */
function imagePath(file: string, name: string): string {
  const inFolder = join('images', name);
  return existsSync(join(dirname(file), inFolder)) ? inFolder : name;
}

function readObject(file: string, text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw importError(file, null, `invalid JSON (${(error as Error).message})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw importError(file, null, 'expected MM-Vet\'s object of questions by id');
  return parsed as Record<string, unknown>;
}

/**
 * MM-Vet's released `mm-vet.json` (METHODS §2, docs/FORMATS.md): each question becomes an item with one open question
 * scored `graded` (METHODS §5.1) whose ground truth keeps its `<AND>` / `<OR>` marks, with its capabilities in the
 * question's meta; the image is read from `images/<imagename>` (or beside the file). All or nothing, naming the row.
 */
export async function importMmVet(ctx: ImportContext): Promise<void> {
  const records = Object.entries(readObject(ctx.file, await readFile(ctx.file, 'utf8')));
  if (records.length === 0) throw importError(ctx.file, null, 'the file holds no questions');
  records.forEach(([id, value], i) => {
    checkCancelled(ctx.signal);
    at(ctx.file, { row: i + 1 }, () => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`question "${id}" is not an object`);
      const row = value as Record<string, unknown>;
      const missing = MMVET_FIELDS.find((f) => !(f in row));
      if (missing) throw new Error(`question "${id}" has no "${missing}" field`);
      const text = requireString(row, 'question');
      if (text.trim() === '') throw new Error(`question "${id}" is empty`);
      const answer = requireString(row, 'answer');
      const capabilities = orderCapabilities(stringList(row.capability, 'capability'));
      if (capabilities.length === 0) throw new Error(`question "${id}" lists no capability`);
      const hash = ctx.sink.putImage(resolveImage(imagePath(ctx.file, requireString(row, 'imagename')), ctx.file));
      const itemId = ctx.sink.addItem({ extId: id, source: 'MM-Vet', category: capabilities.join(','), imageHashes: [hash] });
      ctx.sink.addQuestion(itemId, {
        role: 'origin', type: 'open', extIndex: id, text, options: [], answer: [answer],
        meta: { scoring: 'graded', capabilities },
      });
    });
    ctx.report((i + 1) / records.length);
  });
}
