// Memory helpers shared by the benchmarks that measure a process's peak RSS (thumbnail-crowd, prediction-upload).

export const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/** Peak RSS while `work` runs, sampled every 5 ms. */
export async function peakRss(work: () => Promise<unknown>): Promise<number> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage.rss());
}
