import { runSaveStorm } from './save-storm';

/**
 * Issue 3's acceptance: 10 people saving concurrently through HTTP for 60 s, nothing lost. Prints the counts and the
 * save rate against bare authenticated round trips on the same server in the same run.
 */
async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 60);
  const r = await runSaveStorm({ users: 10, seconds });
  const rate = r.saves / seconds;
  const attempts = (r.saves + r.conflicts) / seconds;
  console.log(`${r.users} users × 2 tabs for ${seconds} s over HTTP`);
  console.log(`  acknowledged saves      ${r.saves} (${rate.toFixed(0)}/s), refused stale saves ${r.conflicts} (all kept as revisions)`);
  console.log(`  save p95                ${r.saveP95Ms.toFixed(1)} ms`);
  console.log(`  baseline round trips    ${r.baselinePerSecond}/s (session.me, one client)`);
  console.log(`  save attempts / baseline ${(attempts / r.baselinePerSecond).toFixed(2)}×`);
  console.log(`  lost writes or missing revisions: ${r.lost.length === 0 && r.otherErrors.length === 0 ? 'none' : [...r.lost, ...r.otherErrors].join('\n    ')}`);
  if (r.lost.length || r.otherErrors.length) process.exitCode = 1;
}

void main();
