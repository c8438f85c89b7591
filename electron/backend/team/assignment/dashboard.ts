import type { Dashboard, ProblemReason } from '@shared/contract';
import { cohenKappa } from '@shared/scoring/agreement';
import type { Db } from '../../db/open';
import { listUsers } from '../people/users';
import { verdictPairs } from './agreement';
import { noTime, timeByPerson } from './store/time';
import { annotatorLoads, checkerLoadsOf, dailyActivity, statusCounts, verdictRows } from './store/dashboard';

import { provenanceCounts } from '../drafting/provenance';

const DAYS = 14;

/**
 * The lead's overview: queue sizes, each person's load, throughput per day, how often the two checkers of a triplet
 * agree (per question, Pass vs Problematic) and why work is flagged.
 */
export function dashboard(db: Db, datasetId?: number): Dashboard {
  const names = new Map(listUsers(db).map((u) => [u.id, u.displayName]));
  const annotateTime = timeByPerson(db, 'annotate', datasetId);
  const reviewTime = timeByPerson(db, 'review', datasetId);
  const statuses = statusCounts(db, datasetId);
  const annotators = annotatorLoads(db, datasetId).map((r) => ({ ...r, name: names.get(r.user) ?? r.user, ...(annotateTime.get(r.user) ?? noTime) }));
  const checkers = checkerLoadsOf(db, datasetId).map((r) => ({ ...r, name: names.get(r.user) ?? r.user, ...(reviewTime.get(r.user) ?? noTime) }));
  const activity = dailyActivity(db, DAYS, datasetId);
  const reviews = verdictRows(db, datasetId);
  const reasons = new Map<ProblemReason, number>();
  for (const { verdicts: v } of reviews) {
    for (const q of [v.perception, v.knowledge]) if (q.verdict === 'problematic' && q.reason) reasons.set(q.reason, (reasons.get(q.reason) ?? 0) + 1);
  }
  // Agreement per question of rounds both checkers finished; a pair is keyed by its two checkers in name order.
  const all: [string, string][] = [];
  const byPair = new Map<string, [string, string][]>();
  for (const { a, b, rating } of verdictPairs(reviews)) {
    const key = `${a}\u0000${b}`;
    all.push(rating);
    byPair.set(key, [...(byPair.get(key) ?? []), rating]);
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
    provenance: provenanceCounts(db, datasetId ?? null),
  };
}
