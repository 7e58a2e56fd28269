import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The structured logger. One per function: the route id is the service name, so logs group by route.
 * Never log request bodies or headers wholesale: they carry passwords, codes and tokens.
 */
export function createLogger(serviceName: string): Logger {
  return new Logger({
    serviceName,
    logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
  });
}
