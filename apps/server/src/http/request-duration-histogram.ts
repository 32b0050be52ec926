import type { MetricValueWithName, Registry } from 'prom-client';

/** One series of the histogram: counts per bucket (not cumulative), their sum and count. */
export interface DurationSeries {
  observe(seconds: number): void;
}

/**
 * A Prometheus histogram whose observation is a bucket search and three additions on plain numbers:
 * prom-client's own hashes the labels on every observation, which on a game server's cached read (a
 * few microseconds in all) cost more than the metrics' budget. The text at scrape is prom-client's,
 * through the registry, like every other series.
 */
export class RequestDurationHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<
    string,
    { labels: Record<string, string>; counts: number[]; sum: number }
  >();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The series for these labels, to keep and observe into (created once per label set). */
  seriesOf(labels: Record<string, string>): DurationSeries {
    const key = JSON.stringify(labels);
    let entry = this.series.get(key);
    if (entry === undefined) {
      entry = { labels, counts: new Array(this.buckets.length + 1).fill(0), sum: 0 };
      this.series.set(key, entry);
    }
    const { buckets } = this;
    const series = entry;
    return {
      observe(seconds) {
        let index = 0;
        while (index < buckets.length && seconds > buckets[index]!) index++;
        series.counts[index]! += 1;
        series.sum += seconds;
      },
    };
  }

  /** What prom-client's registry formats: cumulative `_bucket` lines with `le`, then `_sum` and `_count`. */
  async get() {
    const values: MetricValueWithName<string>[] = [];
    for (const { labels, counts, sum } of this.series.values()) {
      let cumulative = 0;
      for (const [index, count] of counts.entries()) {
        cumulative += count;
        const le = index < this.buckets.length ? this.buckets[index]! : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le }, value: cumulative });
      }
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: cumulative });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
