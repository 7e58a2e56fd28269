import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The backend's walls (README, "Architecture"), as checks:
 * - only `lambdas/data/` talks to DynamoDB (`@aws-sdk/client-dynamodb`, `@aws-sdk/lib-dynamodb`, ...): the one
 *   owner of every item. The local cloud's set-up, which creates the table as the stateful stack does in AWS,
 *   is the one other place (`infra/local/`, the files named below);
 * - the fixture wall: under `test/`, items are written through the data modules (or the API), never raw. Tests
 *   may read items behind the API (Get, Query, Scan) and build the data modules' client of the local table
 *   (`test/support/table.ts`); `test/support/tampering.ts` alone plants what no module writes, and
 *   `test/support/fakes.ts` alone makes a transaction item (a stand-in that never reaches a table);
 * - in `lambdas/`, every other AWS SDK package is used only behind an adapter (`lambdas/adapters/`), so the
 *   domain, wiring, handlers and jobs never hold an AWS client;
 * - the GSI1 partition names live in `lambdas/data/indexes.ts` alone;
 * - shared code has one spelling: outside `shared/src/`, it is imported as `@shared/…` (tsconfig.json `paths`,
 *   jest's moduleNameMapper, esbuild with the tsconfig, Vite's alias), never by a relative path into it.
 */
const root = resolve(__dirname, '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'cdk.out', '.local', 'coverage']);
const DYNAMODB_PACKAGE = /^@aws-sdk\/(client-dynamodb|lib-dynamodb|util-dynamodb)(\/|$)/;
const AWS_SDK_PACKAGE = /^@aws-sdk\//;
/** The local cloud creates the table and checks that it answers (`npm start`); not application code. */
const LOCAL_CLOUD_DYNAMODB = ['infra/local/dynamodb.ts', 'infra/local/localstack.ts'];
/** The tests' one raw writer of items, and the one maker of stand-in transaction items. */
const TEST_RAW_WRITER = 'test/support/tampering.ts';
const TEST_FAKES = 'test/support/fakes.ts';
/** A DynamoDB write command by name (document client or low-level), however it is reached. */
const WRITE_COMMAND = /\b(Put|Update|Delete|TransactWrite|BatchWrite)(Item|Items)?Command\b/;
/** What a test may import from the DynamoDB packages: reads, the clients, and types. */
const TEST_DYNAMODB_NAMES = new Set([
  'GetCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetCommand',
  'DynamoDBClient',
  'DynamoDBDocumentClient',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    // This file names what it looks for.
    if (path === __filename) return [];
    return /\.(c|m)?(t|j)sx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module specifier of a file: static imports, re-exports, side-effect and dynamic imports, requires. */
function specifiers(code: string): string[] {
  const found = code.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"`]([^'"`]+)['"`]/g,
  );
  return [...found].map((match) => match[1] ?? '');
}

/**
 * The names a file imports from the DynamoDB packages (`type` imports left out); a namespace, default or dynamic
 * import of one counts as `*` (anything may be reached through it).
 */
function dynamoDbNamesIn(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/\bimport\s+(type\s+)?([^'"`;]*?)\s*from\s*['"`]([^'"`]+)['"`]/g)) {
    if (!DYNAMODB_PACKAGE.test(m[3] ?? '') || m[1]) continue;
    const clause = m[2] ?? '';
    const named = /\{([^}]*)\}/.exec(clause)?.[1];
    if (
      clause
        .replace(/\{[^}]*\}/, '')
        .replace(/,/g, '')
        .trim()
    )
      names.push('*');
    for (const part of (named ?? '').split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  for (const m of code.matchAll(/\b(?:import|require)\s*\(\s*['"`]([^'"`]+)['"`]/g))
    if (DYNAMODB_PACKAGE.test(m[1] ?? '')) names.push('*');
  return names;
}

/**
 * The fixture wall's findings for one file under test/: write commands named, DynamoDB names imported beyond
 * reads and clients, and transaction items made (outside the files allowed each).
 */
function rawWritesIn(file: string, code: string): string[] {
  if (file === TEST_RAW_WRITER) return [];
  const found = dynamoDbNamesIn(code)
    .filter((name) => !TEST_DYNAMODB_NAMES.has(name))
    .map((name) => `${file} imports ${name}`);
  const command = WRITE_COMMAND.exec(code)?.[0];
  if (command) found.push(`${file} names ${command}`);
  if (file !== TEST_FAKES && /\btxItem\s*\(/.test(code)) found.push(`${file} makes a transaction item`);
  return found;
}

/** Repository-relative path (forward slashes) of a file. */
const repoPath = (file: string) => relative(root, file).split(sep).join('/');

/** `file -> package` for each import of a package matching `pattern` in the files under `dirs`. */
function importsOf(dirs: string[], pattern: RegExp): string[] {
  return dirs.flatMap((dir) =>
    sourceFiles(join(root, dir)).flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => pattern.test(specifier))
        .map((specifier) => `${repoPath(file)} -> ${specifier}`),
    ),
  );
}

const fileOf = (entry: string) => entry.split(' -> ')[0] ?? '';

const SHARED_SRC = join(root, 'shared', 'src');
const inSharedSrc = (path: string) => path === SHARED_SRC || path.startsWith(SHARED_SRC + sep);
/** Whether `specifier`, imported by `file`, is a relative path into shared/src from outside it. */
const isRelativeSharedImport = (file: string, specifier: string) =>
  !inSharedSrc(file) && specifier.startsWith('.') && inSharedSrc(resolve(dirname(file), specifier));

/** `file -> specifier` for each relative import of shared/src from a file outside it, under `dirs`. */
function relativeSharedImports(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    sourceFiles(join(root, dir)).flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => isRelativeSharedImport(file, specifier))
        .map((specifier) => `${repoPath(file)} -> ${specifier}`),
    ),
  );
}

describe('backend walls', () => {
  it('finds the imports it checks', () => {
    expect(
      specifiers(
        `import { a } from '@aws-sdk/lib-dynamodb';\nimport '@aws-sdk/client-s3';\n` +
          `const m = import('@aws-sdk/client-sesv2');\nconst r = require("@aws-sdk/client-sqs");\n` +
          `export { b } from './b';`,
      ),
    ).toEqual([
      '@aws-sdk/lib-dynamodb',
      '@aws-sdk/client-s3',
      '@aws-sdk/client-sesv2',
      '@aws-sdk/client-sqs',
      './b',
    ]);
    // Not vacuous: the data modules and the adapters are seen importing what they are allowed to.
    expect(importsOf(['lambdas/data'], DYNAMODB_PACKAGE).length).toBeGreaterThan(0);
    expect(importsOf(['lambdas/adapters'], AWS_SDK_PACKAGE).length).toBeGreaterThan(0);
  });

  it('only lambdas/data/ (and the local cloud creating the table) imports the DynamoDB client', () => {
    const outside = importsOf(['lambdas', 'shared', 'web', 'infra', 'scripts'], DYNAMODB_PACKAGE).filter(
      (entry) => !fileOf(entry).startsWith('lambdas/data/') && !LOCAL_CLOUD_DYNAMODB.includes(fileOf(entry)),
    );
    expect(outside).toEqual([]);
  });

  it('in lambdas/, only lambdas/adapters/ imports the other AWS SDK clients', () => {
    const outside = importsOf(['lambdas'], AWS_SDK_PACKAGE).filter((entry) => {
      const file = fileOf(entry);
      if (file.startsWith('lambdas/adapters/')) return false;
      return !(file.startsWith('lambdas/data/') && DYNAMODB_PACKAGE.test(entry.split(' -> ')[1] ?? ''));
    });
    expect(outside).toEqual([]);
  });

  it('lets no test write raw items: only test/support/tampering.ts plants items the data modules never write', () => {
    // Not vacuous: a raw write is seen however it is spelt, and the allowed reads and clients are not.
    expect(
      rawWritesIn(
        'test/x.test.ts',
        `import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';\n` +
          `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\n` +
          `import { PutObjectCommand } from '@aws-sdk/client-s3';`,
      ),
    ).toEqual([]);
    expect(
      rawWritesIn(
        'test/x.test.ts',
        `import { PutItemCommand } from '@aws-sdk/client-dynamodb';\n` +
          `import * as ddb from '@aws-sdk/lib-dynamodb';\n` +
          `await doc.send(new (await import('@aws-sdk/lib-dynamodb')).UpdateCommand({}));\n` +
          `await transact(table, [txItem({ Delete: {} })]);`,
      ),
    ).toEqual([
      'test/x.test.ts imports PutItemCommand',
      'test/x.test.ts imports *',
      'test/x.test.ts imports *',
      'test/x.test.ts names PutItemCommand',
      'test/x.test.ts makes a transaction item',
    ]);
    const files = sourceFiles(join(root, 'test')).map((file) => ({
      path: repoPath(file),
      code: readFileSync(file, 'utf8'),
    }));
    expect(files.map((f) => f.path)).toContain(TEST_RAW_WRITER);
    expect(rawWritesIn('test/y.ts', files.find((f) => f.path === TEST_RAW_WRITER)?.code ?? '')).not.toEqual(
      [],
    );
    expect(files.flatMap((f) => rawWritesIn(f.path, f.code))).toEqual([]);
  });

  it('names each GSI1 partition only in lambdas/data/indexes.ts', () => {
    // A partition's name as a string, or an index key set to a literal (comments may name them in backticks).
    const partitions = /(['"])(UNVERIFIED|CASE#OPEN|LIVE#CHARITIES|EXPLORE#ACTIVE)\1|GSI1PK['"]?\s*:\s*['"`]/;
    const named = ['lambdas', 'test']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .filter((file) => repoPath(file) !== 'lambdas/data/indexes.ts')
      .filter((file) => partitions.test(readFileSync(file, 'utf8')))
      .map(repoPath);
    expect(named).toEqual([]);
  });

  it('imports shared/src as @shared/… from outside it, never by a relative path', () => {
    // Not vacuous: the backend uses the alias, and a relative path into shared/src is told from others.
    expect(importsOf(['lambdas'], /^@shared\//).length).toBeGreaterThan(0);
    const handler = join(root, 'lambdas/functions/x/handler.ts');
    expect(isRelativeSharedImport(handler, '../../../shared/src/api/routes')).toBe(true);
    expect(isRelativeSharedImport(handler, '../../../shared/src')).toBe(true);
    expect(isRelativeSharedImport(handler, '../../wiring/x')).toBe(false);
    expect(isRelativeSharedImport(join(SHARED_SRC, 'api/routes.ts'), '../jobs')).toBe(false);
    expect(relativeSharedImports(['lambdas', 'infra', 'test', 'scripts', 'shared', 'web'])).toEqual([]);
  });
});
