import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { AccessForm } from '../access/AccessForm.tsx';
import { AccessModal } from '../access/AccessModal.tsx';
import type { ItemMutations } from './useItemMutations.ts';

interface ItemAccessDialogProps extends DialogProps {
  item: Item;
  save: ItemMutations['access'];
}

/** Who sees the item and who may change it: the folders' access form, sent with PATCH /items/{id}. */
export function ItemAccessDialog({ item, save, ...dialog }: ItemAccessDialogProps) {
  const { t } = useTranslation('itemDetails');
  return (
    <AccessModal
      {...dialog}
      onExitTransitionEnd={() => {
        save.reset();
        dialog.onExitTransitionEnd();
      }}
      title={t('access.title', { title: item.title })}
    >
      <AccessForm
        current={item}
        descriptions={{
          visibleTo: t('access.visibleTo'),
          updatableBy: t('access.updatableBy'),
        }}
        saving={save.isPending}
        error={save.isError ? save.error : null}
        onSubmit={(input) => {
          save.mutate(input, {
            onSuccess: (saved) => {
              notifySuccess(t('access.saved', { title: saved.title }));
              dialog.onClose();
            },
          });
        }}
        onCancel={dialog.onClose}
      />
    </AccessModal>
  );
}
