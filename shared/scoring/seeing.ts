/**
 * MMStar's seeing-or-not measures from three accuracies on the same questions (in %): S_v with images, S_wv the same
 * LMM with images withheld, S_t its text-only base LLM. MG = S_v − S_wv (what the image adds); ML = max(0, S_wv − S_t)
 * (what multimodal training leaked in).
 */
export function multimodalGain(withImages: number, withoutImages: number): number {
  return withImages - withoutImages;
}

export function multimodalLeakage(withoutImages: number, textOnly: number): number {
  return Math.max(0, withoutImages - textOnly);
}
