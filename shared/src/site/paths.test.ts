import { listPaths, paths } from './paths';

// The spec's full route table (public site, section 2), verbatim.
const specRouteTable =
  `/, /charity/register, /charity/signin, /charity/forgot-password, /charity/reset-password,
/charity/dashboard, /charity/email-verification, /charity/settings, /charity/support, /charity/account-preferences,
/join-waitlist, /privacy-policy, /terms-of-service, /verification-info, /charity/preferences/payments,
/charity/preferences/display-name, /charity/preferences/email, /charity/preferences/notifications,
/charity/preferences/branding, /charity/preferences/location, /charity/preferences/profile-image,
/waitlist-thank-you, /cookie-policy, /financial-transparency`
    .split(',')
    .map((p) => p.trim());

describe('paths', () => {
  it('lists every route of the spec route table', () => {
    const listed = new Set(listPaths());
    expect(specRouteTable).toHaveLength(24);
    for (const path of specRouteTable) expect(listed.has(path) ? path : `missing: ${path}`).toBe(path);
  });

  it('has no duplicates and only absolute paths', () => {
    const all = listPaths();
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(path).toMatch(/^\/([a-z0-9-]+|:[a-zA-Z]+|\/)*$/);
  });

  it('builds hrefs', () => {
    expect(paths.home.getHref()).toBe('/');
    expect(paths.home.getHref('how-it-works')).toBe('/#how-it-works');
    expect(paths.charity.register.getHref()).toBe('/charity/register');
    expect(paths.charity.preferences.profileImage.getHref()).toBe('/charity/preferences/profile-image');
    expect(paths.charity.resetPassword.getHref()).toBe('/charity/reset-password');
    expect(paths.charity.resetPassword.getHref('a b+c')).toBe('/charity/reset-password#token=a+b%2Bc');
    expect(paths.charityPage.getHref('1123456')).toBe('/charities/1123456');
    expect(paths.following.unsubscribe.getHref('a_b-c')).toBe('/following/unsubscribe#token=a_b-c');
    expect(paths.following.manage.getHref()).toBe('/following/manage');
  });
});
