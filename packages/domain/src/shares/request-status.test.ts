import { describe, expect, it } from 'vitest';
import { REQUEST_FACT_COMBINATIONS, requestTaskStatus, type RequestFacts } from './request-status.ts';

const none: RequestFacts = {
  revoked: false,
  expired: false,
  started: false,
  arrived: false,
  full: false,
  failed: false,
};

describe('requestTaskStatus', () => {
  it.each<[Partial<RequestFacts>, string]>([
    [{}, 'pending'],
    [{ started: true }, 'inProgress'],
    [{ started: true, arrived: true }, 'inProgress'],
    [{ started: true, arrived: true, full: true }, 'done'],
    [{ started: true, failed: true }, 'error'],
    [{ expired: true }, 'cancelled'],
    [{ expired: true, started: true, arrived: true }, 'done'],
    [{ revoked: true, started: true, arrived: true, full: true }, 'cancelled'],
  ])('%o is %s', (facts, status) => {
    expect(requestTaskStatus({ ...none, ...facts })).toBe(status);
  });

  it('lists only combinations that can happen, and never makes a request Queued', () => {
    expect(REQUEST_FACT_COMBINATIONS).toHaveLength(28);
    expect(REQUEST_FACT_COMBINATIONS.map(requestTaskStatus)).not.toContain('queued');
  });
});
