/** Account preferences (issue 10): display name, email preferences, profile image, locations, payments. */
export const preferenceRoutes = {} as const;
