/** Types of the users screens (type-only imports: the schemas stay out of the browser bundle). */
import type { User } from '../../shared/api/users';
import type { linkedAccountSchema } from '../../shared/api/users';
import type { z } from 'zod';

export type { User };
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;
