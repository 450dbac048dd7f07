#!/usr/bin/env node
// Code-shape figures of issue 34 ("one home, one shape"): source files over 400 lines, functions over 150
// lines, route files that import the database layer. Test files, e2e, benches and generated migrations are
// not counted. `node scripts/code-metrics.mjs` prints the figures; `--list` also names the offenders.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const list = process.argv.includes('--list');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
  .filter((f) => !/\.test\.tsx?$|\.e2e\.ts$|(^|\/)(test|e2e|bench|migrations)\//.test(f))
  .filter((f) => !/^e2e\/|test-fixtures\.ts$/.test(f));

const bigFiles = [];
const bigFunctions = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > 400) bigFiles.push([lines, file]);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const span = end - start + 1;
      if (span > 150) {
        let name = node.name?.getText(source);
        if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText(source);
        bigFunctions.push([span, `${file}:${start + 1} ${name ?? '(anonymous)'}`]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const routeFiles = files.filter((f) => /\.routes\.ts$/.test(f));
const routesWithDb = routeFiles.filter((f) =>
  /from ['"](\.\.\/)+(db\/|lib\/sql)|from ['"]drizzle-orm/.test(readFileSync(f, 'utf8')),
);

const show = (title, rows) => {
  console.log(`${title}: ${rows.length}`);
  if (list)
    for (const [n, what] of rows.sort((a, b) => b[0] - a[0])) console.log(`  ${String(n).padStart(5)}  ${what}`);
};
show('source files over 400 lines', bigFiles);
show('functions over 150 lines', bigFunctions);
console.log(`  of them over 300 lines: ${bigFunctions.filter(([n]) => n > 300).length}`);
console.log(`  of them in apps/web: ${bigFunctions.filter(([, w]) => w.startsWith('apps/web/')).length}`);
console.log(`route files importing the database layer: ${routesWithDb.length} of ${routeFiles.length}`);
if (list) for (const f of routesWithDb) console.log(`  ${f}`);
