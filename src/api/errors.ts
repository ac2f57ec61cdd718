// The one error type every /zcp call throws, whatever went wrong (an HTTP status other than
// 200/204, a network failure, a timeout, an unreadable body), so screens handle one shape.

/** One entry of an error answer's MESSAGES (or CT_MESSAGE) list. */
export interface ZcpMessage {
  MSGTEXT: string;
  /** Machine-readable reason when the service gives one (EXPIRED, INVALID, TOO_MANY …). */
  CODE?: string;
  /** The request field the message is about, as a dotted path. */
  FIELD?: string;
}

/** Status 0 stands for "no HTTP answer": network failure, timeout or an unreadable body. */
export const NO_ANSWER = 0;

export class ZcpError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly messages: ZcpMessage[];
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown = null) {
    const messages = messagesOf(body);
    super(messages[0]?.MSGTEXT || statusText || `HTTP ${status}`);
    this.name = 'ZcpError';
    this.status = status;
    this.statusText = statusText;
    this.messages = messages;
    this.body = body;
  }

  /** The first MSGTEXT of the answer, the text the spec says to show for a 422. */
  get firstMessage(): string | undefined {
    return this.messages[0]?.MSGTEXT;
  }

  /** True when the answer carries this reason CODE (on a message or on the answer itself). */
  hasCode(code: string): boolean {
    if (this.messages.some((m) => m.CODE === code)) return true;
    return isRecord(this.body) && this.body.CODE === code;
  }

  /** The same test as hasCode, under the name the flow services use. */
  hasMessageId(code: string): boolean {
    return this.hasCode(code);
  }
}

export function isZcpError(e: unknown): e is ZcpError {
  return e instanceof ZcpError;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The message list of an error body: MESSAGES (IBAN check and most calls) or CT_MESSAGE (claim validation). */
export function messagesOf(body: unknown): ZcpMessage[] {
  if (!isRecord(body)) return [];
  const list = Array.isArray(body.MESSAGES)
    ? body.MESSAGES
    : Array.isArray(body.CT_MESSAGE)
      ? body.CT_MESSAGE
      : [];
  const out: ZcpMessage[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.MSGTEXT !== 'string') continue;
    const message: ZcpMessage = { MSGTEXT: item.MSGTEXT };
    if (typeof item.CODE === 'string') message.CODE = item.CODE;
    if (typeof item.FIELD === 'string') message.FIELD = item.FIELD;
    out.push(message);
  }
  return out;
}
