// The error text under a field: an icon and the message(s), referenced by the control's
// aria-describedby. Colour is never the only cue: the icon and the text are always there.

import type { FieldErrorProps } from '@rjsf/utils';
import { errorId } from '@rjsf/utils';
import type { ReactNode } from 'react';

export function ErrorIcon() {
  return (
    <svg className="field__error-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm0 4a1 1 0 0 1 1 1v4.25a1 1 0 1 1-2 0V6.5a1 1 0 0 1 1-1Zm0 7.25a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5Z"
      />
    </svg>
  );
}

export function FieldErrors({ id, messages }: { id: string; messages: ReactNode[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="field__error">
      <ErrorIcon />
      {messages.length === 1 ? (
        <span className="field__error-text">{messages[0]}</span>
      ) : (
        <ul className="field__error-list">
          {messages.map((message, index) => (
            // Messages have no identity of their own; their order is stable for one render.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** RJSF's FieldErrorTemplate (used where a field renders errors itself). */
export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  return <FieldErrors id={errorId(fieldPathId)} messages={errors.filter(Boolean)} />;
}
