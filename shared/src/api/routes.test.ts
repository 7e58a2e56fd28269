import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeList, routes } from './routes';

const functionsDir = join(__dirname, '..', '..', '..', 'lambdas', 'functions');

describe('route manifest', () => {
  it('has a handler folder for every route', () => {
    for (const route of routeList) {
      expect(existsSync(join(functionsDir, route.id, 'handler.ts'))).toBe(true);
    }
  });

  it('marks exactly the routes answered by documentHandler as documents (they ignore the query string)', () => {
    for (const route of routeList) {
      const source = readFileSync(join(functionsDir, route.id, 'handler.ts'), 'utf8');
      expect({ id: route.id, document: route.document === true }).toEqual({
        id: route.id,
        document: source.includes('documentHandler('),
      });
      if (route.document) expect(route.method).toBe('GET');
    }
  });

  it('has a route for every handler folder', () => {
    const ids = new Set(routeList.map((r) => r.id));
    const folders = readdirSync(functionsDir, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders)
      expect(ids.has(folder.name) ? folder.name : `orphan: ${folder.name}`).toBe(folder.name);
  });

  it('keeps ids unique, kebab-case, and paths under /api/', () => {
    const ids = routeList.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of routeList) {
      expect(r.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(r.path.startsWith('/api/')).toBe(true);
    }
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has no two ids that differ only by word order', () => {
    const words = routeList.map((r) => r.id.split('-').sort().join('-'));
    expect(new Set(words).size).toBe(words.length);
  });

  it('takes every id from its key in the manifest', () => {
    for (const [key, route] of Object.entries(routes)) expect(route.id).toBe(key);
  });
});
