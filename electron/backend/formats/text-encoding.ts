import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';
import { makeScratchDir } from '../scratch';
import { importError } from './import-error';

const TEXT = new Set(['.tsv', '.json', '.jsonl', '.ndjson']);

/**
 * Where the first byte that is not UTF-8 sits: a 1-based line and column (columns count characters) and its 0-based
 * byte offset in the file. `truncated` holds the bytes of a character the file ends in the middle of.
 */
type BadByte = { line: number; column: number; offset: number } & ({ byte: number } | { truncated: number[] });

/** Streams the file through a strict decoder: a Latin-1 file would otherwise import with every accent turned into U+FFFD. */
async function firstInvalidUtf8(file: string): Promise<BadByte | null> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let column = 1;
  let offset = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(file)) {
    const bytes = chunk as Buffer;
    try {
      decoder.decode(bytes, { stream: true });
    } catch {
      return locate(bytes, line, column, offset);
    }
    ({ line, column } = advance(bytes, line, column));
    offset += bytes.length;
    tail = Buffer.concat([tail, bytes]).subarray(-3);
  }
  try {
    decoder.decode();
  } catch {
    return cutAtEnd(tail, line, column, offset);
  }
  return null;
}

/**
 * The character the file ends inside: it starts at the last lead byte of the (at most three) final bytes. `advance`
 * already counted that lead as a column, so the character sits one column back.
 */
function cutAtEnd(tail: Buffer, line: number, column: number, end: number): BadByte {
  let start = tail.length - 1;
  while (start > 0 && (tail[start]! & 0xc0) === 0x80) start--;
  const truncated = [...tail.subarray(start)];
  return { line, column: Math.max(1, column - 1), offset: end - truncated.length, truncated };
}

/** Counts lines and characters (UTF-8 lead bytes) over bytes already known to be valid. */
function advance(bytes: Buffer, line: number, column: number): { line: number; column: number } {
  for (const b of bytes) {
    if (b === 10) {
      line++;
      column = 1;
    } else if ((b & 0xc0) !== 0x80) column++;
  }
  return { line, column };
}

/**
 * Finds the bad byte inside the chunk the decoder refused, decoding it afresh byte by byte. A sequence that breaks off
 * (Latin-1 "é" read as the lead of a three-byte character) is reported at its first byte, where the user sees it.
 */
function locate(bytes: Buffer, line: number, column: number, base: number): BadByte {
  const strict = new TextDecoder('utf-8', { fatal: true });
  let lead: BadByte | null = null;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const here: BadByte = { line, column, offset: base + i, byte: b };
    try {
      strict.decode(bytes.subarray(i, i + 1), { stream: true });
    } catch {
      return lead ?? here;
    }
    if (b >= 0xc0) lead = here;
    else if (b < 0x80) lead = null;
    if (b === 10) {
      line++;
      column = 1;
    } else if ((b & 0xc0) !== 0x80) column++;
  }
  // The decoder refused the chunk, so some byte of it fails; this is only reached if the two decoders disagree.
  return { line, column, offset: base + bytes.length, truncated: [] };
}

const hex = (b: number) => `0x${b.toString(16).padStart(2, '0')}`;

/** The message for a file that is not UTF-8, naming the byte's offset so a hex editor finds it. */
function notUtf8Message(bad: BadByte): string {
  const what = 'byte' in bad
    ? `byte ${hex(bad.byte)} at byte offset ${bad.offset} is not UTF-8`
    : `the file ends inside a multibyte character (${bad.truncated.map(hex).join(' ') || 'no bytes'} at byte offset ${bad.offset}); it is cut short or not UTF-8`;
  return `column ${bad.column}: ${what}; save the file as UTF-8, or name its encoding with --encoding (e.g. latin1)`;
}

/**
 * Makes each text file readable as UTF-8: checks it is, or — when the user named `--encoding` — converts it into a
 * temporary copy with the same name (so errors still name the user's file). Binary files (parquet) pass through.
 * Returns the paths to import and a clean-up for the copies.
 */
export async function textAsUtf8(files: readonly string[], encoding: string | undefined): Promise<{ files: string[]; cleanup: () => Promise<void> }> {
  const label = encoding?.trim().toLowerCase();
  const utf8 = !label || label === 'utf-8' || label === 'utf8';
  if (!utf8) {
    try {
      new TextDecoder(label);
    } catch {
      throw new AppError('invalid_input', `unknown encoding "${encoding}"; name one such as latin1, windows-1252, utf-16le or shift_jis`);
    }
  }
  const dirs: string[] = [];
  const out: string[] = [];
  for (const file of files) {
    if (!TEXT.has(extname(file).toLowerCase())) out.push(file);
    else if (utf8) {
      const bad = await firstInvalidUtf8(file);
      if (bad) throw importError(file, { line: bad.line }, notUtf8Message(bad));
      out.push(file);
    } else {
      const dir = makeScratchDir('text', null);
      dirs.push(dir);
      const copy = join(dir, basename(file));
      await pipeline(createReadStream(file), async function* (source: AsyncIterable<Buffer>) {
        const decoder = new TextDecoder(label);
        for await (const chunk of source) yield decoder.decode(chunk, { stream: true });
        yield decoder.decode();
      }, createWriteStream(copy));
      out.push(copy);
    }
  }
  return { files: out, cleanup: async () => void (await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))) };
}
