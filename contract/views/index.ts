// Every family's public view in the screen contract: one file per family (views/<family>.ts) and one member here.
import { z } from 'zod';
import { MinefieldViewSchema } from './minefield.js';
import { RiichiViewSchema } from './riichi.js';

export * from './win.js';
export * from './minefield.js';
export * from './riichi.js';

/** The variant's public view; one member per variant family the host runs. */
export const VariantViewSchema = z.discriminatedUnion('variant', [MinefieldViewSchema, RiichiViewSchema]);
export type VariantView = z.infer<typeof VariantViewSchema>;
