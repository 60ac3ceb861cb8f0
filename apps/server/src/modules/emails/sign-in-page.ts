import { defineMessages } from '@formatjs/intl';
import { acceptedLanguages, negotiateLocale } from '@paysplit/domain';
import { emailTranslator } from './email-locale.js';

/*
 * The pages the host's sign-in link opens (http/host-sign-in.ts). They belong with the emails: the
 * link arrives by email, and their words live in the emails' catalogs, so one check keeps every
 * language complete.
 */
const messages = defineMessages({
  notFoundTitle: {
    id: 'signIn.notFound.title',
    defaultMessage: 'We can’t find this payment',
    description: 'Heading: the link names no payment',
  },
  notFoundBody: {
    id: 'signIn.notFound.body',
    defaultMessage: 'Check that you opened the whole link you were sent.',
    description: 'Under the not-found heading',
  },
  askTitle: {
    id: 'signIn.ask.title',
    defaultMessage: 'Back to your split',
    description: 'Heading of the page where the organiser asks for a sign-in link',
  },
  askBody: {
    id: 'signIn.ask.body',
    defaultMessage:
      'If you organised this group payment and gave your email address when you set it up, we can email you a link that opens your split on this device. It works once, within 30 minutes.',
    description: 'What the page offers the organiser',
  },
  askButton: {
    id: 'signIn.ask.button',
    defaultMessage: 'Email me a sign-in link',
    description: 'Button: send the organiser a sign-in link',
  },
  askOther: {
    id: 'signIn.ask.other',
    defaultMessage:
      'No email address on it? Go back to the shop’s confirmation page and use its link to your split. If someone sent you this payment to pay your share, open the link they sent you instead.',
    description: 'Other ways back for someone without an email address on the payment, or for a payer',
  },
  expiredTitle: {
    id: 'signIn.expired.title',
    defaultMessage: 'This sign-in link doesn’t work any more',
    description: 'Heading: the sign-in link expired or was used',
  },
  expiredBody: {
    id: 'signIn.expired.body',
    defaultMessage: 'This sign-in link has expired or was used already. Each link works once, for 30 minutes.',
    description: 'Why the sign-in link no longer works',
  },
  newLinkButton: {
    id: 'signIn.expired.button',
    defaultMessage: 'Email me a new sign-in link',
    description: 'Button: send another sign-in link',
  },
  continueTitle: {
    id: 'signIn.continue.title',
    defaultMessage: 'Open your split on this device',
    description: 'Heading of the page a sign-in link opens',
  },
  continueBody: {
    id: 'signIn.continue.body',
    defaultMessage: 'Continue to open the group payment you organised, here on this device.',
    description: 'What the button on the sign-in page does',
  },
  continueButton: {
    id: 'signIn.continue.button',
    defaultMessage: 'Continue to your split',
    description: 'Button: sign in and open the split',
  },
  notAllowedTitle: {
    id: 'signIn.notAllowed.title',
    defaultMessage: 'Not allowed',
    description: 'Heading: a form posted from another site',
  },
  notAllowedBody: {
    id: 'signIn.notAllowed.body',
    defaultMessage: 'Open this page from the link in your email.',
    description: 'Under the not-allowed heading',
  },
  tooSoonTitle: {
    id: 'signIn.tooSoon.title',
    defaultMessage: 'A link is already on its way',
    description: 'Heading: a sign-in link was sent moments ago',
  },
  tooSoonBody: {
    id: 'signIn.tooSoon.body',
    defaultMessage:
      'We sent a sign-in link a moment ago: check your inbox (and spam folder). You can ask for another in {minutes, plural, one {# minute} other {# minutes}}.',
    description: 'When the organiser may ask for another link',
  },
  sentTitle: { id: 'signIn.sent.title', defaultMessage: 'Check your email', description: 'Heading: a sign-in link was sent' },
  sentBody: {
    id: 'signIn.sent.body',
    defaultMessage:
      'If you gave an email address when you organised this payment, a sign-in link is on its way to it. Open it on this device; it works once, within 30 minutes.',
    description: 'Where the sign-in link went and how to use it',
  },
});

type Words = { [K in Exclude<keyof typeof messages, 'tooSoonBody'>]: string };

/** The sign-in pages' words in the browser's language (English when it names none PaySplit writes). */
export interface SignInPageWords extends Words {
  lang: string;
  dir: 'ltr' | 'rtl';
  tooSoonBody(minutes: number): string;
}

export function signInPageWords(acceptLanguage: string | undefined): SignInPageWords {
  const t = emailTranslator(negotiateLocale(acceptedLanguages(acceptLanguage)));
  const words = Object.fromEntries(
    Object.entries(messages)
      .filter(([key]) => key !== 'tooSoonBody')
      .map(([key, descriptor]) => [key, t(descriptor)]),
  ) as Words;
  return { ...words, lang: t.tag, dir: t.dir, tooSoonBody: (minutes) => t(messages.tooSoonBody, { minutes }) };
}
