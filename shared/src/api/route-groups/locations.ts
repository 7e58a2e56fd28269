/** Location settings (issue 10): the charity's locations and service areas, and address lookup. */
export const locationRoutes = {} as const;
