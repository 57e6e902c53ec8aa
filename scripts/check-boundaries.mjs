// Keeps the architecture one-way (docs/ARCHITECTURE.md): each workspace may import only the workspaces listed
// for it, by package name or by relative path. Runs in `npm run lint`, so `npm test` fails on a wrong import.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const allowed = {
  'apps/web': ['packages/shared'],
  'apps/server': ['packages/shared', 'packages/db', 'packages/rtcm', 'apps/caster'],
  'apps/caster': ['packages/shared', 'packages/db', 'packages/rtcm'],
  'packages/db': [],
  'packages/rtcm': [],
  'packages/shared': [],
};
const packageDirs = Object.fromEntries(
  Object.keys(allowed).map((dir) => {
    try {
      return [JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name, dir];
    } catch {
      return [`(missing ${dir})`, dir];
    }
  }),
);

const importPattern =
  /(?:^|[\s;])(?:import|export)\b[^'"`]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) yield path;
  }
}

function workspaceOf(path) {
  const rel = relative(process.cwd(), path).split(sep).join('/');
  return Object.keys(allowed).find((dir) => rel === dir || rel.startsWith(`${dir}/`));
}

const problems = [];
for (const [workspace, may] of Object.entries(allowed)) {
  for (const file of sourceFiles(join(workspace, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      let target;
      if (specifier.startsWith('.')) target = workspaceOf(resolve(dirname(file), specifier));
      else if (specifier.startsWith('@fixpoint/')) target = packageDirs[specifier.split('/').slice(0, 2).join('/')];
      if (target && target !== workspace && !may.includes(target)) {
        problems.push(
          `${file}: imports ${specifier} (${target}); ${workspace} may import only ${may.join(', ') || 'nothing of ours'}`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Architecture boundaries broken:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('boundaries: ok');
