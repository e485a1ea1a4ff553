// npm run dev: the API with reload on port 3000 and Vite's dev server (hot reload) on 5173,
// which forwards /api to it. The server's JSON log lines go through pino-pretty, so a person
// reads them; production keeps JSON for log collectors. Ctrl-C stops all of it.
import { spawn } from 'node:child_process';

const server = spawn('npx', ['tsx', 'watch', 'src/server/server.ts'], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, PORT: '3000' },
});
const pretty = spawn(
  'npx',
  ['pino-pretty', '--translateTime', 'SYS:HH:MM:ss', '--ignore', 'pid,hostname'],
  { stdio: ['pipe', 'inherit', 'inherit'] },
);
server.stdout.pipe(pretty.stdin);
const children = [server, pretty, spawn('npx', ['vite'], { stdio: 'inherit' })];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
