import { stringify } from 'yaml';

/** How a column appears in the hub's `dataset_info.features` (the `datasets` library's Features, as YAML). */
export type HfFeature = { name: string; dtype: string } | { name: string; sequence: string };

export interface CardInput {
  name: string;
  license: string;
  citation: string | null;
  features: HfFeature[];
  split: string;
  examples: number;
  /** Bytes of the parquet shards (the hub's download size) and of the rows themselves (its dataset size). */
  downloadSize: number;
  datasetSize: number;
  triplets: number;
}

/** The hub's size bucket for a row count. */
function sizeCategory(n: number): string {
  const buckets: [number, string][] = [[1e3, 'n<1K'], [1e4, '1K<n<10K'], [1e5, '10K<n<100K'], [1e6, '100K<n<1M'], [1e7, '1M<n<10M']];
  return buckets.find(([limit]) => n < limit)?.[1] ?? '10M<n<100M';
}

/**
 * The dataset card: YAML front matter the Hugging Face hub reads (licence, task, size, the parquet `configs` with its
 * split, and `dataset_info` with features and sizes), then a short text with the layout and the citation.
 */
export function datasetCard(c: CardInput): string {
  const meta = {
    license: c.license,
    pretty_name: c.name,
    task_categories: ['visual-question-answering', 'multiple-choice'],
    language: ['en'],
    size_categories: [sizeCategory(c.examples)],
    tags: ['mmevalpro', 'multimodal', 'benchmark'],
    configs: [{ config_name: 'default', data_files: [{ split: c.split, path: `data/${c.split}-*` }] }],
    dataset_info: {
      features: c.features,
      splits: [{ name: c.split, num_bytes: c.datasetSize, num_examples: c.examples }],
      download_size: c.downloadSize,
      dataset_size: c.datasetSize,
    },
  };
  const citation = c.citation?.trim()
    ? `## Citation\n\n\`\`\`bibtex\n${c.citation.trim()}\n\`\`\`\n`
    : '## Citation\n\nNo citation was given when this dataset was exported.\n';
  return `---\n${stringify(meta, { lineWidth: 0 })}---\n\n# ${c.name}\n\n`
    + `${c.examples} questions in ${c.triplets} triplets, in the layout of the MMEvalPro release: one row per question with its `
    + '`triplet_id`, its role (`eval_type`: Origin, Perception or Knowledge), `choices`, the gold `answer` (an option letter) '
    + 'and the image as bytes.\n\n'
    + `Load it with \`datasets.load_dataset("<owner>/<name>", split="${c.split}")\`; re-import it into Anchor Studio with \`anchor import <folder>\`.\n\n`
    + `${citation}`;
}
