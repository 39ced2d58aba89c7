import { spawn } from 'node:child_process';

// `npm run dev`: the API (restarted on change) on :3000 and Vite's dev server with hot reload
// on :5173, which proxies /api, /sandbox and /socket.io to the API. Ctrl-C stops both.
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '3000' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => { for (const c of children) c.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
