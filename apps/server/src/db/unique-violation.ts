/** True for a unique-constraint failure on either engine (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, errcode, message } = err as { code?: unknown; errcode?: unknown; message?: unknown };
  return (
    code === '23505' ||
    errcode === 2067 ||
    (typeof message === 'string' && message.includes('UNIQUE constraint failed'))
  );
}
