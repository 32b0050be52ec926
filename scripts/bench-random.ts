/**
 * A small deterministic generator (a linear congruential sequence) for the benchmarks, so every run
 * measures the same data: `random(below)` answers a whole number in [0, below).
 */
export function randomSequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}
