import { previousWeekStart, weekStartOf } from './mail-jobs';
import { followLinks, postEmail } from './mails';
import { pacer } from './pace';

describe('following rules', () => {
  it('puts a post in the week starting on its Monday (UTC), and the digest sends the week before', () => {
    expect(weekStartOf(new Date('2026-03-01T23:59:00Z'))).toBe('2026-02-23'); // a Sunday
    expect(weekStartOf(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02'); // a Monday
    expect(previousWeekStart(new Date('2026-03-02T08:00:00Z'))).toBe('2026-02-23');
  });

  it('spaces sends to the given rate', async () => {
    let clock = 0;
    const waits: number[] = [];
    const pace = pacer(4, {
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    for (let i = 0; i < 5; i++) await pace();
    expect(waits).toEqual([250, 250, 250, 250]);
    expect(clock).toBe(1000);
  });

  it('mails a post with RFC 8058 headers, both parts, escaped words and no tracking image', () => {
    const links = followLinks('https://kindred.example/', 'T'.repeat(43));
    const mail = postEmail(
      'a@example.org',
      {
        charityName: 'Fish & <Chips>',
        title: 'Our "news"',
        excerpt: 'Line',
        url: 'https://kindred.example/p',
      },
      links,
    );
    expect(mail.headers).toEqual([
      {
        name: 'List-Unsubscribe',
        value: `<https://kindred.example/api/unsubscribe-one-click?token=${'T'.repeat(43)}>`,
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
    expect(mail.text).toContain(links.unsubscribe);
    expect(mail.text).toContain(links.manage);
    expect(mail.html).toContain('Fish &#38; &#60;Chips&#62;');
    expect(mail.html).not.toMatch(/<img/i);
  });
});
