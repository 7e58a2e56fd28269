import { captureMetrics, flushMetrics, recordMetric } from './metrics';

describe('metrics port', () => {
  it('hands what the domain records to the sink in place (tests see it)', () => {
    const captured = captureMetrics();
    try {
      recordMetric('Registrations');
      recordMetric('RegisterIndexAgeHours', 30, 'None');
      expect(captured.records).toEqual([
        { name: 'Registrations', value: 1, unit: 'Count' },
        { name: 'RegisterIndexAgeHours', value: 30, unit: 'None' },
      ]);
    } finally {
      captured.restore();
    }
  });

  it('writes CloudWatch Embedded Metric Format through Powertools in production, once per flush', () => {
    const emf = emfDocuments({ POWERTOOLS_SERVICE_NAME: 'register-charity' }, (port) => {
      port.flushMetrics(); // nothing recorded: no line
      port.recordMetric('Uploads');
      port.recordMetric('Uploads');
      port.flushMetrics();
    });
    expect(emf).toHaveLength(1);
    const doc = emf[0];
    expect(doc._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'Kindred',
      Dimensions: [['service']],
      Metrics: [{ Name: 'Uploads', Unit: 'Count' }],
    });
    expect(doc).toMatchObject({ service: 'register-charity', Uploads: [1, 1] });
    expect(flushMetrics).toBeDefined();
  });

  it('writes a count by version on a line of its own, and by service with the rest', () => {
    const docs = emfDocuments(
      { POWERTOOLS_SERVICE_NAME: 'get-donations', AWS_LAMBDA_FUNCTION_VERSION: '7' },
      (port) => {
        port.recordByVersion('UnhandledErrors');
        port.flushMetrics();
      },
    );
    expect(docs).toHaveLength(2);
    const byVersion = docs.find((d) => d._aws.CloudWatchMetrics[0].Dimensions[0].includes('version'));
    expect(byVersion).toMatchObject({ service: 'get-donations', version: '7', UnhandledErrors: 1 });
    expect(byVersion._aws.CloudWatchMetrics[0].Dimensions[0].sort()).toEqual(['service', 'version']);
    const byService = docs.find((d) => d !== byVersion);
    expect(byService._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service']]);
    expect(byService).toMatchObject({ UnhandledErrors: 1 });
  });
});

/**
 * The EMF documents a fresh copy of the port writes to stdout while `run` uses it, with Powertools on (as in
 * Lambda) and `env` set; the environment is restored after.
 */
// biome-ignore lint/suspicious/noExplicitAny: EMF documents are read field by field in the assertions.
function emfDocuments(env: Record<string, string>, run: (port: typeof import('./metrics')) => void): any[] {
  const saved = { ...process.env };
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    delete process.env.POWERTOOLS_METRICS_DISABLED;
    delete process.env.POWERTOOLS_DEV;
    Object.assign(process.env, { POWERTOOLS_METRICS_NAMESPACE: 'Kindred', ...env });
    jest.isolateModules(() => run(require('./metrics') as typeof import('./metrics')));
  } finally {
    spy.mockRestore();
    process.env = saved;
  }
  return lines
    .map((l) => l.trim())
    .filter((l) => l.startsWith('{') && l.includes('_aws'))
    .map((l) => JSON.parse(l));
}
