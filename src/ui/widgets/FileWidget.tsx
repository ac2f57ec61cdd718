// A file chosen and sent at once (a direct debit's IBAN certificate): the flow names the upload
// call; the service recognises the file by its content and answers its UPLOAD_ID, which becomes
// the field's value. A refusal (wrong type, too large, empty) shows the service's own message,
// in the visitor's language, and keeps whatever was uploaded before.

import type { WidgetProps } from '@rjsf/utils';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callZcp } from '../../api/zcp';
import { FieldIssueContext } from '../theme/fieldIssue';
import { controlAria, joinClasses } from './common';

interface UploadSpec {
  method: 'POST';
  path: string;
  body?: Record<string, unknown>;
}

interface UploadAnswer {
  UPLOAD_ID: string;
  FILE_NAME: string;
}

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

function messageOf(error: unknown): string | null {
  const body = (error as { body?: { MESSAGES?: { MSGTEXT?: string }[] } }).body;
  return body?.MESSAGES?.[0]?.MSGTEXT ?? null;
}

export function FileWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const { id, value, options, disabled, readonly, required, onChange, onBlur, onFocus } = props;
  const [name, setName] = useState<string>('');
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const [problem, setProblem] = useState<string>('');
  const statusId = `${id}__status`;
  const aria = controlAria(props, useContext(FieldIssueContext)?.issue, [statusId]);
  const upload = options.upload as UploadSpec | undefined;

  async function send(file: File) {
    if (!upload) return;
    const form = new FormData();
    for (const [key, v] of Object.entries(upload.body ?? {})) form.append(key, String(v ?? ''));
    form.append('FILE', file, file.name);
    setState('sending');
    setProblem('');
    try {
      const answer = (await callZcp(upload.method, upload.path, form)) as UploadAnswer;
      setName(answer.FILE_NAME);
      setState('idle');
      onChange(answer.UPLOAD_ID);
    } catch (error) {
      setState('failed');
      setProblem(messageOf(error) ?? t('file.failed'));
    }
  }

  return (
    <div className="file-field">
      <input
        id={id}
        type="file"
        className={joinClasses('file-field__input', aria['aria-invalid'] && 'file-field__input--invalid')}
        accept={ACCEPT}
        disabled={disabled || readonly || state === 'sending'}
        required={required && !value}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        {...aria}
      />
      <p id={statusId} className="file-field__status" aria-live="polite">
        {state === 'sending'
          ? t('file.sending')
          : value
            ? t('file.attached', { name: name || t('file.previous') })
            : ''}
      </p>
      {state === 'failed' && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
