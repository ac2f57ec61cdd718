// Dates typed as DD/MM/YYYY and stored as Y-m-d. Bounds come resolved in ui:options min/max.

import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ymdToDisplay } from '../../engine/dates';
import { isDigit } from '../format/caret';
import {
  checkDateText,
  type DateBounds,
  formatDateTyping,
  preloadedDate,
  resolveBound,
} from '../format/dateInput';
import { optionString } from './common';
import { TextInput } from './TextInput';
import { type HeldCheck, useHeldText } from './useHeldText';

export function DateWidget(props: WidgetProps) {
  const { t } = useTranslation('ui');
  const { id, options, onChange, onFocus, value } = props;
  const min = resolveBound(options.min);
  const max = resolveBound(options.max);
  const bounds = useMemo<DateBounds>(() => ({ min, max }), [min, max]);
  const [preload] = useState(() => preloadedDate(value, bounds));

  const check = useCallback(
    (text: string): HeldCheck<string> => {
      const result = checkDateText(text, bounds);
      switch (result.kind) {
        case 'empty':
          return result;
        case 'ok':
          return { kind: 'ok', value: result.ymd };
        case 'incomplete':
          return { kind: 'issue', key: 'date.incomplete' };
        case 'invalid':
          return { kind: 'issue', key: 'date.invalid', eager: true };
        case 'beforeMin':
          return {
            kind: 'issue',
            key: 'date.beforeMin',
            params: { min: ymdToDisplay(result.min) },
            eager: true,
          };
        case 'afterMax':
          return {
            kind: 'issue',
            key: 'date.afterMax',
            params: { max: ymdToDisplay(result.max) },
            eager: true,
          };
      }
    },
    [bounds],
  );

  const held = useHeldText<string>({ widget: props, toText: ymdToDisplay, check, initialText: preload.text });

  // The spec clears an invalid preloaded value (and a zero date is empty), once, at mount.
  const cleared = useRef(false);
  useEffect(() => {
    if (preload.clear && !cleared.current) {
      cleared.current = true;
      onChange(undefined);
    }
  }, [preload, onChange]);

  // Bounds that move (a start date that depends on another answer) re-check what is typed.
  const checkedBounds = useRef(bounds);
  const { recheck } = held;
  useEffect(() => {
    if (checkedBounds.current === bounds) return;
    checkedBounds.current = bounds;
    recheck();
  }, [bounds, recheck]);

  const hintId = `${id}__format`;
  return (
    <>
      <TextInput
        widget={props}
        text={held.text}
        issue={held.issue}
        onText={held.type}
        onBlur={() => held.blur()}
        onFocus={() => onFocus(id, value)}
        format={formatDateTyping}
        significant={isDigit}
        inputMode="numeric"
        autoComplete={optionString(options, 'autoComplete') ?? 'off'}
        placeholder={optionString(options, 'placeholder') ?? t('date.placeholder')}
        describedBy={[hintId]}
      />
      <span id={hintId} className="visually-hidden">
        {t('date.format')}
      </span>
    </>
  );
}
