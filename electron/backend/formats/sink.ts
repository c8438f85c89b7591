import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Option, QuestionType, Role } from '@shared/contract';
import { checkPixelBudget } from '../items/pixel-budget';
import type { Db } from '../db/open';
import type { DecodedImage } from './image-bytes';
import { appendRevision } from '../db/revisions';
import { createDataset, refuseTakenDatasetName } from '../datasets/datasets';
import { dropUnusedImages, storeImage } from '../items/bulk';
import { recordFinishedJob } from '../jobs/record';
import { publishStage } from './stage';
import { codePointName, findControlChar } from '@shared/domain/control-chars';
import { openStageFile, type StageFile } from './store/stage';
import { makeScratchDir } from '../scratch';

export interface ItemInput {
  extId: string;
  source?: string | null;
  category?: string | null;
  l2Category?: string | null;
  subject?: string | null;
  split?: string | null;
  imageHashes: readonly string[];
  meta?: Record<string, unknown>;
}

export interface QuestionInput {
  role: Role;
  type: QuestionType;
  extIndex?: string | null;
  text: string;
  hint?: string | null;
  options: readonly Option[];
  answer: readonly string[];
  meta?: Record<string, unknown>;
}

const json = (value: unknown) => JSON.stringify(value ?? {});

/** Images a failed import deletes per transaction. */
const DELETE_SLICE = 200;
/** Images are written in slices of this many bytes or images, so other writers wait a moment at most. */
const FLUSH_BYTES = 4 * 1024 * 1024;
const FLUSH_IMAGES = 500;

/**
 * Writes one import so that it is all or nothing for the user without holding the project's write lock for its
 * length: items and questions are staged in a side file of their own, images (content-addressed, invisible until an
 * item refers to them) go into the project in short slices, and `commit` publishes the staged rows in one
 * short transaction. A failure or cancel deletes the images this import added that nothing refers to.
 */
export class ImportSink {
  items = 0;
  questions = 0;
  images = 0;
  private position = 0;
  private finished = false;
  private meta: Record<string, unknown> = {};
  private readonly stageDir: string;
  private readonly stage: StageFile;
  private readonly seenImages = new Set<string>();
  private readonly addedImages: string[] = [];
  private pending: DecodedImage[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly db: Db,
    private readonly datasetName: string,
    private readonly format: string,
    private readonly now: string,
  ) {
    this.refuseTakenName();
    // Marked with this process and the project before any image is written: a next open that finds the process gone
    // removes the folder and the images it left unreferenced (formats/killed-imports.ts).
    this.stageDir = makeScratchDir('import', db.name);
    this.stage = openStageFile(join(this.stageDir, 'stage.sqlite'));
  }

  private refuseTakenName(): void {
    refuseTakenDatasetName(this.db, this.datasetName);
  }

  putImage(image: DecodedImage): string {
    if (this.seenImages.has(image.hash)) return image.hash;
    checkPixelBudget(image);
    this.seenImages.add(image.hash);
    this.pending.push(image);
    this.pendingBytes += image.bytes.length;
    if (this.pendingBytes >= FLUSH_BYTES || this.pending.length >= FLUSH_IMAGES) this.flushImages();
    return image.hash;
  }

  /**
   * Writes the images held so far in one short transaction, synchronously: a transaction left open while the parser
   * awaits the file would make any writer in this same process wait on a lock only this paused code could release.
   * Small imports never reach this before `commit`, so a refused small file leaves the project byte-for-byte as it was.
   */
  private flushImages(): void {
    const images = this.pending.splice(0);
    this.pendingBytes = 0;
    this.db.transaction(() => {
      for (const image of images) {
        if (!storeImage(this.db, image)) continue;
        this.addedImages.push(image.hash);
        this.images++;
      }
    }).immediate();
  }

  /** Adds an item to the stage; the id it returns is the stage's, good for this import's other calls only. */
  addItem(item: ItemInput): number {
    let id: number;
    try {
      id = this.stage.insertItem({
        extId: item.extId, position: this.position++, source: item.source ?? null, category: item.category ?? null,
        l2Category: item.l2Category ?? null, subject: item.subject ?? null, split: item.split ?? null, meta: json(item.meta),
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new Error(`id ${item.extId} appears twice; ids must be unique within a dataset`, { cause: error });
      }
      throw error;
    }
    item.imageHashes.forEach((hash, i) => this.stage.insertItemImage(id, i, hash));
    this.items++;
    return id;
  }

  /** Adds a question to the stage; the id it returns is the stage's, good for `setQuestionMeta` only. */
  addQuestion(itemId: number, q: QuestionInput): number {
    refuseControlChars(q);
    const id = this.stage.insertQuestion({
      itemId, role: q.role, type: q.type, extIndex: q.extIndex ?? null, text: q.text, hint: q.hint ?? null,
      options: JSON.stringify(q.options), answer: JSON.stringify(q.answer), meta: json(q.meta),
    });
    this.questions++;
    return id;
  }

  /** Sets `meta[key]` of a question this import added (a value learnt from rows further down the file). */
  setQuestionMeta(questionId: number, key: string, value: unknown): void {
    this.stage.setQuestionMetaKey(questionId, key, JSON.stringify(value));
  }

  /** Adds one more image to an item (grouped formats meet a triplet's images row by row). */
  appendItemImage(itemId: number, position: number, hash: string): void {
    this.stage.insertItemImage(itemId, position, hash);
  }

  setDatasetMeta(meta: Record<string, unknown>): void {
    this.meta = meta;
  }

  /** Adds to the dataset's meta what the files' surroundings say (a release card), beside what the importer set. */
  addDatasetMeta(meta: Record<string, unknown>): void {
    this.meta = { ...this.meta, ...meta };
  }

  /**
   * Publishes the staged dataset, its history entry and the finished job in one short transaction and returns the
   * dataset's id; `result` is given that id so the job records it.
   */
  commit(
    job: { id: string; title: string; startedAt: string; input: unknown; result: (datasetId: number) => unknown },
    userId: string | null,
  ): number {
    this.flushImages();
    this.stage.finish();
    const datasetId = publishStage(this.db, join(this.stageDir, 'stage.sqlite'), () => {
      this.refuseTakenName();
      return { datasetId: createDataset(this.db, this.datasetName, this.format, this.meta, this.now), updatedAt: this.now };
    }, (id) => {
      appendRevision(this.db, 'dataset', id, userId, this.now, 'import', { items: this.items, questions: this.questions, images: this.images });
      recordFinishedJob(this.db, {
        id: job.id, kind: 'import', title: job.title, done: this.questions, total: this.questions, unit: 'questions',
        input: job.input, result: job.result(id), startedAt: job.startedAt, finishedAt: new Date().toISOString(),
      });
    });
    this.finished = true;
    rmSync(this.stageDir, { recursive: true, force: true });
    return datasetId;
  }

  /** Leaves the project as it was: the stage is dropped and the images only this import added are deleted. */
  rollback(): void {
    if (this.finished) return;
    this.finished = true;
    this.stage.close();
    rmSync(this.stageDir, { recursive: true, force: true });
    try {
      for (let i = 0; i < this.addedImages.length; i += DELETE_SLICE) dropUnusedImages(this.db, this.addedImages.slice(i, i + DELETE_SLICE));
    } catch {
      // Keep the import's own error: an image left behind here is referenced by nothing and so never shown.
    }
  }
}

/**
 * Refuses a question whose text, hint, options or answers hold a control character (NUL, escape…): stored, it would be
 * sent to models and written to exports as is. Every format's rows pass here, inside the import's `at`, so the error
 * also names the file's line or row.
 */
function refuseControlChars(q: QuestionInput): void {
  const texts: [string, string | null | undefined][] = [
    ['the question', q.text], ['the hint', q.hint], ...q.options.map((o): [string, string] => [`option ${o.label}`, o.text]),
    ...q.answer.map((a): [string, string] => ['the answer', a]),
  ];
  for (const [what, text] of texts) {
    const found = text ? findControlChar(text) : null;
    if (found) {
      throw new Error(`${what} holds the control character ${codePointName(found.code)} at line ${found.line}, column ${found.column} of its text; remove it`);
    }
  }
}
