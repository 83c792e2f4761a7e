// The blog's form schemas, apart from their components: a form loads its schema, and zod with it, when it is
// first checked (useLazyZodForm), so zod is not part of the page's first load (docs/performance.md).
import { postBodyInput, postTitleInput } from "@atelier/domain";
import { z } from "zod";

export const postForm = z.object({ title: postTitleInput, body: postBodyInput });
