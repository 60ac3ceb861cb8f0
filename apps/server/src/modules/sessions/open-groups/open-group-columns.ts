import type { OpenGroupPricing } from '@paysplit/domain';
import type { OpenGroupFields } from './open-group-state.js';

/**
 * An open group in the plain reads (the merchant's session read, the explorer, the pay page): its
 * columns of `session s`, and its fields of each participant `p` in their JSON. Money as text,
 * bigint-safe.
 */
export const OPEN_GROUP_SESSION_COLUMNS = `s.open_group_pricing, s.open_group_min_places, s.open_group_max_places,
                s.open_group_max_places_per_payer, s.price_per_place_minor::text as price_per_place_minor, s.organiser_name,
                s.tipped_at, s.full_at, s.final_price_per_place_minor::text as final_price_per_place_minor`;

export const OPEN_GROUP_PARTICIPANT_JSON = `'places', p.places, 'reserved_until', p.reserved_until,
                                                            'final_amount_minor', p.final_amount_minor::text, 'joined_at', p.created_at`;

/** A row's OPEN_GROUP_SESSION_COLUMNS. */
export interface OpenGroupRow {
  open_group_pricing: OpenGroupPricing | null;
  open_group_min_places: number | null;
  open_group_max_places: number | null;
  open_group_max_places_per_payer: number | null;
  price_per_place_minor: string | null;
  organiser_name: string | null;
  tipped_at: string | Date | null;
  full_at: string | Date | null;
  final_price_per_place_minor: string | null;
}

/** A participant's OPEN_GROUP_PARTICIPANT_JSON (JSON carries timestamps as text). */
export interface OpenGroupParticipantJson {
  places: number | null;
  reserved_until: string | null;
  final_amount_minor: string | null;
  joined_at: string;
}

/** An open group's participant fields; all null in a closed session. */
export interface ClaimFields {
  places: number | null;
  reservedUntil: Date | null;
  finalAmountMinor: bigint | null;
  /** When they joined (their row's creation); null in a closed session. */
  joinedAt: Date | null;
}

export function openGroupOfRow(row: OpenGroupRow): OpenGroupFields | null {
  if (row.open_group_pricing === null || row.open_group_min_places === null || row.open_group_max_places === null) return null;
  return {
    pricing: row.open_group_pricing,
    minPlaces: row.open_group_min_places,
    maxPlaces: row.open_group_max_places,
    maxPlacesPerPayer: row.open_group_max_places_per_payer,
    pricePerPlaceMinor: bigintOrNull(row.price_per_place_minor),
    organiserName: row.organiser_name,
    tippedAt: dateOrNull(row.tipped_at),
    fullAt: dateOrNull(row.full_at),
    finalPricePerPlaceMinor: bigintOrNull(row.final_price_per_place_minor),
  };
}

export function claimOfJson(participant: OpenGroupParticipantJson): ClaimFields {
  return {
    places: participant.places,
    reservedUntil: dateOrNull(participant.reserved_until),
    finalAmountMinor: bigintOrNull(participant.final_amount_minor),
    joinedAt: participant.places === null ? null : new Date(participant.joined_at),
  };
}

/** The same of a loaded participant. */
export function claimOfParticipant(participant: {
  places: number | null;
  reservedUntil: Date | null;
  finalAmountMinor: bigint | null;
  createdAt: Date;
}): ClaimFields {
  return {
    places: participant.places,
    reservedUntil: participant.reservedUntil,
    finalAmountMinor: participant.finalAmountMinor,
    joinedAt: participant.places === null ? null : participant.createdAt,
  };
}

function bigintOrNull(value: string | null): bigint | null {
  return value === null ? null : BigInt(value);
}

function dateOrNull(value: string | Date | null): Date | null {
  return value === null ? null : new Date(value);
}
