// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-support/admin-fixtures';
import { ExportsSection } from './ExportsSection';

afterEach(() => {
  cleanup();
});

/** Submits the form as a click on its button would; true when the browser would then post it. */
function submit(): boolean {
  return fireEvent.submit(screen.getByRole('form', { name: 'Download' }));
}

const posted = () => Object.fromEntries(new FormData(screen.getByRole('form', { name: 'Download' }) as HTMLFormElement).entries());

describe('Exports on the integration page', () => {
  it('posts the kind, mode, format and the days as instants of the viewer’s time zone, with the CSRF token as a field', () => {
    renderAdmin(<ExportsSection integrationId="int-1" />);
    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'refunds' } });
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'test' } });
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'jsonl' } });
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2030-03-01' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2030-03-31' } });
    expect(submit()).toBe(true);
    expect(screen.getByRole('form', { name: 'Download' }).getAttribute('action')).toBe('/admin/exports');
    expect(posted()).toEqual({
      integrationId: 'int-1',
      csrfToken: 'csrf-1',
      from: new Date(2030, 2, 1).toISOString(),
      to: new Date(2030, 3, 1).toISOString(),
      kind: 'refunds',
      mode: 'test',
      format: 'jsonl',
    });
  });

  it('keeps a range the server would refuse on the page, saying what is wrong, and posts once it is put right', () => {
    renderAdmin(<ExportsSection integrationId="int-1" />);
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2030-03-02' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2030-03-01' } });
    expect(submit()).toBe(false);
    expect(screen.getByText('The end date is before the start date.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2029-01-01' } });
    expect(submit()).toBe(false);
    expect(screen.getByText('At most 366 days at once: export a longer period in parts.')).toBeTruthy();
    expect((screen.getByLabelText('Created to') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '' } });
    expect(submit()).toBe(false);
    expect(screen.getByText('Enter a date such as 2030-03-12.')).toBeTruthy();
    // Put right, the same form posts, the token still in it.
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2030-02-01' } });
    expect(submit()).toBe(true);
    expect(posted()).toMatchObject({ csrfToken: 'csrf-1', from: new Date(2030, 1, 1).toISOString() });
    expect(screen.queryByText(/Enter a date|At most|before the start/)).toBeNull();
  });
});
