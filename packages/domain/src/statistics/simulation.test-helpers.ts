import type { CaseStatistics, MetricKind } from './statistics.schemas.ts';

// Simulated experiments for the property tests: players drawn one by one from a seeded generator, summed
// into the sufficient statistics the results are computed from, so a run is the same on every machine.

/** A standard normal draw (Box–Muller). */
function normal(uniform: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * What one case's players are like. conversion: converts with probability `level`; mean: normal around
 * `level` with standard deviation `spread`; revenue: pays with probability `payRate` an exponential amount
 * of mean `level`; ratio: 1-4 sessions (the denominator), each worth `level` give or take `spread`.
 */
export interface PlayerModel {
  kind: MetricKind;
  level: number;
  spread: number;
  payRate: number;
}

/** The true value of the metric for a model: what the intervals should cover. */
export function trueValueOf(model: PlayerModel): number {
  return model.kind === 'revenue' ? model.payRate * model.level : model.level;
}

/** One player's (value, denominator). */
function drawPlayer(model: PlayerModel, uniform: () => number): [number, number] {
  switch (model.kind) {
    case 'conversion':
      return [uniform() < model.level ? 1 : 0, 1];
    case 'mean':
      return [model.level + model.spread * normal(uniform), 1];
    case 'revenue':
      return [uniform() < model.payRate ? -model.level * Math.log(1 - uniform()) : 0, 1];
    case 'ratio': {
      const sessions = 1 + Math.floor(uniform() * 4);
      let value = 0;
      for (let session = 0; session < sessions; session += 1)
        value += model.level + model.spread * normal(uniform);
      return [value, sessions];
    }
  }
}

/** The sufficient statistics of `n` simulated players. */
export function simulateCase(model: PlayerModel, n: number, uniform: () => number): CaseStatistics {
  let sum = 0;
  let sumSquares = 0;
  let denominatorSum = 0;
  let denominatorSumSquares = 0;
  let sumProduct = 0;
  for (let player = 0; player < n; player += 1) {
    const [value, denominator] = drawPlayer(model, uniform);
    sum += value;
    sumSquares += value * value;
    denominatorSum += denominator;
    denominatorSumSquares += denominator * denominator;
    sumProduct += value * denominator;
  }
  return model.kind === 'ratio'
    ? { n, sum, sumSquares, denominatorSum, denominatorSumSquares, sumProduct }
    : { n, sum, sumSquares };
}

/** Players assigned to cases by weight, as the bucketing does: exposed counts per case. */
export function simulateAssignment(
  weights: readonly number[],
  players: number,
  uniform: () => number,
): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map(() => 0);
  for (let player = 0; player < players; player += 1) {
    let point = uniform() * total;
    let index = 0;
    while (index < weights.length - 1 && point >= weights[index]!) {
      point -= weights[index]!;
      index += 1;
    }
    counts[index]! += 1;
  }
  return counts;
}

/**
 * The smallest count a rate `rate` over `trials` reaches but in about one run in 30,000 (4 standard
 * deviations of the binomial below its mean), and the largest symmetric to it.
 */
export function binomialBounds(rate: number, trials: number): { low: number; high: number } {
  const mean = rate * trials;
  const deviation = 4 * Math.sqrt(trials * rate * (1 - rate));
  return { low: mean - deviation, high: mean + deviation };
}
