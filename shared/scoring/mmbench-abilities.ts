/**
 * MMBench's ability taxonomy (METHODS §5): its six L-2 abilities, as the `l2-category` column of MMBench's TSVs spells
 * them (the keys of VLMEvalKit's `MMB_abbrs`), under the two L-1 abilities the MMBench README names — Perception
 * (coarse, fine-grained single-instance and cross-instance perception) and Reasoning (attribute, relation and logic
 * reasoning); README.md of open-compass/MMBench at 20faed3d116ce3a76a4b50820dcc46c696fd8f43.
 */
const L1_OF_L2: Readonly<Record<string, 'Perception' | 'Reasoning'>> = {
  'coarse_perception': 'Perception',
  'finegrained_perception (instance-level)': 'Perception',
  'finegrained_perception (cross-instance)': 'Perception',
  'attribute_reasoning': 'Reasoning',
  'relation_reasoning': 'Reasoning',
  'logic_reasoning': 'Reasoning',
};

/** A question's MMBench L-1 ability from its L-2 category; null for any other dataset's categories. */
export function mmbenchL1(l2Category: string | null): 'Perception' | 'Reasoning' | null {
  if (l2Category === null) return null;
  return Object.hasOwn(L1_OF_L2, l2Category) ? L1_OF_L2[l2Category]! : null;
}
