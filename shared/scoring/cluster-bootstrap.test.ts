import { describe, expect, it } from 'vitest';
import { clusterBootstrap, hasClusters, pairedClusterBootstrap } from './cluster-bootstrap';
import { wilson } from './intervals';

/** `triplets` clusters of three questions, the first `right` of them answered right on all three, the rest wrong on all. */
function allOrNothingTriplets(triplets: number, right: number) {
  const values = [];
  for (let t = 0; t < triplets; t++) for (let q = 0; q < 3; q++) values.push({ cluster: `t${t}`, value: t < right ? 1 : 0 });
  return values;
}

const width = (i: { low: number; high: number }) => i.high - i.low;

describe('cluster bootstrap', () => {
  it('widens the interval by about √3 when a triplet is always all right or all wrong', () => {
    // 900 questions but only 300 independent draws: the effective sample is a third, so the width is √3 times Wilson's.
    // Tolerance ±0.15 on the ratio (≈ 9%): 2,000 resamples move each percentile endpoint by about 2% of the width.
    const values = allOrNothingTriplets(300, 180);
    const cluster = clusterBootstrap(values);
    const w = wilson(540, 900);
    expect(cluster.clusters).toBe(300);
    expect(width(cluster) / width(w)).toBeGreaterThan(Math.sqrt(3) - 0.15);
    expect(width(cluster) / width(w)).toBeLessThan(Math.sqrt(3) + 0.15);
    expect(cluster.low).toBeLessThan(0.6);
    expect(cluster.high).toBeGreaterThan(0.6);
  });

  it('agrees with Wilson when every question is its own cluster', () => {
    // Same 540 of 900 right, independent: width within 10% of Wilson's and each endpoint within 0.7 points.
    const values = Array.from({ length: 900 }, (_, i) => ({ cluster: `q${i}`, value: i % 5 < 3 ? 1 : 0 }));
    const cluster = clusterBootstrap(values);
    const w = wilson(540, 900);
    expect(cluster.clusters).toBe(900);
    expect(Math.abs(width(cluster) / width(w) - 1)).toBeLessThan(0.1);
    expect(Math.abs(cluster.low - w.low)).toBeLessThan(0.007);
    expect(Math.abs(cluster.high - w.high)).toBeLessThan(0.007);
  });

  it('gives the same interval for the same seed and input in any order, and another for another seed', () => {
    const values = allOrNothingTriplets(120, 50).map((v, i) => ({ ...v, value: i % 7 === 0 ? 1 - v.value : v.value }));
    const a = clusterBootstrap(values);
    expect(clusterBootstrap([...values].reverse())).toEqual(a);
    expect(clusterBootstrap(values, { seed: 99 })).not.toEqual(a);
  });

  it('has no interval without questions', () => {
    expect(clusterBootstrap([])).toEqual({ low: 0, high: 0, clusters: 0 });
  });

  it('tells clustered questions from singletons', () => {
    expect(hasClusters(['a', 'b', 'c'])).toBe(false);
    expect(hasClusters(['a', 'b', 'a'])).toBe(true);
  });
});

describe('paired cluster bootstrap', () => {
  it('finds no difference between two identical runs: interval [0, 0] and p = 1', () => {
    const pairs = allOrNothingTriplets(100, 40).map((v) => ({ cluster: v.cluster, first: v.value === 1, second: v.value === 1 }));
    const test = pairedClusterBootstrap(pairs);
    expect(test).toMatchObject({ low: 0, high: 0, pValue: 1, clusters: 100 });
  });

  it('finds a clear difference and gives an interval around it', () => {
    // First run right on 70 of 100 triplets, second on 40 of them: a 30-point difference, 300 questions in 100 clusters.
    const pairs = allOrNothingTriplets(100, 70).map((v, i) => ({ cluster: v.cluster, first: v.value === 1, second: i < 120 }));
    const test = pairedClusterBootstrap(pairs);
    expect(test.low).toBeGreaterThan(0.15);
    expect(test.high).toBeLessThan(0.45);
    expect(test.pValue).toBeLessThan(0.01);
    expect(test.pValue).toBeGreaterThan(0);
  });

  it('is wider on clustered disagreements than on the same counts spread over independent questions', () => {
    // First run right on triplets 0–54, second on triplets 0–4 only: 150 discordant questions in 50 triplets.
    const clustered = allOrNothingTriplets(100, 55).map((v, i) => ({ cluster: v.cluster, first: v.value === 1, second: i < 15 }));
    const singletons = clustered.map((p, i) => ({ ...p, cluster: `q${i}` }));
    expect(width(pairedClusterBootstrap(clustered))).toBeGreaterThan(1.4 * width(pairedClusterBootstrap(singletons)));
  });
});
