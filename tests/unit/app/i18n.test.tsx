// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from '../../../src/app/layout/LanguageSwitch';
import {
  i18next,
  initI18n,
  LANGUAGE_KEY,
  localeNamespaces,
  setLanguage,
  storedLanguage,
} from '../../../src/i18n';
import { isFormOnScreen, useFormPresence } from '../../../src/ui/state/formPresence';

function FormScreen() {
  useFormPresence();
  return <form aria-label="quote" />;
}

beforeAll(async () => {
  localStorage.setItem(LANGUAGE_KEY, 'en');
  await initI18n();
});

afterEach(() => {
  cleanup();
  localStorage.setItem(LANGUAGE_KEY, 'en');
});

describe('initialisation', () => {
  it('starts in the stored language and mirrors it on <html lang>', () => {
    expect(storedLanguage()).toBe('en');
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18next.t('common:notFound.title')).toBe('Page not found');
  });

  it('falls back to Greek for a missing or unknown stored value', () => {
    localStorage.removeItem(LANGUAGE_KEY);
    expect(storedLanguage()).toBe('el');
    localStorage.setItem(LANGUAGE_KEY, 'de');
    expect(storedLanguage()).toBe('el');
  });

  it('fetches only the active language', () => {
    expect(i18next.getResourceBundle('en', 'common')).toHaveProperty('notFound');
    const greek = i18next.getResourceBundle('el', 'common') as Record<string, unknown> | undefined;
    expect(greek === undefined || Object.keys(greek).length === 0).toBe(true);
  });

  it('lists the locale files as namespaces', () => {
    expect(localeNamespaces('el')).toEqual(expect.arrayContaining(['common', 'pages']));
  });
});

describe('setLanguage', () => {
  it('stores the choice and reloads without asking when no form is on screen', async () => {
    const reload = vi.fn();
    const confirm = vi.fn(() => true);
    await expect(setLanguage('el', { reload, confirm })).resolves.toBe(true);
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('el');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('does nothing for the current or an unknown language', async () => {
    const reload = vi.fn();
    await expect(setLanguage('en', { reload })).resolves.toBe(false);
    await expect(setLanguage('fr', { reload })).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('warns first when a form is on screen, and stays when the visitor cancels', async () => {
    render(<FormScreen />);
    expect(isFormOnScreen()).toBe(true);
    const reload = vi.fn();
    const confirm = vi.fn(() => false);
    await expect(setLanguage('el', { reload, confirm })).resolves.toBe(false);
    expect(confirm).toHaveBeenCalledWith(
      'Changing language reloads the screen and entered data will be lost. Do you want to continue?',
    );
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('switches after the visitor confirms the warning', async () => {
    render(<FormScreen />);
    const reload = vi.fn();
    await expect(setLanguage('el', { reload, confirm: async () => true })).resolves.toBe(true);
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('el');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('forgets the form once it leaves the screen', () => {
    const { unmount } = render(<FormScreen />);
    unmount();
    expect(isFormOnScreen()).toBe(false);
  });
});

describe('LanguageSwitch', () => {
  it('marks the active language and switches without a dialog when no form is shown', async () => {
    const reload = vi.fn();
    render(<LanguageSwitch reload={reload} />);
    expect(screen.getByRole('button', { name: /EN English/ }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /EL Ελληνικά/ }));
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks in a dialog when a form is on screen', async () => {
    const reload = vi.fn();
    render(
      <>
        <FormScreen />
        <LanguageSwitch reload={reload} />
      </>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /EL Ελληνικά/ }));
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Change language' });
    expect(dialog.textContent).toContain('entered data will be lost');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay on this page' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /EL Ελληνικά/ }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change language' }));
    });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('el');
  });

  it('closes the dialog with Escape', async () => {
    render(
      <>
        <FormScreen />
        <LanguageSwitch reload={vi.fn()} />
      </>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /EL Ελληνικά/ }));
    });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
