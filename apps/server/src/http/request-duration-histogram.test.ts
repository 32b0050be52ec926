import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurationHistogram } from './request-duration-histogram.ts';

describe('the request duration histogram', () => {
  it('writes cumulative buckets (a bound holds what equals it), the sum and the count per label set', async () => {
    const registry = new Registry();
    const histogram = new RequestDurationHistogram('t_seconds', 'Test durations', [0.001, 0.01], registry);
    const ok = histogram.seriesOf({ route: '/a', status: '200' });
    for (const seconds of [0.0005, 0.001, 0.005, 2]) ok.observe(seconds);
    histogram.seriesOf({ route: '/a', status: '404' }).observe(0.02);
    expect(await registry.metrics()).toBe(
      [
        '# HELP t_seconds Test durations',
        '# TYPE t_seconds histogram',
        't_seconds_bucket{route="/a",status="200",le="0.001"} 2',
        't_seconds_bucket{route="/a",status="200",le="0.01"} 3',
        't_seconds_bucket{route="/a",status="200",le="+Inf"} 4',
        't_seconds_sum{route="/a",status="200"} 2.0065',
        't_seconds_count{route="/a",status="200"} 4',
        't_seconds_bucket{route="/a",status="404",le="0.001"} 0',
        't_seconds_bucket{route="/a",status="404",le="0.01"} 0',
        't_seconds_bucket{route="/a",status="404",le="+Inf"} 1',
        't_seconds_sum{route="/a",status="404"} 0.02',
        't_seconds_count{route="/a",status="404"} 1',
        '',
      ].join('\n'),
    );
  });
});
