import { describe, expect, it } from 'vitest';
import { stripTileAt, stripTileStyle, type Strip } from './stripGeometry.ts';

const strip: Strip = {
  url: '/api/v1/items/i1/media/strip.jpg',
  columns: 10,
  rows: 3,
  tileWidth: 160,
  tileHeight: 90,
  count: 25,
  intervalSeconds: 2,
};

describe('thumbnail strip tiles', () => {
  it.each([
    [0, 0, 0, 0],
    [1.99, 0, 0, 0],
    [2, 1, 1, 0],
    [19.5, 9, 9, 0],
    [20, 10, 0, 1],
    [47.9, 23, 3, 2],
    [48, 24, 4, 2],
    [500, 24, 4, 2],
    [-5, 0, 0, 0],
  ])('at %s s show tile %s (column %s, row %s)', (time, index, column, row) => {
    expect(stripTileAt(strip, time)).toEqual({ index, column, row });
  });

  it('positions the sprite so the tile shows', () => {
    expect(stripTileStyle(strip, 47)).toEqual({
      width: 160,
      height: 90,
      backgroundImage: 'url("/api/v1/items/i1/media/strip.jpg")',
      backgroundPosition: '-480px -180px',
      backgroundSize: '1600px 270px',
    });
  });

  it('scales the sprite with the tile to a display width', () => {
    const style = stripTileStyle(strip, 20, 80);
    expect(style.width).toBe(80);
    expect(style.height).toBe(45);
    expect(style.backgroundPosition).toBe('0px -45px');
    expect(style.backgroundSize).toBe('800px 135px');
  });
});
