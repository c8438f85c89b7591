import type OpenAI from 'openai';
import { toFile } from 'openai';
import { openaiFor } from '../engine/client';
import type { EndpointSnapshot } from './config';

/** A batch as the provider reports it: the fields a run needs to follow it to the end. */
export interface BatchState {
  id: string;
  status: string;
  outputFileId: string | null;
  errorFileId: string | null;
  /** Why the provider ended the batch without completing it (its `errors`), when it says. */
  reason: string | null;
}

export const BATCH_DONE = new Set(['completed', 'failed', 'expired', 'cancelled']);

/** The files + batches half of the OpenAI protocol, through the official SDK (the same one the chat client uses). */
export class BatchProvider {
  private readonly sdk: OpenAI;

  constructor(endpoint: EndpointSnapshot, apiKey: string | null) {
    this.sdk = openaiFor(endpoint, apiKey, 3);
  }

  /** Uploads the JSONL input and creates the batch over it; returns both ids. */
  async submit(jsonl: string): Promise<{ inputFileId: string; batchId: string }> {
    const file = await this.sdk.files.create({ file: await toFile(Buffer.from(jsonl, 'utf8'), 'anchor-batch.jsonl'), purpose: 'batch' });
    const batch = await this.sdk.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
    return { inputFileId: file.id, batchId: batch.id };
  }

  async state(batchId: string): Promise<BatchState> {
    const b = await this.sdk.batches.retrieve(batchId);
    const reason = (b.errors?.data ?? []).map((e) => e.message ?? e.code ?? '').filter(Boolean).join('; ');
    return { id: b.id, status: b.status, outputFileId: b.output_file_id ?? null, errorFileId: b.error_file_id ?? null, reason: reason || null };
  }

  async content(fileId: string): Promise<string> {
    return (await this.sdk.files.content(fileId)).text();
  }
}
