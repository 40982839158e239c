// A read worker (docs/decisions/0005): one read-only connection to the SQLite file, answering the
// SELECTs the main thread sends, one at a time. WAL lets it read beside the writer on the main
// thread, and it sees every transaction committed before its query starts.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from './sqlite-executor.ts';
import type { ReadReply, ReadRequest } from './sqlite-read-pool.ts';

const port = parentPort;
if (!port) throw new Error('sqlite-read-worker.ts runs as a worker thread');
const connection = openSqlite((workerData as { fileName: string }).fileName, { readOnly: true });

port.on('message', (request: ReadRequest | 'close') => {
  if (request === 'close') {
    connection.close();
    port.close();
    return;
  }
  let reply: ReadReply;
  try {
    reply = { id: request.id, rows: connection.run(request.sql, request.parameters).rows };
  } catch (err) {
    const { message, code, errcode } = err as { message?: unknown; code?: unknown; errcode?: unknown };
    reply = { id: request.id, error: { message: String(message), code, errcode } };
  }
  port.postMessage(reply);
});
