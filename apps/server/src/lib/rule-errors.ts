import { MESSAGES, type MessageKey } from '@skald/domain';
import { AppError, type FieldError } from '../plugins/errors.ts';

const KEY_OF = new Map<string, MessageKey>(
  Object.entries(MESSAGES).map(([key, text]) => [text, key as MessageKey]),
);

/**
 * A 400 carrying every error a domain rule check found, each at its field; the spec's messages also
 * carry their catalogue key so a client can say them in its own language.
 */
export function ruleErrors(errors: readonly { field: string; message: string }[]): AppError {
  const details: FieldError[] = errors.map(({ field, message }) => {
    const messageId = KEY_OF.get(message);
    return messageId === undefined ? { field, message } : { field, message, messageId, params: {} };
  });
  return new AppError('bad_request', errors[0]?.message ?? 'Bad request', details);
}
