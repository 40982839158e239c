import { describe, expect, it } from 'vitest';
import { tusAnswer } from './tusError.ts';

const failed = (status: number, body: string) =>
  `tus: unexpected response while creating upload, originated from request (method: POST, url: /api/v1/uploads, response code: ${status}, response text: ${body}, request id: n/a)`;

describe('the server’s answer in a failed upload’s error', () => {
  it.each([
    [
      failed(
        403,
        '{"error":{"code":"forbidden","message":"You do not have permission to update existing items"}}',
      ),
      {
        status: 403,
        body: '{"error":{"code":"forbidden","message":"You do not have permission to update existing items"}}',
      },
    ],
    [
      failed(502, '<html>Bad gateway, request id: x</html>'),
      { status: 502, body: '<html>Bad gateway, request id: x</html>' },
    ],
    [failed(400, ''), { status: 400, body: '' }],
  ])('reads %s', (text, answer) => {
    expect(tusAnswer(text)).toEqual(answer);
  });

  it('has none when the request got no answer', () => {
    expect(
      tusAnswer('tus: failed to upload chunk at offset 0, caused by TypeError: Failed to fetch'),
    ).toBeNull();
  });
});
