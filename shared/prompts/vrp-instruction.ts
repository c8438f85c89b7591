import type { Option } from '../contract/entities';
import type { PromptPart } from './templates';
import type { Level } from '../vrp/relations';

/**
 * Full intervention as VRPTest defines it (METHODS §6.5): "Full-intervention VRP does not require a text prompt. It
 * merges the text and visual prompts into a single image." The band therefore carries the whole instruction — the
 * hint, the question and its options — and the model is sent the image alone. The paper's mitigation ("providing
 * additional clarification … explicitly informing [the model] that an image with partial or full intervention will be
 * provided") is a run option that adds one of the sentences below.
 */

/** What the band of a full-intervention variant says: the reference text, then one line per option. */
export function bandInstruction(reference: string, hint: string | null, options: readonly Option[]): string {
  const lines = [hint?.trim() ? `Hint: ${hint.trim()}` : null, reference.trim(), ...options.map((o) => `${o.label}. ${o.text}`)];
  return lines.filter((l): l is string => l !== null && l !== '').join('\n');
}

/** The mitigation sentence for a full-intervention variant: the instruction is in the image. */
export const FULL_CLARIFICATION =
  'This image contains the whole instruction: the question and its options are written in the white band above or below the picture, '
  + 'and a drawn box or ellipse marks the part of the picture the question is about. Answer the question written in the image.';

/** The mitigation sentence for a partial-intervention variant: the mark is a pointer, not part of the picture. */
export const PARTIAL_CLARIFICATION =
  'A box or an ellipse has been drawn on the image to point at the part of the picture the question is about; it is not part of the picture itself.';

/**
 * The message of a variant's question: a full-intervention variant sends its images only (and the clarification when
 * the run asks for it); a partial one gets the clarification before the text when asked; anything else is unchanged.
 * Without images there is nothing to read the instruction from, so the stored text is sent as it is.
 */
export function interventionParts(parts: readonly PromptPart[], level: Level | null, clarification: boolean): PromptPart[] {
  const images = parts.filter((p) => p.kind === 'image');
  if (level === 'full' && images.length > 0) return clarification ? [...images, { kind: 'text', text: FULL_CLARIFICATION }] : images;
  if (level === 'partial' && clarification) {
    const firstText = parts.findIndex((p) => p.kind === 'text');
    const at = firstText === -1 ? parts.length : firstText;
    return [...parts.slice(0, at), { kind: 'text', text: PARTIAL_CLARIFICATION }, ...parts.slice(at)];
  }
  return [...parts];
}
