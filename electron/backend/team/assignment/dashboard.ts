import type { Dashboard, ProblemReason, TripletVerdicts } from '@shared/contract';
import { cohenKappa } from '@shared/scoring/agreement';
import type { Db } from '../../db/open';
import { listUsers } from '../people/users';
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
  const rounds = new Map<string, { checker: string; v: TripletVerdicts }[]>();
  for (const { itemId, round, checker, verdicts: v } of reviews) {
    for (const q of [v.perception, v.knowledge]) if (q.verdict === 'problematic' && q.reason) reasons.set(q.reason, (reasons.get(q.reason) ?? 0) + 1);
    const key = `${itemId}/${round}`;
    rounds.set(key, [...(rounds.get(key) ?? []), { checker, v }]);
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
    provenance: provenanceCounts(db, datasetId ?? null),
  };
}
