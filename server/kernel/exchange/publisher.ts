/** Where market data goes out; the realtime gateway in production, a recorder in tests. */
export interface MarketPublisher {
  publish(channel: string, payload: object): void;
}
