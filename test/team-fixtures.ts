import { join } from 'node:path';
import type { Backend } from '../electron/backend';
import { AppError } from '../electron/backend/errors';
import type { Input, MethodName, Output, TripletDraft } from '@shared/contract';
import { sampleTsvRows, writeTsv } from './fixtures';

/** Calls the backend as a given user, through the same dispatch (and role checks) every adapter uses. */
export function as(backend: Backend, userId: string | null) {
  return async <M extends MethodName>(method: M, input?: Input<M>): Promise<Output<M>> => {
    const result = await backend.dispatch(method, input ?? {}, { userId, requireUser: userId !== null });
    if (!result.ok) throw new AppError(result.error.code, result.error.message);
    return result.value as Output<M>;
  };
}

/**
 * A project with `n` original questions (a VLMEvalKit table: origin only, with images) and a small team:
 * ann (annotator), lea (lead and checker), cat (checker), and ann2 (annotator and checker).
 */
export async function seedTeam(backend: Backend, dir: string, n = 4): Promise<{ datasetId: number; itemIds: number[] }> {
  const file = join(dir, 'originals.tsv');
  writeTsv(file, sampleTsvRows(n));
  const { datasetId } = await backend.call('imports.run', { files: [file], dataset: 'originals' });
  await backend.call('users.add', { name: 'lea', displayName: 'Lea Lead', roles: ['lead', 'checker'] });
  await backend.call('users.add', { name: 'ann', displayName: 'Ann Annotator', roles: ['annotator'] });
  await backend.call('users.add', { name: 'cat', displayName: 'Cat Checker', roles: ['checker'] });
  await backend.call('users.add', { name: 'ann2', roles: ['annotator', 'checker'] });
  const rows = await backend.call('questions.list', { datasetId });
  return { datasetId, itemIds: rows.rows.map((r) => r.itemId) };
}

export function goodDraft(tag = ''): TripletDraft {
  return {
    perception: { text: `What animal is in the picture?${tag}`, options: ['a cat', 'a dog', 'a bird'], answer: 'B', rationale: 'it barks' },
    knowledge: { text: `Which of these animals is a mammal?${tag}`, options: ['dog', 'trout'], answer: 'A', rationale: '' },
  };
}
