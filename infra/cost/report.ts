import type { Estimate, Line } from './estimate';
import { HOURS_PER_MONTH, PRICES_AS_OF } from './prices';

/** A dollar amount of a month: cents. */
export const monthUsd = (usd: number) => `$${usd.toFixed(2)}`;

/** A small dollar amount (a unit price, a donation): three significant digits, never an exponent. */
export function smallUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  const digits = Math.ceil(-Math.log10(usd)) + 2;
  const text = usd.toFixed(digits).replace(/0+$/, '');
  return `$${/\.\d$/.test(text) ? `${text}0` : text}`;
}

/** A quantity: whole above 100 (with separators), else up to three significant digits. */
export function quantity(n: number): string {
  if (n >= 100) return Math.round(n).toLocaleString('en-GB');
  if (n >= 1) return String(Number(n.toFixed(2)));
  if (n === 0) return '0';
  return n.toFixed(Math.ceil(-Math.log10(n)) + 1).replace(/0+$/, '');
}

/** Prose wrapped at the docs' 110 characters: `first` before the first line, `rest` before the others. */
export function wrap(text: string, first: string, rest: string, width = 110): string {
  const lines: string[] = [];
  let current = first;
  for (const word of text.split(' ')) {
    const prefix = lines.length === 0 ? first : rest;
    if (current.length > prefix.length && current.length + 1 + word.length > width) {
      lines.push(current);
      current = `${rest}${word}`;
    } else current = current.length > prefix.length ? `${current} ${word}` : `${current}${word}`;
  }
  lines.push(current);
  return lines.join('\n');
}

/** A markdown table with its columns padded, so it reads as well in a terminal as rendered. */
function table(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  right: readonly number[],
): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number) =>
    right.includes(i) ? text.padStart(widths[i] as number) : text.padEnd(widths[i] as number);
  const row = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (right.includes(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [row(head), rule, ...rows.map(row)].join('\n');
}

function linesTable(
  lines: readonly Line[],
  amount: (usd: number) => string,
  per: string,
  total: string,
  sum: number,
) {
  return table(
    ['Item', 'Quantity', 'Unit', 'Unit price', per],
    [
      ...lines.map((l) => [l.item, quantity(l.quantity), l.unit, smallUsd(l.unitUsd), amount(l.usd)]),
      [`**${total}**`, '', '', '', `**${amount(sum)}**`],
    ],
    [1, 3, 4],
  );
}

/**
 * The estimate as markdown: the fixed month, one donation, the donation's path, and what is left out. What
 * `npm run cost -- <stage>` prints, and (for `example`) what docs/operating.md holds between its cost markers.
 */
export function renderEstimate(e: Estimate): string {
  const bullet = (text: string) => wrap(text, '- ', '  ');
  const para = (text: string) => wrap(text, '', '');
  const counted = [
    `${e.alarms.count} alarms, reading ${e.alarms.metrics} alarm metrics (metric math is billed per metric it reads)`,
    'a WAF managed rule group is billed as one rule',
    ...(e.referenced.secrets.length > 0 ? [`secrets made by hand: ${e.referenced.secrets.join(', ')}`] : []),
    ...(e.referenced.hostedZones.length > 0 ? [`hosted zones: ${e.referenced.hostedZones.join(', ')}`] : []),
  ];
  const metrics = e.donationMetrics.names;
  const out: string[] = [
    para(
      `Stage \`${e.stage}\`, from its synthesized templates (every stack, the nested route shards and the ` +
        `us-east-1 stacks included). List prices of ${PRICES_AS_OF} (infra/cost/prices.ts), US dollars, no free ` +
        `tier; a month is ${HOURS_PER_MONTH} hours. The figures marked assumed are in infra/cost/assumptions.ts.`,
    ),
    '',
    '**Fixed, a month**',
    '',
    linesTable(e.fixed, monthUsd, 'A month', 'Fixed total', e.fixedUsd),
    '',
    'Counted:',
    ...counted.map(bullet),
    '',
    '**One donation** (a card payment, paid at once)',
    '',
    linesTable(e.donation, smallUsd, 'A donation', 'One donation', e.donationUsd),
    '',
    ...(metrics.length > 0
      ? [
          para(
            `A donation alone in its hour also pays for that hour of the ${metrics.length} custom metrics it ` +
              `publishes (${metrics.join(', ')}; $0.30 a month each, billed by the hour): ` +
              `${smallUsd(e.donationMetrics.aloneInHourUsd)} more, shared when the hour has other donations.`,
          ),
          '',
        ]
      : []),
    "**The donation's path** (assumed; every call comes through CloudFront, WAF and API Gateway)",
    '',
    table(
      ['Step', 'Function', 'Calls', 'Memory', 'Duration', 'Reads', 'Writes'],
      e.path.map((s) => [
        s.what,
        s.route,
        String(s.calls),
        `${s.memoryMb} MB`,
        `${s.durationMs} ms`,
        `${s.readUnits} RRU`,
        `${s.writeUnits} WRU`,
      ]),
      [2, 3, 4, 5, 6],
    ),
    '',
    '**Not in the totals** (usage):',
    bullet(
      `${e.customMetrics.count} custom metrics the alarms read (namespace Kindred): $0.30 a month each, billed ` +
        'only for the hours it is published in, and they are published on events (errors, mismatches, the ' +
        `daily refresh), so cents. All of them every hour would be ${monthUsd(e.customMetrics.ceilingUsd)}.`,
    ),
    bullet(
      'Logs and traces of other traffic; DynamoDB, S3 and backup storage; CloudFront data transfer; Cognito ' +
        "beyond 10,000 monthly active users; mail other than receipts. Stripe's fee comes out of the donation.",
    ),
  ];
  if (e.budget) {
    const alert = (e.budget.usd * e.budget.actualAlertPercent) / 100;
    const from = e.budget.from === 'config' ? '`monthlyBudgetUsd`' : 'the default';
    out.push(
      bullet(
        `Budget: ${monthUsd(e.budget.usd)} a month (${from}); it notifies at ${e.budget.actualAlertPercent} % ` +
          `actual (${monthUsd(alert)}) and 100 % forecast.` +
          (alert <= e.fixedUsd
            ? ` WARNING: that is under the fixed cost (${monthUsd(e.fixedUsd)}): it will notify every month.`
            : ''),
      ),
    );
  }
  if (e.unpriced.length > 0) {
    out.push('', '**Not priced** (a fixed charge the model does not know: add it to infra/cost):');
    for (const u of e.unpriced) out.push(bullet(`${u.type} ${u.stack}/${u.id}: ${u.why}`));
  }
  return `${out.join('\n')}\n`;
}
