// The JavaScript of the web app's first load (issue 10 §7), read from a fresh `npm run build`:
// everything index.html makes the browser fetch before first paint (its entry <script type=module>,
// every <link rel=modulepreload>, and the static imports they pull in according to Vite's build
// manifest, in case a preload is missing), gzipped at level 9 as a server sending precompressed
// assets (`gzip -9`) would. Then what the search page adds after sign-in: the router's lazy chunks
// for the signed-in layout and the search route, with their static imports, minus what the first
// load already holds (lazy parts those screens load later, such as the player or the upload
// dashboard, are not counted). Sizes in kB of 1000 bytes. Fails above the budget of 200 kB.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const GZIP_LEVEL = 9;
const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
// The source modules the router loads lazily once a signed-in user opens `/` (see router.tsx).
const SIGNED_IN_SEARCH = ['src/layouts/MainLayout.tsx', 'src/features/search/SearchPage.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Asset {
  file: string;
  gzipped: number;
}

if (!existsSync(MANIFEST)) {
  console.error(`${MANIFEST} is missing: run \`npm run build\` first (vite.config.ts sets build.manifest).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];
}

/** The manifest keys of the scripts index.html loads or preloads. */
function keysInIndexHtml(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (attribute(tag, 'type') === 'module' && src) urls.push(src);
    else if (!src) throw new Error(`index.html has an inline script; count it here: ${tag}`);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel') === 'modulepreload' && href) urls.push(href);
  }
  return urls.map((url) => {
    const key = keyOfFile.get(url.replace(/^\//, ''));
    if (!key) throw new Error(`index.html loads ${url}, which the build manifest does not list`);
    return key;
  });
}

/** The given chunks and every chunk they import statically, transitively. */
function withStaticImports(keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

function gzipped(file: string): Asset {
  return { file, gzipped: gzipSync(readFileSync(path.join(DIST, file)), { level: GZIP_LEVEL }).length };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const total = (assets: readonly Asset[]) => assets.reduce((sum, asset) => sum + asset.gzipped, 0);

function report(title: string, keys: ReadonlySet<string>): number {
  const scripts = [...keys].map((key) => gzipped(manifest[key]?.file ?? key));
  const styles = [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))].map(gzipped);
  scripts.sort((a, b) => b.gzipped - a.gzipped);
  console.log(title);
  const listed = scripts.filter((asset) => asset.gzipped >= 1000);
  for (const asset of listed) console.log(`${kB(asset.gzipped).padStart(8)} kB  ${asset.file}`);
  const rest = scripts.slice(listed.length);
  if (rest.length > 0)
    console.log(`${kB(total(rest)).padStart(8)} kB  ${rest.length} chunks under 1 kB each`);
  const sum = total(scripts);
  console.log(`  = ${kB(sum)} kB of gzipped JavaScript in ${scripts.length} files`);
  console.log(
    `    (and ${kB(total(styles))} kB of gzipped CSS in ${styles.length} files, outside the budget)`,
  );
  return sum;
}

const firstLoad = withStaticImports(keysInIndexHtml());
const firstLoadBytes = report(
  `First load: index.html's module script, its modulepreloads and their static imports (gzip -${GZIP_LEVEL})`,
  firstLoad,
);
console.log();
const searchPage = new Set([...withStaticImports(SIGNED_IN_SEARCH)].filter((key) => !firstLoad.has(key)));
report(
  `Added after sign-in by the signed-in layout and the search page (${SIGNED_IN_SEARCH.join(', ')})`,
  searchPage,
);
console.log();

if (firstLoadBytes > BUDGET_KB * 1000) {
  console.error(
    `FAIL: the first load is ${kB(firstLoadBytes)} kB gzipped, over the budget of ${BUDGET_KB} kB.`,
  );
  process.exit(1);
}
console.log(`OK: the first load is ${kB(firstLoadBytes)} kB gzipped, within the budget of ${BUDGET_KB} kB.`);
