import type { RunConfigInput, Role } from '@shared/contract';
import type { PromptTemplate } from '@shared/prompts/templates';

export const roles: Role[] = ['origin', 'perception', 'knowledge'];

/** A new run's form before anything is chosen: every role, the VLMEvalKit prompt, images sent, no judge, no limit. */
export function initialRunForm(): RunConfigInput {
  return { datasetId: -1, model: '', roles: [...roles], templateId: 'vlmevalkit-mcq', circular: false, images: true, judge: null, limit: null };
}

/** A run can be planned once it has a dataset, a model and at least one role. */
export function runFormReady(form: RunConfigInput): boolean {
  return form.datasetId !== -1 && form.model !== '' && (form.roles?.length ?? 0) > 0;
}

/** The roles with one ticked on or off. */
export function withRole(current: readonly Role[] | undefined, role: Role, on: boolean): Role[] {
  return on ? [...(current ?? []), role] : (current ?? []).filter((x) => x !== role);
}

/** The filter with one facet set; an empty choice ("all") removes it. */
export function withFilter(filter: RunConfigInput['filter'], key: 'source' | 'category', value: string): RunConfigInput['filter'] {
  return { ...filter, [key]: value || undefined };
}

/** The template a run uses after its prompt was edited: none (the preset itself) when the text is the preset's again. */
export function editedTemplate(preset: PromptTemplate, text: string): PromptTemplate | null {
  return text === preset.multipleChoice ? null : { ...preset, id: `${preset.id}-edited`, name: `${preset.name} (edited)`, multipleChoice: text };
}

/** A number field's value: null when left empty. */
export function optionalNumber(text: string): number | null {
  return text === '' ? null : Number(text);
}
