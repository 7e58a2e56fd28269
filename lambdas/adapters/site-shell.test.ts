import { siteShell } from './site-shell';

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
