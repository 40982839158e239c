import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the web app (and the OpenAPI page at /api/docs) loads, and nothing else: everything comes
 * from this origin; scripts only from files (Vite emits no inline script); styles also inline,
 * since Mantine writes its CSS variables into a <style> tag and its style props into style
 * attributes; images also as data: (the MFA QR code, Swagger UI's icons) and blob: (the upload
 * dashboard's previews); media also as blob:, which is how hls.js feeds the player (MediaSource).
 * hls.js's ES module build transmuxes on the main thread, so workers stay 'self' (the browser
 * test e2e/security-headers.e2e.ts would see a refused blob: worker).
 */
function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
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

/**
 * Security headers on every answer (the web app's files, the API, errors, media) through helmet.
 * HSTS only when PUBLIC_URL is https: a browser told so about an http deployment could not reach
 * it again. The Referrer-Policy is same-origin rather than helmet's no-referrer because browsers
 * send `Origin: null` on a same-origin POST under no-referrer, and the cross-origin guard
 * (same-origin.ts) reads Origin where Sec-Fetch-Site is missing.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
