/**
 * The topic ACL of docs/protocol.md, deny by default: a bridge publishes only to its own `status`,
 * `devices`, `delta`, `put/response` and `admin/response`, and subscribes only to its own `put`
 * and `admin`, by exact name (no wildcards, so never `#`, `$SYS/...` or another bridge's topics).
 */
import { BRIDGE_PUBLISH_TOPICS, BRIDGE_SUBSCRIBE_TOPICS, type BridgePublishTopic, topicFor } from './protocol.js';

const PUBLISH_LEAVES = new Set<string>(BRIDGE_PUBLISH_TOPICS);

/** The leaf a bridge may publish this topic as, or null when the publish is refused. */
export function publishLeaf(serial: string, topic: string): BridgePublishTopic | null {
  const prefix = `bridges/${serial}/`;
  if (!topic.startsWith(prefix)) return null;
  const leaf = topic.slice(prefix.length);
  return PUBLISH_LEAVES.has(leaf) ? (leaf as BridgePublishTopic) : null;
}

export function maySubscribe(serial: string, topicFilter: string): boolean {
  return BRIDGE_SUBSCRIBE_TOPICS.some((leaf) => topicFor(serial, leaf) === topicFilter);
}
