// The businesses' form schemas, apart from their components: a form loads its schema, and zod with it, when it is
// first checked (useLazyZodForm), so zod is not part of the page's first load (docs/performance.md).
import { businessNameInput } from "@atelier/domain";
import { z } from "zod";

export const createBusinessForm = z.object({ name: businessNameInput });
