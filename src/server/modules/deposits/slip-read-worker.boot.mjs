// The slip reading thread's entry. The server runs TypeScript through tsx (npm start, and vitest
// in tests); a worker thread starts as plain Node, so it loads its TypeScript body through tsx's API.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
