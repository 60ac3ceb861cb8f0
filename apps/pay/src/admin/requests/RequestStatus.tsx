/** A request's status as a badge: answered (2xx), refused (4xx, with its code), failed on our side (5xx). */
export function RequestStatus({ status, errorCode }: { status: number; errorCode: string | null | undefined }) {
  const tone = status >= 500 ? 'badge-bad' : status >= 400 ? 'badge-wait' : 'badge-ok';
  return (
    <span>
      <span className={`badge ${tone}`}>{status}</span>
      {errorCode && (
        <>
          {' '}
          <code>{errorCode}</code>
        </>
      )}
    </span>
  );
}
