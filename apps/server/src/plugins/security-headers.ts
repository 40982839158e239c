import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * What the web app (and the OpenAPI page at /api/docs) loads, and nothing else: everything comes
 * from this origin; scripts only from files (Vite emits no inline script); styles also inline,
 * since Mantine writes its CSS variables into a <style> tag and its style props into style
 * attributes; images also as data: (the MFA QR code, Swagger UI's icons) and blob: (the upload
 * dashboard's previews); media also as blob:, which is how hls.js feeds the player (MediaSource).
 * hls.js's ES module build transmuxes on the main thread, so workers stay 'self' (the browser
 * test e2e/security-headers.e2e.ts would see a refused blob: worker). No page may be framed,
 * unless `frameAncestors` names the origins that may (the editing-tool layouts, below).
 */
function contentSecurityPolicy(https: boolean, frameAncestors: readonly string[] = []): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': frameAncestors.length > 0 ? [...frameAncestors] : ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'manifest-src': ["'self'"],
    // On plain http (a laptop, the tests) upgrading would point the browser at a port that is not there.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** A policy as the header writes it (helmet's form: `name value…` joined by `;`). */
const serialized = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');

/**
 * Spec §2's layouts for an editing tool's panel: /export and /browse, and the paths under them.
 * Only their page (the web app's HTML) may be framed; the API, media and every other page not.
 */
const PANEL_PATH = /^\/(?:export|browse)(?:\/[^?]*)?(?:\?.*)?$/;

const isPanelPage = (request: FastifyRequest, contentType: unknown): boolean =>
  request.method === 'GET' &&
  PANEL_PATH.test(request.url) &&
  typeof contentType === 'string' &&
  contentType.startsWith('text/html');

/**
 * Security headers on every answer (the web app's files, the API, errors, media) through helmet.
 * HSTS only when PUBLIC_URL is https: a browser told so about an http deployment could not reach
 * it again. The Referrer-Policy is same-origin rather than helmet's no-referrer because browsers
 * send `Origin: null` on a same-origin POST under no-referrer, and the cross-origin guard
 * (same-origin.ts) reads Origin where Sec-Fetch-Site is missing.
 *
 * `frameAncestors` (FRAME_ANCESTORS, docs/API.md "Security headers"): the origins whose pages may
 * frame the /export and /browse page. That page then says so in its CSP and has no
 * X-Frame-Options (which knows no list of origins); every other answer keeps DENY and 'none'.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  frameAncestors: readonly string[] = [],
): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  if (frameAncestors.length === 0) return;
  const panelPolicy = serialized(contentSecurityPolicy(https, frameAncestors));
  // helmet wrote its headers on the raw answer as the request arrived; the page is known only now.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPanelPage(request, reply.getHeader('content-type'))) {
      reply.raw.removeHeader('x-frame-options');
      reply.raw.setHeader('content-security-policy', panelPolicy);
    }
    return payload;
  });
}
