import type { RunSummary, Seeing } from '@shared/contract';
import { presetTemplate } from '@shared/prompts/templates';

/** The preset whose words are MMStar's own text-only protocol (a system message and two worked examples). */
const MMSTAR_LLM = presetTemplate('mmstar-llm-2shot')!;

const sourceOf = (r: RunSummary): Seeing['sources']['sv'] => ({ id: r.id, name: r.name, model: r.model, templateName: r.templateName, images: r.images });

/**
 * Which runs MMStar's three scores came from, and where a run's settings do not fit its role: S_v is the LMM with
 * images, S_wv the same LMM with images withheld, S_t its base LLM, text only, 2-shot (MMStar, §4.1). The figures are
 * computed whatever was picked — a person may compare on purpose — but the report says what differs.
 */
export function seeingSources(sv: RunSummary, swv: RunSummary, st: RunSummary | null): Pick<Seeing, 'sources' | 'warnings'> {
  const warnings: string[] = [];
  if (!sv.images) warnings.push(`S_v (run ${sv.id}) was asked without images; MMStar's S_v is the LMM with them`);
  if (swv.images) warnings.push(`S_wv (run ${swv.id}) was asked with images; MMStar's S_wv withholds them`);
  if (sv.model !== swv.model) warnings.push(`S_v and S_wv come from different models (${sv.model}, ${swv.model}); MG compares one LMM with and without images`);
  if (st?.images) warnings.push(`S_t (run ${st.id}) was asked with images; MMStar's S_t is a text-only LLM`);
  if (st && st.templateName !== MMSTAR_LLM.name) {
    warnings.push(`S_t (run ${st.id}) used the template "${st.templateName}"; MMStar runs its LLMs 2-shot ("${MMSTAR_LLM.name}")`);
  }
  return { sources: { sv: sourceOf(sv), swv: sourceOf(swv), st: st ? sourceOf(st) : null }, warnings };
}
