import { randomBytes } from 'node:crypto';
import { randomToken } from '../../lib/tokens.ts';

// A key reads `skald_<identifier>_<secret>`: the identifier finds the row, only the secret's hash is stored.
const PATTERN = /^skald_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface ApiKeyParts {
  identifier: string;
  secret: string;
}

export function generateApiKey(): ApiKeyParts & { token: string } {
  const identifier = randomBytes(8).toString('hex');
  const secret = randomToken(32);
  return { identifier, secret, token: `skald_${identifier}_${secret}` };
}

export function parseApiKey(token: string): ApiKeyParts | undefined {
  const match = PATTERN.exec(token);
  return match?.[1] && match[2] ? { identifier: match[1], secret: match[2] } : undefined;
}
