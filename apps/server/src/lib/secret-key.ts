import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from './tokens.ts';

/**
 * SECRET_KEY when set; otherwise a key generated once into DATA_DIR/secret.key (mode 0600), so
 * the one-machine default needs no set-up and keeps its encrypted secrets readable across restarts.
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomToken(48);
  writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  return key;
}
