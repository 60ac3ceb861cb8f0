// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphQLError, graphQLFetch, makeParticipant, makeSession } from '../test-support/fixtures';
import { renderWithQuery } from '../test-support/render';
import { SplitEditor } from './SplitEditor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unconfigured = (amountMinor: string) =>
  makeSession({ status: 'UNCONFIGURED', splitMode: null, amountMinor, remainingMinor: amountMinor });

function type(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** Names three participants (host first) in a fresh editor. */
function setUpThree(amountMinor: string) {
  const session = unconfigured(amountMinor);
  renderWithQuery(<SplitEditor session={session} />, session);
  fireEvent.click(screen.getByRole('button', { name: 'Add participant' }));
  type('Your name', 'Sam');
  type('Name of participant 2', 'Alex');
  type('Name of participant 3', 'Kim');
  return session;
}

const shareOf = (n: number) => screen.getByTestId(`share-${n}`).textContent;
const summary = () => screen.getByTestId('split-summary-line').textContent;
const saveButton = () => screen.getByRole('button', { name: 'Save split' }) as HTMLButtonElement;

describe('SplitEditor', () => {
  it('splits 480.00 equally among 3: 160.00 each', () => {
    setUpThree('48000');
    expect(shareOf(1)).toMatch(/160\.00/);
    expect(shareOf(2)).toMatch(/160\.00/);
    expect(shareOf(3)).toMatch(/160\.00/);
    expect(saveButton().disabled).toBe(false);
  });

  it('splits 100.00 among 3 as 33.34, 33.33, 33.33 with the host first', () => {
    setUpThree('10000');
    expect(shareOf(1)).toMatch(/33\.34/);
    expect(shareOf(2)).toMatch(/33\.33/);
    expect(shareOf(3)).toMatch(/33\.33/);
  });

  it('says what is left to assign in one money format, marks no field for a sum that is off, and keeps Save for when it adds up', () => {
    setUpThree('10000');
    fireEvent.click(screen.getByRole('radio', { name: /By amount/ }));
    // Switching prefills the current split; now make it wrong.
    expect((screen.getByLabelText('Amount for participant 1') as HTMLInputElement).value).toBe('33.34');
    expect(summary()).toBe('All NZ$100.00 assigned');
    type('Amount for participant 1', '50.00');
    type('Amount for participant 2', '30.00');
    type('Amount for participant 3', '10.00');
    expect(summary()).toBe('NZ$10.00 left to assign');
    type('Amount for participant 3', '30.00');
    expect(summary()).toBe('NZ$10.00 over');
    // One message, one format: not the domain's "Amounts add up to 110.00 …" as well; no field turns red.
    expect(screen.queryByText(/add up to/)).toBeNull();
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);

    // A value that does not read is flagged on its own input, and only there.
    type('Amount for participant 3', '2O.00');
    const third = screen.getByLabelText('Amount for participant 3');
    expect(third.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(third.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(message?.textContent).toBe('Enter an amount such as 150.00');
    expect(screen.getByLabelText('Amount for participant 2').getAttribute('aria-describedby') ?? '').not.toMatch(/-error/);

    type('Amount for participant 3', '20.00');
    expect(summary()).toBe('All NZ$100.00 assigned');
  });

  it('shows no error on a fresh row, and says what is wrong only once Save is pressed', () => {
    const session = unconfigured('10000');
    renderWithQuery(<SplitEditor session={session} />, session);
    expect(document.querySelectorAll('.field-error, .form-error')).toHaveLength(0);
    expect(screen.queryByText(/To save/)).toBeNull();
    // Visiting a field and leaving it empty is not a mistake yet.
    fireEvent.focus(screen.getByLabelText('Name of participant 2'));
    fireEvent.blur(screen.getByLabelText('Name of participant 2'));
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);

    fireEvent.click(saveButton());
    expect(screen.getAllByText('Enter a name')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
  });

  it('adds a row per press of Add participant and takes focus to the new name', () => {
    const session = unconfigured('10000');
    renderWithQuery(<SplitEditor session={session} />, session);
    const add = screen.getByRole('button', { name: 'Add participant' });
    fireEvent.click(add);
    fireEvent.click(add);
    expect(screen.getAllByLabelText(/^(Your name|Name of participant \d)$/)).toHaveLength(4);
    expect(document.activeElement).toBe(screen.getByLabelText('Name of participant 4'));
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
  });

  it('labels every input with words that stay on screen, never a placeholder', () => {
    setUpThree('10000');
    fireEvent.click(screen.getByRole('radio', { name: /By amount/ }));
    const inputs = [...document.querySelectorAll<HTMLInputElement>('.split-editor input[type="text"], .split-editor input[type="email"]')];
    // Three names, three amounts, three emails (the host's own included).
    expect(inputs).toHaveLength(3 + 3 + 3);
    for (const input of inputs) {
      expect(input.placeholder).toBe('');
      const label = document.querySelector<HTMLLabelElement>(`label[for="${input.id}"]`)!;
      expect(label.classList.contains('visually-hidden')).toBe(false);
      // What the eye reads is the start of what a screen reader says.
      const visible = [...label.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains('visually-hidden')))
        .map((node) => node.textContent)
        .join('');
      expect(visible.trim()).toMatch(/^(Your name|Your email \(optional\)|Name|Amount|Email \(optional\))$/);
    }
  });

  it('has each person’s email at hand, and ticks their invite as soon as an address is typed', () => {
    setUpThree('10000');
    expect(screen.queryByLabelText('Send invite by email to participant 2')).toBeNull();
    type('Email of participant 2 (optional)', 'alex@example.com');
    const invite = screen.getByLabelText('Send invite by email to participant 2') as HTMLInputElement;
    expect(invite.checked).toBe(true);
    fireEvent.click(invite);
    expect(invite.checked).toBe(false);
    // Editing the address further respects the host's choice.
    type('Email of participant 2 (optional)', 'alex@example.org');
    expect((screen.getByLabelText('Send invite by email to participant 2') as HTMLInputElement).checked).toBe(false);
  });

  it('keeps the split when switching modes: amounts become percentages and come back as typed', () => {
    setUpThree('48000');
    fireEvent.click(screen.getByRole('radio', { name: /By amount/ }));
    type('Amount for participant 1', '200');
    type('Amount for participant 2', '150');
    type('Amount for participant 3', '130');
    fireEvent.click(screen.getByRole('radio', { name: /By percent/ }));
    const percents = [1, 2, 3].map((n) => (screen.getByLabelText(`Percent for participant ${n}`) as HTMLInputElement).value);
    expect(percents).toEqual(['41.67', '31.25', '27.08']);
    expect(summary()).toBe('All 100 % assigned');
    fireEvent.click(screen.getByRole('radio', { name: /By shares/ }));
    expect([1, 2, 3].map((n) => (screen.getByLabelText(`Shares for participant ${n}`) as HTMLInputElement).value)).toEqual([
      '20',
      '15',
      '13',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: /By amount/ }));
    expect([1, 2, 3].map((n) => (screen.getByLabelText(`Amount for participant ${n}`) as HTMLInputElement).value)).toEqual([
      '200',
      '150',
      '130',
    ]);
  });

  it('splits by percent: 50 / 25 / 25', () => {
    setUpThree('48000');
    fireEvent.click(screen.getByRole('radio', { name: /By percent/ }));
    // Switching carried the equal split over (33.34 %, 33.33 %, 33.33 %).
    expect(summary()).toBe('All 100 % assigned');
    type('Percent for participant 1', '50');
    type('Percent for participant 2', '25');
    expect(summary()).toBe('8.33 % over');
    type('Percent for participant 3', '');
    expect(summary()).toBe('25 % left to assign');
    type('Percent for participant 3', '25');
    expect(summary()).toBe('All 100 % assigned');
    expect(shareOf(1)).toMatch(/240\.00/);
    expect(shareOf(2)).toMatch(/120\.00/);
    expect(shareOf(3)).toMatch(/120\.00/);
    expect(saveButton().disabled).toBe(false);
  });

  it('splits by shares: 2 / 1 / 1', () => {
    setUpThree('48000');
    fireEvent.click(screen.getByRole('radio', { name: /By shares/ }));
    type('Shares for participant 1', '2');
    expect(shareOf(1)).toMatch(/240\.00/);
    expect(shareOf(2)).toMatch(/120\.00/);
    expect(shareOf(3)).toMatch(/120\.00/);
  });

  it('saves with configureSession: host first, amounts in minor units', async () => {
    const session = setUpThree('10000');
    const saved = makeSession({ ...session, status: 'OPEN', version: 2 });
    const { fetchMock, calls } = graphQLFetch({ ConfigureSession: () => ({ data: { configureSession: saved } }) });
    vi.stubGlobal('fetch', fetchMock);
    fireEvent.click(screen.getByRole('radio', { name: /By amount/ }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.variables).toEqual({
      input: {
        sessionId: session.id,
        splitMode: 'EXACT',
        participants: [
          { displayName: 'Sam', email: null, amountMinor: '3334' },
          { displayName: 'Alex', email: null, amountMinor: '3333' },
          { displayName: 'Kim', email: null, amountMinor: '3333' },
        ],
      },
    });
  });

  it('puts the server’s validation details on the inputs they name', async () => {
    const session = setUpThree('10000');
    const { fetchMock } = graphQLFetch({
      ConfigureSession: () =>
        graphQLError('VALIDATION_ERROR', 'bad', [{ path: 'participants[2].email', message: 'must be an email address' }]),
    });
    vi.stubGlobal('fetch', fetchMock);
    fireEvent.click(saveButton());
    expect(await screen.findByText('must be an email address')).toBeTruthy();
    expect(screen.getByLabelText('Email of participant 3 (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(session.id).toBeTruthy();
  });

  it('shows paid participants locked: no amount input, no remove button', () => {
    const session = makeSession({
      status: 'PARTIALLY_PAID',
      splitMode: 'EXACT',
      amountMinor: '30000',
      paidMinor: '10000',
      participants: [
        makeParticipant({ id: 'h', displayName: 'Sam', isHost: true, isYou: true, amountMinor: '10000' }),
        makeParticipant({ id: 'a', displayName: 'Alex', amountMinor: '10000', status: 'PAID' }),
        makeParticipant({ id: 'b', displayName: 'Kim', amountMinor: '10000' }),
      ],
    });
    renderWithQuery(<SplitEditor session={session} onDone={() => undefined} />, session);
    const alex = screen.getByRole('group', { name: /Participant 2/ });
    expect(within(alex).getByTestId('share-2').textContent).toBe('Paid, locked NZ$100.00');
    expect(within(alex).queryByLabelText('Amount for participant 2')).toBeNull();
    expect(within(alex).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove participant 3' })).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it('adds and removes participants, moving focus sensibly', () => {
    const session = unconfigured('10000');
    renderWithQuery(<SplitEditor session={session} />, session);
    fireEvent.click(screen.getByRole('button', { name: 'Add participant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add participant' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Name of participant 4'));
    // Removing a row in the middle: focus on the row that took its place.
    fireEvent.change(screen.getByLabelText('Name of participant 3'), { target: { value: 'Kim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove participant 2' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Name of participant 2'));
    expect((screen.getByLabelText('Name of participant 2') as HTMLInputElement).value).toBe('Kim');
    // Removing the last row: focus on Add participant.
    fireEvent.click(screen.getByRole('button', { name: 'Remove participant 3' }));
    expect(screen.queryByLabelText('Name of participant 3')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add participant' }));
  });
});
