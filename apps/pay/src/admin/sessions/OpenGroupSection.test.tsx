// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenGroupSection, placesOf } from './OpenGroupSection';

afterEach(cleanup);

const group = {
  pricing: 'SPLIT_TOTAL' as const,
  minPlaces: 4,
  maxPlaces: 10,
  maxPlacesPerPayer: 3,
  pricePerPlaceMinor: '8572',
  maxPricePerPlaceMinor: '15000',
  finalPricePerPlaceMinor: null,
  placesSold: 6,
  placesReserved: 1,
  placesLeft: 3,
  tippedAt: '2030-01-01T09:00:00.000Z',
  fullAt: null,
  organiserName: 'Aroha',
  joinUrl: 'https://pay.example/pay/s1/join?code=abc',
};

describe('the session page of an open group', () => {
  it('says its terms and where it stands, with the link to share', () => {
    render(<OpenGroupSection group={group} currency="NZD" />);
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value('Places')).toBe('4 to go ahead, at most 10 (3 a payer)');
    expect(value('Sold')).toBe('6 held or paid, 1 being paid for, 3 left');
    expect(value('Price per place')).toBe('NZ$85.72 now, at most NZ$150.00');
    expect(value('Organiser')).toBe('Aroha');
    expect(value('Join link')).toBe('https://pay.example/pay/s1/join?code=abc');
  });

  it('gives the final price once the group ended at it', () => {
    render(<OpenGroupSection group={{ ...group, finalPricePerPlaceMinor: '10000', fullAt: null }} currency="NZD" />);
    expect(screen.getByText('Price per place').nextElementSibling?.textContent).toBe('NZ$100.00 (final)');
  });

  it('counts a claim in places', () => {
    expect([placesOf({ places: 1 }), placesOf({ places: 3 }), placesOf({ places: null })]).toEqual(['1 place', '3 places', '—']);
  });
});
