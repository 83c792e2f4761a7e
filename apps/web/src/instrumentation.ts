// Runs once when the server starts; the Node-only start-up lives in its own module.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./instrumentation-node");
}
