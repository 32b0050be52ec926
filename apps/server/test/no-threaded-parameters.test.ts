import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/settings.ts';

// Services take the request context instead of threaded ids and e-mails (docs/decisions/0409, and
// docs/decisions/, Server layout, "What a service takes instead of an environment's id or an e-mail"): no
// function a `*.service.ts` file exports takes a parameter `environmentId` or `email` typed string, nor
// destructures one from an object type written out in its signature. The compiler's parser reads each
// file (no type checking, so it stays cheap); a parameter typed only by its context is not seen. The parser
// is TypeScript 5's (a dev dependency of the server): TypeScript 7, which checks the solution, answers its
// API only from a process of its own.

const FEATURES = join(REPO_ROOT, 'apps/server/src/features');
const THREADED = new Set(['environmentId', 'email']);

/**
 * The exceptions, each with its reason; an entry no longer found fails the second test, so the list
 * shrinks with the code.
 */
const ALLOWED = new Map<string, string>([
  // the id is the key of a per-environment cache of built content, not a service's input
  ['publishing/content-delta.service.ts: forgetBuiltContent(environmentId)', 'a cache key'],
  ['publishing/content.service.ts: lastBuiltItems(environmentId)', 'a cache key'],
  // pure conversions: they read nothing; the id names their errors and keys the item cache
  ['publishing/content.service.ts: toRuntimeContent(environmentId)', 'a pure conversion naming its errors'],
  ['publishing/content.service.ts: toRuntimeItems(environmentId)', 'a pure conversion naming its errors'],
  [
    'publishing/publish.service.ts: publishFirstRevision(environmentId)',
    "an environment's creation step (EnvironmentSetup), given the new environment's id",
  ],
]);

const isStringType = (type: ts.TypeNode | undefined): boolean =>
  type !== undefined &&
  (type.kind === ts.SyntaxKind.StringKeyword ||
    (ts.isUnionTypeNode(type) && type.types.some((member) => member.kind === ts.SyntaxKind.StringKeyword)));

/** The threaded names a parameter takes: its own name, or what it destructures from a written-out object type. */
function threadedNamesOf(parameter: ts.ParameterDeclaration): string[] {
  const { name, type } = parameter;
  if (ts.isIdentifier(name)) {
    const isString =
      isStringType(type) ||
      (type === undefined &&
        parameter.initializer !== undefined &&
        ts.isStringLiteralLike(parameter.initializer));
    return THREADED.has(name.text) && isString ? [name.text] : [];
  }
  if (!ts.isObjectBindingPattern(name) || type === undefined || !ts.isTypeLiteralNode(type)) return [];
  const bound = new Set(
    name.elements
      .map((element) => (element.propertyName ?? element.name).getText())
      .filter((n) => THREADED.has(n)),
  );
  return type.members.flatMap((member) =>
    ts.isPropertySignature(member) && bound.has(member.name.getText()) && isStringType(member.type)
      ? [member.name.getText()]
      : [],
  );
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** A function an initializer holds, through parentheses, `as` and `satisfies`. */
function functionOf(expression: ts.Expression | undefined): ts.SignatureDeclaration | null {
  let node = expression;
  while (
    node &&
    (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
  )
    node = node.expression;
  return node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) ? node : null;
}

/**
 * `function(parameter)` for each threaded parameter of the functions the source exports: exported function
 * declarations and constants holding a function, those exported by name (`export { f }`), and the public
 * methods of exported classes (`Class.method(parameter)`).
 */
function threadedParameters(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const functions = new Map<string, { signature: ts.SignatureDeclaration; exported: boolean }[]>();
  const add = (name: string, signature: ts.SignatureDeclaration, exported: boolean) =>
    functions.set(name, [...(functions.get(name) ?? []), { signature, exported }]);
  const exportedByName = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name)
      add(statement.name.text, statement, isExported(statement));
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const signature = functionOf(declaration.initializer);
        if (signature && ts.isIdentifier(declaration.name))
          add(declaration.name.text, signature, isExported(statement));
      }
    }
    if (ts.isClassDeclaration(statement) && statement.name && isExported(statement)) {
      for (const member of statement.members) {
        const isPublic =
          (ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) &&
          !(member.name && ts.isPrivateIdentifier(member.name)) &&
          !(ts.getModifiers(member) ?? []).some(
            (modifier) =>
              modifier.kind === ts.SyntaxKind.PrivateKeyword ||
              modifier.kind === ts.SyntaxKind.ProtectedKeyword,
          );
        if (isPublic) {
          const name = ts.isConstructorDeclaration(member) ? 'constructor' : member.name.getText();
          add(`${statement.name.text}.${name}`, member, true);
        }
      }
    }
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements)
          exportedByName.add((element.propertyName ?? element.name).text);
      }
    }
  }
  return [...functions].flatMap(([name, signatures]) =>
    signatures
      .filter(({ exported }) => exported || exportedByName.has(name))
      .flatMap(({ signature }) => signature.parameters.flatMap(threadedNamesOf))
      .map((parameter) => `${name}(${parameter})`),
  );
}

/** Every `*.service.ts` of the features, as `feature/file.service.ts`. */
const serviceFiles = () =>
  readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split(sep).join('/'))
    .filter((path) => path.endsWith('.service.ts'))
    .sort();

describe('services', () => {
  const found = serviceFiles().flatMap((file) =>
    threadedParameters(file, readFileSync(join(FEATURES, file), 'utf8')).map((what) => `${file}: ${what}`),
  );

  it('take the request context, not an environment id or an e-mail threaded through', () => {
    expect(serviceFiles().length).toBeGreaterThan(50);
    expect(found.filter((entry) => !ALLOWED.has(entry))).toEqual([]);
  });

  it('allow only what is still there, each with its reason', () => {
    expect([...ALLOWED.keys()].filter((entry) => !found.includes(entry))).toEqual([]);
    expect([...ALLOWED.values()].every((reason) => reason.length > 10)).toBe(true);
  });

  describe('in a made-up service', () => {
    it('finds an exported function or constant threading an id or an e-mail', () => {
      const source = `
        export async function publish(tx: Tx, environmentId: string, email: string) {}
        export const readIt = (db: Db, environmentId: string | null) => db;
        export const withDefault = function (email = '') {};
        export const scoped = ({ tx, environmentId }: { tx: Tx; environmentId: string }) => tx;
      `;
      expect(threadedParameters('made-up.service.ts', source)).toEqual([
        'publish(environmentId)',
        'publish(email)',
        'readIt(environmentId)',
        'withDefault(email)',
        'scoped(environmentId)',
      ]);
    });

    it('finds those exported by name and the public methods of an exported class', () => {
      const source = `
        function later(environmentId: string) {}
        export { later };
        export class Sender {
          send(email: string) {}
          #own(email: string) {}
          private hidden(email: string) {}
        }
      `;
      expect(threadedParameters('made-up.service.ts', source)).toEqual([
        'later(environmentId)',
        'Sender.send(email)',
      ]);
    });

    it('leaves the context, a reader, other names, other types and functions kept inside', () => {
      const source = `
        export const get = ({ db, environmentId }: EnvironmentReader, id: string) => db;
        export function remove(ctx: ConsoleContext, userEmail: string, environmentId: number) {}
        function inside(environmentId: string) {}
        export interface Port { mark(environmentId: string): void }
      `;
      expect(threadedParameters('made-up.service.ts', source)).toEqual([]);
    });
  });
});
