// The request log's front door: what the rest of the server may use (docs/architecture.md, "Modules").
export { createRequestLogModule, type RequestLogSettings } from './request-log-services.js';
export type { RequestLogService } from './request-log.service.js';
export type { RequestLogStats, RequestLogWriter } from './request-log-writer.js';
export { RequestLogResolver } from './request-log.resolver.js';
