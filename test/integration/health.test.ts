import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { applyCloudEnvironment } from '../support/cloud';

const { env } = applyCloudEnvironment();

const context = {
  awsRequestId: 'test',
  functionName: 'health',
  getRemainingTimeInMillis: () => 5000,
} as unknown as Context;
const event = {
  version: '2.0',
  routeKey: 'GET /api/health',
  rawPath: '/api/health',
  rawQueryString: '',
  // As CloudFront (the local origin) sends it: the functions refuse requests without the origin secret.
  headers: { 'x-origin-verify': env.ORIGIN_VERIFY_SECRET },
  isBase64Encoded: false,
  requestContext: { http: { method: 'GET', path: '/api/health', sourceIp: '127.0.0.1' } },
} as unknown as APIGatewayProxyEventV2;

/** Loads the real handler module afresh with the given table name (functions read env at cold start). */
function loadHandler(tableName: string) {
  process.env.TABLE_NAME = tableName;
  let handler!: (e: APIGatewayProxyEventV2, c: Context) => Promise<{ statusCode: number; body: string }>;
  jest.isolateModules(() => {
    handler = require('../../lambdas/functions/health/handler').handler;
  });
  return handler;
}

describe('health function against DynamoDB Local', () => {
  const table = process.env.TABLE_NAME as string;
  afterAll(() => {
    process.env.TABLE_NAME = table;
  });

  it('reports the database reachable', async () => {
    const res = await loadHandler(table)(event, context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ success: true, checks: { database: 'ok' } });
  });

  it('answers 503 with the contract body, and no internals, when the table is missing', async () => {
    const res = await loadHandler('no-such-table')(event, context);
    expect(res.statusCode).toBe(503);
    const body = JSON.parse(res.body);
    expect(body).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      error: 'The service is temporarily unavailable. Please try again in a moment.',
    });
    expect(res.body).not.toMatch(/ResourceNotFound|no-such-table/);
  });

  it('refuses to start without its environment', () => {
    delete process.env.TABLE_NAME;
    expect(() =>
      jest.isolateModules(() => {
        require('../../lambdas/functions/health/handler');
      }),
    ).toThrow(/Invalid function environment: TABLE_NAME/);
  });
});

describe('seed data', () => {
  it('holds the three page templates, Basic the only active one', async () => {
    const { createTable } = await import('../../lambdas/data/table');
    const { pageTemplateData } = await import('../../lambdas/data/page-templates');
    const templates = await pageTemplateData(createTable(process.env.TABLE_NAME as string)).list();
    expect(templates.map((t) => t.template_type)).toEqual(['basic', 'customised', 'multiple_tabs']);
    expect(templates.filter((t) => t.is_active).map((t) => t.template_type)).toEqual(['basic']);
    expect(templates.find((t) => t.template_type === 'customised')?.max_media_files).toBe(20);
  });
});
