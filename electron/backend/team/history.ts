import type { Revision, TripletDraft } from '../../../shared/contract';
import type { Db } from '../db/open';

interface Row { id: number; at: string; user_id: string | null; action: string; diff: string; entity: string }

function noteOf(entity: string, action: string, diff: Record<string, unknown>): string | null {
  if (entity === 'assignment') {
    const checkers = (diff.checkers as string[] | undefined)?.join(' and ');
    return `${action === 'reassign' ? 'reassigned' : 'assigned'} to ${String(diff.annotator)}, checked by ${checkers}${diff.reason ? ` (${String(diff.reason)})` : ''}`;
  }
  switch (action) {
    case 'submit': return `submitted for review round ${String(diff.round)}`;
    case 'review': return `verdict in round ${String(diff.round)}: ${diff.passed ? 'pass' : 'problematic'} → ${String(diff.status).replace('_', ' ')}`;
    case 'override': return `lead moved it from ${String(diff.from)} to ${String(diff.to)}: ${String(diff.reason)}`;
    case 'conflict': return `refused save (based on version ${String(diff.baseVersion)}, it was at ${String(diff.currentVersion)}); the text is kept here`;
    default: return null;
  }
}

/** Every revision of a triplet and its assignment, newest first; saves and refused saves carry their full text. */
export function tripletHistory(db: Db, itemId: number): Revision[] {
  const rows = db.prepare(`SELECT id, at, user_id, action, diff, entity FROM revisions
    WHERE entity IN ('triplet', 'assignment') AND entity_id = ? ORDER BY id DESC`).all(String(itemId)) as Row[];
  return rows.map((r) => {
    const diff = JSON.parse(r.diff) as { version?: number; draft?: TripletDraft };
    return {
      id: r.id, at: r.at, user: r.user_id, action: r.action,
      version: typeof diff.version === 'number' ? diff.version : null, draft: diff.draft ?? null, note: noteOf(r.entity, r.action, diff),
    };
  });
}
