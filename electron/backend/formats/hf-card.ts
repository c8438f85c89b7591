import { parse, stringify } from 'yaml';
import { z } from 'zod';

/** How a column appears in the hub's `dataset_info.features` (the `datasets` library's Features, as YAML). */
export type HfFeature = { name: string; dtype: string } | { name: string; sequence: string };

/**
 * The `huggingface` key of a parquet file's metadata, as `datasets` writes it (`{"info": {"features": …}}`): what makes
 * `load_dataset("parquet", data_files=…)` give the image column as `Image` rather than a `{bytes, path}` dict. A list
 * is spelled `Sequence`, which every `datasets` version reads (2.x to 5.x; 4.0 and later read it as `List` and write
 * that spelling themselves, which 3.x and earlier refuse).
 */
export function huggingfaceMetadata(features: readonly HfFeature[]): string {
  const value = (dtype: string) => ({ dtype, _type: 'Value' });
  const entry = (f: HfFeature) => ('sequence' in f
    ? { feature: value(f.sequence), _type: 'Sequence' }
    : f.dtype === 'image' ? { _type: 'Image' } : value(f.dtype));
  return JSON.stringify({ info: { features: Object.fromEntries(features.map((f) => [f.name, entry(f)])) } });
}

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
  /** The dataset's quality report as Markdown (its headings one level down), or null when not asked for. */
  quality: string | null;
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
    + (c.quality ? `${c.quality.trim()}\n\nThe full report is \`quality.json\` beside this card.\n\n` : '')
    + `${citation}`;
}

/** What a release's card states that its parquet does not: the licence and the citation. */
export interface CardRelease { license?: string; citation?: string }

const frontSchema = z.object({ license: z.union([z.string(), z.array(z.string())]).optional() }).passthrough();

/**
 * Reads the licence (front matter `license:`, the first when it lists several) and the citation (the first fenced
 * block under a `Citation` heading, as our cards and most hub cards give it) from a dataset card. A card that is not
 * YAML-fronted markdown gives nothing rather than failing the import: the card is beside the data, not the data.
 */
export function readCard(text: string): CardRelease {
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  let license: string | undefined;
  if (front) {
    let yaml: unknown;
    try { yaml = parse(front[1]!); } catch { yaml = null; }
    const parsed = frontSchema.safeParse(yaml);
    const stated = parsed.success ? parsed.data.license : undefined;
    license = (Array.isArray(stated) ? stated[0] : stated)?.trim() || undefined;
  }
  const section = /^#{1,6}[ \t]+[^\n]*citation[^\n]*\n([\s\S]*?)(?=^#{1,6}[ \t]|(?![\s\S]))/im.exec(text.slice(front?.[0].length ?? 0));
  const block = section ? /^(```+|~~~+)[^\n]*\n([\s\S]*?)^\1[ \t]*$/m.exec(section[1]!) : null;
  const citation = block?.[2]!.trim() || undefined;
  return { ...(license ? { license } : {}), ...(citation ? { citation } : {}) };
}
