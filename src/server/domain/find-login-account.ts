import { eq } from 'drizzle-orm';
import type { Db } from '../db/types.ts';
import { userDetails, users } from '../db/schema/index.ts';

/** The account a login code would open: a user with registration details (null for anything else). */
export async function findLoginAccount(db: Db, email: string): Promise<{ userId: string } | null> {
  const [row] = await db
    .select({ userId: users.id })
    .from(users)
    .innerJoin(userDetails, eq(userDetails.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}
