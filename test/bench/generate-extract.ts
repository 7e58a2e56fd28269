import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Cause, CAUSES as REGISTER_CAUSES } from '@shared/causes';

/**
 * Generates a synthetic extract in the Commission's JSON format, sized like the real one: by default
 * 420,000 charity rows of which 175,000 are registered main charities, the rest removed or linked,
 * plus about three trustees per registered charity and one to five causes (classification rows) per charity.
 * Deterministic (seeded), cached in `dir`.
 */
export interface GeneratedExtract {
  /** The generator's format: a cached extract of another version is generated again. */
  version: number;
  dir: string;
  rows: number;
  registered: number;
  /** A few registered charities (name, number) for building realistic queries. */
  sample: { name: string; regNo: number }[];
}

const TOWNS =
  `Aldbury Ashford Barnsley Bath Bedford Belper Bexhill Bicester Bideford Bingley Blyth Bodmin Bolton Boston Bourne Bradford Braintree Brampton Bridport Brighton Bristol Bromley Buckingham Burnley Bury Buxton Camborne Cambridge Canterbury Carlisle Chatham Chelmsford Cheltenham Chester Chorley Clacton Clitheroe Colchester Corby Coventry Crawley Crewe Croydon Darlington Dartford Deal Derby Devizes Didcot Doncaster Dorchester Dover Droitwich Dudley Durham Ealing Eastbourne Ely Enfield Epsom Exeter Falmouth Fareham Farnham Faversham Felixstowe Folkestone Frome Gateshead Gillingham Glossop Gloucester Goole Gosport Grantham Gravesend Grimsby Guildford Halifax Harlow Harrogate Hastings Hatfield Hereford Hertford Hexham Hitchin Horsham Hove Huddersfield Hull Huntingdon Ilkley Ipswich Keighley Kendal Kettering Kingston Lancaster Leeds Leicester Lewes Lichfield Lincoln Liverpool Louth Ludlow Luton Maidstone Maldon Malvern Margate Marlow Matlock Melton Morpeth Newark Newbury Newquay Northampton Norwich Nottingham Oldham Ormskirk Oxford Penrith Penzance Peterborough Plymouth Poole Preston Ramsgate Reading Redditch Reigate Richmond Ripon Rochdale Romsey Rugby Salisbury Scarborough Sheffield Shrewsbury Skipton Slough Southport Stafford Stamford Stockport Stroud Sudbury Swindon Taunton Telford Tewkesbury Thetford Tiverton Torquay Totnes Truro Wakefield Walsall Wantage Warwick Watford Wells Weymouth Whitby Wigan Winchester Windsor Witney Woking Worcester Worthing Yeovil York`.split(
    ' ',
  );
const SAINTS =
  `Mary Peter Paul John Andrew James Michael George Luke Mark Margaret Anne Catherine Nicholas Thomas Stephen Martin Giles Lawrence Bartholomew Helen Bride Chad Cuthbert Aidan Alban Botolph Swithun Edmund Oswald`.split(
    ' ',
  );
const PLACES =
  `Park Library Hospital Hospice School Church Chapel Museum Gardens Woods Common Meadows Allotments Lido Canal River Theatre Playhouse Village Hall Community Centre Lifeboat Station Almshouses Orchard`.split(
    ' ',
  );
const CAUSES =
  `Food Bank,Youth Club,Scout Group,Guide Association,Carers Centre,Citizens Advice,Dementia Support,Mental Health Support,Sports Club,Music Society,Arts Trust,Heritage Trust,Wildlife Trust,Animal Rescue,Cat Rescue,Dog Rescue,Horse Sanctuary,Community Garden,Men's Shed,Refugee Welcome,Women's Aid,Children's Fund,Bereavement Service,Hospice Care,Cancer Support,Autism Support,Deaf Association,Blind Society,Stroke Club,Lunch Club,Day Centre,Playgroup,Preschool,Credit Union,Debt Advice,Housing Trust,Homeless Project,Night Shelter,Recovery Service,Parish Trust,Educational Foundation,Relief in Need Charity,Almshouse Charity,Memorial Fund,Rotary Trust,Lions Club Trust,Theatre Company,Choral Society,Brass Band,Cricket Club`.split(
    ',',
  );
const ORGS =
  `Trust,Foundation,Association,Society,Fund,Charity,Centre,Project,Network,Partnership,Appeal,Group,Club`.split(
    ',',
  );
const SURNAMES =
  `Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker White Roberts Green Hall Wood Jackson Clarke Patel Khan Hughes Edwards Lewis Harris Martin Cooper King Lee Baker Morgan Turner Hill Scott Moore Ward Parker Watson`.split(
    ' ',
  );
const ACTIVITIES = [
  'Provides advice, information and practical support to people in the local community',
  'Runs weekly sessions for young people including sport, music and mentoring',
  'Supports older people to live independently through befriending, transport and lunch clubs',
  'Maintains and opens a historic building for the benefit of the public',
  'Provides grants to individuals in need living in the area of benefit',
  'Rescues, rehabilitates and rehomes animals and promotes responsible ownership',
  'Offers counselling and peer support groups for people affected by illness or loss',
  'Advances education by providing bursaries, equipment and trips for pupils',
  'Provides emergency food parcels and signposts people to further help',
  'Promotes the arts through performances, workshops and community events',
];

const GENERATOR_VERSION = 2;

/**
 * Roughly how many registered charities carry each code, in thousands (code:weight): causes are drawn with
 * these weights, so "Education/training" is common and "Armed forces" rare, as on the register.
 */
const CAUSE_WEIGHTS = new Map(
  `101:89 102:135 103:45 104:42 105:53 106:15 107:13 108:51 109:45 110:40 111:7 112:28 113:34 114:1 115:9 116:21 117:20 201:149 202:77 203:73 204:24 205:62 206:44 207:132 301:54 302:75 303:17 304:49 305:75 306:111 307:73 308:20 309:23 310:37`
    .split(' ')
    .map((pair) => pair.split(':').map(Number) as [number, number]),
);

/** Draws a code of `group` by weight. */
function causePicker(rand: () => number) {
  const table = (['What', 'Who', 'How'] as const).map((group) => {
    const causes = REGISTER_CAUSES.filter((c) => c.group === group);
    const cumulative: number[] = [];
    let total = 0;
    for (const c of causes) {
      total += CAUSE_WEIGHTS.get(c.code) ?? 1;
      cumulative.push(total);
    }
    return { causes, cumulative, total };
  });
  return (group: 0 | 1 | 2) => {
    const t = table[group] as (typeof table)[number];
    const r = rand() * t.total;
    let i = 0;
    while ((t.cumulative[i] as number) <= r) i++;
    return t.causes[i] as Cause;
  };
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function generateExtract(
  dir: string,
  opts = { rows: 420_000, registered: 175_000 },
): Promise<GeneratedExtract> {
  const marker = join(dir, 'generated.json');
  if (existsSync(marker)) {
    const found = JSON.parse(readFileSync(marker, 'utf8')) as GeneratedExtract;
    if (
      found.version === GENERATOR_VERSION &&
      found.rows === opts.rows &&
      found.registered === opts.registered
    )
      return found;
  }
  mkdirSync(dir, { recursive: true });
  const rand = rng(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const nameOf = () => {
    const r = rand();
    if (r < 0.22) return `${pick(TOWNS)} ${pick(CAUSES)}`;
    if (r < 0.36) return `Friends of ${pick(TOWNS)} ${pick(PLACES)}`;
    if (r < 0.5)
      return `St ${pick(SAINTS)}'s ${pick(['Church', 'Parish', 'School', 'Hospice', 'Church Restoration Fund', 'PCC'])} ${pick(TOWNS)}`;
    if (r < 0.62) return `The ${pick(SURNAMES)} ${pick(ORGS)}`;
    if (r < 0.74) return `The ${pick(TOWNS)} ${pick(PLACES)} ${pick(ORGS)}`;
    if (r < 0.86) return `${pick(TOWNS)} and District ${pick(CAUSES)}`;
    return `${pick(SURNAMES)} ${pick(SURNAMES)} ${pick(['Memorial Trust', 'Charitable Trust', 'Foundation', 'Educational Trust'])}`;
  };
  const charity = createWriteStream(join(dir, 'publicextract.charity.json'));
  const trustee = createWriteStream(join(dir, 'publicextract.charity_trustee.json'));
  const classification = createWriteStream(join(dir, 'publicextract.charity_classification.json'));
  const pickCause = causePicker(rand);
  const write = async (stream: typeof charity, text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  await write(charity, '\ufeff[');
  await write(trustee, '\ufeff[');
  await write(classification, '\ufeff[');
  const sample: GeneratedExtract['sample'] = [];
  let registered = 0;
  let firstTrustee = true;
  let firstClassification = true;
  for (let i = 0; i < opts.rows; i++) {
    // Spread registered rows evenly through the file.
    const isRegistered = registered < opts.registered && (i * opts.registered) / opts.rows >= registered;
    const linked = !isRegistered && rand() < 0.15 ? 1 + Math.floor(rand() * 3) : 0;
    const name = nameOf();
    const regNo = 200000 + i * 2 + (linked ? 1 : 0);
    const income = Math.round(Math.exp(7 + rand() * 9));
    if (isRegistered) {
      registered++;
      if (registered % 500 === 0) sample.push({ name, regNo });
    }
    const row = {
      date_of_extract: '2026-11-20T00:00:00',
      organisation_number: 1_000_000 + i,
      registered_charity_number: regNo,
      linked_charity_number: linked,
      charity_name: name,
      charity_type: 'Other',
      charity_registration_status: isRegistered || linked ? 'Registered' : 'Removed',
      date_of_registration: `${1962 + Math.floor(rand() * 63)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}T00:00:00`,
      date_of_removal: isRegistered || linked ? null : '2019-05-01T00:00:00',
      latest_income: income,
      latest_expenditure: Math.round(income * (0.7 + rand() * 0.4)),
      charity_contact_address1: `${1 + Math.floor(rand() * 200)} High Street`,
      charity_contact_address2: pick(TOWNS),
      charity_contact_postcode: 'ZZ1 1AA',
      charity_contact_phone: '01632 960000',
      charity_contact_email: rand() < 0.8 ? 'info@example.org' : null,
      charity_contact_web: rand() < 0.5 ? 'https://example.org' : null,
      charity_activities: `${pick(ACTIVITIES)}. ${pick(ACTIVITIES)}.`,
    };
    await write(charity, `${i ? ',' : ''}\n${JSON.stringify(row)}`);
    // One to five causes: a What first, then a Who, then a How, then any group; removed and linked
    // charities have them too (the import must leave them out).
    const causeCount = 1 + Math.floor(rand() * 5);
    const picked = new Map<number, Cause>();
    for (let k = 0; k < causeCount; k++) {
      const c = pickCause((k < 3 ? k : Math.floor(rand() * 3)) as 0 | 1 | 2);
      picked.set(c.code, c);
    }
    let text = '';
    for (const c of picked.values()) {
      text += `${firstClassification ? '' : ','}\n${JSON.stringify({
        date_of_extract: row.date_of_extract,
        organisation_number: row.organisation_number,
        registered_charity_number: regNo,
        linked_charity_number: linked,
        classification_code: c.code,
        classification_type: c.group,
        classification_description: c.description,
      })}`;
      firstClassification = false;
    }
    await write(classification, text);
    if (isRegistered) {
      for (let t = 0; t < 3; t++) {
        const tr = {
          organisation_number: row.organisation_number,
          linked_charity_number: 0,
          trustee_name: `${pick(SAINTS)} ${pick(SURNAMES)}`,
          trustee_is_chair: t === 0,
        };
        await write(trustee, `${firstTrustee ? '' : ','}\n${JSON.stringify(tr)}`);
        firstTrustee = false;
      }
    }
  }
  await write(charity, '\n]\n');
  await write(trustee, '\n]\n');
  await write(classification, '\n]\n');
  const streams = [charity, trustee, classification];
  for (const s of streams) s.end();
  await Promise.all(streams.map((s) => once(s, 'finish')));
  const result: GeneratedExtract = { version: GENERATOR_VERSION, dir, rows: opts.rows, registered, sample };
  writeFileSync(marker, JSON.stringify(result));
  return result;
}
