import { useT } from '../i18n/translator';
import type { GroupFacts } from './GroupProgress';
import { isSplitTotal } from './group-figures';
import { groupDeadline, groupMessages as messages } from './group-words';

/**
 * Before anyone pays for places: what happens to their money. Held now and charged only if the
 * group goes ahead (manual capture), or charged now and refunded if it does not (automatic); for a
 * shared total, that the price falls as more join and the difference is never taken or comes back.
 */
export function GroupPromise({ facts, captureMethod, now }: { facts: GroupFacts; captureMethod: string; now: number }) {
  const t = useT();
  const manual = captureMethod === 'MANUAL';
  const values = { min: facts.openGroup.minPlaces, deadline: groupDeadline(t, facts.expiresAt, facts.merchantTimeZone, now) };
  const falling = isSplitTotal(facts.openGroup);
  return (
    <div className="notice notice-info group-promise" data-testid="group-promise">
      <p>{t(manual ? messages.manualPromise : messages.automaticPromise, values)}</p>
      {falling && <p>{t(manual ? messages.manualPromiseFalling : messages.automaticPromiseFalling)}</p>}
    </div>
  );
}
