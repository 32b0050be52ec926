import type { WebhookAttempt, WebhookDelivery } from '@console/domain/webhooks';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeliveryState, LastDeliveryStatus } from './DeliveryStatus.tsx';

const attempt = (at: number, status: number | null): WebhookAttempt => ({
  at,
  status,
  latencyMs: 5,
  response: status === null ? 'connect ECONNREFUSED' : '',
  isSuccess: status !== null && status < 300,
});
const delivery = (state: WebhookDelivery['state'], attempts: WebhookAttempt[]): WebhookDelivery => ({
  id: 'msg_1',
  type: 'webhook.test',
  created: 1,
  state,
  attempts,
});
const textOf = (shown: WebhookDelivery | undefined) =>
  render(<DeliveryState delivery={shown} />).container.textContent;

describe('how a delivery stands', () => {
  it('names its state with its latest attempt, whatever order the attempts come in', () => {
    expect(textOf(undefined)).toBe('None yet');
    expect(textOf(delivery('pending', []))).toBe('Pending');
    expect(textOf(delivery('pending', [attempt(1, 200), attempt(2, 503)]))).toBe('Retrying, HTTP 503');
    expect(textOf(delivery('pending', [attempt(2, 200), attempt(1, 503)]))).toBe(
      'Redelivery pending, HTTP 200',
    );
    expect(textOf(delivery('delivered', [attempt(1, 500), attempt(2, 204)]))).toBe('Delivered, HTTP 204');
    expect(textOf(delivery('failed', [attempt(2, null), attempt(1, 500)]))).toBe('Failed, No answer');
  });
});

describe("a subscription's last delivery", () => {
  it('says how its latest attempt went, or that none was made', () => {
    const textOfLast = (last: Parameters<typeof LastDeliveryStatus>[0]['last']) =>
      render(<LastDeliveryStatus last={last} />).container.firstChild?.textContent ?? '';
    expect(render(<LastDeliveryStatus last={null} />).container.textContent).toBe('None yet');
    expect(textOfLast({ at: Date.now(), status: null, isSuccess: false })).toBe('Failed, No answer');
    expect(textOfLast({ at: Date.now(), status: 204, isSuccess: true })).toBe('OK, HTTP 204');
  });
});
