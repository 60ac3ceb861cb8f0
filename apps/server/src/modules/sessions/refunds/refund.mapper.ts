import type { Refund } from './refund.entity.js';
import { type RefundRecord, toRefundRecord } from './refund.service.js';
import { RefundView } from './refund.types.js';

export function toRefundViewOfRecord(record: RefundRecord): RefundView {
  return Object.assign(new RefundView(), {
    ...record,
    amountMinor: BigInt(record.amountMinor),
    createdAt: new Date(record.createdAt),
    settledAt: record.settledAt === null ? null : new Date(record.settledAt),
  });
}

export function toRefundView(refund: Refund): RefundView {
  return toRefundViewOfRecord(toRefundRecord(refund));
}
