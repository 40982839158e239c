import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ControlButtonProps {
  /** The accessible name ("Play"). */
  label: string;
  /** Keys shown in the tooltip; 'space' and 'shift' are translated. */
  shortcut?: readonly string[];
  /** Why the button is disabled, shown in the tooltip instead of the shortcut. */
  disabledReason?: string | undefined;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A player button: its name and shortcut in a tooltip, and still hoverable when disabled. */
export function ControlButton({
  label,
  shortcut,
  disabledReason,
  disabled = false,
  onClick,
  children,
}: ControlButtonProps) {
  const { t } = useTranslation('player');
  const keys = shortcut?.map((key) => (key === 'space' || key === 'shift' ? t(`keys.${key}`) : key));
  const tooltip =
    disabled && disabledReason
      ? disabledReason
      : keys?.length
        ? t('withShortcut', { label, shortcut: keys.join(' + ') })
        : label;
  return (
    <Tooltip label={tooltip} withArrow openDelay={300}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        // data-disabled rather than disabled: a disabled button gets no hover, so no tooltip to explain it.
        data-disabled={disabled || undefined}
        aria-disabled={disabled || undefined}
        onClick={(event) => {
          if (disabled) {
            event.preventDefault();
            return;
          }
          onClick();
        }}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
