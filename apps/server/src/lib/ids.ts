import { v7 } from 'uuid';

/** Time-ordered UUID v7: ids sort by creation, which keeps B-tree inserts local. */
export const newId = (): string => v7();

export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
