import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Option, QuestionType, Role } from '@shared/contract';
import { checkPixelBudget } from '../items/pixel-budget';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import type { DecodedImage } from './image-bytes';
import { appendRevision } from '../db/revisions';
import { publishStage, STAGE_SCHEMA } from './stage';

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
  private readonly stage: Database.Database;
  private readonly insertImage;
  private readonly insertItem;
  private readonly insertItemImage;
  private readonly insertQuestion;
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
    this.stageDir = mkdtempSync(join(tmpdir(), 'anchor-import-'));
    // The stage is scratch: nothing survives a crash on purpose, so it needs no journal or syncing.
    this.stage = new Database(join(this.stageDir, 'stage.sqlite'));
    this.stage.pragma('journal_mode = OFF');
    this.stage.pragma('synchronous = OFF');
    this.stage.exec(STAGE_SCHEMA);
    this.stage.exec('BEGIN');
    this.insertImage = db.prepare(
      'INSERT OR IGNORE INTO images (hash, mime, size, width, height, bytes) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.insertItem = this.stage.prepare(`INSERT INTO items
      (ext_id, position, source, category, l2_category, subject, split, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    this.insertItemImage = this.stage.prepare('INSERT INTO item_images (item_id, position, image_hash) VALUES (?, ?, ?)');
    this.insertQuestion = this.stage.prepare(`INSERT INTO questions
      (item_id, role, type, ext_index, text, hint, options, answer, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  private refuseTakenName(): void {
    if (this.db.prepare('SELECT 1 FROM datasets WHERE name = ?').get(this.datasetName)) {
      throw new AppError('conflict', `a dataset named "${this.datasetName}" already exists; choose another name`);
    }
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
        const r = this.insertImage.run(image.hash, image.mime, image.bytes.length, image.width, image.height, image.bytes);
        if (r.changes > 0) this.addedImages.push(image.hash);
        this.images += r.changes;
      }
    }).immediate();
  }

  /** Adds an item to the stage; the id it returns is the stage's, good for this import's other calls only. */
  addItem(item: ItemInput): number {
    let id: number;
    try {
      id = Number(
        this.insertItem.run(
          item.extId, this.position++, item.source ?? null, item.category ?? null,
          item.l2Category ?? null, item.subject ?? null, item.split ?? null, json(item.meta),
        ).lastInsertRowid,
      );
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new Error(`id ${item.extId} appears twice; ids must be unique within a dataset`, { cause: error });
      }
      throw error;
    }
    item.imageHashes.forEach((hash, i) => this.insertItemImage.run(id, i, hash));
    this.items++;
    return id;
  }

  addQuestion(itemId: number, q: QuestionInput): void {
    this.insertQuestion.run(
      itemId, q.role, q.type, q.extIndex ?? null, q.text, q.hint ?? null, JSON.stringify(q.options),
      JSON.stringify(q.answer), json(q.meta),
    );
    this.questions++;
  }

  /** Adds one more image to an item (grouped formats meet a triplet's images row by row). */
  appendItemImage(itemId: number, position: number, hash: string): void {
    this.insertItemImage.run(itemId, position, hash);
  }

  setDatasetMeta(meta: Record<string, unknown>): void {
    this.meta = meta;
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
    this.stage.exec('COMMIT');
    this.stage.close();
    const datasetId = publishStage(this.db, join(this.stageDir, 'stage.sqlite'), () => {
      this.refuseTakenName();
      const id = Number(this.db.prepare('INSERT INTO datasets (name, format, meta, created_at) VALUES (?, ?, ?, ?)')
        .run(this.datasetName, this.format, json(this.meta), this.now).lastInsertRowid);
      return { datasetId: id, updatedAt: this.now };
    }, (id) => {
      appendRevision(this.db, 'dataset', id, userId, this.now, 'import', { items: this.items, questions: this.questions, images: this.images });
      this.db.prepare(`INSERT INTO jobs (id, kind, title, status, done, total, unit, input, result, started_at, finished_at)
        VALUES (?, 'import', ?, 'done', ?, ?, 'questions', ?, ?, ?, ?)`).run(
        job.id, job.title, this.questions, this.questions, JSON.stringify(job.input), JSON.stringify(job.result(id)),
        job.startedAt, new Date().toISOString(),
      );
    });
    this.finished = true;
    rmSync(this.stageDir, { recursive: true, force: true });
    return datasetId;
  }

  /** Leaves the project as it was: the stage is dropped and the images only this import added are deleted. */
  rollback(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.stage.open) this.stage.close();
    rmSync(this.stageDir, { recursive: true, force: true });
    try {
      const drop = this.db.prepare('DELETE FROM images WHERE hash = ? AND NOT EXISTS (SELECT 1 FROM item_images WHERE image_hash = ?)');
      for (let i = 0; i < this.addedImages.length; i += DELETE_SLICE) {
        const slice = this.addedImages.slice(i, i + DELETE_SLICE);
        this.db.transaction(() => slice.forEach((hash) => drop.run(hash, hash)))();
      }
    } catch {
      // Keep the import's own error: an image left behind here is referenced by nothing and so never shown.
    }
  }
}
