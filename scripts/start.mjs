// `npm start`: builds the web app when its build is missing or older than its sources, then runs the server
// (API, web app and, once it lands, the NTRIP caster) in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = 'apps/web';
const built = join(web, 'dist/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', '../../packages/shared/src'].map((p) => join(web, p));
const isStale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;

if (isStale) {
  // Quiet unless it fails: a newcomer's first start is a few lines, not the bundler's hundreds (issue 30).
  process.stdout.write('Building the web app (a minute or two the first time)… ');
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '-w', '@fixpoint/web'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // Colours as if the bundler wrote to this terminal itself (its output is piped); none into a file.
    env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
  });
  if (build.status !== 0) {
    process.stdout.write('failed:\n');
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    if (build.error) console.error(build.error.message);
    process.exit(build.status ?? 1);
  }
  process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
