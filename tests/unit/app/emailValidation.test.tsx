// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZcpError } from '../../../src/api/errors';
import * as zcp from '../../../src/api/zcp';
import { EmailValidationPage } from '../../../src/app/pages/EmailValidationPage';
import { i18next, initI18n } from '../../../src/i18n';
import { EmailValidation } from '../../../src/ui/components/EmailValidation';
import {
  clearEmailValidation,
  getEmailValidationRequest,
  isEmailValidated,
  requestEmailValidation,
  safeReturnPath,
} from '../../../src/ui/state/emailValidation';

vi.mock('../../../src/api/zcp', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/zcp')>()),
  generateOtp: vi.fn(),
  validateOtp: vi.fn(),
}));

const generateOtp = vi.mocked(zcp.generateOtp);
const validateOtp = vi.mocked(zcp.validateOtp);

const EMAIL = 'andreas.georgiou@example.com.cy';

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n();
  await i18next.loadNamespaces(['common', 'pages', 'validation']);
});

beforeEach(() => {
  clearEmailValidation();
  generateOtp.mockReset();
  validateOtp.mockReset();
  generateOtp.mockResolvedValue(true);
});

afterEach(cleanup);

const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

async function reachCodeStep() {
  type(/^Email/, EMAIL);
  type('Verification email', EMAIL.toUpperCase());
  await press('Send code');
  expect(await screen.findByRole('heading', { name: 'Enter the code' })).toBeTruthy();
}

describe('<EmailValidation>', () => {
  it('refuses a verification e-mail that differs, without sending a code', async () => {
    render(<EmailValidation onValidated={vi.fn()} />);
    type(/^Email/, EMAIL);
    type('Verification email', 'andreas.georgiu@example.com.cy');
    await press('Send code');
    expect(screen.getByText('Verification email must match the email.')).toBeTruthy();
    expect(generateOtp).not.toHaveBeenCalled();
  });

  it('refuses an invalid e-mail address', async () => {
    render(<EmailValidation onValidated={vi.fn()} />);
    type(/^Email/, 'andreas@');
    type('Verification email', 'andreas@');
    await press('Send code');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(generateOtp).not.toHaveBeenCalled();
  });

  it('sends a code, confirms it and reports the address', async () => {
    validateOtp.mockResolvedValue(true);
    const onValidated = vi.fn();
    render(<EmailValidation onValidated={onValidated} />);
    await reachCodeStep();
    expect(generateOtp).toHaveBeenCalledWith(EMAIL, { quiet: true });
    expect(screen.getByText(/We sent a 6-digit code to andreas\.georgiou@example\.com\.cy/)).toBeTruthy();
    type('Verification code', '482 913');
    await press('Confirm');
    expect(validateOtp).toHaveBeenCalledWith(EMAIL, '482913', { quiet: true });
    expect(onValidated).toHaveBeenCalledWith(EMAIL);
    expect(isEmailValidated(EMAIL.toUpperCase())).toBe(true);
  });

  it('checks the code has six digits before asking the service', async () => {
    render(<EmailValidation onValidated={vi.fn()} />);
    await reachCodeStep();
    type('Verification code', '4829');
    await press('Confirm');
    expect(screen.getByText('The code has 6 digits.')).toBeTruthy();
    expect(validateOtp).not.toHaveBeenCalled();
  });

  it('says the code is not valid for a wrong code', async () => {
    validateOtp.mockRejectedValue(
      new ZcpError(422, 'Unprocessable Entity', {
        MESSAGES: [{ MSGTEXT: 'x', CODE: 'INVALID' }],
        CODE: 'INVALID',
      }),
    );
    const onValidated = vi.fn();
    render(<EmailValidation onValidated={onValidated} />);
    await reachCodeStep();
    type('Verification code', '000000');
    await press('Confirm');
    expect((await screen.findByRole('alert')).textContent).toBe('The email verification code is not valid.');
    expect(onValidated).not.toHaveBeenCalled();
    expect(isEmailValidated(EMAIL)).toBe(false);
  });

  it('offers a new code for an expired one, and sends it', async () => {
    validateOtp.mockRejectedValue(
      new ZcpError(422, 'Unprocessable Entity', {
        MESSAGES: [{ MSGTEXT: 'x', CODE: 'EXPIRED' }],
        CODE: 'EXPIRED',
      }),
    );
    render(<EmailValidation onValidated={vi.fn()} />);
    await reachCodeStep();
    type('Verification code', '123456');
    await press('Confirm');
    expect((await screen.findByRole('alert')).textContent).toContain('The code has expired.');
    await press('Send a new code');
    expect(generateOtp).toHaveBeenCalledTimes(2);
    expect(screen.getByText(`We sent a new code to ${EMAIL}.`)).toBeTruthy();
    expect(screen.queryByText(/The code has expired/)).toBeNull();
  });

  it('reports when the code cannot be sent, and too many requests', async () => {
    generateOtp.mockRejectedValueOnce(new ZcpError(0, 'Network error'));
    render(<EmailValidation onValidated={vi.fn()} />);
    type(/^Email/, EMAIL);
    type('Verification email', EMAIL);
    await press('Send code');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not send the code');
    generateOtp.mockRejectedValueOnce(new ZcpError(429, 'Too Many Requests'));
    await press('Send code');
    expect((await screen.findByRole('alert')).textContent).toContain('too many codes');
    expect(screen.queryByRole('heading', { name: 'Enter the code' })).toBeNull();
  });
});

describe('/email-validation', () => {
  it('prefills the address a flow asked for and returns to the flow once confirmed', async () => {
    validateOtp.mockResolvedValue(true);
    const path = requestEmailValidation({ email: EMAIL, returnTo: '/property/offer/3' });
    expect(path).toBe('/email-validation');
    const router = createMemoryRouter(
      [
        { path: '/email-validation', element: <EmailValidationPage /> },
        { path: '*', element: <p>flow</p> },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe(EMAIL);
    type('Verification email', EMAIL);
    await press('Send code');
    type('Verification code', '654321');
    await press('Confirm');
    expect(router.state.location.pathname).toBe('/property/offer/3');
    expect(getEmailValidationRequest()).toBeNull();
    expect(isEmailValidated(EMAIL)).toBe(true);
  });

  it('never returns to another site', () => {
    expect(safeReturnPath('https://evil.example/x')).toBe('/');
    expect(safeReturnPath('//evil.example/x')).toBe('/');
    expect(safeReturnPath('/motor/offer/2?ref=1')).toBe('/motor/offer/2?ref=1');
  });
});
