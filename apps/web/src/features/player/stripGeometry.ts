import type { ThumbnailStrip as Strip } from '../../api/items.ts';

export type { Strip };

export interface StripTile {
  index: number;
  column: number;
  row: number;
}

export function stripTileAt(strip: Strip, time: number): StripTile {
  const raw = strip.intervalSeconds > 0 ? Math.floor(Math.max(time, 0) / strip.intervalSeconds) : 0;
  const index = Math.max(0, Math.min(raw, strip.count - 1));
  const columns = Math.max(1, strip.columns);
  return { index, column: index % columns, row: Math.floor(index / columns) };
}

export interface TileStyle {
  width: number;
  height: number;
  backgroundImage: string;
  backgroundPosition: string;
  backgroundSize: string;
}

/** CSS showing the tile at `time`, scaled to `displayWidth` pixels wide. */
export function stripTileStyle(strip: Strip, time: number, displayWidth = strip.tileWidth): TileStyle {
  const { column, row } = stripTileAt(strip, time);
  const scale = strip.tileWidth > 0 ? displayWidth / strip.tileWidth : 1;
  const w = strip.tileWidth * scale;
  const h = strip.tileHeight * scale;
  const px = (n: number) => `${Number(n.toFixed(2))}px`;
  return {
    width: w,
    height: h,
    backgroundImage: `url("${strip.url}")`,
    backgroundPosition: `${px(-column * w)} ${px(-row * h)}`,
    backgroundSize: `${px(strip.columns * w)} ${px(strip.rows * h)}`,
  };
}
