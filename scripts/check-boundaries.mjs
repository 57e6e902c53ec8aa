// Keeps the architecture one-way (docs/ARCHITECTURE.md): each workspace may import only the workspaces listed
// for it, by package name or by relative path. Runs in `npm run lint`, so `npm test` fails on a wrong import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

// ---- Server modules form a graph without cycles (docs/decisions/0068) ----
// Each apps/server/src/modules/<name> is one node; every other server file (lib/, plugins/, i18n/, …) is a node of
// its own, so a cycle that runs through a plugin or a helper counts too. Type-only imports count: they are a
// dependency all the same. Tests are left out (a module's test may build the whole app). Where one module must
// tell another that something happened, it takes a hook at wiring time (app.ts) instead of importing it back.
const serverSrc = 'apps/server/src';
const serverUnitOf = (path) => {
  const rel = relative(serverSrc, path).split(sep).join('/');
  if (rel.startsWith('..')) return undefined;
  return rel.match(/^modules\/[^/]+/)?.[0] ?? rel;
};
const resolveSource = (path) =>
  [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')].find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
/** unit -> unit -> the first import that makes the edge ("file imports specifier"). */
const serverEdges = new Map();
for (const file of sourceFiles(serverSrc)) {
  if (/\.test\.ts$/.test(file)) continue;
  const from = serverUnitOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier.startsWith('.')) continue;
    const target = resolveSource(resolve(dirname(file), specifier));
    const to = target && serverUnitOf(target);
    if (!to || to === from) continue;
    if (!serverEdges.has(from)) serverEdges.set(from, new Map());
    const edges = serverEdges.get(from);
    if (!edges.has(to)) edges.set(to, `${relative(serverSrc, file).split(sep).join('/')} imports ${specifier}`);
  }
}
/** The shortest way back from `start` to itself, as the list of units it passes, or undefined. */
function shortestCycle(start) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const unit = queue.shift();
    for (const next of serverEdges.get(unit)?.keys() ?? []) {
      if (next === start) {
        const path = [unit];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]));
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, unit);
        queue.push(next);
      }
    }
  }
  return undefined;
}
const cyclesSeen = new Set();
for (const unit of [...serverEdges.keys()].filter((u) => u.startsWith('modules/')).sort()) {
  const cycle = shortestCycle(unit);
  if (!cycle) continue;
  const key = [...cycle.slice(1)].sort().join(' ');
  if (cyclesSeen.has(key)) continue;
  cyclesSeen.add(key);
  const imports = cycle.slice(1).map((to, i) => serverEdges.get(cycle[i]).get(to));
  problems.push(
    `${serverSrc}: server modules import each other in a cycle, ${cycle.join(' -> ')}: ${imports.join('; ')}`,
  );
}
// ---- end of server modules ----

// --- Web layers (docs/decisions/0067) -------------------------------------------------------------------------------
// apps/web/src, top to bottom: the entry points (main.tsx, prerender.tsx and its test, testing/) and app/ (router,
// providers, the shell, the dashboard) may import anything; a feature (features/<name>/) imports no other feature and
// not app/; everything else is shared (components/, session/, api/, lib/, config/, styles/) and imports no feature
// and not app/.
const webSrc = 'apps/web/src';
const webEntryPoints = new Set(['main.tsx', 'prerender.tsx', 'prerender.test.tsx']);
/** The layer of a path inside apps/web/src: 'entry', 'app', 'features/<name>' or 'shared'. */
function webLayerOf(relPath) {
  const [top, second] = relPath.split('/');
  if (webEntryPoints.has(relPath) || top === 'testing') return 'entry';
  if (top === 'app') return 'app';
  if (top === 'features') return `features/${second}`;
  return 'shared';
}
for (const file of sourceFiles(webSrc)) {
  const layer = webLayerOf(relative(webSrc, file).split(sep).join('/'));
  if (layer === 'entry' || layer === 'app') continue;
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier.startsWith('.')) continue;
    const targetRel = relative(webSrc, resolve(dirname(file), specifier))
      .split(sep)
      .join('/');
    if (targetRel.startsWith('..')) continue;
    const target = webLayerOf(targetRel);
    if (target === layer || target === 'shared') continue;
    if (target === 'entry' && !/(^|[-.])test[-.]/.test(file.split(sep).pop())) {
      problems.push(
        `${file}: imports ${specifier} (${targetRel}); only tests and their helpers import the entry points`,
      );
    } else if (layer.startsWith('features/') && target.startsWith('features/')) {
      problems.push(
        `${file}: imports ${specifier} (${target}); a feature imports no other feature: move what both need to a ` +
          'shared layer, or compose them in app/ (decision 0067)',
      );
    } else if (target !== 'entry') {
      const who = layer === 'shared' ? 'shared code' : `${layer}`;
      problems.push(`${file}: imports ${specifier} (${target}); ${who} may not import ${target} (decision 0067)`);
    }
  }
}
// --- end of web layers ------------------------------------------------------------------------------------------------

if (problems.length > 0) {
  console.error(`Architecture boundaries broken:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('boundaries: ok');
