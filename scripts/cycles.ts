// npm run lint:cycles — no import circle in server/, src/ or contract/, type imports included.
// ESLint's import-x/no-cycle skips `import type`, which still ties two modules together for a
// reader (and for madge --circular): this walks every static import and re-export with
// TypeScript's own pre-processor and resolver, and prints each circle it finds (Tarjan's strongly
// connected components). Dynamic import() is a load-time split, not a tie: it is not followed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const folders = ['server', 'src', 'contract'];
const options: ts.CompilerOptions = {
  module: ts.ModuleKind.Preserve,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
};

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const files = folders.flatMap((folder) => sources(join(root, folder)));
const inTree = new Set(files);
const edges = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
  const targets = importedFiles
    .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
    .filter((target): target is string => target !== undefined && inTree.has(target));
  edges.set(file, [...new Set(targets)]);
}

// Tarjan's algorithm, iterative over an explicit stack (the tree is deep enough to matter).
const index = new Map<string, number>();
const low = new Map<string, number>();
const onStack = new Set<string>();
const stack: string[] = [];
const circles: string[][] = [];
let counter = 0;
for (const start of files) {
  if (index.has(start)) continue;
  const work: { file: string; next: number }[] = [{ file: start, next: 0 }];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1]!;
    const targets = edges.get(frame.file)!;
    if (frame.next < targets.length) {
      const target = targets[frame.next++]!;
      if (!index.has(target)) {
        index.set(target, counter);
        low.set(target, counter++);
        stack.push(target);
        onStack.add(target);
        work.push({ file: target, next: 0 });
      } else if (onStack.has(target)) {
        low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
      }
      continue;
    }
    work.pop();
    const parent = work[work.length - 1];
    if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
    if (low.get(frame.file) === index.get(frame.file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      const selfImport = edges.get(frame.file)!.includes(frame.file);
      if (component.length > 1 || selfImport) circles.push(component.map((file) => relative(root, file)).sort());
    }
  }
}

if (circles.length > 0) {
  console.error(`${circles.length} import circle(s), type imports included:`);
  for (const circle of circles) console.error(`  ${circle.join(' <-> ')}`);
  process.exit(1);
}
console.log(`No import circle in ${folders.join(', ')} (${files.length} files, type imports included).`);
