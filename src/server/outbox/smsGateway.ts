// Production SMS: an HTTP gateway at SMS_URL. The outbox sender calls it for each SMS; a non-2xx
// answer is a failed try (retried with back-off, like mail).
//   POST SMS_URL  { "to": "+35799123456", "text": "…" }   Authorization: Bearer SMS_TOKEN (when set)

import type { SmsTransport } from './sender';

export function httpSmsTransport(url: string, token?: string, timeoutMs = 10_000): SmsTransport {
  return {
    async send(to: string, text: string) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: `+357${to}`, text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      return response.status;
    },
  };
}
