/** `npm run dev`: the API server (restarting on change) on 3001 and Vite with hot reload on 3000. */
import { spawn, type ChildProcess } from 'node:child_process';

const serverPort = process.env.KOSH_DEV_SERVER_PORT ?? '3001';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: serverPort },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, KOSH_DEV_SERVER_PORT: serverPort } }),
];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children)
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
