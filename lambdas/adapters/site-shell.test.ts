import { siteConfig, siteShell } from './site-shell';

describe('the charity page shell', () => {
  it('is the build’s charity page shell, fetched once per minute', async () => {
    const asked: string[] = [];
    const shell = siteShell('https://site.example/', async (url) => {
      asked.push(String(url));
      return new Response('<html>charity shell</html>', { status: 200 });
    });
    expect(await shell()).toBe('<html>charity shell</html>');
    expect(await shell()).toBe('<html>charity shell</html>');
    expect(asked).toEqual(['https://site.example/pages/charities/shell.html']);
  });

  it('falls back to index.html where the build wrote none, and fails on other answers', async () => {
    const asked: string[] = [];
    const shell = siteShell('https://site.example', async (url) => {
      asked.push(String(url));
      return String(url).endsWith('/index.html')
        ? new Response('<html>spa</html>', { status: 200 })
        : new Response('missing', { status: 403 });
    });
    expect(await shell()).toBe('<html>spa</html>');
    expect(asked).toEqual([
      'https://site.example/pages/charities/shell.html',
      'https://site.example/index.html',
    ]);
    const broken = siteShell('https://site.example', async () => new Response('no', { status: 500 }));
    await expect(broken()).rejects.toThrow('The site shell answered 500');
  });
});

describe("the site's configuration (what a server-rendered page renders with)", () => {
  const config = {
    environment: 'production',
    siteUrl: 'https://site.example',
    apiBaseUrl: '',
    mediaBaseUrl: 'https://media.example',
    region: 'eu-west-2',
    userPoolId: 'eu-west-2_Pool',
    charityClientId: 'charity',
    donorClientId: 'donor',
  };

  it('is the site’s /config.json, checked and fetched once per minute', async () => {
    const asked: string[] = [];
    const load = siteConfig('https://site.example/', async (url) => {
      asked.push(String(url));
      return Response.json(config);
    });
    expect(await load()).toEqual(config);
    expect(await load()).toEqual(config);
    expect(asked).toEqual(['https://site.example/config.json']);
  });

  it('fails on an error answer or a configuration that is not one', async () => {
    const missing = siteConfig('https://site.example', async () => new Response('no', { status: 404 }));
    await expect(missing()).rejects.toThrow("The site's config.json answered 404");
    const wrong = siteConfig('https://site.example', async () => Response.json({ environment: 'x' }));
    await expect(wrong()).rejects.toThrow();
  });
});
