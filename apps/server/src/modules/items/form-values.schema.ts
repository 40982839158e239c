import { z } from 'zod';

// Values are checked against their field by the domain (validateFormValues, givenValueErrors); here only their size.
const value = z.union([
  z.string().max(10_000),
  z.boolean(),
  z.array(z.string().max(200)).max(1000),
  z.record(z.string(), z.unknown()),
  z.null(),
]);

/** form id → field id → value, as a client sends them. */
export const formValuesInput = z.record(z.string().max(64), z.record(z.string().max(64), value));
