import { AppError, ErrorCode } from '@paysplit/domain';

/** `limitBytes`: the limit of the parser that refused the body, else the app's. */
type Refusal = (limits: { limitBytes: number }) => AppError;

const tooLarge: Refusal = ({ limitBytes }) =>
  new AppError(ErrorCode.PayloadTooLarge, `The request body exceeds ${describeBytes(limitBytes)} (after decompression)`);

function describeBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}
const unsupportedEncoding: Refusal = () =>
  new AppError(ErrorCode.UnsupportedMediaType, 'Unsupported Content-Encoding; send the body as identity, gzip, deflate or br');
const corrupt: Refusal = () =>
  new AppError(ErrorCode.ValidationError, 'The request body could not be decoded as its Content-Encoding says');
const unreadable: Refusal = () => new AppError(ErrorCode.ValidationError, 'The request could not be read');

/**
 * What the reading stage (body-parser, raw-body, zlib, the router) reports, by its error `type`,
 * as the refusal the client gets: all of these are the client's doing, never a fault of ours.
 */
const BY_TYPE: Readonly<Record<string, Refusal>> = {
  'entity.too.large': tooLarge,
  'entity.parse.failed': () => new AppError(ErrorCode.ValidationError, 'Malformed JSON in the request body'),
  'encoding.unsupported': unsupportedEncoding,
  'charset.unsupported': () => new AppError(ErrorCode.UnsupportedMediaType, 'Unsupported body charset; send UTF-8 JSON'),
  'request.size.invalid': () => new AppError(ErrorCode.ValidationError, 'The request body does not match its Content-Length'),
  'request.aborted': () => new AppError(ErrorCode.ValidationError, 'The request body ended early'),
};

/** For an error of no known type: the status body-parser or the router gave it. */
const BY_STATUS: Readonly<Record<number, Refusal>> = { 400: unreadable, 413: tooLarge, 415: unsupportedEncoding };

/** zlib's codes: Z_DATA_ERROR, Z_BUF_ERROR (gzip, deflate); ERR__ERROR_FORMAT_… (brotli's decoder). */
const DECOMPRESSION_CODE = /^(Z_|ERR__ERROR_)/;

/**
 * The refusal for an error raised while the request was read, before any route ran, or undefined
 * when it is not one (a fault of ours). The one place these are told apart, for every route:
 * zlib's errors (a corrupt gzip, deflate or br body) reach us from body-parser with status 400,
 * no `type` and zlib's own `code`; an undecodable path segment comes from the router as a bare 400.
 */
export function classifyRequestError(error: unknown, limits: { maxBodyBytes: number }): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error === null || typeof error !== 'object') return undefined;
  const { type, status, code, limit } = error as { type?: unknown; status?: unknown; code?: unknown; limit?: unknown };
  const refusal =
    (typeof type === 'string' ? BY_TYPE[type] : undefined) ??
    (typeof code === 'string' && DECOMPRESSION_CODE.test(code) ? corrupt : undefined) ??
    (typeof status === 'number' ? BY_STATUS[status] : undefined);
  // A route may read its body with a smaller limit than the app's (the unsubscribe form: 2 KiB);
  // body-parser says which limit it applied.
  return refusal?.({ limitBytes: typeof limit === 'number' ? limit : limits.maxBodyBytes });
}
