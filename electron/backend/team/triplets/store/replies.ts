import type { DraftRole, ReviewReply } from '@shared/contract';
import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';

interface Row { id: number; review_id: number; role: DraftRole; author_id: string; display_name: string | null; body: string; at: string }

const toReply = (r: Row): ReviewReply => ({
  id: r.id, reviewId: r.review_id, role: r.role, author: r.author_id, authorName: r.display_name ?? r.author_id, body: r.body, at: r.at,
});

/** Every reply to the reviews of one item, oldest first. */
export function repliesOfItem(db: Db, itemId: number): ReviewReply[] {
  return statement<[number], Row>(db, `SELECT p.id, p.review_id, p.role, p.author_id, u.display_name, p.body, p.at FROM review_replies p
    JOIN reviews r ON r.id = p.review_id LEFT JOIN users u ON u.id = p.author_id WHERE r.item_id = ? ORDER BY p.id`).all(itemId).map(toReply);
}

export function insertReply(db: Db, reviewId: number, role: DraftRole, authorId: string, body: string, at: string): ReviewReply {
  const id = Number(statement(db, 'INSERT INTO review_replies (review_id, role, author_id, body, at) VALUES (?, ?, ?, ?, ?)')
    .run(reviewId, role, authorId, body, at).lastInsertRowid);
  const row = statement<[number], Row>(db, `SELECT p.id, p.review_id, p.role, p.author_id, u.display_name, p.body, p.at FROM review_replies p
    LEFT JOIN users u ON u.id = p.author_id WHERE p.id = ?`).get(id);
  // The row the statement above just inserted.
  return toReply(row!);
}

/** The item and round a review belongs to, and who gave it. */
export function reviewOwner(db: Db, reviewId: number): { itemId: number; round: number; checker: string } | null {
  return statement<[number], { itemId: number; round: number; checker: string }>(db, 'SELECT item_id AS itemId, round, checker_id AS checker FROM reviews WHERE id = ?')
    .get(reviewId) ?? null;
}
