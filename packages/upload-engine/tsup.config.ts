// ESM + declarations for the three entries; msw stays external since only tests load ./testing.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", node: "src/node.ts", "testing/index": "src/testing/index.ts" },
  format: ["esm"],
  dts: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
  external: ["msw", "@atelier/domain", /^node:/],
  removeNodeProtocol: false,
});
