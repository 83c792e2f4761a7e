// The guest review's form schemas, apart from their components: a form loads its schema, and zod with it, when it is
// first checked (useLazyZodForm), so zod is not part of the page's first load (docs/performance.md).
import { guestCodeInput, guestEmailInput, guestNameInput } from "@atelier/domain";
import { z } from "zod";

/** Who the guest is (and the link's password, when it has one). */
export const nameForm = z.object({ name: guestNameInput, email: guestEmailInput, password: z.string().max(200) });

/** The code mailed to them. */
export const codeForm = z.object({ code: guestCodeInput });
