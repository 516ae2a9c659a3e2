import { z } from 'zod';
import { policySchema } from './policySchema';

/**
 * The JSON Schema (draft 2020-12) of a policy file, for editors and other validators. Point
 * a policy's `$schema` key at a saved copy (`intentgate policy --schema > policy.schema.json`).
 * It describes the shape; the examples and checks run only when intentgate loads the file.
 */
export function policyJsonSchema(): Record<string, unknown> {
  // the input side: optional keys are optional, as a person writes the file
  return z.toJSONSchema(policySchema, { target: 'draft-2020-12', io: 'input' });
}
