import type { Refund } from './refund.entity.js';
import { type RefundRecord, toRefundRecord } from './refund.service.js';
import { RefundView } from './refund.types.js';

export function toRefundViewOfRecord(record: RefundRecord): RefundView {
  return Object.assign(new RefundView(), {
    ...record,
    // A reply stored before refunds had a purpose (an idempotent replay) gave back booking money.
    purpose: record.purpose ?? 'booking',
    amountMinor: BigInt(record.amountMinor),
    createdAt: new Date(record.createdAt),
    settledAt: record.settledAt === null ? null : new Date(record.settledAt),
  });
}

export function toRefundView(refund: Refund): RefundView {
  return toRefundViewOfRecord(toRefundRecord(refund));
}
