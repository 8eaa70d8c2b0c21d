/**
 * boardgame.io pub/sub over Redis, so that several server processes share their matches: a move
 * stored by one process reaches the clients connected to every other. (The package boardgame.io
 * points to, `@boardgame.io/redis-pubsub` 0.0.1, is published without its implementation file.)
 *
 * @module
 */
import type { PubSub } from './durable.js';

/** The slice of a node-redis (v4 or later) client this pub/sub uses. */
export interface RedisClient {
  /** Publishes `message` on `channel`. */
  publish(channel: string, message: string): Promise<unknown>;
  /** Subscribes `listener` to `channel` (a client in subscriber mode). */
  subscribe(
    channel: string,
    listener: (message: string, channel: string) => void,
  ): Promise<unknown>;
  /** Unsubscribes from `channel`. */
  unsubscribe(channel: string): Promise<unknown>;
}

/** What the pub/sub reports (for the operator's log). */
export interface RedisPubSubEvent {
  /** What failed: publishing, subscribing, unsubscribing or reading a message. */
  readonly kind: 'publish-failed' | 'subscribe-failed' | 'unsubscribe-failed' | 'bad-message';
  /** The channel. */
  readonly channel: string;
  /** Why. */
  readonly error: unknown;
}

/** How {@link RedisPubSub} is set up. */
export interface RedisPubSubOptions {
  /** A connected client for publishing. */
  readonly publisher: RedisClient;
  /** A second connected client, used only for subscriptions (Redis needs one of its own). */
  readonly subscriber: RedisClient;
  /** A prefix for the channel names, so that several servers can share one Redis. */
  readonly prefix?: string;
  /** Where failures are reported (default: `console.error`). */
  readonly report?: (event: RedisPubSubEvent) => void;
}

/**
 * boardgame.io's pub/sub interface over two node-redis clients. Payloads travel as JSON. Never
 * throws: a failure is reported and the process goes on (a client that missed a broadcast is
 * sent the match again when its next move finds it behind).
 *
 * ```ts
 * const publisher = await createClient({ url }).connect();
 * const subscriber = await createClient({ url }).connect();
 * const pubSub = new RedisPubSub({ publisher, subscriber });
 * ```
 */
export class RedisPubSub implements PubSub {
  private readonly callbacks = new Map<string, ((payload: unknown) => void)[]>();
  private readonly publisher: RedisClient;
  private readonly subscriber: RedisClient;
  private readonly prefix: string;
  private readonly report: (event: RedisPubSubEvent) => void;

  constructor(options: RedisPubSubOptions) {
    this.publisher = options.publisher;
    this.subscriber = options.subscriber;
    this.prefix = options.prefix ?? 'boardrules:';
    this.report =
      options.report ??
      ((e) => console.error(`boardrules RedisPubSub: ${e.kind} on ${e.channel}:`, e.error));
  }

  /** Sends `payload` to the subscribers of `channelId` in every process. */
  publish(channelId: string, payload: unknown): void {
    const channel = this.prefix + channelId;
    let message: string;
    try {
      message = JSON.stringify(payload);
    } catch (error) {
      this.report({ kind: 'publish-failed', channel, error });
      return;
    }
    this.publisher
      .publish(channel, message)
      .catch((error) => this.report({ kind: 'publish-failed', channel, error }));
  }

  /** Calls `callback` with every payload published on `channelId`, from any process. */
  subscribe(channelId: string, callback: (payload: unknown) => void): void {
    const channel = this.prefix + channelId;
    const list = this.callbacks.get(channel);
    if (list !== undefined) {
      list.push(callback);
      return;
    }
    this.callbacks.set(channel, [callback]);
    this.subscriber
      .subscribe(channel, (message) => {
        let payload: unknown;
        try {
          payload = JSON.parse(message);
        } catch (error) {
          this.report({ kind: 'bad-message', channel, error });
          return;
        }
        for (const cb of this.callbacks.get(channel) ?? []) {
          try {
            cb(payload);
          } catch (error) {
            this.report({ kind: 'bad-message', channel, error });
          }
        }
      })
      .catch((error) => this.report({ kind: 'subscribe-failed', channel, error }));
  }

  /** Removes every callback of `channelId` in this process. */
  unsubscribeAll(channelId: string): void {
    const channel = this.prefix + channelId;
    if (!this.callbacks.delete(channel)) return;
    this.subscriber
      .unsubscribe(channel)
      .catch((error) => this.report({ kind: 'unsubscribe-failed', channel, error }));
  }
}
