import { useT } from '../i18n/translator';
import { formatTimeLeft } from '../time-left';
import { groupPhase, hasTipped, isSplitTotal, type OpenGroupFigures, percentToGoAhead, takesPlaces } from './group-figures';
import { groupDeadline, groupMessages as messages } from './group-words';

/** What every open group's page knows of it: its figures, its session's status, money and deadline. */
export interface GroupFacts {
  status: Parameters<typeof groupPhase>[0];
  currency: string;
  expiresAt: string;
  merchantTimeZone?: string | null;
  openGroup: OpenGroupFigures;
}

interface Props {
  facts: GroupFacts;
  now: number;
  /** The section's heading id, unique on the page. */
  headingId?: string;
}

/**
 * How the group is doing, for anyone: places taken toward going ahead (then of the most there can
 * be, once it tipped), what a place costs now and at most, places left, and when it closes.
 */
export function GroupProgress({ facts, now, headingId = 'group-heading' }: Props) {
  const t = useT();
  const group = facts.openGroup;
  const phase = groupPhase(facts.status, group);
  // Said from the places that count now: a capture declined at the end gives its places back.
  const tipped = group.placesSold >= group.minPlaces;
  const money = (minor: string) => t.money(minor, facts.currency);
  const wentAhead = tipped && group.finalPricePerPlaceMinor != null && facts.status === 'COMPLETED';
  const summary = wentAhead
    ? t(messages.wentAheadLine, { sold: group.placesSold })
    : tipped
      ? t(messages.tippedLine, { sold: group.placesSold })
      : t(messages.toGoAhead, { sold: group.placesSold, min: group.minPlaces });
  // Toward the minimum until it tipped; then toward the most there can be.
  const percent = tipped ? Math.floor((group.placesSold * 100) / Math.max(1, group.maxPlaces)) : percentToGoAhead(group);
  const open = takesPlaces(phase) || phase === 'taken';
  const final = group.finalPricePerPlaceMinor ?? null;
  return (
    <section className="group-section" aria-labelledby={headingId}>
      <div className="group-heading">
        <h2 id={headingId}>{t(messages.heading)}</h2>
        <p className="muted">{t(messages.placesTaken, { sold: group.placesSold, max: group.maxPlaces })}</p>
      </div>
      <p className="progress-summary" data-testid="group-summary">
        <strong>{summary}</strong>
      </p>
      <div
        className={tipped ? 'progress progress-tipped' : 'progress'}
        role="progressbar"
        aria-label={t(messages.progressLabel)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={summary}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <dl className="group-facts">
        {final !== null ? (
          <div>
            <dt>{t(messages.finalPrice)}</dt>
            <dd data-testid="final-price">{money(final)}</dd>
          </div>
        ) : isSplitTotal(group) ? (
          <>
            <div>
              <dt>{t(messages.pricePerPlaceNow)}</dt>
              <dd data-testid="price-now">{money(group.pricePerPlaceMinor)}</dd>
            </div>
            <div>
              <dt>{t(messages.atMost)}</dt>
              <dd>{money(group.maxPricePerPlaceMinor)}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{t(messages.pricePerPlace)}</dt>
            <dd data-testid="price-now">{money(group.pricePerPlaceMinor)}</dd>
          </div>
        )}
        {open && (
          <div>
            <dt>{t(messages.placesLeft)}</dt>
            <dd data-testid="places-left">{t(messages.placesLeftValue, { left: group.placesLeft, max: group.maxPlaces })}</dd>
          </div>
        )}
        {open && !hasTipped(group) && (
          <div>
            <dt>{t(messages.goesAheadWith)}</dt>
            <dd>{t(messages.placeCount, { count: group.minPlaces })}</dd>
          </div>
        )}
        {open && (
          <div className="group-fact-wide">
            <dt>{t(messages.deadline)}</dt>
            <dd>
              <time dateTime={facts.expiresAt} data-testid="group-deadline">
                {groupDeadline(t, facts.expiresAt, facts.merchantTimeZone, now)}
              </time>{' '}
              <span className="muted">· {formatTimeLeft(t, facts.expiresAt, now)}</span>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
