import { accuracyBy, type ScoredPrediction } from '@shared/scoring/accuracy';
import { scoreMmEvalPro, type TripletAnswer } from '@shared/scoring/mmevalpro';

const N = Number(process.env.BENCH_PREDICTIONS ?? 1_000_000);
const roles = ['origin', 'perception', 'knowledge'] as const;
const sources = ['MMMU', 'MathVista', 'ScienceQA'];

function ms(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Scoring 1,000,000 predictions with every metric and grouping the studio computes for a run: accuracy with Wilson
 * intervals by source, category, role, subject, VRP level and relation values, and MMEvalPro's triplet metrics.
 * Baseline: one plain loop counting correct answers over the same array.
 */
function main() {
  let seed = 7;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  const letters = ['A', 'B', 'C', 'D'];
  const triplet: TripletAnswer[] = new Array(N);
  const scored: ScoredPrediction[] = new Array(N);
  for (let i = 0; i < N; i++) {
    const answer = letters[i % 4]!;
    const prediction = random() < 0.62 ? answer : letters[(i + 1) % 4]!;
    const source = sources[Math.floor(i / 3) % 3]!;
    triplet[i] = { tripletId: String(Math.floor(i / 3)), source, role: roles[i % 3]!, prediction, answer };
    scored[i] = {
      correct: prediction === answer,
      groups: {
        source, category: `cat ${i % 40}`, role: roles[i % 3]!, subject: `subject ${i % 30}`,
        level: ['none', 'partial', 'full'][i % 3]!, colour: ['red', 'blue', 'default'][i % 3]!, font: ['Arial', 'Times New Roman', 'none'][i % 3]!,
        shape: ['box', 'ellipse', 'none'][(i >> 1) % 3]!, position: ['upper', 'lower', 'none'][(i >> 2) % 3]!,
      },
    };
  }
  let baselineRight = 0;
  const baseline = ms(() => {
    for (const p of scored) if (p.correct) baselineRight++;
  });
  const groups = ms(() => accuracyBy(scored, ['source', 'category', 'role', 'subject', 'level', 'colour', 'font', 'shape', 'position']));
  const mmevalpro = ms(() => scoreMmEvalPro(triplet));
  const total = groups + mmevalpro;
  console.log(`${N.toLocaleString()} predictions (${baselineRight.toLocaleString()} right)`);
  console.log(`  baseline count loop       ${baseline.toFixed(0)} ms`);
  console.log(`  accuracy, 9 groupings+CI  ${groups.toFixed(0)} ms`);
  console.log(`  MMEvalPro triplet metrics ${mmevalpro.toFixed(0)} ms`);
  console.log(`  all metrics: ${total.toFixed(0)} ms (target < 2000)  ${total < 2000 ? 'OK' : 'ABOVE TARGET'}; ${(total / Math.max(1, baseline)).toFixed(0)}× the bare loop`);
}

main();
