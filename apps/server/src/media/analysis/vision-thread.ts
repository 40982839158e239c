/**
 * The vision engine's thread: @vladmandic/human on TensorFlow.js's WebAssembly backend, loaded once
 * and kept warm between pictures (docs/ANALYSIS.md). It finds faces (box, score, 1024-d
 * descriptor) and COCO objects (centernet) in decoded RGB pictures the main thread sends.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort } from 'node:worker_threads';
import { niceThisThread } from '../niceness.ts';
import type { Sighting, VisionRequest } from './vision-protocol.ts';

const require = createRequire(import.meta.url);
// The package's `exports` map names no Node build without tfjs-node: its WebAssembly build is
// required by path, from the folder the map's `require` entry resolves into.
const humanDir = path.dirname(path.dirname(require.resolve('@vladmandic/human')));
const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep);

interface HumanResult {
  face: { box: [number, number, number, number]; boxScore: number; embedding?: number[] }[];
  object: { label: string; score: number; box: [number, number, number, number] }[];
}
interface HumanEngine {
  load(): Promise<void>;
  detect(input: unknown, config: object): Promise<HumanResult>;
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
  };
}
const { Human } = require(path.join(humanDir, 'dist', 'human.node-wasm.js')) as {
  Human: new (config: object) => HumanEngine;
};

// Node's fetch refuses file: URLs, and the engine fetches its models and the backend's .wasm: this
// thread's fetch reads those from disk (only inside the two package folders), the rest as before.
const webFetch = globalThis.fetch;
const allowed = [humanDir, path.dirname(wasmDir)].map((d) => path.join(d, path.sep));
globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  if (!url.startsWith('file:')) return webFetch(input, init);
  const file = path.resolve(fileURLToPath(url));
  if (!allowed.some((dir) => file.startsWith(dir))) return new Response(null, { status: 404 });
  return new Response(await readFile(file), {
    headers: file.endsWith('.wasm') ? { 'content-type': 'application/wasm' } : {},
  });
};

const MIN_FACE_SCORE = 0.3;
const MIN_OBJECT_SCORE = 0.3;
const MAX_FACES = 50;
const MAX_OBJECTS = 30;

const human = new Human({
  backend: 'wasm',
  wasmPath: pathToFileURL(wasmDir).href,
  modelBasePath: pathToFileURL(path.join(humanDir, 'models', path.sep)).href,
  debug: false,
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: MAX_FACES, minConfidence: MIN_FACE_SCORE, return: false },
    mesh: { enabled: true },
    iris: { enabled: false },
    description: { enabled: true },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  object: {
    enabled: true,
    modelPath: 'centernet.json',
    minConfidence: MIN_OBJECT_SCORE,
    maxDetected: MAX_OBJECTS,
  },
  body: { enabled: false },
  hand: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
});
// Analysis gives way to transcoding: once loaded, the engine's thread (and any it starts) is as
// nice as the analysis tools, or a proxy rendered beside it would share the processors equally.
// Not before: loading reads files through libuv's pool, whose threads, shared by the whole process,
// would inherit the niceness if this thread started them.
const loaded = human.load().then(() => {
  if (!isMainThread) niceThisThread();
});

/**
 * The engine on one decoded picture, in the thread that calls it (this thread's message handler;
 * bench/analysis.ts calls it bare on its own thread to measure the thread's overhead).
 */
export async function detectPixels(request: Omit<VisionRequest, 'id'>): Promise<Sighting> {
  await loaded;
  const picture = human.tf.tensor3d(request.pixels, [request.height, request.width, 3], 'int32');
  try {
    const result = await human.detect(picture, {
      face: { enabled: request.faces },
      object: { enabled: request.objects },
    });
    return {
      faces: result.face
        .filter((f) => f.embedding && f.embedding.length > 0)
        .map((f) => ({ box: f.box, score: f.boxScore, descriptor: f.embedding ?? [] })),
      objects: result.object.map((o) => ({ label: o.label, score: o.score, box: o.box })),
    };
  } finally {
    picture.dispose();
  }
}

parentPort?.on('message', (request: VisionRequest) => {
  detectPixels(request).then(
    (reply) => parentPort?.postMessage({ id: request.id, ...reply }),
    (err: unknown) => parentPort?.postMessage({ id: request.id, error: String(err) }),
  );
});
