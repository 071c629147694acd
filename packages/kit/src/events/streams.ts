import { DiscardPolicy, RetentionPolicy, StorageType, type JetStreamManager, type StreamConfig } from 'nats';

/** Subjects are <service>.<entity>.<verb>; each publishing service owns one stream named after it. */
export function streamNameForSubject(subject: string): string {
  const service = subject.split('.', 1)[0];
  if (!service || !/^[a-z]+$/.test(service)) throw new Error(`subject "${subject}" does not start with a service name`);
  return service.toUpperCase();
}

export function streamConfig(
  service: string,
  replicas = 1,
): Partial<StreamConfig> & { name: string; subjects: string[] } {
  return {
    name: service.toUpperCase(),
    subjects: [`${service}.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: 14 * 24 * 60 * 60 * 1e9, // nanoseconds: two weeks to replay a stuck consumer
    duplicate_window: 10 * 60 * 1e9, // relay retries within ten minutes are deduplicated by Nats-Msg-Id
    num_replicas: replicas,
  };
}

/** Creates the stream when missing; an existing stream is left as its operators configured it. */
export async function ensureStream(jsm: JetStreamManager, service: string, replicas = 1) {
  const config = streamConfig(service, replicas);
  try {
    await jsm.streams.info(config.name);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (error) {
      // Another replica created it between our two calls.
      if (!/already in use/i.test((error as Error).message)) throw error;
    }
  }
}
