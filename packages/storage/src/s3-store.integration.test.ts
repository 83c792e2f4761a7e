import { startS3Server } from "./testing/s3-server";
import { describeObjectStoreContract } from "./testing/store-contract";

describeObjectStoreContract("S3 against s3rver on loopback", async () => {
  const server = await startS3Server();
  return { store: server.createStore({ partSize: 5 * 1024 * 1024 }), close: () => server.close() };
});
