/**
 * A media file that cannot be processed. The message is user-facing English (a job's error message
 * shows it as it is); `detail` carries what an operator needs (the tool's exit and stderr tail,
 * a library's own message) and is for logs only, since it can hold paths.
 */
export class MediaError extends Error {
  override readonly name = 'MediaError';
  readonly detail: string | undefined;

  constructor(message: string, options: { detail?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.detail = options.detail;
  }
}
