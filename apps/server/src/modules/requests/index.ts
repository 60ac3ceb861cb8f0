// The request log's front door: what the rest of the server may use (docs/architecture.md, "Modules").
export { createRequestLogModule, type RequestLogSettings } from './request-log-services.js';
export type { RequestLogService } from './request-log.service.js';
export type { RequestLog } from './request-log-thread.js';
export type { RequestLogStats } from './request-log-writer.js';
export { RequestLogResolver } from './request-log.resolver.js';
