import { paths } from './paths';
import {
  indexablePaths,
  isSpaRoute,
  pathPattern,
  prerenderedFileFor,
  prerenderedPaths,
  robotsTxt,
} from './site-routes';

describe('site routes (the edge 404 list)', () => {
  it('matches every page of the router, with parameters and a trailing slash', () => {
    expect(isSpaRoute('/')).toBe(true);
    expect(isSpaRoute('/privacy-policy')).toBe(true);
    expect(isSpaRoute('/privacy-policy/')).toBe(true);
    expect(isSpaRoute('/charity/preferences/location')).toBe(true);
    expect(isSpaRoute('/charity/account-setup')).toBe(true);
    expect(isSpaRoute('/charities/1123456')).toBe(true);
    expect(isSpaRoute('/charities')).toBe(true);
  });

  it('refuses unknown paths', () => {
    expect(isSpaRoute('/no-such-page')).toBe(false);
    expect(isSpaRoute('/charities/1/extra')).toBe(false);
    expect(isSpaRoute('/privacy-policyx')).toBe(false);
    expect(isSpaRoute('//')).toBe(false);
  });

  it('escapes literal segments', () => {
    expect(pathPattern('/a.b')).toBe('^/a\\.b/?$');
    expect(pathPattern('/')).toBe('^/$');
  });

  it('lists only public pages for the sitemap and points robots.txt at it', () => {
    expect(indexablePaths).toContain(paths.home.path);
    // The listing of live charities (issue 45): its unfiltered first page; filtered pages are not listed.
    expect(indexablePaths).toContain('/charities');
    expect(indexablePaths).not.toContain(paths.charity.dashboard.path);
    const robots = robotsTxt('https://example.org/');
    expect(robots).toContain('Sitemap: https://example.org/sitemap.xml');
    expect(robots).toContain('Disallow: /charity/');
  });

  it('names the prerendered file of each prerendered page, and none for other pages', () => {
    expect(prerenderedFileFor('/')).toBe('pages/index.html');
    expect(prerenderedFileFor('/charity/register')).toBe('pages/charity/register/index.html');
    expect(prerenderedFileFor('/charity/register/')).toBe('pages/charity/register/index.html');
    expect(prerenderedFileFor('/charity/dashboard')).toBeNull();
    expect(prerenderedFileFor('/charities/1123456')).toBeNull();
    expect(prerenderedFileFor('/no-such-page')).toBeNull();
    for (const path of prerenderedPaths) expect(isSpaRoute(path)).toBe(true);
  });
});
