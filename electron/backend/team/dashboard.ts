import type { Dashboard, ProblemReason, TripletVerdicts } from '@shared/contract';
import { cohenKappa } from '@shared/scoring/agreement';
import type { Db } from '../db/open';
import { listUsers } from './users';
import { noTime, timeByPerson } from './store/time';

const DAYS = 14;

/**
 * The lead's overview: queue sizes, each person's load, throughput per day, how often the two checkers of a triplet
 * agree (per question, Pass vs Problematic) and why work is flagged.
 */
export function dashboard(db: Db, datasetId?: number): Dashboard {
  const inDataset = datasetId === undefined ? '' : ' AND i.dataset_id = $dataset';
  const p = datasetId === undefined ? {} : { dataset: datasetId };
  const names = new Map(listUsers(db).map((u) => [u.id, u.displayName]));
  const annotateTime = timeByPerson(db, 'annotate', datasetId);
  const reviewTime = timeByPerson(db, 'review', datasetId);
  const statuses = Object.fromEntries((db.prepare(`SELECT status, count(*) AS n FROM items i WHERE 1 = 1${inDataset} GROUP BY status`).all(p) as
    { status: string; n: number }[]).map((r) => [r.status, r.n]));

  const annotators = (db.prepare(`SELECT a.annotator_id AS user, count(*) AS assigned,
      sum(i.status = 'annotating') AS annotating, sum(i.status IN ('submitted', 'resubmitted', 'in_review')) AS submitted,
      sum(i.status = 'returned') AS returned, sum(i.status = 'accepted') AS accepted
    FROM assignments a JOIN items i ON i.id = a.item_id WHERE 1 = 1${inDataset} GROUP BY a.annotator_id ORDER BY a.annotator_id`).all(p) as
    Omit<Dashboard['annotators'][number], 'name' | keyof typeof noTime>[])
    .map((r) => ({ ...r, name: names.get(r.user) ?? r.user, ...(annotateTime.get(r.user) ?? noTime) }));

  const checkers = (db.prepare(`SELECT c AS user, count(*) AS assigned,
      sum(i.status IN ('submitted', 'resubmitted', 'in_review')
        AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.item_id = i.id AND r.round = i.review_round AND r.checker_id = c)) AS pending,
      (SELECT count(*) FROM reviews r JOIN items i2 ON i2.id = r.item_id WHERE r.checker_id = c${inDataset.replace('i.', 'i2.')}) AS reviewed,
      (SELECT count(*) FROM reviews r JOIN items i2 ON i2.id = r.item_id WHERE r.checker_id = c AND r.passed = 0${inDataset.replace('i.', 'i2.')}) AS flagged
    FROM (SELECT item_id, checker_a AS c FROM assignments UNION ALL SELECT item_id, checker_b FROM assignments) x
    JOIN items i ON i.id = x.item_id WHERE 1 = 1${inDataset} GROUP BY c ORDER BY c`).all(p) as
    Omit<Dashboard['checkers'][number], 'name' | keyof typeof noTime>[])
    .map((r) => ({ ...r, name: names.get(r.user) ?? r.user, ...(reviewTime.get(r.user) ?? noTime) }));

  const activity = db.prepare(`SELECT substr(at, 1, 10) AS day, sum(action = 'save') AS saves, sum(action = 'submit') AS submissions,
      sum(action = 'review') AS reviews
    FROM revisions r JOIN items i ON r.entity = 'triplet' AND i.id = CAST(r.entity_id AS INTEGER)
    WHERE r.action IN ('save', 'submit', 'review')${inDataset} GROUP BY day ORDER BY day DESC LIMIT ${DAYS}`).all(p) as Dashboard['throughput'];

  const reviews = db.prepare(`SELECT r.item_id, r.round, r.checker_id, r.verdicts FROM reviews r JOIN items i ON i.id = r.item_id
    WHERE 1 = 1${inDataset} ORDER BY r.item_id, r.round, r.id`).all(p) as { item_id: number; round: number; checker_id: string; verdicts: string }[];
  const reasons = new Map<ProblemReason, number>();
  const rounds = new Map<string, { checker: string; v: TripletVerdicts }[]>();
  for (const r of reviews) {
    const v = JSON.parse(r.verdicts) as TripletVerdicts;
    for (const q of [v.perception, v.knowledge]) if (q.verdict === 'problematic' && q.reason) reasons.set(q.reason, (reasons.get(q.reason) ?? 0) + 1);
    const key = `${r.item_id}/${r.round}`;
    rounds.set(key, [...(rounds.get(key) ?? []), { checker: r.checker_id, v }]);
  }
  // Agreement per question of rounds both checkers finished; a pair is keyed by its two checkers in name order.
  const all: [string, string][] = [];
  const byPair = new Map<string, [string, string][]>();
  for (const pair of rounds.values()) {
    if (pair.length < 2) continue;
    const [x, y] = [pair[0]!, pair[1]!].sort((m, n) => m.checker.localeCompare(n.checker)) as [typeof pair[0], typeof pair[0]];
    const key = `${x.checker}\u0000${y.checker}`;
    for (const role of ['perception', 'knowledge'] as const) {
      const rating: [string, string] = [x.v[role].verdict, y.v[role].verdict];
      all.push(rating);
      byPair.set(key, [...(byPair.get(key) ?? []), rating]);
    }
  }
  const overall = cohenKappa(all);
  return {
    statuses,
    annotators,
    checkers,
    throughput: activity.reverse(),
    agreement: {
      ...overall,
      pairs: [...byPair].map(([key, ratings]) => {
        const [a, b] = key.split('\u0000') as [string, string];
        return { a: names.get(a) ?? a, b: names.get(b) ?? b, ...cohenKappa(ratings) };
      }),
    },
    reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((m, n) => n.count - m.count),
  };
}
