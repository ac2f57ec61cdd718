// The `photoSlots` widget: one place per slot of the flow (three damage photos, the plate, the
// licence …), each taking a photo (or a PDF scan for a document) with a thumbnail and "remove".
// Photos are brought down in the browser at once (2560 px, JPEG 0.85) and held until the flow's
// `completion.uploads` sends them; the field's value is the list of filled slots, in slot order.

import type { WidgetProps } from '@rjsf/utils';
import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dropPendingFile,
  keepPendingFiles,
  pendingFile,
  pendingVersion,
  putPendingFile,
  subscribePending,
} from '../flow/pendingFiles';
import { FieldIssueContext } from '../theme/fieldIssue';
import { controlAria, joinClasses } from './common';
import { isHeic, resizePhoto } from './resizePhoto';

interface SlotOption {
  id: string;
  kind: 'photo' | 'document';
  required: boolean;
  label: string;
}

const ACCEPT = {
  photo: 'image/jpeg,image/png,image/heic,image/heif,image/webp',
  document: 'image/jpeg,image/png,image/heic,image/heif,application/pdf',
};

/** What the browser says the file is, checked before anything is kept (the service checks the content). */
function acceptable(file: File, kind: SlotOption['kind']): boolean {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  const image = type.startsWith('image/') || /\.(jpe?g|png|heic|heif|webp)$/.test(name);
  return image || (kind === 'document' && (type === 'application/pdf' || name.endsWith('.pdf')));
}

export function PhotoSlotsWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const { id, value, options, disabled, readonly, onChange } = props;
  const slots = (options.slots ?? []) as SlotOption[];
  const key = String(options.pendingKey ?? id);
  const filled: string[] = Array.isArray(value) ? value.map(String) : [];
  useSyncExternalStore(subscribePending, pendingVersion);
  const [preparing, setPreparing] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const aria = controlAria(props, useContext(FieldIssueContext)?.issue);

  // A slot listed without its file (the page was reloaded) is empty again; a file of a slot no
  // longer listed (a wizard started afresh) is dropped.
  const present = filled.filter((slot) => pendingFile(key, slot));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the slots are first shown
  useEffect(() => {
    keepPendingFiles(key, present);
    if (present.length !== filled.length) onChange(present);
  }, []);

  const inOrder = (list: string[]) => slots.map((s) => s.id).filter((s) => list.includes(s));

  async function choose(slot: SlotOption, file: File) {
    if (!acceptable(file, slot.kind)) {
      setProblems((p) => ({ ...p, [slot.id]: t(`photos.wrongType.${slot.kind}`) }));
      return;
    }
    setProblems((p) => ({ ...p, [slot.id]: '' }));
    setPreparing(slot.id);
    try {
      const { blob, name } = await resizePhoto(file);
      if (blob === file && isHeic(file)) {
        setProblems((p) => ({ ...p, [slot.id]: t('photos.heicUnreadable') }));
        return;
      }
      putPendingFile(key, slot.id, blob, name);
      onChange(inOrder([...filled.filter((s) => s !== slot.id), slot.id]));
    } finally {
      setPreparing(null);
    }
  }

  function remove(slot: SlotOption) {
    dropPendingFile(key, slot.id);
    onChange(inOrder(filled.filter((s) => s !== slot.id)));
  }

  return (
    <ul className="photo-slots" id={id} aria-describedby={aria['aria-describedby']}>
      {slots.map((slot) => {
        const inputId = `${id}__${slot.id}`;
        const file = filled.includes(slot.id) ? pendingFile(key, slot.id) : undefined;
        const missing = slot.required && !file && aria['aria-invalid'];
        const problem = problems[slot.id];
        return (
          <li
            key={slot.id}
            className={joinClasses(
              'photo-slot',
              file && 'photo-slot--filled',
              missing && 'photo-slot--missing',
            )}
            data-slot={slot.id}
          >
            <label htmlFor={inputId} className="photo-slot__label">
              {slot.label}
              {slot.required ? <span className="photo-slot__required">{t('photos.required')}</span> : null}
            </label>
            {file ? (
              <div className="photo-slot__chosen">
                {file.preview ? (
                  <img src={file.preview} alt={t('photos.preview', { slot: slot.label })} />
                ) : (
                  <span className="photo-slot__name">{file.name}</span>
                )}
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  disabled={disabled || readonly}
                  onClick={() => remove(slot)}
                  aria-label={t('photos.removeSlot', { slot: slot.label })}
                >
                  {t('photos.remove')}
                </button>
              </div>
            ) : null}
            <input
              id={inputId}
              type="file"
              className="photo-slot__input"
              accept={ACCEPT[slot.kind]}
              disabled={disabled || readonly || preparing !== null}
              aria-invalid={missing || problem ? true : undefined}
              aria-describedby={problem ? `${inputId}__problem` : undefined}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (chosen) void choose(slot, chosen);
              }}
            />
            {preparing === slot.id ? (
              <p className="photo-slot__status" role="status">
                {t('photos.preparing')}
              </p>
            ) : null}
            {problem ? (
              <p id={`${inputId}__problem`} className="field__error" role="alert">
                {problem}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
