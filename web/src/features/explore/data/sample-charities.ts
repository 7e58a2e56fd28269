/**
 * Fifteen made-up charities that fill the explore preview around the charity's own post (charity-area
 * spec, "Setup Explore View"). They are samples: the preview says so, and none is a real organisation.
 */
export interface SampleCharity {
  name: string;
  shortDescription: string;
  longDescription: string;
  /** Two colours of the placeholder picture (decorative; text never sits on them without its own ground). */
  tones: readonly [string, string];
}

export const SAMPLE_CHARITIES: readonly SampleCharity[] = [
  {
    name: 'Harbourside Food Share',
    shortDescription: 'Fresh food for families across the harbour',
    longDescription:
      'Every Saturday our volunteers collect surplus food from local shops and share it with 120 families. Your support keeps the van on the road and the fridges full.',
    tones: ['#d9a441', '#8c5a1b'],
  },
  {
    name: 'Oakfield Reading Friends',
    shortDescription: 'Volunteers reading with children after school',
    longDescription:
      'We pair trained volunteers with children who are finding reading hard. Twice a week, in three primary schools, one story at a time.',
    tones: ['#6a9a78', '#2f5d45'],
  },
  {
    name: 'Larkmoor Community Garden',
    shortDescription: 'A green space everyone can grow in',
    longDescription:
      'Raised beds, a tool library and a Tuesday tea morning. This spring we are building a wheelchair-accessible path so every neighbour can reach the beds.',
    tones: ['#8fb35a', '#4b6b24'],
  },
  {
    name: 'Riverside Befrienders',
    shortDescription: 'Weekly visits for older people living alone',
    longDescription:
      'Loneliness can be as harmful as illness. Our befrienders visit, phone and share a cup of tea with 85 older neighbours every week.',
    tones: ['#5b8fb9', '#274f73'],
  },
  {
    name: 'Little Paws Rescue',
    shortDescription: 'Rehoming cats and dogs in the Vale',
    longDescription:
      'From frightened strays to much-loved pets whose owners could no longer cope, we foster, treat and rehome around 200 animals a year.',
    tones: ['#c9825b', '#7a3f22'],
  },
  {
    name: 'Northgate Youth Boxing',
    shortDescription: 'Discipline, fitness and a safe place to be',
    longDescription:
      'Our gym is open five evenings a week for young people aged 11 to 18. Coaches are volunteers; sessions are free; the kettle is always on.',
    tones: ['#b65c5c', '#6b2424'],
  },
  {
    name: 'Hill Street Warm Space',
    shortDescription: 'A warm room and a hot meal this winter',
    longDescription:
      'When heating costs rise, our church hall stays warm from ten until four, with soup, board games and friendly faces.',
    tones: ['#d48a4a', '#8a4a14'],
  },
  {
    name: 'Fenland Carers Circle',
    shortDescription: 'Support for unpaid carers in the Fens',
    longDescription:
      'Carers look after everyone else. We give them a break: respite days, a helpline and monthly meet-ups across six villages.',
    tones: ['#8a7fb5', '#463d75'],
  },
  {
    name: 'Seaview Swim Club for All',
    shortDescription: 'Swimming lessons for disabled children',
    longDescription:
      'Small classes, patient coaches and a pool hoist mean every child can learn to swim. We run 40 lessons a month.',
    tones: ['#4fa3a5', '#1f5f61'],
  },
  {
    name: 'Millbrook Men’s Shed',
    shortDescription: 'Making, mending and talking side by side',
    longDescription:
      'Woodwork, bike repairs and good company. Our shed gives men a place to share skills and look out for one another.',
    tones: ['#a08460', '#5c4526'],
  },
  {
    name: 'Kestrel Wildlife Trust',
    shortDescription: 'Protecting the meadows of Kestrel Valley',
    longDescription:
      'We care for 14 hectares of wildflower meadow and the birds, bees and butterflies that depend on it. Volunteers welcome every Sunday.',
    tones: ['#7ea46b', '#3c5f2d'],
  },
  {
    name: 'Brightwater Baby Bank',
    shortDescription: 'Cots, clothes and nappies for new families',
    longDescription:
      'Families referred by midwives and health visitors receive everything a new baby needs, from a safe cot to a winter coat.',
    tones: ['#d88fa6', '#8c3a55'],
  },
  {
    name: 'Ashdown Music Makers',
    shortDescription: 'Free instrument lessons for young people',
    longDescription:
      'We lend instruments and run group lessons so that music is not only for families who can afford it. Our youth band plays the summer fair.',
    tones: ['#c7a24a', '#7a5c12'],
  },
  {
    name: 'Copper Lane Refugee Welcome',
    shortDescription: 'English classes and a friendly welcome',
    longDescription:
      'Conversation classes, help with forms and a weekly shared lunch for families who have made our town their new home.',
    tones: ['#6f8fc2', '#2f4c80'],
  },
  {
    name: 'Thornbury Mental Health Walks',
    shortDescription: 'Walking and talking for better days',
    longDescription:
      'Gentle group walks led by trained volunteers, with time to talk. No booking, no pressure, just fresh air and company.',
    tones: ['#71a88f', '#2e6650'],
  },
];
