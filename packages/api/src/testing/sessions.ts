// The signed-in person a test calls the API as, from a user row (or a demo user): what the session gate would give.
import type { SessionUser } from "@atelier/domain";

export function sessionOf(
  u: { id: string; name: string | null; email: string | null; role: SessionUser["role"] },
  businessId: string | null,
): SessionUser {
  return { id: u.id, name: u.name, email: u.email ?? "", role: u.role, image: null, emailNotification: true, businessId };
}
