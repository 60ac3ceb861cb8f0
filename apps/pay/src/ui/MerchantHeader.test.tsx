// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { render } from '../test-support/render';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSession } from '../test-support/fixtures';
import { Page } from './Page';

afterEach(cleanup);

describe('the merchant on a pay page', () => {
  it('leads with the merchant and what is bought, and names the tab after them', () => {
    render(<Page title="Pay your share" eyebrow="Organised by Sam" merchant={makeSession()} />);
    const line = screen.getByText('Harbour Table').closest('p')!;
    expect(line.textContent).toBe('Harbour Table · Dinner for 4');
    // The line comes before the organiser line and the heading.
    const order = [line, screen.getByText('Organised by Sam'), screen.getByRole('heading', { level: 1 })];
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(document.title).toBe('Pay your share · Harbour Table');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the logo with alt text and no referrer, and puts the accent on the page', () => {
    const { container } = render(
      <Page
        title="Pay your share"
        merchant={makeSession({ merchantLogoUrl: 'https://cdn.example.com/logo.png', accentColor: '#0F6B5C', description: null })}
      />,
    );
    const logo = screen.getByRole('img', { name: 'Harbour Table logo' });
    expect(logo.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
    expect(logo.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.getByText('Harbour Table').closest('p')!.textContent).toBe('Harbour Table');
    const app = container.querySelector<HTMLElement>('.app')!;
    expect(app.hasAttribute('data-accent')).toBe(true);
    expect(app.style.getPropertyValue('--accent')).toBe('#0F6B5C');
  });

  it('keeps the default colours when the merchant set no accent', () => {
    const { container } = render(<Page title="Pay your share" merchant={makeSession()} />);
    const app = container.querySelector<HTMLElement>('.app')!;
    expect(app.hasAttribute('data-accent')).toBe(false);
    expect(app.style.getPropertyValue('--accent')).toBe('');
  });
});
