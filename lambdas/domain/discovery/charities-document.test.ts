import type { DiscoveryCard } from '../../data/discovery';
import { type ListingPageData, renderCharitiesDocument } from './charities-document';
import { createDirectory } from './directory';
import type { DiscoverDeps } from './discover';

const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Kindred</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/charities.js" /></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

const card = (n: number, over: Partial<DiscoveryCard> = {}): DiscoveryCard => ({
  user_id: `user-${n}`,
  registration_number: String(5_300_000 + n),
  display_name: `Charity ${n}`,
  registered_name: `Charity ${n} Trust`,
  mission: 'We help.',
  image: `user-${n}/face.jpg`,
  causes: [111],
  areas: [{ name: 'Leeds', lat: 53.8008, lng: -1.5491, radius_km: 10 }],
  income: 50_000,
  refreshed_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

function deps(cards: DiscoveryCard[]): DiscoverDeps & { siteUrl: string } {
  const discovery = {
    listCards: async () => cards,
    stillListed: async (ids: readonly string[]) => new Set(ids),
  };
  return {
    directory: createDirectory({ discovery, clock: { now: () => new Date(0) }, maxAgeSeconds: 45 }),
    discovery,
    places: {
      find: async (text) =>
        text.toLowerCase() === 'leeds' ? { lat: 53.8008, lng: -1.5491, label: 'Leeds, England' } : null,
    },
    mediaBaseUrl: 'https://media.example.org',
    siteUrl: 'https://kindred.example/',
  };
}

/** A server render that shows what it was given. */
function server() {
  const rendered: ListingPageData[] = [];
  return {
    rendered,
    render: async (data: ListingPageData) => {
      rendered.push(data);
      return {
        rootHtml: `<div id="root" data-prerendered="test">${data.answer?.total ?? data.problem}</div>`,
      };
    },
    onRenderError: jest.fn(),
  };
}

describe('the /charities document', () => {
  it('renders the listing for its filters, with the canonical URL keeping them, no picture preloaded', async () => {
    const render = server();
    const doc = await renderCharitiesDocument(deps([card(1), card(2)]), SHELL, { cause: 'animals' }, render);
    expect(doc.statusCode).toBe(200);
    expect(render.rendered[0]).toMatchObject({ query: 'cause=animals', problem: null, answer: { total: 2 } });
    expect(doc.html).toContain('<title>Find a charity | Kindred</title>');
    expect(doc.html).toContain(
      '<link rel="canonical" href="https://kindred.example/charities?cause=animals" />',
    );
    expect(doc.html).not.toContain('noindex');
    // The largest paint is the page's text: nothing takes bandwidth from its styles.
    expect(doc.html).not.toContain('as="image"');
    expect(doc.html).toContain('<div id="root" data-prerendered="test">2</div>');
    // The page paints from its markup: no chunk preloads, the entry at low priority.
    expect(doc.html).not.toContain('modulepreload');
    expect(doc.html).toContain('<script type="module" fetchpriority="low"');
  });

  it('keeps a later page, a typed place and an empty answer out of search results', async () => {
    const many = Array.from({ length: 30 }, (_, i) => card(i));
    for (const query of [{ page: '2' }, { place: 'Leeds' }, { cause: 'religion' }]) {
      const doc = await renderCharitiesDocument(deps(many), SHELL, query, server());
      expect([query, doc.statusCode, doc.html.includes('<meta name="robots" content="noindex" />')]).toEqual([
        query,
        200,
        true,
      ]);
    }
    const first = await renderCharitiesDocument(
      deps(many),
      SHELL,
      { page: '1', utm: 'x' } as never,
      server(),
    );
    expect(first.html).toContain('<link rel="canonical" href="https://kindred.example/charities" />');
  });

  it('answers 400 with the page saying why for a filter it refuses, noindex', async () => {
    const render = server();
    const doc = await renderCharitiesDocument(
      deps([card(1)]),
      SHELL,
      { cause: 'nope', size: 'small' },
      render,
    );
    expect(doc.statusCode).toBe(400);
    expect(render.rendered[0]).toEqual({
      query: 'cause=nope&size=small',
      answer: null,
      problem: 'Choose a cause from the list.',
    });
    expect(doc.html).toContain('<meta name="robots" content="noindex" />');
    expect(doc.html).not.toContain('rel="canonical"');
  });

  it('serves the shell (the browser renders the page) when the server render fails', async () => {
    const render = server();
    render.render = async () => {
      throw new Error('boom');
    };
    const doc = await renderCharitiesDocument(deps([card(1)]), SHELL, {}, render);
    expect(doc.statusCode).toBe(200);
    expect(render.onRenderError).toHaveBeenCalled();
    expect(doc.html).toContain('<div id="root"></div>');
    expect(doc.html).toContain(
      '<link rel="preload" as="fetch" href="/api/discover" crossorigin="anonymous" />',
    );
  });
});
