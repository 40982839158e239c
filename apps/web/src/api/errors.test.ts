import { describe, expect, it } from 'vitest';
import { ApiError, parseApiError, parseRetryAfter } from './errors.ts';

describe('parseApiError', () => {
  it('reads the contract error shape with field details', () => {
    const error = parseApiError(400, {
      error: {
        code: 'bad_request',
        message: 'Invalid input',
        details: [{ field: 'expiresAt', message: 'Please select a date in the future' }],
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('bad_request');
    expect(error.message).toBe('Invalid input');
    expect(error.fieldMessage('expiresAt')).toBe('Please select a date in the future');
    expect(error.fieldMessage('label')).toBeUndefined();
  });

  it.each([
    [401, 'mfa_required'],
    [403, 'account_deactivated'],
    [403, 'mfa_setup_required'],
    [409, 'conflict'],
  ] as const)('keeps the specific code %s %s', (status, code) => {
    expect(parseApiError(status, { error: { code, message: 'x' } }).code).toBe(code);
  });

  it('falls back to the status when the code is unknown', () => {
    expect(parseApiError(403, { error: { code: 'something_new', message: 'Nope' } }).code).toBe('forbidden');
  });

  it.each([
    [404, 'not_found'],
    [429, 'rate_limited'],
    [500, 'internal'],
    [502, 'network'],
    [504, 'network'],
    [401, 'unauthorized'],
  ] as const)('falls back to the status for a body that is not the error shape (%s)', (status, code) => {
    const error = parseApiError(status, '<html>Bad gateway</html>', 'Bad Gateway');
    expect(error.code).toBe(code);
    expect(error.message).toBe('Bad Gateway');
    expect(error.details).toEqual([]);
  });

  it('keeps the message id and values of a catalogue message in a detail', () => {
    const message = 'AND needs a search term after it (at character 6)';
    const error = parseApiError(400, {
      error: {
        code: 'bad_request',
        message,
        details: [
          {
            field: 'searchString',
            message,
            messageId: 'searchNeedsTermAfter',
            params: { operator: 'AND', position: 6, nested: { no: 1 } },
          },
          { field: 'owner', message: 'No such user', params: { ignored: true } },
        ],
      },
    });
    expect(error.fieldError('searchString')).toEqual({
      field: 'searchString',
      message,
      messageId: 'searchNeedsTermAfter',
      params: { operator: 'AND', position: 6 },
    });
    expect(error.fieldError('owner')).toEqual({ field: 'owner', message: 'No such user' });
  });

  it('drops malformed details instead of failing', () => {
    const error = parseApiError(400, {
      error: {
        code: 'bad_request',
        message: 'Bad',
        details: [{ field: 'email' }, 'x', { field: 'name', message: 'Required' }],
      },
    });
    expect(error.details).toEqual([{ field: 'name', message: 'Required' }]);
  });
});

describe('Retry-After', () => {
  it('keeps how long a busy server asked to wait, with its code', () => {
    const error = parseApiError(
      503,
      { error: { code: 'unavailable', message: 'Search is busy; try again in a moment' } },
      'Service Unavailable',
      '2',
    );
    expect(error.code).toBe('unavailable');
    expect(error.retryAfterMs).toBe(2000);
  });

  it('has no wait when the answer names none', () => {
    expect(parseApiError(500, { error: { code: 'internal', message: 'x' } }).retryAfterMs).toBeUndefined();
  });

  it.each([
    ['3', 3000],
    [' 0 ', 0],
    ['Thu, 01 Jan 2026 00:00:10 GMT', 10_000],
    ['Thu, 01 Jan 2026 00:00:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %s ms', (value, expected) => {
    expect(parseRetryAfter(value, Date.parse('2026-01-01T00:00:00Z'))).toBe(expected);
  });
});
