/**
 * The one brand module: the spec's `{product}`, `{email}` and `{phone}` placeholders.
 * Every user-facing text takes the product name and contacts from here.
 */
export const brand = {
  /** `{product}` in the spec. */
  productName: 'Kindred',
  /** `{email}` in the spec: the support address shown to charities and donors. */
  supportEmail: 'support@kindredgiving.org.uk',
  /** `{phone}` in the spec. Ofcom's drama range, so it reaches nobody until the real line exists. */
  supportPhone: '020 7946 0321',
  /** Address for urgent security reports (support page). */
  securityEmail: 'security@kindredgiving.org.uk',
  tagline: 'Small Charities, Big Impact',
  /** Social accounts (a placeholder handle until the real account exists). */
  social: { instagram: { handle: '@kindredgiving', url: 'https://www.instagram.com/kindredgiving' } },
} as const;

export type Brand = typeof brand;
