import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requestId(); equals the X-Request-Id response header. */
    requestId: string;
  }
}

// A caller's id is reused when it is a plain token, so requests can be followed across systems.
// Ours are random UUIDs: node:crypto hands them out of a pre-filled entropy cache, which on the
// busiest routes costs a fraction of a random-bytes call per request.
const ACCEPTABLE_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The caller's X-Request-Id when it is a plain token, else a new one (also for WebSocket handshakes). */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && ACCEPTABLE_ID.test(incoming) ? incoming : `req_${randomUUID()}`;
}

export function requestId() {
  return (req: Request, res: Response, next: NextFunction): void => {
    req.requestId = requestIdFor(req.get('x-request-id'));
    res.setHeader('X-Request-Id', req.requestId);
    next();
  };
}
