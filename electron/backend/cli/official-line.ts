import type { OfficialScore } from '@shared/contract/report-entities';
import { pct1 as pct } from '@shared/reports/format';

const SCORER_NAMES: Record<OfficialScore['scorer'], string> = {
  mmmu: 'MMMU\'s main_parse_and_eval.py', vlmevalkit: 'VLMEvalKit\'s exact matching', mmstar: 'MMStar_eval',
};

/** An official figure beside the studio's on the same questions (METHODS §5), with what the script would do otherwise. */
export function officialLine(s: OfficialScore): string {
  const figure = s.overall === null ? 'per split (--json)' : `${pct(100 * s.overall)}%`;
  const studio = s.studio.acc === null ? '' : ` · studio ${pct(100 * s.studio.acc)}% (${s.studio.right}/${s.studio.num})`;
  const fallbacks = s.randomFallbacks > 0 ? ` · ${s.randomFallbacks} random fallback(s)` : '';
  const differ = s.differenceCount > 0 ? ` · ${s.differenceCount} question(s) read differently: --json lists them` : '';
  return `  official (${SCORER_NAMES[s.scorer]}): ${figure}${studio}${fallbacks}${differ}${s.note ? `\n    note: ${s.note}` : ''}`;
}
