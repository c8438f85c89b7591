import { SingleBar } from 'cli-progress';
import type { ApiError, Job } from '@shared/contract';
import { toApiError } from '../api-error';
import type { Backend } from '..';

/** How a command talks: `--json` prints one stable JSON document on stdout, otherwise short human lines. */
export interface Output {
  json: boolean;
  /** Keeps the command's result; it is printed by `flush` once the project has closed, so a failed close reports instead. */
  result(value: unknown, human: () => string): void;
  flush(): void;
  /**
   * Prints `ok:false` with the error's stable code and exits 1: the exit code and the JSON always agree. `value` is a
   * report that explains the failure (`anchor doctor project`): the JSON carries it beside the error.
   */
  fail(error: unknown, value?: unknown): never;
  /** A progress bar on a terminal; nothing when piped or in JSON mode. */
  follow(backend: Backend): () => void;
}

export function createOutput(json: boolean): Output {
  let pending: (() => void) | null = null;
  return {
    json,
    result(value, human) {
      pending = () => process.stdout.write(json ? `${JSON.stringify({ ok: true, value }, null, 2)}\n` : `${human()}\n`);
    },
    flush() {
      pending?.();
      pending = null;
    },
    fail(error, value?): never {
      const e: ApiError = toApiError(error);
      if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: e, ...(value === undefined ? {} : { value }) }, null, 2)}\n`);
      else process.stderr.write(`anchor: ${e.message} [${e.code}]\n`);
      process.exit(1);
    },
    follow(backend) {
      if (json || !process.stderr.isTTY) return () => undefined;
      const bar = new SingleBar({
        format: ' {title} |{bar}| {percentage}% | {message}',
        barCompleteChar: '█',
        barIncompleteChar: '░',
        hideCursor: true,
        stream: process.stderr,
      });
      let started = false;
      const update = (job: Job) => {
        const payload = { title: job.title, message: job.message ?? '' };
        if (!started) {
          bar.start(job.total ?? 100, job.done, payload);
          started = true;
        } else bar.update(job.done, payload);
      };
      const off = backend.events.on((event) => {
        if (event.type === 'job.progress') update(event.job);
        if (event.type === 'job.finished' && started) {
          update(event.job);
          bar.stop();
          started = false;
        }
      });
      return () => {
        off();
        if (started) bar.stop();
      };
    },
  };
}
