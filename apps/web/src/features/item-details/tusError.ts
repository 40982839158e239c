/**
 * The server's answer inside the error of a failed tus request. tus-js-client (inside Uppy) folds
 * it into its error text: "…, response code: 403, response text: {"error":{…}}, request id: n/a)".
 * Null when the text carries no answer (the request never got one: a network failure).
 */
export function tusAnswer(text: string): { status: number; body: string } | null {
  const match = /response code: (\d+), response text: ([\s\S]*), request id: /.exec(text);
  if (!match) return null;
  return { status: Number(match[1]), body: match[2] ?? '' };
}
