// The users' form schemas, apart from their pages: a form loads its schema, and zod with it, when it is first
// checked (useLazyZodForm), so zod is not part of the page's first load (docs/performance.md).
import { emailInput, optionalPersonNameInput, personNameInput, roleInput } from "@atelier/domain";
import { z } from "zod";

/** Create User: an e-mail address given access, an optional name, a role and the business it belongs to. */
export const createUserForm = z.object({
  email: emailInput,
  name: optionalPersonNameInput,
  role: roleInput,
  businessId: z.string().transform((id) => id || null),
});

/** Edit Profile: a user's name and e-mail address. */
export const profileForm = z.object({ name: personNameInput, email: emailInput });
