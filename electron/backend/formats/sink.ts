import type { Option, QuestionType, Role } from '@shared/contract';
import { checkPixelBudget } from './pixel-budget';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import type { DecodedImage } from './image-bytes';
import { appendRevision } from '../db/revisions';

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

/**
 * Writes one import into the project inside a single transaction on its own connection, so that readers on the main
 * connection never see a half-imported dataset and a failure leaves the file exactly as it was.
 */
export class ImportSink {
  readonly datasetId: number;
  items = 0;
  questions = 0;
  images = 0;
  private position = 0;
  private finished = false;
  private readonly insertImage;
  private readonly insertItem;
  private readonly insertItemImage;
  private readonly insertQuestion;
  private readonly seenImages = new Set<string>();

  constructor(
    private readonly db: Db,
    datasetName: string,
    format: string,
    private readonly now: string,
  ) {
    db.exec('BEGIN IMMEDIATE');
    try {
      const exists = db.prepare('SELECT 1 FROM datasets WHERE name = ?').get(datasetName);
      if (exists) throw new AppError('conflict', `a dataset named "${datasetName}" already exists; choose another name`);
      this.datasetId = Number(
        db.prepare('INSERT INTO datasets (name, format, meta, created_at) VALUES (?, ?, ?, ?)').run(datasetName, format, '{}', now)
          .lastInsertRowid,
      );
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
    this.insertImage = db.prepare(
      'INSERT OR IGNORE INTO images (hash, mime, size, width, height, bytes) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.insertItem = db.prepare(`INSERT INTO items
      (dataset_id, ext_id, position, source, category, l2_category, subject, split, meta)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.insertItemImage = db.prepare('INSERT INTO item_images (item_id, position, image_hash) VALUES (?, ?, ?)');
    this.insertQuestion = db.prepare(`INSERT INTO questions
      (item_id, role, type, ext_index, text, hint, options, answer, meta, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  putImage(image: DecodedImage): string {
    if (!this.seenImages.has(image.hash)) {
      checkPixelBudget(image);
      this.seenImages.add(image.hash);
      const r = this.insertImage.run(image.hash, image.mime, image.bytes.length, image.width, image.height, image.bytes);
      this.images += r.changes;
    }
    return image.hash;
  }

  addItem(item: ItemInput): number {
    let id: number;
    try {
      id = Number(
        this.insertItem.run(
          this.datasetId, item.extId, this.position++, item.source ?? null, item.category ?? null,
          item.l2Category ?? null, item.subject ?? null, item.split ?? null, json(item.meta),
        ).lastInsertRowid,
      );
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new Error(`id ${item.extId} appears twice; ids must be unique within a dataset`);
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
      JSON.stringify(q.answer), json(q.meta), this.now,
    );
    this.questions++;
  }

  /** Adds one more image to an item (grouped formats meet a triplet's images row by row); returns its position. */
  appendItemImage(itemId: number, position: number, hash: string): void {
    this.insertItemImage.run(itemId, position, hash);
  }

  setDatasetMeta(meta: Record<string, unknown>): void {
    this.db.prepare('UPDATE datasets SET meta = ? WHERE id = ?').run(json(meta), this.datasetId);
  }

  /** Records the import in the append-only history and the finished job, then commits everything at once. */
  commit(job: { id: string; title: string; startedAt: string; input: unknown; result: unknown }, userId: string | null): void {
    appendRevision(this.db, 'dataset', this.datasetId, userId, this.now, 'import', { items: this.items, questions: this.questions, images: this.images });
    this.db.prepare(`INSERT INTO jobs (id, kind, title, status, done, total, unit, input, result, started_at, finished_at)
      VALUES (?, 'import', ?, 'done', ?, ?, 'questions', ?, ?, ?, ?)`).run(
      job.id, job.title, this.questions, this.questions, JSON.stringify(job.input), JSON.stringify(job.result),
      job.startedAt, new Date().toISOString(),
    );
    this.db.exec('COMMIT');
    this.finished = true;
  }

  rollback(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
  }
}
