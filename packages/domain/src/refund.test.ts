import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { allocateRefund, checkAllocations, readRefundRequest, type RefundablePayment } from './refund.js';

const id = (n: number): string => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

/** Payments with what each paid and what is still refundable (0..paid). */
const paymentsArb = fc
  .array(
    fc.tuple(fc.bigInt({ min: 1n, max: 10_000_000n }), fc.double({ min: 0, max: 1, noNaN: true })).map(([paid, fraction]) => ({
      paid,
      fraction,
    })),
    { minLength: 1, maxLength: 12 },
  )
  .map((rows) =>
    rows.map(({ paid, fraction }, i): RefundablePayment => ({
      paymentId: id(i + 1),
      paidMinor: paid,
      refundableMinor: (paid * BigInt(Math.floor(fraction * 1000))) / 1000n,
    })),
  );

const total = (payments: readonly RefundablePayment[]): bigint => payments.reduce((sum, p) => sum + p.refundableMinor, 0n);

describe('allocateRefund', () => {
  it('spreads in proportion to what each paid, leftover units by largest remainder, ties to the earlier payment', () => {
    const payments = [
      { paymentId: id(1), paidMinor: 2400n, refundableMinor: 2400n },
      { paymentId: id(2), paidMinor: 2400n, refundableMinor: 2400n },
      { paymentId: id(3), paidMinor: 2400n, refundableMinor: 2400n },
    ];
    expect(allocateRefund(100n, payments)).toEqual([
      { paymentId: id(1), amountMinor: 34n },
      { paymentId: id(2), amountMinor: 33n },
      { paymentId: id(3), amountMinor: 33n },
    ]);
    expect(
      allocateRefund(9000n, [
        { paymentId: id(1), paidMinor: 6000n, refundableMinor: 6000n },
        { paymentId: id(2), paidMinor: 3000n, refundableMinor: 3000n },
      ]),
    ).toEqual([
      { paymentId: id(1), amountMinor: 6000n },
      { paymentId: id(2), amountMinor: 3000n },
    ]);
  });

  it('caps a payment at what it still has and spreads the rest over the others', () => {
    const payments = [
      { paymentId: id(1), paidMinor: 5000n, refundableMinor: 500n },
      { paymentId: id(2), paidMinor: 5000n, refundableMinor: 5000n },
    ];
    expect(allocateRefund(4000n, payments)).toEqual([
      { paymentId: id(1), amountMinor: 500n },
      { paymentId: id(2), amountMinor: 3500n },
    ]);
  });

  it('leaves out parts of 0 and payments with nothing left', () => {
    const payments = [
      { paymentId: id(1), paidMinor: 5000n, refundableMinor: 0n },
      { paymentId: id(2), paidMinor: 5000n, refundableMinor: 5000n },
      { paymentId: id(3), paidMinor: 1n, refundableMinor: 1n },
    ];
    expect(allocateRefund(10n, payments)).toEqual([{ paymentId: id(2), amountMinor: 10n }]);
  });

  it('refuses more than is refundable, nothing left, and amounts not above 0', () => {
    const payments = [{ paymentId: id(1), paidMinor: 100n, refundableMinor: 40n }];
    expect(() => allocateRefund(41n, payments)).toThrow(expect.objectContaining({ code: 'REFUND_EXCEEDS_REFUNDABLE' }));
    expect(() => allocateRefund(1n, [{ ...payments[0]!, refundableMinor: 0n }])).toThrow(
      expect.objectContaining({ code: 'NOTHING_TO_REFUND' }),
    );
    expect(() => allocateRefund(0n, payments)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  it('property: parts sum exactly to the amount, none above its refundable, none 0 or negative, deterministic', () => {
    fc.assert(
      fc.property(
        paymentsArb.filter((payments) => total(payments) > 0n),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (payments, fraction) => {
          const left = total(payments);
          const amount = 1n + ((left - 1n) * BigInt(Math.floor(fraction * 1_000_000))) / 1_000_000n;
          const parts = allocateRefund(amount, payments);
          expect(parts.reduce((sum, part) => sum + part.amountMinor, 0n)).toBe(amount);
          const byId = new Map(payments.map((payment) => [payment.paymentId, payment]));
          for (const part of parts) {
            expect(part.amountMinor).toBeGreaterThan(0n);
            expect(part.amountMinor).toBeLessThanOrEqual(byId.get(part.paymentId)!.refundableMinor);
          }
          expect(new Set(parts.map((part) => part.paymentId)).size).toBe(parts.length);
          expect(allocateRefund(amount, payments)).toEqual(parts);
          // In the order of the payments given.
          const order = payments.map((payment) => payment.paymentId).filter((pid) => parts.some((part) => part.paymentId === pid));
          expect(parts.map((part) => part.paymentId)).toEqual(order);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: with nothing refunded yet, each part is within one unit of its exact proportional share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 1_000_000n }), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (paid, fraction) => {
          const payments = paid.map((p, i) => ({ paymentId: id(i + 1), paidMinor: p, refundableMinor: p }));
          const captured = total(payments);
          const amount = 1n + ((captured - 1n) * BigInt(Math.floor(fraction * 1_000_000))) / 1_000_000n;
          const parts = new Map(allocateRefund(amount, payments).map((part) => [part.paymentId, part.amountMinor]));
          for (const payment of payments) {
            const got = parts.get(payment.paymentId) ?? 0n;
            const floor = (amount * payment.paidMinor) / captured;
            expect(got === floor || got === floor + 1n).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: refunding everything refunds each payment exactly what it has left', () => {
    fc.assert(
      fc.property(
        paymentsArb.filter((payments) => total(payments) > 0n),
        (payments) => {
          const parts = allocateRefund(total(payments), payments);
          expect(parts).toEqual(
            payments.filter((p) => p.refundableMinor > 0n).map((p) => ({ paymentId: p.paymentId, amountMinor: p.refundableMinor })),
          );
        },
      ),
    );
  });
});

describe('readRefundRequest', () => {
  it('reads amounts, a reason and allocations', () => {
    expect(readRefundRequest({})).toEqual({ reason: null });
    expect(readRefundRequest({ amountMinor: '9600', reason: ' Booking cancelled ' })).toEqual({
      amountMinor: 9600n,
      reason: 'Booking cancelled',
    });
    expect(
      readRefundRequest({
        amountMinor: '300',
        allocations: [
          { paymentId: id(1).toUpperCase(), amountMinor: '100' },
          { paymentId: id(2), amountMinor: 200 },
        ],
      }),
    ).toEqual({
      amountMinor: 300n,
      reason: null,
      allocations: [
        { paymentId: id(1), amountMinor: 100n },
        { paymentId: id(2), amountMinor: 200n },
      ],
    });
  });

  it('names every problem with its path', () => {
    const refused = (input: Parameters<typeof readRefundRequest>[0]): AppError => {
      try {
        readRefundRequest(input);
      } catch (error) {
        return error as AppError;
      }
      throw new Error('accepted');
    };
    expect(refused({ amountMinor: '0' }).details).toEqual([expect.objectContaining({ path: 'amountMinor' })]);
    expect(refused({ amountMinor: '-5' }).code).toBe('VALIDATION_ERROR');
    expect(refused({ reason: 'a\nb' }).details).toEqual([expect.objectContaining({ path: 'reason' })]);
    expect(refused({ reason: 'x'.repeat(501) }).details).toEqual([expect.objectContaining({ path: 'reason' })]);
    expect(
      refused({
        allocations: [
          { paymentId: id(1), amountMinor: '1' },
          { paymentId: id(1), amountMinor: '1' },
          { paymentId: 'nope', amountMinor: '0' },
        ],
      }).details,
    ).toEqual([
      expect.objectContaining({ path: 'allocations[1].paymentId' }),
      expect.objectContaining({ path: 'allocations[2].paymentId' }),
      expect.objectContaining({ path: 'allocations[2].amountMinor' }),
    ]);
    expect(refused({ amountMinor: '5', allocations: [{ paymentId: id(1), amountMinor: '4' }] }).details).toEqual([
      expect.objectContaining({ path: 'allocations', message: expect.stringContaining('add up to 4') }),
    ]);
    expect(refused({ allocations: [] }).details).toEqual([expect.objectContaining({ path: 'allocations' })]);
  });
});

describe('checkAllocations', () => {
  const payments = [
    { paymentId: id(1), paidMinor: 100n, refundableMinor: 60n },
    { paymentId: id(2), paidMinor: 100n, refundableMinor: 100n },
  ];
  it('returns the parts in payment order', () => {
    expect(
      checkAllocations(
        [
          { paymentId: id(2), amountMinor: 5n },
          { paymentId: id(1), amountMinor: 60n },
        ],
        payments,
      ),
    ).toEqual([
      { paymentId: id(1), amountMinor: 60n },
      { paymentId: id(2), amountMinor: 5n },
    ]);
  });
  it('refuses unknown payments and amounts above what is left', () => {
    expect(() => checkAllocations([{ paymentId: id(9), amountMinor: 1n }], payments)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ path: 'allocations[0].paymentId' })] }),
    );
    expect(() => checkAllocations([{ paymentId: id(1), amountMinor: 61n }], payments)).toThrow(
      expect.objectContaining({ code: 'REFUND_EXCEEDS_REFUNDABLE' }),
    );
    expect(() =>
      checkAllocations(
        [{ paymentId: id(1), amountMinor: 1n }],
        payments.map((p) => ({ ...p, refundableMinor: 0n })),
      ),
    ).toThrow(expect.objectContaining({ code: 'NOTHING_TO_REFUND' }));
  });
});
