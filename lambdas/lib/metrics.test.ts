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
    const saved = { ...process.env };
    const lines: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      delete process.env.POWERTOOLS_METRICS_DISABLED;
      delete process.env.POWERTOOLS_DEV;
      process.env.POWERTOOLS_METRICS_NAMESPACE = 'Kindred';
      process.env.POWERTOOLS_SERVICE_NAME = 'register-charity';
      jest.isolateModules(() => {
        const port = require('./metrics') as typeof import('./metrics');
        port.flushMetrics(); // nothing recorded: no line
        port.recordMetric('Uploads');
        port.recordMetric('Uploads');
        port.flushMetrics();
      });
    } finally {
      spy.mockRestore();
      process.env = saved;
    }
    const emf = lines.map((l) => l.trim()).filter((l) => l.startsWith('{') && l.includes('_aws'));
    expect(emf).toHaveLength(1);
    const doc = JSON.parse(emf[0] as string);
    expect(doc._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'Kindred',
      Dimensions: [['service']],
      Metrics: [{ Name: 'Uploads', Unit: 'Count' }],
    });
    expect(doc).toMatchObject({ service: 'register-charity', Uploads: [1, 1] });
    expect(flushMetrics).toBeDefined();
  });
});
