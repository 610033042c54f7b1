// What a service may write to the server's log (the HTTP server's logger is one).
export interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
