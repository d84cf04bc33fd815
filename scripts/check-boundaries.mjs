// `npm run lint` (and `npm test`) fail when an import crosses a boundary the code relies on:
// - web: a feature never imports another feature (apps/web/src/features/<f>/); the shared kit
//   (components/, lib/) never imports a feature or the app shell;
// - api: a module uses another module only through its service (apps/api/src/modules/<m>/).
// Relative imports only (the code has no aliases). Prints each crossing; exits 1 if any.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const webSrc = path.join(root, 'apps/web/src');
const apiModules = path.join(root, 'apps/api/src/modules');

const importRe = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) yield full;
  }
}

function* importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(importRe)) yield path.resolve(path.dirname(file), match[1]);
}

/** The first folder of `target` below `base`, or undefined when it is not below it. */
const topFolder = (base, target) => {
  const relative = path.relative(base, target);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
};

const problems = [];
const features = path.join(webSrc, 'features');
for (const file of sourceFiles(webSrc)) {
  const own = topFolder(features, file);
  const area = topFolder(webSrc, file);
  for (const target of importsOf(file)) {
    const feature = topFolder(features, target);
    const targetArea = topFolder(webSrc, target);
    const where = path.relative(root, file);
    if (own && feature && feature !== own) {
      problems.push(
        `${where}: the ${own} feature imports the ${feature} feature (${path.relative(webSrc, target)})`,
      );
    }
    if ((area === 'components' || area === 'lib') && (targetArea === 'features' || targetArea === 'app')) {
      problems.push(`${where}: the shared ${area}/ imports ${path.relative(webSrc, target)}`);
    }
  }
}

for (const file of sourceFiles(apiModules)) {
  if (/\.test\.ts$/.test(file)) continue; // tests may set up any module's data
  const own = topFolder(apiModules, file);
  for (const target of importsOf(file)) {
    const other = topFolder(apiModules, target);
    if (!other || other === own || target.endsWith('.service.ts')) continue;
    problems.push(
      `${path.relative(root, file)}: the ${own} module reaches into ${path.relative(apiModules, target)} (use its service)`,
    );
  }
}

if (problems.length) {
  console.error(
    `Boundaries crossed (scripts/check-boundaries.mjs):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('Boundaries: no feature imports another; API modules meet through services.');
