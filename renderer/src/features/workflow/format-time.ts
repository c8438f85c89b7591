/** Active time as people read it: "< 1 s", "45 s", "12 min", "2 h 05 min". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  // Some time, but under a second, is not "0 s": the clock did run.
  if (ms > 0 && ms < 1000) return '< 1 s';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${String(min % 60).padStart(2, '0')} min`;
}
