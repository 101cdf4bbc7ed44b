declare module 'transit-js' {
  interface WriteHandler {
    tag: (v: any) => string;
    rep: (v: any) => unknown;
    stringRep?: (v: any) => string | null;
  }
  interface Reader {
    read(text: string): unknown;
  }
  interface Writer {
    write(value: unknown): string;
  }
  interface TransitStatic {
    reader(type: 'json' | 'json-verbose', options?: Record<string, unknown>): Reader;
    writer(type: 'json' | 'json-verbose', options?: Record<string, unknown>): Writer;
    makeWriteHandler(handler: WriteHandler): unknown;
    map(entries: unknown[]): unknown;
    keyword(name: string): unknown;
  }
  const transit: TransitStatic;
  export default transit;
}
