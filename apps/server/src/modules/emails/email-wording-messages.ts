import { defineMessages } from '@formatjs/intl';

/**
 * What the emails say, in English; each language's words are in messages/<locale>.json
 * (docs/i18n.md). `what` is the purchase and merchant ("Dinner for 4 at Harbour Table", or the
 * merchant alone); amounts come formatted in the reader's format, times in the integration's zone.
 */
export const wordMessages = defineMessages({
  purchaseAt: {
    id: 'email.purchaseAt',
    defaultMessage: '{purchase} at {merchant}',
    description: 'What is bought and where, used inside sentences',
  },
  seeProgress: { id: 'email.action.seeProgress', defaultMessage: 'See the group’s progress', description: 'Button to a payer’s pay page' },
  backToSplit: { id: 'email.action.backToSplit', defaultMessage: 'Back to your split', description: 'Button to the organiser’s page' },
  payYourShare: { id: 'email.action.payYourShare', defaultMessage: 'Pay your share', description: 'Button to pay' },
  openYourSplit: { id: 'email.action.openYourSplit', defaultMessage: 'Open your split', description: 'Button of the sign-in email' },
  footerHost: {
    id: 'email.footer.host',
    defaultMessage: 'This email was sent by PaySplit for {merchant} because you gave this address when you organised a group payment.',
    description: 'Footer of the organiser’s emails',
  },
  footerPayer: {
    id: 'email.footer.payer',
    defaultMessage: 'This email was sent by PaySplit for {merchant} because {organiser} added your address to a group payment.',
    description: 'Footer of a payer’s emails',
  },
  footerPayerUnnamed: {
    id: 'email.footer.payerUnnamed',
    defaultMessage: 'This email was sent by PaySplit for {merchant} because the organiser added your address to a group payment.',
    description: 'Footer of a payer’s emails when the organiser has no name',
  },
  invitationSubject: {
    id: 'email.invitation.subject',
    defaultMessage: '{organiser} invited you to pay your share: {what}',
    description: 'Subject of an invitation',
  },
  invitationSubjectUnnamed: {
    id: 'email.invitation.subjectUnnamed',
    defaultMessage: 'Your organiser invited you to pay your share: {what}',
    description: 'Subject of an invitation when the organiser has no name',
  },
  invitation: {
    id: 'email.invitation.body',
    defaultMessage: '{organiser} is splitting the payment for {what}. Your share is {share}. Please pay by {deadline}.',
    description: 'An invitation; deadline is a date and time with its zone',
  },
  invitationUnnamed: {
    id: 'email.invitation.bodyUnnamed',
    defaultMessage: 'Your organiser is splitting the payment for {what}. Your share is {share}. Please pay by {deadline}.',
    description: 'An invitation when the organiser has no name',
  },
  reminderSubject: {
    id: 'email.reminder.subject',
    defaultMessage: 'Reminder: your share of {what} is due by {deadline}',
    description: 'Subject of a reminder',
  },
  reminder: {
    id: 'email.reminder.body',
    defaultMessage:
      'Your share of {what} ({share}) is not paid yet. The group payment closes on {deadline}; if it is not complete by then, the booking may be lost.',
    description: 'A reminder',
  },
  amountPaid: { id: 'email.detail.amountPaid', defaultMessage: 'Amount paid', description: 'Receipt row label' },
  paymentReference: { id: 'email.detail.paymentReference', defaultMessage: 'Payment reference', description: 'Receipt row label' },
  paysplitPaymentId: { id: 'email.detail.paysplitPaymentId', defaultMessage: 'PaySplit payment ID', description: 'Receipt row label' },
  date: { id: 'email.detail.date', defaultMessage: 'Date', description: 'Receipt row label' },
  paidTo: { id: 'email.detail.paidTo', defaultMessage: 'Paid to', description: 'Receipt row label: the merchant' },
  for: { id: 'email.detail.for', defaultMessage: 'For', description: 'Receipt row label: what was bought' },
  bookingReference: {
    id: 'email.detail.bookingReference',
    defaultMessage: 'Booking reference',
    description: 'Receipt row label: the merchant’s reference',
  },
  yourShare: { id: 'email.detail.yourShare', defaultMessage: 'Your share', description: 'Row label' },
  totalPaid: { id: 'email.detail.totalPaid', defaultMessage: 'Total paid', description: 'Row label' },
  amountRefunded: { id: 'email.detail.amountRefunded', defaultMessage: 'Amount refunded', description: 'Row label' },
  from: { id: 'email.detail.from', defaultMessage: 'From', description: 'Row label: the merchant who refunded' },
  refundReference: { id: 'email.detail.refundReference', defaultMessage: 'Refund reference', description: 'Row label' },
  originalPaymentReference: {
    id: 'email.detail.originalPaymentReference',
    defaultMessage: 'Original payment reference',
    description: 'Row label',
  },
  receiptSubject: {
    id: 'email.receipt.subject',
    defaultMessage: 'Receipt: you paid {paid} for {what}',
    description: 'Subject of a receipt',
  },
  receipt: {
    id: 'email.receipt.body',
    defaultMessage: 'Thank you: your payment of {paid} to {merchant} is recorded. You do not need to do anything else.',
    description: 'A receipt',
  },
  coveredSubject: {
    id: 'email.covered.subject',
    defaultMessage: '{payer} paid your share of {what}',
    description: 'Subject: someone paid your share',
  },
  coveredSubjectUnnamed: {
    id: 'email.covered.subjectUnnamed',
    defaultMessage: 'Your organiser paid your share of {what}',
    description: 'Subject: the organiser (no name) paid your share',
  },
  covered: {
    id: 'email.covered.body',
    defaultMessage: '{payer} paid your {share} share of {what}, so there is nothing for you to pay.',
    description: 'Someone paid your share',
  },
  coveredUnnamed: {
    id: 'email.covered.bodyUnnamed',
    defaultMessage: 'Your organiser paid your {share} share of {what}, so there is nothing for you to pay.',
    description: 'The organiser (no name) paid your share',
  },
  completionSubject: {
    id: 'email.completion.subject',
    defaultMessage: 'Everyone has paid: {what}',
    description: 'Subject to the organiser',
  },
  completion: {
    id: 'email.completion.body',
    defaultMessage: 'Every share of {what} is paid ({total} in total). The payment is complete.',
    description: 'To the organiser when everyone has paid',
  },
  refundSubject: {
    id: 'email.refund.subject',
    defaultMessage: 'Refund: {amount} back to you from {merchant}',
    description: 'Subject of a refund',
  },
  refund: {
    id: 'email.refund.body',
    defaultMessage:
      '{merchant} has sent back {amount} of your payment for {what}. Depending on your bank, it can take a few days to show on your statement.',
    description: 'A refund',
  },
  cancellationSubject: {
    id: 'email.cancellation.subject',
    defaultMessage: 'Cancelled: {what}',
    description: 'Subject when the session was cancelled',
  },
  cancellation: {
    id: 'email.cancellation.body',
    defaultMessage: 'The group payment for {what} was cancelled, so nobody needs to pay anything more for it.',
    description: 'The session was cancelled',
  },
  expirySubject: { id: 'email.expiry.subject', defaultMessage: 'Expired: {what}', description: 'Subject when the session expired' },
  expiry: {
    id: 'email.expiry.body',
    defaultMessage:
      'Time ran out at {deadline} before everyone had paid, so the group payment for {what} has closed and no more payments can be made.',
    description: 'The session expired',
  },
  bookAgain: {
    id: 'email.expiry.bookAgain',
    defaultMessage: 'To book again, start a new payment at {merchant}.',
    description: 'To the organiser after expiry',
  },
  nothingLeftToRefund: {
    id: 'email.ending.nothingLeft',
    defaultMessage: 'Nothing you paid is left to refund.',
    description: 'To the organiser after an ending',
  },
  notCharged: {
    id: 'email.ending.notCharged',
    defaultMessage: 'You have not been charged anything for it.',
    description: 'To a payer who paid nothing',
  },
  refundOnItsWay: {
    id: 'email.ending.refundOnItsWay',
    defaultMessage: 'The {owed} you paid is on its way back to you: a refund has been asked for, and we will email you when it is done.',
    description: 'The merchant refunds through PaySplit',
  },
  merchantWillRefund: {
    id: 'email.ending.merchantWillRefund',
    defaultMessage: '{merchant} will refund the {owed} you paid to the card you paid with.',
    description: 'The merchant refunds by hand',
  },
  welcomeSubject: { id: 'email.welcome.subject', defaultMessage: 'You are organising: {what}', description: 'Subject to a new organiser' },
  welcome: {
    id: 'email.welcome.body',
    defaultMessage: 'You are organising the group payment for {what}: {total} in total, to be paid by {deadline}.',
    description: 'To a new organiser',
  },
  welcomeWayBack: {
    id: 'email.welcome.wayBack',
    defaultMessage:
      'To come back to your split from any phone or computer, use the link below: we will email a sign-in link to this address. We will also tell you here when everyone has paid, or if the payment closes first.',
    description: 'To a new organiser',
  },
  signInSubject: {
    id: 'email.signIn.subject',
    defaultMessage: 'Sign in to your group payment: {what}',
    description: 'Subject of a sign-in link',
  },
  signIn: {
    id: 'email.signIn.body',
    defaultMessage: 'Use the link below to open your split for {what} on this device. It works once, until {until}.',
    description: 'A sign-in link; until is a date and time with its zone',
  },
  signInIgnore: {
    id: 'email.signIn.ignore',
    defaultMessage: 'If you did not ask for it, you can ignore this email: nobody can use it without this inbox.',
    description: 'Under the sign-in link',
  },
});
