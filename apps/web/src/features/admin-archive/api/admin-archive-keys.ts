/** Query keys of the admin archive page. */
export const adminArchiveKeys = {
  all: ['admin-archive'] as const,
  overview: () => [...adminArchiveKeys.all, 'overview'] as const,
};
