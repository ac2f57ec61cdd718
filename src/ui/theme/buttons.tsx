// Button templates. The FlowRunner draws its own navigation, so the submit button renders
// nothing; the icon buttons RJSF may use elsewhere (additional properties) are plain text buttons.

import type { IconButtonProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export function SubmitButton() {
  return null;
}

function TextButton({ label, props }: { label: string; props: IconButtonProps }) {
  const {
    iconType: _iconType,
    icon: _icon,
    uiSchema: _uiSchema,
    registry: _registry,
    className,
    ...rest
  } = props;
  return (
    <button type="button" className={['btn', 'btn--link', className].filter(Boolean).join(' ')} {...rest}>
      {label}
    </button>
  );
}

export function AddButton(props: IconButtonProps) {
  const { t } = useTranslation('ui');
  return <TextButton label={t('array.add')} props={props} />;
}

export function RemoveButton(props: IconButtonProps) {
  const { t } = useTranslation('ui');
  return <TextButton label={t('array.remove')} props={props} />;
}

export function MoveUpButton(props: IconButtonProps) {
  const { t } = useTranslation('ui');
  return <TextButton label={t('array.moveUp')} props={props} />;
}

export function MoveDownButton(props: IconButtonProps) {
  const { t } = useTranslation('ui');
  return <TextButton label={t('array.moveDown')} props={props} />;
}

export function CopyButton(props: IconButtonProps) {
  const { t } = useTranslation('ui');
  return <TextButton label={t('array.copy')} props={props} />;
}

export function ClearButton(props: IconButtonProps) {
  const { t } = useTranslation('ui');
  return <TextButton label={t('input.clear')} props={props} />;
}
