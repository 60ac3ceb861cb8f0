import type { ReactNode } from 'react';
import type { AdminSessionQuery } from '../gql/graphql';
import { formatDateTime, formatOperatorMoney } from '../ui/format';

type OpenGroup = NonNullable<AdminSessionQuery['session']['openGroup']>;

/**
 * An open group's terms and where it stands, for the session page: anyone with its join link claims
 * places, so the participants below are whoever joined (docs/lifecycle.md, "Open groups").
 */
export function OpenGroupSection({ group, currency }: { group: OpenGroup; currency: string }) {
  const money = (minor: string) => formatOperatorMoney(minor, currency);
  const rows: [string, ReactNode][] = [
    ['Pricing', group.pricing === 'SPLIT_TOTAL' ? 'The amount shared by every place' : 'A price per place'],
    [
      'Places',
      `${group.minPlaces} to go ahead, at most ${group.maxPlaces}${group.maxPlacesPerPayer ? ` (${group.maxPlacesPerPayer} a payer)` : ''}`,
    ],
    ['Sold', `${group.placesSold} held or paid, ${group.placesReserved} being paid for, ${group.placesLeft} left`],
    [
      'Price per place',
      group.finalPricePerPlaceMinor
        ? `${money(group.finalPricePerPlaceMinor)} (final)`
        : `${money(group.pricePerPlaceMinor)} now, at most ${money(group.maxPricePerPlaceMinor)}`,
    ],
    ['Went ahead (tipped)', group.tippedAt ? formatDateTime(group.tippedAt, true) : 'Not yet'],
    ['Full', group.fullAt ? formatDateTime(group.fullAt, true) : '—'],
    ['Organiser', group.organiserName ?? '—'],
    ['Join link', group.joinUrl ? <code key="link">{group.joinUrl}</code> : '—'],
  ];
  return (
    <section className="admin-section" aria-labelledby="open-group">
      <h2 id="open-group">Open group</h2>
      <dl className="details">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A claim's places, as the participants table shows them. */
export function placesOf(participant: { places?: number | null }): string {
  if (participant.places == null) return '—';
  return `${participant.places} ${participant.places === 1 ? 'place' : 'places'}`;
}
