import type { Role, VrpSeries } from '../contract';
import { VRP_KEYS } from '../scoring/accuracy';

export const ROLES: readonly Role[] = ['origin', 'perception', 'knowledge'];

export const GROUP_TITLES: Record<string, string> = {
  category: 'category', source: 'source', role: 'role', subject: 'subject', l1Category: 'L1 ability (MMBench)', l2Category: 'L2 category', split: 'split',
  scoring: 'scoring rule',
  level: 'intervention level', colour: 'colour', font: 'font', shape: 'shape', position: 'text position',
};

/** MMEvalPro's table columns in the paper's order, with the short names its tables use. */
export const MMEVALPRO_COLUMNS = [
  { key: 'genuine_accuracy_score', short: 'GA', title: 'Genuine accuracy: all three questions right' },
  { key: 'average_score', short: 'AA', title: 'Average accuracy over all questions' },
  { key: 'origin_score', short: 'OA', title: 'Origin accuracy' },
  { key: 'perception_score', short: 'PA', title: 'Perception accuracy' },
  { key: 'knowledge_score', short: 'KA', title: 'Knowledge accuracy' },
  { key: 'consistency_gap', short: 'CG', title: 'Consistency gap: OA − GA' },
  { key: 'perception_consistency', short: 'PC', title: 'P(perception right | origin right)' },
  { key: 'knowledge_consistency', short: 'KC', title: 'P(knowledge right | origin right)' },
] as const;

/** Radar axes: every intervention level, then every relation value, in a stable order across runs. */
export function vrpAxes(series: VrpSeries): { key: string; value: string; label: string }[] {
  const axes: { key: string; value: string; label: string }[] = [];
  for (const key of VRP_KEYS) {
    const values = new Set<string>();
    for (const s of series) for (const v of Object.keys(s.by[key] ?? {})) values.add(v);
    for (const value of [...values].sort()) axes.push({ key, value, label: key === 'level' ? `${value} intervention` : `${key}: ${value}` });
  }
  return axes;
}
