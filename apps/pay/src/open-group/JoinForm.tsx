import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { defineMessages } from 'react-intl';
import { errorCodeOf, execute, GraphQLRequestError } from '../graphql/client';
import { JoinOpenGroupDocument } from '../graphql/operations';
import { useT } from '../i18n/translator';
import { isWebUrl, navigateTo } from '../navigation';
import { CheckoutStatus, startErrorMessage } from '../payment/start-checkout';
import { type PaySessionView, sessionQueryKey } from '../session/session-query';
import { choosablePlaces, quoteFor } from './group-figures';
import { type Invitation, invitationQueryKey, rememberJoined } from './invitation-query';
import { JOIN_FIELDS, type JoinDraft, type JoinField, joinInput, type JoinProblems, joinProblems, serverFieldProblems } from './join-form';

const messages = defineMessages({
  heading: { id: 'join.form.heading', defaultMessage: 'Take your places', description: 'Heading of the join form' },
  name: { id: 'join.form.name', defaultMessage: 'Your name', description: 'Label of the joiner’s name' },
  nameHint: {
    id: 'join.form.nameHint',
    defaultMessage: 'The organiser sees it in the list of places.',
    description: 'Under the name field',
  },
  email: { id: 'join.form.email', defaultMessage: 'Email', description: 'Label of the joiner’s email address' },
  emailHint: {
    id: 'join.form.emailHint',
    defaultMessage: 'Your receipt and your own link to the group go here.',
    description: 'Under the email field',
  },
  places: { id: 'join.form.places', defaultMessage: 'Places', description: 'Label of how many places the joiner takes' },
  placesHint: {
    id: 'join.form.placesHint',
    defaultMessage:
      '{cap, select, perPayer {Up to {max, number} per person.} other {{max, plural, one {Only # place is left.} other {Only # places are left.}}}}',
    description: 'Under the places choice: the per-person limit (perPayer) or the places left (other)',
  },
  total: {
    id: 'join.form.total',
    defaultMessage: '{places, plural, one {# place} other {# places}} at {price} each',
    description: 'What the places chosen cost; price is one place’s price',
  },
  submit: {
    id: 'join.form.submit',
    defaultMessage: 'Join and pay {amount}',
    description: 'The join form’s button; amount is what is paid now',
  },
  full: {
    id: 'join.refusal.full',
    defaultMessage: 'Someone took the last place just before you. Nothing was charged.',
    description: 'Joining was refused: the group filled up meanwhile',
  },
  fewer: {
    id: 'join.refusal.fewer',
    defaultMessage:
      'Someone took some of the places just before you: {left, plural, one {only # place is} other {only # places are}} left now. Nothing was charged.',
    description: 'Joining was refused: fewer places are left than were asked for',
  },
  closed: {
    id: 'join.refusal.closed',
    defaultMessage: 'The group stopped taking places just before you. Nothing was charged.',
    description: 'Joining was refused: the group ended or closed meanwhile',
  },
  unknown: {
    id: 'join.refusal.unknown',
    defaultMessage: 'You couldn’t join just now. Nothing was charged — please try again.',
    description: 'Joining failed for a reason the page has no words of its own for',
  },
});

/** Why the server would not let the reader join, said above the page until they try again. */
export interface JoinRefusal {
  code: string;
  text: string;
}

interface Props {
  sessionId: string;
  code: string;
  invitation: Invitation;
  onRefused: (refusal: JoinRefusal | null) => void;
}

const SESSION_MOVED_ON = new Set(['GROUP_FULL', 'SESSION_NOT_PAYABLE']);

/**
 * Name, email and places, then "Join and pay": PaySplit claims the places under the group's lock
 * and asks the merchant for a checkout, where the reader goes at once. The button stays off from
 * the first press until the checkout opens, so a second press never claims twice.
 */
export function JoinForm({ sessionId, code, invitation, onRefused }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const group = invitation.openGroup;
  const max = choosablePlaces(group);
  const [draft, setDraft] = useState<JoinDraft>({ name: '', email: '', places: 1 });
  const [shown, setShown] = useState<JoinProblems>({});
  const [left, setLeft] = useState<Partial<Record<JoinField, boolean>>>({});
  const nameField = useRef<HTMLInputElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const placesField = useRef<HTMLSelectElement>(null);
  // Fewer places left than were chosen (someone joined meanwhile): the choice follows.
  const places = Math.max(1, Math.min(draft.places, max));
  const current = { ...draft, places };
  const price = quoteFor(group, places, invitation.amountMinor ?? null);
  const amount = price * BigInt(places);
  const money = (minor: bigint | string) => t.money(minor, invitation.currency);

  const join = useMutation({
    mutationFn: async (input: ReturnType<typeof joinInput>) => {
      const { joinOpenGroup } = await execute(JoinOpenGroupDocument, { sessionId, code, input });
      if (!isWebUrl(joinOpenGroup.redirectUrl))
        throw new GraphQLRequestError('INTERNAL_ERROR', 'The checkout address is not a web address');
      return joinOpenGroup;
    },
    onSuccess: (joined) => {
      rememberJoined(sessionId, joined.participantId);
      queryClient.setQueryData<PaySessionView>(sessionQueryKey(sessionId), joined.view);
      navigateTo(joined.redirectUrl);
    },
    onError: async (error) => {
      const errorCode = errorCodeOf(error) ?? '';
      if (errorCode === 'VALIDATION_ERROR' && error instanceof GraphQLRequestError && error.details.length > 0) {
        setShown(serverFieldProblems(t, error.details, current, max));
        return;
      }
      if (!SESSION_MOVED_ON.has(errorCode)) return;
      // The group moved on: read it as it is now, then say what happened in its terms.
      const key = invitationQueryKey(sessionId, code);
      await queryClient.invalidateQueries({ queryKey: key });
      const now = queryClient.getQueryData<Invitation>(key)?.openGroup.placesLeft ?? 0;
      const text =
        errorCode === 'SESSION_NOT_PAYABLE' ? t(messages.closed) : now === 0 ? t(messages.full) : t(messages.fewer, { left: now });
      onRefused({ code: errorCode, text });
    },
  });
  const busy = join.isPending || join.isSuccess;
  const errorCode = join.isError ? (errorCodeOf(join.error) ?? '') : null;
  const inlineError =
    errorCode === null || SESSION_MOVED_ON.has(errorCode) || (errorCode === 'VALIDATION_ERROR' && Object.keys(shown).length > 0)
      ? null
      : errorCode === 'VALIDATION_ERROR'
        ? t(messages.unknown)
        : startErrorMessage(t, errorCode, t(messages.unknown));

  const update = (field: JoinField, value: string) => {
    const next = { ...draft, [field]: field === 'places' ? Number(value) : value };
    setDraft(next);
    // A problem already said goes as soon as it is mended, and changes as typing changes it.
    if (shown[field] !== undefined || left[field]) setShown((s) => ({ ...s, [field]: joinProblems(t, next, max)[field] }));
  };
  const leave = (field: JoinField) => {
    setLeft((l) => ({ ...l, [field]: true }));
    const said = joinProblems(t, current, max)[field];
    // Said once a field was typed in and left, never for one only passed through.
    if (field !== 'places' && current[field] === '') return;
    setShown((s) => ({ ...s, [field]: said }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = joinProblems(t, current, max);
    setShown(problems);
    const first = JOIN_FIELDS.find((field) => problems[field] !== undefined);
    if (first) {
      (first === 'name' ? nameField : first === 'email' ? emailField : placesField).current?.focus();
      return;
    }
    onRefused(null);
    join.mutate(joinInput(current, t.locale));
  };

  const capHint =
    group.maxPlacesPerPayer != null && group.maxPlacesPerPayer <= group.placesLeft
      ? t(messages.placesHint, { cap: 'perPayer', max: group.maxPlacesPerPayer })
      : t(messages.placesHint, { cap: 'left', max: group.placesLeft });
  const described = (field: JoinField, hint: boolean) =>
    [hint ? `join-${field}-hint` : null, shown[field] ? `join-${field}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <form className="join-form" noValidate onSubmit={submit} aria-labelledby="join-form-heading">
      <h2 id="join-form-heading">{t(messages.heading)}</h2>
      <div className="field">
        <label htmlFor="join-name">{t(messages.name)}</label>
        <input
          id="join-name"
          ref={nameField}
          type="text"
          autoComplete="name"
          maxLength={200}
          value={draft.name}
          aria-invalid={shown.name ? true : undefined}
          aria-describedby={described('name', true)}
          onChange={(e) => update('name', e.target.value)}
          onBlur={() => leave('name')}
        />
        <p id="join-name-hint" className="hint field-hint">
          {t(messages.nameHint)}
        </p>
        {shown.name && (
          <p id="join-name-error" className="field-error">
            {shown.name}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="join-email">{t(messages.email)}</label>
        <input
          id="join-email"
          ref={emailField}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={draft.email}
          aria-invalid={shown.email ? true : undefined}
          aria-describedby={described('email', true)}
          onChange={(e) => update('email', e.target.value)}
          onBlur={() => leave('email')}
        />
        <p id="join-email-hint" className="hint field-hint">
          {t(messages.emailHint)}
        </p>
        {shown.email && (
          <p id="join-email-error" className="field-error">
            {shown.email}
          </p>
        )}
      </div>
      <div className="field field-places">
        <label htmlFor="join-places">{t(messages.places)}</label>
        <select
          id="join-places"
          ref={placesField}
          value={places}
          aria-invalid={shown.places ? true : undefined}
          aria-describedby={described('places', true)}
          onChange={(e) => update('places', e.target.value)}
        >
          {Array.from({ length: Math.max(1, max) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {t.intl.formatNumber(n)}
            </option>
          ))}
        </select>
        <p id="join-places-hint" className="hint field-hint">
          {capHint}
        </p>
        {shown.places && (
          <p id="join-places-error" className="field-error">
            {shown.places}
          </p>
        )}
      </div>
      <p className="join-total" data-testid="join-total">
        {t(messages.total, { places, price: money(price) })}
      </p>
      {inlineError !== null && (
        <p className="payment-error" role="alert">
          {inlineError}
        </p>
      )}
      <div className="pay-action">
        <button type="submit" className="button-primary button-pay" disabled={busy} aria-describedby="join-status">
          {t(messages.submit, { amount: money(amount) })}
        </button>
        <CheckoutStatus id="join-status" checkout={{ busy }} />
      </div>
    </form>
  );
}
