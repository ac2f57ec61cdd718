// Passkeys in the browser: the service's JSON options go to @simplewebauthn/browser and its answer
// back to the service; a dialog the person closed reads as "cancelled", not as a failure.

import { beforeEach, describe, expect, it, vi } from 'vitest';

const seen = vi.hoisted(() => ({ posted: [] as unknown[], startReg: vi.fn(), startAuth: vi.fn() }));

vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  startRegistration: seen.startReg,
  startAuthentication: seen.startAuth,
}));
vi.mock('../../../src/api/portal', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/portal')>()),
  passkeyRegistrationOptions: async () => ({ challenge: 'reg-challenge' }),
  passkeyRegistrationVerify: async (response: unknown, name: string) => {
    seen.posted.push({ response, name });
    return { PASSKEY: { ID: 'pk1', NAME: name, CREATED_AT: '2026-11-25T10:00:00Z', LAST_USED_AT: null } };
  },
  passkeyLoginOptions: async (username?: string) => ({ challenge: 'login-challenge', username }),
  passkeyLoginVerify: async (response: unknown) => {
    seen.posted.push({ response });
    return { LOGGED_IN: true, USER_ID: 'U900001' };
  },
}));

const { addPasskey, loginWithPasskey, PasskeyError } = await import('../../../src/portal/passkeys');

beforeEach(() => {
  seen.posted.length = 0;
  seen.startReg.mockReset();
  seen.startAuth.mockReset();
});

describe('passkeys', () => {
  it('adds one: the options go to the browser, its answer and the name to the service', async () => {
    seen.startReg.mockResolvedValue({ id: 'cred-1', type: 'public-key' });
    const created = await addPasskey('iPhone');
    expect(seen.startReg).toHaveBeenCalledWith({ optionsJSON: { challenge: 'reg-challenge' } });
    expect(seen.posted).toEqual([{ response: { id: 'cred-1', type: 'public-key' }, name: 'iPhone' }]);
    expect(created.NAME).toBe('iPhone');
  });

  it('logs in with one and answers the session', async () => {
    seen.startAuth.mockResolvedValue({ id: 'cred-1' });
    await expect(loginWithPasskey('99000001')).resolves.toMatchObject({ LOGGED_IN: true });
    expect(seen.startAuth).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'login-challenge', username: '99000001' },
    });
  });

  it('a closed browser dialog is "cancelled" and nothing reaches the service', async () => {
    seen.startAuth.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const error = await loginWithPasskey().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasskeyError);
    expect((error as InstanceType<typeof PasskeyError>).reason).toBe('cancelled');
    expect(seen.posted).toEqual([]);
    seen.startReg.mockRejectedValue(new Error('SecurityError'));
    const failed = await addPasskey('x').catch((e: unknown) => e);
    expect((failed as InstanceType<typeof PasskeyError>).reason).toBe('failed');
  });
});
