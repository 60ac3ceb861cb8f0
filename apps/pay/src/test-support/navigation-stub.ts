import { afterEach, vi } from 'vitest';
import { navigateTo } from '../navigation';

// Leaving the app (for a checkout, for the merchant's page) is recorded instead of done: jsdom
// cannot navigate. A test file imports this module before anything that imports ../navigation.
vi.mock('../navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../navigation')>()),
  navigateTo: vi.fn(),
}));

afterEach(() => vi.mocked(navigateTo).mockReset());
