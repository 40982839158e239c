import { z } from 'zod';

export const pagingQuery = {
  from: z.coerce.number().int().min(0).default(0),
  itemsPerPage: z.coerce.number().int().min(1).max(500).default(50),
};

export interface Paging {
  from: number;
  itemsPerPage: number;
}

export interface Page<T> extends Paging {
  items: T[];
  total: number;
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), from: z.number(), itemsPerPage: z.number() });
