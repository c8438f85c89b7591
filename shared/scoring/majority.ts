/**
 * VRPTest's repeated trials (METHODS §6.6): a non-deterministic endpoint is asked the same question N times and the
 * question's outcome is the majority answer. Pure, so the report, the stored summary and the doctor agree.
 */

/** One trial's reading: its label (a person's correction first; null when nothing could be read) and whether it is right. */
export interface TrialAnswer { label: string | null; correct: boolean }

export interface Vote {
  /** The majority answer; null when the most frequent reading was "nothing readable". */
  label: string | null;
  correct: boolean;
  /** Trials agreeing with the majority, and their share of all trials (the spread: 1 = unanimous). */
  agreeing: number;
  agreement: number;
  /** Another answer had as many votes: the earliest of them (by trial) won. */
  tie: boolean;
}

/**
 * The most frequent reading wins; an unreadable reply is a vote like any other (for "no answer"), so a model that
 * mostly fails to answer is not credited with its one lucky reading. A tie goes to the tied answer given first (the
 * lowest trial), which is deterministic and depends on no label's spelling (DECISIONS 203).
 */
export function majorityVote(trials: readonly TrialAnswer[]): Vote {
  if (trials.length === 0) return { label: null, correct: false, agreeing: 0, agreement: 0, tie: false };
  const counts = new Map<string | null, { n: number; first: TrialAnswer }>();
  for (const t of trials) {
    const seen = counts.get(t.label);
    if (seen) seen.n++;
    else counts.set(t.label, { n: 1, first: t });
  }
  // Map order is first-seen order, so the strict comparison keeps the earliest of tied answers.
  let best: { n: number; first: TrialAnswer } | null = null;
  let tie = false;
  for (const c of counts.values()) {
    if (best === null || c.n > best.n) {
      best = c;
      tie = false;
    } else if (c.n === best.n) tie = true;
  }
  const won = best!;
  return { label: won.first.label, correct: won.first.correct, agreeing: won.n, agreement: won.n / trials.length, tie };
}
