// The import rules between Skald's parts (docs/ARCHITECTURE.md, "Import rules"), checked by
// eslint-plugin-boundaries. apps/server/test/architecture/import-rules.test.ts shows each one
// failing on a deliberately bad import.
import type { Linter } from 'eslint';
import boundariesModule, { type PluginBoundaries } from 'eslint-plugin-boundaries';

// The package is CommonJS: Node's default import is the plugin itself, while its types (written for
// a bundler's interop) describe the module around it.
const boundaries = boundariesModule as unknown as PluginBoundaries;

const SERVER = 'apps/server/src';

/** The parts of the repository, as the rules name them (the first pattern that matches wins). */
const elements = [
  { type: 'domain', pattern: 'packages/domain/src' },
  { type: 'web', pattern: 'apps/web/src' },
  // The platform: what every process stands on. It knows no feature.
  {
    type: 'engine',
    pattern: `${SERVER}/(db|jobs|storage|media|search|lib|plugins|access|identity)`,
    capture: ['name'],
  },
  { type: 'feature', pattern: `${SERVER}/modules/*`, capture: ['name'] },
  { type: 'composition', pattern: `${SERVER}/(composition|seed)` },
  // The files at the top of the server: app.ts, the composition roots and the configuration.
  { type: 'server', pattern: SERVER },
];

const files = [
  { category: 'repository', pattern: '**/*.repository.ts' },
  { category: 'routes', pattern: '**/*.routes.ts' },
  // app.ts declares the App type every route module names; that one import is allowed.
  { category: 'app', pattern: `${SERVER}/app.ts` },
  { category: 'root', pattern: `${SERVER}/(services|main.api|main.worker).ts` },
  { category: 'config', pattern: `${SERVER}/config.ts` },
];

/** Pure libraries the domain may use; it is shared with the browser and does no I/O. */
const DOMAIN_LIBRARIES = ['zod', 'vitest'];

const policies = [
  {
    from: { element: { type: 'domain' } },
    disallow: { to: { element: { type: '!domain' } } },
    message: 'packages/domain imports only its own files: it is shared with the web and does no I/O',
  },
  {
    from: { element: { type: 'domain' } },
    disallow: { to: { module: { origin: 'core' } } },
    message: 'packages/domain does no I/O: no Node built-ins',
  },
  {
    from: { element: { type: 'domain' } },
    disallow: { to: { module: { origin: 'external', source: `!(${DOMAIN_LIBRARIES.join('|')})` } } },
    message: `packages/domain uses only pure libraries (${DOMAIN_LIBRARIES.join(', ')}); add one to eslint.boundaries.ts when it is one`,
  },
  {
    from: { element: { type: 'web' } },
    disallow: { to: { element: { types: ['engine', 'feature', 'composition', 'server'] } } },
    message: 'The web imports nothing from the server: the API is its contract',
  },
  {
    from: { element: { type: 'engine' } },
    disallow: [
      { to: { element: { types: ['feature', 'composition'] } } },
      { to: { element: { type: 'server' }, file: { categories: ['app', 'root'] } } },
    ],
    message: 'An engine ({{from.element.captured.name}}) imports no feature module: pass what it needs in',
  },
  {
    from: { element: { type: 'feature' } },
    disallow: {
      to: {
        element: { type: 'feature', captured: { name: '!{{from.element.captured.name}}' } },
        file: { categories: ['repository', 'routes'] },
      },
    },
    message:
      'The {{from.element.captured.name}} module reaches {{to.element.captured.name}} through its service or an interface, never its repository or routes',
  },
  {
    from: { element: { type: 'feature', captured: { name: 'items' } } },
    disallow: { to: { element: { type: 'feature', captured: { name: 'processing' } } } },
    message:
      'items imports nothing from processing: it declares ItemProcessing, the composition root wires it',
  },
  {
    from: { element: { type: 'feature' } },
    disallow: [
      { to: { element: { type: 'composition' } } },
      { to: { element: { type: 'server' }, file: { categories: 'root' } } },
      { to: { element: { type: 'server' }, file: { categories: 'app' } }, dependency: { kind: 'value' } },
    ],
    message:
      'A feature module is handed its dependencies: it imports no composition root (from app.ts, only the App type)',
  },
];

export default [
  {
    files: ['packages/domain/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', `${SERVER}/**/*.ts`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/legacy-templates': false,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies }],
    },
  },
] satisfies Linter.Config[];
