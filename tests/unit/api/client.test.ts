import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callZcp,
  configureZcpClient,
  readOrFalse,
  registerZcpHandlers,
  zcpRequest,
} from '../../../src/api/client';
import { ZcpError } from '../../../src/api/errors';
import { setLoggedIn } from '../../../src/api/session';
import {
  getLovDependent,
  getLovMulti,
  getOrderStatus,
  validateOtp,
  validatePromo,
} from '../../../src/api/zcp';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v));
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  clear() {
    this.data.clear();
  }
}

const seen: Request[] = [];
const bodies: string[] = [];
let answer: (request: Request) => Response = () => new Response(null, { status: 204 });

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  answer = () => new Response(null, { status: 204 });
  seen.length = 0;
  bodies.length = 0;
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  configureZcpClient({
    baseUrl: 'https://api.example.cy/base',
    language: () => 'en',
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      seen.push(request);
      bodies.push(await request.clone().text());
      return answer(request);
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerZcpHandlers({});
});

describe('reading answers', () => {
  it('reads 204 as true', async () => {
    answer = () => new Response(null, { status: 204 });
    await expect(zcpRequest('POST', 'otp/generate', { I_MAIL_ADDRESS: 'a@b.cy' })).resolves.toBe(true);
  });

  it('reads 200 as the parsed body', async () => {
    answer = () => json({ ET_TEXTS: [{ TEXT_NAME: 'A', TEXT: 'b' }] });
    await expect(zcpRequest('GET', 'CommonParams/FAQs')).resolves.toEqual({
      ET_TEXTS: [{ TEXT_NAME: 'A', TEXT: 'b' }],
    });
  });

  it('reads a 200 without a body as true', async () => {
    answer = () => new Response('', { status: 200 });
    await expect(zcpRequest('POST', 'log/validations', {})).resolves.toBe(true);
  });

  it('throws a ZcpError with the first MSGTEXT of a 422 MESSAGES list', async () => {
    answer = () =>
      json(
        {
          MESSAGES: [
            { MSGTEXT: 'Ο κωδικός IBAN είναι λανθασμένος.', CODE: 'INVALID' },
            { MSGTEXT: 'second' },
          ],
        },
        422,
      );
    const error = await zcpRequest('GET', 'paymeth/CHECKIBAN').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZcpError);
    const z = error as ZcpError;
    expect(z.status).toBe(422);
    expect(z.firstMessage).toBe('Ο κωδικός IBAN είναι λανθασμένος.');
    expect(z.message).toBe('Ο κωδικός IBAN είναι λανθασμένος.');
    expect(z.messages).toHaveLength(2);
    expect(z.hasCode('INVALID')).toBe(true);
    expect(z.hasCode('EXPIRED')).toBe(false);
  });

  it('reads the CT_MESSAGE list of a claim validation 422', async () => {
    answer = () => json({ CT_MESSAGE: [{ MSGTEXT: 'Η απαίτηση δεν μπορεί να υποβληθεί online.' }] }, 422);
    const error = (await zcpRequest('POST', 'claim/CPClaimValidate', {}).catch(
      (e: unknown) => e,
    )) as ZcpError;
    expect(error.firstMessage).toBe('Η απαίτηση δεν μπορεί να υποβληθεί online.');
  });

  it('reads a top-level CODE as the reason code', async () => {
    answer = () => json({ MESSAGES: [{ MSGTEXT: 'expired' }], CODE: 'EXPIRED' }, 422);
    const error = (await zcpRequest('POST', 'otp/validate', {}).catch((e: unknown) => e)) as ZcpError;
    expect(error.hasCode('EXPIRED')).toBe(true);
  });

  it('treats 201 and 500 as errors and keeps an unreadable body', async () => {
    answer = () => new Response('oops', { status: 500, statusText: 'Internal Server Error' });
    const error = (await zcpRequest('GET', 'x').catch((e: unknown) => e)) as ZcpError;
    expect(error.status).toBe(500);
    expect(error.body).toBe('oops');
    expect(error.firstMessage).toBeUndefined();
    expect(error.message).toBe('Internal Server Error');
    answer = () => json({}, 201);
    await expect(zcpRequest('POST', 'x', {})).rejects.toMatchObject({ status: 201 });
  });

  it('turns a network failure into a status-0 ZcpError', async () => {
    answer = () => {
      throw new TypeError('fetch failed');
    };
    await expect(zcpRequest('GET', 'lov/yesno')).rejects.toMatchObject({
      status: 0,
      statusText: 'Network error',
    });
  });

  it('throws on a 200 whose body is not JSON', async () => {
    answer = () => new Response('<html>', { status: 200 });
    await expect(zcpRequest('GET', 'x')).rejects.toMatchObject({
      status: 0,
      statusText: 'Unreadable answer',
    });
  });
});

describe('what every request carries', () => {
  it('sends the base URL + /zcp, credentials, Accept-Language and the JSON body', async () => {
    answer = () => new Response(null, { status: 204 });
    await callZcp('POST', '/motor/motorcalc', { CS_POLICY: { PERIOD: 12 } });
    const req = seen[0];
    expect(req.url).toBe('https://api.example.cy/base/zcp/motor/motorcalc');
    expect(req.method).toBe('POST');
    expect(req.credentials).toBe('include');
    expect(req.headers.get('Accept-Language')).toBe('en');
    expect(req.headers.get('Authorization')).toBeNull();
    expect(JSON.parse(bodies[0])).toEqual({ CS_POLICY: { PERIOD: 12 } });
  });

  it('echoes the readable CSRF cookie on state-changing calls, never on reads', async () => {
    vi.stubGlobal('document', { cookie: 'lang=en; zcp_csrf=tok-123', documentElement: { lang: 'en' } });
    await zcpRequest('POST', 'um/logout');
    await zcpRequest('GET', 'lov/yesno');
    expect(seen[0].headers.get('X-CSRF-Token')).toBe('tok-123');
    expect(seen[1].headers.get('X-CSRF-Token')).toBeNull();
  });

  it('on 403 CSRF fetches a token and retries once', async () => {
    answer = (req) => {
      if (req.url.endsWith('/um/csrf')) return json({ CSRF_TOKEN: 'fresh' });
      return req.headers.get('X-CSRF-Token') === 'fresh'
        ? new Response(null, { status: 204 })
        : json({ CODE: 'CSRF', MESSAGES: [{ MSGTEXT: 'no' }] }, 403);
    };
    await expect(zcpRequest('PUT', 'customer/custUpdConsent/1', {})).resolves.toBe(true);
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'PUT /base/zcp/customer/custUpdConsent/1',
      'GET /base/zcp/um/csrf',
      'PUT /base/zcp/customer/custUpdConsent/1',
    ]);
  });

  it('on 401 TOKEN_EXPIRED while logged in refreshes once for concurrent calls and retries them', async () => {
    setLoggedIn(true);
    let refreshed = false;
    answer = (req) => {
      if (req.url.endsWith('/um/refreshtoken')) {
        refreshed = true;
        return json({ LOGGED_IN: true });
      }
      return refreshed ? json({ ok: 1 }) : json({ CODE: 'TOKEN_EXPIRED' }, 401);
    };
    const [a, b] = await Promise.all([zcpRequest('GET', 'customer/1'), zcpRequest('GET', 'customer/1')]);
    expect(a).toEqual({ ok: 1 });
    expect(b).toEqual({ ok: 1 });
    expect(seen.filter((r) => r.url.endsWith('/um/refreshtoken'))).toHaveLength(1);
    setLoggedIn(false);
  });

  it('a refresh that fails logs out through the 401 handler', async () => {
    setLoggedIn(true);
    const onUnauthorized = vi.fn();
    registerZcpHandlers({ onUnauthorized });
    answer = (req) =>
      req.url.endsWith('/um/refreshtoken')
        ? json({ CODE: 'SESSION_EXPIRED' }, 401)
        : json({ CODE: 'NOT_LOGGED_IN' }, 401);
    await expect(zcpRequest('GET', 'customer/1')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    setLoggedIn(false);
  });

  it('accepts a path that already names /zcp', async () => {
    await zcpRequest('GET', '/zcp/lov/yesno');
    expect(seen[0].url).toBe('https://api.example.cy/base/zcp/lov/yesno');
  });
});

describe('global handlers', () => {
  it('sends 400 and 418 to the error-page handler with the status text', async () => {
    const onErrorPage = vi.fn();
    const onUnauthorized = vi.fn();
    registerZcpHandlers({ onErrorPage, onUnauthorized });
    answer = () => new Response(null, { status: 418, statusText: "I'm a teapot" });
    await expect(zcpRequest('GET', 'x')).rejects.toBeInstanceOf(ZcpError);
    answer = () => new Response(null, { status: 400, statusText: 'Bad Request' });
    await expect(zcpRequest('GET', 'x')).rejects.toBeInstanceOf(ZcpError);
    expect(onErrorPage).toHaveBeenCalledTimes(2);
    expect(onErrorPage.mock.calls[0][0].statusText).toBe("I'm a teapot");
    expect(onErrorPage.mock.calls[1][0].status).toBe(400);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves 400 to the caller of a quiet call', async () => {
    const onErrorPage = vi.fn();
    registerZcpHandlers({ onErrorPage });
    answer = () => new Response(null, { status: 400, statusText: 'Bad Request' });
    await expect(zcpRequest('GET', 'x', undefined, { quiet: true })).rejects.toMatchObject({ status: 400 });
    expect(onErrorPage).not.toHaveBeenCalled();
  });

  it('logs out on 401 only while logged in', async () => {
    const onUnauthorized = vi.fn();
    registerZcpHandlers({ onUnauthorized });
    answer = () => new Response(null, { status: 401, statusText: 'Unauthorized' });
    await expect(zcpRequest('GET', 'x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    setLoggedIn(true);
    await expect(zcpRequest('GET', 'x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    setLoggedIn(false);
  });

  it('does not call the handlers for a 422', async () => {
    const onErrorPage = vi.fn();
    registerZcpHandlers({ onErrorPage });
    answer = () => json({ MESSAGES: [{ MSGTEXT: 'wrong' }] }, 422);
    await expect(validatePromo('NOPE')).rejects.toMatchObject({ status: 422 });
    expect(onErrorPage).not.toHaveBeenCalled();
  });
});

describe('readOrFalse', () => {
  it('passes answers through and turns failures into false', async () => {
    answer = () => json({ a: 1 });
    await expect(readOrFalse(zcpRequest('GET', 'x'))).resolves.toEqual({ a: 1 });
    answer = () => new Response(null, { status: 503 });
    await expect(readOrFalse(zcpRequest('GET', 'x'))).resolves.toBe(false);
  });
});

describe('typed calls', () => {
  it('asks /lov/multi with fieldname and origin', async () => {
    answer = () => json([{ LOV_NAME: 'DISTRICT', LOV_VALUE: [] }]);
    await getLovMulti(['DISTRICT', 'GENDER'], 'MOTOR');
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe('/base/zcp/lov/multi');
    expect(url.searchParams.get('fieldname')).toBe('DISTRICT,GENDER');
    expect(url.searchParams.get('origin')).toBe('MOTOR');
  });

  it('builds the dependent-list path from the pairs and the list name', async () => {
    answer = () => json({ LOV_NAME: 'CITY', LOV_VALUE: [] });
    await getLovDependent([{ key: 'DISTRICT', value: 'LIM' }], 'CITY');
    expect(new URL(seen[0].url).pathname).toBe('/base/zcp/lov/dep/DISTRICT/LIM/CITY');
  });

  it('sends I_TOKEN and I_MAIL_ADDRESS to /otp/validate', async () => {
    await validateOtp('maria@example.com.cy', '123456');
    expect(JSON.parse(bodies[0])).toEqual({ I_TOKEN: '123456', I_MAIL_ADDRESS: 'maria@example.com.cy' });
  });

  it('asks ORDSTAT with the ORDER_ID query', async () => {
    answer = () =>
      json({ ORDER_ID: 'ORD-1', STATUS: 'PENDING', OFFER_NO: 'OF1', PRODUCT_ID: '157', AMOUNT: 310 });
    await expect(getOrderStatus('ORD-1')).resolves.toMatchObject({ STATUS: 'PENDING' });
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe('/base/zcp/paymeth/ORDSTAT');
    expect(url.searchParams.get('ORDER_ID')).toBe('ORD-1');
  });

  it('treats a bodiless answer to a read call as a failure', async () => {
    answer = () => new Response(null, { status: 204 });
    await expect(getOrderStatus('ORD-1')).rejects.toMatchObject({ status: 204 });
  });
});
