import { describe, expect, it } from 'vitest';
import { exifSummary } from '../src/modules/items/exif-summary.ts';

const summary = (exif: object) => exifSummary(JSON.stringify(exif));

describe('the EXIF the item API presents', () => {
  it('is null for a version without EXIF', () => {
    expect(exifSummary(null)).toBeNull();
  });

  it('names camera, lens, orientation and position, and leaves out the rest', () => {
    expect(
      summary({
        Make: 'FUJIFILM ',
        Model: 'X-T5',
        LensModel: 'XF35mmF1.4 R',
        Orientation: 'Rotate 90 CW',
        ExposureTime: 0.004,
        latitude: 59.9083,
        longitude: -10.75,
        GPSAltitude: 12.5,
        GPSAltitudeRef: 0,
      }),
    ).toEqual({
      make: 'FUJIFILM',
      model: 'X-T5',
      lens: 'XF35mmF1.4 R',
      takenAt: null,
      orientation: 'Rotate 90 CW',
      latitude: 59.9083,
      longitude: -10.75,
      altitude: 12.5,
    });
  });

  it.each([
    ['the original date', { DateTimeOriginal: '2024:05:17 12:34:56' }, '2024-05-17T12:34:56'],
    [
      'the original date with its offset',
      { DateTimeOriginal: '2024:05:17 12:34:56', OffsetTimeOriginal: '+02:00' },
      '2024-05-17T12:34:56+02:00',
    ],
    [
      'the digitized date when the original is missing',
      { CreateDate: '2023:01:02 03:04:05' },
      '2023-01-02T03:04:05',
    ],
    [
      'the digitized date when the camera’s clock was never set',
      { DateTimeOriginal: '0000:00:00 00:00:00', CreateDate: '2023:01:02 03:04:05' },
      '2023-01-02T03:04:05',
    ],
    ['nothing for a date it cannot read', { DateTimeOriginal: 'yesterday' }, null],
    [
      'no offset that is not one',
      { DateTimeOriginal: '2024:05:17 12:34:56', OffsetTimeOriginal: 'CET' },
      '2024-05-17T12:34:56',
    ],
  ])('takes %s as the time it was taken', (_name, exif, takenAt) => {
    expect(summary(exif)?.takenAt).toBe(takenAt);
  });

  it.each([
    ['half a position', { latitude: 59.9 }, [null, null, null]],
    [
      'a position below sea level',
      { latitude: 31.5, longitude: 35.5, GPSAltitude: 430, GPSAltitudeRef: 1 },
      [31.5, 35.5, -430],
    ],
    ['an altitude without a position', { GPSAltitude: 430 }, [null, null, null]],
  ])('reads %s', (_name, exif, [latitude, longitude, altitude]) => {
    expect(summary(exif)).toMatchObject({ latitude, longitude, altitude });
  });

  it('says an orientation exifr left as a number', () => {
    expect(summary({ Orientation: 6 })?.orientation).toBe('6');
  });
});
