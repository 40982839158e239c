import { Anchor, Breadcrumbs, Skeleton, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { folderPath } from '../../routing/paths.ts';
import { useFolder } from '../folders/useFolderQueries.ts';

/** Where the item lives: the folder's path from the root, each step opening the folder view. */
export function FolderBreadcrumb({ folderId }: { folderId: string }) {
  const { t } = useTranslation('itemDetails');
  const folder = useFolder(folderId);
  if (folder.isPending) return <Skeleton height={16} width={240} />;
  // An unreadable folder (deleted meanwhile) still leaves a way to it.
  const path = folder.data?.path ?? [{ id: folderId, name: t('folder') }];
  return (
    <nav aria-label={t('breadcrumb')}>
      <Breadcrumbs separatorMargin={6}>
        {path.map((step, index) => (
          <Anchor
            key={step.id}
            component={Link}
            to={folderPath(step.id)}
            size="sm"
            aria-current={index === path.length - 1 ? 'location' : undefined}
          >
            {index === 0 ? (
              <Text span inherit style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <IconFolder size={14} />
                {step.name}
              </Text>
            ) : (
              step.name
            )}
          </Anchor>
        ))}
      </Breadcrumbs>
    </nav>
  );
}
