// Any part as JSON: the whole file or the selected node, in a text area the author may type in.
// A whole file is taken as typed (even broken: the error says where); a part is applied when it
// parses. The service checker's problems for the file are listed under it.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from './api';
import type { Doc, Edit } from './model/document';
import { fileText } from './model/document';
import { type Json, parseJson, printJson } from './model/jsonText';
import { getAt } from './model/pointer';

export interface JsonViewProps {
  doc: Doc;
  file: string;
  /** '' for the whole file. */
  pointer: string;
  problems: Problem[];
  readOnly: boolean;
  onEdit: (edits: Edit[]) => void;
  onFile: (file: string) => void;
  onProblem: (problem: Problem) => void;
}

export function JsonView({
  doc,
  file,
  pointer,
  problems,
  readOnly,
  onEdit,
  onFile,
  onProblem,
}: JsonViewProps) {
  const { t } = useTranslation('editor');
  const loaded = doc.files[file];
  const broken = doc.broken[file];
  const source = broken
    ? broken.text
    : loaded
      ? pointer === ''
        ? fileText(loaded)
        : printJson((getAt(loaded.value, pointer) ?? null) as Json)
      : '';
  const [text, setText] = useState(source);
  const [error, setError] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const typing = useRef(false);
  // The text follows the document unless the author is typing a part that does not parse yet.
  useEffect(() => {
    if (!typing.current) setText(source);
    typing.current = false;
  }, [source]);

  const mine = problems.filter((p) => p.FILE === file && (pointer === '' || p.POINTER.startsWith(pointer)));
  const files = [...Object.keys(doc.files), ...Object.keys(doc.broken)].sort();
  return (
    <div className="json-view">
      <label htmlFor="json-file">{t('json.file')}</label>{' '}
      <select id="json-file" value={file} onChange={(e) => onFile(e.target.value)}>
        {files.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
      <p className="json-view__where">{pointer === '' ? t('json.whole') : t('json.part', { pointer })}</p>
      <label htmlFor="json-text" className="visually-hidden">
        {t('json.label', { file })}
      </label>
      <textarea
        id="json-text"
        ref={area}
        className="json-view__text"
        spellCheck={false}
        value={text}
        readOnly={readOnly}
        rows={24}
        aria-describedby="json-error"
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          typing.current = true;
          if (pointer === '') {
            onEdit([{ op: 'text', file, text: next }]);
            setError(null);
            return;
          }
          try {
            const { value } = parseJson(next);
            setError(null);
            onEdit([{ op: 'set', file, pointer, value }]);
          } catch (err) {
            setError((err as Error).message);
          }
        }}
      />
      <p
        id="json-error"
        role="status"
        className={error || broken ? 'notice notice--error' : 'visually-hidden'}
      >
        {error
          ? t('json.syntax', { message: error })
          : broken
            ? t('json.syntaxAt', {
                message: broken.message,
                line: broken.text.slice(0, broken.offset).split('\n').length,
              })
            : ''}
      </p>
      {mine.length > 0 && (
        <ul className="problems__list">
          {mine.map((p, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two problems may share a pointer
            <li key={`${p.POINTER}-${n}`}>
              <button type="button" className="btn btn--link" onClick={() => onProblem(p)}>
                {p.MESSAGE} <code>{p.POINTER || '/'}</code>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The text offset of a pointer in a file's text, to put the cursor on it. */
export function offsetOf(text: string, pointer: string): number {
  try {
    const { layout } = parseJson(text);
    let p = pointer;
    while (p !== '' && !layout.offsets?.has(p)) p = p.slice(0, p.lastIndexOf('/'));
    return layout.offsets?.get(p) ?? 0;
  } catch {
    return 0;
  }
}
