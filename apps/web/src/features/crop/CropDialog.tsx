import { Box, Group, Modal, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { CROP_ASPECTS, type CropAspectId } from '@skald/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Item } from '../../api/items.ts';
import { placeholdersApi } from '../../api/placeholders.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { aspectRatio, cropAreaOf } from './cropRules.ts';

interface CropDialogProps {
  item: Item;
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec §7 cropImage: choose an area of the picture (on its preview, in percent, so the original is
 * cut at the same place) in a newsroom aspect, and save it as a new item. Keyboard: Tab to the crop
 * area, arrow keys move it; the zoom slider and the aspect choice take arrows too.
 */
export function CropDialog({ item, opened, onClose }: CropDialogProps) {
  const { t } = useTranslation('itemDetails');
  const { describe } = useErrorMessage();
  const navigate = useNavigate();
  const [aspect, setAspect] = useState<CropAspectId>('original');
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [pictureRatio, setPictureRatio] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const save = useMutation({
    mutationFn: (chosen: Area) => placeholdersApi.crop(item.id, cropAreaOf(chosen)),
    onSuccess: ({ createdItem }) => {
      notifySuccess(t('crop.saved', { title: createdItem.title }));
      onClose();
      void navigate(itemDetailsPath(createdItem.id));
    },
  });
  const src = item.playback?.previewUrl ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title={t('crop.title')} size="xl" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // Without an area the server answers 'Save crop failed. Missing crop data'.
          save.mutate(area ?? ({} as Area));
        }}
      >
        <Stack>
          <SegmentedControl
            aria-label={t('crop.aspect')}
            value={aspect}
            onChange={(value) => {
              setAspect(value);
            }}
            data={CROP_ASPECTS.map((a) => ({
              value: a.id,
              label: a.id === 'original' ? t('crop.original') : a.id,
            }))}
            data-testid="crop-aspect"
          />
          {src ? (
            <Box pos="relative" h={420} bg="dark.7" data-testid="crop-area">
              <Cropper
                image={src}
                crop={position}
                zoom={zoom}
                aspect={aspectRatio(aspect, pictureRatio)}
                onCropChange={setPosition}
                onZoomChange={setZoom}
                onCropComplete={(percentages) => {
                  setArea(percentages);
                }}
                onMediaLoaded={(media) => {
                  setPictureRatio(media.naturalWidth / media.naturalHeight);
                }}
                keyboardStep={5}
                cropperProps={{ 'aria-label': t('crop.areaLabel'), role: 'group' }}
                mediaProps={{ alt: item.title }}
              />
            </Box>
          ) : (
            <ErrorAlert>{t('crop.noPreview')}</ErrorAlert>
          )}
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" id="crop-zoom-label">
              {t('crop.zoom')}
            </Text>
            <Slider
              flex={1}
              min={1}
              max={4}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              label={(value) => `${value.toFixed(1)}×`}
              thumbProps={{ 'aria-labelledby': 'crop-zoom-label' }}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('crop.keyboardHint')}
          </Text>
          {save.error && <ErrorAlert>{describe(save.error)}</ErrorAlert>}
          <ModalFooter submitLabel={t('crop.save')} submitting={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
