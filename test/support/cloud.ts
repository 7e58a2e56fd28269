import type { CloudInfo } from './local-cloud-process';

/** Details of the local cloud the global setup started. */
export function cloud(): CloudInfo {
  const raw = process.env.LOCAL_CLOUD;
  if (!raw) throw new Error('LOCAL_CLOUD is not set: run through the integration or e2e jest project');
  return JSON.parse(raw) as CloudInfo;
}

/**
 * Points this test process at the local cloud exactly as a deployed function is configured, so handlers
 * can be imported and called in-process against the real stand-ins. Call before importing a handler.
 */
export function applyCloudEnvironment(): CloudInfo {
  const info = cloud();
  Object.assign(process.env, info.env, { AWS_MAX_ATTEMPTS: '1' });
  return info;
}
