import sesServer from 'aws-ses-v2-local';

/** Starts the local SES (v1 and v2 SendEmail); its web inbox is at `/`, the messages as JSON at `/store`. */
export async function startSes(opts: { port: number }) {
  const server = await sesServer({ host: '127.0.0.1', port: opts.port });
  return {
    url: `http://localhost:${opts.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
