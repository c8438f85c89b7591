import type { TripletVerdicts } from '@shared/contract';
import { cohenKappa, type Agreement } from '@shared/scoring/agreement';
import type { Db } from '../../db/open';
import type { VerdictRow } from './store/dashboard';
import { verdictRows } from './store/dashboard';

export type CheckedRole = 'perception' | 'knowledge';
export const CHECKED_ROLES: readonly CheckedRole[] = ['perception', 'knowledge'];

/** The two checkers' Pass/Problematic on one question of one round: rater a is the checker whose id sorts first. */
export interface VerdictPair { a: string; b: string; role: CheckedRole; rating: [string, string] }

/**
 * The verdict pairs of every round both checkers finished, per question (METHODS §9). A round's first two verdicts
 * are its two checkers; the pair's raters are put in id order, so the same two people are the same raters throughout.
 */
export function verdictPairs(reviews: readonly VerdictRow[]): VerdictPair[] {
  const rounds = new Map<string, { checker: string; v: TripletVerdicts }[]>();
  for (const { itemId, round, checker, verdicts: v } of reviews) {
    const key = `${itemId}/${round}`;
    rounds.set(key, [...(rounds.get(key) ?? []), { checker, v }]);
  }
  const pairs: VerdictPair[] = [];
  for (const given of rounds.values()) {
    if (given.length < 2) continue;
    const [x, y] = [given[0]!, given[1]!].sort((m, n) => m.checker.localeCompare(n.checker)) as [typeof given[0], typeof given[0]];
    for (const role of CHECKED_ROLES) pairs.push({ a: x.checker, b: y.checker, role, rating: [x.v[role].verdict, y.v[role].verdict] });
  }
  return pairs;
}

/** Raw agreement and Cohen's kappa of a dataset's checkers: over both questions, and per role. */
export function checkerAgreement(db: Db, datasetId: number): { rounds: number; overall: Agreement; perception: Agreement; knowledge: Agreement } {
  const pairs = verdictPairs(verdictRows(db, datasetId));
  const of = (role?: CheckedRole) => cohenKappa(pairs.filter((p) => role === undefined || p.role === role).map((p) => p.rating));
  return { rounds: pairs.length / CHECKED_ROLES.length, overall: of(), perception: of('perception'), knowledge: of('knowledge') };
}
