import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The relative imports a file loads at run time (`import type` and type-only names are erased, so they cannot loop). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const targets: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      targets.push(resolve(dirname(file), specifier.text.replace(/\.js$/, '.ts')));
    }
  }
  return targets;
}

/** The cycles of a graph: every strongly connected component of more than one node (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
  .map((name) => join(SRC, name));

/** An area is a folder under src (accounts, http, drafts...); a file directly in src is its own. */
const areaOf = (file: string) => relative(SRC, file).split(sep)[0]!;

/** Programs that start the whole gateway (the server, the document's writer): nothing imports them. */
const ENTRY_POINTS = new Set(['main.ts', join('docs', 'write-openapi.ts')]);

describe('gateway imports', () => {
  it('have no cycle between files', () => {
    const graph = new Map(
      files.map((file) => [relative(SRC, file), new Set(runtimeImports(file).map((t) => relative(SRC, t)))]),
    );
    expect(cycles(graph)).toEqual([]);
  });

  it('have no cycle between areas (each area depends on others one way)', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of files.filter((f) => !ENTRY_POINTS.has(relative(SRC, f)))) {
      const area = areaOf(file);
      const targets = graph.get(area) ?? new Set<string>();
      for (const target of runtimeImports(file)) if (areaOf(target) !== area) targets.add(areaOf(target));
      graph.set(area, targets);
    }
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['drafts', new Set(['collaboration'])],
      ['collaboration', new Set(['drafts', 'http'])],
      ['http', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([['collaboration', 'drafts']]);
  });
});
