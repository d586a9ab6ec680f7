/** A token bucket: refills `perSecond` tokens a second up to `burst`; spends only what it holds. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Whether `n` tokens are there now (refilling first). */
  holds(n: number, now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    return this.tokens >= n;
  }

  spend(n: number): void {
    this.tokens -= n;
  }
}

/** Messages and bytes together: a message passes when both buckets hold it. */
export class MessageBudget {
  private readonly messages: TokenBucket;
  private readonly bytes: TokenBucket;

  constructor(rate: { messagesPerSecond: number; messagesBurst: number; bytesPerSecond: number; bytesBurst: number }, now: number) {
    this.messages = new TokenBucket(rate.messagesPerSecond, rate.messagesBurst, now);
    this.bytes = new TokenBucket(rate.bytesPerSecond, rate.bytesBurst, now);
  }

  holds(bytes: number, now: number): boolean {
    return this.messages.holds(1, now) && this.bytes.holds(bytes, now);
  }

  spend(bytes: number): void {
    this.messages.spend(1);
    this.bytes.spend(bytes);
  }
}
