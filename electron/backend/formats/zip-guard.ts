import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { AppError } from '../errors';
import { unzipsTooLarge } from './table-limits';

export const notReadable = (path: string, error: unknown) =>
  new AppError('invalid_input', `${basename(path)}: not a readable xlsx workbook: ${error instanceof Error ? error.message : String(error)}`);

/**
 * Inflates every entry of a zip and throws the bytes away, refusing the archive once the declared or the inflated
 * total passes `maxBytes`. Run before a zip-based reader (exceljs) sees the file: declared sizes can lie, the running
 * count cannot, and memory stays at one chunk however far the archive would unpack.
 */
export async function checkUnzippedSize(path: string, maxBytes: number): Promise<void> {
  let declared = 0;
  let inflated = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file: UnzipFile) => {
    declared += file.originalSize ?? 0;
    if (declared > maxBytes) failure ??= unzipsTooLarge(path, maxBytes);
    if (failure) return;
    file.ondata = (error, chunk) => {
      if (error) failure ??= notReadable(path, error);
      inflated += chunk?.length ?? 0;
      if (inflated > maxBytes) failure ??= unzipsTooLarge(path, maxBytes);
    };
    try {
      file.start();
    } catch {
      // A method fflate does not inflate: its size is unknown here, and exceljs says what it makes of the file.
    }
  });
  unzip.register(UnzipInflate);
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    try {
      if (!failure) unzip.push(chunk, false);
    } catch (error) {
      failure ??= notReadable(path, error);
    }
    if (failure) {
      stream.destroy();
      throw failure;
    }
  }
  try {
    unzip.push(new Uint8Array(0), true);
  } catch (error) {
    failure ??= notReadable(path, error);
  }
  if (failure) throw failure;
}
