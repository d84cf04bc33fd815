// `npm run lint` (and `npm test`) fail when an import crosses a boundary the code relies on:
// - web (apps/web/src/):
//   - a feature (features/<f>/) never imports another feature, nor the app shell (app/);
//   - the shared kit (components/, lib/) never imports a feature or the app shell;
// - api (apps/api/src/):
//   - a module (modules/<m>/) uses another module only through its *.service.ts (its tests may
//     set up any module's data, but through services too: see the next rule);
//   - a module's repository (*.repo.ts) is imported only by files of that module (its service,
//     routes, other parts, its own tests): not by another module, the seed, the CLI, test helpers,
//     security tests, bench/, e2e/ or scripts/;
//   - the infrastructure (lib/, db/) never imports a module: what joins modules lives at the root
//     (app.ts, reactions.ts, cpu-tasks.ts);
// - no import cycle among the files of apps/api/src and apps/web/src. Only runtime imports count:
//   `import type` and `export type` are erased at build time, so they are left out; so are dynamic
//   `import()`s, which load after the importer has run (they are how a cycle is broken on purpose).
// Imports are relative with explicit extensions (the code has no aliases); an index file or a
// missing .ts/.tsx/.mjs is resolved all the same. Prints each crossing and each cycle once
// (a → b → a); exits 1 if any.
// `node scripts/check-boundaries.mjs [root]`: root defaults to the repository (the test points it
// at scripts/fixtures/boundaries/).
import fs from 'node:fs';
import path from 'node:path';
import { root as repoRoot } from './lib.mjs';

const root = path.resolve(process.argv[2] ?? repoRoot);
const webSrc = path.join(root, 'apps/web/src');
const webFeatures = path.join(webSrc, 'features');
const apiSrc = path.join(root, 'apps/api/src');
const apiModules = path.join(apiSrc, 'modules');
/** Where relative imports are read: both apps, and the code that drives the API from outside. */
const scanned = [webSrc, apiSrc, ...['bench', 'e2e', 'scripts'].map((dir) => path.join(root, dir))];
const skipped = new Set(['node_modules', 'dist', path.join(root, 'scripts/fixtures')]);

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (skipped.has(entry.name) || skipped.has(full)) continue;
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) yield full;
  }
}

// `import … from`, `export … from` and `import '…'` at the start of a line (group 1: `type`, group 2:
// the path), and a dynamic `import('…')` anywhere.
const staticImportRe = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s*from\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const dynamicImportRe = /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The file an import names: as written, else with an extension or as a folder's index file. */
function resolve(from, specifier) {
  const target = path.resolve(path.dirname(from), specifier);
  const extensions = ['.ts', '.tsx', '.mjs'];
  const candidates = [
    target,
    ...extensions.map((ext) => target + ext),
    ...extensions.map((ext) => path.join(target, `index${ext}`)),
  ];
  return candidates.find((c) => fs.statSync(c, { throwIfNoEntry: false })?.isFile()) ?? target;
}

/** The relative imports of `file`: { target, runtime } (false for type-only and dynamic ones). */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  return [
    ...[...text.matchAll(staticImportRe)].map((m) => ({ target: resolve(file, m[2]), runtime: !m[1] })),
    ...[...text.matchAll(dynamicImportRe)].map((m) => ({ target: resolve(file, m[1]), runtime: false })),
  ];
}

/** The first folder of `target` below `base`, or undefined when it is not below it. */
function topFolder(base, target) {
  const relative = path.relative(base, target);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
}

const isTest = (file) => /\.test\.(ts|tsx|mjs)$/.test(file);

/** Why importing `target` from `file` crosses a boundary, or undefined when it may. */
function crossing(file, target) {
  const shown = (base, p) => path.relative(base, p);
  const feature = topFolder(webFeatures, file);
  const targetFeature = topFolder(webFeatures, target);
  const area = topFolder(webSrc, file);
  const targetArea = topFolder(webSrc, target);
  if (feature && targetFeature && targetFeature !== feature) {
    return `the ${feature} feature imports the ${targetFeature} feature (${shown(webSrc, target)})`;
  }
  if (feature && targetArea === 'app') {
    return `the ${feature} feature imports the app shell (${shown(webSrc, target)})`;
  }
  if ((area === 'components' || area === 'lib') && (targetArea === 'features' || targetArea === 'app')) {
    return `the shared ${area}/ imports ${shown(webSrc, target)}`;
  }

  const module = topFolder(apiModules, file);
  const targetModule = topFolder(apiModules, target);
  if (targetModule && targetModule !== module) {
    if (target.endsWith('.repo.ts')) {
      return `imports the ${targetModule} module's repository (${shown(apiModules, target)}): use its service`;
    }
    if (module && !isTest(file) && !target.endsWith('.service.ts')) {
      return `the ${module} module reaches into ${shown(apiModules, target)} (use its service)`;
    }
    const apiArea = topFolder(apiSrc, file);
    if (apiArea === 'lib' || apiArea === 'db') {
      return `the infrastructure (${apiArea}/) imports the ${targetModule} module (${shown(apiModules, target)})`;
    }
  }
  return undefined;
}

/** Each import cycle once, as a chain of files (the first repeated at the end), from a depth-first walk. */
function cyclesOf(graph) {
  const cycles = [];
  const state = new Map(); // file → 'open' while on the walk's path, 'done' once left
  const trail = [];
  const visit = (file) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

function checkBoundaries() {
  const problems = [];
  const graph = new Map(); // each file of the apps → the files it imports at run time
  for (const dir of scanned) {
    for (const file of sourceFiles(dir)) {
      const inApps = topFolder(webSrc, file) !== undefined || topFolder(apiSrc, file) !== undefined;
      const edges = new Set();
      for (const { target, runtime } of importsOf(file)) {
        const problem = crossing(file, target);
        if (problem) problems.push(`${path.relative(root, file)}: ${problem}`);
        if (inApps && runtime) edges.add(target);
      }
      if (inApps) graph.set(file, [...edges].sort());
    }
  }
  for (const cycle of cyclesOf(graph)) {
    problems.push(`import cycle: ${cycle.map((f) => path.relative(root, f)).join(' → ')}`);
  }
  return problems;
}

const problems = checkBoundaries();
if (problems.length) {
  console.error(
    `Boundaries crossed (scripts/check-boundaries.mjs):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  'Boundaries: features stay apart, API modules meet through services, repositories stay in their module, no import cycle.',
);
